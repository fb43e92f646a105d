// The real logs in ../shared/corpus: the primary diagnosis's kind must match the label for at
// least 97% of files, no not_oom file may be called a memory failure, and every fact the header
// states must be extracted exactly. Skipped with a message when the corpus is absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderTable } from '../cli/output.js';
import { diagnoseText } from './diagnose-text.js';
import { type CorpusCase, corpusDir, readCorpus } from './test-helpers/corpus.js';
import type { Diagnosis } from './types.js';

interface Outcome {
  item: CorpusCase;
  primary: Diagnosis | undefined;
  isKindMatch: boolean;
  missed: string[];
  factCount: number;
}

function judge(item: CorpusCase): Outcome {
  const primary = diagnoseText(item.body)[0];
  const kind = primary?.kind ?? 'none';
  const missed: string[] = [];
  for (const fact of item.facts) {
    const got = fact.names.map((n) => primary?.facts[n]);
    if (!got.includes(fact.value)) missed.push(`${fact.key}=${fact.value} (got ${got.join('/')})`);
  }
  for (const holder of item.holders) {
    if (!primary?.holders?.some((h) => h.pid === holder.pid && h.bytes === holder.bytes))
      missed.push(`process ${holder.pid}`);
  }
  return {
    item,
    primary,
    isKindMatch: kind === item.expectedKind,
    missed,
    factCount: item.facts.length + item.holders.length,
  };
}

test('the real-log corpus', (t) => {
  const cases = readCorpus();
  if (cases.length === 0) {
    t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
    return;
  }
  const outcomes = cases.map(judge);
  const labels = [...new Set(cases.map((c) => c.label))].sort();
  const rows = labels.map((label) => {
    const group = outcomes.filter((o) => o.item.label === label);
    const facts = group.reduce((sum, o) => sum + o.factCount, 0);
    const missed = group.reduce((sum, o) => sum + o.missed.length, 0);
    return [
      label,
      String(group.length),
      String(group.filter((o) => o.isKindMatch).length),
      `${facts - missed}/${facts}`,
    ];
  });
  const total = outcomes.filter((o) => o.isKindMatch).length;
  const factTotal = outcomes.reduce((sum, o) => sum + o.factCount, 0);
  const missedTotal = outcomes.reduce((sum, o) => sum + o.missed.length, 0);
  rows.push(['all', String(outcomes.length), String(total), `${factTotal - missedTotal}/${factTotal}`]);
  for (const line of renderTable(
    [
      { header: 'CATEGORY' },
      { header: 'FILES', align: 'right' },
      { header: 'KIND OK', align: 'right' },
      { header: 'FACTS', align: 'right' },
    ],
    rows,
  ).split('\n')) {
    t.diagnostic(line);
  }
  for (const o of outcomes.filter((x) => !x.isKindMatch || x.missed.length > 0)) {
    t.diagnostic(
      `${o.item.file}: expected ${o.item.expectedKind}, got ${o.primary?.kind ?? 'nothing'} ${o.missed.join('; ')}`,
    );
  }
  const unmapped = outcomes.flatMap((o) => o.item.unmapped.map((u) => `${o.item.file}: ${u}`));
  if (unmapped.length > 0)
    t.diagnostic(`header pairs not compared (no diagnosis fact for them): ${unmapped.join(', ')}`);

  assert.ok(total / outcomes.length >= 0.97, `kind matches ${total}/${outcomes.length}`);
  const calledOom = outcomes.filter(
    (o) => o.item.expectedKind === 'none' && (o.primary?.kind ?? 'none') !== 'none',
  );
  assert.deepEqual(
    calledOom.map((o) => o.item.file),
    [],
    'no not_oom file is called a memory failure',
  );
  assert.deepEqual(
    outcomes.flatMap((o) => o.missed.map((m) => `${o.item.file}: ${m}`)),
    [],
    'every stated fact is extracted exactly',
  );
});
