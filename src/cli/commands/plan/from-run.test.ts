// `plan --from-run RUN_DIR` (issue #21): a real run on the simulated card, then budgets from its exact
// peaks plus the margin, as a diff `patch -p0` applies to the config it ran from, which stays unwritten.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadOutputSchema } from '../../schemas/index.js';
import { planFromRunSchema } from '../../schemas/plan-from-run.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const spike = fileURLToPath(new URL('../../../../test/programs/gpu-spike.mjs', import.meta.url));

describe('plan --from-run', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'headroom-from-run-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const configFile = join(scratch, 'headroom.yaml');
  const runDir = join(scratch, 'run');
  const config = [
    'gpus:',
    '  - memory: 24GiB',
    '    simulated: true',
    'processes:',
    '  learner:',
    `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(spike)}, "${8 * GiB}", "150", "${GiB}", "600"]`,
    '    framework: other',
    '    gpu_memory: 10GiB # the learner',
    '  actor:',
    `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(spike)}, "${2 * GiB}", "100", "${512 * MiB}", "300"]`,
    '    framework: other',
    '    replicas: 2',
    '    gpu_memory: 4GiB',
    '',
  ].join('\n');

  before(async () => {
    writeFileSync(configFile, config);
    const ran = await runHeadroom(['run', '-c', configFile, '--run-dir', runDir], {
      cwd: scratch,
      env: { HEADROOM_SIM_DIR: join(scratch, 'sim') },
    });
    assert.equal(ran.code, 0, ran.stderr);
  });

  test('--json: each budget from its exact peak plus the default margin, with its source and the reason', async () => {
    const { code, stdout, stderr } = await runHeadroom(['plan', '--from-run', runDir, '--json'], {
      cwd: scratch,
    });
    assert.equal(code, 0, stderr);
    const json = JSON.parse(stdout);
    // The published `plan --json` schema declares every field (parsing strips none, changes none).
    assert.deepEqual((await loadOutputSchema('plan')).parse(json), json);
    const out = planFromRunSchema.parse(json);
    assert.equal(out.margin.fraction, 0.2);
    assert.match(out.margin.reason, /one run's peak/);
    assert.equal(out.config, configFile);
    const learner = out.processes.find((p) => p.process === 'learner');
    assert.deepEqual(
      [learner?.gpu?.peakBytes, learner?.gpu?.source, learner?.gpu?.currentBytes, learner?.gpu?.proposedText],
      [8 * GiB, 'simulated-card', 10 * GiB, '9856MiB'],
    );
    const actor = out.processes.find((p) => p.process === 'actor');
    assert.deepEqual(actor?.instances, ['actor.0', 'actor.1']);
    assert.deepEqual([actor?.gpu?.peakBytes, actor?.gpu?.proposedText], [2 * GiB, '2496MiB']);
    assert.equal(readFileSync(configFile, 'utf8'), config, 'the config is never written');
  });

  test('the diff applies with patch -p0 and the patched config plans with the new budgets', async (t) => {
    if (spawnSync('patch', ['--version']).status !== 0) return t.skip('needs patch(1)');
    const { stdout } = await runHeadroom(['plan', '--from-run', runDir, '--margin', '50'], { cwd: scratch });
    assert.match(stdout, /learner\s+gpu_memory\s+8\.00 GiB\s+simulated-card\s+10\.00 GiB\s+12GiB/);
    assert.match(stdout, / \+ 50% margin \(as given with --margin\)/);
    cpSync(configFile, join(scratch, 'apply.yaml'));
    writeFileSync(join(scratch, 'proposal.txt'), stdout);
    const patched = spawnSync(
      'patch',
      ['-p0', join(scratch, 'apply.yaml'), '-i', join(scratch, 'proposal.txt')],
      {
        encoding: 'utf8',
        cwd: scratch,
      },
    );
    assert.equal(patched.status, 0, `${patched.stdout}${patched.stderr}`);
    const text = readFileSync(join(scratch, 'apply.yaml'), 'utf8');
    assert.match(text, /^ {4}gpu_memory: 12GiB # the learner$/m, 'the comment is kept');
    assert.match(text, /^ {4}gpu_memory: 3GiB$/m);
    const plan = await runHeadroom(['plan', '-c', join(scratch, 'apply.yaml'), '--json'], { cwd: scratch });
    const budgets = Object.fromEntries(
      JSON.parse(plan.stdout).processes.map((p: { name: string; budgetBytes: number }) => [
        p.name,
        p.budgetBytes,
      ]),
    );
    assert.deepEqual(budgets, { learner: 12 * GiB, 'actor.0': 3 * GiB, 'actor.1': 3 * GiB });
  });

  test('a directory that holds no run: one line, exit 2', async () => {
    for (const dir of [join(scratch, 'missing'), scratch, configFile]) {
      const { code, stderr, stdout } = await runHeadroom(['plan', '--from-run', dir], { cwd: scratch });
      assert.equal(code, 2, stderr);
      assert.equal(stdout, '');
      assert.equal(stderr.trim().split('\n').length, 1, stderr);
      assert.match(
        stderr,
        /^headroom: --from-run .*: (no such directory|not a run directory|not a directory)/,
      );
    }
    const margin = await runHeadroom(['plan', '--margin', '10'], { cwd: scratch });
    assert.equal(margin.code, 2);
  });
});
