// Simulated cards: the spec grammar, the child environment, and snapshots of claims by live workloads.
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseSimCards } from '../../../assets/sim-card/sim-gpu.mjs';
import { parseGpuFlags } from '../../config/gpu-flags.js';
import { UsageError } from '../../errors.js';
import { createSimProbe, parseSimSpec, simEnvironment } from './sim-backend.js';
import { newSimDir, startWorkload } from './test-helpers/workloads.js';

const GiB = 1024 ** 3;

test('specs: sizes, counts and lists; non-simulated entries are not sim; malformed ones are usage errors', () => {
  assert.deepEqual(parseSimSpec('sim:24GiB,sim:2x80GiB'), [
    { index: 0, totalBytes: 24 * GiB },
    { index: 1, totalBytes: 80 * GiB },
    { index: 2, totalBytes: 80 * GiB },
  ]);
  assert.deepEqual(parseSimSpec('sim:24GB'), [{ index: 0, totalBytes: 24e9 }]);
  assert.equal(parseSimSpec('24GiB'), undefined);
  assert.equal(parseSimSpec('sim:24GiB,24GiB'), undefined);
  assert.equal(parseSimSpec(undefined), undefined);
  assert.throws(
    () => parseSimSpec('sim:lots'),
    (error: unknown) =>
      error instanceof UsageError && /"sim:lots": .*or sim:24GiB for a simulated card/.test(error.message),
  );
});

test('sizes are read as plan --gpu reads them: G and Gi units, and a bare number is refused, not bytes', () => {
  assert.deepEqual(parseSimSpec('sim:24G,sim:2x24Gi'), [
    { index: 0, totalBytes: 24e9 },
    { index: 1, totalBytes: 24 * GiB },
    { index: 2, totalBytes: 24 * GiB },
  ]);
  assert.deepEqual(parseSimSpec(`sim:${24 * GiB}B`), [{ index: 0, totalBytes: 24 * GiB }]);
  for (const [spec, origin] of [
    ['sim:24', '--gpu'],
    ['sim:24', 'HEADROOM_GPU='],
  ] as const) {
    let planMessage = '';
    try {
      parseGpuFlags([spec], origin);
    } catch (error) {
      planMessage = (error as Error).message;
    }
    assert.match(planMessage, /"24" has no unit: write 24GiB \(or 24B for bytes\)/);
    assert.throws(
      () => parseSimSpec(spec, origin),
      (error: unknown) => error instanceof UsageError && error.message === planMessage,
    );
  }
});

test('the canonical spec children get is read back by the workloads and by headroom alike', () => {
  const odd = [{ index: 0, totalBytes: 24 * GiB + 1 }];
  const { HEADROOM_GPU } = simEnvironment({ spec: odd, env: { HEADROOM_SIM_DIR: '/x' } });
  assert.equal(HEADROOM_GPU, `sim:${24 * GiB + 1}B`);
  assert.deepEqual(parseSimCards(HEADROOM_GPU), odd);
  assert.deepEqual(parseSimSpec(HEADROOM_GPU), odd);
});

test('the child environment names the canonical cards and one state directory', () => {
  const env = simEnvironment({ spec: 'sim:24GiB, sim:80GiB', env: {} });
  assert.equal(env.HEADROOM_GPU, 'sim:24GiB,sim:80GiB');
  assert.match(env.HEADROOM_SIM_DIR, /headroom-sim-.*24GiB_80GiB$/);
  assert.equal(simEnvironment({ spec: 'sim:24GiB', env: { HEADROOM_SIM_DIR: '/x' } }).HEADROOM_SIM_DIR, '/x');
  assert.throws(() => simEnvironment({ spec: '24GiB' }), UsageError);
});

test('a snapshot sums the claims of live workloads and forgets them when they exit', async () => {
  const dir = newSimDir();
  const probe = createSimProbe({ spec: 'sim:24GiB,sim:24GiB', env: { HEADROOM_SIM_DIR: dir } });
  const env = { ...probe.childEnv, CUDA_VISIBLE_DEVICES: '1' };
  const sim = startWorkload(
    'fake-sim.mjs',
    ['--gpu-memory', '2GiB', '--context', '0', '--host-memory', '1MiB'],
    env,
  );
  try {
    await sim.waitFor(/ready/);
    const snapshot = await probe.snapshot();
    assert.equal(snapshot.simulated, true);
    assert.deepEqual(snapshot.processes, [{ pid: sim.child.pid, device: 1, usedBytes: 2 * GiB }]);
    assert.deepEqual(
      snapshot.devices.map((d) => [d.index, d.usedBytes, d.freeBytes, d.simulated]),
      [
        [0, 0, 24 * GiB, true],
        [1, 2 * GiB, 22 * GiB, true],
      ],
    );
  } finally {
    sim.child.kill('SIGTERM');
  }
  const ended = await sim.ended;
  assert.equal(ended.signal, 'SIGTERM');
  assert.deepEqual((await probe.snapshot()).processes, []);
});

test('stale claims of dead PIDs are ignored; claims on a card that does not exist are noted', async () => {
  const dir = newSimDir();
  writeFileSync(
    path.join(dir, 'headroom-sim-claim-999999999.json'),
    '{"headroomSim":1,"device":0,"bytes":1}',
  );
  writeFileSync(
    path.join(dir, `headroom-sim-claim-${process.pid}.json`),
    '{"headroomSim":1,"device":5,"bytes":1}',
  );
  const snapshot = await createSimProbe({ spec: 'sim:1GiB', env: { HEADROOM_SIM_DIR: dir } }).snapshot();
  assert.deepEqual(snapshot.processes, []);
  assert.match(snapshot.warnings?.join() ?? '', /claims simulated GPU 5/);
  assert.equal(
    existsSync(path.join(dir, 'headroom-sim-claim-999999999.json')),
    false,
    'a stale claim of ours is cleared',
  );
});

test("a state directory the user named keeps the user's files, whatever their names", async () => {
  const dir = newSimDir();
  const theirs = ['99999.json', '123456.json', 'headroom-sim-claim-999999998.json', '.lock'];
  writeFileSync(path.join(dir, theirs[0]!), '{"device":0,"bytes":1}');
  writeFileSync(path.join(dir, theirs[1]!), 'notes');
  writeFileSync(path.join(dir, theirs[2]!), '{"device":0,"bytes":1}'); // our name, but not our marker
  writeFileSync(path.join(dir, theirs[3]!), 'mine');
  await createSimProbe({ spec: 'sim:1GiB', env: { HEADROOM_SIM_DIR: dir } }).snapshot();
  for (const name of theirs) assert.equal(existsSync(path.join(dir, name)), true, name);
});
