// The README's first screen is for a person with a problem: what headroom is, the two set-up commands
// (first, and the second is what CI runs), then "symptom → command". Every command of that table runs
// here as written, in-process, on the bundled examples and logs, and prints the line the table quotes.
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runHeadroom } from './cli/test-helpers/run-in-process.js';
import { repoRoot } from './probe/gpu/test-helpers/shared.js';
import { scratchDir } from './test-helpers/scratch.js';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The README up to the end of the symptom table: what a reader sees before scrolling far. */
function firstScreen(): string {
  const end = readme.indexOf('\n## ', readme.indexOf('## What'));
  return readme.slice(0, end);
}

/** The table's rows: symptom, the command in the first backticks of its cell, and the quoted output. */
function symptomRows(): { symptom: string; command: string; quote: string }[] {
  return firstScreen()
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| symptom') && !line.startsWith('| ---'))
    .map((line) => {
      const [symptom, commandCell, quoteCell] = line
        .split(' | ')
        .map((cell) => cell.replace(/^\| |\s*\|$/g, ''));
      return {
        symptom: symptom!,
        command: /`([^`]+)`/.exec(commandCell!)![1]!,
        quote: /`([^`]+)`/.exec(quoteCell!)![1]!,
      };
    });
}

test('the first screen: what headroom is, the two set-up commands first, then symptom → command', () => {
  const screen = firstScreen();
  assert.match(screen, /^# headroom\n\n\S.*\n\S.*\n\n```sh\n/);
  const blocks = [...screen.matchAll(/```sh\n(.*)\n```/g)].map((m) => m[1]);
  assert.deepEqual(blocks.slice(0, 2), [
    'npm ci && npm run build && node bin/headroom.js run -c examples/rl-isaac/headroom.yaml',
    'npm ci && npm test',
  ]);
  assert.ok(screen.indexOf('## What') > screen.indexOf('npm ci && npm test'));
  // No words from inside the project: a reader has no seeds, issues or ../shared.
  assert.doesNotMatch(screen, /\bseed\b|\.\.\/shared|\bissue\b|#\d+/i);
  // CI runs the README's test command (.ci/run: npm ci, then npm test).
  const ci = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8');
  assert.match(ci, /^npm ci\b/m);
  assert.match(ci, /^npm test$/m);
});

test('the symptom table covers the symptoms people arrive with', () => {
  const symptoms = symptomRows().map((r) => r.symptom);
  for (const wanted of [
    /JAX .*share a GPU/,
    /CUDA out of memory/,
    /Killed/,
    /fit on my card/,
    /batch size/,
    /using my GPU/,
    /Slurm/,
  ])
    assert.ok(
      symptoms.some((s) => wanted.test(s)),
      `${wanted}`,
    );
});

test('every command of the symptom table runs as written and prints the line it quotes', async () => {
  // A directory like a fresh clone's: the bundled examples and logs, and nothing written into the repository.
  const cwd = scratchDir('readme');
  for (const dir of ['examples', 'test']) symlinkSync(path.join(repoRoot, dir), path.join(cwd, dir));
  const rows = symptomRows();
  assert.ok(rows.length >= 7);
  for (const { command, quote } of rows) {
    const [program, ...args] = command.split(/\s+/);
    assert.equal(program, 'headroom', command);
    const { code, stdout, stderr } = await runHeadroom(args, { cwd, env: { HEADROOM_GPU: '' } });
    assert.ok(code === 0 || code === 1, `${command}: exit ${code}: ${stderr}`);
    assert.ok(squash(stdout).includes(squash(quote)), `${command}: "${quote}" not in:\n${stdout}`);
  }
});
