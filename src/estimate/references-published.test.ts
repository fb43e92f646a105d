// The published measured peaks gathered for issue #25 (test-helpers/published-measured.ts): the split
// is the committed one, every spec estimates, the fitted cases are within 15% (median 5%), and the
// paged-optimizer run that fits a 24 GB card is not called "does not fit". The held-out cases are
// scored by `npm run bench -- estimate-accuracy` only (fitted and held-out apart).
// Round 1's 23 scored cases before and after the TP/PP/ZeRO-3 work of 2026-11-26 (estimate-model):
// unchanged, every row: median 2.5%, worst -9.6% (torchtune Llama-2-7B QLoRA), 19 within 5%, 23 within 15%
// (held-out 10: median 2.6%; fitted 13: median 2.0%).
// After round 3's work (2026-11-26 23:00 UTC: the loss and a layer's backward as two moments, the LM
// head's FSDP unit gathered through the loss): median 2.7%, worst -22.1% (the same torchtune QLoRA row,
// held out: its loss and layer moments no longer add up to what is missing there), 16 within 5%, 22
// within 15% (held-out 10: median 3.3%; fitted 13: median 2.0%); torchao Float8 8B rows -0.1% → -5.3%.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCardModel } from '../plan/cards.js';
import { estimate } from './estimate.js';
import { solve } from './solve.js';
import { heldOutIds, isHeldOutByHash } from './test-helpers/held-out.js';
import { caseError, medianAbsoluteError, publishedMeasuredCases } from './test-helpers/measured-cases.js';
import { pagedSpec, publishedCases } from './test-helpers/published-measured.js';
import { specOf } from './test-helpers/references.js';

const GiB = 1024 ** 3;

test('the held-out list is the sha256 rule over the ids, a third or so of the cases', () => {
  const byHash = publishedCases.map((c) => c.id).filter(isHeldOutByHash);
  assert.deepEqual([...heldOutIds].sort(), byHash.sort());
  assert.ok(heldOutIds.length >= publishedCases.length / 4, 'at least a quarter held out');
  assert.equal(new Set(publishedCases.map((c) => c.id)).size, publishedCases.length, 'ids are unique');
});

test('every published case names its source, what was measured and its config, and estimates', () => {
  for (const c of publishedCases) {
    assert.ok(c.source.length > 20 && c.config.length > 20, c.id);
    assert.ok(['allocated', 'reserved', 'device total'].includes(c.what), c.id);
    const breakdown = estimate(specOf(c.spec));
    assert.ok(breakdown.gpu.peakBytes > 0, c.id);
  }
});

test('fitted published cases: each within 15%, the median within 5% (errors printed)', (t) => {
  const cases = publishedMeasuredCases('fitted');
  for (const c of cases) {
    t.diagnostic(
      `${c.id} (${c.what}): measured ${c.measured} ${c.unit}, estimated ${c.estimated.toFixed(2)}, error ${(caseError(c) * 100).toFixed(1)}%`,
    );
    assert.ok(Math.abs(caseError(c)) <= 0.15, `${c.id}: ${(caseError(c) * 100).toFixed(1)}%`);
  }
  const median = medianAbsoluteError(cases);
  t.diagnostic(`median ${(median * 100).toFixed(1)}% over ${cases.length} fitted cases`);
  assert.ok(median <= 0.05, `median ${median}`);
});

test('torchtune low-memory full fine-tune (PagedAdamW, 16 GB reserved) fits a 24 GB card at its batch of 2', () => {
  const card = findCardModel('rtx-4090');
  assert.ok(card, 'rtx-4090 is a known card');
  const spec = specOf(pagedSpec());
  const breakdown = estimate(spec);
  assert.ok(breakdown.gpu.peakBytes < card.totalBytes, `${breakdown.gpu.peakBytes / GiB} GiB`);
  assert.ok(breakdown.gpu.peakBytes < 17 * GiB, 'about the 15.97 GB it reserved, plus the context');
  const paged = breakdown.host.components.find((part) => part.name === 'optimizer states (paged)');
  assert.ok(paged && paged.bytes > 50e9, 'the 6.74B × 8 B states are on the host side, said so');
  assert.ok(breakdown.notes.some((note) => note.includes('unified memory')));
  const { value } = solve(spec, 'batch_size', { budgetBytes: card.totalBytes });
  assert.ok(value >= 2, `largest batch on a 24 GB card: ${value}`);
});
