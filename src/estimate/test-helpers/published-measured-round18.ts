// Round 18 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 16 were seen and
// spent and beside round 17 (which it shares no source with). EVERY case here is HELD OUT: none was scored,
// estimated or looked at through the estimate before the one final measurement, and the model engineer does
// not read this file until then.
// SPREAD: three repositories, none a source of round 17: diffusion / image-token fine-tunes (diffusers' aMUSEd
// training README; PEFT's FLUX.2-klein image-generation benchmark) and a MoE pre-training benchmark (torchao's
// MXFP8 MoE training README, Llama 4 Scout shapes on torchtitan).
// Each case names its public source (document, commit, table and row), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write.
import type { PublishedCase } from './published-measured.js';

// --- huggingface/diffusers examples/amused/README.md (Dec 2023, with examples/amused/train_amused.py) -------------
// aMUSEd (a MUSE-style masked image model): "All training examples use fp16 mixed precision and gradient
// checkpointing"; each table gives Batch Size, Gradient Accumulation Steps, Effective Total Batch Size and
// "Memory Used". train_amused.py at the same commit (4039815): UVit2DModel from amused/amused-256 or -512 trained
// in fp32 under accelerate's fp16 autocast (GradScaler), model.enable_gradient_checkpointing(), torch AdamW (or
// bitsandbytes AdamW8bit with --use_8bit_adam), --use_lora: peft LoraConfig(r=16, lora_alpha=32,
// target_modules=[to_q, to_k, to_v]) on the UVit (base weights frozen in fp32); the CLIP-L/14 text encoder with
// projection frozen and cast to fp16 (123,650,304 parameters), the VQ-GAN frozen in fp32 and run every step under
// no_grad to tokenise the images; a random share of the image tokens masked, F.cross_entropy over the 8192-code
// logits at the masked positions. Images at --resolution 256 (nouns) or 512 (minecraft), the VQ-GAN downsampling
// 16×: 16 × 16 tokens at 256; 32 × 32 at 512, where the UVit downsamples to 16 × 16 before its transformer and
// upsamples after (its logits at 32 × 32).
// UVit2DModel (src/diffusers/models/unets/uvit_2d.py, the amused-256 config: hidden 1024, 22 BasicTransformerBlocks
// of 16 heads with cross-attention to the projected CLIP states, adaLN-continuous norms, GEGLU FF 2816, no biases;
// a ConvNeXt + attention UVitBlock of 3 × (res block, attention block) at 768 channels before and after; a 8256 ×
// 768 token embedding; a 1×1 conv MLM head to 8192 codes), counted from those modules: 603,537,664 parameters
// (the diffusers docs: "amused-256 603M"); amused-512 adds the 2×2 down- and up-sampling convs: 608,257,792 ("608M").
// LoRA on to_q/to_k/to_v of every Attention (44 in the transformer at 1024, 12 in the UVit blocks at 768): 5,210,112
// trainable parameters.
// WHAT WAS MEASURED: "Memory Used" — the meter is not stated: read as the device total (nvidia-smi) in GB as
// printed (assumed), one GPU (accelerate launch without a multi-GPU config).
// NOT EXPRESSIBLE (every row): the UVit's ConvNeXt and attention blocks around the transformer, cross-attention
// to the 77 CLIP tokens in every layer, adaLN modulation, masked-token training; the frozen fp32 VQ-GAN (its
// parameters not counted here) and its per-step encoder pass. The spec is the transformer (a gated-MLP decoder over
// the 256 tokens with an 8192-code head) with the frozen text encoder as a tensor.
const amusedDoc = 'huggingface/diffusers examples/amused/README.md';
const amusedCommit = '4039815276215ea0ff8ce7ac6670dc9dbe08f817';
type AmusedMethod = 'full' | 'full-8bit-adam' | 'lora';
const amusedHeading: Record<AmusedMethod, string> = {
  full: 'Full finetuning',
  'full-8bit-adam': 'Full finetuning + 8 bit adam',
  lora: 'Full finetuning + lora',
};
const amused = (o: {
  checkpoint: 256 | 512;
  method: AmusedMethod;
  batch: number;
  accumulation: number;
  gb: number;
}): PublishedCase => {
  const is512 = o.checkpoint === 512;
  const params = is512 ? 608_257_792 : 603_537_664;
  const effective = o.batch * o.accumulation;
  const optimizer = o.method === 'full-8bit-adam' ? 'adam8bit' : 'adamw';
  const lora = o.method === 'lora' ? '\n  lora: { rank: 16, alpha: 32, targets: [q, k, v], dropout: 0 }' : '';
  const logits = is512
    ? `\n  - { name: MLM logits over the 32 × 32 latent grid (8192 codes), shape: [${o.batch}, 1024, 8192], dtype: float16, covers: logits }`
    : '';
  return {
    id: `diffusers-amused-${o.checkpoint}-${o.method}-bs${o.batch}-ga${o.accumulation}-fp16-ckpt`,
    source: `${amusedDoc} (commit ${amusedCommit.slice(0, 10)}, 2023-12-21, https://github.com/huggingface/diffusers/blob/${amusedCommit}/examples/amused/README.md), section "Finetuning the ${o.checkpoint} checkpoint", table "${amusedHeading[o.method]}", row "| ${o.batch} | ${o.accumulation} | ${effective} | ${o.gb} GB |"`,
    what: 'device total',
    unit: 'GB',
    measured: o.gb,
    config: `accelerate launch train_amused.py --pretrained_model_name_or_path amused/amused-${o.checkpoint} --resolution ${o.checkpoint} --train_batch_size ${o.batch} --gradient_accumulation_steps ${o.accumulation} --mixed_precision fp16 --gradient_checkpointing${o.method === 'full-8bit-adam' ? ' --use_8bit_adam' : ''}${o.method === 'lora' ? ' --use_lora' : ''} (train_amused.py at 4039815): the UVit2D masked image model (${params} parameters, ${is512 ? 'its 32 × 32 image tokens downsampled to 16 × 16 for the 22-layer transformer, logits at 32 × 32' : '16 × 16 image tokens'}) trained in fp32 under fp16 autocast, ${o.method === 'lora' ? 'LoRA r 16 alpha 32 on to_q/to_k/to_v of every attention (5,210,112 trainable; base frozen), AdamW' : o.method === 'full-8bit-adam' ? 'all parameters trained with bitsandbytes AdamW8bit' : 'all parameters trained with torch AdamW'}, every transformer layer checkpointed, batch ${o.batch} × ${o.accumulation} accumulation; the CLIP-L/14 text encoder frozen in fp16 and the VQ-GAN frozen in fp32 on the GPU. Measured: "Memory Used", meter not stated: read as the device total in GB as printed (assumed), one GPU. NOT EXPRESSIBLE: the UVit's ConvNeXt/attention blocks around the transformer, cross-attention to the CLIP states, adaLN, the VQ-GAN (weights and its per-step encode); the spec is the transformer with a code head${o.method === 'lora' ? ' (its LoRA only on the self-attention q/k/v of the 22 layers)' : ''}`,
    spec: `model:
  params: ${params}${lora}
  transformer: { family: llama, layers: 22, hidden: 1024, heads: 16, ffn: 2816, vocab: 8192, seq_len: 256, tied_embeddings: false, attention: sdpa }
training: { precision: amp_fp16, optimizer: ${optimizer}, batch_size: ${o.batch}, grad_accumulation: ${o.accumulation}, activation_checkpointing: full }
tensors:
  - { name: frozen CLIP-L/14 text encoder with projection (fp16 weights), shape: [123650304], dtype: float16 }${logits}
cuda: { lengths: fixed }`,
  };
};

// --- huggingface/peft method_comparison/image-gen/results/<experiment>.json (June–July 2026) --------------------
// PEFT's image-generation benchmark (method_comparison/image-gen/run.py): DreamBooth-style fine-tuning of
// black-forest-labs/FLUX.2-klein-base-4B's transformer on peft-internal-testing/cat-image-dataset at resolution 512,
// batch 2, 750 steps, dtype bfloat16 with use_amp false (bf16 weights; PEFT adapters kept in fp32 by
// autocast_adapter_dtype), use_gc true (gradient checkpointing), torch AdamW, compile false, max_sequence_length 512
// for the prompt embeddings. The text encoder and the VAE are offloaded: prompt embeddings and image latents are
// precomputed once (precompute_prompt_caches / precompute_latent_cache) and kept on the GPU, so only the DiT trains
// there. FLUX.2-klein-4B transformer (scripts/convert_flux2_to_diffusers.py "klein-4b"): 5 double-stream and 20
// single-stream blocks, 24 heads of 128 (3072 wide), mlp_ratio 3, joint_attention_dim 7680, in_channels 128; 512-px
// images → 32 × 32 = 1024 latent tokens beside 512 text tokens: 1536 tokens per sample.
// WHAT WAS MEASURED: train_info.accelerator_memory_max, bytes: "max memory reserved ... only for the training part"
// (method_comparison/image-gen/README.md). Taken here / 2**30 (GiB, two decimals). One GPU.
// Parameters and trainable counts are the result files' num_total_params / num_trainable_params.
// NOT EXPRESSIBLE (every row): the MMDiT (double-stream blocks with separate text and image weights, single-stream
// parallel blocks, adaLN modulation, 4-axis RoPE) and PEFT adapters other than plain LoRA on named projections; the
// spec is a ViT-like stack of 30 block-equivalents (each double block counted twice) over 1536 tokens with the
// trainable count stated.
const peftImageDoc = 'huggingface/peft method_comparison/image-gen/results';
const peftImageCommit = 'b8bf4075a0094ea4f8403781393867c7c6722550';
const peftImage = (o: {
  experiment: string;
  bytes: number;
  total: number;
  trainable: number;
  what: string;
  lr: string;
}): PublishedCase => {
  const gib = Math.round((o.bytes / 2 ** 30) * 100) / 100;
  const isFull = o.experiment.startsWith('full-finetuning');
  return {
    id: `peft-image-gen-flux2-klein-4b-${o.experiment.replace('--flux2-klein-', '-')}-bs2-512px-bf16-ckpt`,
    source: `${peftImageDoc}/${o.experiment}.json (commit ${peftImageCommit.slice(0, 9)}, https://github.com/huggingface/peft/blob/${peftImageCommit}/method_comparison/image-gen/results/${o.experiment}.json), train_info.accelerator_memory_max = ${o.bytes}`,
    what: 'reserved',
    unit: 'GiB',
    measured: gib,
    config: `method_comparison/image-gen run.py, experiment ${o.experiment.replace('--', '/')}: FLUX.2-klein-base-4B transformer (${o.total} parameters${isFull ? '' : ` with the adapter, ${o.trainable} trainable`}), ${o.what}, bf16 weights without autocast${isFull ? '' : ' (adapters in fp32)'}, batch 2 at 512 px (1024 image tokens + 512 prompt tokens), gradient checkpointing, torch AdamW (${o.lr}), prompt embeddings and latents precomputed (text encoder and VAE offloaded); max_memory_reserved of the training loop in bytes, / 2**30 here (GiB), one GPU. NOT EXPRESSIBLE: the MMDiT blocks, adaLN, RoPE${isFull ? '' : ' and the adapter kind'}; the spec is 30 block-equivalents of a 3072-wide transformer over 1536 tokens`,
    spec: `model:
  params: ${o.total}${isFull ? '' : `\n  trainable: ${o.trainable}`}
  transformer: { family: vit, layers: 30, hidden: 3072, heads: 24, ffn: 9216, mlp: swiglu, seq_len: 1536, fused_qkv: true, attention: sdpa, dropout: false }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }
cuda: { lengths: fixed }`,
  };
};

// --- pytorch/ao torchao/prototype/moe_training/README.md (March 2026) --------------------------------------------
// "End-to-end training benchmark with TorchTitan: Llama4 Scout vs bfloat16 baseline": "Single node benchmarks with
// 4xB200"; "Llama4 16e default configs; FSDP=4, EP=4; AC=none; compile=True; seq_len=8192; local_bs=8"; "Reduced num
// layers from 48 -> 2 to avoid OOM in single node setting". The commands: torchtitan llama4.sh with
// --parallelism.data_parallel_shard_degree=4 --parallelism.expert_parallel_degree=4 --compile.enable
// --training.seq_len=8192 --activation_checkpoint.mode=none (and --model.converters for the MXFP8 rows).
// Llama 4 Scout 17B-16E shapes with 2 layers: 5120 wide, 40 heads of 128 in 8 KV groups, vocab 202048 untied, every
// layer MoE with 16 routed experts (top-1, expert MLP 8192) and a shared expert (8192): 6,473,180,160 parameters
// (counted with transformers' Llama4ForCausalLM at num_hidden_layers 2). torchtitan trains with FSDP2 mixed precision
// (fp32 sharded parameters and AdamW states, bf16 compute, fp32 gradient reduction), AdamW.
// WHAT WAS MEASURED: "Max Memory (GiB)": torchtitan's logged memory = max_reserved of the device (GiB), the rank
// that logs (rank 0): one GPU's figure.
// NOT EXPRESSIBLE: expert parallelism (the routed experts split over the 4 ranks, tokens exchanged all-to-all);
// MXFP8 (microscaled float8) on the linears in the second row; the spec's float8 recipes are tensorwise / rowwise
// only, so that row's nearest spec is float8 rowwise. The table's two rows with MXFP8 grouped GEMMs (144.71 and
// 145.32 GiB) are left out: the spec cannot say the experts' GEMM precision, so they would repeat these specs.
const moeDoc = 'pytorch/ao torchao/prototype/moe_training/README.md';
const moeCommit = '5e79e5ed3434aa04281931039da1bab338c415b3';
const moe = (o: {
  row: string;
  gib: number;
  converter: string;
  slug: string;
  float8?: string;
}): PublishedCase => ({
  id: `torchao-moe-training-llama4-scout-2l-${o.slug}-fsdp4-ep4-seq8192-4xb200`,
  source: `${moeDoc} (commit ${moeCommit.slice(0, 9)}, https://github.com/pytorch/ao/blob/${moeCommit}/torchao/prototype/moe_training/README.md), section "End-to-end training benchmark with TorchTitan: Llama4 Scout vs bfloat16 baseline", row "${o.row}"`,
  what: 'reserved',
  unit: 'GiB',
  measured: o.gib,
  config: `torchtitan llama4.sh on 4 B200 with NGPU=4 --parallelism.data_parallel_shard_degree=4 --parallelism.expert_parallel_degree=4 --parallelism.tensor_parallel_degree=1 --compile.enable --training.seq_len=8192 --activation_checkpoint.mode=none${o.converter}: Llama 4 Scout 17Bx16E shapes with 2 layers (6,473,180,160 parameters; 16 routed experts top-1 plus a shared expert in every layer), local batch 8 × 8192 tokens, FSDP2 mixed precision (fp32 sharded parameters and AdamW states, bf16 compute), torch.compile, no activation checkpointing; torchtitan's logged max_reserved in GiB (rank 0, one GPU's figure). Session 17: the spec says expert parallelism over the 4 ranks (parallel.expert) and the shared expert (shared_ffn, transformers Llama4TextMoe.shared_expert); before it, the spec gave FSDP gathering every expert and no shared expert${o.converter ? '. Marked not expressible when gathered (MXFP8, microscaled float8 with a scale per 32 elements, on the linears; the spec gave its nearest, float8 rowwise); session 19 (issue 25): training.float8.recipe mxfp8 says it' : ''}`,
  spec: `model:
  params: 6473180160
  transformer: { family: llama, layers: 2, hidden: 5120, heads: 40, kv_heads: 8, head_dim: 128, vocab: 202048, ffn: 8192, experts: 16, experts_per_token: 1, shared_ffn: 8192, tied_embeddings: false, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: none, compile: true${o.float8 ? `, float8: ${o.float8}` : ''} }
parallel: { gpus: 4, strategy: fsdp_full, fsdp_version: 2, expert: 4 }
cuda: { lengths: fixed }`,
});

/** Every round-18 case. */
export const round18Cases: PublishedCase[] = [
  // diffusers aMUSEd: the 256 checkpoint's three recipes, three batch splits each.
  amused({ checkpoint: 256, method: 'full', batch: 8, accumulation: 1, gb: 19.7 }),
  amused({ checkpoint: 256, method: 'full', batch: 4, accumulation: 2, gb: 18.3 }),
  amused({ checkpoint: 256, method: 'full', batch: 1, accumulation: 8, gb: 17.9 }),
  amused({ checkpoint: 256, method: 'full-8bit-adam', batch: 16, accumulation: 1, gb: 20.1 }),
  amused({ checkpoint: 256, method: 'full-8bit-adam', batch: 8, accumulation: 2, gb: 15.6 }),
  amused({ checkpoint: 256, method: 'full-8bit-adam', batch: 1, accumulation: 16, gb: 10.7 }),
  amused({ checkpoint: 256, method: 'lora', batch: 16, accumulation: 1, gb: 14.1 }),
  amused({ checkpoint: 256, method: 'lora', batch: 8, accumulation: 2, gb: 10.1 }),
  amused({ checkpoint: 256, method: 'lora', batch: 1, accumulation: 16, gb: 6.5 }),
  // diffusers aMUSEd: the 512 checkpoint's full fine-tune (the 8-bit and LoRA tables left for balance).
  amused({ checkpoint: 512, method: 'full', batch: 8, accumulation: 1, gb: 24.2 }),
  amused({ checkpoint: 512, method: 'full', batch: 4, accumulation: 2, gb: 19.7 }),
  amused({ checkpoint: 512, method: 'full', batch: 1, accumulation: 8, gb: 16.99 }),
  // PEFT image-gen: FLUX.2-klein-base-4B, full fine-tune and four adapters.
  peftImage({
    experiment: 'full-finetuning--flux2-klein-default',
    bytes: 39_873_150_976,
    total: 3_875_544_576,
    trainable: 3_875_544_576,
    what: 'every parameter trained (bf16 weights, gradients and AdamW states)',
    lr: 'lr 5e-5, weight decay 0.01',
  }),
  peftImage({
    experiment: 'lora--flux2-klein-default',
    bytes: 10_708_058_112,
    total: 3_913_883_136,
    trainable: 38_338_560,
    what: 'LoRA r 32 alpha 32 on the 11 attention and MLP projections (to_q, to_k, to_v, to_out.0, add_q/k/v_proj, to_add_out, to_qkv_mlp_proj, linear_in, linear_out), base frozen',
    lr: 'lr 1e-4, weight decay 1e-4',
  }),
  peftImage({
    experiment: 'lora--flux2-klein-rank64',
    bytes: 11_383_341_056,
    total: 3_952_221_696,
    trainable: 76_677_120,
    what: 'LoRA r 64 alpha 64 on the same 11 projections, base frozen',
    lr: 'lr 1e-4, weight decay 1e-4',
  }),
  peftImage({
    experiment: 'dora--flux2-klein-rank64',
    bytes: 13_176_406_016,
    total: 3_953_112_576,
    trainable: 77_568_000,
    what: 'DoRA (LoRA r 64 with weight decomposition) on the same 11 projections, base frozen',
    lr: 'lr 1e-4, weight decay 1e-4',
  }),
  peftImage({
    experiment: 'ia3--flux2-klein-default',
    bytes: 9_586_081_792,
    total: 3_875_851_776,
    trainable: 307_200,
    what: 'IA3 scaling vectors, base frozen',
    lr: 'lr 1e-3',
  }),
  // torchao MXFP8 MoE training: Llama 4 Scout shapes, 2 layers, 4 B200, FSDP 4 × EP 4.
  moe({ row: 'bf16 baseline | 49381.0 | 145.55 | -', gib: 145.55, converter: '', slug: 'bf16' }),
  moe({
    row: 'MXFP8 for Linears only | 52038.0 | 146.62 | 1.053x',
    gib: 146.62,
    converter: ' --model.converters="quantize.linear.mx"',
    slug: 'mxfp8-linears',
    float8: '{ recipe: mxfp8 }',
  }),
];

/** The documents round 18 draws on (none is cited by an earlier round, round 17 or ../shared/estimation). */
export const round18Documents: readonly string[] = [amusedDoc, peftImageDoc, moeDoc];
