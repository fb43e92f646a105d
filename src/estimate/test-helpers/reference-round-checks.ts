// The checks every round of published measured references gets before and after its one measurement:
// well formed, new to the earlier rounds and to ../shared/estimation; once spent, its accuracy as the
// estimate scores it now. One place, so each round's test file holds only what is its own (its
// documents, its measurement and the figures it pins).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { PublishedCase } from './published-measured.js';
import { specOf } from './references.js';

/** ../shared/estimation beside the repository (absent in a bare clone). */
export const sharedEstimation = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../..',
  'shared',
  'estimation',
);

/** Registers the shape and novelty tests of one round (`round 3: …`). */
export function checkReferenceRound(round: {
  name: string;
  cases: readonly PublishedCase[];
  documents: readonly string[];
  earlierCases: readonly PublishedCase[];
  minCases: number;
  /** When given: every document gives at least one case, and there are at least this many. */
  minDocuments?: number;
  /** Every case its own config (round 3 measures some configs more than one way). */
  isSpecUnique?: boolean;
  /**
   * Pairs (this round's id, an earlier id) read one by one and found to be different runs that happen to
   * share a model and a rounded figure; the comment beside each says why.
   */
  coincidences?: readonly (readonly [string, string])[];
}): void {
  const { name, cases, documents, earlierCases } = round;

  if (round.isSpecUnique)
    test(`${name}: no two ${name} cases share a spec`, () => {
      const specs = cases.map((c) => c.spec);
      assert.equal(new Set(specs).size, specs.length);
    });

  if (round.minDocuments !== undefined) {
    const minDocuments = round.minDocuments;
    test(`${name}: every document gives at least one case, and at least ${minDocuments} documents`, () => {
      assert.ok(documents.length >= minDocuments, `${documents.length} documents`);
      for (const document of documents)
        assert.ok(
          cases.some((c) => c.source.includes(document)),
          `${document} gives no case`,
        );
    });
  }

  test(`${name}: at least ${round.minCases} cases, ids unique and distinct from earlier rounds`, () => {
    assert.ok(cases.length >= round.minCases, `${cases.length} cases`);
    const ids = cases.map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    const earlier = new Set(earlierCases.map((c) => c.id));
    for (const id of ids) assert.ok(!earlier.has(id), `${id} is an earlier round's id`);
  });

  test(`${name}: every case names its source, what was measured, a unit, a figure and its config`, () => {
    for (const c of cases) {
      assert.ok(c.source.length > 20, `${c.id}: source`);
      assert.ok(
        documents.some((document) => c.source.includes(document)),
        `${c.id}: source names one of the ${name} documents`,
      );
      assert.ok(c.config.length > 40, `${c.id}: config`);
      assert.ok(['allocated', 'reserved', 'device total'].includes(c.what), `${c.id}: what`);
      assert.ok(c.unit === 'GB' || c.unit === 'GiB', `${c.id}: unit`);
      assert.ok(Number.isFinite(c.measured) && c.measured > 0 && c.measured < 200, `${c.id}: ${c.measured}`);
      assert.equal(c.excluded, undefined, `${c.id}: every ${name} case is scored at its measurement`);
    }
  });

  test(`${name}: every spec parses as an estimate spec with a model and a batch`, () => {
    for (const c of cases) {
      const spec = specOf(c.spec);
      assert.ok(
        spec.model.params !== undefined ||
          spec.model.transformer !== undefined ||
          spec.model.cnn !== undefined,
        `${c.id}: model`,
      );
      assert.ok(spec.training.batchSize.text.length > 0, `${c.id}: batch`);
    }
  });

  test(`${name}: a multi-GPU case says whose figure it is (one rank's, per GPU)`, () => {
    for (const c of cases) {
      const gpus = specOf(c.spec).parallel?.gpus ?? 1;
      if (gpus > 1) assert.match(c.config, /rank|per GPU|each GPU|one GPU's/, `${c.id}: whose figure`);
    }
  });

  test(`${name}: no case repeats an earlier case by config (same spec, or same figure for the same model)`, () => {
    // The model: its stated parameter count, or (a spec that lets the model count them, as model.detector
    // does) the whole model section.
    const paramsOf = (spec: string) =>
      /params: (\S+)/.exec(spec)?.[1] ?? /^model:\n((?: {2}.*\n?)*)/m.exec(spec)?.[1];
    for (const c of cases) {
      assert.ok(!earlierCases.some((e) => e.spec === c.spec), `${c.id}: an earlier case has the same spec`);
      const twin = earlierCases.find(
        (e) =>
          e.measured === c.measured &&
          paramsOf(e.spec) === paramsOf(c.spec) &&
          !round.coincidences?.some(([mine, earlier]) => mine === c.id && earlier === e.id),
      );
      assert.equal(twin, undefined, `${c.id}: ${twin?.id} has the same figure for the same model`);
    }
  });

  test(`${name}: no source document is cited by an earlier round`, () => {
    const earlierText = JSON.stringify(earlierCases);
    for (const document of documents)
      assert.ok(!earlierText.includes(document), `${document} is cited in an earlier round`);
  });

  test(`${name}: ../shared/estimation cites none of the new documents`, {
    skip: existsSync(sharedEstimation) ? false : `needs ${sharedEstimation} (absent in a bare clone)`,
  }, () => {
    const shared = ['references.json', 'references.md']
      .map((file) => path.join(sharedEstimation, file))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const document of documents)
      assert.ok(!shared.includes(document), `${document} is already in ../shared/estimation`);
  });
}

/**
 * How the estimate does now on a round's cases: the median |error|, how many are within a share, and a
 * line saying it all (the worst case named) for a spent round's accuracy assertions to print.
 */
export async function roundAccuracy(cases: readonly PublishedCase[]): Promise<{
  median: number;
  within: (share: number) => number;
  summary: string;
}> {
  const { scorePublished, caseError, medianAbsoluteError } = await import('./measured-cases.js');
  const scored = scorePublished(cases, () => true);
  const worst = scored.reduce((a, b) => (Math.abs(caseError(b)) > Math.abs(caseError(a)) ? b : a));
  const median = medianAbsoluteError(scored);
  const within = (share: number) => scored.filter((c) => Math.abs(caseError(c)) <= share).length;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const summary = `${scored.length} cases: median |error| ${percent(median)}, worst ${percent(caseError(worst))} (${worst.id}); ${within(0.05)} within 5%, ${within(0.15)} within 15%, ${within(0.3)} within 30%`;
  return { median, within, summary };
}
