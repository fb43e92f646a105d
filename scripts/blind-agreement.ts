// How far can a reader of the posted text alone get? (issue 23) Two labellers who saw only each log's text
// (the header's kind, label, cause, conclusion, framework and source taken off; files under random names;
// no thread, no doctor) labelled never-seen slices by CORPUS-FORMAT.md's settled rules:
// test/corpus/blind/<slices>-A.csv and -B.csv. Their agreement with each other says how well the rules
// settle a label; with the headers (written knowing each thread's conclusion), how often the text alone
// decides it; doctor beside them (first sight from FIRST-SIGHT.jsonl, and this checkout's rules) says how
// much of what a careful reader gets from the same text doctor gets.
//   npx tsx scripts/blind-agreement.ts [--json]
import './closed-pipe.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTable } from '../src/cli/output.js';
import { diagnoseText } from '../src/doctor/diagnose-text.js';
import { readPart, type TestCorpusPart, testCorpusDir } from '../src/doctor/test-helpers/test-corpus.js';

/** One log as the headers, both blind labellers and doctor read it. */
export interface BlindRead {
  part: string;
  file: string;
  header: string;
  a: string;
  aSure: boolean;
  b: string;
  bSure: boolean;
  firstSight: string | undefined;
  now: string;
}

interface BlindLabel {
  kind: string;
  sure: boolean;
}

function readLabels(path: string): Map<string, BlindLabel> {
  const labels = new Map<string, BlindLabel>();
  for (const line of readFileSync(path, 'utf8').split('\n').slice(1)) {
    const [part, file, kind, sure] = line.split(',');
    if (part && file && kind) labels.set(`${part}/${file}`, { kind, sure: sure === 'yes' });
  }
  return labels;
}

/** Every log that both labellers of a set read, with the header's kind and doctor's. */
export function blindReads(): Map<string, BlindRead[]> {
  const blindDir = join(testCorpusDir, 'blind');
  const firstSight = new Map<string, string>();
  for (const line of readFileSync(join(testCorpusDir, 'FIRST-SIGHT.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const read = JSON.parse(line) as { part: string; file: string; kind: string };
    firstSight.set(`${read.part}/${read.file}`, read.kind);
  }
  const sets = new Map<string, BlindRead[]>();
  for (const name of readdirSync(blindDir).filter((f) => f.endsWith('-A.csv'))) {
    const set = name.slice(0, -'-A.csv'.length);
    const a = readLabels(join(blindDir, name));
    const b = readLabels(join(blindDir, `${set}-B.csv`));
    const parts = [...new Set([...a.keys()].map((k) => k.split('/')[0] as TestCorpusPart))];
    const reads: BlindRead[] = [];
    for (const part of parts) {
      for (const c of readPart(part)) {
        const key = `${part}/${c.file}`;
        const la = a.get(key);
        const lb = b.get(key);
        if (la === undefined || lb === undefined) continue;
        reads.push({
          part,
          file: c.file,
          header: c.expectedKind,
          a: la.kind,
          aSure: la.sure,
          b: lb.kind,
          bSure: lb.sure,
          firstSight: firstSight.get(key),
          now: diagnoseText(c.body)[0]?.kind ?? 'none',
        });
      }
    }
    sets.set(set, reads);
  }
  return sets;
}

/** Agreement counts of one set. */
export function agreementOf(reads: readonly BlindRead[]) {
  const count = (same: (r: BlindRead) => boolean, among: readonly BlindRead[] = reads) => ({
    same: among.filter(same).length,
    of: among.length,
  });
  const settled = reads.filter((r) => r.aSure && r.bSure && r.a === r.b);
  const seenFirst = reads.filter((r) => r.firstSight !== undefined);
  const missedFirst = seenFirst.filter((r) => r.firstSight !== r.header);
  return {
    logs: reads.length,
    aWithB: count((r) => r.a === r.b),
    aWithHeader: count((r) => r.a === r.header),
    bWithHeader: count((r) => r.b === r.header),
    firstSightWithHeader: count((r) => r.firstSight === r.header, seenFirst),
    nowWithHeader: count((r) => r.now === r.header),
    // Both labellers sure and of one mind: the logs whose text settles the label.
    settledWithHeader: count((r) => r.a === r.header, settled),
    firstSightOnSettled: count((r) => r.firstSight === r.a, settled),
    nowOnSettled: count((r) => r.now === r.a, settled),
    // Doctor's first-sight misses that both labellers read as the header does: the text decided them.
    firstSightMissesTextDecided: count((r) => r.a === r.header && r.b === r.header, missedFirst),
  };
}

if (process.argv[1]?.endsWith('blind-agreement.ts')) {
  const sets = blindReads();
  const figures = Object.fromEntries([...sets].map(([set, reads]) => [set, agreementOf(reads)]));
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  } else {
    const cell = ({ same, of }: { same: number; of: number }) =>
      `${same}/${of} (${((100 * same) / Math.max(of, 1)).toFixed(1)}%)`;
    const rows = Object.entries(figures).flatMap(([set, f]) => [
      [set, 'labeller A with labeller B', cell(f.aWithB)],
      [set, 'labeller A with the header', cell(f.aWithHeader)],
      [set, 'labeller B with the header', cell(f.bWithHeader)],
      [set, 'doctor at first sight with the header', cell(f.firstSightWithHeader)],
      [set, 'doctor now with the header', cell(f.nowWithHeader)],
      [set, 'both sure and agreeing: header with them', cell(f.settledWithHeader)],
      [set, 'both sure and agreeing: doctor at first sight', cell(f.firstSightOnSettled)],
      [set, 'both sure and agreeing: doctor now', cell(f.nowOnSettled)],
      [set, 'first-sight misses both labellers read as the header', cell(f.firstSightMissesTextDecided)],
    ]);
    process.stdout.write(
      `${renderTable([{ header: 'SET' }, { header: 'WHO WITH WHOM' }, { header: 'SAME KIND' }], rows)}\n`,
    );
  }
}
