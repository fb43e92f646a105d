// Round 4 of the published measured peaks (test-helpers/published-measured-round4.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 3
// and ../shared/estimation.
// Measured ONCE by the lead, 2026-11-26 23:38 UTC, with the model frozen at 9876cb9 (analytic, no trace):
// 44 cases, median |error| 12.3%, worst +87.8% (Fabric's tensor-parallel Llama 6.7B, TP2 × FSDP2 on 4
// GPUs), 10 within 5%, 25 within 15%, 39 within 30%. The model before this session (cf12291) on the same
// cases: median 15.5%, worst +87.8%, 11 within 5%, 21 within 15%, 37 within 30%. Round 4 is now spent:
// the accuracy test pins that one measurement.
// Corrected after it (2026-11-27, estimate-model): the Fabric TP2 × FSDP2 figure (17.95 GB) is the example's
// first train.py, whose AdamW held the meta-device parameters and never stepped, printed as
// max_memory_reserved (published-measured-round4.ts says how): that case now says so (reserved, no
// optimizer states): +87.8% → -18.2%; the same model: median 12.3%, worst -57.3%, 10 / 25 / 40.
// Then fitted (estimate-model, 2026-11-27): ZeRO-1/2's fp32 gradient partition at the step (ColossalChat
// zero2 mbs4 -10.7% → -2.3%) and the ColossalChat LoRA rows' reentrant checkpointing over frozen inputs
// (checkpointed_inputs_require_grad: false; +20.1% / +20.6% → +0.7% / +1.4%): median 11.6%, worst -57.3%
// (finetrainers LTX-Video LoRA), 13 within 5%, 27 within 15%, 40 within 30%. The mmseg CNN rows are traced
// by the bench (traceModule, examples/trace): PSPNet -6.9..-15.4% traced against -16..-27% analytic.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round4Cases } from './test-helpers/published-measured-round4.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

const earlierCases = casesBefore(4);

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

checkReferenceRound({
  name: 'round 4',
  cases: round4Cases,
  documents: round4Documents,
  earlierCases,
  minCases: 40,
  isSpecUnique: true,
});

test('round 4: accuracy on the spent round-4 cases stays at or better than its one measurement', async () => {
  const { median, within, summary } = await roundAccuracy(round4Cases);
  // The one measurement: median 12.3%, 10 within 5%, 25 within 15%, 39 within 30% (issue #25's bar,
  // median <= 5% and worst <= 15% on runs nobody fitted to, was not met).
  // Fitted since (see the top): median 11.6%, 13 / 27 / 40.
  // Session 22 (estimate-express): the six PSPNet rows said with model.segmenter decoder psp on the dilated
  // ResNetV1c (the residual branches, the pyramid pooling and the auxiliary head the sequential stack left out):
  // -26.2/-17.7/-26.5/-17.9/-26.3/-16.0% -> -10.8/-7.9/-10.9/-8.0/-12.1/-5.6%; 11.5% -> 10.8%, 13/27/40 -> 13/33/40.
  // cudnn_benchmark's workspace on mmseg's dilated-ResNet rows (cudnn-benchmark.ts): 10.5% -> 9.2%, 13 -> 19 within 5%.
  // Session 28 (estimate-unet): the ten ShivamShrirao DreamBooth rows said with model.unet (the SD 1.x UNet's
  // activations, xformers, VAE and text encoder cached), before the parameter count alone: -4.6/-9.5/-9.0/-15.3/
  // -18.4/-3.3/-30.8/-18.4/+14.2/+1.9% -> -2.6/-6.0/-5.2/-12.5/-13.9/+0.0/-20.0/-6.7/+14.6/+3.4%; 9.2% -> 7.5%,
  // 19/33/40 -> 19/36/41. Then model.unet.diffusers '0.6.0' (checkpointing before diffusers 0.20: each
  // Transformer2DModel whole, the mid block unwrapped): the checkpointed rows -2.6/-6.0/-5.2/+0.0/+14.6% ->
  // -2.7/-6.1/-5.3/-0.7/+14.5%; 7.5%, 19/36/41. Session 29: model.segmenter.neck (mln, none) re-says the three
  // mmseg ViT UPerNet rows with their neck, heads and both losses: -33.8/-21.0/-29.6% -> -14.3/-11.0/-2.8%; 7.5% ->
  // 6.4%, 19/36/41 -> 20/39/42.
  assert.ok(median <= 0.065, summary);
  assert.ok(within(0.05) >= 20 && within(0.15) >= 39 && within(0.3) >= 42, summary);
});
