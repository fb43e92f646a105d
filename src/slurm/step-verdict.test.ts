import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LogVerdict } from '../verdict/types.js';
import { judgeStepEnd, type StepEndFacts } from './step-verdict.js';

const facts = (overrides: Partial<StepEndFacts>): StepEndFacts => ({
  accounting: { state: 'COMPLETED', stateDetail: '', exitCode: 0, exitSignal: 0 },
  srunExitCode: 0,
  hostLimitBytes: 100 * 1024 ** 2,
  isInterrupted: false,
  notStarted: null,
  log: null,
  onOomKill: 'stop',
  name: 'trainer',
  gpuCap: null,
  gpuContextBytes: 0,
  gpuClients: 1,
  ...overrides,
});
const row = (state: string, exitCode: number, exitSignal: number, stateDetail = '') => ({
  accounting: { state, stateDetail, exitCode, exitSignal },
});
const judged = (overrides: Partial<StepEndFacts>) => {
  const { reason, confidence } = judgeStepEnd(facts(overrides));
  return [reason, confidence];
};
const log = (overrides: Partial<LogVerdict>): { log: LogVerdict } => ({
  log: {
    kind: 'gpu_oom',
    code: 'torch-cuda-oom',
    framework: 'torch',
    summary: 'PyTorch could not allocate GPU memory',
    confidence: 'certain',
    line: 6,
    text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 30.00 GiB.',
    killedPids: [],
    numbers: {},
    ...overrides,
  },
});
// What doctor's classifier makes of slurmstepd's line in a step's output (doctor/families/host/rules.ts).
const slurmOomLog = log({
  kind: 'host_oom',
  code: 'slurm-oom-kill',
  framework: 'slurm',
  summary: "the Slurm job's memory cgroup killed it",
  text: 'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=6.1.',
  line: 1,
});

describe('judgeStepEnd: Slurm facts through the one judge', () => {
  test('COMPLETED with code 0 is exited, in the judge words alone', () => {
    assert.deepEqual(judgeStepEnd(facts({})), {
      reason: 'exited',
      confidence: 'certain',
      because: 'exited with code 0',
    });
  });

  test('OUT_OF_MEMORY is an OOM kill counted in the step cgroup, with its --mem and sacct words', () => {
    const verdict = judgeStepEnd(facts(row('OUT_OF_MEMORY', 0, 125)));
    assert.equal(verdict.reason, 'oom-killed');
    // A counted kill without a named victim: the judge says likely, as for a local cgroup.
    assert.equal(verdict.confidence, 'likely');
    assert.match(verdict.because, /limit 100 MiB.*; sacct says OUT_OF_MEMORY, ExitCode 0:125$/);
  });

  test("a failed step whose log has a framework's GPU OOM is gpu-oom; without one it is failed", () => {
    assert.deepEqual(judged({ ...row('FAILED', 1, 0), ...log({}) }), ['gpu-oom', 'certain']);
    assert.deepEqual(judged(row('FAILED', 3, 0)), ['failed', 'certain']);
    assert.deepEqual(judged(log({})), ['exited', 'certain']);
  });

  test("Slurm's own ends keep Slurm's words: time limit, someone else's scancel, a signal", () => {
    const timeout = judgeStepEnd(facts(row('TIMEOUT', 0, 15)));
    assert.deepEqual([timeout.reason, timeout.confidence], ['signal', 'certain']);
    assert.match(timeout.because, /was killed by SIGTERM; sacct says TIMEOUT, ExitCode 0:15$/);
    assert.match(judgeStepEnd(facts(row('CANCELLED', 0, 15, 'by 1000'))).because, /CANCELLED by 1000/);
    assert.equal(judgeStepEnd(facts(row('FAILED', 0, 9))).reason, 'signal');
  });

  test("headroom's own scancel is interrupted, unless the step had completed", () => {
    assert.deepEqual(judged({ ...row('CANCELLED', 0, 15), isInterrupted: true }), ['interrupted', 'certain']);
    assert.deepEqual(judged({ ...row('FAILED', 7, 0), isInterrupted: true }), ['interrupted', 'certain']);
    assert.deepEqual(judged({ isInterrupted: true }), ['exited', 'certain']);
  });

  test('a step the batch script never started says why', () => {
    const verdict = judgeStepEnd(
      facts({ accounting: null, notStarted: 'dependency sim ended before it was ready' }),
    );
    assert.deepEqual(
      [verdict.reason, verdict.because],
      ['failed', 'not started: dependency sim ended before it was ready'],
    );
    assert.equal(
      judgeStepEnd(facts({ accounting: null, notStarted: 'x', isInterrupted: true })).reason,
      'interrupted',
    );
  });

  test("without accounting, srun's status and the log decide", () => {
    assert.deepEqual(judged({ accounting: null, srunExitCode: 0 }), ['exited', 'certain']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: 1 }), ['failed', 'certain']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: 1, ...log({}) }), ['gpu-oom', 'certain']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: 1, ...slurmOomLog }), [
      'oom-killed',
      'certain',
    ]);
    assert.match(
      judgeStepEnd(facts({ accounting: null, srunExitCode: 1 })).because,
      /srun exited with code 1 \(no sacct record\)$/,
    );
    assert.deepEqual(judged({ accounting: null, srunExitCode: null }), ['failed', 'possible']);
  });
});
