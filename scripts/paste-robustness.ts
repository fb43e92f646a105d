// Prints how doctor's verdicts survive the paste forms users bring (issue 23; src/doctor/test-helpers/
// paste-forms.ts): per form, the logs doctor reads right whose kind (and judged cause) stays the same.
// Runs over every tuned part (test-corpus.ts's testCorpusParts and ../shared/corpus) except the
// validation part heldout-24, whose files no rule may be written against.
//   npx tsx scripts/paste-robustness.ts [--part P] [--form NAME[,NAME...]] [--flips] [--seed N] [--every K]
// --every K tries every K-th log only (a quicker look); --flips lists each log whose verdict changed.
import './closed-pipe.js';
import { renderTable } from '../src/cli/output.js';
import { pasteForms } from '../src/doctor/test-helpers/paste-forms.js';
import { pasteStability } from '../src/doctor/test-helpers/paste-robustness.js';
import { corpusParts, readPart } from '../src/doctor/test-helpers/test-corpus.js';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const validation = new Set(['heldout-24']);
const onlyPart = argument('--part');
if (onlyPart !== undefined && (validation.has(onlyPart) || !corpusParts.includes(onlyPart as never))) {
  process.stderr.write(`paste-robustness: --part ${onlyPart}: expected a tuned part (not heldout-24)\n`);
  process.exit(2);
}
const parts = corpusParts.filter((p) => !validation.has(p) && (onlyPart === undefined || p === onlyPart));
const every = Number(argument('--every') ?? 1);
const cases = parts.flatMap((p) => readPart(p)).filter((_, i) => i % every === 0);
const onlyForms = argument('--form')?.split(',');
const forms = pasteForms.filter((f) => onlyForms === undefined || onlyForms.includes(f.name));
if (forms.length === 0) {
  process.stderr.write(
    `paste-robustness: --form ${onlyForms?.join(',')}: expected one of ${pasteForms.map((f) => f.name).join(', ')}\n`,
  );
  process.exit(2);
}
const results = pasteStability(cases, { forms, seed: Number(argument('--seed') ?? 1) });
const percent = (a: number, b: number) => `${a}/${b} (${((100 * a) / Math.max(1, b)).toFixed(1)}%)`;
process.stdout.write(
  `doctor's verdicts through paste forms: ${cases.length} logs of ${parts.length} parts\n`,
);
process.stdout.write(
  `${renderTable(
    [{ header: 'FORM' }, { header: 'KIND KEPT', align: 'right' }, { header: 'CAUSE KEPT', align: 'right' }],
    results.map((r) => [r.form, percent(r.kindsKept, r.logs), percent(r.causesKept, r.causes)]),
  )}\n`,
);
if (process.argv.includes('--flips'))
  for (const r of results) for (const flip of r.flips) process.stdout.write(`${r.form}\t${flip}\n`);
