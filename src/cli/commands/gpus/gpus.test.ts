// `headroom gpus`, run in-process through the CLI's dispatcher: on simulated cards, recorded files, a
// fake NVML and no backend at all; -c matches live processes to their planned budgets.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { test } from 'node:test';
import { buildFakeNvml, compilerMissing } from '../../../probe/gpu/test-helpers/fake-nvml.js';
import { noSharedMessage, repoRoot, sharedDir } from '../../../probe/gpu/test-helpers/shared.js';
import { newSimDir, startWorkload } from '../../../probe/gpu/test-helpers/workloads.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const noBackendEnv = {
  HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1',
  PATH: '/nonexistent',
  HEADROOM_GPU: '',
};

async function headroom(args: string[], env: Record<string, string> = {}, input?: string) {
  const { code, stdout, stderr } = await runHeadroom(args, {
    env,
    ...(input === undefined ? {} : { input }),
  });
  return { status: code, stdout, stderr };
}

test('gpus reads --gpu sim: sizes as plan does: sim:24G is a card, sim:24 is refused as plan refuses it', async () => {
  const env = { HEADROOM_SIM_DIR: newSimDir() };
  const decimal = await headroom(['gpus', '--gpu', 'sim:24G', '--json'], env);
  assert.equal(decimal.status, 0, decimal.stderr);
  assert.equal(JSON.parse(decimal.stdout).devices[0].totalBytes, 24e9);
  const bare = await headroom(['gpus', '--gpu', 'sim:24'], env);
  const plan = await headroom([
    'plan',
    '--gpu',
    'sim:24',
    '-c',
    join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml'),
  ]);
  assert.equal(bare.status, 2);
  assert.equal(plan.status, 2);
  assert.match(bare.stderr, /--gpu "sim:24": "24" has no unit: write 24GiB \(or 24B for bytes\)/);
  assert.equal(bare.stderr, plan.stderr);
});

test('gpus on a simulated card lists the workload with its command and host memory (JSON contract)', async () => {
  const env = { HEADROOM_SIM_DIR: newSimDir() };
  const sim = startWorkload('fake-sim.mjs', ['--gpu-memory', '6GiB', '--host-memory', '64MiB'], {
    ...env,
    HEADROOM_GPU: 'sim:24GiB',
  });
  try {
    await sim.waitFor(/ready/);
    const json = await headroom(['gpus', '--gpu', 'sim:24GiB', '--json'], env);
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
    const text = await headroom(['gpus', '--gpu', 'sim:24GiB'], env);
    assert.equal(text.status, 0);
    assert.match(text.stdout, /simulated/);
    assert.match(text.stdout, /GPU\s+PID\s+GPU MEM\s+HOST MEM\s+COMMAND/);
    assert.doesNotMatch(text.stdout, /\u001b\[/);
  } finally {
    sim.child.kill('SIGTERM');
    await sim.ended;
  }
});

test('gpus with no backend says so in one line and exits 2', async () => {
  const none = await headroom(['gpus'], noBackendEnv);
  assert.equal(none.status, 2);
  assert.equal(none.stdout, '');
  assert.match(
    none.stderr,
    /^headroom: no GPU backend: NVML: cannot load .*; nvidia-smi: not on PATH\nhint: /,
  );
  const nvml = await headroom(['gpus', '--gpu-backend', 'nvml'], noBackendEnv);
  assert.equal(nvml.status, 2);
  assert.match(
    nvml.stderr,
    /^headroom: NVML: cannot load \/nonexistent\/libnvidia-ml\.so\.1 \(no NVIDIA driver on this machine\)\n/,
  );
  assert.equal((await headroom(['gpus', '--gpu', '24GiB'], noBackendEnv)).status, 2);
});

test('gpus through NVML (a fake libnvidia-ml) reads devices and host PIDs', {
  skip: compilerMissing(),
}, async () => {
  const result = await headroom(['gpus', '--json'], {
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

test('gpus --from reads recorded output; a cut-short file is a located error, not a stack trace', async (t) => {
  const shared = sharedDir();
  if (!shared) return t.skip(noSharedMessage);
  const fixtures = path.join(shared, 'fixtures', 'nvidia-smi');
  const table = await headroom([
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
  const pair = await headroom([
    'gpus',
    '--from',
    path.join(fixtures, 'csv/query-gpu-all-fields_h100-mig_590.48.01_load.csv'),
    '--from',
    path.join(fixtures, 'csv/compute-apps_h100-mig_590.48.01_load.csv'),
  ]);
  assert.equal(pair.status, 0, pair.stderr);
  assert.match(pair.stdout, /NVIDIA H100 80GB HBM3\s+79\.65 GiB\s+10\.86 GiB/);
  assert.match(pair.stdout, /21198\s+7\.31 GiB\s+n\/a\s+\.\/gpu_burn/);
  const cut = path.join(scratchDir('cut'), 'cut.xml');
  const xml = readFileSync(path.join(fixtures, 'xml/tesla-t4_515.105.01.xml'), 'utf8');
  writeFileSync(cut, xml.slice(0, 3000));
  const broken = await headroom(['gpus', '--from', cut]);
  assert.equal(broken.status, 2);
  assert.match(
    broken.stderr,
    new RegExp(`^headroom: ${cut.replace(/[.]/g, '\\.')}:\\d+: XML: the file ends`),
  );
  assert.doesNotMatch(broken.stderr, /internal error|\n\s+at /);
});

const scratch = scratchDir('gpus-input');

// The --query-gpu CSV form (nvidia-smi --query-gpu=index,name,uuid,memory.total,memory.used,memory.free).
const csv = (used: string, free: string): string =>
  `index, name, uuid, memory.total [MiB], memory.used [MiB], memory.free [MiB]\n0, NVIDIA GeForce RTX 4090, GPU-1234, 24564 MiB, ${used}, ${free}\n`;

test('a directory is said to be one, in one line with exit 2', async () => {
  const { code, stderr } = await runHeadroom(['gpus', '--from', scratch]);
  assert.equal(code, 2);
  assert.match(stderr, /it is a directory; pass a file of saved nvidia-smi output/);
  assert.doesNotMatch(stderr, /EISDIR|at /);
});

test('--from - reads standard input, as doctor - does', async () => {
  const result = await headroom(['gpus', '--from', '-', '--json'], {}, csv('1024 MiB', '23540 MiB'));
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.devices[0].usedBytes, 1024 * 1024 ** 2);
});

test('used more than total: the readings are left out with a warning, never negative free memory', async () => {
  const file = join(scratch, 'tampered.csv');
  writeFileSync(file, csv('4294967295 MiB', '0 MiB'));
  const { code, stdout } = await runHeadroom(['gpus', '--from', file, '--json']);
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.equal(report.devices[0].usedBytes, null);
  assert.match(JSON.stringify(report), /those readings are left out/);
  const text = await runHeadroom(['gpus', '--from', file]);
  assert.doesNotMatch(text.stdout, /-\d|NaN|Infinity/);
});

const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

test('a planned process on a simulated card shows its name and budget; others show none', async () => {
  const env = { HEADROOM_SIM_DIR: newSimDir(), HEADROOM_GPU: 'sim:24GiB' };
  const planned = startWorkload('fake-sim.mjs', ['--gpu-memory', '2GiB', '--host-memory', '16MiB'], {
    ...env,
    HEADROOM_PROCESS: 'sim',
  });
  const stranger = startWorkload('fake-sim.mjs', ['--gpu-memory', '1GiB', '--host-memory', '16MiB'], env);
  try {
    await planned.waitFor(/ready/);
    await stranger.waitFor(/ready/);
    const json = await runHeadroom(['gpus', '--gpu', 'sim:24GiB', '-c', seed000, '--json'], { env });
    assert.equal(json.code, 0, json.stderr);
    const processes = JSON.parse(json.stdout).processes as {
      pid: number;
      process: string | null;
      budgetBytes: number | null;
    }[];
    const simBudget = JSON.parse((await runHeadroom(['plan', '-c', seed000, '--json'])).stdout).processes[0]
      .budgetBytes;
    assert.deepEqual(
      processes.map((p) => [p.pid, p.process, p.budgetBytes]).sort(),
      [
        [planned.child.pid, 'sim', simBudget],
        [stranger.child.pid, null, null],
      ].sort(),
    );
    const text = await runHeadroom(['gpus', '--gpu', 'sim:24GiB', '-c', seed000], { env });
    assert.match(text.stdout, /BUDGET/);
    // The sim's budget in examples/rl-isaac: what 1 GiB contexts, the reserve and the JAX budgets leave.
    assert.match(text.stdout, /10\.90 GiB/);
  } finally {
    planned.child.kill('SIGKILL');
    stranger.child.kill('SIGKILL');
  }
});
