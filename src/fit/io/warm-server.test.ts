// fit's warm trials with the real PyTorch (.venv-frameworks) and real processes: one interpreter
// imports torch once and each trial is its fork, supervised like a fresh trial. Pinned: a forked
// trial is the user's script (its argv, environment, directory, __main__, exit code); under
// RLIMIT_AS its address space and its pass/fail at the boundary are a fresh process's; under a
// cgroup the fork is charged less than a fresh process (real memory.max_usage_in_bytes), which is
// why fit forks only where RLIMIT_AS is the limit (whyNoForkedTrials).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { cgroupUnavailable } from '../../supervise/test-helpers/supervised.js';
import { frameworksPython, skipUnlessFrameworks } from '../../test-helpers/frameworks.js';
import type { ResourceLimit } from '../types.js';
import { findPythonScript, whyNoForkedTrials } from '../warm-start.js';
import { createTrialRunner } from './run-trial.js';
import { startWarmServer, type WarmServer } from './warm-server.js';

const MiB = 2 ** 20;
const python = frameworksPython();
const skip = skipUnlessFrameworks('torch') ?? cgroupUnavailable();
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-fork-'));
const workDir = join(scratch, 'work');
mkdirSync(workDir);
after(() => rmSync(scratch, { recursive: true, force: true }));

// A small model whose memory grows with --batch: an input of batch x 1 MiB and its product through a
// linear layer's weight-sized intermediate (2 MiB per batch in all); it prints what it is.
const script = join(scratch, 'train.py');
writeFileSync(
  script,
  `import argparse
import json
import os
import sys

import torch


def vm(field):
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith(field + ":")).split()[1]) * 1024


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, required=True)
    parser.add_argument("--exit", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps({"argv": sys.argv, "cwd": os.getcwd(), "mark": os.environ.get("TRIAL_MARK"),
                      "forkVariable": "HEADROOM_FIT_FORK_PID" in os.environ, "name": __name__,
                      "pid": os.getpid(), "vmStart": vm("VmSize")}), flush=True)
    x = torch.ones(args.batch, 2**18)
    y = torch.relu_(x * 2)
    print("sum", float(y[0].sum()), "vmPeak", vm("VmPeak"), flush=True)
    sys.exit(args.exit)
`,
);

const command = (limitBytes: number | null): string[] => [
  ...(limitBytes === null ? [] : ['prlimit', `--as=${limitBytes}`, '--']),
  python ?? 'python3',
  script,
  '--batch',
  '{batch}',
  '--exit',
  '{exit}',
];

const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  OMP_NUM_THREADS: '1',
  PYTHONUNBUFFERED: '1',
  TRIAL_MARK: 'from-the-trial-env',
};

let runs = 0;
function runner(options: {
  server: WarmServer | null;
  argv: string[];
  limits: ResourceLimit[];
  hostMemoryBytes?: number | null;
}) {
  runs++;
  return createTrialRunner({
    launch: {
      name: 'train',
      command: options.argv,
      env,
      cwd: workDir,
      hostMemoryBytes: options.hostMemoryBytes ?? null,
      gpuBudgetBytes: null,
      restart: 'no',
      maxRestarts: 0,
      dependsOn: [],
      enforce: 'warn',
    },
    variable: 'batch',
    gpuProbe: noGpuProbe,
    runsDir: join(scratch, `runs-${runs}`),
    runIdPrefix: `fitfork${process.pid}-${runs}`,
    limits: options.limits,
    marginFraction: 0,
    stopGraceMs: 1000,
    sampleIntervalMs: 100,
    isFullTrials: true,
    warmDepth: 0,
    warmServer: options.server,
  });
}

// {exit} is a second placeholder the runner leaves alone: the exit code each trial's script returns.
const withExit = (argv: string[], code: number): string[] =>
  argv.map((arg) => (arg === '{exit}' ? String(code) : arg));

function printed(runDir: string | undefined): Record<string, unknown> {
  const log = readFileSync(join(runDir ?? '', 'logs', 'train.log'), 'utf8');
  const line = log.split('\n').find((l) => l.startsWith('{"argv"'));
  assert.ok(line, log);
  return JSON.parse(line);
}

const peakOf = (runDir: string | undefined): number =>
  Number(/vmPeak (\d+)/.exec(readFileSync(join(runDir ?? '', 'logs', 'train.log'), 'utf8'))?.[1]);

describe('warm trials: forks of one interpreter that imported torch', { skip }, () => {
  // A limit with room for torch's import and 2 MiB per batch up to about 150 (measured below).
  let limitBytes = 0;
  let server: WarmServer;
  let freshStart = 0;
  // The fresh trial under a cgroup (no RLIMIT_AS) that the cgroup test below compares a fork with; run
  // first, as the probe of where the boundary starts, so the file starts torch afresh once for both.
  const cgroupHostBytes = 4096 * MiB;
  const cgroupLimits: ResourceLimit[] = [{ resource: 'host', limitBytes: cgroupHostBytes, source: 'flag' }];
  let freshInCgroup: Awaited<ReturnType<ReturnType<typeof runner>>>;

  before(async () => {
    // A fresh process's address space once torch is imported (RLIMIT_AS unlimited; its cgroup limits
    // memory, not the address space): where the boundary starts.
    const fresh = runner({
      server: null,
      argv: withExit(command(null), 0),
      limits: cgroupLimits,
      hostMemoryBytes: cgroupHostBytes,
    });
    freshInCgroup = await fresh(8, 1);
    await fresh.close();
    freshStart = printed(freshInCgroup.runDir).vmStart as number;
    limitBytes = freshStart + 300 * MiB;
    const argv = withExit(command(limitBytes), 0);
    const found = findPythonScript(argv);
    assert.ok(typeof found !== 'string', String(found));
    server = await startWarmServer({ command: argv, python: found, env, cwd: workDir });
  });
  after(async () => server?.stop());

  test("a forked trial is the user's script: its argv, environment, directory, __main__ and exit code", async () => {
    const argv = withExit(command(limitBytes), 5);
    const run = runner({ server, argv: argv, limits: [] });
    const trial = await run(3, 1);
    await run.close();
    assert.ok(trial.forked, JSON.stringify(trial));
    assert.equal(trial.forked?.problem, undefined, 'the fork joined the trial cgroup');
    const seen = printed(trial.runDir);
    assert.deepEqual(seen.argv, [script, '--batch', '3', '--exit', '5']);
    assert.equal(seen.cwd, workDir);
    assert.equal(seen.mark, 'from-the-trial-env');
    assert.equal(seen.forkVariable, false, "headroom's own variable is not the script's");
    assert.equal(seen.name, '__main__');
    assert.equal(seen.pid, trial.forked?.pid);
    assert.notEqual(seen.pid, server.pid);
    const summary = JSON.parse(readFileSync(join(trial.runDir ?? '', 'summary.json'), 'utf8'));
    assert.equal(summary.processes[0].exitCode, 5, 'the exit code is the script’s');
    assert.equal(trial.ok, false);
    // The fork's RLIMIT_AS is the trial's (read from the fork's /proc/PID/limits).
    assert.equal(trial.addressSpace?.limitBytes, limitBytes);
  });

  test("under RLIMIT_AS a fork's address space and its pass/fail at the boundary are a fresh process's", async () => {
    const limits: ResourceLimit[] = [{ resource: 'host', limitBytes, source: 'rlimit-as' }];
    const argv = withExit(command(limitBytes), 0);
    const forked = runner({ server, argv, limits });
    const fresh = runner({ server: null, argv, limits });
    // 2 MiB per batch on 300 MiB of room: 130 fits with room to spare, 170 cannot.
    const results: Record<string, [boolean, boolean]> = {};
    let index = 0;
    for (const value of [130, 170]) {
      const a = await forked(value, ++index);
      const b = await fresh(value, ++index);
      assert.ok(a.forked && !b.forked, JSON.stringify([a, b]));
      results[value] = [a.ok, b.ok];
      if (value === 130) {
        // The same address space after the same imports: the fork's start and peak within 16 MiB of fresh.
        const startGap = Math.abs(
          (printed(a.runDir).vmStart as number) - (printed(b.runDir).vmStart as number),
        );
        assert.ok(startGap < 16 * MiB, `start gap ${startGap / MiB} MiB`);
        const peakGap = Math.abs(peakOf(a.runDir) - peakOf(b.runDir));
        assert.ok(peakGap < 16 * MiB, `peak gap ${peakGap / MiB} MiB`);
      } else {
        assert.deepEqual([a.outcome, b.outcome], ['memory', 'memory'], `${a.because} / ${b.because}`);
      }
    }
    await forked.close();
    await fresh.close();
    assert.deepEqual(results, { 130: [true, true], 170: [false, false] });
  });

  test('under a cgroup a fork is charged less than a fresh process: fit forks only under RLIMIT_AS', async () => {
    // Real cgroup numbers (memory.max_usage_in_bytes of each trial's own cgroup), the same value.
    // The fresh process is the one before() ran: the same command, value, limit and cgroup.
    const argv = withExit(command(null), 0);
    const forked = runner({ server, argv, limits: cgroupLimits, hostMemoryBytes: cgroupHostBytes });
    const a = await forked(8, 1);
    const b = freshInCgroup;
    await forked.close();
    assert.ok(a.forked && a.peakCgroupBytes && b.peakCgroupBytes, JSON.stringify([a, b]));
    // torch's imported pages were charged to the server's cgroup, not the fork's.
    assert.ok(
      a.peakCgroupBytes < b.peakCgroupBytes - 16 * MiB,
      `fork ${a.peakCgroupBytes / MiB} MiB, fresh ${b.peakCgroupBytes / MiB} MiB`,
    );
    // So fit's rule: a fork only where the binding host limit is RLIMIT_AS.
    const pythonArgv = ['python3', 'train.py', '--batch', '{batch}'];
    const cgroupLimit: ResourceLimit[] = [{ resource: 'host', limitBytes: 900 * MiB, source: 'flag' }];
    assert.match(
      whyNoForkedTrials({
        argv: pythonArgv,
        variable: 'batch',
        addressSpaceLimitBytes: null,
        limits: cgroupLimit,
      }) ?? '',
      /cgroup/,
    );
    assert.match(
      whyNoForkedTrials({
        argv: pythonArgv,
        variable: 'batch',
        addressSpaceLimitBytes: 2000 * MiB,
        limits: cgroupLimit,
      }) ?? '',
      /cgroup/,
      'an address-space limit looser than the cgroup does not bind',
    );
    assert.equal(
      whyNoForkedTrials({
        argv: pythonArgv,
        variable: 'batch',
        addressSpaceLimitBytes: 600 * MiB,
        limits: cgroupLimit,
      }),
      null,
    );
  });
  // Last: it stops the file's server (and the modules it imports would be in every later fork).
  test("preimport: the server imports the learned modules now, and its size is each later fork's start", async () => {
    const learnedFile = join(scratch, 'learned.json');
    writeFileSync(learnedFile, JSON.stringify(['decimal', 'xml.dom.minidom', 'no_such_module_here']));
    try {
      const before = await server.preimport(join(scratch, 'no-file.json'));
      const reported = await server.preimport(learnedFile);
      assert.ok(before && reported, 'the server answered');
      assert.equal(reported.limitBytes, limitBytes, "the server's RLIMIT_AS is the trials'");
      assert.ok(reported.sizeBytes > before.sizeBytes, `${before.sizeBytes} -> ${reported.sizeBytes}`);
      const run = runner({ server, argv: withExit(command(limitBytes), 0), limits: [] });
      const trial = await run(1, 1);
      await run.close();
      const start = printed(trial.runDir).vmStart as number;
      // The fork starts from the server's address space (the script's own first lines apart).
      assert.ok(
        Math.abs(start - reported.sizeBytes) < 16 * MiB,
        `fork ${start}, server ${reported.sizeBytes}`,
      );
    } finally {
      await server.stop();
    }
    assert.equal(await server.preimport(learnedFile), null, 'a stopped server reports nothing');
  });
});
