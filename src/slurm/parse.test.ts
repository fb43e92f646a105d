// The parsers of Slurm's output, on lines recorded from Slurm 22.05.8 (test/slurm/start-cluster.sh)
// and on the documented forms a bigger cluster prints.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseGres } from './gres.js';
import { parseKeyValues } from './key-values.js';
import { isUsableNode, parseScontrolNodes } from './nodes.js';
import { SlurmOutputError } from './output-error.js';
import { parseAccounting, srunSteps } from './sacct.js';
import { defaultPartition, nodesOfPartition, parseSinfoNodes } from './sinfo.js';
import { parseQueuedJobs, parseRunningSteps } from './squeue.js';
import { parseStepUsage, sstatArgs } from './sstat.js';

const MiB = 1024 ** 2;

// `scontrol -o show node` on the test cluster.
const recordedNode =
  'NodeName=hre6730f Arch=x86_64 CoresPerSocket=1  CPUAlloc=0 CPUEfctv=8 CPUTot=8 CPULoad=1.43 AvailableFeatures=(null) ActiveFeatures=(null) Gres=gpu:1,shard:100 NodeAddr=127.0.0.1 NodeHostName=vm Version=22.05.8 OS=Linux 6.18.44-fc-v657 #1 SMP PREEMPT_DYNAMIC @0  RealMemory=8192 AllocMem=0 FreeMem=21980 Sockets=8 Boards=1 State=IDLE ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A Partitions=debug  BootTime=2026-11-23T19:41:38 SlurmdStartTime=2026-11-23T20:50:27 LastBusyTime=2026-11-23T20:50:28 CfgTRES=cpu=8,mem=8G,billing=8 AllocTRES= CapWatts=n/a CurrentWatts=0 AveWatts=0 ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s';

describe('key=value records', () => {
  test('a value may hold spaces; the next key ends it', () => {
    const fields = parseKeyValues(recordedNode);
    assert.equal(fields.get('OS'), 'Linux 6.18.44-fc-v657 #1 SMP PREEMPT_DYNAMIC @0');
    assert.equal(fields.get('AllocTRES'), '');
    assert.equal(fields.get('CfgTRES'), 'cpu=8,mem=8G,billing=8');
  });
});

describe('GRES lists', () => {
  test('untyped, typed, with counts and with placement suffixes', () => {
    assert.deepEqual(parseGres('gpu:1,shard:100'), [
      { name: 'gpu', type: null, count: 1 },
      { name: 'shard', type: null, count: 100 },
    ]);
    assert.deepEqual(parseGres('gpu:a100:4(S:0-1),shard:a100:400(S:0-1)'), [
      { name: 'gpu', type: 'a100', count: 4 },
      { name: 'shard', type: 'a100', count: 400 },
    ]);
    // GresUsed lists a shard count per GPU in its suffix, with commas inside the parentheses.
    assert.deepEqual(parseGres('gpu:0,shard:30(30/100,0/100)'), [
      { name: 'gpu', type: null, count: 0 },
      { name: 'shard', type: null, count: 30 },
    ]);
    assert.deepEqual(parseGres('gpu'), [{ name: 'gpu', type: null, count: 1 }]);
    assert.deepEqual(parseGres('(null)'), []);
    assert.equal(parseGres('gpu:a100:many'), undefined);
  });
});

describe('scontrol show node', () => {
  test('the recorded node: cores, memory in MiB, GRES, partitions', () => {
    const [node] = parseScontrolNodes(`${recordedNode}\n`);
    assert.deepEqual(node, {
      name: 'hre6730f',
      state: 'IDLE',
      partitions: ['debug'],
      cpuCount: 8,
      cpuAllocatedCount: 0,
      memoryBytes: 8192 * MiB,
      memoryAllocatedBytes: 0,
      gres: [
        { name: 'gpu', type: null, count: 1 },
        { name: 'shard', type: null, count: 100 },
      ],
      features: [],
    });
    assert.ok(node && isUsableNode(node));
    assert.equal(isUsableNode({ ...node, state: 'IDLE+DRAIN' }), false);
  });

  test('a malformed field is an error naming the line and the field', () => {
    const bad = `${recordedNode}\n${recordedNode.replace('RealMemory=8192', 'RealMemory=lots')}`;
    assert.throws(
      () => parseScontrolNodes(bad),
      (error: unknown) => {
        assert.ok(error instanceof SlurmOutputError);
        assert.match(error.message, /^scontrol -o show node: line 2: RealMemory: "lots" is not a count$/);
        return true;
      },
    );
  });
});

describe('sinfo and squeue', () => {
  test("sinfo's default partition carries a star", () => {
    const rows = parseSinfoNodes('n1|gpu*|idle\nn2|gpu*|mixed\nn2|long|mixed\n');
    assert.equal(defaultPartition(rows), 'gpu');
    assert.deepEqual(nodesOfPartition(rows, 'gpu'), ['n1', 'n2']);
    assert.deepEqual(nodesOfPartition(rows, 'long'), ['n2']);
  });

  test("a job's state and its running steps", () => {
    assert.deepEqual(parseQueuedJobs('6|RUNNING|None\n'), [{ jobId: '6', state: 'RUNNING', reason: 'None' }]);
    assert.deepEqual(parseQueuedJobs(''), []);
    assert.deepEqual(parseRunningSteps('6.0|trapper|hre6730f\n6.batch|batch|hre6730f\n'), [
      { stepId: '6.0', name: 'trapper', nodes: 'hre6730f' },
      { stepId: '6.batch', name: 'batch', nodes: 'hre6730f' },
    ]);
    assert.throws(() => parseQueuedJobs('6|RUNNING\n'), /squeue: line 1: %i\|%T\|%r: expected 3 fields/);
  });
});

describe('sacct --parsable2', () => {
  // A job whose steps ended three ways, recorded on the test cluster.
  const recorded = [
    '6|headroom-oom|COMPLETED|0:0|0:125|2026-11-23T20:47:23|2026-11-23T20:47:25||hre6730f',
    '6.batch|batch|COMPLETED|0:0||2026-11-23T20:47:23|2026-11-23T20:47:25|3980K|hre6730f',
    '6.0|fail|FAILED|3:0||2026-11-23T20:47:23|2026-11-23T20:47:23|0|hre6730f',
    '6.1|oom|OUT_OF_MEMORY|0:125||2026-11-23T20:47:23|2026-11-23T20:47:23|0|hre6730f',
    '6.10|ok|COMPLETED|0:0||2026-11-23T20:47:23|Unknown|1.50M|hre6730f',
    '7|headroom-hrs|CANCELLED by 0|0:0|0:0|2026-11-23T21:01:49|2026-11-23T21:01:54||hre6730f',
  ].join('\n');

  test('states, exit codes and signals, sizes in KiB units, steps in number order', () => {
    const rows = parseAccounting(recorded);
    assert.equal(rows.length, 6);
    assert.deepEqual(
      srunSteps(rows).map((r) => [r.step, r.name, r.state, r.exitCode, r.exitSignal, r.maxRssBytes]),
      [
        ['0', 'fail', 'FAILED', 3, 0, 0],
        ['1', 'oom', 'OUT_OF_MEMORY', 0, 125, 0],
        ['10', 'ok', 'COMPLETED', 0, 0, Math.round(1.5 * MiB)],
      ],
    );
    assert.equal(rows[1]?.maxRssBytes, 3980 * 1024);
    assert.equal(rows[0]?.maxRssBytes, null);
    assert.equal(rows[4]?.endedAt, null);
    assert.deepEqual([rows[5]?.state, rows[5]?.stateDetail], ['CANCELLED', 'by 0']);
    assert.equal(rows[0]?.derivedExitCode, '0:125');
  });

  test('a row with a missing field is an error naming the line', () => {
    assert.throws(
      () => parseAccounting('6.0|fail|FAILED|3:0'),
      /^SlurmOutputError: sacct: line 1: JobID\|JobName/,
    );
  });
});

describe('sstat --parsable2', () => {
  test("each running step's memory now (TRESUsageInTot mem) and its largest resident set", () => {
    // Recorded from the test cluster while a step grew a Python list.
    const recorded = [
      '1.0|47852K|cpu=00:00:00,energy=0,fs/disk=1685837,mem=47852K,pages=3,vmem=48024K',
      // The form a cluster with gres.conf AutoDetect=nvml prints (GPU memory gathered by NVML).
      '1.1|1.50G|cpu=00:00:01,energy=0,fs/disk=6977,gres/gpumem=1024M,gres/gpuutil=6,mem=1.20G,pages=0,vmem=2G',
    ].join('\n');
    assert.deepEqual(parseStepUsage(recorded), [
      { stepId: '1.0', memBytes: 47852 * 1024, maxRssBytes: 47852 * 1024, gpuMemBytes: null },
      {
        stepId: '1.1',
        memBytes: Math.round(1.2 * 1024 ** 3),
        maxRssBytes: Math.round(1.5 * 1024 ** 3),
        gpuMemBytes: 1024 ** 3,
      },
    ]);
    assert.deepEqual(parseStepUsage('2.0||cpu=00:00:00'), [
      { stepId: '2.0', memBytes: null, maxRssBytes: null, gpuMemBytes: null },
    ]);
    assert.deepEqual(sstatArgs(['3.0', '3.1']).slice(0, 2), ['-j', '3.0,3.1']);
  });

  test('a size that does not read is an error naming the line and field', () => {
    assert.throws(
      () => parseStepUsage('1.0|12K|mem=lots'),
      (error: unknown) =>
        error instanceof SlurmOutputError && /sstat: line 1: TRESUsageInTot/.test(error.message),
    );
  });
});
