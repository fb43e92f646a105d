// `watch` on a machine without a GPU backend (the seed 004 user): the host's RAM and its largest
// process trees, a process headroom started named by its HEADROOM_PROCESS; and `watch --metrics`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startCli } from './background.js';
import { repoRoot, runCli } from './cli.js';

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
    const { code, stdout, stderr } = runCli(['watch', '--json', '--count', '1'], { env: noBackendEnv });
    assert.equal(code, 0, stderr);
    const frame = JSON.parse(stdout);
    assert.equal(frame.source, 'none');
    assert.ok(frame.host.totalBytes > 0 && frame.host.usedBytes > 0);
    assert.match(frame.warnings[0], /^no GPU backend: NVML/);
    const mine = frame.processes.find((p: { pid: number }) => p.pid === learner.pid);
    assert.equal(mine?.process, 'learner');
    assert.ok(mine.hostBytes >= 300 * MiB, `${mine.hostBytes}`);
    // Labelled trees come first.
    assert.equal(frame.processes[0].process, 'learner');
  } finally {
    learner.kill('SIGKILL');
  }
});

test('watch --metrics serves each card and process it sees', async () => {
  const simDir = mkdtempSync(join(tmpdir(), 'headroom-watch-sim-'));
  const cli = startCli(
    ['watch', '--gpu', 'sim:24GiB', '--json', '--interval', '200', '--metrics', '127.0.0.1:0'],
    {
      HEADROOM_SIM_DIR: simDir,
    },
  );
  try {
    const url = (await cli.waitFor(/metrics: (http:\/\/\S+)/))[1]!;
    await cli.waitFor(/"source":"sim"/);
    const text = await (await fetch(url)).text();
    assert.match(
      text,
      /^headroom_gpu_memory_total_bytes\{gpu="0",gpu_uuid="GPU-[^"]+",name="simulated GPU"\} 25769803776$/m,
    );
    assert.match(text, /^headroom_gpu_memory_used_bytes\{gpu="0",.*\} 0$/m);
  } finally {
    await cli.stop();
    rmSync(simDir, { recursive: true, force: true });
  }
});
