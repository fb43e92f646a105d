// The NVML backend against a fake libnvidia-ml built from C: the same symbols and struct layouts, returning
// values recorded from real cards, with each driver quirk of ../shared/NVML.md compiled in on demand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { EnvironmentError } from '../../errors.js';
import { createNvmlProbe } from './nvml-backend.js';
import { buildFakeNvml, compilerMissing } from './test-helpers/fake-nvml.js';
import { noSharedMessage, sharedDir } from './test-helpers/shared.js';

const MiB = 1024 ** 2;
const skip = compilerMissing();
const recordedProcesses = [
  { pid: 675, device: 0, usedBytes: 22 * MiB },
  { pid: 5762, device: 0, usedBytes: 1005 * MiB },
  { pid: 725, device: 1, usedBytes: 22 * MiB },
];

async function snapshotOf(name: string, defines: string[] = []) {
  const probe = createNvmlProbe({ libraryPath: buildFakeNvml(name, defines) });
  try {
    return await probe.snapshot();
  } finally {
    await probe.close();
  }
}

test('two devices: names, UUIDs, v2 memory and _v3 processes with 24-byte entries', { skip }, async () => {
  const snapshot = await snapshotOf('default');
  assert.equal(snapshot.source, 'nvml');
  assert.equal(snapshot.driverVersion, '550.54.14');
  assert.deepEqual(snapshot.devices[0], {
    index: 0,
    name: 'Tesla T4',
    uuid: 'GPU-d37e67a5-91dd-3774-a5cb-99096249601a',
    totalBytes: 15360 * MiB,
    usedBytes: 1032 * MiB,
    freeBytes: 13939 * MiB,
    reservedBytes: 388 * MiB,
    simulated: false,
  });
  assert.equal(snapshot.devices[1]?.name, 'NVIDIA A10G');
  assert.deepEqual(snapshot.processes, recordedProcesses);
  assert.deepEqual(snapshot.warnings, []);
});

test('_v3 writing 32-byte entries: chosen by driver version (535.43–535.86) or measured', {
  skip,
}, async () => {
  const byVersion = await snapshotOf('v3-32-535', ['FAKE_V3_STRIDE=32', 'FAKE_DRIVER="535.54.03"']);
  assert.equal(byVersion.driverVersion, '535.54.03');
  assert.deepEqual(byVersion.processes, recordedProcesses);
  const measured = await snapshotOf('v3-32-unexpected', ['FAKE_V3_STRIDE=32']);
  assert.deepEqual(measured.processes, recordedProcesses);
});

test('older drivers: _v2 when _v3 is missing, then the bare 16-byte symbol', { skip }, async () => {
  assert.deepEqual((await snapshotOf('no-v3', ['FAKE_NO_V3'])).processes, recordedProcesses);
  assert.deepEqual(
    (await snapshotOf('v1-only', ['FAKE_NO_V3', 'FAKE_NO_V2_PROCS'])).processes,
    recordedProcesses,
  );
});

test('memory v2 not supported or absent: v1, whose used includes the reserved part', { skip }, async () => {
  for (const [name, defines] of [
    ['mem-v2-3', ['FAKE_MEM_V2_ERROR=3']],
    ['mem-v2-13', ['FAKE_MEM_V2_ERROR=13']],
    ['no-mem-v2', ['FAKE_NO_MEM_V2']],
  ] as const) {
    const device = (await snapshotOf(name, [...defines])).devices[0];
    assert.equal(device?.usedBytes, (1032 + 388) * MiB, name);
    assert.equal(device?.reservedBytes, null, name);
    assert.equal(device?.totalBytes, 15360 * MiB, name);
  }
});

test('entries failing the sanity checks are rejected as a list; WDDM memory is null', { skip }, async () => {
  const garbage = await snapshotOf('garbage', ['FAKE_GARBAGE']);
  assert.deepEqual(garbage.processes, [recordedProcesses[2]]);
  assert.match(
    garbage.warnings?.join('\n') ?? '',
    /GPU 0: nvmlDeviceGetComputeRunningProcesses_v3 returned entries that fail/,
  );
  const wddm = await snapshotOf('wddm', ['FAKE_WDDM']);
  assert.deepEqual(
    wddm.processes.map((p) => p.usedBytes),
    [null, null, null],
  );
});

test('no library, or a driver that is not loaded: one-line EnvironmentError', { skip }, () => {
  assert.throws(
    () => createNvmlProbe({ libraryPath: '/nonexistent/libnvidia-ml.so.1' }),
    (error: unknown) =>
      error instanceof EnvironmentError &&
      /^NVML: cannot load \/nonexistent\/libnvidia-ml\.so\.1/.test(error.message) &&
      !error.message.includes('\n'),
  );
  assert.throws(
    () => createNvmlProbe({ libraryPath: buildFakeNvml('init-9', ['FAKE_INIT_ERROR=9']) }),
    (error: unknown) =>
      error instanceof EnvironmentError && /nvmlInit failed: Driver Not Loaded \(9\)/.test(error.message),
  );
});

test('close is idempotent and a closed probe refuses to sample', { skip }, async () => {
  const probe = createNvmlProbe({ libraryPath: buildFakeNvml('close') });
  await probe.close();
  await probe.close();
  await assert.rejects(probe.snapshot(), EnvironmentError);
});

test('every symbol the backend binds is exported by a real driver (590.48.01)', async (t) => {
  const shared = sharedDir();
  if (!shared) return t.skip(noSharedMessage);
  const exported = new Set(
    readFileSync(
      path.join(shared, 'fixtures/nvidia-smi/other/nvml-exported-symbols_590.48.01.txt'),
      'utf8',
    ).split('\n'),
  );
  const source = readFileSync(new URL('./nvml-binding.ts', import.meta.url), 'utf8');
  const bound = [...source.matchAll(/\b(nvml[A-Za-z_0-9]+)\(/g)].map((m) => m[1] ?? '');
  const processSymbols = [...source.matchAll(/'(nvmlDeviceGetComputeRunningProcesses[_v0-9]*)'/g)].map(
    (m) => m[1] ?? '',
  );
  for (const symbol of [...bound, ...processSymbols]) assert.ok(exported.has(symbol), symbol);
});
