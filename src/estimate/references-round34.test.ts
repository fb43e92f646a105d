// Round 34 of the published measured peaks (test-helpers/published-measured-round34.ts), gathered held out by one
// engineer in session 27 (seed 34's draw over 2023-2026 documents, at most 2 rows from each harness rounds 31 to 33
// leaned on) while others changed the model and the trace. These tests check their shape and that they are new to
// rounds 1 to 33 and ../shared/estimation; the lead measured the round once and pins its figure here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { round34Cases, round34Documents } from './test-helpers/published-measured-round34.js';
import { checkReferenceRound, roundAccuracy } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 34',
  cases: round34Cases,
  documents: round34Documents,
  earlierCases: casesBefore(34),
  minCases: 21,
  minDocuments: 18,
  // Two different runs of Qwen2.5-7B under ZeRO-3 on 4 GPUs that both read 54 GiB: ms-swift's GKD example with a
  // vLLM server and round 6's packing example (the gatherer's note in the case).
  coincidences: [
    [
      'ms-swift-gkd-qwen2.5-7b-full-teacher-14b-onpolicy-vllm-server-bs4-len2048-zero3-4gpu',
      'ms-swift-example-qwen2.5-7b-full-zero3-packing-8192-no-liger-4xa100',
    ],
  ],
});

test('round 34, measured once, is pinned: median |error| and the counts within 5, 15 and 30%', async () => {
  const { median, within, summary } = await roundAccuracy(round34Cases);
  // Measured once on 2026-11-29 13:22 UTC by the lead, after the session's first round of model and trace changes
  // (main a864ded2), and at the session's start (96a0583f). 21 rows: 16.1% median at both, signed median -16.1%,
  // worst -78.8% (an SD 1.5 UNet QLoRA, NOT EXPRESSIBLE as written), 6/10/15 within 5/15/30% at both. 8 rows are
  // NOT EXPRESSIBLE as written (a torchao QAT full fine-tune, two DeepLabV3+ heads, a Gemma QLoRA whose embedding
  // prepare_model_for_kbit_training keeps in fp32, two SD 1.5 UNets, a GKD run with its teacher offloaded to the
  // host, an Omni GRPO run generating inside the trainer): 24.6%. The 13 expressible: 8.0%, signed -4.8%, worst
  // -73.9%, 6/8/10. --trace: 11 rows, 10.4% at the start and 10.7% at a864ded2 (3/7/8 at both); trace-else-analytic
  // 13.3% and 13.6%.
  // Raised 2026-11-29 (session 27, second round): model.quantization.unquantized_dtype fp32 says the Gemma QLoRA's
  // fp32 embedding and norms (prepare_model_for_kbit_training) and the head's autocast copy: that row -31.6% ->
  // -1.9%, the round 16.1% -> 13.3%, 7/11/16. Then decoder sep_aspp (DeepLabV3+'s DepthwiseSeparableASPPHead)
  // says the two DeepLabV3+ rows: -24.6% -> -3.4% and -24.5% -> -3.3%, the round 13.3% -> 8.0%, 9/13/16.
  // Then cuda.cudnn_benchmark's workspace on mmseg's dilated-ResNet rows (cudnn-benchmark.ts): PSPNet -13.3% ->
  // -2.1%, the DeepLabV3+ rows -3.4% -> +2.4% / +2.5%, the AMP PSPNet -2.7% -> +7.1%; the round 8.0% -> 7.2%, 9/13/16.
  // And UPerHead's fpn_bottleneck workspace: the ViT-B UPerNet row -33.8% -> -26.2%, 9/13/17.
  // Session 28 (estimate-unet): model.unet says the SD 1.5 UNet LoRA row (the UNet's activations under
  // checkpointing, the adapters from the modules, the frozen VAE and text encoder): -16.1% -> -5.8%; the round
  // 7.2% -> 7.1%, 9/13/17 -> 9/14/17. The QLoRA row stays NOT EXPRESSIBLE (model.unet has no 4-bit linears).
  // Then model.unet.autocast (default): accelerator.prepare runs the bf16 UNet's forward under torch.autocast, its
  // norms in fp32: that row -5.8% -> -4.4%; 7.1%, 10/14/17.
  // Session 29: model.segmenter.neck mln says the ViT-B UPerNet row's MultiLevelNeck (the gatherer's doubt):
  // -26.2% -> -21.3%; 7.1%, 10/14/17.
  assert.ok(median <= 0.0714, summary);
  assert.ok(within(0.05) >= 10 && within(0.15) >= 14 && within(0.3) >= 17, summary);
});
