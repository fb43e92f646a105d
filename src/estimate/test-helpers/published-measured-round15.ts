// Round 15 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 14 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// ROUTE: committed run logs. Megatron-LM keeps, beside each functional test's launch arguments
// (tests/functional_tests/test_cases/<model>/<case>/model_config.yaml), the metrics its CI recorded when the
// test ran (golden_values_<environment>_<platform>.json): loss, iteration time and, for every test that logs
// memory to TensorBoard, "mem-max-allocated-bytes" at each logged step. Every sequence is the full length: the
// GPT cases read Megatron's GPTDataset (documents concatenated and cut into --seq-length token samples) or mock
// data of --seq-length tokens; BertDataset and T5Dataset pad each sample to --seq-length
// (megatron/core/datasets/bert_dataset.py: numpy.pad to sequence_length; t5_dataset.py: the encoder to
// --encoder-seq-length, the decoder to --decoder-seq-length).
// WHAT WAS MEASURED, and how we know: megatron/training/training.py (training_log, under
// --log-memory-to-tensorboard, which every case here sets) writes
// torch.cuda.memory_stats()["allocated_bytes.all.peak"] = torch.cuda.max_memory_allocated() as
// "mem-max-allocated-bytes"; the TensorBoard writer exists only on the last rank
// (megatron/training/global_vars.py: args.rank == args.world_size - 1), and
// tests/functional_tests/shell_test_utils/run_ci_test.sh reads the golden values from that writer's logs
// (get_test_results_from_tensorboard_logs.py). So each figure is ONE GPU's: the last rank's allocated peak, in
// bytes, which is on the last pipeline stage (it holds the output layer and the loss) and the last
// tensor/context/data-parallel rank. The peak is monotonic over the run (never reset); the figure taken is
// the largest value in the file (reached at the step named), as bytes / 2^30 GiB.
// THE LAYOUT: the recipes (tests/test_utils/recipes/h100/{gpt,bert,t5}.yaml: nodes 1, gpus 8; the older
// case names end in _dgx_a100_1N8G) launch every case on one node of 8 GPUs (_run_training.sh:
// GPUS_PER_NODE 8), so data parallel = 8 / (tensor × pipeline × context). The cards: dgx_h100 = H100 80GB,
// dgx_a100 = A100 80GB; "dev" = the CI's development PyTorch container (versions not stated in the files).
// THE TRAINING STATE, from the arguments and Megatron's defaults (megatron/training/arguments.py at this
// commit): --bf16 = bf16 weights, fp32 main parameters and Adam moments (Float16OptimizerWithFloat16Params
// or the distributed optimizer), fp32 main gradients in the DDP's contiguous buffer
// (accumulate_allreduce_grads_in_fp32 is forced under bf16), no .grad copies (gradient_as_bucket_view);
// --fp16 = the same with fp16 gradients in the buffer and a loss scaler; the optimizer is Adam with decoupled
// weight decay (AdamW), fused; --use-distributed-optimizer shards the main parameters and moments over the
// data-parallel ranks (ZeRO-1); no activation recomputation unless --recompute-granularity says; hidden and
// attention dropout 0.1 unless set to 0; position embeddings learned_absolute unless --position-embedding-type
// rope; LayerNorm; biases on the linear layers unless --disable-bias-linear; tied input/output embeddings
// unless --untie-embeddings-and-output-weights; MLP 4 × hidden (GELU), or with --swiglu
// int(4 × hidden × 2/3 / 64) × 64; the vocabulary padded to a multiple of 128 × tensor parallel
// (--make-vocab-size-divisible-by 128); the loss Megatron's vocab-parallel cross-entropy (it upcasts the
// logits to fp32) unless --cross-entropy-loss-fusion. --attention-backend unfused (TE's unfused
// DotProductAttention: the s × s scores and probabilities kept) and --transformer-impl local (Megatron's own
// core attention, its fused softmax: the same) are read as eager; the default backend (auto: TE picks
// flash or cuDNN fused attention, no s × s tensor) and --attention-backend flash as flash. The GPT cases'
// tokenizer is pretrain_gpt.py's default GPT2BPETokenizer (50,257 entries, the common_pile bpe vocab.json and
// merges.txt); BERT's examples/bert/pretrain_bert.py default BertWordPieceLowerCase (vocab.txt, 30,522 assumed:
// bert-base-uncased's); T5's BertWordPieceCase on bert-large-cased-vocab.txt (28,996) plus --vocab-extra-ids 100.
// After the round was measured (session 15, the round spent): every spec says `training.loss: vocab_parallel`
// (Megatron's cross-entropy) and `parallel.framework: megatron` (its own DDP and distributed optimizer), where
// they said `loss: standard` and DeepSpeed's buckets were priced; the fused-loss row says `vocab_parallel_fused`
// (it said `fused`: the fusion compiles the same in-place steps, which adds a transient, and never skips the
// logits); and the rows with a pipeline, but the interleaved (virtual pipeline) ones, say
// `parallel.pipeline_stage: last`: the figure is the last rank's (the
// interleaved ones keep the first stage's estimate: their last rank warms up (chunks − 1) × p chunk-micro-batches,
// about the first stage's p × layers / p under plain 1F1B).
// Where the spec cannot say something the run did, `config` says "NOT EXPRESSIBLE: …" and the spec is the
// nearest one a user would write. Parameter counts are computed from the arguments (the functions below, layer
// by layer as megatron/core builds them); the spec's vocab is the padded one the logits have.
// No document here is cited by rounds 1 to 14, ../shared/estimation or the H200 sets.
import type { PublishedCase } from './published-measured.js';

const mlmCommit = 'd98e8a64ddf34856e74b24714e3bedb2f5a39553';
const mlmCase = (model: string, name: string) =>
  `NVIDIA/Megatron-LM tests/functional_tests/test_cases/${model}/${name}`;

/** The vocabulary Megatron pads to a multiple of 128 × tensor parallel (--make-vocab-size-divisible-by). */
const padVocab = (vocab: number, tensor: number) => Math.ceil(vocab / (128 * tensor)) * 128 * tensor;

/** One decoder layer of megatron/core's GPT block: two norms, QKV, projection and the MLP. */
function layerParams(o: {
  hidden: number;
  heads: number;
  kvHeads?: number;
  ffn: number;
  swiglu?: boolean;
  bias: boolean;
  rmsnorm?: boolean;
}): number {
  const h = o.hidden;
  const kvDim = (o.kvHeads ?? o.heads) * (h / o.heads);
  const norm = o.rmsnorm ? h : 2 * h;
  const b = o.bias ? 1 : 0;
  const up = o.ffn * (o.swiglu ? 2 : 1);
  return (
    2 * norm + h * (h + 2 * kvDim) + b * (h + 2 * kvDim) + h * h + b * h + h * up + b * up + o.ffn * h + b * h
  );
}

/** A GPT model: embeddings (and positions when learned), the layers, the final norm, an untied head. */
function gptParams(o: {
  layers: number;
  hidden: number;
  heads: number;
  kvHeads?: number;
  ffn: number;
  swiglu?: boolean;
  bias: boolean;
  rmsnorm?: boolean;
  vocab: number;
  positions: number;
  tied: boolean;
}): number {
  const norm = o.rmsnorm ? o.hidden : 2 * o.hidden;
  return o.vocab * o.hidden * (o.tied ? 1 : 2) + o.positions * o.hidden + o.layers * layerParams(o) + norm;
}

/** megatron/core's BertModel: word, position and token-type embeddings, the layers, the final norm, the LM head
 * (dense, norm, an output bias; its weight tied to the word embeddings), the pooler and the binary head. */
function bertParams(o: { layers: number; hidden: number; heads: number; vocab: number; positions: number }) {
  const h = o.hidden;
  return (
    o.vocab * h +
    o.positions * h +
    2 * h +
    o.layers * layerParams({ hidden: h, heads: o.heads, ffn: 4 * h, bias: true }) +
    2 * h +
    (h * h + h + 2 * h + o.vocab) +
    (h * h + h) +
    (2 * h + 2)
  );
}

/** megatron/core's T5Model: shared word and position embeddings, encoder layers, decoder layers with
 * cross-attention, the two final norms and the LM head's output bias (its weight tied). */
function t5Params(o: {
  layers: number;
  hidden: number;
  heads: number;
  ffn: number;
  vocab: number;
  positions: number;
}) {
  const h = o.hidden;
  const self = layerParams({ hidden: h, heads: o.heads, ffn: o.ffn, bias: true });
  const cross = 2 * h + (h * h + h) + (2 * h * h + 2 * h) + (h * h + h);
  return (
    o.vocab * h + o.positions * h + o.layers * self + 2 * h + o.layers * (self + cross) + 2 * h + o.vocab
  );
}

const megatron = (o: {
  model: 'gpt' | 'bert' | 't5';
  name: string;
  env: 'dev_dgx_h100' | 'dev_dgx_a100';
  bytes: number;
  step: number;
  written: string;
  id: string;
  args: string;
  layout: string;
  notExpressible?: string;
  /** What made a row marked not expressible when gathered expressible since (the mark is then dropped). */
  expressedBy?: string;
  spec: string;
}): PublishedCase => {
  const file = `golden_values_${o.env}.json`;
  const card = o.env === 'dev_dgx_h100' ? 'H100 80GB' : 'A100 80GB';
  return {
    id: `megatron-ci-${o.id}`,
    source: `${mlmCase(o.model, o.name)} (model_config.yaml and ${file} at ${mlmCommit.slice(0, 10)}, https://github.com/NVIDIA/Megatron-LM/tree/${mlmCommit}/tests/functional_tests/test_cases/${o.model}/${o.name}; the values last written in ${o.written}), ${file} "mem-max-allocated-bytes": ${o.bytes} (the largest logged, from step ${o.step})`,
    what: 'allocated',
    unit: 'GiB',
    measured: o.bytes / 2 ** 30,
    config: `Megatron-LM functional test ${o.name} on one DGX node of 8 ${card} (Megatron-LM CI, dev container): ${o.args}; ${o.layout}. Measured: the last rank's torch.cuda.max_memory_allocated() (allocated_bytes.all.peak), logged to TensorBoard by that rank only, bytes / 2^30; one GPU's figure${o.notExpressible === undefined ? '' : o.expressedBy ? `. Marked not expressible when gathered (${o.notExpressible}); ${o.expressedBy}` : `. NOT EXPRESSIBLE: ${o.notExpressible}`}`,
    spec: o.spec,
  };
};

// --- GPT: the 7B memory/speed tests (mock data, 8192 tokens) ----------------------------------------------
// 32 layers, 4096 wide, 32 heads, 8 query groups (GQA), MLP 16384 (GELU), LayerNorm, biases, learned positions
// (8192), untied, NullTokenizer with --vocab-size 131073 (padded 131584 at TP 4, 131200 at TP 1).
const gpt7b = (tensor: number) =>
  gptParams({
    layers: 32,
    hidden: 4096,
    heads: 32,
    kvHeads: 8,
    ffn: 16384,
    bias: true,
    vocab: padVocab(131073, tensor),
    positions: 8192,
    tied: false,
  });
const gpt7bShape = (tensor: number) =>
  `family: gpt, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, ffn: 16384, norm: layernorm, vocab: ${padVocab(131073, tensor)}, max_positions: 8192, seq_len: 8192, bias: true, lm_head: true, tied_embeddings: false, attention: flash, dropout: true`;
const gpt7bArgs =
  '--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --group-query-attention --num-query-groups 8 --untie-embeddings-and-output-weights --seq-length 8192 --max-position-embeddings 8192 --tokenizer-type NullTokenizer --vocab-size 131073 --mock-data --transformer-impl transformer_engine --use-distributed-optimizer --overlap-grad-reduce --overlap-param-gather --deterministic-mode --no-gradient-accumulation-fusion --bf16 (default attention backend, dropout 0.1)';

// --- GPT: the small test model (12 layers, 512 wide, 8 heads, 1024 tokens, micro-batch 4, global batch 32) ---
// common_pile GPT-2-BPE data (GPTDataset: full 1024-token samples), learned positions (1024) unless rope,
// MLP 2048, tied, biases, dropout 0.1 unless set to 0.
const small = (o: {
  tensor: number;
  vocab?: number;
  rope?: boolean;
  bias?: boolean;
  tied?: boolean;
  swiglu?: boolean;
  rmsnorm?: boolean;
}) => {
  const vocab = padVocab(o.vocab ?? 50257, o.tensor);
  const ffn = o.swiglu ? 1344 : 2048;
  const params = gptParams({
    layers: 12,
    hidden: 512,
    heads: 8,
    ffn,
    swiglu: o.swiglu,
    bias: o.bias ?? true,
    rmsnorm: o.rmsnorm,
    vocab,
    positions: o.rope ? 0 : 1024,
    tied: o.tied ?? true,
  });
  return { params, vocab, ffn };
};
const smallShape = (
  o: {
    tensor: number;
    vocab?: number;
    rope?: boolean;
    bias?: boolean;
    tied?: boolean;
    swiglu?: boolean;
    rmsnorm?: boolean;
  },
  attention: 'eager' | 'flash',
  dropout: boolean,
) => {
  const { vocab, ffn } = small(o);
  return `family: gpt, layers: 12, hidden: 512, heads: 8, ffn: ${ffn},${o.swiglu ? ' mlp: swiglu,' : ''} norm: ${o.rmsnorm ? 'rmsnorm' : 'layernorm'}, vocab: ${vocab},${o.rope ? '' : ' max_positions: 1024,'} seq_len: 1024, bias: ${o.bias ?? true}, lm_head: true, tied_embeddings: ${o.tied ?? true}, attention: ${attention}, dropout: ${dropout}`;
};
const smallArgs = (extra: string) =>
  `--num-layers 12 --hidden-size 512 --num-attention-heads 8 --micro-batch-size 4 --global-batch-size 32 --seq-length 1024 --max-position-embeddings 1024 ${extra} (common_pile GPT-2 BPE data: every sample 1024 tokens)`;
const bf16Training = (rest: string) =>
  `training: { precision: amp_bf16, convention: zero, grad_accum_dtype: fp32, optimizer: adamw, optimizer_impl: fused, ${rest} }`;
const smallSpec = (
  shape: {
    tensor: number;
    vocab?: number;
    rope?: boolean;
    bias?: boolean;
    tied?: boolean;
    swiglu?: boolean;
    rmsnorm?: boolean;
  },
  attention: 'eager' | 'flash',
  dropout: boolean,
  training: string,
  parallel: string,
) => `model:
  params: ${small(shape).params}
  transformer: { ${smallShape(shape, attention, dropout)} }
${training}
parallel: { ${parallel} }`;

const gptCases: PublishedCase[] = [
  megatron({
    model: 'gpt',
    name: 'gpt3_7b_tp4_pp1_memory_speed',
    env: 'dev_dgx_h100',
    bytes: 57143791616,
    step: 2,
    written: '6e091e1b68 (2026-05-30)',
    id: 'gpt-7b-gqa-seq8192-mbs2-tp4-distopt-8gpu-h100',
    args: `${gpt7bArgs} --micro-batch-size 2 --global-batch-size 8 --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1: ${gpt7b(4)} parameters`,
    layout:
      'tensor parallel 4 without sequence parallelism × data parallel 2, the distributed optimizer over the 2 data-parallel ranks, 2 micro-batches of 2 × 8192 tokens accumulated per step',
    spec: `model:
  params: ${gpt7b(4)}
  transformer: { ${gpt7bShape(4)} }
${bf16Training('batch_size: 2, grad_accumulation: 2, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, tensor: 4, sequence_parallel: false, strategy: zero1, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_7b_tp1_pp4_memory_speed',
    env: 'dev_dgx_h100',
    bytes: 60720852992,
    step: 2,
    written: '6e091e1b68 (2026-05-30)',
    id: 'gpt-7b-gqa-seq8192-mbs1-pp4-vp-distopt-8gpu-h100',
    args: `${gpt7bArgs} --micro-batch-size 1 --global-batch-size 8 --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --num-layers-per-virtual-pipeline-stage 1: ${gpt7b(1)} parameters`,
    layout:
      'pipeline parallel 4 × data parallel 2 with the interleaved schedule (one layer per virtual stage: 8 model chunks per rank), 4 micro-batches of 1 × 8192 tokens per step, the distributed optimizer over 2 ranks; the figure is the last stage (the output layer and loss)',
    notExpressible:
      'the interleaved (virtual-pipeline) 1F1B schedule; the spec gave the plain 1F1B schedule over 4 stages',
    expressedBy:
      'session 19 (issue 25): parallel.virtual_stages says the interleaved schedule, and pipeline_stage: last the rank measured (32 layers / (4 stages × 1 layer per virtual stage) = 8 chunks per rank)',
    spec: `model:
  params: ${gpt7b(1)}
  transformer: { ${gpt7bShape(1)} }
${bf16Training('batch_size: 1, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, virtual_stages: 8, pipeline_stage: last, strategy: zero1, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp1_dist_optimizer_no_mmap_bin_files',
    env: 'dev_dgx_h100',
    bytes: 4702430720,
    step: 2,
    written: '5fe3f06658 (2026-05-07)',
    id: 'gpt-small-te-unfused-tp1-pp1-distopt-8gpu-h100',
    args: smallArgs(
      '--transformer-impl transformer_engine --use-distributed-optimizer --no-mmap-bin-files --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `data parallel 8, the distributed optimizer over 8 ranks, one micro-batch of 4 per step; ${small({ tensor: 1 }).params} parameters`,
    spec: smallSpec(
      { tensor: 1 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, strategy: zero1, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp1_uniform_full_recompute',
    env: 'dev_dgx_a100',
    bytes: 2534070272,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-full-recompute-tp1-pp1-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --recompute-granularity full --recompute-method uniform --recompute-num-layers 1 --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `data parallel 8 (no distributed optimizer), every layer recomputed (uniform, 1 layer per checkpoint), one micro-batch of 4 per step; ${small({ tensor: 1 }).params} parameters`,
    spec: smallSpec(
      { tensor: 1 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: full, loss: vocab_parallel'),
      'gpus: 8, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp2_rope_embeddings',
    env: 'dev_dgx_a100',
    bytes: 3570001920,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-rope-pp2-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 2 --position-embedding-type rope --no-ckpt-fully-parallel-save --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `pipeline parallel 2 × data parallel 4, 1F1B over 2 micro-batches of 4 per step, rotary positions (no position table); ${small({ tensor: 1, rope: true }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1, rope: true },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 2, micro_batches: 2, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp4_disable_bias_linear',
    env: 'dev_dgx_a100',
    bytes: 2685510144,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-nobias-pp4-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --disable-bias-linear --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `pipeline parallel 4 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, no biases on the linear layers; ${small({ tensor: 1, bias: false }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1, bias: false },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp4_swiglu',
    env: 'dev_dgx_a100',
    bytes: 2684785152,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-swiglu-pp4-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --swiglu --ckpt-fully-parallel-load --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `pipeline parallel 4 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, SwiGLU MLP of 1344 (int(4 × 512 × 2/3 / 64) × 64); ${small({ tensor: 1, swiglu: true }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1, swiglu: true },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp4_untie_embeddings_and_outputs',
    env: 'dev_dgx_a100',
    bytes: 2685758976,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-untied-pp4-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --untie-embeddings-and-output-weights --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `pipeline parallel 4 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, an untied output layer; ${small({ tensor: 1, tied: false }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1, tied: false },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_tp1_pp4',
    env: 'dev_dgx_h100',
    bytes: 2746575872,
    step: 2,
    written: 'a53107c006 (2026-05-14)',
    id: 'gpt-small-local-pp4-8gpu-h100',
    args: smallArgs(
      '--transformer-impl local --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --deterministic-mode --no-gradient-accumulation-fusion --dist-ckpt-optim-fully-reshardable --bf16 --apply-query-key-layer-scaling',
    ),
    layout: `pipeline parallel 4 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, Megatron's own (local) layers: core attention with the fused scaled masked softmax; ${small({ tensor: 1 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_tp1_pp2',
    env: 'dev_dgx_h100',
    bytes: 3633177600,
    step: 2,
    written: 'a53107c006 (2026-05-14)',
    id: 'gpt-small-local-pp2-8gpu-h100',
    args: smallArgs(
      '--transformer-impl local --tensor-model-parallel-size 1 --pipeline-model-parallel-size 2 --deterministic-mode --no-gradient-accumulation-fusion --dist-ckpt-optim-fully-reshardable --bf16 --apply-query-key-layer-scaling',
    ),
    layout: `pipeline parallel 2 × data parallel 4, 1F1B over 2 micro-batches of 4 per step, Megatron's local layers (core attention, fused softmax); ${small({ tensor: 1 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 2, micro_batches: 2, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_tp4_pp1',
    env: 'dev_dgx_a100',
    bytes: 1628741632,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-local-tp4-8gpu-a100',
    args: smallArgs(
      '--transformer-impl local --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 --deterministic-mode --no-gradient-accumulation-fusion --bf16 --apply-query-key-layer-scaling',
    ),
    layout: `tensor parallel 4 without sequence parallelism × data parallel 2, 4 micro-batches of 4 accumulated per step, Megatron's local layers; ${small({ tensor: 4 }).params} parameters (vocabulary padded to 50688)`,
    spec: smallSpec(
      { tensor: 4 },
      'eager',
      true,
      bf16Training(
        'batch_size: 4, grad_accumulation: 4, activation_checkpointing: none, loss: vocab_parallel',
      ),
      'gpus: 8, tensor: 4, sequence_parallel: false, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_tp2_pp2_uninstall_te',
    env: 'dev_dgx_a100',
    bytes: 2086473728,
    step: 20,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-local-fp16-tp2-pp2-8gpu-a100',
    args: smallArgs(
      '--transformer-impl local --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --no-persist-layer-norm --no-masked-softmax-fusion --deterministic-mode --no-gradient-accumulation-fusion --fp16 --apply-query-key-layer-scaling (Transformer Engine uninstalled)',
    ),
    layout: `tensor parallel 2 without sequence parallelism × pipeline parallel 2 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, fp16 with fp32 main parameters and moments, fp16 gradients in the buffer (accumulate_allreduce_grads_in_fp32 off under fp16), dynamic loss scaling, an unfused softmax in PyTorch ops; ${small({ tensor: 2 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 2 },
      'eager',
      true,
      'training: { precision: amp_fp16, convention: zero, grad_accum_dtype: fp16, optimizer: adamw, optimizer_impl: fused, batch_size: 4, activation_checkpointing: none, loss: vocab_parallel }',
      'gpus: 8, tensor: 2, sequence_parallel: false, pipeline: 2, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_pp2',
    env: 'dev_dgx_a100',
    bytes: 1900158464,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-tp2-pp2-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --dist-ckpt-optim-fully-reshardable --bf16 --attention-backend unfused',
    ),
    layout: `tensor parallel 2 without sequence parallelism × pipeline parallel 2 × data parallel 2, 1F1B over 4 micro-batches of 4 per step; ${small({ tensor: 2 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 2 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, tensor: 2, sequence_parallel: false, pipeline: 2, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_pp2_cross_entropy_loss_fusion',
    env: 'dev_dgx_h100',
    bytes: 1837640192,
    step: 2,
    written: '4e85d74ae9 (2026-04-14)',
    id: 'gpt-small-te-flash-fused-ce-tp2-pp2-8gpu-h100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --cross-entropy-loss-fusion --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 (default attention backend; NVTE_ALLOW_NONDETERMINISTIC_ALGO 1)',
    ),
    layout: `tensor parallel 2 without sequence parallelism × pipeline parallel 2 × data parallel 2, 1F1B over 4 micro-batches of 4 per step, TE's flash/fused attention, Megatron's fused vocab-parallel cross-entropy; ${small({ tensor: 2 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 2 },
      'flash',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel_fused'),
      'gpus: 8, tensor: 2, sequence_parallel: false, pipeline: 2, micro_batches: 4, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_pp2_cp2',
    env: 'dev_dgx_h100',
    bytes: 935253504,
    step: 2,
    written: '4e85d74ae9 (2026-04-14)',
    id: 'gpt-small-te-flash-tp2-sp-pp2-cp2-8gpu-h100',
    args: smallArgs(
      '--tokenizer-type NullTokenizer --vocab-size 50257 --transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --context-parallel-size 2 --sequence-parallel --hidden-dropout 0.0 --attention-dropout 0.0 --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend flash',
    ),
    layout: `tensor parallel 2 with sequence parallelism × context parallel 2 × pipeline parallel 2 (data parallel 1), 1F1B over 8 micro-batches of 4 per step, no dropout; ${small({ tensor: 2 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 2 },
      'flash',
      false,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, tensor: 2, sequence_parallel: true, context: 2, pipeline: 2, micro_batches: 8, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_pp1_cp2_nondeterministic',
    env: 'dev_dgx_a100',
    bytes: 1139960320,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-flash-tp2-sp-cp2-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --context-parallel-size 2 --sequence-parallel --hidden-dropout 0.0 --attention-dropout 0.0 --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --dist-ckpt-optim-fully-reshardable --bf16 --attention-backend flash',
    ),
    layout: `tensor parallel 2 with sequence parallelism × context parallel 2 × data parallel 2, 4 micro-batches of 4 accumulated per step, no dropout; ${small({ tensor: 2 }).params} parameters`,
    spec: smallSpec(
      { tensor: 2 },
      'flash',
      false,
      bf16Training(
        'batch_size: 4, grad_accumulation: 4, activation_checkpointing: none, loss: vocab_parallel',
      ),
      'gpus: 8, tensor: 2, sequence_parallel: true, context: 2, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp2_cp4_a2a_p2p_nondeterministic',
    env: 'dev_dgx_a100',
    bytes: 1250505728,
    step: 10,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-flash-pp2-cp4-a2a-p2p-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 2 --context-parallel-size 4 --cp-comm-type a2a+p2p --hierarchical-context-parallel-sizes 2 2 --sequence-parallel --hidden-dropout 0.0 --attention-dropout 0.0 --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend flash',
    ),
    layout: `context parallel 4 (hierarchical: all-to-all within pairs, ring point-to-point across them) × pipeline parallel 2 (data parallel 1), 1F1B over 8 micro-batches of 4 per step, no dropout; ${small({ tensor: 1 }).params} parameters; the last stage's figure`,
    spec: smallSpec(
      { tensor: 1 },
      'flash',
      false,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, context: 4, pipeline: 2, micro_batches: 8, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp4_pp1_dist_optimizer_overlap_grad_reduce_param_gather',
    env: 'dev_dgx_h100',
    bytes: 1543416320,
    step: 2,
    written: '5fe3f06658 (2026-05-07)',
    id: 'gpt-small-te-unfused-tp4-distopt-8gpu-h100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 --use-distributed-optimizer --overlap-grad-reduce --overlap-param-gather --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `tensor parallel 4 without sequence parallelism × data parallel 2, the distributed optimizer over 2 ranks, 4 micro-batches of 4 accumulated per step; ${small({ tensor: 4 }).params} parameters`,
    spec: smallSpec(
      { tensor: 4 },
      'eager',
      true,
      bf16Training(
        'batch_size: 4, grad_accumulation: 4, activation_checkpointing: none, loss: vocab_parallel',
      ),
      'gpus: 8, tensor: 4, sequence_parallel: false, strategy: zero1, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp1_pp4_vp1_dist_optimizer_overlap_grad_reduce_param_gather_overlap_optimizer',
    env: 'dev_dgx_h100',
    bytes: 3942493696,
    step: 2,
    written: '5fe3f06658 (2026-05-07)',
    id: 'gpt-small-te-unfused-pp4-vp-distopt-8gpu-h100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --num-layers-per-virtual-pipeline-stage 1 --use-distributed-optimizer --overlap-grad-reduce --overlap-param-gather --overlap-param-gather-with-optimizer-step --check-weight-hash-across-dp-replicas-interval 10 --ckpt-fully-parallel-load --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `pipeline parallel 4 × data parallel 2 with the interleaved schedule (one layer per virtual stage: 3 model chunks per rank), 4 micro-batches of 4 per step, the distributed optimizer over 2 ranks; ${small({ tensor: 1 }).params} parameters; the last stage's figure`,
    notExpressible:
      'the interleaved (virtual-pipeline) schedule; the spec gave the plain 1F1B schedule over 4 stages',
    expressedBy:
      'session 19 (issue 25): parallel.virtual_stages says the interleaved schedule, and pipeline_stage: last the rank measured (3 chunks per rank)',
    spec: smallSpec(
      { tensor: 1 },
      'eager',
      true,
      bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, pipeline: 4, micro_batches: 4, schedule: 1f1b, virtual_stages: 3, pipeline_stage: last, strategy: zero1, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_pp1_multi_dist_optimizer_instances',
    env: 'dev_dgx_a100',
    bytes: 2658182656,
    step: 5,
    written: 'adc69dba2d (2025-10-21)',
    id: 'gpt-small-te-unfused-tp2-distopt-2-instances-8gpu-a100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --use-distributed-optimizer --num-distributed-optimizer-instances 2 --overlap-grad-reduce --overlap-param-gather --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --bf16 --attention-backend unfused',
    ),
    layout: `tensor parallel 2 without sequence parallelism × data parallel 4, two distributed-optimizer instances (each shards over 2 of the 4 data-parallel ranks), 2 micro-batches of 4 accumulated per step; ${small({ tensor: 2 }).params} parameters`,
    notExpressible:
      'the distributed optimizer sharded over 2 of the 4 data-parallel ranks (--num-distributed-optimizer-instances 2); the spec sharded over all 4',
    expressedBy: 'session 19 (issue 25): parallel.optimizer_instances: 2 says it',
    spec: smallSpec(
      { tensor: 2 },
      'eager',
      true,
      bf16Training(
        'batch_size: 4, grad_accumulation: 2, activation_checkpointing: none, loss: vocab_parallel',
      ),
      'gpus: 8, tensor: 2, sequence_parallel: false, strategy: zero1, optimizer_instances: 2, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_mcore_te_tp2_zp_z3_resume_fsdp_dtensor',
    env: 'dev_dgx_h100',
    bytes: 1469652992,
    step: 1,
    written: '6e091e1b68 (2026-05-30)',
    id: 'gpt-small-te-tp2-megatron-fsdp-zero3-8gpu-h100',
    args: smallArgs(
      '--transformer-impl transformer_engine --tensor-model-parallel-size 2 --use-megatron-fsdp --data-parallel-sharding-strategy optim_grads_params --use-distributed-optimizer --calculate-per-token-loss --megatron-fsdp-main-params-dtype fp32 --megatron-fsdp-main-grads-dtype fp32 --megatron-fsdp-grad-comm-dtype fp32 --deterministic-mode --no-gradient-accumulation-fusion --attention-softmax-in-fp32 --use-checkpoint-opt_param-scheduler --bf16 (default attention backend)',
    ),
    layout: `tensor parallel 2 without sequence parallelism × Megatron-FSDP over 4 data-parallel ranks sharding parameters, gradients and optimizer state (ZeRO-3), fp32 main parameters and gradients, 2 micro-batches of 4 accumulated per step; ${small({ tensor: 2 }).params} parameters (the first run's figure, TEST_TYPE regular)`,
    notExpressible:
      "Megatron-FSDP's own sharded buffers (fp32 main parameters and gradients sharded, bf16 compute weights gathered per layer); the spec gives ZeRO-3 with tensor parallel 2",
    spec: smallSpec(
      { tensor: 2 },
      'flash',
      true,
      bf16Training(
        'batch_size: 4, grad_accumulation: 2, activation_checkpointing: none, loss: vocab_parallel',
      ),
      'gpus: 8, tensor: 2, sequence_parallel: false, strategy: zero3',
    ),
  }),
  megatron({
    model: 'gpt',
    name: 'gpt3_weekly_mcore_tp2_pp2_current_scaling_native_fp8_tp_pp_sp_tp_overlap',
    env: 'dev_dgx_h100',
    bytes: 883747328,
    step: 2,
    written: '4828d651e7 (2026-07-02)',
    id: 'gpt-small-te-fp8-rmsnorm-tp2-sp-pp2-distopt-mbs2-8gpu-h100',
    args: `--num-layers 12 --hidden-size 512 --num-attention-heads 8 --micro-batch-size 2 --global-batch-size 128 --seq-length 1024 --max-position-embeddings 1024 --transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --sequence-parallel --tp-comm-overlap --deterministic-mode --no-gradient-accumulation-fusion --fp8-format hybrid --fp8-recipe tensorwise --fp8-param-gather --use-distributed-optimizer --attention-softmax-in-fp32 --bf16 --normalization RMSNorm (common_pile GPT-2 BPE data: every sample 1024 tokens; default attention backend)`,
    layout: `tensor parallel 2 with sequence parallelism and communication overlap × pipeline parallel 2 × data parallel 2, 1F1B over 32 micro-batches of 2 per step, the distributed optimizer over 2 ranks, Transformer Engine FP8 (hybrid E4M3/E5M2, current per-tensor scaling) linear layers with FP8 parameter all-gather; ${small({ tensor: 2, rmsnorm: true }).params} parameters; the last stage's figure`,
    notExpressible:
      "Transformer Engine FP8 linear layers (fp8 weight copies and fp8 saved activations) and TP communication overlap's userbuffers; the spec gives the bf16 run",
    spec: smallSpec(
      { tensor: 2, rmsnorm: true },
      'flash',
      true,
      bf16Training('batch_size: 2, activation_checkpointing: none, loss: vocab_parallel'),
      'gpus: 8, tensor: 2, sequence_parallel: true, pipeline: 2, micro_batches: 32, schedule: 1f1b, pipeline_stage: last, strategy: zero1, gradient_as_bucket_view: true, framework: megatron',
    ),
  }),
];

// --- BERT: 24 layers, 1024 wide, 16 heads, 512 tokens, micro-batch 4, global batch 128 ----------------------
// examples/bert/pretrain_bert.py (moved from pretrain_bert.py in 547fb1713e): masked LM over every position
// (the LM head's logits cover all 512 tokens; the loss masks all but the masked ones) plus the binary
// (next-sentence) head; the BertWordPieceLowerCase vocabulary (30,522 assumed) padded per tensor parallel;
// learned positions (512), two token types; Transformer Engine layers with the unfused attention backend.
const bertShape = (tensor: number) =>
  `family: bert, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: ${padVocab(30522, tensor)}, max_positions: 512, seq_len: 512, bias: true, lm_head: true, tied_embeddings: true, classes: 2, pooler: true, attention: eager, dropout: true`;
const bertCount = (tensor: number) =>
  bertParams({ layers: 24, hidden: 1024, heads: 16, vocab: padVocab(30522, tensor), positions: 512 });
const bertArgs = (extra: string) =>
  `--num-layers 24 --hidden-size 1024 --num-attention-heads 16 --micro-batch-size 4 --global-batch-size 128 --seq-length 512 --max-position-embeddings 512 ${extra} --deterministic-mode --no-gradient-accumulation-fusion --bf16 --attention-backend unfused (common_pile BERT sentence data, every sample padded to 512)`;
const bertCases: PublishedCase[] = [
  megatron({
    model: 'bert',
    name: 'bert_mcore_tp1_pp2',
    env: 'dev_dgx_h100',
    bytes: 5707393024,
    step: 2,
    written: '96d4159305 (2026-07-22)',
    id: 'bert-large-te-unfused-pp2-8gpu-h100',
    args: bertArgs('--tensor-model-parallel-size 1 --pipeline-model-parallel-size 2'),
    layout: `pipeline parallel 2 × data parallel 4, 1F1B over 8 micro-batches of 4 per step; ${bertCount(1)} parameters; the last stage's figure`,
    spec: `model:
  params: ${bertCount(1)}
  transformer: { ${bertShape(1)} }
${bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, pipeline: 2, micro_batches: 8, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  megatron({
    model: 'bert',
    name: 'bert_mcore_tp2_pp2',
    env: 'dev_dgx_h100',
    bytes: 3125675520,
    step: 4,
    written: 'a53107c006 (2026-05-14)',
    id: 'bert-large-te-unfused-tp2-pp2-8gpu-h100',
    args: bertArgs('--tensor-model-parallel-size 2 --pipeline-model-parallel-size 2'),
    layout: `tensor parallel 2 without sequence parallelism × pipeline parallel 2 × data parallel 2, 1F1B over 16 micro-batches of 4 per step; ${bertCount(2)} parameters; the last stage's figure`,
    spec: `model:
  params: ${bertCount(2)}
  transformer: { ${bertShape(2)} }
${bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, tensor: 2, sequence_parallel: false, pipeline: 2, micro_batches: 16, schedule: 1f1b, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  megatron({
    model: 'bert',
    name: 'bert_mcore_tp4_pp1',
    env: 'dev_dgx_h100',
    bytes: 3220183552,
    step: 2,
    written: 'a53107c006 (2026-05-14)',
    id: 'bert-large-te-unfused-tp4-8gpu-h100',
    args: bertArgs('--tensor-model-parallel-size 4 --pipeline-model-parallel-size 1'),
    layout: `tensor parallel 4 without sequence parallelism × data parallel 2, 16 micro-batches of 4 accumulated per step; ${bertCount(4)} parameters`,
    spec: `model:
  params: ${bertCount(4)}
  transformer: { ${bertShape(4)} }
${bf16Training('batch_size: 4, grad_accumulation: 16, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, tensor: 4, sequence_parallel: false, strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  megatron({
    model: 'bert',
    name: 'bert_mcore_tp1_pp4_vp2',
    env: 'dev_dgx_h100',
    bytes: 5293919744,
    step: 8,
    written: '96d4159305 (2026-07-22)',
    id: 'bert-large-te-unfused-pp4-vp2-8gpu-h100',
    args: bertArgs(
      '--tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --num-layers-per-virtual-pipeline-stage 2',
    ),
    layout: `pipeline parallel 4 × data parallel 2 with the interleaved schedule (2 layers per virtual stage: 3 model chunks per rank), 16 micro-batches of 4 per step; ${bertCount(1)} parameters; the last stage's figure`,
    notExpressible:
      'the interleaved (virtual-pipeline) schedule; the spec gave the plain 1F1B schedule over 4 stages',
    expressedBy:
      'session 19 (issue 25): parallel.virtual_stages says the interleaved schedule, and pipeline_stage: last the rank measured (24 layers / (4 stages × 2 layers per virtual stage) = 3 chunks per rank)',
    spec: `model:
  params: ${bertCount(1)}
  transformer: { ${bertShape(1)} }
${bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, pipeline: 4, micro_batches: 16, schedule: 1f1b, virtual_stages: 3, pipeline_stage: last, strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  }),
];

// --- T5: encoder 512 tokens, decoder 128, micro-batch 4 ----------------------------------------------------
// examples/t5/pretrain_t5.py: span-corruption T5 with Megatron's learned positions shared by encoder and
// decoder (no relative bias), LayerNorm, GELU MLP, biases, dropout 0.1, the LM head tied to the word
// embeddings with its own bias; BertWordPieceCase (28,996) + 100 sentinel ids = 29,096, padded per tensor
// parallel; --calculate-per-token-loss. The "11b" case is Megatron's test model of that name (24 + 24 layers,
// 4096 wide, 64 heads of 64, MLP 10240: 8,982,901,248 parameters as counted), not Google's T5-11B shape.
const t5Shape = (
  o: { layers: number; hidden: number; heads: number; ffn: number; tensor: number },
  attention: string,
) =>
  `family: t5, encoder_layers: ${o.layers}, decoder_layers: ${o.layers}, hidden: ${o.hidden}, heads: ${o.heads}, ffn: ${o.ffn}, norm: layernorm, vocab: ${padVocab(29096, o.tensor)}, max_positions: 512, seq_len: 512, decoder_seq_len: 128, bias: true, lm_head: true, tied_embeddings: true, attention: ${attention}, dropout: true`;
const t5Count = (o: { layers: number; hidden: number; heads: number; ffn: number; tensor: number }) =>
  t5Params({ ...o, vocab: padVocab(29096, o.tensor), positions: 512 });
const t5Base = (tensor: number) => ({ layers: 12, hidden: 768, heads: 12, ffn: 3072, tensor });
const t5Args = (extra: string) =>
  `--encoder-num-layers 12 --decoder-num-layers 12 --hidden-size 768 --num-attention-heads 12 --kv-channels 64 --ffn-hidden-size 3072 --encoder-seq-length 512 --decoder-seq-length 128 --max-position-embeddings 512 --micro-batch-size 4 --global-batch-size 32 --bf16 --vocab-extra-ids 100 --tokenizer-type BertWordPieceCase --calculate-per-token-loss --deterministic-mode ${extra} (common_pile T5 data: encoder samples padded to 512, decoder to 128)`;
const t5Case = (o: {
  name: string;
  bytes: number;
  written: string;
  id: string;
  tensor: number;
  sequenceParallel: boolean;
  extra: string;
  impl: string;
  accumulation: number;
}) => {
  const shape = t5Base(o.tensor);
  const tp = o.tensor > 1 ? ` tensor: ${o.tensor}, sequence_parallel: ${o.sequenceParallel},` : '';
  return megatron({
    model: 't5',
    name: o.name,
    env: 'dev_dgx_h100',
    bytes: o.bytes,
    step: 2,
    written: o.written,
    id: o.id,
    args: t5Args(o.extra),
    layout: `${o.tensor > 1 ? `tensor parallel ${o.tensor} ${o.sequenceParallel ? 'with' : 'without'} sequence parallelism × ` : ''}data parallel ${8 / o.tensor}, ${o.accumulation} micro-batch${o.accumulation > 1 ? 'es' : ''} of 4 per step, ${o.impl}; ${t5Count(shape)} parameters`,
    spec: `model:
  params: ${t5Count(shape)}
  transformer: { ${t5Shape(shape, 'eager')} }
${bf16Training(`batch_size: 4,${o.accumulation > 1 ? ` grad_accumulation: ${o.accumulation},` : ''} activation_checkpointing: none, loss: vocab_parallel`)}
parallel: { gpus: 8,${tp} strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  });
};
const t511b = { layers: 24, hidden: 4096, heads: 64, ffn: 10240, tensor: 4 };
const t5Cases: PublishedCase[] = [
  megatron({
    model: 't5',
    name: 't5_11b_mcore_tp4_pp1',
    env: 'dev_dgx_h100',
    bytes: 44989894656,
    step: 2,
    written: 'a53107c006 (2026-05-14)',
    id: 't5-11b-te-tp4-enc512-dec128-8gpu-h100',
    args: '--encoder-num-layers 24 --decoder-num-layers 24 --hidden-size 4096 --num-attention-heads 64 --kv-channels 64 --ffn-hidden-size 10240 --encoder-seq-length 512 --decoder-seq-length 128 --max-position-embeddings 512 --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 --micro-batch-size 4 --global-batch-size 8 --bf16 --vocab-extra-ids 100 --init-method-std 0.015 --transformer-impl transformer_engine --tokenizer-type BertWordPieceCase --calculate-per-token-loss --deterministic-mode (default attention backend; common_pile T5 data: encoder samples padded to 512, decoder to 128)',
    layout: `tensor parallel 4 without sequence parallelism × data parallel 2, one micro-batch of 4 per step, no distributed optimizer (fp32 main parameters and moments on every rank); ${t5Count(t511b)} parameters`,
    spec: `model:
  params: ${t5Count(t511b)}
  transformer: { ${t5Shape(t511b, 'flash')} }
${bf16Training('batch_size: 4, activation_checkpointing: none, loss: vocab_parallel')}
parallel: { gpus: 8, tensor: 4, sequence_parallel: false, strategy: ddp, gradient_as_bucket_view: true, framework: megatron }`,
  }),
  t5Case({
    name: 't5_mcore_te_tp2_pp1_vp1',
    bytes: 3377290752,
    written: '6e091e1b68 (2026-05-30)',
    id: 't5-base-te-unfused-tp2-8gpu-h100',
    tensor: 2,
    sequenceParallel: false,
    extra:
      '--init-method-std 0.015 --transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --attention-softmax-in-fp32 --attention-backend unfused',
    impl: 'Transformer Engine layers with the unfused attention backend',
    accumulation: 2,
  }),
  t5Case({
    name: 't5_mcore_te_tp2_pp1_vp1_sequence_parallel',
    bytes: 3234076160,
    written: 'a53107c006 (2026-05-14)',
    id: 't5-base-te-unfused-tp2-sp-8gpu-h100',
    tensor: 2,
    sequenceParallel: true,
    extra:
      '--init-method-std 0.015 --transformer-impl transformer_engine --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --sequence-parallel --attention-softmax-in-fp32 --attention-backend unfused',
    impl: 'Transformer Engine layers with the unfused attention backend',
    accumulation: 2,
  }),
  t5Case({
    name: 't5_mcore_tp1_pp1_vp1',
    bytes: 6186639360,
    written: 'a53107c006 (2026-05-14)',
    id: 't5-base-local-dp8-8gpu-h100',
    tensor: 1,
    sequenceParallel: false,
    extra:
      '--init-method-std 0.015 --transformer-impl local --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 --num-workers 0',
    impl: "Megatron's local layers (core attention, fused softmax)",
    accumulation: 1,
  }),
  t5Case({
    name: 't5_mcore_te_tp4_pp1',
    bytes: 1862003200,
    written: 'a53107c006 (2026-05-14)',
    id: 't5-base-te-unfused-tp4-8gpu-h100',
    tensor: 4,
    sequenceParallel: false,
    extra:
      '--init-method-std 0.015 --transformer-impl transformer_engine --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 --attention-backend unfused',
    impl: 'Transformer Engine layers with the unfused attention backend',
    accumulation: 4,
  }),
];

/** Every round-15 case, in the order gathered. */
export const round15Cases: PublishedCase[] = [...gptCases, ...bertCases, ...t5Cases];

/** The documents round 15 draws on: one Megatron-LM functional test each (its arguments and its recorded
 * values); none is cited by an earlier round. */
export const round15Documents: readonly string[] = round15Cases.map((c) => {
  const match = /^(NVIDIA\/Megatron-LM tests\/functional_tests\/test_cases\/\S+)/.exec(c.source);
  if (!match?.[1]) throw new Error(`${c.id}: no test case in its source`);
  return match[1];
});
