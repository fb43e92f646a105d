import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LaunchSpec } from '../launch/types.js';
import { checkStartOrder, ReadinessBoard } from './start-order.js';

const spec = (name: string, dependsOn: string[] = []): LaunchSpec => ({
  name,
  command: ['true'],
  env: {},
  hostMemoryBytes: null,
  gpuBudgetBytes: null,
  restart: 'no',
  maxRestarts: 0,
  dependsOn,
  enforce: 'warn',
});

describe('checkStartOrder', () => {
  test('accepts a DAG, names unknown dependencies and cycles', () => {
    assert.equal(
      checkStartOrder([spec('sim'), spec('learner', ['sim']), spec('actor', ['learner', 'sim'])]),
      undefined,
    );
    assert.match(checkStartOrder([spec('a', ['ghost'])]) ?? '', /a depends on ghost/);
    assert.match(checkStartOrder([spec('a', ['b']), spec('b', ['a'])]) ?? '', /cycle: a → b → a/);
  });
});

describe('ReadinessBoard', () => {
  test('a dependent goes once every dependency is ready', async () => {
    const board = new ReadinessBoard();
    const gate = board.waitFor(['a', 'b'], new AbortController().signal);
    board.markReady('b');
    board.markReady('a');
    assert.deepEqual(await gate, { kind: 'go' });
  });

  test('a dependency that ends before it is ready fails its dependents; a later end changes nothing', async () => {
    const board = new ReadinessBoard();
    board.markEnded('a', 'ended (failed) before it was ready');
    board.markReady('a');
    assert.deepEqual(await board.waitFor(['a'], new AbortController().signal), {
      kind: 'dependency-ended',
      because: 'a ended (failed) before it was ready',
    });
  });

  test('an abort ends the wait', async () => {
    const board = new ReadinessBoard();
    const controller = new AbortController();
    const gate = board.waitFor(['never'], controller.signal);
    controller.abort();
    assert.deepEqual(await gate, { kind: 'stopped' });
  });
});
