// Round 20 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 19 were seen (round
// 19 was gathered by the same engineer and is not yet measured). EVERY case here is HELD OUT: none was scored,
// estimated or looked at through the estimate before the one final measurement, and the model engineer does
// not read this file until then.
// CHOSEN TO BE EXPRESSIBLE: decoder pre-training (minGPT GPT-2-XL-shaped models under FSDP on 4 to 16 V100s, a
// 1.6B RMSNorm/gated-MLP decoder on one RTX 4090 with Adafactor, checkpointing, compile, bf16 and the optimizer
// step fused into backward) and BERT encoders (MLM forward + backward at 4/8/12 layers; a BERT-large
// classification fine-tune), each a committed script or notebook whose settings are in reach.
// SPREAD: four repositories, four documents, none cited by an earlier round or ../shared/estimation.
// Each case names its public source (document, commit, table and row), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write.
import type { PublishedCase } from './published-measured.js';

// --- awaelchli/lightning-examples examples/gpt/README.md (Adrian Wälchli, Lightning, 2022-12-10) --------------
// "Efficient Training of Large Language Models": minGPT (gpt/model.py) trained on tinyshakespeare characters
// (vocabulary 65) with block_size 128 through LightningLite(accelerator="cuda", devices=-1, precision=16,
// strategy=FSDPStrategy(auto_wrap_policy=transformer_auto_wrap_policy over Block, [activation_checkpointing=[Block]],
// [backward_prefetch=BACKWARD_PRE])), torch.optim.AdamW(lr 3e-4, betas (0.9, 0.95)), gradient clipping 1.0,
// model.zero_grad(set_to_none=True) before backward; torch 1.14 nightly (requirements.txt) and Lightning master
// of December 2022. The model: learned token (65) and position (128) embeddings, pre-LN blocks with a fused
// c_attn (3h, bias), eager causal attention (masked_fill, softmax, dropout 0.1 on the probabilities), c_proj,
// an MLP h → 4h → h with minGPT's NewGELU (the tanh formula as separate tensor ops), dropout 0.1 (embedding,
// attention, residual), ln_f and an untied lm_head without bias; loss F.cross_entropy over the 65-way logits.
// Parameters (12h² + 13h per block, 65·h + 128·h + 2h + 65·h outside): gpt2-xl (48 × 1600, 25 heads)
// 1,475,974,400; gpt2-xxl (96 × 1600) 2,951,532,800; gpt2-xxxl (100 × 1920, 30 heads) 4,426,675,200; gpt2-4xl
// (190 × 1920) 8,410,233,600 (config.py's comments: 1475M, 2951M, 4426M, 8409M).
// Lite's precision=16 under FSDP: FSDP MixedPrecision with fp16 parameters, gradients reduced in fp16 and
// buffers in fp16 (fp32 sharded parameters, gradients and AdamW states at rest) plus autocast.
// WHAT WAS MEASURED: "Memory (MB)" per GPU; "The GPU usage was measured and averaged across all GPUs" — the
// script prints only torch.cuda.memory_summary() at the end, so the column is read as the device total of each
// GPU (nvidia-smi style MiB) averaged over the GPUs (assumed: the meter is not stated). "Listed batch size is per
// GPU." Numbers are averages over 100 iterations (30 on the multi-node rows). Rows where the author reports
// cudaMalloc retries (batch 8 without checkpointing, 3B batch 32: both 14992 MB on a 16 GB card) are left out,
// and so is the backward-prefetch row (the same spec and figure as the checkpointed batch-64 row).
const mingptDoc = 'awaelchli/lightning-examples examples/gpt/README.md';
const mingptCommit = 'a56b288f29d6161cf96c4d80c41b4045c269fbf0';
const mingptSingleCommit = '8b176bc807dee5bccaed95ca9e5e1022f3ef633f';
const mingptCloudCommit = '7fcee4e8d55a6229b17363fc98b80741a438f1f9';
const mingptShapes = {
  xl: { type: 'gpt2-xl', layers: 48, hidden: 1600, heads: 25, params: 1_475_974_400, size: '1.4B' },
  xxl: { type: 'gpt2-xxl', layers: 96, hidden: 1600, heads: 25, params: 2_951_532_800, size: '3B' },
  xxxl: { type: 'gpt2-xxxl', layers: 100, hidden: 1920, heads: 30, params: 4_426_675_200, size: '4.4B' },
  '4xl': { type: 'gpt2-4xl', layers: 190, hidden: 1920, heads: 30, params: 8_410_233_600, size: '8.4B' },
} as const;
const mingpt = (o: {
  shape: keyof typeof mingptShapes;
  batch: number;
  mib: number;
  isCheckpointed: boolean;
  gpus: number;
  section: string;
  row: string;
}): PublishedCase => {
  const m = mingptShapes[o.shape];
  const isMultiNode = o.gpus > 4;
  const script = isMultiNode
    ? `train_cloud.py at ${mingptCloudCommit.slice(0, 7)} (LiteMultiNode on Lightning cloud "gpu-fast-multi" machines, 4 × V100 16 GB each, ${o.gpus / 4} nodes; the committed script names gpt2-xxl and 2 nodes — the row's ${m.size} parameters are config.py's ${m.type}, assumed to be the model_type the author set for this row), strategy "fsdp-gpt" (auto-wrap over Block, activation_checkpointing=[Block], backward_prefetch=BACKWARD_PRE), 30 iterations`
    : `train.py at ${mingptSingleCommit.slice(0, 7)} on one p3.8xlarge (4 × V100 16 GB) with the strategy of the README's code block (auto-wrap over Block${o.isCheckpointed ? ', activation_checkpointing=[Block]' : ''}), 100 iterations`;
  return {
    id: `lightning-examples-mingpt-${m.type}-fsdp${o.gpus}-fp16${o.isCheckpointed ? '-ckpt' : ''}-bs${o.batch}-v100`,
    source: `${mingptDoc} (commit ${mingptCommit.slice(0, 7)}, 2022-12-10, https://github.com/awaelchli/lightning-examples/blob/${mingptCommit}/examples/gpt/README.md), section "${o.section}", row "${o.row}", column "Memory (MB)"`,
    what: 'device total',
    unit: 'GiB',
    measured: o.mib / 1024,
    config: `${script}: minGPT ${m.type} (${m.layers} blocks, ${m.hidden} wide, ${m.heads} heads, ${m.params.toLocaleString('en-US')} parameters), character vocabulary 65, block_size 128 (every sample 128 tokens), dropout 0.1, LightningLite precision=16 with FSDP FULL_SHARD over ${o.gpus} GPUs (fp16 compute, fp32 sharded parameters, gradients and AdamW states), ${o.isCheckpointed ? 'every Block checkpointed' : 'no activation checkpointing'}, torch.optim.AdamW (betas 0.9/0.95, the default step), gradient clipping 1.0, batch ${o.batch} per GPU, torch 1.14 nightly (Dec 2022). Measured: ${o.mib} MB per GPU, averaged over the GPUs (each GPU's figure, one GPU's memory; read as the device total in MiB — assumed)`,
    spec: `model:
  params: ${m.params}
  transformer: { family: gpt, layers: ${m.layers}, hidden: ${m.hidden}, heads: ${m.heads}, ffn: ${4 * m.hidden}, vocab: 65, max_positions: 128, seq_len: 128, mlp: gelu_new, attention: eager, dropout: true, tied_embeddings: false }
training: { precision: mixed_fp16, optimizer: adamw, batch_size: ${o.batch}, activation_checkpointing: ${o.isCheckpointed ? 'full' : 'none'}, zero_grad: set_to_none }
parallel: { gpus: ${o.gpus}, strategy: fsdp_full, fsdp_wrap: layers }
cuda: { lengths: fixed }`,
  };
};

// --- huggingface/blog reformer.md ("The Reformer - Pushing the limits of language modeling", 2020-07-03) -------
// Section "3. Reversible Residual Layers", "Benchmark": PyTorchBenchmark(configs=[BertConfig.from_pretrained(
// "bert-base-uncased", num_hidden_layers=4 | 8 | 12)], PyTorchBenchmarkArguments(sequence_lengths=[512],
// batch_sizes=[8], training=True, no_inference=True, no_speed=True)). transformers' benchmark (v3.0, July 2020)
// builds the config's architecture (BertForMaskedLM, random init, fp32) and measures one training call:
// loss = model(input_ids, labels=input_ids)[0]; loss.backward() — a forward and a backward, NO optimizer step —
// on random token ids of 8 × 512, in its own process. "Memory in MB" is py3nvml's nvmlDeviceGetMemoryInfo().used
// after the call (the device total: CUDA context + PyTorch's cache, which still holds the peak), bytes >> 20
// (MiB). The card is the notebook's Colab GPU: "11.17 GiB total capacity" in the same notebook's OOM messages
// (a Tesla K80). BertForMaskedLM parameters: embeddings 23,837,184 (30522 + 512 + 2 rows of 768, LayerNorm),
// 7,087,872 per layer, MLM head 622,650 (dense + LayerNorm + decoder bias; the decoder weight tied to the word
// embeddings): 4 layers 52,811,322; 8 layers 81,162,810; 12 layers 109,514,298.
// The spec: plain SGD without momentum keeps no optimizer state, so its peak is the forward + backward's own
// (weights, gradients, activations) — the nearest spec to a benchmark that never steps.
const reformerDoc = 'huggingface/blog reformer.md';
const reformerCommit = '171067a4b8387b5063c02ad56edf6c83eb25c2bb';
const bertMlm = (layers: 4 | 8 | 12, mib: number, params: number): PublishedCase => ({
  id: `hf-blog-reformer-benchmark-bert-base-mlm-${layers}-layers-train-bs8-seq512-k80`,
  source: `${reformerDoc} (commit ${reformerCommit.slice(0, 7)}, https://github.com/huggingface/blog/blob/${reformerCommit}/reformer.md), section "3. Reversible Residual Layers" → "Benchmark", "TRAIN - MEMORY - RESULTS" row "Bert-${layers}-Layers | 8 | 512 | ${mib}"`,
  what: 'device total',
  unit: 'GiB',
  measured: mib / 1024,
  config: `transformers PyTorchBenchmark (v3.0) training memory of BertConfig.from_pretrained("bert-base-uncased", num_hidden_layers=${layers}) built as BertForMaskedLM (${params.toLocaleString('en-US')} parameters, fp32, random init, dropout 0.1, eager attention), batch 8 × 512 random token ids, labels = input_ids, one forward + backward and no optimizer step, in a fresh process on one Colab Tesla K80 (11.17 GiB); measured: py3nvml device memory used after the call, ${mib} MiB (the whole card's, CUDA context included). The spec says plain SGD (no optimizer state) for the step that never runs`,
  spec: `model:
  params: ${params}
  transformer: { family: bert, layers: ${layers}, hidden: 768, heads: 12, ffn: 3072, seq_len: 512, vocab: 30522, max_positions: 512, attention: eager, dropout: true, lm_head: true, tied_embeddings: true }
training: { precision: fp32, optimizer: sgd, batch_size: 8, activation_checkpointing: none, loss: standard }
cuda: { lengths: fixed }`,
});

// --- mscherrmann/mscherrmann.github.io assets/jupyter/testGPUMemoryBertTraining.ipynb (2024-02-26) -------------
// "Understand GPU Memory Usage when Training Language Models" (the blog post _posts/2024-02-19-GPU-Memory_BERT.md
// renders this notebook): bert-large-uncased AutoModelForSequenceClassification (2 labels: 335,143,938
// parameters; the notebook's own 1278.47 MiB of fp32 weights), batch 4 of 512 random token ids, torch.optim.AdamW
// (lr 1e-5, the default step), fp32, no checkpointing, two iterations of forward, backward, step, zero_grad on
// one RTX 3090 24 GB; eager attention (the notebook's tensor-by-tensor prediction counts the 16 × 512 × 512 scores,
// probabilities and dropout mask per layer and matches the allocator to the KiB). Measured:
// torch.cuda.max_memory_allocated() after the two iterations, "10562.79 MiB" (the peak is in the second
// iteration's backward, with the AdamW moments alive).
const bertLargeDoc = 'mscherrmann/mscherrmann.github.io assets/jupyter/testGPUMemoryBertTraining.ipynb';
const bertLargeCommit = '2f5ab7537b4fdd097422e9dc39b87a41975f64ed';

// --- jdinalt/forgather examples/tiny_experiments/peak_memory/README.md (2025-08-16) ---------------------------
// "Peak Memory": the Deep One model (templatelib/examples/models/deepone.yaml at a0ce917): 32 DeepNet layers
// (post-norm residuals with alpha scaling), hidden 2048, 16 heads, RMSNorm, a gated MLP (up, gate, down; ReLU)
// of 5400, no biases, ALiBi attention with trainable slopes through scaled_dot_product_attention (sdpa_backend
// "efficient") with a float bias of [16, 768, 768] built in every layer, no position embeddings, an untied
// output decoder, the TinyStories 8K BPE tokenizer (vocab_size 8000), all dropouts 0. Parameters: embeddings
// and decoder 2 × 8000 × 2048, per layer 4 × 2048² + 16 + 3 × 2048 × 5400 + 2 × 2048, final norm 2048:
// 1,631,455,744 ("1.6B"). Training (project.yaml): forgather's Adafactor (factored second moment, no first
// moment; lr 2e-4, weight decay 0.01), batch 4, every sample padded or truncated to 768 tokens, 100 steps, the
// model's CausalLoss over the 8000-way logits, torch.set_float32_matmul_precision("highest"); one RTX 4090,
// PyTorch 2.8.0. Measured: forgather's PeakMemory callback, torch.cuda.max_memory_allocated() / 1024**3 per log
// interval ("peak allocated CUDA memory during training"), GiB. The four "Memory Budget" rows (torch.compile's
// activation_memory_budget) are left out: the spec has no key for them.
// NOT EXPRESSIBLE in the rows without checkpointing: every layer keeps its own fp32 (bf16) ALiBi bias of
// 16 × 768 × 768 for SDPA's backward (about 1.2 GB over 32 layers in fp32), which the spec's sdpa attention does
// not hold; with every layer checkpointed only the layer being recomputed holds one.
const forgatherDoc = 'jdinalt/forgather examples/tiny_experiments/peak_memory/README.md';
const forgatherCommit = 'a0ce9176c7a35026af961b32e8cdeea5c4a248ab';
const deepOneParams = 1_631_455_744;
const forgather = (o: {
  label: string;
  row: string;
  gib: number;
  experiment: string;
  run: string;
  precision: 'fp32' | 'bf16';
  isCheckpointed: boolean;
  isFused: boolean;
  isCompiled?: boolean;
}): PublishedCase => ({
  id: `forgather-peak-memory-deepone-1b6-${o.label}-bs4-seq768-1xrtx4090`,
  source: `${forgatherDoc} (commit ${forgatherCommit.slice(0, 7)}, 2025-08-16, https://github.com/jdinalt/forgather/blob/${forgatherCommit}/examples/tiny_experiments/peak_memory/README.md), "Results" row "${o.row}", column "Peak Memory (GiB)"`,
  what: 'allocated',
  unit: 'GiB',
  measured: o.gib,
  config: `forgather -t ${o.experiment} train (examples/tiny_experiments/peak_memory at ${forgatherCommit.slice(0, 7)}): Deep One 1.6B (${deepOneParams.toLocaleString('en-US')} parameters; 32 post-norm layers, 2048 wide, 16 heads, RMSNorm, gated ReLU MLP 5400, ALiBi attention through SDPA with a [16, 768, 768] float bias, untied decoder, vocab 8000), batch 4 × 768 tokens (padded to max_length), forgather's Adafactor (factored, no first moment), ${o.run}, 100 steps on one RTX 4090 24 GB, PyTorch 2.8.0. Measured: torch.cuda.max_memory_allocated() / 1024**3 (GiB)${o.isCheckpointed ? '' : ". Marked not expressible when gathered (each layer keeps its own ALiBi bias of 16 × 768 × 768, the model dtype, for SDPA's backward — about 1.2 GB over 32 layers in fp32, 0.6 GB in bf16 — which the spec's sdpa attention did not hold); session 18 (issue 25): model.transformer.attention_bias (per: layer) says it"}`,
  spec: `model:
  params: ${deepOneParams}
  transformer: { family: llama, layers: 32, hidden: 2048, heads: 16, ffn: 5400, vocab: 8000, seq_len: 768, attention: sdpa, tied_embeddings: false${o.isCheckpointed ? '' : ', attention_bias: { per: layer }'} }
training: { precision: ${o.precision}, optimizer: adafactor, batch_size: 4, activation_checkpointing: ${o.isCheckpointed ? 'full' : 'none'}${o.isFused ? ', optimizer_in_backward: true' : ''}${o.isCompiled ? ', compile: true' : ''}, loss: standard }
cuda: { lengths: fixed }`,
});

/** Round 20: published measured peaks, held out until the one final measurement. */
export const round20Cases: PublishedCase[] = [
  mingpt({
    shape: 'xl',
    batch: 1,
    mib: 9028,
    isCheckpointed: false,
    gpus: 4,
    section: 'FSDP Baseline',
    row: '1 | 9028 | 71.9 +/- 22.0 | 6.28 | 823',
  }),
  mingpt({
    shape: 'xl',
    batch: 2,
    mib: 10510,
    isCheckpointed: false,
    gpus: 4,
    section: 'FSDP Baseline',
    row: '2 | 10510 | 70.4 +/- 19.1 | 12.68 | 754',
  }),
  mingpt({
    shape: 'xl',
    batch: 4,
    mib: 12488,
    isCheckpointed: false,
    gpus: 4,
    section: 'FSDP Baseline',
    row: '4 | 12488 | 79.9 +/- 15.6 | 24.96 | 744',
  }),
  mingpt({
    shape: 'xl',
    batch: 7,
    mib: 14736,
    isCheckpointed: false,
    gpus: 4,
    section: 'FSDP Baseline',
    row: '7 ★ | 14736 | 86.2 +/- 9.7 | 43.52 | 748',
  }),
  mingpt({
    shape: 'xl',
    batch: 8,
    mib: 8458,
    isCheckpointed: true,
    gpus: 4,
    section: 'FSDP + Activation Checkpointing',
    row: '8 | 8458 | 83.5 +/- 17.2 | 47.28 | 1024',
  }),
  mingpt({
    shape: 'xl',
    batch: 16,
    mib: 8604,
    isCheckpointed: true,
    gpus: 4,
    section: 'FSDP + Activation Checkpointing',
    row: '16 | 8604 | 94.3 +/- 3.7 | 95.88 | 1097',
  }),
  mingpt({
    shape: 'xl',
    batch: 32,
    mib: 10188,
    isCheckpointed: true,
    gpus: 4,
    section: 'FSDP + Activation Checkpointing',
    row: '32 | 10188 | 94.8 +/- 1.0 | 127.68 | 1575',
  }),
  mingpt({
    shape: 'xl',
    batch: 64,
    mib: 11490,
    isCheckpointed: true,
    gpus: 4,
    section: 'FSDP + Activation Checkpointing',
    row: '64 | 11490 | 96.4 +/- 0.6 | 142.28 | 2748',
  }),
  mingpt({
    shape: 'xxl',
    batch: 8,
    mib: 14340,
    isCheckpointed: true,
    gpus: 4,
    section: '3B Model in a Single Machine',
    row: '8 | 14340 | 83.7 +/- 18.5 | 47.4 | 2054',
  }),
  mingpt({
    shape: 'xxl',
    batch: 16,
    mib: 14984,
    isCheckpointed: true,
    gpus: 4,
    section: '3B Model in a Single Machine',
    row: '16 ★ | 14984 | 93.15 +/- 7.2 | 95.32 | 2098',
  }),
  mingpt({
    shape: 'xxxl',
    batch: 16,
    mib: 13858,
    isCheckpointed: true,
    gpus: 8,
    section: 'Multi-node',
    row: '8 | 4.4 B | 13858 | 97.1 +/- 3.3 | 36.68 | 15717',
  }),
  mingpt({
    shape: '4xl',
    batch: 16,
    mib: 14626,
    isCheckpointed: true,
    gpus: 16,
    section: 'Multi-node',
    row: '16 | 8.4 B | 14626 | 94.3 +/- 3.6 | 55.71 | 39228',
  }),
  bertMlm(4, 4103, 52_811_322),
  bertMlm(8, 5759, 81_162_810),
  bertMlm(12, 7415, 109_514_298),
  {
    id: 'mscherrmann-bert-large-seqcls-fp32-adamw-bs4-seq512-1xrtx3090',
    source: `${bertLargeDoc} (commit ${bertLargeCommit.slice(0, 7)}, 2024-02-26, https://github.com/mscherrmann/mscherrmann.github.io/blob/${bertLargeCommit}/assets/jupyter/testGPUMemoryBertTraining.ipynb), section "Predicting Maximum GPU Memory Usage", the output "Actual maximum allocated memory by tensors: 10562.79 MiB"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 10562.79 / 1024,
    config:
      'train_bert("bert-large-uncased", batch_size=4, seq_len=512) in the notebook: AutoModelForSequenceClassification.from_pretrained("bert-large-uncased") (2 labels, 335,143,938 parameters, fp32, dropout 0.1, eager attention: early-2024 transformers), 512 random token ids per sample (no padding), torch.optim.AdamW(lr 1e-5, the default step), no gradient checkpointing, no accumulation, two iterations (forward, loss.backward(), optimizer.step(), optimizer.zero_grad()) under a torch.profiler session, one RTX 3090 24 GB. Measured: torch.cuda.max_memory_allocated() / 1024**2 = 10562.79 MiB (the peak in the second iteration\'s backward)',
    spec: `model:
  params: 335143938
  transformer: { family: bert, layers: 24, hidden: 1024, heads: 16, ffn: 4096, seq_len: 512, vocab: 30522, max_positions: 512, attention: eager, classes: 2, pooler: true, dropout: true }
training: { precision: fp32, optimizer: adamw, batch_size: 4, activation_checkpointing: none }
cuda: { lengths: fixed }`,
  },
  forgather({
    label: 'fp32-control',
    row: '**Control** (FP32 baseline) | 21.165',
    gib: 21.165,
    experiment: 'control.yaml',
    run: 'fp32 weights, gradients and states, no checkpointing, eager (not compiled)',
    precision: 'fp32',
    isCheckpointed: false,
    isFused: false,
  }),
  forgather({
    label: 'bf16-fused',
    row: '**BFloat16** | 12.418',
    gib: 12.418,
    experiment: 'bfloat16.yaml',
    run: 'the model converted to bf16 (module_to_dtype: weights, gradients and Adafactor states in bf16) and fuse_optim_with_backward=True (bfloat16.yaml sets both), no checkpointing',
    precision: 'bf16',
    isCheckpointed: false,
    isFused: true,
  }),
  forgather({
    label: 'fp32-checkpoint',
    row: '**Activation Checkpoint** | 12.529',
    gib: 12.529,
    experiment: 'checkpoint.yaml',
    run: 'fp32, every layer checkpointed (enable_activation_checkpoint, checkpoint_stride 1)',
    precision: 'fp32',
    isCheckpointed: true,
    isFused: false,
  }),
  forgather({
    label: 'fp32-compile',
    row: '**Torch Compile** | 19.712',
    gib: 19.712,
    experiment: 'compile.yaml',
    run: 'fp32, torch.compile (inductor, dynamic=False), no checkpointing',
    precision: 'fp32',
    isCheckpointed: false,
    isFused: false,
    isCompiled: true,
  }),
  forgather({
    label: 'fp32-fused',
    row: '**Optimizer Fusion** | 21.164',
    gib: 21.164,
    experiment: 'fused.yaml',
    run: 'fp32, fuse_optim_with_backward=True (the Adafactor step of each parameter run from its gradient hook), no checkpointing (the author notes the fusion saved nothing without checkpointing)',
    precision: 'fp32',
    isCheckpointed: false,
    isFused: true,
  }),
  forgather({
    label: 'fp32-fused-checkpoint',
    row: '**Fused Checkpoint** | 7.425',
    gib: 7.425,
    experiment: 'fused_checkpoint.yaml',
    run: 'fp32, every layer checkpointed and fuse_optim_with_backward=True',
    precision: 'fp32',
    isCheckpointed: true,
    isFused: true,
  }),
  forgather({
    label: 'bf16-fused-checkpoint',
    row: '**BF16 + Fused + Checkpoint** | 3.975',
    gib: 3.975,
    experiment: 'bf16_fused_chkpt.yaml',
    run: 'the model converted to bf16, every layer checkpointed and fuse_optim_with_backward=True',
    precision: 'bf16',
    isCheckpointed: true,
    isFused: true,
  }),
];

/** The documents round 20 draws on (none is cited by an earlier round or ../shared/estimation). */
export const round20Documents: readonly string[] = [mingptDoc, reformerDoc, bertLargeDoc, forgatherDoc];
