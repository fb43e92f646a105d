// Round 4 of the published measured peaks (test-helpers/published-measured-round4.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 3
// and ../shared/estimation.
// Measured ONCE by the lead, 2026-11-26 23:38 UTC, with the model frozen at 9876cb9 (analytic, no trace):
// 44 cases, median |error| 12.3%, worst +87.8% (Fabric's tensor-parallel Llama 6.7B, TP2 × FSDP2 on 4
// GPUs), 10 within 5%, 25 within 15%, 39 within 30%. The model before this session (cf12291) on the same
// cases: median 15.5%, worst +87.8%, 11 within 5%, 21 within 15%, 37 within 30%. Round 4 is now spent:
// the accuracy test pins that one measurement.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publishedCases } from './test-helpers/published-measured.js';
import { round2Cases } from './test-helpers/published-measured-round2.js';
import { round3Cases } from './test-helpers/published-measured-round3.js';
import { round4Cases } from './test-helpers/published-measured-round4.js';
import { specOf } from './test-helpers/references.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedEstimation = path.resolve(here, '../../..', 'shared', 'estimation');
const earlierCases = [...publishedCases, ...round2Cases, ...round3Cases];

// The documents each round-4 source comes from: none may be cited by rounds 1 to 3 or ../shared.
const round4Documents = [
  'extensions/thunder/README.md',
  'docs/source/eager_tutorials/pretraining.rst',
  'finetrainers docs/training',
  'ShivamShrirao/diffusers examples/dreambooth/README.md',
  'applications/ColossalChat/examples/README.md',
  'mmsegmentation configs/pspnet/README.md',
  'mmpretrain configs/fp16/README.md',
  'examples/fabric/tensor_parallel/README.md',
  'examples/language/bert/README.md',
  'mmsegmentation configs/vit/README.md',
  'docs/source_en/Megatron-SWIFT/Quick-start.md',
];

test('round 4: at least 40 cases, ids unique and distinct from rounds 1 to 3', () => {
  assert.ok(round4Cases.length >= 40, `${round4Cases.length} cases`);
  const ids = round4Cases.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  const earlier = new Set(earlierCases.map((c) => c.id));
  for (const id of ids) assert.ok(!earlier.has(id), `${id} is an earlier round's id`);
});

test('round 4: every case names its source, what was measured, a unit, a figure and its config', () => {
  for (const c of round4Cases) {
    assert.ok(c.source.length > 20, `${c.id}: source`);
    assert.ok(
      round4Documents.some((document) => c.source.includes(document)),
      `${c.id}: source names one of the round-4 documents`,
    );
    assert.ok(c.config.length > 40, `${c.id}: config`);
    assert.ok(['allocated', 'reserved', 'device total'].includes(c.what), `${c.id}: what`);
    assert.ok(c.unit === 'GB' || c.unit === 'GiB', `${c.id}: unit`);
    assert.ok(Number.isFinite(c.measured) && c.measured > 0 && c.measured < 200, `${c.id}: ${c.measured}`);
    assert.equal(c.excluded, undefined, `${c.id}: every round-4 case is scored at the final measurement`);
  }
});

test('round 4: every spec parses as an estimate spec with a model and a batch', () => {
  for (const c of round4Cases) {
    const spec = specOf(c.spec);
    assert.ok(
      spec.model.params !== undefined || spec.model.transformer !== undefined || spec.model.cnn !== undefined,
      `${c.id}: model`,
    );
    assert.ok(spec.training.batchSize.text.length > 0, `${c.id}: batch`);
  }
});

test("round 4: a multi-GPU case says whose figure it is (one rank's, per GPU)", () => {
  for (const c of round4Cases) {
    const gpus = specOf(c.spec).parallel?.gpus ?? 1;
    if (gpus > 1) assert.match(c.config, /rank|per GPU|each GPU|one GPU's/, `${c.id}: whose figure`);
  }
});

test('round 4: no case repeats an earlier case by config (same spec, or same figure for the same model)', () => {
  const paramsOf = (spec: string) => /params: (\S+)/.exec(spec)?.[1];
  for (const c of round4Cases) {
    assert.ok(!earlierCases.some((e) => e.spec === c.spec), `${c.id}: an earlier case has the same spec`);
    const twin = earlierCases.find((e) => e.measured === c.measured && paramsOf(e.spec) === paramsOf(c.spec));
    assert.equal(twin, undefined, `${c.id}: ${twin?.id} has the same figure for the same model`);
  }
  const specs = round4Cases.map((c) => c.spec);
  assert.equal(new Set(specs).size, specs.length, 'no two round-4 cases share a spec');
});

test('round 4: no source document is cited by rounds 1 to 3', () => {
  const earlierText = JSON.stringify(earlierCases);
  for (const document of round4Documents)
    assert.ok(!earlierText.includes(document), `${document} is cited in an earlier round`);
});

test('round 4: ../shared/estimation cites none of the new documents', {
  skip: existsSync(sharedEstimation) ? false : `needs ${sharedEstimation} (absent in a bare clone)`,
}, () => {
  const shared = ['references.json', 'references.md']
    .map((name) => path.join(sharedEstimation, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const document of round4Documents)
    assert.ok(!shared.includes(document), `${document} is already in ../shared/estimation`);
});

test('round 4: accuracy on the spent round-4 cases stays at or better than its one measurement', async () => {
  const { scorePublished, caseError, medianAbsoluteError } = await import('./test-helpers/measured-cases.js');
  const scored = scorePublished(round4Cases, () => true);
  const worst = scored.reduce((a, b) => (Math.abs(caseError(b)) > Math.abs(caseError(a)) ? b : a));
  const median = medianAbsoluteError(scored);
  const within = (limit: number) => scored.filter((c) => Math.abs(caseError(c)) <= limit).length;
  const summary = `${scored.length} cases: median |error| ${(median * 100).toFixed(1)}%, worst ${(caseError(worst) * 100).toFixed(1)}% (${worst.id}); ${within(0.05)} within 5%, ${within(0.15)} within 15%, ${within(0.3)} within 30%`;
  // The one measurement: median 12.3%, 10 within 5%, 25 within 15%, 39 within 30% (issue #25's bar,
  // median <= 5% and worst <= 15% on runs nobody fitted to, was not met).
  assert.ok(median <= 0.124, summary);
  assert.ok(within(0.05) >= 10 && within(0.15) >= 25 && within(0.3) >= 39, summary);
});
