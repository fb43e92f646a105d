import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attributeExit, describeEnd, type ExitFacts } from './attribute.js';

const facts = (overrides: Partial<ExitFacts>): ExitFacts => ({
  pid: 100,
  exitCode: null,
  signal: null,
  spawnError: null,
  headroomKill: null,
  isInterrupted: false,
  stopSignal: null,
  wasKilledAfterGrace: false,
  cgroupOomKills: 0,
  hostLimitBytes: 64 * 1024 ** 2,
  kernelOomPids: [],
  gpuOomSignature: null,
  ...overrides,
});
const reasonOf = (overrides: Partial<ExitFacts>) => {
  const { reason, confidence } = attributeExit(facts(overrides));
  return [reason, confidence];
};

describe('attributeExit', () => {
  test('code 0 is exited; a non-zero code is failed', () => {
    assert.deepEqual(reasonOf({ exitCode: 0 }), ['exited', 'certain']);
    assert.deepEqual(reasonOf({ exitCode: 3 }), ['failed', 'certain']);
  });

  test('SIGKILL with the cgroup OOM count risen is a certain OOM kill, and says the limit', () => {
    const result = attributeExit(facts({ signal: 'SIGKILL', cgroupOomKills: 1 }));
    assert.deepEqual([result.reason, result.confidence], ['oom-killed', 'certain']);
    assert.match(result.because, /limit 64 MiB/);
  });

  test('a failure after a child was OOM-killed in the cgroup (a DataLoader worker) is a likely OOM kill', () => {
    assert.deepEqual(reasonOf({ exitCode: 1, cgroupOomKills: 1 }), ['oom-killed', 'likely']);
  });

  test('the kernel log naming the PID makes a SIGKILL a certain OOM kill; naming a child, a likely one', () => {
    assert.deepEqual(reasonOf({ signal: 'SIGKILL', cgroupOomKills: null, kernelOomPids: [100] }), [
      'oom-killed',
      'certain',
    ]);
    assert.deepEqual(reasonOf({ exitCode: 1, cgroupOomKills: null, kernelOomPids: [101] }), [
      'oom-killed',
      'likely',
    ]);
  });

  test('a framework GPU OOM message followed by a failure is gpu-oom', () => {
    const result = attributeExit(facts({ exitCode: 1, gpuOomSignature: 'CUDA out of memory' }));
    assert.deepEqual([result.reason, result.confidence], ['gpu-oom', 'likely']);
    assert.match(result.because, /CUDA out of memory/);
    assert.deepEqual(reasonOf({ exitCode: 0, gpuOomSignature: 'CUDA out of memory' }), ['exited', 'certain']);
  });

  test('headroom killing it wins over the signal it died of', () => {
    const because = 'its tree held 300 MiB, over host_memory 256 MiB';
    assert.deepEqual(attributeExit(facts({ signal: 'SIGKILL', headroomKill: because })), {
      reason: 'killed-by-headroom',
      confidence: 'certain',
      because,
    });
  });

  test('ending while headroom stops the run is interrupted, whatever the code', () => {
    assert.deepEqual(reasonOf({ exitCode: 0, isInterrupted: true }), ['interrupted', 'certain']);
    const result = attributeExit(
      facts({ signal: 'SIGKILL', isInterrupted: true, stopSignal: 'SIGINT', wasKilledAfterGrace: true }),
    );
    assert.match(result.because, /after SIGINT and was killed with SIGKILL/);
  });

  test('a bare SIGKILL is a signal: likely when OOM evidence was checked, unknown when it could not be', () => {
    assert.deepEqual(reasonOf({ signal: 'SIGKILL' }), ['signal', 'likely']);
    assert.deepEqual(reasonOf({ signal: 'SIGKILL', cgroupOomKills: null, kernelOomPids: null }), [
      'signal',
      'unknown',
    ]);
    assert.deepEqual(reasonOf({ signal: 'SIGSEGV' }), ['signal', 'certain']);
  });

  test('a command that could not start failed', () => {
    assert.deepEqual(reasonOf({ pid: null, exitCode: 127, spawnError: 'spawn nope ENOENT' }), [
      'failed',
      'certain',
    ]);
  });
});

describe('describeEnd', () => {
  test('explains shell codes above 128 as a signal to a child', () => {
    assert.equal(
      describeEnd({ exitCode: 137, signal: null }),
      'exited with code 137 (128 + SIGKILL: a child was likely killed by it)',
    );
    assert.equal(describeEnd({ exitCode: null, signal: 'SIGTERM' }), 'was killed by SIGTERM');
    assert.equal(describeEnd({ exitCode: 127, signal: null }), 'exited with code 127 (command not found)');
  });
});
