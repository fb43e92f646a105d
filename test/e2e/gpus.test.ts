// `headroom gpus` end to end: the built CLI, NO_COLOR, on simulated cards, recorded files, a fake NVML
// and no backend at all.
import assert from 'node:assert/strict';
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildFakeNvml, compilerMissing } from '../../src/probe/gpu/test-helpers/fake-nvml.js';
import { noSharedMessage, repoRoot, sharedDir } from '../../src/probe/gpu/test-helpers/shared.js';
import { newSimDir, startWorkload } from '../../src/probe/gpu/test-helpers/workloads.js';

const cli = path.join(repoRoot, 'bin', 'headroom.js');
const notBuilt = existsSync(path.join(repoRoot, 'dist', 'cli.js'))
  ? undefined
  : 'needs the built CLI: run npm run build (npm test does)';
const noBackendEnv = {
  HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1',
  PATH: '/nonexistent',
  HEADROOM_GPU: '',
};

function headroom(args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 30_000,
  });
}

test('gpus on a simulated card lists the workload with its command and host memory (JSON contract)', {
  skip: notBuilt,
}, async () => {
  const env = { HEADROOM_SIM_DIR: newSimDir() };
  const sim = startWorkload('fake-sim.mjs', ['--gpu-memory', '6GiB', '--host-memory', '64MiB'], {
    ...env,
    HEADROOM_GPU: 'sim:24GiB',
  });
  try {
    await sim.waitFor(/ready/);
    const json = headroom(['gpus', '--gpu', 'sim:24GiB', '--json'], env);
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout);
    assert.equal(result.source, 'sim');
    assert.equal(result.simulated, true);
    const [device] = result.devices;
    for (const key of ['index', 'name', 'uuid', 'totalBytes', 'usedBytes', 'freeBytes'])
      assert.ok(key in device, key);
    assert.equal(device.totalBytes, 24 * 1024 ** 3);
    const [process] = result.processes;
    assert.equal(process.pid, sim.child.pid);
    assert.equal(process.device, 0);
    assert.equal(process.usedBytes, (6 * 1024 + 300) * 1024 ** 2);
    assert.match(process.command, /fake-sim\.mjs --gpu-memory 6GiB/);
    assert.ok(process.hostBytes > 64 * 1024 ** 2, 'host memory of the tree');
    const text = headroom(['gpus', '--gpu', 'sim:24GiB'], env);
    assert.equal(text.status, 0);
    assert.match(text.stdout, /simulated/);
    assert.match(text.stdout, /GPU\s+PID\s+GPU MEM\s+HOST MEM\s+COMMAND/);
    assert.doesNotMatch(text.stdout, /\u001b\[/);
  } finally {
    sim.child.kill('SIGTERM');
    await sim.ended;
  }
});

test('gpus with no backend says so in one line and exits 2', { skip: notBuilt }, () => {
  const none = headroom(['gpus'], noBackendEnv);
  assert.equal(none.status, 2);
  assert.equal(none.stdout, '');
  assert.match(
    none.stderr,
    /^headroom: no GPU backend: NVML: cannot load .*; nvidia-smi: not on PATH\nhint: /,
  );
  const nvml = headroom(['gpus', '--gpu-backend', 'nvml'], noBackendEnv);
  assert.equal(nvml.status, 2);
  assert.match(
    nvml.stderr,
    /^headroom: NVML: cannot load \/nonexistent\/libnvidia-ml\.so\.1 \(no NVIDIA driver on this machine\)\n/,
  );
  assert.equal(headroom(['gpus', '--gpu', '24GiB'], noBackendEnv).status, 2);
});

test('gpus through NVML (a fake libnvidia-ml) reads devices and host PIDs', {
  skip: notBuilt ?? compilerMissing(),
}, () => {
  const result = headroom(['gpus', '--json'], {
    ...noBackendEnv,
    HEADROOM_NVML_LIBRARY: buildFakeNvml('e2e'),
  });
  assert.equal(result.status, 0, result.stderr);
  const parsed = JSON.parse(result.stdout);
  assert.equal(parsed.source, 'nvml');
  assert.deepEqual(
    parsed.devices.map((d: { name: string }) => d.name),
    ['Tesla T4', 'NVIDIA A10G'],
  );
  assert.deepEqual(
    parsed.processes.map((p: { pid: number; usedBytes: number }) => [p.pid, p.usedBytes / 1024 ** 2]),
    [
      [675, 22],
      [5762, 1005],
      [725, 22],
    ],
  );
});

test('gpus --from reads recorded output; a cut-short file is a located error, not a stack trace', {
  skip: notBuilt,
}, (t) => {
  const shared = sharedDir();
  if (!shared) return t.skip(noSharedMessage);
  const fixtures = path.join(shared, 'fixtures', 'nvidia-smi');
  const table = headroom([
    'gpus',
    '--json',
    '--from',
    path.join(fixtures, 'table/h100-mig_590.48.01_load.txt'),
  ]);
  assert.equal(table.status, 0, table.stderr);
  const parsed = JSON.parse(table.stdout);
  assert.equal(parsed.source, 'file');
  assert.deepEqual(
    parsed.processes.map((p: { pid: number; command: string }) => [p.pid, p.command]),
    [
      [21180, '/root/tools/memhog'],
      [21181, '/root/tools/memhog'],
      [21198, './gpu_burn'],
    ],
  );
  const pair = headroom([
    'gpus',
    '--from',
    path.join(fixtures, 'csv/query-gpu-all-fields_h100-mig_590.48.01_load.csv'),
    '--from',
    path.join(fixtures, 'csv/compute-apps_h100-mig_590.48.01_load.csv'),
  ]);
  assert.equal(pair.status, 0, pair.stderr);
  assert.match(pair.stdout, /NVIDIA H100 80GB HBM3\s+79\.65 GiB\s+10\.86 GiB/);
  assert.match(pair.stdout, /21198\s+7\.31 GiB\s+n\/a\s+\.\/gpu_burn/);
  const cut = path.join(mkdtempSync(path.join(tmpdir(), 'headroom-cut-')), 'cut.xml');
  const xml = readFileSync(path.join(fixtures, 'xml/tesla-t4_515.105.01.xml'), 'utf8');
  writeFileSync(cut, xml.slice(0, 3000));
  const broken = headroom(['gpus', '--from', cut]);
  assert.equal(broken.status, 2);
  assert.match(
    broken.stderr,
    new RegExp(`^headroom: ${cut.replace(/[.]/g, '\\.')}:\\d+: XML: the file ends`),
  );
  assert.doesNotMatch(broken.stderr, /internal error|\n\s+at /);
});

test('watch --json prints one sample per line and stops after --count', { skip: notBuilt }, () => {
  const result = headroom(['watch', '--gpu', 'sim:8GiB', '--json', '--count', '2', '--interval', '50'], {
    HEADROOM_SIM_DIR: newSimDir(),
  });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(lines.length, 2);
  assert.equal(lines[0].simulated, true);
  assert.equal(lines[1].devices[0].totalBytes, 8 * 1024 ** 3);
});
