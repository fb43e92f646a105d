// `headroom watch --json`, run in-process: one sample per line, --count frames; without a GPU backend,
// the host's RAM and its largest trees (the seed 004 user's machine).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { newSimDir } from '../../../probe/gpu/test-helpers/workloads.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

test('watch --json prints one sample per line and stops after --count', async () => {
  const result = await runHeadroom(
    ['watch', '--gpu', 'sim:8GiB', '--json', '--count', '2', '--interval', '50'],
    {
      env: { HEADROOM_SIM_DIR: newSimDir() },
    },
  );
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(lines.length, 2);
  assert.equal(lines[0].simulated, true);
  assert.equal(lines[1].devices[0].totalBytes, 8 * 1024 ** 3);
});

const noBackendEnv = {
  HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1',
  PATH: '/nonexistent',
  HEADROOM_GPU: '',
};
const MiB = 1024 ** 2;

test('without a GPU backend, watch shows the host and names the trees headroom started', async () => {
  // A "learner" holding 300 MiB, as `headroom run` would have labelled it.
  const learner = spawn(
    process.execPath,
    [join(repoRoot, 'test', 'programs', 'allocate.mjs'), '300', '60000'],
    {
      env: { ...process.env, HEADROOM_PROCESS: 'learner' },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  try {
    await new Promise((resolve) => learner.stdout!.once('data', resolve));
    const { code, stdout, stderr } = await runHeadroom(['watch', '--json', '--count', '1'], {
      env: noBackendEnv,
    });
    assert.equal(code, 0, stderr);
    const frame = JSON.parse(stdout);
    assert.equal(frame.source, 'none');
    assert.ok(frame.host.totalBytes > 0 && frame.host.usedBytes > 0);
    assert.match(frame.warnings[0], /^no GPU backend: NVML/);
    const mine = frame.processes.find((p: { pid: number }) => p.pid === learner.pid);
    assert.equal(mine?.process, 'learner');
    assert.ok(mine.hostBytes >= 300 * MiB, `${mine.hostBytes}`);
    // Labelled trees come first (other tests running at once may have labelled trees of their own).
    const labelled = frame.processes.map((p: { process?: string | null }) => Boolean(p.process));
    assert.ok(
      labelled.indexOf(false) === -1 || labelled.lastIndexOf(true) < labelled.indexOf(false),
      `${labelled}`,
    );
  } finally {
    learner.kill('SIGKILL');
  }
});
