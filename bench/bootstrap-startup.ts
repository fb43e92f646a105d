// What headroom's Python bootstrap (python/headroom_boot, put on PYTHONPATH by `run`/`env` for torch
// and TensorFlow processes) costs a Python process at start-up: `python3 -c pass` plain, with the
// bootstrap on the path but idle (no HEADROOM_BOOT), and switched on for torch (allocator keys and
// the cap, as a capped torch process gets it). Rounds are interleaved so a busy machine slows each
// alike; prints the medians and their ratio to plain Python. Without torch installed the hook only
// registers itself, which is the cost every process pays before torch is imported.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { bootVariables } from '../src/frameworks/bootstrap.js';
import { median } from './median.js';

const bootstrapDir = fileURLToPath(new URL('../python/headroom_boot', import.meta.url));

const variants: { name: string; env: Record<string, string> }[] = [
  { name: 'python3 -c pass', env: {} },
  { name: 'bootstrap on PYTHONPATH, idle', env: { PYTHONPATH: bootstrapDir } },
  {
    name: 'bootstrap on, torch-alloc,torch-cap',
    env: {
      PYTHONPATH: bootstrapDir,
      [bootVariables.actions]: 'torch-alloc,torch-cap',
      [bootVariables.torchAllocKeys]: 'expandable_segments',
      HEADROOM_GPU_FRACTION: '0.2500',
    },
  },
];

function timeOnceMs(env: Record<string, string>): number {
  const base = { ...process.env };
  delete base.PYTHONPATH;
  const startMs = performance.now();
  const result = spawnSync('python3', ['-c', 'pass'], { stdio: 'ignore', env: { ...base, ...env } });
  const wallMs = performance.now() - startMs;
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`python3 exited ${result.status} with ${JSON.stringify(env)}`);
  return wallMs;
}

/** `npm run bench -- bootstrap-startup [ROUNDS]`: medians over ROUNDS interleaved rounds (default 41). */
export async function main(args: string[]): Promise<void> {
  if (spawnSync('python3', ['-c', 'pass']).status !== 0) {
    process.stdout.write('bootstrap-startup: skipped, no python3 here (apt-get install -y python3)\n');
    return;
  }
  const rounds = Number(args[0] ?? 41);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds ${args[0]}: expected a whole number`);
  const times = variants.map(() => [] as number[]);
  for (const variant of variants) timeOnceMs(variant.env); // warm the page cache
  for (let round = 0; round < rounds; round++)
    for (const [i, variant] of variants.entries()) times[i]!.push(timeOnceMs(variant.env));
  const baseMs = median(times[0]!);
  const rows = variants.map((variant, i) => {
    const ms = median(times[i]!);
    return [variant.name, `${ms.toFixed(1)} ms`, `${(ms / baseMs).toFixed(2)}x`];
  });
  process.stdout.write(
    `${renderTable(
      [
        { header: 'python start-up' },
        { header: 'median', align: 'right' },
        { header: 'vs plain python3', align: 'right' },
      ],
      rows,
    )}\n${rounds} interleaved rounds (${join('python', 'headroom_boot')})\n`,
  );
}
