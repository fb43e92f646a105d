// `headroom fit` fitting the example workload's batch, run in-process through the CLI's dispatcher:
// real trials under the supervisor, real cgroup limits, a simulated card (test/e2e: Ctrl-C, streams).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { growFitter, quickGrow } from '../../../test-helpers/fit-argv.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const memoryError = join(repoRoot, 'examples/fit/memory_error.py');
const scratch = scratchDir('fit');
const env = { HEADROOM_SIM_DIR: join(scratch, 'sim') };
const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'no python3 on PATH';

const fit = growFitter(scratch);
const quick = quickGrow;

describe('headroom fit --json', () => {
  test('under a host-memory limit: the contract fields, the answer near the limit, exit 0', async () => {
    const { argv } = fit(
      ['--json', '--host-memory', '320MiB', '--margin', '0'],
      ['--base', '16MiB', '--per-item', '2MiB', ...quick],
    );
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout);
    assert.deepEqual(Object.keys(result).slice(0, 5), ['var', 'best', 'firstFailing', 'strategy', 'trials']);
    assert.equal(result.var, 'batch');
    assert.equal(result.strategy, 'guided');
    // Node itself holds some 40-90 MiB, so the true limit is somewhat under (320 - 16) / 2 = 152.
    assert.ok(result.best >= 90 && result.best <= 152, `best ${result.best}`);
    for (const trial of result.trials) {
      assert.deepEqual(Object.keys(trial).slice(0, 6), [
        'value',
        'ok',
        'reason',
        'peakHostBytes',
        'peakGpuBytes',
        'seconds',
      ]);
      assert.equal(typeof trial.peakHostBytes, 'number');
      assert.equal(trial.peakGpuBytes, null);
    }
    assert.ok(result.trials.length <= 8, `${result.trials.length} trials`);
    assert.match(stderr, /^#1 +batch=1 +fits/m);
    // The boundary is settled: the largest that ran and the first OOM adjacent (or within 1%).
    assert.equal(result.best, result.recommended);
    assert.equal(result.recommended, result.largestPassed, 'no margin: the answer is the largest that ran');
    assert.equal(result.isBoundarySettled, true);
    const gap = result.firstFailing - result.largestPassed;
    assert.ok(gap >= 1 && gap <= Math.max(1, Math.floor(result.largestPassed / 100)), `gap ${gap}`);
    assert.equal(
      result.trials.find((t: { value: number }) => t.value === result.firstFailing).reason,
      'oom-killed',
    );
    assert.deepEqual(result.limits, [
      { resource: 'host', limitBytes: 320 * 2 ** 20, usableBytes: 320 * 2 ** 20, source: 'flag' },
    ]);
    assert.equal(typeof result.models[0].rSquared, 'number');
    assert.deepEqual(Object.keys(result.noise), ['fraction', 'source']);
    assert.ok(Array.isArray(result.warnings));
  });

  test('a Python MemoryError (a real allocation failing under RLIMIT_AS) is too big: the boundary is found', async (t) => {
    if (noPython) return t.skip(noPython);
    const runDir = join(scratch, 'fit-memory-error');
    const argv = ['fit', '--run-dir', runDir, '--json', '--margin', '0', '--', 'python3', memoryError];
    // 4 MiB an item: the last batch that fits leaves more than fit's 1% room under RLIMIT_AS at margin 0,
    // so the batches above it are refused by a real MemoryError, not only judged too close to the limit.
    argv.push(
      '--batch',
      '{batch}',
      '--room-mib',
      '100',
      '--per-item-mib',
      '4',
      '--steps',
      '1',
      '--step-ms',
      '100',
    );
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout);
    assert.equal(result.firstFailing, result.largestPassed + 1);
    type Trial = { value: number; reason: string; outcome: string };
    const failing = result.trials.find((t: Trial) => t.value === result.firstFailing);
    assert.equal(failing.outcome, 'memory');
    // Every MemoryError is read as too big (host-oom), never as a failure other than memory.
    const refused = result.trials.filter((t: Trial) => t.reason === 'host-oom');
    assert.ok(refused.length > 0, JSON.stringify(result.trials));
    for (const trial of refused) assert.equal(trial.outcome, 'memory');
    assert.doesNotMatch(stdout, /other than memory/);
  });

  test('on a simulated card with power: doubling until the GPU OOM', async () => {
    const { argv } = fit(
      ['--json', '--gpu', 'sim:4GiB', '--strategy', 'power', '--margin', '0'],
      ['--on', 'gpu', '--base', '512MiB', '--per-item', '100MiB', ...quick],
    );
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout);
    assert.deepEqual(
      result.trials.map((t: { value: number }) => t.value),
      [1, 2, 4, 8, 16, 32, 64],
    );
    assert.deepEqual([result.best, result.firstFailing, result.trials.at(-1).reason], [32, 64, 'gpu-oom']);
    assert.equal(result.trials[0].peakGpuBytes, 612 * 2 ** 20);
    // power stops at the first failure: the boundary is not settled, and the result says so.
    assert.equal(result.isBoundarySettled, false);
    // No --host-memory: the trials ran under a default limit, and the result says which.
    const host = result.limits.find((l: { resource: string }) => l.resource === 'host');
    assert.equal(host.source, 'default');
    assert.ok(host.limitBytes > 0);
    assert.ok(
      result.notes.some((note: string) => /^host limit: .* by default \(.* less a .* reserve\)/.test(note)),
    );
  });

  test('memory that climbs for the whole trial is a leak with its rate, not "a longer --trial-seconds"; fit.json, doctor TRIAL_DIR and doctor FIT_DIR say so', async () => {
    // 4 s: the leak finder needs 8 samples (200 ms apart), and a loaded machine spends part of a trial
    // starting the supervisor; 2 s gave 6 samples at load 20 (the figure that matters is the rate).
    const { argv, runDir } = fit(
      ['--json', '--trial-seconds', '4'],
      ['--base', '8MiB', '--steps', '600', '--step-ms', '100', '--leak', '4MiB'],
    );
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 1, 'no value that ran had settled');
    const result = JSON.parse(stdout);
    assert.equal(result.end, 'not-settled');
    assert.deepEqual(
      [result.trials.length, result.trials[0].isSettled, result.firstUnsettled],
      [1, false, 1],
    );
    assert.equal(result.trials[0].rising.resource, 'host');
    // 4 MiB every 100 ms step: about 40 MiB/s (the step's own work and sampling make it a little less).
    const { leak } = result.trials[0];
    assert.equal(leak.resource, 'host');
    assert.ok(
      leak.bytesPerSecond > 20 * 2 ** 20 && leak.bytesPerSecond < 48 * 2 ** 20,
      `${leak.bytesPerSecond} B/s`,
    );
    assert.match(
      result.warnings[0],
      /^batch 1: host memory climbed [\d.]+ MiB\/s for the whole trial .* with no plateau: a leak, not a trial too short/,
    );
    assert.doesNotMatch(result.warnings.join('\n'), /let each trial run past the growth/);
    assert.match(stderr, /^#1 +batch=1 +fits .*\(not settled: host memory climbing [\d.]+ MiB\/s, a leak\)/m);

    // fit.json: the same answer and trials as --json, written beside the trial directories.
    const record = JSON.parse(readFileSync(join(runDir, 'fit.json'), 'utf8'));
    assert.deepEqual(record, result);
    const trialDir = record.trials[0].runDir;
    assert.ok(existsSync(join(trialDir, 'summary.json')), trialDir);

    // doctor on the trial's own run directory reads the climb from its samples.
    const trial = await runHeadroom(['doctor', trialDir, '--json'], { cwd: scratch, env });
    assert.equal(trial.code, 1, trial.stdout);
    const climb = JSON.parse(trial.stdout).findings.find((f: { code: string }) => f.code === 'memory-leak');
    assert.ok(climb, trial.stdout);
    assert.match(
      climb.message,
      /the fit trial of batch=1\): its host memory climbed [\d.]+ MiB\/s for the whole run/,
    );

    // doctor on the fit directory summarises the search from fit.json.
    const search = await runHeadroom(['doctor', runDir], { cwd: scratch, env });
    assert.equal(search.code, 1);
    assert.match(search.stdout, /^fit /m);
    assert.match(search.stdout, /no batch fits \(search not-settled, 1 trials/);
    assert.match(search.stdout, /#1 batch=1: pass \(time-limit\), peak host [\d.]+ MiB, not settled/);
    assert.match(
      search.stdout,
      /batch=1: its host memory climbed [\d.]+ MiB\/s for the whole trial .* a leak, not a trial too short \[fit-leak\]/,
    );
    // report on the fit directory: one page of the search, from the same fit.json.
    const page = await runHeadroom(['report', runDir, '--json'], { cwd: scratch, env });
    assert.equal(page.code, 0, page.stderr);
    const written = JSON.parse(page.stdout);
    assert.deepEqual(written.fit, { var: 'batch', recommended: 0, trials: 1 });
    const html = readFileSync(written.output, 'utf8');
    assert.match(html, /<h1>no batch fits<\/h1>/);
    assert.match(html, /leak: [\d.]+ MiB\/s/);
    assert.match(html, /<a href="trial-01-batch-1">record<\/a>/);
  });
});

describe('headroom fit (text)', () => {
  test('prints the answer, the boundary, the memory line and the effective split', async () => {
    const { argv } = fit(
      ['--gpu', 'sim:4GiB', '--effective', '256'],
      ['--on', 'gpu', '--base', '512MiB', '--per-item', '100MiB', ...quick],
    );
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 0, stderr);
    // (4096 × 0.95 - 512) / 100 = 33.8: 33 keeps the 5% margin.
    assert.match(stdout, /^batch 33 fits with 5% of each limit kept free \(recommended\)$/m);
    // (4096 - 512) / 100 = 35.84: 35 runs, over the 5% margin; 36 would run out of the card, but no
    // value above 35 can change the answer, so it is not run (issue #21: the boundary the answer needs).
    assert.match(
      stdout,
      /^boundary: batch 35 ran \(over the margin\); none ran out of memory — not narrowed further: no value there can change the answer$/m,
    );
    assert.doesNotMatch(stderr, /batch=36/);
    assert.doesNotMatch(stdout, /did not/);
    assert.match(stderr, /^#\d+ +batch=35 +over margin +over-margin/m);
    assert.match(stdout, /R² \d\.\d{4}/);
    assert.match(stdout, /memory \(gpu\): 512\.0 MiB \+ 100\.00 MiB × batch/);
    assert.match(stdout, /effective batch 256: micro-batch \d+ × \d+ gradient accumulation steps/);
    assert.match(stdout, /note: GPU: simulated/);
  });

  test('a failure that is not about memory stops the search with exit 2', async () => {
    const { argv } = fit(['--strategy', 'power'], ['--crash-at', '4', ...quick]);
    const { code, stdout } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 2);
    assert.match(stdout, /batch=4 failed for a reason other than memory: failed/);
    assert.match(stdout, /ValueError: batch 4 does not divide the dataset/);
  });

  test('best 0 and exit 1 when even --min does not fit', async () => {
    const { argv } = fit(
      ['--json', '--min', '200', '--host-memory', '160MiB'],
      ['--per-item', '2MiB', ...quick],
    );
    const { code, stdout } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 1);
    const result = JSON.parse(stdout);
    assert.deepEqual([result.best, result.firstFailing, result.trials.length], [0, 200, 1]);
  });

  test('--trial-seconds past what a timer can hold is a usage error, not a 1 ms trial', async () => {
    const { argv } = fit(['--trial-seconds', '3000000'], quick);
    const { code, stderr } = await runHeadroom(argv, { cwd: scratch, env });
    assert.equal(code, 2);
    assert.match(stderr, /--trial-seconds 3000000: expected a duration above 0 ms and at most 2147483 s/);
  });

  test('a command without {batch} is a usage error', async () => {
    const { code, stderr } = await runHeadroom(['fit', '--', 'node', '-e', '1'], { cwd: scratch, env });
    assert.equal(code, 2);
    assert.match(stderr, /the command has no \{batch\} to replace/);
  });
});
