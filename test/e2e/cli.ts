// Runs the built CLI as a user would: `node bin/headroom.js ...`, no colour, captured output.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cpuBounded, hangBackstopMs } from '../../src/test-helpers/cpu-limit.js';

export { writeConfig } from '../../src/test-helpers/scratch.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = join(repoRoot, 'bin', 'headroom.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the built CLI and waits for it; a runaway is stopped at 60 CPU-s. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const result = spawnSync(...cpuBounded(60, process.execPath, [cliPath, ...args]), {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
