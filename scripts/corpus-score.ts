// Prints doctor's figures on one part of the corpus (issue 23): kind accuracy, false OOMs, causes
// right where the header names one, wrong fixes, facts; a table, then the same as JSON.
//   npx tsx scripts/corpus-score.ts --part logs|heldout|heldout-2|heldout-3|heldout-4|heldout-5|heldout-6|heldout-7|heldout-8|heldout-9|heldout-10|heldout-11|heldout-12|heldout-13|heldout-14|heldout-15|heldout-16|heldout-17|heldout-18|heldout-19|heldout-20|heldout-21|heldout-22|heldout-23|heldout-24|heldout-25|heldout-26|heldout-27|heldout-28|heldout-29|heldout-30|heldout-31|heldout-32|heldout-33|heldout-34|heldout-35|heldout-36|heldout-37|heldout-38|heldout-39|heldout-40|heldout-41|heldout-42|heldout-43|heldout-44|heldout-45|heldout-46|heldout-47|heldout-48|heldout-49|shared [--by-paste] [--misses]
// --by-paste prints the table again for each paste group the headers name (program output as printed,
// program output cut at an edge, the reporter's own words only): no log's text is shown.
// --misses lists each log that missed something (never use it on a held-out part before it is measured:
// it prints what the logs say).
import './closed-pipe.js';
import { toJson } from '../src/cli/output.js';
import { pasteGroupOf, pasteGroups } from '../src/doctor/test-helpers/paste-forms.js';
import {
  causeClaimsLine,
  figuresOf,
  figuresTable,
  judgeCase,
  misses,
} from '../src/doctor/test-helpers/score.js';
import { type CorpusPart, corpusParts, partDir, readPart } from '../src/doctor/test-helpers/test-corpus.js';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const part = argument('--part') ?? 'logs';
if (!(corpusParts as readonly string[]).includes(part)) {
  process.stderr.write(`corpus-score: --part ${part}: expected one of ${corpusParts.join(', ')}\n`);
  process.exit(2);
}
const cases = readPart(part as CorpusPart);
if (cases.length === 0) {
  process.stderr.write(`corpus-score: no logs in ${partDir(part as CorpusPart)}\n`);
  process.exit(2);
}
const outcomes = cases.map((c) => judgeCase(c));
process.stdout.write(`doctor on ${partDir(part as CorpusPart)} (${cases.length} logs)\n`);
process.stdout.write(`${figuresTable(outcomes)}\n`);
const figures = figuresOf(outcomes);
process.stdout.write(`${causeClaimsLine(figures)}\n`);
if (process.argv.includes('--by-paste')) {
  for (const group of pasteGroups) {
    const inGroup = outcomes.filter((_, i) => pasteGroupOf(cases[i]!.paste) === group);
    if (inGroup.length === 0) continue;
    process.stdout.write(`\npaste group ${group} (${inGroup.length} logs)\n${figuresTable(inGroup)}\n`);
  }
  process.stdout.write('\n');
}
if (process.argv.includes('--misses')) for (const line of misses(outcomes)) process.stdout.write(`${line}\n`);
process.stdout.write(`${toJson({ part, ...figures })}\n`);
