import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RunSummary } from '../../launch/types.js';
import { colorsFor } from '../output.js';
import { formatStatus, renderSummaryTable } from './render-run.js';

const MiB = 1024 ** 2;
const plain = colorsFor({ isTTY: false });

describe('formatStatus', () => {
  test('host memory against its limit, GPU against its budget', () => {
    const status = {
      name: 'learner',
      state: 'running' as const,
      pid: 1,
      restarts: 0,
      hostBytes: 512 * MiB,
      hostLimitBytes: 1024 * MiB,
      gpuBytes: 3 * MiB,
      gpuBudgetBytes: 4 * MiB,
    };
    assert.equal(formatStatus(status), 'learner 512 MiB/1.00 GiB gpu 3 MiB/4 MiB');
    assert.equal(formatStatus({ ...status, state: 'waiting' }), 'learner waiting');
  });
});

describe('renderSummaryTable', () => {
  test('one row per process and one sentence per reason', () => {
    const summary: RunSummary = {
      recordVersion: 2,
      runId: 'r',
      runDir: '/runs/r',
      startedAt: '',
      endedAt: '',
      exitCode: 137,
      lostWrites: [],
      processes: [
        {
          name: 'learner',
          reason: 'oom-killed',
          confidence: 'certain',
          because: 'the kernel OOM-killed it',
          cause: null,
          exitCode: null,
          signal: 'SIGKILL',
          restarts: 1,
          peakHostBytes: 64 * MiB,
          peakGpuBytes: null,
          peakCgroupBytes: 64 * MiB,
          hostLimitBytes: 64 * MiB,
          hostEnforcement: 'cgroup',
          gpuBudgetBytes: null,
          oomKills: [],
          budgetExceeded: null,
          cgroupEscapes: [],
          hostLimitProblem: null,
          log: 'logs/learner.log',
          startedAt: null,
          endedAt: '',
        },
      ],
    };
    assert.equal(
      renderSummaryTable(summary, plain),
      [
        'process  reason         exit  restarts         peak host  host limit  peak GPU  GPU budget  log',
        'learner  oom-killed  SIGKILL         1  64 MiB (sampled)      64 MiB         -           -  /runs/r/logs/learner.log',
        '',
        'learner: oom-killed (certain): the kernel OOM-killed it',
        "peaks: sampled: headroom's samples (a spike between two samples is missed)",
        '',
      ].join('\n'),
    );
  });
});
