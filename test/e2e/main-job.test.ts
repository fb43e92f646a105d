// The README's first command: seed 000 on a simulated card under `headroom run`, end to end.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../../src/test-helpers/scratch.js';
import { repoRoot, runCli } from './cli.js';

test('seed 000 runs on a simulated card: every process exits within its planned budget', () => {
  const scratch = scratchDir('main-job');
  const runDir = join(scratch, 'run');
  const simDir = join(scratch, 'sim');
  const config = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
  const { code, stdout, stderr } = runCli(['run', '-c', config, '--run-dir', runDir, '--json'], {
    env: { HEADROOM_SIM_DIR: simDir },
  });
  assert.equal(code, 0, stderr);
  // The live view goes to stderr with --json: the plan first, then prefixed output.
  assert.match(stderr, /simulated GPU/);
  assert.match(stderr, /^learner +\| step 6\/6/m);
  const summary = JSON.parse(stdout);
  assert.deepEqual(
    summary.processes.map((p: { name: string; reason: string }) => [p.name, p.reason]),
    [
      ['sim', 'exited'],
      ['learner', 'exited'],
      ['actor', 'exited'],
    ],
  );
  const plan = JSON.parse(readFileSync(join(runDir, 'plan.json'), 'utf8'));
  for (const p of summary.processes) {
    const budget = plan.processes.find((q: { name: string }) => q.name === p.name).budgetBytes;
    assert.ok(p.peakGpuBytes > 0 && p.peakGpuBytes <= budget, `${p.name}: ${p.peakGpuBytes} of ${budget}`);
    assert.ok(p.peakHostBytes > 0);
  }
  assert.deepEqual(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')).runId, summary.runId);
});
