// fit's learned imports with real processes: a trial records every module it imports (a fresh process
// through the bootstrap's fit-imports, a fork itself), and what the first trial imported late (inside a
// function, after its leading imports) is imported by the next trials before their value: at the gate
// of a warm start, and in the warm interpreter before it forks. The script prints, at its start, whether
// the late module was already there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { cgroupUnavailable } from '../../supervise/test-helpers/supervised.js';
import { createLearnedImports } from './learned-imports.js';
import { createTrialRunner } from './run-trial.js';
import { startWarmServer } from './warm-server.js';

const MiB = 2 ** 20;
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-learned-'));
const noCgroup = cgroupUnavailable();
const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'no python3 on PATH';
after(() => rmSync(scratch, { recursive: true, force: true }));

// `late` is imported inside main(), as a script imports lightning only for a Lightning run.
writeFileSync(join(scratch, 'late.py'), 'HELD = b"z" * (4 * 2**20)\n');
// Slow to import (as lightning is): the server imports it before the fork it was learned for.
writeFileSync(join(scratch, 'slowlate.py'), 'import time\ntime.sleep(4)\nHELD = b"z" * (4 * 2**20)\n');
writeFileSync(
  join(scratch, 'slowtrain.py'),
  `import argparse
import time


def main():
    import slowlate  # noqa: F401
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, required=True)
    args = parser.parse_args()
    held = b"y" * (args.batch * 2**20)
    time.sleep(0.3)
    print("done", args.batch, flush=True)


main()
`,
);
writeFileSync(
  join(scratch, 'train.py'),
  `import argparse
import sys
import time


def main():
    print("late before main:", "late" in sys.modules, flush=True)
    import late  # noqa: F401
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, required=True)
    args = parser.parse_args()
    held = b"y" * (args.batch * 2**20)
    time.sleep(0.3)
    print("done", args.batch, flush=True)


main()
`,
);

const launch = (command: string[]) => ({
  name: 'train',
  command,
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONPATH: scratch },
  hostMemoryBytes: 200 * MiB,
  gpuBudgetBytes: null,
  restart: 'no' as const,
  maxRestarts: 0,
  dependsOn: [],
  enforce: 'warn' as const,
});

const logOf = (runDir: string | undefined): string =>
  readFileSync(join(runDir ?? '', 'logs', 'train.log'), 'utf8');
const lateSeen = (runDir: string | undefined): string =>
  /late before main: (True|False)/.exec(logOf(runDir))?.[1] ?? 'no line';

describe('learned imports', { skip: noCgroup ?? noPython }, () => {
  test('warm starts import at their gate what the first trial imported late', async () => {
    const runsDir = join(scratch, 'fit-warm');
    const run = createTrialRunner({
      launch: launch(['python3', join(scratch, 'train.py'), '--batch', '{batch}']),
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir,
      runIdPrefix: `fitlearn${process.pid}-1`,
      limits: [{ resource: 'host', limitBytes: 200 * MiB }],
      marginFraction: 0,
      stopGraceMs: 1000,
      sampleIntervalMs: 100,
      // Without hints (none given here) no trial is judged early; not --full-trials, which starts none warm.
      isFullTrials: false,
      warmDepth: 2,
      learnImports: true,
    });
    try {
      const first = await run(2, 1);
      const second = await run(4, 2);
      assert.equal(first.outcome, 'pass', first.because);
      assert.equal(second.outcome, 'pass', second.because);
      assert.equal(lateSeen(first.runDir), 'False', 'the cold first trial imports late itself');
      assert.ok(second.warmStart, 'the second trial started warm');
      assert.equal(lateSeen(second.runDir), 'True', 'the warm start imported late at its gate');
    } finally {
      await run.close();
    }
    assert.deepEqual(
      readdirSync(runsDir).filter((name) => name.startsWith('.')),
      [],
      'no record of imports is left beside the trials',
    );
  });

  test('the warm interpreter imports what a forked trial imported late before its next fork; python -m forks too', async () => {
    const runsDir = join(scratch, 'fit-fork');
    const command = ['python3', '-m', 'train', '--batch', '{batch}'];
    const server = await startWarmServer({
      command,
      python: { interpreterAt: 0, scriptAt: 1, isModule: true },
      env: launch(command).env,
      cwd: scratch,
    });
    const run = createTrialRunner({
      launch: { ...launch(command), cwd: scratch },
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir,
      runIdPrefix: `fitlearn${process.pid}-2`,
      limits: [{ resource: 'host', limitBytes: 200 * MiB }],
      marginFraction: 0,
      stopGraceMs: 1000,
      sampleIntervalMs: 100,
      isFullTrials: true,
      warmServer: server,
      learnImports: true,
    });
    try {
      const first = await run(2, 1);
      const second = await run(4, 2);
      assert.equal(first.outcome, 'pass', first.because);
      assert.ok(first.forked && second.forked, 'both trials were forks of the warm interpreter');
      assert.equal(lateSeen(first.runDir), 'False');
      assert.equal(lateSeen(second.runDir), 'True', 'the server imported late before the second fork');
      assert.match(logOf(second.runDir), /done 4/);
    } finally {
      await run.close();
      await server.stop();
    }
  });

  test("a forked trial is judged from its fork's start: not while the server imports what an earlier trial imported late", async () => {
    const runsDir = join(scratch, 'fit-fork-slow');
    const command = ['python3', join(scratch, 'slowtrain.py'), '--batch', '{batch}'];
    const server = await startWarmServer({
      command,
      python: { interpreterAt: 0, scriptAt: 1, isModule: false },
      env: launch(command).env,
      cwd: scratch,
    });
    const run = createTrialRunner({
      launch: { ...launch(command), cwd: scratch },
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir,
      runIdPrefix: `fitlearn${process.pid}-3`,
      limits: [{ resource: 'host', limitBytes: 200 * MiB }],
      marginFraction: 0,
      stopGraceMs: 1000,
      sampleIntervalMs: 100,
      // Judged early (hints given): a level of 3 s with no line would stop a trial.
      isFullTrials: false,
      warmServer: server,
      learnImports: true,
    });
    const hints = { expectedPeakBytes: { host: null, gpu: null }, noiseFraction: 0.02 };
    try {
      await run(2, 1, hints);
      // The server spends 4 s importing slowlate before it forks trial 2; its client alone is level then.
      const second = await run(4, 2, hints);
      assert.ok(second.forked, JSON.stringify(second));
      assert.equal(second.outcome, 'pass', second.because);
      assert.equal(second.stoppedEarly, null, JSON.stringify(second.stoppedEarly));
      assert.match(logOf(second.runDir), /done 4/);
    } finally {
      await run.close();
      await server.stop();
    }
  });

  test("a running trial's imports so far reach the next trial's gate before it ends", async () => {
    // The first trial imports late2 and then waits (30 s at most) until another process, the next trial
    // waiting at its gate, has imported late2 too: offered only once the first had ended, it never would.
    const dir = mkdtempSync(join(scratch, 'running-'));
    writeFileSync(
      join(dir, 'late2.py'),
      'import os\nopen(os.path.join(os.path.dirname(__file__), "late2-%d" % os.getpid()), "w").close()\n',
    );
    writeFileSync(
      join(dir, 'waits.py'),
      `import os
import sys
import time


def main():
    import late2  # noqa: F401
    here = os.path.dirname(os.path.abspath(__file__))
    until = time.time() + 30
    others = 0
    while time.time() < until:
        others = len([f for f in os.listdir(here) if f.startswith("late2-")]) - 1
        if others > 0:
            break
        time.sleep(0.05)
    print("others:", others, "batch", sys.argv[1], flush=True)


main()
`,
    );
    const run = createTrialRunner({
      launch: {
        ...launch(['python3', join(dir, 'waits.py'), '{batch}']),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONPATH: dir },
      },
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir: join(dir, 'fit'),
      runIdPrefix: `fitlearn${process.pid}-4`,
      limits: [{ resource: 'host', limitBytes: 200 * MiB }],
      marginFraction: 0,
      stopGraceMs: 1000,
      sampleIntervalMs: 100,
      isFullTrials: false,
      warmDepth: 1,
      learnImports: true,
    });
    try {
      const first = await run(2, 1);
      assert.equal(first.outcome, 'pass', first.because);
      assert.match(logOf(first.runDir), /others: 1 batch 2/);
      const second = await run(4, 2);
      assert.ok(second.warmStart, 'the second trial started warm');
      // Its own gate imported late2 (and the next trial's may have by then).
      assert.match(logOf(second.runDir), /others: [1-9]\d* batch 4/);
    } finally {
      await run.close();
    }
  });

  test("a running trial's record is read up to its last whole line and kept; read once it ended, the rest", () => {
    const runsDir = mkdtempSync(join(scratch, 'peek-'));
    const learned = createLearnedImports(runsDir);
    // The last line half written (an import being recorded): not a name yet.
    writeFileSync(learned.logFileOf(1), 'torch\ntorch.nn\nlightning.pyt');
    assert.equal(learned.peek(1), true);
    assert.deepEqual(learned.names(), ['torch', 'torch.nn']);
    assert.equal(learned.peek(1), false, 'nothing new');
    writeFileSync(learned.logFileOf(1), 'torch\ntorch.nn\nlightning.pytorch\n');
    assert.equal(learned.learnFrom(1), true);
    assert.deepEqual(learned.names(), ['torch', 'torch.nn', 'lightning.pytorch']);
    learned.close();
  });

  test('a record is read once, in order, and only module names are kept', () => {
    const runsDir = mkdtempSync(join(scratch, 'records-'));
    const learned = createLearnedImports(runsDir);
    writeFileSync(learned.logFileOf(1), 'torch\ntorch.nn\nnot a name\nlightning\n');
    writeFileSync(learned.logFileOf(2), 'lightning\nlightning.pytorch\n');
    assert.equal(learned.learnFrom(1), true);
    assert.equal(learned.learnFrom(1), false, 'the record is gone once read');
    assert.equal(learned.learnFrom(2), true);
    assert.deepEqual(learned.names(), ['torch', 'torch.nn', 'lightning', 'lightning.pytorch']);
    assert.ok(learned.file());
    learned.close();
    assert.deepEqual(readdirSync(runsDir), []);
  });
});
