// Round 28 of published MEASURED peaks for issue #25 (item 6), gathered in session 23 by estimate-gather after rounds 1
// to 27 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (the rules of round 27, set before the first row was written, 2026-11-29 01:05 UTC): any training run a
// user might bring — LLM pretraining and fine-tunes (full, LoRA, QLoRA), multi-GPU FSDP/TP, vision, diffusion, speech,
// RL — from documents of 2023 to 2026 (GitHub pull requests and issues, squash-commit messages that keep a pull
// request's description, READMEs and docs at a commit), at most 4 rows from any one document, no document any earlier
// round or ../shared/estimation cites (repository moves and renames followed: torchtrain is torchtitan). Where a
// source gives more candidates than 4, the 4 are picked with seed 28 (Python's random.Random(28).sample over the
// candidates in the source's order), as each case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face config
// that transformers 5.18 builds, a timm or torchvision model, or none).
// WHAT IT HOLDS (first batch): 7 rows from 2 documents — torchtitan PR #165 (Llama 2 7B under FSDP1/FSDP2, 4 of 11
// drawn with seed 28), torchtitan PR #822 (Llama 3 8B under each reshard_after_forward policy, 3).
import type { PublishedCase } from './published-measured.js';

// --- pytorch/torchtitan (then pytorch/torchtrain) pull request #165 "Used per-parameter FSDP" (awgu, merged as
// 83c879f1, 2024-03-28) -------------------------------------------------------------------------------------------------
// The description (kept whole in the squash commit's message): "1D FSDP — Eager: 1k steps of minipile on 8 H100 GPUs,
// local batch size 8, sequence length 2048, AC/SAC, bf16 mixed precision, fp32 reduce-scatter", then per run "N% peak
// active, M% peak reserved" and "Memory numbers reported as percentage since that is how they are logged; can convert
// against 95.0396 GiB GPU memory"; compiled runs ("same setup as eager") in GiB; "2D FSDP — Eager (2-way SP, 4-way
// FSDP): ... local batch size 16 (to preserve global batch size)". Eleven runs give a peak reserved figure, in the
// description's order [FSDP1 AC; FSDP1 SAC; FSDP2 AC; FSDP2 SAC; compiled FSDP2 AC buffer reuse off; compiled FSDP2 AC
// buffer reuse on; compiled FSDP2 SAC; compiled FSDP2 SAC local batch 16; compiled FSDP2 no AC; 2D FSDP2 AC; 2D FSDP2
// SAC]; seed 28 drew four: Python random.Random(28).sample(range(11), 4) = [1, 2, 8, 9]. The config is the repository's
// train_configs/llama_7b.toml at 83c879f1 (model llama flavor 7B: 32 layers of 4096, 32 heads, SwiGLU MLP 11008
// (multiple_of 256), vocab 32000 from the Llama 2 tokenizer, untied output: 6,738,415,616 parameters; AdamW, max_norm
// 1.0, no [activation_checkpoint] section, so the parser's defaults: mode "selective" with selective_ac_option "2",
// checkpoint every second block; "AC" is mode "full"); the model's output is upcast (.float()) before F.cross_entropy.
// FSDP2 at 83c879f1: each TransformerBlock fully_shard-ed (the last one not resharded after forward), then the root
// (embedding, final norm, output), MixedPrecisionPolicy(param_dtype bf16, reduce_dtype fp32); FSDP1 (the code this pull
// request replaced) wrapped each TransformerBlock under FSDP1 MixedPrecision bf16 with fp32 reduction. Compile is
// torch.compile(model) over the whole model. SDPA attention (the no_recompute_list names the flash and efficient
// kernels). "peak reserved" is torch.cuda.max_memory_reserved of the logging rank (rank 0), one GPU's figure; the
// percentages are converted with the description's 95.0396 GiB (to 0.005 GiB).
const torchtitanPr165Doc = 'pytorch/torchtitan pull request #165';
const torchtrainLlama2_7b =
  'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, tied_embeddings: false, seq_len: 2048, attention: sdpa';
const torchtitanPr165 = (options: {
  label: string;
  quote: string;
  measured: number;
  run: string;
  localBatch: number;
  training: string;
  parallel: string;
}): PublishedCase => ({
  id: `torchtitan-pr165-torchtrain-llama2-7b-minipile-seq2048-8xh100-${options.label}`,
  source: `${torchtitanPr165Doc} (https://github.com/pytorch/torchtitan/pull/165, then pytorch/torchtrain; squash commit 83c879f18763611bda68586c45f0082fd568d646), description, line "${options.quote}"`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `torchtrain at 83c879f1 (March 2024), train_configs/llama_7b.toml on 8 H100 (95.04 GiB each): Llama 2 7B (6,738,415,616 parameters), minipile at 2048 tokens, local batch ${options.localBatch}, AdamW, bf16 mixed precision with fp32 reduce-scatter, ${options.run}; cross-entropy over the upcast (fp32) logits; "peak reserved" (torch.cuda.max_memory_reserved) of the logging rank, one GPU's figure; traceable: yes (meta-llama/Llama-2-7b-hf's LlamaForCausalLM config builds in transformers 5.18; torchtrain's own model code is not installed here)`,
  spec: `model:
  params: 6738415616
  transformer: { ${torchtrainLlama2_7b} }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: ${options.localBatch}, ${options.training} }
parallel: { gpus: 8, ${options.parallel} }`,
});

// --- pytorch/torchtitan pull request #822 "Makes FSDP `reshard_after_forward` configurable" (merged as 5940ddeb,
// 2025-02-06) -----------------------------------------------------------------------------------------------------------
// The description (kept whole in the squash commit's message): "Ran Llama3 8B model with all options, default / never
// / always on a machine with 8 H100s", each with its step log ("Training starts at step 1, with local batch size 1,
// global batch size 8, sequence length 8192"; "step: 50 ... memory: 49.59GiB(52.19%)" for default, "49.41GiB(52.01%)"
// for always, "62.18GiB(65.45%)" for never; the card is 95.0 GiB). All three figures taken (no draw). The config is
// train_configs/llama3_8b.toml at 5940ddeb: Llama 3 8B (32 layers of 4096, 32 heads, 8 KV heads, MLP 14336, vocab
// 128256, untied output: "Model llama3 8B size: 8,030,261,248 total parameters"), AdamW, max_norm 1.0, c4, seq_len
// 8192, batch 1, activation_checkpoint mode "selective" with selective_ac_option "op" (torchtitan's per-op SAC: mm and
// SDPA outputs saved, every second mm recomputed), compile off, FSDP2 over all 8 GPUs (data_parallel_shard_degree -1)
// with MixedPrecisionPolicy(param_dtype bf16, reduce_dtype fp32); torchtitan's units: the embedding, each block, and
// the final norm with the output. reshard_after_forward_policy: "default" reshards every unit but the last after forward
// (it is needed first by backward), "always" every unit, "never" none (the all-gathered bf16 parameters kept from
// forward to backward, as ZeRO-2 / SHARD_GRAD_OP). The cross-entropy of that day is over the upcast fp32 logits.
// "memory" in torchtitan's step log is the device memory monitor's peak reserved (torch.cuda max_memory_reserved, GiB)
// of rank 0: one GPU's figure.
const torchtitanPr822Doc = 'pytorch/torchtitan pull request #822';
const llama3_8bSeq8192 =
  'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false, seq_len: 8192, attention: sdpa';
const torchtitanPr822 = (options: {
  policy: 'default' | 'always' | 'never';
  quote: string;
  measured: number;
  strategy: string;
  note?: string;
}): PublishedCase => ({
  id: `torchtitan-pr822-llama3-8b-fsdp8-lbs1-seq8192-op-sac-reshard-${options.policy}`,
  source: `${torchtitanPr822Doc} (https://github.com/pytorch/torchtitan/pull/822, squash commit 5940ddeb532c60928314aa1a19b54e043eec2a44), description, section "## ${options.policy[0]!.toUpperCase()}${options.policy.slice(1)}": "${options.quote}"`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `torchtitan at 5940ddeb (February 2025), train_configs/llama3_8b.toml on 8 H100 (95.0 GiB each): Llama 3 8B (8,030,261,248 parameters), c4 at 8192 tokens, local batch 1, AdamW, FSDP2 over 8 with bf16 parameters and fp32 reduction, reshard_after_forward_policy "${options.policy}", per-op selective activation checkpointing (torchtitan's "op" policy), compile off, cross-entropy over fp32-upcast logits; torchtitan's logged "memory" (peak reserved, GiB) at step 50 of rank 0, one GPU's figure${options.note ? `; ${options.note}` : ''}; traceable: yes (meta-llama/Meta-Llama-3-8B's LlamaForCausalLM config builds in transformers 5.18; torchtitan's own model code is not installed here)`,
  spec: `model:
  params: 8030261248
  transformer: { ${llama3_8bSeq8192} }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: op }
parallel: { gpus: 8, strategy: ${options.strategy}, fsdp_wrap: torchtitan }`,
});

export const round28Cases: PublishedCase[] = [
  // Llama 2 7B pretraining steps under torchtrain's FSDP1 and FSDP2 on 8 H100 (four of the pull request's eleven runs, seed 28).
  torchtitanPr165({
    label: 'fsdp1-selective-every-2nd-block-lbs8',
    quote: 'FSDP1 (SAC): 52.98% peak active, 67.23% peak reserved, 6500-6700 WPS',
    measured: 63.895,
    run: 'FSDP1 over 8 (each TransformerBlock a unit), selective activation checkpointing as the config of that day defaults it (mode "selective", selective_ac_option "2": every second block checkpointed), eager; 67.23% of 95.0396 GiB',
    localBatch: 8,
    training: 'activation_checkpointing: full, checkpoint_every: 2',
    parallel: 'strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 1',
  }),
  torchtitanPr165({
    label: 'fsdp2-full-ac-lbs8',
    quote: 'FSDP2 (AC): 23.92% peak active, 32.64% peak reserved, 6100-6300 WPS',
    measured: 31.021,
    run: 'FSDP2 over 8 (fully_shard per block, then the root), full activation checkpointing, eager; 32.64% of 95.0396 GiB',
    localBatch: 8,
    training: 'activation_checkpointing: full',
    parallel: 'strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2',
  }),
  torchtitanPr165({
    label: 'fsdp2-no-ac-compiled-lbs8',
    quote:
      'If we use FSDP2 (no AC) with 8 local batch size, we get 90.28 GiB (94.99%) peak reserved, 9100-9300 WPS, 40% MFU.',
    measured: 90.28,
    run: 'FSDP2 over 8, no activation checkpointing, torch.compile(model) over the whole model (the compiled runs are "same setup as eager")',
    localBatch: 8,
    training: 'activation_checkpointing: none, compile: true',
    parallel: 'strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2',
  }),
  torchtitanPr165({
    label: '2d-fsdp4-sp2-full-ac-lbs16',
    quote: 'FSDP2 (AC): 50.12% peak active, 60.97% peak reserved, 5800-5900 WPS',
    measured: 57.946,
    run: '2D: FSDP2 over 4 × tensor parallel 2 with sequence parallelism ("2-way SP, 4-way FSDP"; the output column-parallel), full activation checkpointing, eager; 60.97% of 95.0396 GiB',
    localBatch: 16,
    training: 'activation_checkpointing: full',
    parallel: 'strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2, tensor: 2, sequence_parallel: true',
  }),
  // Llama 3 8B under torchtitan FSDP2 on 8 H100, with each reshard_after_forward policy.
  torchtitanPr822({
    policy: 'default',
    quote: 'step: 50  loss:  7.0608  memory: 49.59GiB(52.19%)',
    measured: 49.59,
    strategy: 'fsdp_full',
  }),
  torchtitanPr822({
    policy: 'always',
    quote: 'step: 50  loss:  7.0576  memory: 49.41GiB(52.01%)',
    measured: 49.41,
    strategy: 'fsdp_full',
    note: 'the spec says FSDP full sharding and cannot tell "always" from "default" (whether the last block is resharded after forward: one block\'s bf16 parameters, about 0.4 GiB)',
  }),
  torchtitanPr822({
    policy: 'never',
    quote: 'step: 50  loss:  7.0576  memory: 62.18GiB(65.45%)',
    measured: 62.18,
    strategy: 'fsdp_grad_op',
    note: '"never" keeps every unit\'s all-gathered bf16 parameters from forward to backward: the spec\'s fsdp_grad_op (SHARD_GRAD_OP)',
  }),
];

/** The documents round 28 reads: none is cited by rounds 1 to 27 or ../shared/estimation. */
export const round28Documents = [torchtitanPr165Doc, torchtitanPr822Doc];
