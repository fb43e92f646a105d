// Restart policy with backoff, and start order through depends_on and ready_when.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cleanUpRuns, launch, program, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

describe('restart', () => {
  test('on-failure restarts up to max_restarts with the backoff asked of backoffMs', async () => {
    const asked: number[] = [];
    const backoffMs = (restart: number): number => {
      asked.push(restart);
      return 10 * restart;
    };
    const run = await runSupervised(
      [launch('flaky', program('steps.mjs', 'exit:2'), { restart: 'on-failure', maxRestarts: 3 })],
      { backoffMs },
    );
    const flaky = run.processNamed('flaky');
    assert.deepEqual([flaky.reason, flaky.exitCode, flaky.restarts], ['failed', 2, 3]);
    assert.deepEqual(asked, [1, 2, 3]);
    assert.deepEqual(
      run.events.filter((e) => e.type === 'restart').map((e) => e.delayMs),
      [10, 20, 30],
    );
    assert.equal(run.events.filter((e) => e.type === 'spawn').length, 4);
  });

  test('an attempt that ran healthy for healthyRunMs resets the backoff to its first step', async () => {
    const asked: number[] = [];
    const backoffMs = (restart: number): number => {
      asked.push(restart);
      return 10;
    };
    const run = await runSupervised(
      [
        launch('steady', program('steps.mjs', 'sleep:400', 'exit:2'), {
          restart: 'on-failure',
          maxRestarts: 3,
        }),
      ],
      { backoffMs, healthyRunMs: 300 },
    );
    assert.equal(run.processNamed('steady').restarts, 3);
    assert.deepEqual(asked, [1, 1, 1]);
  });

  test('on-failure leaves a clean exit alone; always restarts it', async () => {
    const clean = program('steps.mjs', 'exit:0');
    const run = await runSupervised([
      launch('once', clean, { restart: 'on-failure', maxRestarts: 3 }),
      launch('again', clean, { restart: 'always', maxRestarts: 2 }),
    ]);
    assert.equal(run.processNamed('once').restarts, 0);
    assert.equal(run.processNamed('again').restarts, 2);
    assert.equal(run.summary.exitCode, 0);
  });

  test('an interrupt during the backoff ends the process without another start', async () => {
    const controller = new AbortController();
    const run = await runSupervised(
      [launch('flaky', program('steps.mjs', 'exit:2'), { restart: 'always', maxRestarts: 5 })],
      {
        backoffMs: () => 60_000,
        signal: controller.signal,
        onUpdate: (u) => u.kind === 'event' && u.event.type === 'restart' && controller.abort(),
      },
    );
    // The restart announced before the interrupt never happened: it is not counted.
    assert.equal(run.processNamed('flaky').restarts, 0);
    assert.equal(run.events.filter((e) => e.type === 'spawn').length, 1);
    assert.equal(run.summary.exitCode, 130);
  });
});

describe('start order', () => {
  test('a dependent starts only after its dependency printed a line matching ready_when', async () => {
    const run = await runSupervised([
      launch('app', program('steps.mjs', 'print:app up'), { dependsOn: ['db'] }),
      launch(
        'db',
        program('steps.mjs', 'print:booting', 'sleep:300', 'print:db listening on 5432', 'sleep:300'),
        {
          readyWhen: 'listening on \\d+',
        },
      ),
    ]);
    const order = run.events
      .filter((e) => e.type === 'ready' || e.type === 'spawn')
      .map((e) => `${e.type}:${e.process}`);
    assert.deepEqual(order, ['spawn:db', 'ready:db', 'spawn:app']);
    assert.equal(run.summary.exitCode, 0);
  });

  test('a chain without ready_when starts in dependency order', async () => {
    const hold = program('steps.mjs', 'sleep:200');
    const run = await runSupervised([
      launch('c', hold, { dependsOn: ['b'] }),
      launch('b', hold, { dependsOn: ['a'] }),
      launch('a', hold),
    ]);
    assert.deepEqual(
      run.events.filter((e) => e.type === 'spawn').map((e) => e.process),
      ['a', 'b', 'c'],
    );
  });

  test('a dependency that ends before it is ready fails its dependents, which never start', async () => {
    const run = await runSupervised([
      launch('db', program('steps.mjs', 'print:crash', 'exit:3'), { readyWhen: 'listening' }),
      launch('app', program('steps.mjs', 'print:app up'), { dependsOn: ['db'] }),
    ]);
    const app = run.processNamed('app');
    assert.deepEqual([app.reason, app.exitCode, app.startedAt], ['failed', null, null]);
    assert.match(app.because, /not started: dependency db ended \(failed\) before it was ready/);
    assert.equal(run.summary.exitCode, 3);
  });

  test('bad launch specs are refused before anything starts', async () => {
    await assert.rejects(
      runSupervised([launch('a', ['true'], { dependsOn: ['ghost'] })]),
      /depends on ghost/,
    );
    await assert.rejects(
      runSupervised([launch('a', ['true'], { readyWhen: '(' })]),
      /ready_when not a valid regular expression/,
    );
    await assert.rejects(
      runSupervised([launch('a', ['true']), launch('a', ['true'])]),
      /two processes are named a/,
    );
  });
});
