// Doctor's kind on first sight, again (issue 23): reads each held-out slice with the rules of the commit it
// was measured at, and prints the figures per paste group (program output as printed, cut at an edge, the
// reporter's words only). The rules come from a checkout of that commit; the slice's files from this one.
//   git worktree add --detach /tmp/at-COMMIT COMMIT && ln -s "$PWD/node_modules" /tmp/at-COMMIT/node_modules
//   npx tsx scripts/never-seen-history.ts heldout-30=/tmp/at-2fe04a1d [heldout-31=/tmp/at-22069061 ...]
// Each argument is PART=CHECKOUT. The output is one JSON line per log, then a table per part and overall.
import './closed-pipe.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTable } from '../src/cli/output.js';
import { pasteGroupOf, pasteGroups } from '../src/doctor/test-helpers/paste-forms.js';
import { testCorpusDir } from '../src/doctor/test-helpers/test-corpus.js';

interface Read {
  part: string;
  file: string;
  expected: string;
  kind: string;
  group: string;
}

function fail(message: string): never {
  process.stderr.write(`never-seen-history: ${message}\n`);
  process.exit(2);
}

const reads: Read[] = [];
for (const argument of process.argv.slice(2)) {
  const [part, checkout] = argument.split('=');
  if (!part || !checkout) {
    fail(`${argument}: expected PART=CHECKOUT`);
  }
  const dir = join(testCorpusDir, part);
  const rules = join(checkout, 'src/doctor/diagnose-text.ts');
  if (!existsSync(dir)) fail(`${argument}: no slice ${dir}`);
  if (!existsSync(rules)) fail(`${argument}: ${checkout} is no headroom checkout (no ${rules})`);
  const { diagnoseText } = await import(rules);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const text = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
    const split = text.indexOf('\n---\n');
    const header = text.slice(0, split);
    const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(header)?.[1]?.trim() ?? '';
    const kind: string = diagnoseText(text.slice(split + 5))[0]?.kind ?? 'none';
    const read = { part, file, expected: field('kind'), kind, group: pasteGroupOf(field('paste')) };
    reads.push(read);
    process.stdout.write(`${JSON.stringify(read)}\n`);
  }
}

const cell = (rs: Read[]) => {
  if (rs.length === 0) return '-';
  const right = rs.filter((r) => r.kind === r.expected).length;
  const falseOom = rs.filter((r) => r.expected === 'none' && r.kind !== 'none').length;
  return `${right}/${rs.length} (${((100 * right) / rs.length).toFixed(1)}%)${falseOom ? `, ${falseOom} FO` : ''}`;
};
const parts = [...new Set(reads.map((r) => r.part)), 'all'];
const rows = parts.map((part) => {
  const inPart = part === 'all' ? reads : reads.filter((r) => r.part === part);
  return [part, ...pasteGroups.map((g) => cell(inPart.filter((r) => r.group === g))), cell(inPart)];
});
process.stdout.write(
  `${renderTable(
    ['PART', ...pasteGroups.map((g) => g.toUpperCase()), 'ALL'].map((header) => ({ header })),
    rows,
  )}\n`,
);
