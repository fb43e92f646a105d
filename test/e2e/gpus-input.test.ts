// `gpus --from` with what users really pass: a directory, standard input, and a recording that
// contradicts itself. One clear line (exit 2) or a warning; never a raw error or a negative size.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliPath, runCli } from './cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-gpus-input-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// The --query-gpu CSV form (nvidia-smi --query-gpu=index,name,uuid,memory.total,memory.used,memory.free).
const csv = (used: string, free: string): string =>
  `index, name, uuid, memory.total [MiB], memory.used [MiB], memory.free [MiB]\n0, NVIDIA GeForce RTX 4090, GPU-1234, 24564 MiB, ${used}, ${free}\n`;

test('a directory is said to be one, in one line with exit 2', () => {
  const { code, stderr } = runCli(['gpus', '--from', scratch]);
  assert.equal(code, 2);
  assert.match(stderr, /it is a directory; pass a file of saved nvidia-smi output/);
  assert.doesNotMatch(stderr, /EISDIR|at /);
});

test('--from - reads standard input, as doctor - does', () => {
  const result = spawnSync(process.execPath, [cliPath, 'gpus', '--from', '-', '--json'], {
    input: csv('1024 MiB', '23540 MiB'),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.devices[0].usedBytes, 1024 * 1024 ** 2);
});

test('used more than total: the readings are left out with a warning, never negative free memory', () => {
  const file = join(scratch, 'tampered.csv');
  writeFileSync(file, csv('4294967295 MiB', '0 MiB'));
  const { code, stdout } = runCli(['gpus', '--from', file, '--json']);
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.equal(report.devices[0].usedBytes, null);
  assert.match(JSON.stringify(report), /those readings are left out/);
  const text = runCli(['gpus', '--from', file]);
  assert.doesNotMatch(text.stdout, /-\d|NaN|Infinity/);
});
