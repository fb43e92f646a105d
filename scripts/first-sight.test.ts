// test/corpus/FIRST-SIGHT.jsonl is each never-seen slice as the rules of its measuring commit read it
// (scripts/never-seen-history.ts, NEVER-SEEN-HISTORY.md): every log of those slices once, under the kind
// its header has now. A relabel or a file added to a measured slice shows here, so the record is redone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readPart, type TestCorpusPart, testCorpusDir } from '../src/doctor/test-helpers/test-corpus.js';

interface FirstSight {
  part: TestCorpusPart;
  file: string;
  expected: string;
  kind: string;
}

const reads: FirstSight[] = readFileSync(join(testCorpusDir, 'FIRST-SIGHT.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as FirstSight);

test('FIRST-SIGHT.jsonl reads every log of its slices once, under the kind each header has', () => {
  const slices = [...new Set(reads.map((r) => r.part))];
  assert.equal(slices.length, 25);
  for (const part of slices) {
    const labels = new Map(readPart(part).map((c) => [c.file, c.expectedKind as string]));
    const inPart = reads.filter((r) => r.part === part);
    assert.deepEqual(inPart.map((r) => r.file).sort(), [...labels.keys()].sort(), part);
    for (const r of inPart) assert.equal(r.expected, labels.get(r.file), `${part}/${r.file}`);
  }
  // The figure NEVER-SEEN-HISTORY.md's table gives for all twenty-five slices.
  assert.equal(reads.filter((r) => r.kind === r.expected).length, 1607);
  assert.equal(reads.length, 1833);
});
