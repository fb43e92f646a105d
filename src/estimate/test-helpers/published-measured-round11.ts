// Round 11 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 10 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// AIM: a spread of sequence lengths (512 to 8192), batches (1 to 4), checkpointing and attention kernels on
// and off, LoRA ranks and targets, bitsandbytes and GPTQ QLoRA and full fine-tunes on one GPU, measured by one
// sweep of one harness; and convolutional networks (ResNet-18 and ResNet-50 on CIFAR-10, TSN ResNet-50 on
// video frames) under DDP-free single-GPU runs, DeepSpeed ZeRO-3 and FSDP, measured as allocated peaks. The
// sources note at the end says what was and was not found (encoders, ViT, GPT-2, JAX).
// Each case names its public source (document, commit, table and row), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write. No document here is cited by
// rounds 1 to 10, test/ or ../shared/estimation (the test checks the documents and same-figure twins).
// Parameter counts are computed from the models' published config.json (or torchvision's layer shapes).
import type { PublishedCase } from './published-measured.js';

// --- modelscope/ms-swift docs/source/LLM/Benchmark.md (swift 1.5, "update benchmark (#276)", 2024-01-04) -------
// ms-swift's own memory/speed sweep: scripts/benchmark/test_memory_time/run_single.py runs `swift sft` once
// per row on the cls-fudan-news-zh dataset (news classification prompts; "3234.4±2547.5, min=91, max=19548"
// tokens under Qwen's tokenizer, as the document states), --dataset_test_ratio 0 (no evaluation),
// --save_strategy no, --check_dataset_strategy warning, and the defaults the document lists for every row
// that does not vary them: --max_length 2048, --batch_size 1, --gradient_checkpointing true, --use_flash_attn
// true, --lora_rank 8, --lora_target_modules DEFAULT, --quantization_bit 0, --gradient_accumulation_steps 16.
// Environment as the document states: one A100 (80 GB, as the two-GPU rows of 70+ GiB show), CUDA 11.8,
// torch 2.1.1, flash_attn 2.3.4, xformers 0.0.23, auto_gptq 0.5.1, bitsandbytes 0.41.3.post2. swift's
// defaults at that commit (swift/llm/utils/argument.py at 4312aeb28): --dtype AUTO = bf16 on the A100 (the
// model loaded in bf16 and the trainer's bf16 flag; a full fine-tune is pure bf16, its AdamW states in bf16)
// and fp16 for the GPTQ Int4/Int8 checkpoints, optim adamw_torch, lora_alpha 32, lora_dropout_p 0.05,
// truncation_strategy delete (samples longer than --max_length are dropped, so with this long-sample dataset
// the longest batch is read at --max_length, assumed), --quantization_bit 4 = bitsandbytes NF4 with double
// quantisation and bf16 compute; LoRA DEFAULT = the attention input projection (Qwen's c_attn, ChatGLM3's
// query_key_value, Baichuan2's W_pack, Yi's q/k/v_proj), ALL = every linear of the decoder. Gradient
// checkpointing: HF/remote-code torch.utils.checkpoint on every decoder layer, with enable_input_require_grads
// under LoRA (swift/llm/sft.py). Attention with --use_flash_attn true: flash-attn 2 for Qwen (remote code) and
// Yi (transformers' Llama); ChatGLM3's remote code always calls torch SDPA; Baichuan2-7B's remote code calls
// xformers' memory_efficient_attention with a LowerTriangularMask in training (no S × S tensor: read as
// flash); --use_flash_attn false on Qwen = its remote code's eager attention (fp32 softmax). The loss: the
// model's own cross-entropy, over logits upcast to fp32 (assumed for every model; ChatGLM3 and transformers'
// Llama do upcast, Qwen's and Baichuan's remote code may not).
// Batch shapes vary from step to step (spec: cuda.lengths variable, added after the round was measured and
// spent): swift's data_collate_fn pads each batch to its own longest sample (swift/llm/utils/utils.py at
// 4312aeb28: "if none, the batch will be padded to the `longest`"; sft.py passes padding_to only for longlora),
// over samples of 91 to 19548 tokens as the document states.
// What was measured: swift's trainer (swift/trainers/trainers.py at 4312aeb28) records, after train(), each
// device's torch.cuda.max_memory_reserved(i)/1024**3 as "N.NNGiB"; run_single.py reports that dict, and the
// table prints it ("73.71+78.54" for the two devices of a device_map run). Every figure is one GPU's peak
// reserved memory over the whole run, in GiB. Rows at the card's limit (over 76 GiB of the A100's 79.2) and
// the two-GPU device_map rows are left out (sources note).
const swiftBenchDoc = 'modelscope/ms-swift docs/source/LLM/Benchmark.md';
const swiftBenchSource = `${swiftBenchDoc} (commit 4312aeb28, 2024-01-04, https://github.com/modelscope/ms-swift/blob/4312aeb28/docs/source/LLM/Benchmark.md; the same tables in docs/source_en/LLM/Benchmark.md from 3b909dedf)`;

interface SwiftModel {
  key: string;
  name: string;
  params: number;
  shape: string;
  /** The attention with --use_flash_attn true. */
  flash: 'flash' | 'sdpa';
  defaultTargets: string;
  dtype?: 'fp16';
  quant?: 'gptq4' | 'gptq8';
}
const ALL = 'q, k, v, o, gate, up, down';
const qwenShape = (layers: number, hidden: number, heads: number, ffn: number, vocab: number) =>
  `family: llama, layers: ${layers}, hidden: ${hidden}, heads: ${heads}, vocab: ${vocab}, ffn: ${ffn}, bias: qkv, fused_qkv: true, tied_embeddings: false`;
// Qwen 1 (QWenLMHeadModel, remote code): untied head, c_attn with bias, SwiGLU (w1, w2, c_proj), RMSNorm.
const qwen18b: SwiftModel = {
  key: 'qwen-1_8b-chat',
  name: 'Qwen-1.8B-Chat (1,836,828,672 parameters: 24 layers, 2048 wide, 16 heads, MLP 5504, vocab 151936)',
  params: 1_836_828_672,
  shape: qwenShape(24, 2048, 16, 5504, 151936),
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
const qwen7b: SwiftModel = {
  key: 'qwen-7b-chat',
  name: 'Qwen-7B-Chat (7,721,324,544 parameters: 32 layers, 4096 wide, 32 heads, MLP 11008, vocab 151936)',
  params: 7_721_324_544,
  shape: qwenShape(32, 4096, 32, 11008, 151936),
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
const qwen14b: SwiftModel = {
  key: 'qwen-14b-chat',
  name: 'Qwen-14B-Chat (14,167,290,880 parameters: 40 layers, 5120 wide, 40 heads, MLP 13696, vocab 152064)',
  params: 14_167_290_880,
  shape: qwenShape(40, 5120, 40, 13696, 152064),
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
const qwen72b: SwiftModel = {
  key: 'qwen-72b-chat',
  name: 'Qwen-72B-Chat (72,287,920,128 parameters: 80 layers, 8192 wide, 64 heads, MLP 24576, vocab 152064)',
  params: 72_287_920_128,
  shape: qwenShape(80, 8192, 64, 24576, 152064),
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
// THUDM/chatglm3-6b: 28 layers, 4096 wide, 32 heads in 2 KV groups, MLP 13696 (SwiGLU), vocab 65024, untied
// output layer, qkv bias (round 9 computed the same count from its config.json).
const chatglm3: SwiftModel = {
  key: 'chatglm3-6b',
  name: 'ChatGLM3-6B (6,243,584,000 parameters: 28 layers, 4096 wide, 32 heads in 2 KV groups, MLP 13696, vocab 65024)',
  params: 6_243_584_000,
  shape:
    'family: llama, layers: 28, hidden: 4096, heads: 32, kv_heads: 2, vocab: 65024, ffn: 13696, bias: qkv, fused_qkv: true, tied_embeddings: false',
  flash: 'sdpa',
  defaultTargets: 'q, k, v',
};
const yi6b: SwiftModel = {
  key: 'yi-6b-chat',
  name: 'Yi-6B-Chat (6,061,035,520 parameters: 32 layers, 4096 wide, 32 heads, 4 KV heads, MLP 11008, vocab 64000)',
  params: 6_061_035_520,
  shape: 'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 4, vocab: 64000, ffn: 11008',
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
const yi34b: SwiftModel = {
  key: 'yi-34b-chat',
  name: 'Yi-34B-Chat (34,388,917,248 parameters: 60 layers, 7168 wide, 56 heads, 8 KV heads, MLP 20480, vocab 64000)',
  params: 34_388_917_248,
  shape: 'family: llama, layers: 60, hidden: 7168, heads: 56, kv_heads: 8, vocab: 64000, ffn: 20480',
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
// baichuan-inc/Baichuan2-7B-Chat: 32 layers, 4096 wide, 32 heads, fused W_pack (no bias), SwiGLU 11008,
// vocab 125696, RMSNorm, an untied NormHead: 2 × 514,850,816 + 32 × 202,383,360 + 4096 = 7,505,973,248.
// swift registers it without support_flash_attn, so --use_flash_attn is ignored and the remote code's own
// kernel runs: xformers' memory_efficient_attention with a LowerTriangularMask in training (read as flash).
const baichuan2_7b: SwiftModel = {
  key: 'baichuan2-7b-chat',
  name: 'Baichuan2-7B-Chat (7,505,973,248 parameters: 32 layers, 4096 wide, 32 heads, MLP 11008, vocab 125696, rotary)',
  params: 7_505_973_248,
  shape:
    'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 125696, ffn: 11008, fused_qkv: true, tied_embeddings: false',
  flash: 'flash',
  defaultTargets: 'q, k, v',
};
// baichuan-inc/Baichuan2-13B-Chat: 40 layers, 5120 wide, 40 heads, W_pack, SwiGLU 13696, vocab 125696, ALiBi:
// 2 × 643,563,520 + 40 × 315,238,400 + 5120 = 13,896,668,160.
const baichuan2_13b: SwiftModel = {
  key: 'baichuan2-13b-chat',
  name: 'Baichuan2-13B-Chat (13,896,668,160 parameters: 40 layers, 5120 wide, 40 heads, MLP 13696, vocab 125696, ALiBi)',
  params: 13_896_668_160,
  shape:
    'family: llama, layers: 40, hidden: 5120, heads: 40, vocab: 125696, ffn: 13696, fused_qkv: true, tied_embeddings: false',
  flash: 'sdpa',
  defaultTargets: 'q, k, v',
};
const gptq = (model: SwiftModel, bits: 4 | 8): SwiftModel => ({
  ...model,
  key: `${model.key}-int${bits}`,
  name: `${model.name.replace('-Chat (', `-Chat-Int${bits} (Qwen's GPTQ ${bits}-bit checkpoint, group size 128, embedding and head in fp16; `)}`,
  dtype: 'fp16',
  quant: bits === 4 ? 'gptq4' : 'gptq8',
});

interface SwiftBenchRow {
  model: SwiftModel;
  table: string;
  row: string;
  gib: number;
  method?: 'lora' | 'full';
  maxLength?: number;
  batch?: number;
  flash?: boolean;
  checkpointing?: boolean;
  rank?: number;
  allTargets?: boolean;
  ga?: number;
  bnb?: boolean;
  notExpressible?: string;
}

const swiftBench = (row: SwiftBenchRow): PublishedCase => {
  const { model } = row;
  const method = row.method ?? 'lora';
  const maxLength = row.maxLength ?? 2048;
  const batch = row.batch ?? 1;
  const flash = row.flash ?? true;
  const checkpointing = row.checkpointing ?? true;
  const rank = row.rank ?? 8;
  const ga = row.ga ?? 16;
  const precision = model.dtype ?? 'bf16';
  const attention = flash ? model.flash : model.flash === 'sdpa' ? 'sdpa' : 'eager';
  const targets = row.allTargets ? ALL : model.defaultTargets;
  const varied = [
    method === 'full' ? '--sft_type full' : '--sft_type lora',
    `--max_length ${maxLength}`,
    ...(row.batch ? [`--batch_size ${batch}`] : []),
    ...(row.flash === false ? ['--use_flash_attn false'] : []),
    ...(row.checkpointing === false ? ['--gradient_checkpointing false'] : []),
    ...(row.rank ? [`--lora_rank ${rank}`] : []),
    ...(row.allTargets ? ['--lora_target_modules ALL'] : []),
    ...(row.ga ? [`--gradient_accumulation_steps ${ga}`] : []),
    ...(row.bnb ? ['--quantization_bit 4'] : []),
  ].join(' ');
  const tuning =
    method === 'full'
      ? `full fine-tune (all ${model.params} parameters trainable), pure ${precision}, AdamW states in ${precision}`
      : `LoRA r ${rank} alpha 32 dropout 0.05 on ${targets}${row.bnb ? ', base weights bitsandbytes NF4 (double quantisation, bf16 compute)' : model.quant ? `, base weights GPTQ ${model.quant === 'gptq4' ? '4' : '8'}-bit` : ''}`;
  const attentionText =
    attention === 'flash'
      ? model.key.startsWith('baichuan')
        ? "xformers memory-efficient attention (Baichuan2's remote code in training)"
        : 'flash attention 2'
      : attention === 'sdpa'
        ? "torch SDPA (the model's remote code)"
        : "eager attention (Qwen's remote code, fp32 softmax)";
  const config = `swift sft --model_type ${model.key} ${varied} (the document's defaults otherwise): ${model.name}, ${tuning}, one A100 80GB, batch ${batch}, gradient accumulation ${ga}, the peak step read at --max_length ${maxLength} (cls-fudan-news-zh's samples run to 19548 tokens and longer ones are dropped, assumed), ${checkpointing ? 'gradient checkpointing on every decoder layer' : 'no gradient checkpointing'}, ${attentionText}, HF Trainer ${precision}, AdamW (adamw_torch), loss over fp32-upcast logits (assumed); peak reserved GiB as swift's trainer records it (max_memory_reserved after train()), one GPU${row.notExpressible ? `. NOT EXPRESSIBLE: ${row.notExpressible}` : ''}`;
  const lora =
    method === 'full' ? '' : `\n  lora: { rank: ${rank}, alpha: 32, targets: [${targets}], dropout: 0.05 }`;
  const quant = row.bnb
    ? '\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }'
    : model.quant === 'gptq4'
      ? '\n  quantization: { weights: gptq4, group_size: 128, compute_dtype: fp16 }'
      : model.quant === 'gptq8'
        ? '\n  quantization: { weights: int8, compute_dtype: fp16 }'
        : '';
  const suffix = [
    method,
    `len${maxLength}`,
    `bs${batch}`,
    flash ? '' : 'noflash',
    checkpointing ? '' : 'nogc',
    row.rank ? `r${rank}` : '',
    row.allTargets ? 'all' : '',
    row.ga ? `ga${ga}` : '',
    row.bnb ? 'nf4' : '',
  ]
    .filter((part) => part !== '')
    .join('-');
  return {
    id: `ms-swift-benchmark-${model.key.replace(/_/g, '.')}-${suffix}`,
    source: `${swiftBenchSource}, table "${row.table}", row "${row.row}"`,
    what: 'reserved',
    unit: 'GiB',
    measured: row.gib,
    config,
    spec: `model:
  params: ${model.params}
  transformer: { ${model.shape}, seq_len: ${maxLength}, attention: ${attention} }${lora}${quant}
training: { precision: ${precision}, optimizer: adamw, batch_size: ${batch}, grad_accumulation: ${ga}, activation_checkpointing: ${checkpointing ? 'full' : 'none'}, loss: standard }
cuda: { lengths: variable }`,
  };
};

const lengths = [512, 1024, 2048, 4096, 8192] as const;
const lengthRows = (
  model: SwiftModel,
  gibs: readonly (number | undefined)[],
  method: 'lora' | 'full' = 'lora',
) =>
  lengths.flatMap((maxLength, index) => {
    const gib = gibs[index];
    if (gib === undefined) return [];
    return [
      swiftBench({
        model,
        method,
        maxLength,
        gib,
        table: `Model Type & Max Length, ${method === 'full' ? 'Full' : 'LoRA'}`,
        row: `${model.key} | ${maxLength} | ${gib}`,
      }),
    ];
  });

// --- open-mmlab/mmengine docs and open-mmlab/mmaction2 docs: training logs of ResNets (2022-2023) -----------
// mmengine's LogProcessor prints "memory: N" in each training log line: torch.cuda.max_memory_allocated() of
// the logging rank's device // 2**20 (MiB), the peak since the last log line (reset_peak_memory_stats after
// each read; mmengine/runner/log_processor.py, _get_max_memory). The runs: the tutorials' MMResNet50 (a
// torchvision resnet50() with its 1000-way fc, 25,557,032 parameters, trained on CIFAR-10's 32 × 32 images with
// F.cross_entropy on the 1000 logits), mmpretrain's resnet18_8xb16_cifar10 (ResNet_CIFAR: a 3 × 3 stem without
// max-pool, basic blocks [2, 2, 2, 2], a 10-way linear head: 11,173,962 parameters) and mmaction2's TSN
// ResNet-50 (the torchvision-layout backbone, 23,508,032 parameters, and a 2-way head: 23,512,130). No card is
// named in these documents. The spec's cnn stack is the main path (stem, every bottleneck or basic-block conv
// in order, global pool, head); residual adds and downsample convs are outside the sequential stack (their
// parameters are in params), as in rounds 4 to 7.
const cnnSpec = (input: readonly number[], layers: readonly string[]): string =>
  `  cnn:\n    input: [${input.join(', ')}]\n    layers:\n${layers.map((layer) => `      - ${layer}`).join('\n')}`;
const bottleneckStages = (): string[] =>
  [3, 4, 6, 3].flatMap((count, stage) => {
    const width = 64 * 2 ** stage;
    return Array.from({ length: count }, (_, block) => [
      `{ conv: ${width}, kernel: 1 }`,
      `{ conv: ${width}${block === 0 && stage > 0 ? ', stride: 2' : ''} }`,
      `{ conv: ${4 * width}, kernel: 1 }`,
    ]).flat();
  });
const basicStages = (): string[] =>
  [2, 2, 2, 2].flatMap((count, stage) => {
    const width = 64 * 2 ** stage;
    return Array.from({ length: count }, (_, block) => [
      `{ conv: ${width}${block === 0 && stage > 0 ? ', stride: 2' : ''} }`,
      `{ conv: ${width} }`,
    ]).flat();
  });
const torchvisionStem = [
  '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
  '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
];
const resnet50Cifar = (head: number): string =>
  cnnSpec(
    [3, 32, 32],
    [...torchvisionStem, ...bottleneckStages(), '{ pool: global }', `{ linear: ${head} }`],
  );
const mmengineLarge = 'open-mmlab/mmengine docs/en/common_usage/large_model_training.md';
const mmengineLargeSource = `${mmengineLarge} (commit 3b639da1, https://github.com/open-mmlab/mmengine/blob/3b639da1/docs/en/common_usage/large_model_training.md)`;
const mmengineQuick = 'open-mmlab/mmengine docs/en/get_started/15_minutes.md';
const mmengineDebug = 'open-mmlab/mmengine docs/en/common_usage/debug_tricks.md';
const mmactionQuick = 'open-mmlab/mmaction2 docs/en/get_started/quick_run.md';
// examples/distributed_training_with_flexible_runner.py (the script the page runs: --use-deepspeed and
// --use-fsdp from 399f76ff, 2023-06-28, which the DeepSpeed and FSDP logs of 07/03 follow — the first version,
// ccd5dc8b, stepped SGD under DeepSpeed; --use-colossalai from db322342, 2023-08-18): MMResNet50, CIFAR-10
// with RandomCrop(32, padding 4) and flip, batch_size 128 per GPU, `torchrun --nproc-per-node 2`, AdamW lr 1e-3
// (HybridAdam under ColossalAI), 196 iterations an epoch (50000 / (2 × 128)).
const flexibleRunner =
  'examples/distributed_training_with_flexible_runner.py: MMResNet50 (torchvision resnet50, 25,557,032 parameters) on CIFAR-10 (32 × 32, RandomCrop padding 4, flip), batch 128 per GPU, torchrun --nproc-per-node 2, AdamW lr 1e-3';

const mmCnnCases: PublishedCase[] = [
  {
    // MMResNet50 is torchvision's resnet50: traced itself (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_32x32_c1000',
    id: 'mmengine-flexiblerunner-resnet50-cifar10-deepspeed-zero3-fp16-2gpu',
    source: `${mmengineLargeSource}, section "DeepSpeed", training log "Epoch(train) [1][190/196] … memory: 970"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 970 / 1024,
    config: `${flexibleRunner}; FlexibleRunner strategy DeepSpeedStrategy: fp16 enabled (dynamic loss scale, fp16_master_weights_and_grads false: fp16 parameters with fp32 master copies and AdamW moments partitioned), inputs_to_half [0], zero_optimization stage 3 (allgather and reduce buckets 5e7, overlap_comm, contiguous_gradients, no offload), DeepSpeedOptimWrapper over torch AdamW; "memory: 970" in every log line of epoch 1: the logging rank's max_memory_allocated, 970 MiB, one GPU's figure (each rank its own). mmengine v0.8 (July 2023), DeepSpeed of then; the card not named. Residual adds and downsample convs are outside the sequential stack`,
    spec: `model:
  params: 25557032
${resnet50Cifar(1000)}
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 128 }
parallel: { gpus: 2, strategy: zero3, deepspeed: { overlap_comm: true, reduce_bucket_size: 50000000 } }`,
  },
  {
    // MMResNet50 is torchvision's resnet50: traced itself (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_32x32_c1000',
    id: 'mmengine-flexiblerunner-resnet50-cifar10-fsdp-amp-fp16-2gpu',
    source: `${mmengineLargeSource}, section "FullyShardedDataParallel (FSDP)", training log "Epoch(train) [1][190/196] … memory: 954"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 954 / 1024,
    config: `${flexibleRunner}; FlexibleRunner strategy FSDPStrategy with size_based_auto_wrap_policy(min_num_params 1e7) (FSDP1 FULL_SHARD by default: the units of at least 1e7 parameters wrapped, layer4's 15M among them, the rest in the root unit), AmpOptimWrapper (torch.autocast fp16 over the fp32 sharded parameters, GradScaler), AdamW; "memory: 954" in every log line of epoch 1: the logging rank's max_memory_allocated, 954 MiB, one GPU's figure (each rank its own). mmengine v0.8 on PyTorch ≥ 2.0 (July 2023); the card not named. Residual adds and downsample convs are outside the sequential stack`,
    spec: `model:
  params: 25557032
${resnet50Cifar(1000)}
training: { precision: amp_fp16, optimizer: adamw, batch_size: 128 }
parallel: { gpus: 2, strategy: fsdp_full }`,
  },
  {
    // MMResNet50 is torchvision's resnet50: traced itself (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_32x32_c1000',
    id: 'mmengine-flexiblerunner-resnet50-cifar10-colossalai-gemini-2gpu',
    source: `${mmengineLargeSource}, section "ColossalAI", training log "Epoch(train) [1][180/196] … memory: 597"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 597 / 1024,
    config: `${flexibleRunner.replace(', AdamW lr 1e-3', '')}; FlexibleRunner strategy ColossalAIStrategy with its defaults (the GeminiPlugin: parameters in fp16 chunks managed by Gemini's chunk manager, fp32 master chunks, placement policy chosen by Gemini), ColossalAIOptimWrapper over HybridAdam (the page's recommendation; lr 1e-3); "memory: 597": the logging rank's max_memory_allocated, 597 MiB, one GPU's figure. mmengine v0.8.4 (August 2023); the card not named. NOT EXPRESSIBLE: Gemini's chunk-based placement (which chunks of parameters, gradients and optimizer states live on the GPU is decided at run time, some on the CPU); the spec gives ZeRO-3 in fp16 over 2 GPUs`,
    spec: `model:
  params: 25557032
${resnet50Cifar(1000)}
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 128 }
parallel: { gpus: 2, strategy: zero3 }`,
  },
  {
    // MMResNet50 is torchvision's resnet50: traced itself (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_32x32_c1000',
    id: 'mmengine-15-minutes-resnet50-cifar10-sgd-bs32-1gpu',
    source: `${mmengineQuick} (line written in dc01545e, 2022-10-19, https://github.com/open-mmlab/mmengine/blob/main/docs/en/get_started/15_minutes.md), training log "Epoch(train) [1][10/1563] … memory: 392"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 392 / 1024,
    config:
      'the tutorial script (80 lines) run on one GPU: MMResNet50 (torchvision resnet50, 25,557,032 parameters, F.cross_entropy over its 1000 logits) on CIFAR-10 (32 × 32, RandomCrop padding 4, flip), DataLoader batch_size 32 (1563 iterations an epoch), SGD lr 1e-3 momentum 0.9, fp32 (OptimWrapper, no AMP); "memory: 392" in the log lines of epoch 1 (the same in each): max_memory_allocated, 392 MiB. mmengine 0.1–0.2 (August 2022), the card not named. Residual adds and downsample convs are outside the sequential stack',
    spec: `model:
  params: 25557032
${resnet50Cifar(1000)}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 32 }`,
  },
  {
    id: 'mmengine-debug-tricks-mmpretrain-resnet18-cifar10-bs16-1gpu',
    source: `${mmengineDebug} (line written in 8a407ca2, 2023-03-01, https://github.com/open-mmlab/mmengine/blob/main/docs/en/common_usage/debug_tricks.md), log of "python tools/train.py configs/resnet/resnet18_8xb16_cifar10.py": "Epoch(train) [1][ 100/3125] … memory: 214"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 214 / 1024,
    config:
      'mmpretrain (mmcls 1.x) configs/resnet/resnet18_8xb16_cifar10.py run on one GPU with tools/train.py (no launcher): ResNet_CIFAR depth 18 (3 × 3 stem conv 64 with BatchNorm, no max-pool, basic blocks [2, 2, 2, 2], stride 2 on stages 2 to 4), global average pooling, LinearClsHead 512 → 10 with cross-entropy: 11,173,962 parameters; CIFAR-10 at 32 × 32 (RandomCrop padding 4, flip), batch_size 16 (3125 iterations an epoch), SGD lr 0.1 momentum 0.9 weight decay 1e-4, fp32; "memory: 214" in the log lines of epoch 1: max_memory_allocated, 214 MiB; the card not named',
    spec: `model:
  params: 11173962
${cnnSpec([3, 32, 32], ['{ conv: 64 }', ...basicStages(), '{ pool: global }', '{ linear: 10 }'])}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 16 }`,
  },
  {
    // TSN's trunk is torchvision's ResNet-50 layout with a 2-class head over the 12 frames (the consensus
    // average left out): traced as torchvision's resnet50 (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_224x224_c2',
    id: 'mmaction2-quick-run-tsn-r50-1x1x3-kinetics-tiny-bs4-1gpu',
    source: `${mmactionQuick} (the log written in 6cc912ba, 2023-04-06; file at 34d31bf2, https://github.com/open-mmlab/mmaction2/blob/34d31bf2/docs/en/get_started/quick_run.md), training log "Epoch(train) [1][8/8] … memory: 1314"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 1314 / 1024,
    config:
      'python tools/train.py configs/recognition/tsn/tsn_imagenet-pretrained-r50_8xb32-1x1x3-100e_kinetics400-rgb.py on one GPU as the page modifies it (kinetics400_tiny, train_dataloader batch_size 4, cls_head num_classes 2, 10 epochs, the Kinetics-400 checkpoint loaded): TSN on an mmaction2 ResNet-50 (torchvision layout, 23,508,032 parameters) with TSNHead (average consensus over the segments, dropout 0.4, fc 2048 → 2): 23,512,130 parameters; 4 videos × 3 segments (clip_len 1, num_clips 3) = 12 frames of 224 × 224 per step, SGD lr 0.01 momentum 0.9 (sgd_100e schedule), fp32; "memory: 1314" in the log lines of epochs 1 to 3: max_memory_allocated, 1314 MiB (mmaction2 1.0, the card not named). Residual adds and downsample convs are outside the sequential stack',
    spec: `model:
  params: 23512130
${cnnSpec([3, 224, 224], [...torchvisionStem, ...bottleneckStages(), '{ pool: global }', '{ linear: 2 }'])}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 12 }`,
  },
];

const int8Gptq =
  "GPTQ 8-bit weights (auto_gptq's int8 kernels, group size 128): the spec's int8 is bitsandbytes' LLM.int8 (its outlier handling and buffers), the nearest a user would write";
const alibi =
  "Baichuan2-13B's ALiBi attention: its remote code builds a float ALiBi bias of heads × length × length (a cache sized for the model's 4096 positions, sliced per step, rebuilt when longer) and passes it as the attention bias (xformers' memory_efficient_attention in training, xformers 0.0.23 being installed), so an S × S bias per head lives on the GPU beside the layers; the spec gives SDPA without a bias";

export const round11Cases: PublishedCase[] = [
  // LoRA over --max_length 512 to 8192 (the default DEFAULT targets, rank 8, batch 1, checkpointing, flash).
  ...lengthRows(qwen18b, [6.99, 10.71, 16.35, 23.8, 37.03]),
  ...lengthRows(qwen7b, [18.01, 21.73, 27.74, 35.31, 48.41]),
  ...lengthRows(qwen14b, [30.14, 34.43, 40.14, 47.95, 60.74]),
  ...lengthRows(chatglm3, [13.94, 12.99, 17.2, 29.8, 66.82]),
  ...lengthRows(yi6b, [13.72, 15.44, 16.95, 28.25, 43.81]),
  // Yi-34B: 4096 (78.72 GiB) is at the card's limit and 8192 ran on two GPUs by device_map (left out).
  ...lengthRows(yi34b, [66.72, 69.1, 71.34]),
  ...lengthRows(baichuan2_7b, [18.18, 17.45, 19.18, 34.22, 45.47]),
  // Full fine-tunes over --max_length (Qwen-7B: 4096 at 78.76 GiB is at the card's limit, 8192 on two GPUs).
  ...lengthRows(qwen18b, [18.16, 18.62, 35.11, 31.62, 38.93], 'full'),
  ...lengthRows(qwen7b, [73.37, 73.64, 74.26], 'full'),
  // Batch size (Qwen-7B LoRA at 2048; batch 8 at 76.14 GiB is at the card's limit).
  swiftBench({
    model: qwen7b,
    batch: 2,
    gib: 43.11,
    table: 'Batch Size',
    row: 'qwen-7b-chat | 2 | 3.60 | 43.11',
  }),
  swiftBench({
    model: qwen7b,
    batch: 4,
    gib: 63.81,
    table: 'Batch Size',
    row: 'qwen-7b-chat | 4 | 3.02 | 63.81',
  }),
  // Flash attention and gradient checkpointing off (the ✔/✔ row is the 2048 LoRA row above).
  swiftBench({
    model: qwen7b,
    checkpointing: false,
    gib: 37.7,
    table: 'Use Flash Attn & Gradient Checkpointing',
    row: 'qwen-7b-chat | ✔ | ✘ | 6.19 | 37.70',
  }),
  swiftBench({
    model: qwen7b,
    flash: false,
    gib: 27.71,
    table: 'Use Flash Attn & Gradient Checkpointing',
    row: 'qwen-7b-chat | ✘ | ✔ | 3.13 | 27.71',
  }),
  swiftBench({
    model: qwen7b,
    flash: false,
    checkpointing: false,
    gib: 57.67,
    table: 'Use Flash Attn & Gradient Checkpointing',
    row: 'qwen-7b-chat | ✘ | ✘ | 4.45 | 57.67',
  }),
  // LoRA rank and targets (rank 8 DEFAULT is the 2048 row above).
  swiftBench({
    model: qwen7b,
    rank: 2,
    gib: 27.72,
    table: 'LoRA Rank & LoRA Target Modules',
    row: 'qwen-7b-chat | 2 | DEFAULT (c_attn) | 4.27 | 27.72 | 1.05',
  }),
  swiftBench({
    model: qwen7b,
    rank: 64,
    gib: 27.85,
    table: 'LoRA Rank & LoRA Target Modules',
    row: 'qwen-7b-chat | 64 | DEFAULT | 4.19 | 27.85 | 33.55',
  }),
  swiftBench({
    model: qwen7b,
    allTargets: true,
    gib: 27.87,
    table: 'LoRA Rank & LoRA Target Modules',
    row: 'qwen-7b-chat | 8 | ALL (all linear) | 3.22 | 27.87 | 17.89',
  }),
  // Gradient accumulation 1 (2 to 64 print 27.74, the 16-step default row's figure: left out as repeats).
  swiftBench({
    model: qwen7b,
    ga: 1,
    gib: 27.73,
    table: 'Gradient Accumulation Steps',
    row: 'qwen-7b-chat | 1 | 4.26 | 27.73',
  }),
  // QLoRA: Qwen's GPTQ Int4 checkpoints and bitsandbytes NF4 (LoRA on c_attn, 2048).
  swiftBench({
    model: gptq(qwen7b, 4),
    gib: 19.21,
    table: 'Quantization',
    row: 'qwen-7b-chat | int4 (gptq) | 2.05 | 19.21',
  }),
  swiftBench({
    model: qwen7b,
    bnb: true,
    gib: 23.85,
    table: 'Quantization',
    row: 'qwen-7b-chat | int4 (bnb) | 2.41 | 23.85',
  }),
  swiftBench({
    model: gptq(qwen14b, 4),
    gib: 23.3,
    table: 'Quantization',
    row: 'qwen-14b-chat | int4 (gptq) | 1.15 | 23.30',
  }),
  swiftBench({
    model: qwen14b,
    bnb: true,
    gib: 30.05,
    table: 'Quantization',
    row: 'qwen-14b-chat | int4 (bnb) | 1.36 | 30.05',
  }),
  swiftBench({
    model: gptq(qwen72b, 4),
    gib: 54.86,
    table: 'Quantization',
    row: 'qwen-72b-chat | int4 (gptq) | 0.23 | 54.86',
  }),
  swiftBench({
    model: qwen72b,
    bnb: true,
    gib: 74.87,
    table: 'Quantization',
    row: 'qwen-72b-chat | int4 (bnb) | 0.28 | 74.87',
  }),
  // NOT EXPRESSIBLE: GPTQ 8-bit, and Baichuan2-13B's ALiBi bias (8192 at 76.17 GiB left out at the limit).
  swiftBench({
    model: gptq(qwen7b, 8),
    gib: 22.2,
    table: 'Quantization',
    row: 'qwen-7b-chat | int8 (gptq) | 1.97 | 22.20',
    notExpressible: int8Gptq,
  }),
  swiftBench({
    model: gptq(qwen14b, 8),
    gib: 29.13,
    table: 'Quantization',
    row: 'qwen-14b-chat | int8 (gptq) | 1.08 | 29.13',
    notExpressible: int8Gptq,
  }),
  // Session 18 (issue 25): model.transformer.attention_bias says the bias (one for the model, built for the
  // cache's 4096 positions and sliced), in the activations' dtype.
  ...lengthRows(baichuan2_13b, [31.01, 31.58, 32.4, 49.63]).map((c) => ({
    ...c,
    config: `${c.config}. Marked not expressible when gathered (${alibi}); session 18 (issue 25): model.transformer.attention_bias (per: model, positions: 4096) says it`,
    spec: c.spec.replace(
      'attention: sdpa }',
      'attention: sdpa, attention_bias: { per: model, positions: 4096 } }',
    ),
  })),
  // Convolutional networks: ResNet-50 and ResNet-18 on CIFAR-10, TSN ResNet-50 on video frames.
  ...mmCnnCases,
];

// --- Sources note (round 11, gathered 2026-11-27 from 18:35 UTC) -----------------------------------------------
// Cases from 5 documents: ms-swift's docs/source/LLM/Benchmark.md (one sweep of one harness, swift 1.5's
// `swift sft` at 4312aeb28: LoRA over 7 models × 5 lengths, full fine-tunes, batch, checkpointing and
// attention on/off, rank and targets, accumulation, GPTQ and bitsandbytes QLoRA), mmengine's
// large_model_training.md, 15_minutes.md and debug_tricks.md, and mmaction2's quick_run.md (ResNet-50,
// ResNet-18 and TSN ResNet-50 training logs). Read per harness as well as per case: the swift rows share one
// harness (swift's trainer, reserved GiB) with round 10's ms-swift example scripts, a different document
// (a measured sweep, not the scripts' "# NGB GPU memory" lines); the CNN rows are allocated peaks in MiB.
// Aim against find: found were decoders of 1.8–72B (Qwen 1, ChatGLM3, Yi, Baichuan2) at 512 to 8192 tokens
// and three small ResNet configurations; not found with a measured training peak and a stated config that no
// earlier round cites: encoder fine-tunes (BERT, RoBERTa, T5), a ViT fine-tune, GPT-2 (PyTorch or llm.c),
// JAX/Flax. Looked at and left out:
// - ms-swift Benchmark.md: rows at the card's limit (over 76 GiB of an A100's 79.2: Qwen-7B full at 4096
//   78.76, batch 8 at 76.14, Yi-34B LoRA at 4096 78.72, Baichuan2-13B at 8192 76.17, Qwen-72B int8 GPTQ
//   78.44), the two-GPU device_map rows (Qwen-72B LoRA, Qwen-7B full at 8192, Qwen-14B full, Yi-34B at 8192:
//   a naive layer split whose two figures differ by GPU), openbuddy-zephyr-7b-chat (its extended vocabulary
//   not checked in time), the gradient-accumulation rows 2 to 64 (27.74 GiB each, the default row's figure),
//   the "bf16" quantization rows (the 2048 LoRA rows again), and the later "Tuners" tables (April 2024,
//   c212b44f0: scripts/benchmark/exp.py with config/tuner.json, ms-agent with ms-bench mixed in at
//   --max_length 2048, evaluation every 2000 steps): their expressible rows repeat this file's specs with
//   other figures (lora ALL r8: 32.35 GiB there against 27.87 here; full: 73.53 against 74.26; lora+,
//   rslora and neftune the lora spec again), one spec per case; the rest are methods outside the spec
//   (DoRA, AdaLoRA, adapters, GaLore, LLaMA-Pro, LISA) or the Unsloth, AWQ and AQLM rows of that harness.
//   The 27.87 / 32.35 pair is the same config measured twice by one harness months apart: the spread to
//   expect between two runs of it.
// - mmengine debug_tricks.md's second ResNet-50 log (477 MiB over a 5-iteration debug epoch: the same spec
//   as 15_minutes.md's 392 MiB run, one spec per case) and save_gpu_memory.md / speed_up_training.md (no
//   figures); ColossalAI's nvme_offload.md (host RSS of a GPT-2 run, not GPU memory).
// - PEFT's lora.md trainable-tokens table (Mistral-7B, "~16,500MB" approximate, batch and length not stated),
//   lora_variant_velora.md (MetaMathQA, the harness rounds 2, 7 and 8 read), method_comparison/image-gen
//   (FLUX.2-klein, a diffusion transformer outside the spec).
// - torchtune's llama3.rst ("peak memory usage of 18.5 GB": what was measured and the batch not stated) and
//   e2e_flow.rst (memory after model init, not a training peak).
// - modded-nanogpt's records (peak allocated and reserved with the full code, but a modified GPT-2 with Muon,
//   value embeddings, skip connections and FlexAttention windows: outside the spec) and its track-3 results
//   (no memory lines); the llm.c-era records print no peak.
// - transformers' docs/source/benchmarks.rst (inference only) and PR #4912 (forward pass; TensorFlow's
//   figures), llama-recipes issue threads ("Max CUDA memory allocated was N GB": whole GB floored, configs in
//   excerpts only), philschmid's FLAN-T5 DeepSpeed table (batch sizes and hours, no memory), rasbt's
//   LLMs-from-scratch memory lines (inference with a KV cache, or round 3's ch05/10 page), Liger's and TRL's
//   charts (images).
