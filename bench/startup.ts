// How long does the built CLI take to start? Times `node -e 0` and `node bin/headroom.js` for
// `--version`, `plan` and `env` (seed 000, a declared simulated card: no GPU probe), interleaved
// round by round so that a busy machine slows every command alike, and prints each median wall
// time and its ratio to `node -e 0` (issue #11's goal: at most 1.5x).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { median } from './median.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const cli = join(repo, 'bin', 'headroom.js');
const seed = join(repo, 'examples', 'rl-isaac', 'headroom.yaml');

const commands: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'headroom --version', args: [cli, '--version'] },
  { name: 'headroom plan -c seed000', args: [cli, 'plan', '-c', seed] },
  { name: 'headroom env -c seed000 learner', args: [cli, 'env', '-c', seed, 'learner'] },
  { name: 'headroom plan --json', args: [cli, 'plan', '-c', seed, '--json'] },
];

function timeOnceMs(args: string[]): number {
  const startMs = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: 'ignore',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const wallMs = performance.now() - startMs;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  return wallMs;
}

/** `npm run bench -- startup [ROUNDS]`: medians over ROUNDS interleaved rounds (default 25). */
export async function main(args: string[]): Promise<void> {
  const rounds = Number(args[0] ?? 25);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds ${args[0]}: expected a whole number`);
  const times = commands.map(() => [] as number[]);
  for (const command of commands) timeOnceMs(command.args); // warm the page cache
  for (let round = 0; round < rounds; round++) {
    for (const [i, command] of commands.entries()) times[i]!.push(timeOnceMs(command.args));
  }
  const baseMs = median(times[0]!);
  const rows = commands.map((command, i) => {
    const ms = median(times[i]!);
    return [
      command.name,
      `${ms.toFixed(1)} ms`,
      `${Math.min(...times[i]!).toFixed(1)} ms`,
      `${(ms / baseMs).toFixed(2)}x`,
    ];
  });
  process.stdout.write(
    `${renderTable(
      [
        { header: 'command' },
        { header: 'median', align: 'right' },
        { header: 'min', align: 'right' },
        { header: 'vs node -e 0', align: 'right' },
      ],
      rows,
    )}\n${rounds} interleaved rounds; goal: plan, env and --version at most 1.50x node -e 0\n`,
  );
}
