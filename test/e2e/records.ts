// Real run records for the report, dashboard and /metrics tests, made by the built CLI's `run`:
// seed 000 on a simulated card, and a run whose learner the kernel OOM-kills in its cgroup.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { cgroupUnavailable } from '../../src/supervise/test-helpers/supervised.js';
import { scratchDir } from '../../src/test-helpers/scratch.js';
import { repoRoot, runCli } from './cli.js';

export const seedConfig = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
export const hostOomConfig = join(repoRoot, 'test', 'configs', 'host-oom.yaml');
export const gpuOomConfig = join(repoRoot, 'test', 'configs', 'gpu-oom.yaml');

/** Why no host-OOM record can be made here (no cgroup), or undefined. */
export const noCgroup = cgroupUnavailable();

/** Runs `config` under `headroom run` into a fresh run directory in `scratch`; returns it. */
export function recordRun(options: { scratch: string; config: string; name: string }): {
  runDir: string;
  code: number | null;
  stderr: string;
} {
  const runDir = join(options.scratch, options.name);
  const simDir = mkdtempSync(join(options.scratch, 'sim-'));
  const { code, stderr } = runCli(['run', '-c', options.config, '--run-dir', runDir, '--json'], {
    env: { HEADROOM_SIM_DIR: simDir },
  });
  return { runDir, code, stderr };
}

/** A temporary directory for one test file, removed after the suite that made it. */
export const newScratch = scratchDir;
