import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configDiff, configSize, proposeBudgets } from './propose-budgets.js';
import { endedProcess } from './test-helpers/process-summary.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe('proposeBudgets', () => {
  test('an exact peak gets the margin; a sampled one loses the context allowance first; a failure is a floor', () => {
    const [exact, sampled, failed] = proposeBudgets({
      processes: [
        endedProcess('learner', {
          peakGpuBytes: 8 * GiB,
          peakGpuSource: 'framework',
          gpuBudgetBytes: 10 * GiB,
        }),
        endedProcess('sim', { peakGpuBytes: 5 * GiB, gpuBudgetBytes: 6 * GiB }),
        endedProcess('trainer', {
          reason: 'oom-killed',
          peakHostBytes: 480 * MiB,
          peakHostSource: 'cgroup',
          hostLimitBytes: 480 * MiB,
        }),
      ],
      planned: [{ name: 'sim', process: 'sim', overheadBytes: GiB }],
      margin: 0.25,
    });
    assert.deepEqual([exact?.gpu?.source, exact?.gpu?.proposedText], ['framework', '10GiB']);
    assert.deepEqual(
      [sampled?.gpu?.source, sampled?.gpu?.needBytes, sampled?.gpu?.proposedText],
      ['sampled', 4 * GiB, '5GiB'],
    );
    assert.match(sampled?.gpu?.note ?? '', /sampled: a spike between two samples is missed/);
    assert.deepEqual([failed?.host?.isFloor, failed?.host?.proposedText], [true, '640MiB']);
  });

  test('replicas fold into their config process at the highest', () => {
    const [actor] = proposeBudgets({
      processes: [
        endedProcess('actor.0', {
          peakGpuBytes: GiB,
          peakGpuSource: 'simulated-card',
          gpuBudgetBytes: 2 * GiB,
        }),
        endedProcess('actor.1', {
          peakGpuBytes: 1.5 * GiB,
          peakGpuSource: 'simulated-card',
          gpuBudgetBytes: 2 * GiB,
        }),
      ],
      planned: [
        { name: 'actor.0', process: 'actor' },
        { name: 'actor.1', process: 'actor' },
      ],
      margin: 0,
    });
    assert.deepEqual(
      [actor?.process, actor?.instances, actor?.gpu?.proposedText],
      ['actor', ['actor.0', 'actor.1'], '1536MiB'],
    );
  });

  test('sizes round up to 64 MiB, whole GiB written as GiB', () => {
    assert.deepEqual(
      [configSize(GiB), configSize(GiB + 1), configSize(100 * MiB)],
      ['1GiB', '1088MiB', '128MiB'],
    );
  });
});

describe('configDiff', () => {
  const text = [
    '# my runs',
    'processes:',
    '  learner:',
    '    command: python learn.py',
    '    gpu_memory: 30% # the learner',
    '    env:',
    '      gpu_memory: not-this-one',
    '  "actor":',
    '    command: python act.py',
    '',
    'gpus:',
    '  - memory: 24GiB',
    '',
  ].join('\n');
  const proposal = (process: string, gpu: string | null, host: string | null) => ({
    process,
    instances: [process],
    gpu: gpu ? ({ proposedText: gpu } as never) : null,
    host: host ? ({ proposedText: host } as never) : null,
  });

  test('a value is replaced with its comment kept, a missing key added at the end of the block, nothing nested touched', () => {
    const { diff, unplaced } = configDiff({
      file: 'headroom.yaml',
      text,
      proposals: [
        proposal('learner', '8GiB', null),
        proposal('actor', '2GiB', '1GiB'),
        proposal('ghost', '1GiB', null),
      ],
    });
    assert.deepEqual(unplaced, ['ghost']);
    assert.equal(
      diff,
      [
        '--- headroom.yaml',
        '+++ headroom.yaml',
        '@@ -2,11 +2,13 @@',
        ' processes:',
        '   learner:',
        '     command: python learn.py',
        '-    gpu_memory: 30% # the learner',
        '+    gpu_memory: 8GiB # the learner',
        '     env:',
        '       gpu_memory: not-this-one',
        '   "actor":',
        '     command: python act.py',
        '+    gpu_memory: 2GiB',
        '+    host_memory: 1GiB',
        ' ',
        ' gpus:',
        '   - memory: 24GiB',
        '',
      ].join('\n'),
    );
  });

  test('a config that already holds the budgets gives no diff', () => {
    assert.equal(
      configDiff({ file: 'h.yaml', text, proposals: [proposal('learner', '30%', null)] }).diff,
      '',
    );
  });
});
