// Backend choice and the nvidia-smi backend, with a fake nvidia-smi script on PATH and a fake libnvidia-ml.
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { EnvironmentError, UsageError } from '../../errors.js';
import { scratchDir } from '../../test-helpers/scratch.js';
import { detectDevices, openGpuProbe } from './open-probe.js';
import { buildFakeNvml, compilerMissing } from './test-helpers/fake-nvml.js';

const MiB = 1024 ** 2;
const noNvml = { HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1' };
const gpuCsv =
  'index, name, uuid, memory.total [MiB], memory.used [MiB], memory.free [MiB]\n0, NVIDIA L40S, GPU-aa, 46068, 803, 44811\n1, NVIDIA L40S, GPU-bb, 46068, 1, 45613\n';
const appsCsv = 'gpu_uuid, pid, process_name, used_gpu_memory [MiB]\nGPU-bb, 5997, python train.py, 794\n';

/** A directory holding a fake `nvidia-smi` that answers the two queries, or fails like a missing driver. */
function fakeSmiPath(mode: 'ok' | 'broken'): string {
  const dir = scratchDir('fake-smi');
  const script =
    mode === 'ok'
      ? `#!/bin/sh\ncase "$1" in\n  --query-gpu=*) printf '%s' '${gpuCsv}' ;;\n  --query-compute-apps=*) printf '%s' '${appsCsv}' ;;\n  *) exit 2 ;;\nesac\n`
      : '#!/bin/sh\necho "NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."\nexit 9\n';
  writeFileSync(path.join(dir, 'nvidia-smi'), script);
  chmodSync(path.join(dir, 'nvidia-smi'), 0o755);
  return dir;
}

test('nvidia-smi backend: two CSV queries joined by GPU UUID', async () => {
  const probe = await openGpuProbe({ backend: 'nvidia-smi', env: { PATH: fakeSmiPath('ok') } });
  const snapshot = await probe.snapshot();
  assert.equal(snapshot.source, 'nvidia-smi');
  assert.deepEqual(
    snapshot.devices.map((d) => [d.index, d.uuid, d.totalBytes, d.usedBytes]),
    [
      [0, 'GPU-aa', 46068 * MiB, 803 * MiB],
      [1, 'GPU-bb', 46068 * MiB, 1 * MiB],
    ],
  );
  assert.deepEqual(snapshot.processes, [
    { pid: 5997, device: 1, usedBytes: 794 * MiB, name: 'python train.py' },
  ]);
});

test('nvidia-smi failing, or absent, is an EnvironmentError in one line', async () => {
  const broken = await openGpuProbe({ backend: 'nvidia-smi', env: { PATH: fakeSmiPath('broken') } });
  await assert.rejects(
    broken.snapshot(),
    (error: unknown) =>
      error instanceof EnvironmentError &&
      /^nvidia-smi failed: NVIDIA-SMI has failed because/.test(error.message),
  );
  await assert.rejects(
    openGpuProbe({ backend: 'nvidia-smi', env: { PATH: '/nonexistent' } }),
    /nvidia-smi: not on PATH/,
  );
});

test('auto: simulated cards in HEADROOM_GPU first, then nvml, then nvidia-smi, else none with reasons', async () => {
  assert.equal(
    (await openGpuProbe({ env: { HEADROOM_GPU: 'sim:8GiB', HEADROOM_SIM_DIR: tmpdir() } })).source,
    'sim',
  );
  assert.equal((await openGpuProbe({ env: { ...noNvml, PATH: fakeSmiPath('ok') } })).source, 'nvidia-smi');
  const none = await openGpuProbe({
    env: { ...noNvml, HEADROOM_GPU: '24GiB', PATH: '/nonexistent' },
  });
  assert.equal(none.source, 'none');
  assert.deepEqual(none.unavailableReasons, [
    'NVML: cannot load /nonexistent/libnvidia-ml.so.1 (no NVIDIA driver on this machine)',
    'nvidia-smi: not on PATH',
  ]);
});

test('auto and --gpu-backend nvml use the NVML library when it opens', {
  skip: compilerMissing(),
}, async () => {
  const env = { HEADROOM_NVML_LIBRARY: buildFakeNvml('open-probe'), PATH: '/nonexistent' };
  const detected = await detectDevices({ env });
  assert.equal(detected.source, 'nvml');
  assert.deepEqual(detected.devices[0], {
    index: 0,
    name: 'Tesla T4',
    uuid: 'GPU-d37e67a5-91dd-3774-a5cb-99096249601a',
    totalBytes: 15360 * MiB,
    simulated: false,
  });
  const probe = await openGpuProbe({ backend: 'nvml', env });
  assert.equal(probe.source, 'nvml');
  await probe.close();
  await assert.rejects(openGpuProbe({ backend: 'nvml', env: noNvml }), EnvironmentError);
});

test('detectDevices gives DeviceSpecs for simulated cards; flags that contradict are usage errors', async () => {
  const detected = await detectDevices({
    gpu: 'sim:2x24GiB',
    env: { HEADROOM_SIM_DIR: scratchDir('hr') },
  });
  assert.deepEqual(
    detected.devices.map((d) => [d.index, d.totalBytes, d.simulated]),
    [
      [0, 24 * 1024 * MiB, true],
      [1, 24 * 1024 * MiB, true],
    ],
  );
  await assert.rejects(openGpuProbe({ gpu: '24GiB' }), UsageError);
  await assert.rejects(openGpuProbe({ gpu: 'sim:8GiB', backend: 'nvml' }), UsageError);
  await assert.rejects(openGpuProbe({ from: ['x.xml'], gpu: 'sim:8GiB' }), UsageError);
  await assert.rejects(openGpuProbe({ backend: 'sim', env: {} }), UsageError);
  await assert.rejects(openGpuProbe({ backend: 'cuda' as 'nvml' }), UsageError);
  await assert.rejects(
    openGpuProbe({ from: ['/nonexistent.xml'] }),
    /cannot read \/nonexistent\.xml: no such file/,
  );
});
