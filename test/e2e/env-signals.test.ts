// `headroom env NAME -- CMD` stands in front of the child (a container's PID 1, say): signals sent to
// headroom alone reach the child, and the child's exit status is headroom's.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { cliPath, repoRoot, writeConfig } from './cli.js';

const config = writeConfig(
  [
    'gpus:',
    '  - memory: 24GiB',
    'processes:',
    '  learner:',
    '    framework: jax',
    '    gpu_memory: 30%',
    '',
  ].join('\n'),
);
after(() => rmSync(dirname(config), { recursive: true, force: true }));

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'] as const) {
  test(`${signal} sent to headroom alone reaches the child, whose exit code headroom passes on`, async () => {
    const child = spawn(
      process.execPath,
      [
        cliPath,
        'env',
        '-c',
        config,
        'learner',
        '--',
        process.execPath,
        join(repoRoot, 'test/programs/trap.mjs'),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${stdout}`)), 20_000);
      child.stdout.on('data', () => {
        if (stdout.includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.match(stdout, new RegExp(`got ${signal}`));
    assert.equal(code, 3);
  });
}
