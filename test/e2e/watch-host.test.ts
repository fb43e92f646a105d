// `watch --metrics` of the built CLI, running until interrupted (watch without a GPU backend is tested
// in-process, src/cli/commands/watch).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startCli } from './background.js';

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
