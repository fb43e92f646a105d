// Round 3 of the published measured peaks (test-helpers/published-measured-round3.ts): all held out.
// These tests check their shape only — each names its source, what was measured, its config, and a
// spec that parses — and that they are new to rounds 1 and 2 and ../shared/estimation. Until the one
// measurement below no test here estimated a case; since it, the last test pins that measurement.
//
// Measured once, 2026-11-26 21:25 UTC, by the lead, on the model frozen at f444821 (main 3631245, analytic,
// no trace): 73 cases, median |error| 13.3%, worst +96.5% (torchtune Llama 3.2 3B QLoRA with compile,
// chunked CE, checkpointing and activation offload); 19 within 5%, 45 within 15%, 65 within 30%. The same
// scorer on the model before this round (2967be6): median 14.2%, worst +96.5%, 15 within 5%, 40 within 15%.
// Largest misses: activation offload (torchtune +96.5%/+48.3%), FSDP CPU offload of a 1B model (-81.7%,
// -81.5%), GPT-2 124M bf16 at batch 8 (+64.7%/+54.2%: the logits' share), fsdp_qlora at 2 x 24 GB (+38.9%,
// -34.9%). The bar (median <= 5%, worst <= 15%) is not met; round 3 is now spent.
// Fitted since (estimate-model, 2026-11-26 22:20-23:00 UTC; a fitted figure, not a held-out one): the loss
// and a layer's backward as two moments (a layer's dequantization in the latter), a compiled chunked loss
// at logitBytes × 9/8, no fp32 upcast for a plain F.cross_entropy on bf16 logits (rasbt's GPT-2 specs now
// say `loss_upcast: false` and `compile: layers`, as their configs state), the LM head's FSDP unit
// gathered through the loss, torchtune's offload stash (5 saved tensors), ZeRO-3's fp32 sub-group
// gradients in step(): median 8.4%, worst -82.4% (Fabric FSDP CPU offload of the 1B demo, unexplained:
// the FSDP1 offload rows keep ~2.2 GiB more than the gathered units), 31 within 5%, 49 within 15%. Per
// row, before → after: torchtune QLoRA offload +96.5% → +12.8%, LoRA offload +48.3% → +6.9%, GPT-2 bf16
// flash bs 8 +64.7% → +4.2%, native modules +54.2% → +16.6%, fused +29.3% → -2.2%, fsdp_qlora 7B QLoRA
// bs 10 +38.9% → -1.7%, DeepSpeed 6.86B ZeRO-3 checkpointed -13.9% → -0.4%.
// Then (2026-11-27, from FSDP's and DeepSpeed's source): FSDP's root unit (the embedding and head the
// block-class wrap leaves there) gathered from forward to the end of backward, torchtitan's specs saying
// `fsdp_wrap: torchtitan`, and ZeRO-3's parameters kept within stage3_max_reuse_distance: median 6.9%,
// 32 within 5%, 53 within 15% (fsdp_qlora 7B QLoRA ctx 2048 -15.5% → -5.6%, 70B offload -10.2% → -3.3%;
// DeepSpeed 254M ZeRO-3 on 4 GPUs -1.1% → +12.2%: its whole model stays gathered through the loss).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { publishedCases } from './test-helpers/published-measured.js';
import { round2Cases } from './test-helpers/published-measured-round2.js';
import { round3Cases } from './test-helpers/published-measured-round3.js';
import {
  checkReferenceRound,
  roundAccuracy,
  sharedEstimation,
} from './test-helpers/reference-round-checks.js';

// The documents each round-3 source comes from: none may be cited by round 1, round 2 or ../shared.
const round3Documents = [
  'config_hub/finetune/README.md',
  'ch05/10_llm-training-speed',
  'fsdp_qlora benchmarks_03_2024.md',
  'docs/source-fabric/advanced/model_parallel/fsdp.rst',
  'torchtune README.md "Optimization flags"',
  'training/bf16_master_weight/README.md',
  'llama3-8b_h200_202506_trainy-whitefiber.md',
  'tutorials/finetune_lora.md',
  'docs/source-pytorch/advanced/model_parallel/fsdp.rst',
  'docs/source-fabric/advanced/model_parallel/tp.rst',
  'pytorch/ao docs/source/workflows/training.md',
  'pytorch/torchtune PR #961',
];

checkReferenceRound({
  name: 'round 3',
  cases: round3Cases,
  documents: round3Documents,
  earlierCases: [...publishedCases, ...round2Cases],
  minCases: 40,
});

test('round 3: where a shared case comes from a round-3 repository, none of its figures is ours', {
  skip: existsSync(sharedEstimation) ? false : `needs ${sharedEstimation} (absent in a bare clone)`,
}, () => {
  // Where a shared case comes from the same repository as a round-3 case, none of its figures is ours.
  const sharedCases = JSON.parse(readFileSync(path.join(sharedEstimation, 'references.json'), 'utf8')) as {
    id: string;
    source: string;
    expected: unknown;
  }[];
  const repositoryOf = (source: string) => /^([\w.-]+\/[\w.-]+)\s/.exec(source)?.[1];
  for (const c of round3Cases) {
    const repository = repositoryOf(c.source);
    for (const reference of sharedCases.filter((r) => repository && repositoryOf(r.source) === repository)) {
      const figures =
        JSON.stringify(reference.expected)
          .match(/-?\d+(\.\d+)?/g)
          ?.map(Number) ?? [];
      assert.ok(!figures.includes(c.measured), `${c.id}: ${c.measured} is a figure of ${reference.id}`);
    }
  }
});

// Round 3 is spent (measured once, figures in the header): from here on this pins the estimate on it
// so no later change makes it worse unseen; the bar (median <= 5%, worst <= 15%) is not met.
test('round 3: accuracy on the spent round-3 cases stays at or better than its one measurement', async () => {
  const { median, within, summary } = await roundAccuracy(round3Cases);
  // The one measurement was median 13.3%, 19 within 5%, 45 within 15%; these are the fitted figures.
  assert.ok(median <= 0.07, summary);
  assert.ok(within(0.05) >= 32 && within(0.15) >= 53, summary);
  // Session 10 (FSDP1 keeps every sharded gradient on the GPU under parameter offload, until backward
  // ends): the two FSDP + CPU offload rows from -73.2/-72.8% to -25.0/-24.0%, all 73 within 30%.
  assert.ok(within(0.3) >= 73, summary);
  // Session 20 (LitGPT's fused QKV: v's view keeps the q·k·v output whole, and LoRA on q and v keeps zero_pad's
  // source; counted on CPU against litgpt e5493986, layer-activations.ts): 5.9% -> 5.4%, 35/53/73 -> 36/54/73
  // (the LoRA tutorial's Llama-2-7B NF4 -14.3 -> -4.2%, StableLM NF4 -16.0 -> -7.3%).
  // Then the config hub's specs say what litgpt runs (one fused QKV Linear in every model, phi-2 rotary; a spec
  // correction, not a model change): 36/54/73 -> 36/53/73, median 5.4%. Its QLoRA rows went down with it (TinyLlama
  // -11.2 -> -18.1%: one LoRA dropout for q, k and v instead of three): what they miss is theirs, not found.
  // Session 24 (estimate-model: eager attention without checkpointing keeps 3% of the forward→backward parts
  // cached, not 20%, as the allocator replay and the H200 measured): rasbt's from-scratch GPT-2 rows, read
  // after an epoch with its evaluations and sample generations, orig fp32 +3.9 -> -10.5%, bf16 fused -2.2 ->
  // -15.8%, native modules +16.6 -> +0.4%: 5.4% -> 5.9%, 36/53/73 -> 35/53/73.
  assert.ok(median <= 0.06 && within(0.05) >= 35 && within(0.15) >= 53, summary);
});
