// `headroom fit` choosing its warm trials, run in-process through the CLI's dispatcher with real
// processes: under `prlimit --as` with --forked-trials a Python script's trials are forks of one warm
// interpreter (each trial says `forked`, a note says what was imported), by default (and with
// `--fresh-trials`) fresh processes, and under a cgroup limit (--host-memory) trials stay fresh with the
// note saying why.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cgroupUnavailable } from '../../../supervise/test-helpers/supervised.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const scratch = scratchDir('fit-warm');
const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'no python3 on PATH';
const script = join(scratch, 'grow.py');
// 1 MiB per batch on top of the interpreter, three short steps.
writeFileSync(
  script,
  `import argparse
import time

parser = argparse.ArgumentParser()
parser.add_argument("--batch", type=int, required=True)
args = parser.parse_args()
held = bytearray(args.batch * 2**20)
for step in range(3):
    time.sleep(0.05)
    print(f"step {step + 1}/3", flush=True)
`,
);

const fitArgv = (flags: string[], limit: string[]) => [
  'fit',
  '--json',
  '--margin',
  '0',
  '--run-dir',
  join(scratch, `fit-${Math.random().toString(36).slice(2)}`),
  ...flags,
  '--',
  ...limit,
  'python3',
  script,
  '--batch',
  '{batch}',
];
const asLimit = ['prlimit', `--as=${300 * 2 ** 20}`, '--'];

describe('headroom fit: warm trials', { skip: noPython ?? cgroupUnavailable() }, () => {
  test('under prlimit --as with --forked-trials every trial is a fork of the warm interpreter; by default fresh processes', async () => {
    const warm = await runHeadroom(fitArgv(['--forked-trials', '--max', '400'], asLimit), { cwd: scratch });
    assert.equal(warm.code, 0, warm.stderr);
    const forked = JSON.parse(warm.stdout);
    assert.ok(forked.trials.length >= 3, JSON.stringify(forked.trials));
    // Every trial a fork, but the last: the answer once more as a fresh process (its own layout).
    const checks = forked.trials.filter((t: { isFreshCheck?: boolean }) => t.isFreshCheck);
    assert.equal(checks.at(-1)?.value, forked.best, JSON.stringify(forked.trials));
    // Started ahead at its gate once a memory failure was known: it waited, and its record is named
    // by its place in the search (not the index it was started under).
    const check = checks.at(-1);
    assert.equal(typeof check.warmStart?.warmedSeconds, 'number', JSON.stringify(check));
    const place = String(forked.trials.indexOf(check) + 1).padStart(2, '0');
    assert.match(check.runDir, new RegExp(`trial-${place}-batch-${check.value}$`), JSON.stringify(check));
    for (const trial of forked.trials) {
      if (trial.isFreshCheck) assert.equal(trial.forked, undefined, JSON.stringify(trial));
      else assert.equal(typeof trial.forked?.pid, 'number', JSON.stringify(trial));
    }
    assert.ok(
      forked.notes.some((n: string) => /^warm trials: each trial is a fork .*argparse, time/.test(n)),
    );
    const fresh = await runHeadroom(fitArgv(['--max', '400'], asLimit), { cwd: scratch });
    assert.equal(fresh.code, 0, fresh.stderr);
    const freshResult = JSON.parse(fresh.stdout);
    for (const trial of freshResult.trials) assert.equal(trial.forked, undefined);
    // The same limit decides both: the answers are within the address-space noise of each other.
    // (1 MiB per batch: the interpreter's own address space varies by a few MiB from run to run.)
    assert.ok(
      Math.abs(forked.best - freshResult.best) <= 8,
      `${forked.best} / ${freshResult.best}: ${JSON.stringify([forked.trials, freshResult.trials])}`,
    );
  });

  test('under a cgroup limit the trials are fresh processes, and the note says why', async () => {
    const run = await runHeadroom(
      fitArgv(['--forked-trials', '--host-memory', '200MiB', '--max', '64'], []),
      {
        cwd: scratch,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    for (const trial of result.trials) assert.equal(trial.forked, undefined);
    assert.ok(
      result.notes.some((n: string) =>
        /^each trial is a fresh process: the trials' host limit is a cgroup's/.test(n),
      ),
      result.notes.join('\n'),
    );
  });

  test('under prlimit --as a warm start at its gate shows its address space (VmSize), not its cgroup charge', async () => {
    // 150 MiB of address space mapped and never touched by the script's leading import: the cgroup is
    // charged next to nothing for it, RLIMIT_AS all of it.
    const dir = join(scratch, 'as-base');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'reserve.py'), 'import mmap\nheld = mmap.mmap(-1, 150 * 2**20)\n');
    const withReserve = join(dir, 'grow_reserve.py');
    writeFileSync(withReserve, `import reserve\n${readFileSync(script, 'utf8')}`);
    const argv = fitArgv(['--max', '4096'], ['prlimit', `--as=${450 * 2 ** 20}`, '--']).map((a) =>
      a === script ? withReserve : a,
    );
    const run = await runHeadroom(argv, { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    const trace = JSON.stringify({ baseBytes: result.baseBytes, trials: result.trials });
    for (const trial of result.trials) assert.equal(trial.forked, undefined, trace);
    assert.ok(result.baseBytes?.host >= 150 * 2 ** 20, trace);
    // The answer is the boundary's: 450 MiB less the reserve and the interpreter, within 1% of the limit.
    assert.ok(result.best > 200 && result.best < 300, trace);
  });

  test('under a cgroup limit a warm start at its gate shows what every value holds, and the second value goes farther', async () => {
    // 120 MiB held from the script's leading import on, then 1 MiB per batch: from batch 1 alone (~130 MiB)
    // the second value could only be 2 (80% of 400 MiB × 1 / 130 MiB); with the gate's ~125 MiB, tens.
    const dir = join(scratch, 'base');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'ballast.py'), 'held = bytearray(120 * 2**20)\n');
    const withBallast = join(dir, 'grow_ballast.py');
    writeFileSync(withBallast, `import ballast\n${readFileSync(script, 'utf8')}`);
    const argv = fitArgv(['--host-memory', '400MiB', '--max', '4096'], []).map((a) =>
      a === script ? withBallast : a,
    );
    const run = await runHeadroom(argv, { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    const trace = JSON.stringify({ baseBytes: result.baseBytes, trials: result.trials });
    assert.ok(result.baseBytes?.host >= 100 * 2 ** 20, trace);
    const [first, second] = result.trials;
    assert.equal(first.value, 1, trace);
    assert.ok(second.value >= 10 && second.outcome === 'pass', trace);
    assert.equal(typeof second.warmStart?.warmedSeconds, 'number', trace);
    // The answer is the boundary's, 400 MiB less the ballast and interpreter, about 260 batches.
    assert.ok(result.best > 200 && result.best < 400, trace);
  });
});
