import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeEnd, judgeEnd } from './judge.js';
import type { EndFacts, LogVerdict, TreeOomKill } from './types.js';

const GiB = 1024 ** 3;
const facts = (overrides: Partial<EndFacts>): EndFacts => ({
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
  oomKills: [],
  isKernelLogReadable: true,
  wasStoppedForOomKill: false,
  log: null,
  name: 'learner',
  gpuCap: null,
  gpuContextBytes: 0,
  gpuClients: 1,
  sampleAtFailure: null,
  onOomKill: 'stop',
  ...overrides,
});
const judged = (overrides: Partial<EndFacts>) => {
  const { reason, confidence } = judgeEnd(facts(overrides));
  return [reason, confidence];
};
const kill = (overrides: Partial<TreeOomKill>): TreeOomKill => ({
  pid: 101,
  command: 'python3 workers.py',
  role: 'worker',
  roleText: 'forked worker',
  rssBytes: 900 * 1024 ** 2,
  atMs: 0,
  source: 'kernel-log',
  ...overrides,
});
const log = (overrides: Partial<LogVerdict>): LogVerdict => ({
  kind: 'gpu_oom',
  code: 'torch-cuda-oom',
  framework: 'torch',
  summary: 'PyTorch ran out of GPU memory',
  confidence: 'certain',
  line: 7,
  text: 'torch.OutOfMemoryError: CUDA out of memory.',
  killedPids: [],
  numbers: {},
  ...overrides,
});

describe('judgeEnd', () => {
  test("a launcher's memory kill before the process was seen to start names no exit code it never saw", () => {
    const launcherEnd = {
      isMemory: true,
      killer: "Ray's memory monitor",
      because:
        'Ray\'s memory monitor killed its actor on node 192.0.2.2 (ab8f4a40), before its start answered (no PID): "…"',
    };
    const unseen = judgeEnd(facts({ pid: null, launcherEnd }));
    assert.equal(unseen.reason, 'oom-killed');
    assert.match(unseen.because, /\(no PID\): "…", and no exit status of its own was seen$/);
    assert.doesNotMatch(unseen.because, /exited with code/);
    const seen = judgeEnd(facts({ pid: 4242, signal: 'SIGKILL', launcherEnd }));
    assert.match(seen.because, /, and it was killed by SIGKILL$/);
  });
  test('code 0 is exited; a non-zero code is failed', () => {
    assert.deepEqual(judged({ exitCode: 0 }), ['exited', 'certain']);
    assert.deepEqual(judged({ exitCode: 3 }), ['failed', 'certain']);
  });

  test('the main process named by the kernel as the victim is a certain OOM kill, with the limit', () => {
    const result = judgeEnd(
      facts({ signal: 'SIGKILL', cgroupOomKills: 1, oomKills: [kill({ pid: 100, role: 'main' })] }),
    );
    assert.deepEqual([result.reason, result.confidence], ['oom-killed', 'certain']);
    assert.match(result.because, /the main process pid 100 .*limit 64 MiB/);
  });

  test('a SIGKILL while the cgroup counted a kill it could not name is a likely OOM kill', () => {
    assert.deepEqual(
      judged({ signal: 'SIGKILL', cgroupOomKills: 1, oomKills: [kill({ pid: null, source: 'tree' })] }),
      ['oom-killed', 'likely'],
    );
  });

  test('a worker killed by the OOM killer and the parent exiting 0 is still an OOM kill (a worker is not nothing)', () => {
    const stopped = judgeEnd(
      facts({
        exitCode: null,
        signal: 'SIGTERM',
        cgroupOomKills: 1,
        oomKills: [kill({})],
        wasStoppedForOomKill: true,
      }),
    );
    assert.deepEqual([stopped.reason, stopped.confidence], ['oom-killed', 'certain']);
    assert.match(stopped.because, /forked worker pid 101 \(python3 workers\.py, RSS 900 MiB\)/);
    assert.match(stopped.because, /on_oom_kill: stop/);
    // A parent that exits 0 before headroom could stop it still lost a worker's work.
    assert.deepEqual(judged({ exitCode: 0, cgroupOomKills: 1, oomKills: [kill({})] }), [
      'oom-killed',
      'certain',
    ]);
    // on_oom_kill: warn — the process went on and exited cleanly: exited, the kill still said.
    const warned = judgeEnd(
      facts({ exitCode: 0, cgroupOomKills: 1, oomKills: [kill({})], onOomKill: 'warn' }),
    );
    assert.equal(warned.reason, 'exited');
    assert.match(warned.because, /after the OOM killer killed .*on_oom_kill: warn/);
  });

  test('a worker kill the kernel could not name but the framework did is certain; counted only, likely', () => {
    assert.deepEqual(
      judged({
        exitCode: 1,
        cgroupOomKills: 1,
        oomKills: [kill({ source: 'tree' })],
        log: log({ kind: 'host_oom', code: 'dataloader-worker-killed', killedPids: [101] }),
      }),
      ['oom-killed', 'certain'],
    );
    assert.deepEqual(judged({ exitCode: 1, cgroupOomKills: 1, oomKills: [kill({ source: 'tree' })] }), [
      'oom-killed',
      'likely',
    ]);
  });

  test('an outside SIGKILL of a parent whose worker was OOM-killed earlier is a signal, not its OOM kill', () => {
    const result = judgeEnd(facts({ signal: 'SIGKILL', cgroupOomKills: 1, oomKills: [kill({})] }));
    assert.deepEqual([result.reason, result.confidence], ['signal', 'likely']);
    assert.match(result.because, /from outside headroom.*earlier, the OOM killer killed/);
  });

  test("the output's verdict decides the kind of memory failure, with its confidence", () => {
    assert.deepEqual(judged({ exitCode: 1, log: log({}) }), ['gpu-oom', 'certain']);
    assert.deepEqual(
      judged({
        exitCode: 1,
        log: log({ kind: 'host_oom', code: 'python-memory-error', confidence: 'likely' }),
      }),
      ['host-oom', 'likely'],
    );
    // PyTorch's DefaultCPUAllocator refused a tensor: an allocation failure too, not an OOM kill.
    assert.deepEqual(
      judged({ exitCode: 1, log: log({ kind: 'host_oom', code: 'torch-cpu-alloc-failed' }) }),
      ['host-oom', 'certain'],
    );
    assert.deepEqual(judged({ exitCode: 1, log: log({ kind: 'shm', code: 'dataloader-bus-error' }) }), [
      'shm-full',
      'certain',
    ]);
    assert.deepEqual(judged({ exitCode: 1, log: log({ kind: 'sim_capacity', code: 'physx-buffer' }) }), [
      'sim-capacity',
      'certain',
    ]);
    // A recovered OOM (exit 0) is no failure.
    assert.deepEqual(judged({ exitCode: 0, log: log({}) }), ['exited', 'certain']);
  });

  test('a GPU OOM leads with what it ran into, decided from the numbers (verdict/cause.ts)', () => {
    const cap = { bytes: 8 * GiB, by: 'XLA_PYTHON_CLIENT_MEM_FRACTION=0.3333' };
    const ownCap = judgeEnd(
      facts({
        exitCode: 1,
        gpuCap: cap,
        log: log({ numbers: { requestedBytes: 2 * GiB, inUseBytes: 7 * GiB } }),
      }),
    );
    assert.equal(ownCap.cause?.kind, 'own-cap');
    assert.match(ownCap.because, /^own cap: learner asked for 2\.00 GiB with 7\.00 GiB of its 8\.00 GiB cap/);
    // Nothing known but "it ran out": can't tell, and it says what would decide.
    const unknown = judgeEnd(facts({ exitCode: 1, log: log({}) }));
    assert.equal(unknown.cause?.kind, 'unknown');
    assert.match(unknown.because, /^can't tell: .*the size of the request/);
    // Not a memory failure: no cause.
    assert.equal(judgeEnd(facts({ exitCode: 3 })).cause, undefined);
  });

  test('a near miss in the output fails with what it was, not a memory reason', () => {
    const result = judgeEnd(
      facts({
        exitCode: 1,
        log: log({ kind: 'none', code: 'cuda-device-assert', summary: 'a CUDA kernel assertion failed' }),
      }),
    );
    assert.equal(result.reason, 'failed');
    assert.match(result.because, /its output shows a CUDA kernel assertion failed/);
  });

  test('headroom killing it wins over the signal it died of', () => {
    const because = 'its tree held 300 MiB, over host_memory 256 MiB';
    assert.deepEqual(judgeEnd(facts({ signal: 'SIGKILL', headroomKill: because })), {
      reason: 'killed-by-headroom',
      confidence: 'certain',
      because,
    });
  });

  test('ending while headroom stops the run is interrupted, whatever the code', () => {
    assert.deepEqual(judged({ exitCode: 0, isInterrupted: true }), ['interrupted', 'certain']);
    const result = judgeEnd(
      facts({ signal: 'SIGKILL', isInterrupted: true, stopSignal: 'SIGINT', wasKilledAfterGrace: true }),
    );
    assert.match(result.because, /after SIGINT and was killed with SIGKILL/);
  });

  test('a bare SIGKILL is a signal: likely when OOM evidence was checked, unknown when it could not be', () => {
    assert.deepEqual(judged({ signal: 'SIGKILL' }), ['signal', 'likely']);
    assert.deepEqual(judged({ signal: 'SIGKILL', cgroupOomKills: null, isKernelLogReadable: false }), [
      'signal',
      'unknown',
    ]);
    assert.deepEqual(judged({ signal: 'SIGSEGV' }), ['signal', 'certain']);
  });

  test('a command that could not start failed', () => {
    assert.deepEqual(judged({ pid: null, exitCode: 127, spawnError: 'spawn nope ENOENT' }), [
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
