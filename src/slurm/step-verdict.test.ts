import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { judgeStepEnd, type StepEndFacts } from './step-verdict.js';

const facts = (overrides: Partial<StepEndFacts>): StepEndFacts => ({
  accounting: { state: 'COMPLETED', stateDetail: '', exitCode: 0, exitSignal: 0 },
  srunExitCode: 0,
  hostLimitBytes: 100 * 1024 ** 2,
  isInterrupted: false,
  notStarted: null,
  diagnosis: null,
  ...overrides,
});
const row = (state: string, exitCode: number, exitSignal: number, stateDetail = '') => ({
  accounting: { state, stateDetail, exitCode, exitSignal },
});
const judged = (overrides: Partial<StepEndFacts>) => {
  const { reason, confidence } = judgeStepEnd(facts(overrides));
  return [reason, confidence];
};
const gpuOomLog = {
  diagnosis: { kind: 'gpu_oom' as const, summary: 'PyTorch could not allocate GPU memory', line: 6 },
};

describe('judgeStepEnd', () => {
  test('COMPLETED with code 0 is exited', () => {
    assert.deepEqual(judged({}), ['exited', 'certain']);
  });

  test('OUT_OF_MEMORY is a certain OOM kill, with the --mem it ran under', () => {
    const verdict = judgeStepEnd(facts(row('OUT_OF_MEMORY', 0, 125)));
    assert.equal(verdict.reason, 'oom-killed');
    assert.equal(verdict.confidence, 'certain');
    assert.match(verdict.because, /--mem 100 MiB.*OUT_OF_MEMORY, ExitCode 0:125/);
  });

  test("a failed step whose log has a framework's GPU OOM is gpu-oom; without one it is failed", () => {
    assert.deepEqual(judged({ ...row('FAILED', 1, 0), ...gpuOomLog }), ['gpu-oom', 'likely']);
    assert.deepEqual(judged(row('FAILED', 3, 0)), ['failed', 'certain']);
    // A log that merely held an OOM message does not undo a clean exit.
    assert.deepEqual(judged(gpuOomLog), ['exited', 'certain']);
  });

  test("Slurm's own ends: time limit, someone else's scancel, preemption, node failure, a signal", () => {
    assert.deepEqual(judged(row('TIMEOUT', 0, 15)), ['signal', 'certain']);
    assert.match(judgeStepEnd(facts(row('TIMEOUT', 0, 15))).because, /time limit/);
    assert.match(
      judgeStepEnd(facts(row('CANCELLED', 0, 15, 'by 1000'))).because,
      /outside headroom.*CANCELLED by 1000/,
    );
    assert.deepEqual(judged(row('PREEMPTED', 0, 15)), ['signal', 'certain']);
    assert.deepEqual(judged(row('NODE_FAIL', 0, 0)), ['failed', 'certain']);
    assert.deepEqual(judged(row('FAILED', 0, 9)), ['signal', 'certain']);
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

  test("without accounting, srun's status and the log decide, less surely", () => {
    assert.deepEqual(judged({ accounting: null, srunExitCode: 0 }), ['exited', 'certain']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: 1 }), ['failed', 'likely']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: 1, ...gpuOomLog }), ['gpu-oom', 'likely']);
    assert.deepEqual(judged({ accounting: null, srunExitCode: null }), ['failed', 'possible']);
  });
});
