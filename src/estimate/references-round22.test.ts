// Round 22 of the published measured peaks (test-helpers/published-measured-round22.ts), gathered held out
// by one engineer while three others changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 21
// and ../shared/estimation, and pin the figure the lead measured once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round22Cases, round22Documents } from './test-helpers/published-measured-round22.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 22',
  cases: round22Cases,
  documents: round22Documents,
  earlierCases: casesBefore(22),
  minCases: 21,
  minDocuments: 4,
  isSpecUnique: true,
});

test("round 22: no row says what the spec cannot express (the OPT rows' projections and post-norm: family opt)", () => {
  // The two OPT rows were marked when gathered; session 19's family opt, post_norm and word_embed_dim say them.
  const marked = round22Cases.filter((c) => /NOT EXPRESSIBLE/.test(c.config)).map((c) => c.id);
  assert.deepEqual(marked, []);
});

test('round 22: a benchmark that runs loss.backward() with no optimizer step is specified as sgd, not none', () => {
  // 'none' is no training step at all (the schema's description of training.optimizer); the rows as
  // gathered said 'none' and were corrected by the lead before any model change (the file's header).
  for (const c of round22Cases) assert.match(c.spec, /optimizer: sgd/, c.id);
});

test('round 22, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round22Cases);
  // Measured once on 2026-11-28 by the lead, never seen by session 18's model engineers (estimate-model,
  // estimate-express, estimate-trace): the session-start model (d91df5c) and the frozen model (6aa9aff)
  // give the same figure, row by row. 21 rows from four pages of the transformers documentation (the
  // "Add SDPA support" training benchmark: fp16 weights, forward and backward with no optimizer step,
  // torch.cuda.max_memory_allocated): Pythia-410m (GPT-NeoX) eager and SDPA (12), BioGPT (4), DistilBERT
  // masked-LM (4), OPT-350m (2, not expressible). As gathered (optimizer: none, read as no backward):
  // 66.2%. Corrected to sgd: all 21 rows 22.1%, worst -54.2% (Pythia eager, batch 1 x 2048), 8/9/14 within
  // 5/15/30%; the 19 the spec expresses 27.2%, 8 within 5%: BioGPT and DistilBERT within 5%, every NeoX row
  // 22-54% under. With --trace (scripts/estimate-score.ts --trace, not run here) the 11 traced NeoX rows
  // are within 3.1% (median 2.5%), and trace-else-analytic over all 21 is 2.5%, worst -20.2% (OPT). The
  // round is now spent.
  // Now the TUNED figure (session 18 second shift, estimate-r22, after the round was spent): GPT-NeoX eager
  // attention keeps fp32 scores and their 16-bit cast (families.ts neox isSoftmaxUpcast, sourced there): all
  // 21 rows 22.1% -> 8.9%, worst -30.8% (Pythia SDPA, batch 4 x 2048), 9/14/20 within 5/15/30%. The NeoX
  // SDPA rows (-27 to -31%) are unchanged: what they miss is per token and not yet found. Session 19: the two
  // OPT rows made expressible (family opt: ReLU MLP, no attention dropout, the fp16 softmax upcast; post_norm;
  // word_embed_dim 512): eager -20.2% -> -15.8%, SDPA +5.3% -> -6.8%; the round unchanged, 8.9%, 9/14/20.
  // Session 20: a fused QKV under RoPE keeps its whole output through v's view beside the rotated q and k (counted
  // against LitGPT on CPU; transformers 4.41's GPTNeoXAttention takes value as a permuted slice of qkv, read from
  // its source, layer-activations.ts fusedOutputKeptBytes): every NeoX row 2-6 points up, SDPA -27..-31% ->
  // -22..-24%, eager -4..-18% -> -3..-15%; the round 8.9% -> 6.8%, worst -30.8% -> -24.2%, 9/14/20 -> 9/16/21.
  assert.ok(median <= 0.069, summary);
  assert.ok(within(0.05) >= 9 && within(0.15) >= 16 && within(0.3) >= 21, summary);
});
