// The advice table (issue 17): for every real log in ../shared/corpus, the cause doctor must give
// and properties every fix must have, plus rules that hold for all logs: each fix carries the fact
// it rests on, no JAX variable where the log shows no JAX, no "no traceback" above a traceback, no
// swap advice, no PhysX capacity past a signed 32-bit int. Skipped when the corpus is absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { advice } from './test-helpers/advice-table.js';
import { corpusDir, readCorpus } from './test-helpers/corpus.js';
import { type FixProperty, noJaxVariable, not } from './test-helpers/fix-properties.js';
import type { Diagnosis } from './types.js';

// What shows JAX in a log, judged here independently of doctor's own markers.
const showsJax = /\bjax|XlaRuntimeError|external\/org_tensorflow|external\/xla\//i;

/** Properties every fix of every log must have, given the log's text. */
function everywhere(body: string): FixProperty[] {
  const rules = [not(/\badd (?:RAM\/)?swap\b|more swap/i), not(/= 2\*\*(?:3[1-9])\b|=2\*\*(?:3[1-9])\b/)];
  if (!showsJax.test(body)) rules.push(noJaxVariable);
  return rules;
}

function failures(file: string, body: string, d: Diagnosis | undefined): string[] {
  const expected = advice[file];
  if (!expected) return [`${file}: no entry in the advice table`];
  if (expected.cause === null)
    return d === undefined ? [] : [`${file}: expected no diagnosis, got ${d.cause}`];
  if (!d) return [`${file}: expected ${expected.cause}, got no diagnosis`];
  const problems: string[] = [];
  const causes = Array.isArray(expected.cause) ? expected.cause : [expected.cause];
  if (!causes.includes(d.cause))
    problems.push(`cause ${d.cause}, expected ${causes.join(' or ')} (${expected.why})`);
  if (d.kind !== 'none' && d.fixes.length === 0) problems.push('a memory failure with no fix');
  const details = d.fixDetails ?? [];
  if (details.map((f) => f.fix).join('\n') !== d.fixes.join('\n'))
    problems.push('fixDetails differ from fixes');
  for (const detail of details)
    if (detail.because.trim() === '') problems.push(`no because for: ${detail.fix}`);
  if (/Traceback \(most recent call last\)/.test(body) && /no traceback/.test(d.causeText))
    problems.push('says "no traceback" above a traceback');
  for (const property of expected.some ?? [])
    if (!d.fixes.some(property.test)) problems.push(`no fix ${property.name}`);
  for (const property of [...(expected.every ?? []), ...everywhere(body)])
    for (const fix of d.fixes) if (!property.test(fix)) problems.push(`fix fails "${property.name}": ${fix}`);
  for (const pattern of expected.causeText ?? [])
    if (!pattern.test(d.causeText)) problems.push(`cause text lacks ${pattern}: ${d.causeText}`);
  return problems.map((p) => `${file}: ${p}`);
}

test('the advice table: every corpus log gets its cause and fixes with the properties pinned', (t) => {
  const cases = readCorpus();
  if (cases.length === 0) {
    t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
    return;
  }
  const problems = cases.flatMap((c) => failures(c.file, c.body, diagnoseText(c.body)[0]));
  const files = new Set(cases.map((c) => c.file));
  const stale = Object.keys(advice).filter((file) => !files.has(file));
  assert.deepEqual([...problems, ...stale.map((f) => `${f}: in the table but not in the corpus`)], []);
});
