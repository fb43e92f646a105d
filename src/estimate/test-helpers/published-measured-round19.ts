// Round 19 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 18 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// CHOSEN TO BE EXPRESSIBLE: plain ViT and BERT-family fine-tunes on one to four GPUs, each run a committed
// script whose every setting is in reach (model, batch, sequence, precision, optimizer, parallelism).
// SPREAD: three repositories, four documents, none cited by an earlier round or ../shared/estimation:
// Sebastian Raschka's precision benchmarks for torchvision ViT-B/16 and ViT-L/16 (ViT-finetuning-scripts),
// the logs of his CVPR 2023 talk (ViT-B/16 compiled, DDP and FSDP on four GPUs), and his DistilBERT
// mixed-precision experiment (LLM-finetuning-scripts). (Round 2 cites another of his repositories,
// rasbt/pytorch-memory-optim; these are different runs of different scripts, batch sizes and models.)
// Each case names its public source (document, commit, table and row), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write.
// Every script of the three repositories prints f"Memory used: {torch.cuda.max_memory_reserved() / 1e9:.02f} GB"
// after the training epochs (before the test-set pass): RESERVED, decimal GB, the process's own GPU (rank 0
// where several: Fabric's print is rank 0's only).
// Every script's loop is `logits = model(features); loss = F.cross_entropy(...); optimizer.zero_grad();
// fabric.backward(loss); optimizer.step()` (e.g. precision-benchmarks/torchvision-vit16-large/06_bf16-full.py
// at 2372d1b, cvpr2023 05_fabric-vit-mixed-ddp.py, mixed-precision-experiment/float32-regular.py at a099246):
// zero_grad comes after the forward, so the last step's gradients live through it — `zero_grad: after_forward`
// (added by the second shift after this round was spent and measured; the measured figures are unchanged).
import type { PublishedCase } from './published-measured.js';

// --- torchvision ViT-B/16 and ViT-L/16 (both repositories) ----------------------------------------------
// torchvision.models.vit_b_16 / vit_l_16 with IMAGENET1K_V1 weights and the head replaced by a 10-class
// Linear: 224 × 224 px (CIFAR-10 resized), patch 16 → 196 patches + class token = 197 tokens; fused qkv
// (nn.MultiheadAttention in_proj with bias) called with need_weights=False (scaled_dot_product_attention in
// torch 2.x), GELU MLP 4 × hidden, dropout 0 and attention dropout 0 (torchvision's defaults).
// Parameters: vit_b_16 86,567,656 − (768·1000 + 1000) + (768·10 + 10) = 85,806,346;
// vit_l_16 304,326,632 − (1024·1000 + 1000) + (1024·10 + 10) = 303,311,882.
const vitB16Params = 86_567_656 - 769_000 + 7_690;
const vitL16Params = 304_326_632 - 1_025_000 + 10_250;
const vitB16 =
  'family: vit, layers: 12, hidden: 768, heads: 12, ffn: 3072, seq_len: 197, fused_qkv: true, attention: sdpa, classes: 10, dropout: false';
const vitL16 =
  'family: vit, layers: 24, hidden: 1024, heads: 16, ffn: 4096, seq_len: 197, fused_qkv: true, attention: sdpa, classes: 10, dropout: false';

// --- rasbt/ViT-finetuning-scripts precision-benchmarks/torchvision-vit16-{small,large}/README.md (2023-10-27) --
// Each row is one script of the folder (commit 2372d1b): CIFAR-10 resized to 224 px, batch_size 16 (the
// "small" folder, vit_b_16) or 32 (the "large" folder, vit_l_16), torch.optim.Adam(lr 5e-5; the default
// foreach step), ExponentialLR, three epochs, torch.set_float32_matmul_precision("medium"), one GPU. 01 is
// plain PyTorch in fp32; 03–06 run through Lightning Fabric(accelerator="cuda", devices=1, precision=…):
// "16-mixed" (torch.autocast fp16 over fp32 weights, GradScaler), "bf16-mixed" (autocast bf16), "16-true" and
// "bf16-true" (the model and therefore the Adam states in 16 bits; the fp16-true run diverged — 10% accuracy —
// but its memory is the same step's). 02 (Fabric fp32) gives the same figure as 01 for the same config and is
// left out. PyTorch 2.1.0+cu121, Lightning 2.1.0 (the table's footer). The card is not named.
const vitScriptsRepo = 'rasbt/ViT-finetuning-scripts';
const vitScriptsCommit = '2372d1bcf83c1268ea373966b22d4846c1227f6f';
const vitScriptsDoc = (size: 'small' | 'large') =>
  `${vitScriptsRepo} precision-benchmarks/torchvision-vit16-${size}/README.md`;
const vitScriptsPrecision = {
  fp32: { script: '01_pytorch-fp32.py', run: 'plain PyTorch, fp32 weights, gradients and Adam states' },
  amp_fp16: {
    script: '03_fp16-mixed.py',
    run: 'Fabric precision "16-mixed": torch.autocast fp16 over fp32 weights, gradients and Adam states, GradScaler',
  },
  amp_bf16: {
    script: '04_bf16-mixed.py',
    run: 'Fabric precision "bf16-mixed": torch.autocast bf16 over fp32 weights, gradients and Adam states',
  },
  fp16: {
    script: '05_fp16-full.py',
    run: 'Fabric precision "16-true": the model converted to fp16, so gradients and Adam states are fp16 too (the run diverged: 10% accuracy)',
  },
  bf16: {
    script: '06_bf16-full.py',
    run: 'Fabric precision "bf16-true": the model converted to bf16, so gradients and Adam states are bf16 too',
  },
} as const;
const vitScripts = (o: {
  size: 'small' | 'large';
  precision: keyof typeof vitScriptsPrecision;
  gb: number;
  row: string;
}): PublishedCase => {
  const isLarge = o.size === 'large';
  const p = vitScriptsPrecision[o.precision];
  const batch = isLarge ? 32 : 16;
  const model = isLarge ? 'vit_l_16' : 'vit_b_16';
  const doc = vitScriptsDoc(o.size);
  return {
    id: `rasbt-vit-finetuning-scripts-${model.replace(/_/g, '')}-cifar10-${o.precision.replace('_', '-')}-bs${batch}`,
    source: `${doc} (commit ${vitScriptsCommit.slice(0, 7)}, 2023-10-27, https://github.com/rasbt/ViT-finetuning-scripts/blob/${vitScriptsCommit}/precision-benchmarks/torchvision-vit16-${o.size}/README.md), table row "${o.row}", column "Memory"`,
    what: 'reserved',
    unit: 'GB',
    measured: o.gb,
    config: `python ${p.script} (precision-benchmarks/torchvision-vit16-${o.size}/ at ${vitScriptsCommit.slice(0, 7)}): torchvision ${model} with IMAGENET1K_V1 weights and a 10-class head (${isLarge ? vitL16Params : vitB16Params} parameters), CIFAR-10 resized to 224 × 224 (197 tokens), batch ${batch}, torch.optim.Adam (lr 5e-5, foreach), ExponentialLR, 3 epochs, no activation checkpointing, not compiled, one GPU (card not named); ${p.run}; PyTorch 2.1.0+cu121, Lightning 2.1.0. Measured: torch.cuda.max_memory_reserved() / 1e9 after the training epochs (decimal GB, the one GPU's figure)`,
    spec: `model:
  params: ${isLarge ? vitL16Params : vitB16Params}
  transformer: { ${isLarge ? vitL16 : vitB16} }
training: { precision: ${o.precision}, optimizer: adam, batch_size: ${batch}, activation_checkpointing: none, zero_grad: after_forward }`,
  };
};

// --- rasbt/cvpr2023 logs.md (2023-06-23) ------------------------------------------------------------------
// The talk's scripts at the logs' commit 854a2b6: vit_b_16 (IMAGENET1K_V1, 10-class head), CIFAR-10 resized to
// 224 px, batch_size 16 per process, torch.optim.Adam(lr 5e-5), 3 epochs; torch 2.1.0.dev20230612+cu118,
// lightning 2.1.0.dev0 (the log's watermark). Rows whose config another kept row already has (00 and 01
// fp32 = the ViT-B fp32 row above at 3.71; 03 Fabric fp32; 04 bf16-mixed 3.04 = the bf16-mixed row at 3.03;
// 07 = 06 with a scheduler) are left out. The card is not named.
const cvprDoc = 'rasbt/cvpr2023 logs.md';
const cvprCommit = '854a2b6855b88b35257000706390d96c4d5204ec';
const cvprSource = (section: string, line: string) =>
  `${cvprDoc} (commit ${cvprCommit.slice(0, 7)}, 2023-06-23, https://github.com/rasbt/cvpr2023/blob/${cvprCommit}/logs.md), section "${section}", the log's "${line}"`;

// --- rasbt/LLM-finetuning-scripts conventional/distilbert-movie-review/mixed-precision-experiment/README.md --
// "All results from training on a single A100 GPU." Each script (commit a099246, 2023-05-10):
// distilbert-base-uncased AutoModelForSequenceClassification (2 labels), IMDB tokenized with truncation=True,
// padding=True over the whole split at once (batch_size=None: every sequence padded to the longest, 512
// tokens), DataLoader batch 12, torch.optim.Adam(lr 5e-5), three epochs, Lightning Fabric(devices=1,
// precision=…) from the script's name; torch 2.0.0, lightning 2.0.2, transformers 4.28.1 (eager attention:
// the s × s scores and their dropout mask kept; dropout 0.1 on embeddings, attention and FFN).
// Parameters: DistilBERT 66,362,880 + pre_classifier 590,592 + classifier 1,538 = 66,955,010.
// Section "highest" matmul precision is taken; the "high" and "medium" sections repeat the same figures
// for the same configs. Float64-regular (10.42 GB) is left out: no spec precision is fp64.
const distilDoc =
  'rasbt/LLM-finetuning-scripts conventional/distilbert-movie-review/mixed-precision-experiment/README.md';
const distilCommit = 'a099246f572e8752a9c4461c62b11544c2f8b198';
const distilParams = 66_362_880 + 590_592 + 1_538;
const distilbert =
  'family: bert, layers: 6, hidden: 768, heads: 12, ffn: 3072, seq_len: 512, vocab: 30522, max_positions: 512, attention: eager, classes: 2, pooler: true';
const distilPrecision = {
  amp_fp16: {
    script: 'float16-mixed.py',
    fabric: '16-mixed',
    section: 'Float16-mixed',
    run: 'torch.autocast fp16 over fp32 weights, gradients and Adam states, GradScaler',
  },
  amp_bf16: {
    script: 'bfloat16-mixed.py',
    fabric: 'bf16-mixed',
    section: 'Bfloat16-mixed',
    run: 'torch.autocast bf16 over fp32 weights, gradients and Adam states',
  },
  fp16: {
    script: 'float16-regular.py',
    fabric: '16-true',
    section: 'Float16-regular',
    run: 'the model in fp16, so gradients and Adam states are fp16 too',
  },
  bf16: {
    script: 'bfloat16-regular.py',
    fabric: 'bf16-true',
    section: 'Bfloat16-regular',
    run: 'the model in bf16, so gradients and Adam states are bf16 too',
  },
  fp32: {
    script: 'float32-regular.py',
    fabric: '32-true',
    section: 'Float32-regular',
    run: 'fp32 weights, gradients and Adam states',
  },
} as const;
const distil = (precision: keyof typeof distilPrecision, gb: number): PublishedCase => {
  const p = distilPrecision[precision];
  return {
    id: `rasbt-llm-finetuning-scripts-distilbert-imdb-${precision.replace('_', '-')}-bs12-1xa100`,
    source: `${distilDoc} (commit ${distilCommit.slice(0, 7)}, 2023-05-10, https://github.com/rasbt/LLM-finetuning-scripts/blob/${distilCommit}/conventional/distilbert-movie-review/mixed-precision-experiment/README.md), section 'torch.set_float32_matmul_precision("highest")', "${p.section}": "Memory used: ${gb.toFixed(2)} GB"`,
    what: 'reserved',
    unit: 'GB',
    measured: gb,
    config: `python ${p.script} (mixed-precision-experiment/ at ${distilCommit.slice(0, 7)}): distilbert-base-uncased for sequence classification (${distilParams} parameters), IMDB padded and truncated to 512 tokens, batch 12, torch.optim.Adam (lr 5e-5, foreach), 3 epochs, Fabric(accelerator="cuda", devices=1, precision="${p.fabric}"): ${p.run}; no activation checkpointing, not compiled, eager attention (transformers 4.28.1), torch 2.0.0, one A100. Measured: torch.cuda.max_memory_reserved() / 1e9 after the training epochs (decimal GB, the one GPU's figure)`,
    spec: `model:
  params: ${distilParams}
  transformer: { ${distilbert} }
training: { precision: ${precision}, optimizer: adam, batch_size: 12, activation_checkpointing: none, zero_grad: after_forward }`,
  };
};

/** Round 19: published measured peaks, held out until the one final measurement. */
export const round19Cases: PublishedCase[] = [
  vitScripts({
    size: 'small',
    precision: 'fp32',
    gb: 3.71,
    row: '01_pytorch-fp32.py | vit_b_16 | medium | 7.71 min | 3.71 GB',
  }),
  vitScripts({
    size: 'small',
    precision: 'amp_fp16',
    gb: 3.03,
    row: '03_fp16-mixed.py | vit_b_16 | medium | 9.38 min | 3.03 GB',
  }),
  vitScripts({
    size: 'small',
    precision: 'amp_bf16',
    gb: 3.03,
    row: '04_bf16-mixed.py | vit_b_16 | medium | 8.50 min | 3.03 GB',
  }),
  vitScripts({
    size: 'small',
    precision: 'fp16',
    gb: 1.94,
    row: '05_fp16-full.py | vit_b_16 | medium | 7.22 min | 1.94 GB',
  }),
  vitScripts({
    size: 'small',
    precision: 'bf16',
    gb: 1.95,
    row: '06_bf16-full.py | vit_b_16 | medium | 7.00 min | 1.95 GB',
  }),
  vitScripts({
    size: 'large',
    precision: 'fp32',
    gb: 16.7,
    row: '01_pytorch-fp32.py | vit_l_16 | medium | 16.88 min | 16.70 GB',
  }),
  vitScripts({
    size: 'large',
    precision: 'amp_fp16',
    gb: 12.3,
    row: '03_fp16-mixed.py | vit_l_16 | medium | 11.63 min | 12.30 GB',
  }),
  vitScripts({
    size: 'large',
    precision: 'amp_bf16',
    gb: 12.24,
    row: '04_bf16-mixed.py | vit_l_16 | medium | 11.31 min | 12.24 GB',
  }),
  vitScripts({
    size: 'large',
    precision: 'fp16',
    gb: 8.43,
    row: '05_fp16-full.py | vit_l_16 | medium | 9.19 min | 8.43 GB',
  }),
  vitScripts({
    size: 'large',
    precision: 'bf16',
    gb: 8.43,
    row: '06_bf16-full.py | vit_l_16 | medium | 9.37 min | 8.43 GB',
  }),
  // cvpr2023: ViT-B/16 compiled (fp32, one GPU).
  {
    id: 'rasbt-cvpr2023-vitb16-cifar10-fp32-compiled-bs16',
    source: cvprSource('02_pytorch-vit-compile.py', 'Memory used: 3.73 GB'),
    what: 'reserved',
    unit: 'GB',
    measured: 3.73,
    config: `python 02_pytorch-vit-compile.py (at ${cvprCommit.slice(0, 7)}): torchvision vit_b_16 (IMAGENET1K_V1) wrapped in torch.compile(model) (default inductor, whole model) with its head then replaced by a 10-class Linear (${vitB16Params} parameters), fp32, CIFAR-10 resized to 224 px, batch 16, torch.optim.Adam (lr 5e-5, foreach), 3 epochs, no activation checkpointing, plain PyTorch on one GPU (card not named); torch 2.1.0.dev20230612+cu118. Measured: torch.cuda.max_memory_reserved() / 1e9 after training (decimal GB, the one GPU's figure)`,
    spec: `model:
  params: ${vitB16Params}
  transformer: { ${vitB16} }
training: { precision: fp32, optimizer: adam, batch_size: 16, activation_checkpointing: none, zero_grad: after_forward, compile: true }`,
  },
  // cvpr2023: ViT-B/16 bf16-mixed DDP on four GPUs.
  {
    id: 'rasbt-cvpr2023-vitb16-cifar10-amp-bf16-ddp4-bs16',
    source: cvprSource('05_fabric-vit-mixed-ddp.py', 'Memory used: 4.09 GB'),
    what: 'reserved',
    unit: 'GB',
    measured: 4.09,
    config: `python 05_fabric-vit-mixed-ddp.py (at ${cvprCommit.slice(0, 7)}): torchvision vit_b_16 (IMAGENET1K_V1, 10-class head, ${vitB16Params} parameters), Fabric(accelerator="cuda", precision="bf16-mixed", devices=4, strategy="ddp"): DDP over 4 GPUs (default 25 MB gradient buckets), torch.autocast bf16 over fp32 weights, gradients and Adam states, CIFAR-10 resized to 224 px, batch 16 per GPU (703 steps per epoch = 2812 / 4), torch.optim.Adam (lr 5e-5, foreach), 3 epochs, no activation checkpointing; torch 2.1.0.dev20230612+cu118, lightning 2.1.0.dev0. Measured: torch.cuda.max_memory_reserved() / 1e9 printed by fabric.print (rank 0's figure, one GPU's, decimal GB)`,
    spec: `model:
  params: ${vitB16Params}
  transformer: { ${vitB16} }
training: { precision: amp_bf16, optimizer: adam, batch_size: 16, activation_checkpointing: none, zero_grad: after_forward }
parallel: { gpus: 4, strategy: ddp }`,
  },
  // cvpr2023: ViT-B/16 bf16-mixed FSDP on four GPUs, no wrap policy.
  {
    id: 'rasbt-cvpr2023-vitb16-cifar10-bf16-mixed-fsdp4-bs16',
    source: cvprSource('06_fabric-vit-mixed-fsdp.py', 'Memory used: 2.83 GB'),
    what: 'reserved',
    unit: 'GB',
    measured: 2.83,
    config: `python 06_fabric-vit-mixed-fsdp.py (at ${cvprCommit.slice(0, 7)}): torchvision vit_b_16 (IMAGENET1K_V1, 10-class head, ${vitB16Params} parameters), Fabric(accelerator="cuda", precision="bf16-mixed", devices=4, strategy="fsdp"): FSDP FULL_SHARD over 4 GPUs with Fabric's defaults of lightning 2.1.0.dev0 (no auto_wrap_policy: the whole model is one FSDP unit; bf16 mixed precision read as bf16 compute over fp32 sharded parameters, gradients and Adam states — assumed), CIFAR-10 resized to 224 px, batch 16 per GPU, torch.optim.Adam (lr 5e-5, foreach), 3 epochs, no activation checkpointing; torch 2.1.0.dev20230612+cu118. Measured: torch.cuda.max_memory_reserved() / 1e9 printed by fabric.print (rank 0's figure, one GPU's, decimal GB). Marked not expressible when gathered (the FSDP unit is the whole model, every parameter gathered unsharded for the forward and again for the backward, where the spec's fsdp_full gathered one layer at a time); session 19 (issue 25): parallel.fsdp_wrap: model says it (no auto_wrap_policy: the root unit is the model)`,
    spec: `model:
  params: ${vitB16Params}
  transformer: { ${vitB16} }
training: { precision: amp_bf16, optimizer: adam, batch_size: 16, activation_checkpointing: none, zero_grad: after_forward }
parallel: { gpus: 4, strategy: fsdp_full, fsdp_wrap: model }`,
  },
  distil('amp_fp16', 4.31),
  distil('amp_bf16', 4.46),
  distil('fp16', 2.87),
  distil('bf16', 2.87),
  distil('fp32', 5.37),
];

/** The documents round 19 draws on (none is cited by an earlier round or ../shared/estimation). */
export const round19Documents: readonly string[] = [
  vitScriptsDoc('small'),
  vitScriptsDoc('large'),
  cvprDoc,
  distilDoc,
];
