// What is free when a process starts: the card less its context and what those ordered before it hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type HoldingInstance, startNeighbours, startsBefore } from './engine-start.js';

const GiB = 1024 ** 3;
const processes = [
  { name: 'sim', dependsOn: [], readyWhen: '^ready' },
  { name: 'learner', dependsOn: ['sim'], readyWhen: undefined },
  { name: 'trt', dependsOn: ['learner'], readyWhen: undefined },
  { name: 'actor', dependsOn: [], readyWhen: undefined },
  { name: 'client', dependsOn: ['trt'], readyWhen: undefined },
];
const at = (name: string, process: string, budgetGiB: number, device = 0): HoldingInstance => ({
  name,
  process,
  device,
  budgetBytes: budgetGiB * GiB,
  overheadBytes: GiB,
});

test('startsBefore follows depends_on through every level', () => {
  assert.deepEqual([...startsBefore(processes, 'trt')].sort(), ['learner', 'sim']);
  assert.deepEqual([...startsBefore(processes, 'actor')], []);
});

test('the free memory at start counts those ordered before it on its card; the others are unordered or after it', () => {
  const instances = [
    at('sim', 'sim', 8),
    at('learner', 'learner', 4),
    at('trt', 'trt', 5),
    at('actor.0', 'actor', 1),
    at('actor.1', 'actor', 1),
    at('client', 'client', 1),
    at('far', 'sim', 2, 1),
  ];
  const trt = startNeighbours({
    instance: instances[2] as HoldingInstance,
    instances,
    processes,
    totalBytes: 24 * GiB,
  });
  assert.deepEqual(
    trt.before.map((i) => [i.name, i.hasReadyWhen]),
    [
      ['sim', true],
      ['learner', false],
    ],
  );
  assert.equal(trt.heldBeforeBytes, 14 * GiB);
  assert.equal(trt.freeAtStartBytes, 24 * GiB - GiB - 14 * GiB);
  assert.deepEqual(
    trt.unordered.map((i) => i.name),
    ['actor.0', 'actor.1'],
  );
  const replica = startNeighbours({
    instance: instances[3] as HoldingInstance,
    instances,
    processes,
    totalBytes: 24 * GiB,
  });
  assert.ok(
    replica.unordered.some((i) => i.name === 'actor.1'),
    'replicas start together',
  );
});
