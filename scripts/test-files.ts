// The test files `npm test` runs, in the order its runner (scripts/run-tests.ts) starts them: the
// costliest first (seconds from scripts/test-costs.json, measured by scripts/test-cost-reporter.mjs), then
// the rest by path, a few at a time: a long file started last would run on alone at the end.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function findTests(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Seconds of each test file over 1 s in a full run (scripts/test-costs.json), by its path from the root. */
export function testCostSeconds(): Record<string, number> {
  return (
    JSON.parse(readFileSync(join(root, 'scripts', 'test-costs.json'), 'utf8')) as {
      seconds: Record<string, number>;
    }
  ).seconds;
}

/** Every test file under src, test and scripts: the costliest known first, then by path. */
export function orderedTestFiles(): string[] {
  const costs = testCostSeconds();
  const files = ['src', 'test', 'scripts'].flatMap(findTests).map((f) => relative(root, join(root, f)));
  const costOf = (file: string): number => costs[file] ?? 0;
  return files.sort((a, b) => costOf(b) - costOf(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The files that keep the machine's cores busiest while they run: each starts PyTorch, Ray or DDP ranks of
 * its own (torch's intra-op threads, a Ray cluster) and used 17-52 CPU-s in whole npm test runs (cpuacct
 * per file, main 12d23ae and b1ad6d7: fit-ranks 50-52, seed-000-ray 35-38, helper 25-27, fit-torch 22-25,
 * warm-server 17); the next file used 14.5. Run together they slow each other: these five took 119 CPU-s
 * with 4 files at once and 152 with 8 (same commit), the same work. The runner (scripts/run-tests.ts)
 * starts only a few of them at once; a test checks that each still exists.
 */
export const heavyTestFiles: readonly string[] = [
  'src/cli/commands/fit/fit-ranks.test.ts',
  'src/cli/commands/run/seed-000-ray.test.ts',
  'src/trace/helper.test.ts',
  'src/trace/helper-vision.test.ts',
  'src/cli/commands/fit/fit-torch.test.ts',
  'src/fit/io/warm-server.test.ts',
];

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.stdout.write(`${orderedTestFiles().join('\n')}\n`);
