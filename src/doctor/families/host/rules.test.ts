import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe('host memory', () => {
  test('kernel OOM killer: pid, name, sizes in KiB (mm/oom_kill.c)', () => {
    const d = mustDiagnose(
      '[2059991.491436] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/user.slice,task=python3,pid=25315,uid=0',
      '[2059991.491542] Out of memory: Killed process 25315 (python3) total-vm:53312244kB, anon-rss:31451456kB, file-rss:74816kB, shmem-rss:12296kB, UID:0 pgtables:69068kB oom_score_adj:0',
      '[2059992.056260] oom_reaper: reaped process 25315 (python3), now anon-rss:0kB, file-rss:74732kB, shmem-rss:12296kB',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.framework, 'kernel');
    assert.equal(d.facts.pid, 25315);
    assert.equal(d.facts.anonRssBytes, 31451456 * 1024); // not the reaper's "now anon-rss:0kB"
    assert.equal(d.facts.constraint, 'CONSTRAINT_NONE');
    assert.equal(d.cause, 'host_ram');
    // A cap at the RSS it was killed at only reproduces the kill: the fix is what it keeps.
    assert.match(d.fixes[0]!, /lower what the process keeps in RAM/);
    assert.match(d.fixDetails![0]!.because, /29\.99 GiB of anonymous memory/);
    assert.ok(!d.fixes.some((f) => /--host-memory/.test(f)));
  });

  test('a terminal-wrapped kernel line (padding spaces at the seam) still parses', () => {
    const pad = ' '.repeat(60);
    const d = mustDiagnose(
      `[1.2] Out of memory: Killed process 25315 (python3) total-vm:53312244${pad}kB, anon-rss:31451456kB, f${pad}ile-rss:74816kB`,
    );
    assert.equal(d.facts.totalVmBytes, 53312244 * 1024);
    assert.equal(d.facts.fileRssBytes, 74816 * 1024);
  });

  test('a memory cgroup OOM (container limit) is memory_limit, with usage and limit', () => {
    const d = mustDiagnose(
      'python invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null), order=0, oom_score_adj=829',
      'CPU: 6 PID: 208253 Comm: python Tainted: P           O     4.15.15-1.el7.elrepo.x86_64 #1',
      ' mem_cgroup_out_of_memory+0x4b/0x80',
      'memory: usage 8388608kB, limit 8388608kB, failcnt 1234',
      'Memory cgroup out of memory: Killed process 4131 (python) total-vm:9000000kB, anon-rss:8000000kB, file-rss:0kB',
    );
    assert.equal(d.framework, 'cgroup');
    assert.equal(d.cause, 'memory_limit');
    assert.equal(d.facts.limitBytes, 8388608 * 1024);
    assert.equal(d.facts.invokingPid, 208253);
    assert.equal(d.facts.pid, 4131);
  });

  test('Slurm oom-kill events, merged with the shell "Killed" line', () => {
    const d = mustDiagnose(
      '/var/spool/slurmd/job00191/slurm_script: line 28:  8156 Killed                  python3 main.py --epochs 400',
      'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    );
    assert.equal(d.framework, 'slurm');
    assert.deepEqual(d.facts, { pid: 8156, oomKillEvents: 1, slurmStep: '191.batch' });
    assert.match(d.fixes[0]!, /sacct -j 191 /);
  });

  test('Kubernetes OOMKilled', () => {
    const d = mustDiagnose(
      '    Last State:     Terminated',
      '      Reason:       OOMKilled',
      '      Exit Code:    137',
    );
    assert.equal(d.framework, 'kubernetes');
    assert.match(d.fixes[0]!, /resources\.limits\.memory/);
  });

  test('exit 137, torchrun exitcode -9 (with its rank), loky SIGKILL(-9)', () => {
    assert.equal(
      primary('Process finished with exit code 137 (interrupted by signal 9: SIGKILL)')?.kind,
      'host_oom',
    );
    const d = mustDiagnose('  rank      : 7 (local_rank: 7)', '  exitcode  : -9 (pid: 3309)');
    assert.deepEqual(d.facts, { exitCode: -9, pid: 3309, rank: 7, localRank: 7 });
    assert.equal(primary('The exit codes of the workers are {SIGKILL(-9)}')?.kind, 'host_oom');
  });

  test('bare "Killed" in its forms; never the kernel or DataLoader lines by mistake', () => {
    for (const line of [
      'Killed',
      'run.sh: line 66: 777016 Killed',
      'make: *** [Makefile:40: pytest] Killed',
      '已杀死',
      '[1]+  Killed                  python train.py',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.code, 'shell-killed', line);
      assert.equal(d.confidence, 'likely');
    }
    assert.equal(mustDiagnose('run.sh: line 66: 777016 Killed').facts.pid, 777016);
    assert.equal(primary('Killed 3 enemies this round'), undefined);
  });

  test('DataLoader worker killed by SIGKILL: host OOM, why unstated, the workers first to act on', () => {
    // CORPUS-FORMAT settled rule 7: a worker killed with no killer's message is a bare kill of a worker.
    const d = mustDiagnose('RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed.');
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/unknown');
    assert.equal(d.facts.pid, 19597);
    assert.match(d.fixes[0]!, /num_workers/);
  });

  test('Ray memory monitor, MemoryError, numpy, std::bad_alloc', () => {
    assert.equal(
      primary('ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.')
        ?.kind,
      'host_oom',
    );
    assert.equal(primary('MemoryError')?.kind, 'host_oom');
    const d = mustDiagnose(
      'numpy.core._exceptions._ArrayMemoryError: Unable to allocate 7.45 GiB for an array with shape (1000, 1000, 1000) and data type float64',
    );
    assert.equal(d.facts.requestedBytes, Math.floor(7.45 * 1024 ** 3));
    assert.equal(
      primary("terminate called after throwing an instance of 'std::bad_alloc'")?.kind,
      'host_oom',
    );
  });
});

// Slurm's job state OUT_OF_MEMORY (slurm_protocol_defs.c job_state_string) where Slurm writes it, not a
// status enum of the same name after another program's word for an error (heldout-39, oak-examples#483).
describe("Slurm's OUT_OF_MEMORY state, and another program's status of that name", () => {
  test('read in sacct, seff and scontrol', () => {
    for (const line of [
      '12345.batch  batch  OUT_OF_ME+  0:125',
      'State: OUT_OF_MEMORY (exit code 0)',
      'JobState=OUT_OF_MEMORY Reason=OutOfMemory',
    ])
      assert.equal(mustDiagnose(line).code, 'slurm-out-of-memory-state', line);
  });
  test("a device's status after 'error:' is not the job's state", () => {
    const d = primary(
      "[18443010D1A1840E00] [20.3.4.1.3] [7.953] [SpatialDetectionNetwork(2)] [error] Neural network executor '0' out of '2' error: OUT_OF_MEMORY",
    );
    assert.notEqual(d?.code, 'slurm-out-of-memory-state');
    assert.notEqual(d?.cause, 'memory_limit');
  });
});
