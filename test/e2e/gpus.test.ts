// The built CLI for `gpus` and `watch --json`: exit codes and streams with no backend, a recording on
// a real stdin, and JSON lines on a pipe (the readings are tested in-process, src/cli/commands/gpus).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { newSimDir } from '../../src/probe/gpu/test-helpers/workloads.js';
import { cliPath, runCli } from './cli.js';

const noBackendEnv = {
  HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1',
  PATH: '/nonexistent',
  HEADROOM_GPU: '',
};

test('gpus with no backend: one line and a hint on stderr, nothing on stdout, exit 2', () => {
  const none = runCli(['gpus'], { env: noBackendEnv });
  assert.equal(none.code, 2);
  assert.equal(none.stdout, '');
  assert.match(
    none.stderr,
    /^headroom: no GPU backend: NVML: cannot load .*; nvidia-smi: not on PATH\nhint: /,
  );
  const json = runCli(['gpus', '--json'], { env: noBackendEnv });
  assert.equal(json.code, 2);
  assert.equal(JSON.parse(json.stdout).error.code, 'environment');
});

test('gpus --from - reads a recording piped to it', () => {
  const csv =
    'index, name, uuid, memory.total [MiB], memory.used [MiB], memory.free [MiB]\n0, NVIDIA GeForce RTX 4090, GPU-1234, 24564 MiB, 1024 MiB, 23540 MiB\n';
  const result = spawnSync(process.execPath, [cliPath, 'gpus', '--from', '-', '--json'], {
    input: csv,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout).devices[0].usedBytes, 1024 * 1024 ** 2);
});

test('watch --json on a pipe: one sample per line, exit 0 after --count', () => {
  const result = runCli(['watch', '--gpu', 'sim:8GiB', '--json', '--count', '2', '--interval', '50ms'], {
    env: { HEADROOM_SIM_DIR: newSimDir() },
  });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout.trim().split('\n').length, 2);
  assert.doesNotMatch(result.stdout, /\u001b\[/);
});
