// The real logs: ../shared/corpus (labels) and the project's own test/corpus (issue 23: kind, the
// thread's cause and fix in each header). For each part, the figures the issue measures (kind
// accuracy, false OOMs, causes right, wrong fixes, facts) are printed as a table and asserted.
// Skipped with a message when a part is absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { figuresOf, figuresTable, judgeCase, misses } from './test-helpers/score.js';
import { type CorpusPart, partDir, readPart } from './test-helpers/test-corpus.js';

// Library initialisation failures without memory figures: a full GPU and a broken install print
// the same line, so doctor answers "can't tell" (kind none, cause unknown) with what decides it,
// the same for every library (issue 23). These threads found memory; the answer stays undecided.
const undecidedInShared = [
  'jax_prealloc_conflict-60.txt',
  'jax_prealloc_conflict-62.txt',
  'torch_other_gpu-61.txt',
  'torch_other_gpu-62.txt',
];

function printFigures(t: { diagnostic: (line: string) => void }, part: CorpusPart) {
  const cases = readPart(part);
  const outcomes = cases.map((c) => judgeCase(c));
  t.diagnostic(`${partDir(part)}: ${cases.length} logs`);
  for (const line of figuresTable(outcomes).split('\n')) t.diagnostic(line);
  for (const line of misses(outcomes)) t.diagnostic(line);
  return { cases, outcomes, figures: figuresOf(outcomes) };
}

test('the shared corpus (../shared/corpus)', (t) => {
  if (readPart('shared').length === 0) {
    t.skip(`no corpus at ${partDir('shared')} (a bare clone); CI has it`);
    return;
  }
  const { cases, outcomes, figures } = printFigures(t, 'shared');
  assert.deepEqual(
    outcomes.filter((o) => !o.isKindRight).map((o) => o.file),
    undecidedInShared,
    "every kind right but the library init failures without figures, which are can't tell",
  );
  for (const file of undecidedInShared) {
    const d = diagnoseText(cases.find((c) => c.file === file)!.body)[0];
    assert.equal(`${d?.kind}/${d?.cause}`, 'none/unknown', `${file}: can't tell`);
  }
  assert.equal(figures.falseOoms, 0, 'no not_oom file is called a memory failure');
  assert.equal(figures.wrongFixes, 0, 'no fix repeats what the log shows done or contradicts its figures');
  assert.deepEqual(
    outcomes.flatMap((o) => o.missedFacts.map((m) => `${o.file}: ${m}`)),
    [],
    'every stated fact is extracted exactly',
  );
});

// Measured on test/corpus/logs, the part the rules were tuned against (HELDOUT.md has the held-out figures).
const logsFloor = { kindAccuracy: 0.88, causesRight: 44, factsRight: 162 };

test('the project corpus (test/corpus/logs)', (t) => {
  if (readPart('logs').length === 0) {
    t.skip(`no logs in ${partDir('logs')}`);
    return;
  }
  const { figures } = printFigures(t, 'logs');
  assert.ok(
    figures.kindAccuracy >= logsFloor.kindAccuracy,
    `kind right ${figures.kindRight}/${figures.files}, at least ${logsFloor.kindAccuracy}`,
  );
  assert.equal(figures.falseOoms, 0, 'no log whose thread found no memory failure is called one');
  assert.equal(figures.wrongFixes, 0, 'no fix repeats what the log shows done or contradicts its figures');
  assert.ok(
    figures.causesRight >= logsFloor.causesRight,
    `causes right ${figures.causesRight}/${figures.causesJudged}, at least ${logsFloor.causesRight}`,
  );
  assert.ok(
    figures.factsRight >= logsFloor.factsRight,
    `facts right ${figures.factsRight}/${figures.factsStated}, at least ${logsFloor.factsRight}`,
  );
});
