// Could the words of a log decide what doctor's rules could not? (issue 23) An experiment, measured the
// way the issue measures rules: forward in time. Most first-sight misses (test/corpus/FIRST-SIGHT.jsonl:
// each never-seen slice as the rules of its measuring commit read it, from scripts/never-seen-history.ts)
// are "can't tell" on a log whose thread found a memory failure. For each slice, a logistic regression on
// the words and word pairs of every log gathered BEFORE it (earlier parts only; never heldout-24, the
// validation part) scores the slice's can't-tell logs; the script prints how many memory failures it
// would have turned right for each number of false OOMs it would have added. Nothing in doctor uses it.
//   npx tsx scripts/first-sight-words.ts
import './closed-pipe.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTable } from '../src/cli/output.js';
import { normalizePaste } from '../src/doctor/paste.js';
import { readPart, testCorpusDir, testCorpusParts } from '../src/doctor/test-helpers/test-corpus.js';

interface FirstSight {
  part: string;
  file: string;
  expected: string;
  kind: string;
}

/** Words and adjacent word pairs of a log, after the paste normaliser, lower-cased. */
function wordsOf(body: string): Set<string> {
  const words = new Set<string>();
  for (const line of body.split(/\r?\n/)) {
    const found =
      normalizePaste(line)
        .toLowerCase()
        .match(/[a-z_][a-z0-9_]{1,29}/g) ?? [];
    found.forEach((word, i) => {
      words.add(word);
      const next = found[i + 1];
      if (next !== undefined) words.add(`${word} ${next}`);
    });
  }
  return words;
}

/** A part's place in time: logs, heldout, then heldout-N in the order they were gathered. */
const orderOf = (part: string): number =>
  part === 'logs' ? 0 : part === 'heldout' ? 1 : Number(part.slice(8));

interface Log {
  part: string;
  file: string;
  isMemory: boolean;
  words: Set<string>;
}

const logs: Log[] = testCorpusParts.flatMap((part) =>
  readPart(part).map((c) => ({
    part,
    file: c.file,
    isMemory: c.expectedKind !== 'none',
    words: wordsOf(c.body),
  })),
);
const logOf = new Map(logs.map((l) => [`${l.part}/${l.file}`, l]));
const firstSight: FirstSight[] = readFileSync(join(testCorpusDir, 'FIRST-SIGHT.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line) as FirstSight);

/** Class-balanced logistic regression by stochastic gradient descent; words seen in fewer than 3 logs dropped. */
function fit(training: readonly Log[]): (log: Log) => number {
  const seenIn = new Map<string, number>();
  for (const log of training) for (const w of log.words) seenIn.set(w, (seenIn.get(w) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [w, n] of seenIn) if (n >= 3) index.set(w, index.size);
  const featuresOf = (log: Log) => [...log.words].flatMap((w) => index.get(w) ?? []);
  const weights = new Float64Array(index.size);
  let bias = 0;
  const memory = training.filter((l) => l.isMemory).length;
  const balance = (isMemory: boolean) =>
    (0.5 * training.length) / (isMemory ? memory : training.length - memory);
  const features = training.map(featuresOf);
  for (let epoch = 0; epoch < 30; epoch++) {
    training.forEach((log, i) => {
      const x = features[i] ?? [];
      const p = 1 / (1 + Math.exp(-x.reduce((z, j) => z + (weights[j] ?? 0), bias)));
      const gradient = ((p - (log.isMemory ? 1 : 0)) * balance(log.isMemory)) / Math.sqrt(x.length + 1);
      for (const j of x) weights[j] = (weights[j] ?? 0) - 0.1 * (gradient + 1e-3 * (weights[j] ?? 0));
      bias -= 0.1 * gradient;
    });
  }
  return (log) => 1 / (1 + Math.exp(-featuresOf(log).reduce((z, j) => z + (weights[j] ?? 0), bias)));
}

const scored: { isMemory: boolean; score: number }[] = [];
for (const part of [...new Set(firstSight.map((r) => r.part))]) {
  const before = logs.filter((l) => l.part !== 'heldout-24' && orderOf(l.part) < orderOf(part));
  const score = fit(before);
  for (const read of firstSight.filter((r) => r.part === part && r.kind === 'none')) {
    const log = logOf.get(`${part}/${read.file}`);
    if (log !== undefined) scored.push({ isMemory: log.isMemory, score: score(log) });
  }
}
scored.sort((a, b) => b.score - a.score);
const memoryTotal = scored.filter((s) => s.isMemory).length;
const rows: string[][] = [];
let turned = 0;
let falseOoms = 0;
for (const s of scored) {
  if (s.isMemory) {
    turned++;
    continue;
  }
  if (falseOoms <= 10) rows.push([String(falseOoms), `${turned}/${memoryTotal}`, s.score.toFixed(3)]);
  falseOoms++;
}
process.stdout.write(
  `first-sight can't-tell logs: ${scored.length} (${memoryTotal} memory failures by their threads)\n${renderTable(
    [{ header: 'FALSE OOMS ADDED' }, { header: 'MEMORY FAILURES TURNED RIGHT' }, { header: 'SCORE ABOVE' }],
    rows,
  )}\n`,
);
