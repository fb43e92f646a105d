// Prints the estimate's figures on one round of published measured references (issue #25): median
// |error|, the worst case's signed error, and how many are within 5, 15 and 30% — analytic, and with
// --trace the trace path beside the analytic model on the cases it could trace. A table, then JSON.
//   npx tsx scripts/estimate-score.ts --round 1|2|…|N|shared|h200|h200b[-reserved] [--trace] [--cases]
// The round's cases are imported by name at run time (round 1 = published-measured.ts, round N =
// published-measured-roundN.ts exporting roundNCases), so a round gathered after this script needs no
// change here. `shared` is ../shared/estimation's measured cases (analytic only).
// --cases lists each case's errors: never use it on a held-out round before it is measured (it prints
// the cases); the summary names only the worst case's id.
import './closed-pipe.js';
import { toJson } from '../src/cli/output.js';
import {
  caseError,
  type MeasuredCase,
  measuredCases,
  scorePublished,
} from '../src/estimate/test-helpers/measured-cases.js';
import type { PublishedCase } from '../src/estimate/test-helpers/published-measured.js';

const unitBytes = { MiB: 1024 ** 2, GB: 1e9, GiB: 1024 ** 3 } as const;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

function fail(message: string): never {
  process.stderr.write(`estimate-score: ${message}\n`);
  process.exit(2);
}

/** The round's cases, imported by file name (round 1 is the first file, without a number). */
async function roundCases(round: number): Promise<PublishedCase[]> {
  const file = round === 1 ? 'published-measured.js' : `published-measured-round${round}.js`;
  const name = round === 1 ? 'publishedCases' : `round${round}Cases`;
  let module: Record<string, unknown>;
  try {
    module = await import(`../src/estimate/test-helpers/${file}`);
  } catch (error) {
    fail(`--round ${round}: cannot import src/estimate/test-helpers/${file}: ${(error as Error).message}`);
  }
  const cases = module[name];
  if (!Array.isArray(cases)) fail(`--round ${round}: ${file} exports no ${name}`);
  return cases as PublishedCase[];
}

/** Median |error|, worst signed error and the counts within 5, 15 and 30% of a list of signed errors. */
interface Figures {
  cases: number;
  median: number;
  worst: number;
  worstId: string;
  within5: number;
  within15: number;
  within30: number;
}

function figuresOf(errors: readonly { id: string; error: number }[]): Figures {
  const sorted = errors.map((e) => Math.abs(e.error)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length === 0
      ? 0
      : sorted.length % 2
        ? (sorted[middle] ?? 0)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  const worst = errors.reduce<{ id: string; error: number } | undefined>(
    (a, b) => (a === undefined || Math.abs(b.error) > Math.abs(a.error) ? b : a),
    undefined,
  );
  const within = (share: number) => errors.filter((e) => Math.abs(e.error) <= share).length;
  return {
    cases: errors.length,
    median,
    worst: worst?.error ?? 0,
    worstId: worst?.id ?? '',
    within5: within(0.05),
    within15: within(0.15),
    within30: within(0.3),
  };
}

const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;

function row(label: string, f: Figures): string {
  return `${label.padEnd(26)} ${String(f.cases).padStart(5)} ${`${(f.median * 100).toFixed(1)}%`.padStart(8)} ${percent(f.worst).padStart(8)} ${String(f.within5).padStart(6)} ${String(f.within15).padStart(6)} ${String(f.within30).padStart(6)}  ${f.worstId}`;
}

async function main(): Promise<void> {
  const roundArgument = argument('--round') ?? fail('--round N|shared is required');
  const isTraced = process.argv.includes('--trace');
  const isListed = process.argv.includes('--cases');
  let scored: MeasuredCase[];
  let published: PublishedCase[] = [];
  if (roundArgument === 'shared') {
    scored = measuredCases();
    if (isTraced) fail('--trace: the shared measured cases have no traceable config (analytic only)');
  } else if (/^h200b?(-reserved)?$/.test(roundArgument)) {
    // headroom's own measured peaks on a lent H200 (test/gpu/peaks-references.ts): allocated, or torch's pool.
    // The second set is its own file (peaks-references-2.ts), held out until it was measured.
    const isReserved = roundArgument.endsWith('-reserved');
    if (roundArgument.startsWith('h200b')) {
      const set = await import('../test/gpu/peaks-references-2.js');
      published = isReserved ? set.roundh200bReservedCases : set.roundh200bCases;
    } else {
      const set = await import('../test/gpu/peaks-references.js');
      published = isReserved ? set.roundh200ReservedCases : set.roundh200Cases;
    }
    scored = scorePublished(published, () => false);
  } else {
    const round = Number(roundArgument);
    if (!Number.isInteger(round) || round < 1)
      fail(`--round ${roundArgument}: expected a round number or shared`);
    published = await roundCases(round);
    scored = scorePublished(published, () => false);
  }
  const analytic = scored.map((c) => ({ id: c.id, error: caseError(c) }));
  const figures: Record<string, Figures> = { analytic: figuresOf(analytic) };
  const traceErrors = new Map<string, number>();
  const notTraced = new Map<string, string[]>();
  if (isTraced) {
    const { traceCases } = await import('../bench/estimate-trace-cases.js');
    const traced = await traceCases(published.filter((c) => c.excluded === undefined));
    for (const c of scored) {
      const result = traced.get(c.id);
      if (result && 'bytes' in result)
        traceErrors.set(c.id, result.bytes / (c.measured * unitBytes[c.unit]) - 1);
      else if (result) notTraced.set(result.skipped, [...(notTraced.get(result.skipped) ?? []), c.id]);
    }
    const tracedIds = new Set(traceErrors.keys());
    figures.trace = figuresOf([...traceErrors].map(([id, error]) => ({ id, error })));
    figures.analyticOnTraced = figuresOf(analytic.filter((e) => tracedIds.has(e.id)));
    // Trace where it traced, analytic elsewhere: the figure a user with Python gets.
    figures.traceElseAnalytic = figuresOf(
      analytic.map((e) => ({ id: e.id, error: traceErrors.get(e.id) ?? e.error })),
    );
  }
  const title = roundArgument === 'shared' ? '../shared/estimation' : `round ${roundArgument}`;
  process.stdout.write(`estimate on ${title} (${scored.length} scored cases)\n`);
  process.stdout.write(
    `${'figure'.padEnd(26)} ${'cases'.padStart(5)} ${'median'.padStart(8)} ${'worst'.padStart(8)} ${'≤5%'.padStart(6)} ${'≤15%'.padStart(6)} ${'≤30%'.padStart(6)}  worst case\n`,
  );
  for (const [name, f] of Object.entries(figures)) process.stdout.write(`${row(name, f)}\n`);
  if (isTraced)
    for (const [reason, ids] of notTraced)
      process.stdout.write(`not traced (${ids.length}): ${reason}${isListed ? `: ${ids.join(', ')}` : ''}\n`);
  if (isListed)
    for (const c of scored) {
      const trace = traceErrors.get(c.id);
      process.stdout.write(
        `  ${c.id.padEnd(60)} ${percent(caseError(c)).padStart(8)}${trace === undefined ? '' : `  trace ${percent(trace)}`}\n`,
      );
    }
  process.stdout.write(`${toJson({ round: roundArgument, ...figures })}\n`);
}

await main();
