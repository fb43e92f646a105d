// Round 16 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 14 were seen and
// spent, and beside round 15 (which it shares no source with). EVERY case here is HELD OUT: none was scored,
// estimated or looked at through the estimate before the one final measurement, and the model engineer does
// not read this file until then.
// ROUTE: a benchmark table in a project's research notes, pinned at a commit (not a CI log, not a thread):
// BigScience's tuning notes for its 1.3B model (experiments/tr3m-1B3.md), where Stas Bekman benchmarked the
// 3D layouts of the training launched by train/tr3-1B3-baseline/tr3m-1B3-emb-norm-pile.slurm on 2 nodes of
// 4 V100s (Jean Zay), and wrote the memory each layout used beside its speed.
// WHAT WAS MEASURED, and how we know: the tables' "Notes" column gives whole GB ("16GB", "25GB"); the
// document does not say which meter. Its own "calibration" section measures the CUDA context of a bare
// `torch.ones(1).cuda()` as "V100 16GB 1113MiB / V100 32GB 1113MiB", i.e. with nvidia-smi; the figures are
// read as the nvidia-smi memory of the most loaded GPU (DEVICE TOTAL, assumed), MiB / 1024 rounded to a
// whole number (GiB, assumed), one GPU's figure. Which GPU is not stated either (with pipeline parallelism
// the stages differ; the most loaded one is what a person watching nvidia-smi writes down: assumed).
// THE RUN (the slurm file of the same day, 8062718, 2021-12-01, as the document links it): Megatron-DeepSpeed
// (BigScience's fork, Dec 2021) pretrain_gpt.py, GPT with 24 layers, hidden 2048, 16 heads, FFN 8192, seq-length
// 2048 (max-position-embeddings 2048: learned positions), GPT-2 BPE vocabulary (50,257, padded to a multiple of
// 128 × tensor parallel: 50,304 at TP 1, 50,432 at TP 2), --embed-layernorm (a LayerNorm after the embeddings),
// tied input/output embeddings, biases, LayerNorm, GELU, dropout 0.1 (Megatron's defaults), Megatron's fused
// scaled masked softmax (the s × s probabilities kept: eager), the loss over fp32-upcast logits
// (fp16_lm_cross_entropy off), --fp16 with DeepSpeed's fp16 engine and ZeRO stage 1 (fp16 weights and
// gradients; fp32 master weights and Adam moments partitioned over the data-parallel ranks), Adam with weight
// decay 0.1 (AdamW), DeepSpeed's pipeline engine for PP > 1 (its 1F1B TrainSchedule), --checkpoint-activations
// --deepspeed-activation-checkpointing (every layer recomputed) in the first and third tables and not in the
// second ("After removing --checkpoint-activations"). "Measuring w/o BS-rampup so with full GBS": global batch
// 512, so each data-parallel replica runs 512 / (MBS × DP) micro-batches per step. The Pile through Megatron's
// GPT dataset: every sample exactly 2048 tokens. 2 nodes × 4 GPUs = 8 GPUs: TP × PP × DP = 8.
// Rows left out: those marked OOM (no figure), the 16GB table's rows whose config the 32GB table already gives
// (one figure per config; "16GB borderline OOM" among them), and the no-checkpointing MBS 2 row at PP 4 (30GB on a
// 32GB card: at the card's limit, where the allocator is squeezed).
// After the round was measured (session 16, the round spent), two labels the sources state, neither a constant
// fitted: `training.loss: vocab_parallel` (it said `standard`): Megatron-DeepSpeed's GPT takes its loss with
// mpu.vocab_parallel_cross_entropy over the fp32-cast logits, in GPTModelPipe's CrossEntropy (the pipeline engine
// runs it at every PP, 1 included) and in GPTModel's post_language_model_processing
// (bigscience-workshop/Megatron-DeepSpeed megatron/model/gpt_model.py at 0035f06a), the in-place loss
// estimate-r15 added for Megatron-LM; and `cuda.context: 1113 MiB`, the document's own calibration of a bare
// `torch.ones(1).cuda()` on these cards (its section "calibration": "V100 16GB 1113MiB / V100 32GB 1113MiB"),
// where the lazy-loading default priced 0.44 GiB (lazy module loading came with CUDA 11.7; this is Dec 2021).
// Parameters: 24 × 50,358,272 per layer + embeddings, positions (2048 × 2048), the embedding LayerNorm and the
// final LayerNorm: 1,315,823,616 at TP 1, 1,316,085,760 at TP 2 (counted below).
import type { PublishedCase } from './published-measured.js';

const tr3mDoc = 'bigscience-workshop/bigscience experiments/tr3m-1B3.md';
const tr3mCommit = '1dee360c5958c283c12470950658cd4b6482ad09';
const tr3mSlurm =
  'bigscience-workshop/bigscience train/tr3-1B3-baseline/tr3m-1B3-emb-norm-pile.slurm at 8062718 (https://github.com/bigscience-workshop/bigscience/blob/8062718d989dac3bc8b17508b7b19e6b74d010cd/train/tr3-1B3-baseline/tr3m-1B3-emb-norm-pile.slurm)';

const padVocab = (vocab: number, tensor: number) => Math.ceil(vocab / (128 * tensor)) * 128 * tensor;
const hidden = 2048;
const ffn = 8192;
/** One Megatron GPT layer: two LayerNorms, QKV and projection, the MLP, all with biases. */
const layer =
  2 * 2 * hidden +
  (hidden * 3 * hidden + 3 * hidden) +
  (hidden * hidden + hidden) +
  (hidden * ffn + ffn) +
  (ffn * hidden + hidden);
/** Word embeddings (tied head), learned positions, the embedding LayerNorm, 24 layers, the final LayerNorm. */
const params = (tensor: number) =>
  padVocab(50257, tensor) * hidden + 2048 * hidden + 2 * hidden + 24 * layer + 2 * hidden;

type Table =
  | 'section "32GB node", first table (with --checkpoint-activations)'
  | 'section "32GB node", second table ("After removing `--checkpoint-activations`")'
  | 'section "16GB node", table (with --checkpoint-activations)';

const tr3m = (o: {
  table: Table;
  tp: number;
  pp: number;
  dp: number;
  mbs: number;
  gb: number;
  row: string;
}): PublishedCase => {
  const checkpointed = !o.table.includes('After removing');
  const card = o.table.includes('16GB') ? 'V100 16GB' : 'V100 32GB';
  const steps = 512 / (o.mbs * o.dp);
  const pipeline = o.pp > 1 ? `, pipeline: ${o.pp}, micro_batches: ${steps}, schedule: 1f1b` : '';
  const accumulation = o.pp > 1 ? '' : `, grad_accumulation: ${steps}`;
  const tensor = o.tp > 1 ? `, tensor: ${o.tp}, sequence_parallel: false` : '';
  return {
    id: `bigscience-tr3m-1b3-${card.replace(' ', '-').toLowerCase()}-tp${o.tp}-pp${o.pp}-dp${o.dp}-mbs${o.mbs}${checkpointed ? '-ckpt' : '-no-ckpt'}`,
    source: `${tr3mDoc} (commit ${tr3mCommit.slice(0, 7)}, 2021-12-01, https://github.com/bigscience-workshop/bigscience/blob/${tr3mCommit}/experiments/tr3m-1B3.md), ${o.table}, the row ${o.row}`,
    what: 'device total',
    unit: 'GiB',
    measured: o.gb,
    config: `Megatron-DeepSpeed pretrain_gpt.py as ${tr3mSlurm}: GPT 1.3B (24 layers, 2048 wide, 16 heads, FFN 8192, ${params(o.tp)} parameters), every sample 2048 tokens, --embed-layernorm, fp16 with DeepSpeed ZeRO-1 (fp32 master weights and Adam moments over the ${o.dp} data-parallel ranks), ${checkpointed ? 'every layer recomputed (--checkpoint-activations --deepspeed-activation-checkpointing)' : 'no activation checkpointing'}, tensor parallel ${o.tp}, pipeline parallel ${o.pp}${o.pp > 1 ? " (DeepSpeed's pipeline engine, 1F1B)" : ''}, data parallel ${o.dp}, micro-batch ${o.mbs}, global batch 512 (${steps} micro-batches per replica per step), on 2 nodes × 4 ${card}; Megatron's fused masked softmax (s × s kept), dropout 0.1, loss over fp32 logits. Measured: "${o.gb}GB" in the table's Notes column, meter not stated: read as nvidia-smi's memory of the most loaded GPU in GiB (assumed, from the document's nvidia-smi calibration), one GPU's figure. NOT STATED: which rank; the tensor-parallel and pipeline ranks differ. The embedding LayerNorm has no spec key (one [b, s, h] activation per micro-batch)`,
    spec: `model:
  params: ${params(o.tp)}
  transformer: { family: gpt, layers: 24, hidden: 2048, heads: 16, ffn: 8192, norm: layernorm, vocab: ${padVocab(50257, o.tp)}, max_positions: 2048, seq_len: 2048, bias: true, lm_head: true, tied_embeddings: true, attention: eager, dropout: true }
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: ${o.mbs}${accumulation}, activation_checkpointing: ${checkpointed ? 'full' : 'none'}, loss: vocab_parallel }
parallel: { gpus: 8${tensor}${pipeline}, strategy: zero1 }
cuda: { context: 1113 MiB }`,
  };
};

const withCkpt32: Table = 'section "32GB node", first table (with --checkpoint-activations)';
const noCkpt32: Table = 'section "32GB node", second table ("After removing `--checkpoint-activations`")';
const withCkpt16: Table = 'section "16GB node", table (with --checkpoint-activations)';
const row = (tp: number, pp: number, dp: number, mbs: number, speed: string, tflops: string, gb: number) =>
  `NNODES 2, TP ${tp}, PP ${pp}, DP ${dp}, MBS ${mbs}, Speed ${speed}, TFlops ${tflops}, Notes "${gb}GB"`;

/** Every round-16 case, in the tables' order. */
export const round16Cases: PublishedCase[] = [
  tr3m({ table: withCkpt32, tp: 1, pp: 1, dp: 8, mbs: 1, gb: 16, row: row(1, 1, 8, 1, '29', '47.0', 16) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 1, dp: 8, mbs: 2, gb: 17, row: row(1, 1, 8, 2, '29', '47.0', 17) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 1, dp: 8, mbs: 4, gb: 20, row: row(1, 1, 8, 4, '28', '48.7', 20) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 1, dp: 8, mbs: 8, gb: 25, row: row(1, 1, 8, 8, '28', '48.7', 25) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 2, dp: 4, mbs: 1, gb: 10, row: row(1, 2, 4, 1, '30', '45.4', 10) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 2, dp: 4, mbs: 2, gb: 11, row: row(1, 2, 4, 2, '29', '47.0', 11) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 2, dp: 4, mbs: 8, gb: 15, row: row(1, 2, 4, 8, '29', '47.0', 15) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 4, dp: 2, mbs: 1, gb: 9, row: row(1, 4, 2, 1, '32', '42.6', 9) }),
  tr3m({ table: withCkpt32, tp: 1, pp: 4, dp: 2, mbs: 8, gb: 13, row: row(1, 4, 2, 8, '32', '42.6', 13) }),
  tr3m({ table: withCkpt32, tp: 2, pp: 1, dp: 4, mbs: 1, gb: 11, row: row(2, 1, 4, 1, '53', '25.7', 11) }),
  tr3m({ table: noCkpt32, tp: 1, pp: 1, dp: 8, mbs: 1, gb: 27, row: row(1, 1, 8, 1, '23', '44.4', 27) }),
  tr3m({ table: noCkpt32, tp: 1, pp: 2, dp: 4, mbs: 1, gb: 21, row: row(1, 2, 4, 1, '23', '44.4', 21) }),
  tr3m({ table: noCkpt32, tp: 1, pp: 4, dp: 2, mbs: 1, gb: 19, row: row(1, 4, 2, 1, '25', '40.8', 19) }),
  tr3m({ table: noCkpt32, tp: 2, pp: 1, dp: 4, mbs: 1, gb: 21, row: row(2, 1, 4, 1, '39', '26.2', 21) }),
  tr3m({ table: withCkpt16, tp: 1, pp: 2, dp: 4, mbs: 4, gb: 13, row: row(1, 2, 4, 4, '28', '48.7', 13) }),
  tr3m({ table: withCkpt16, tp: 1, pp: 4, dp: 2, mbs: 4, gb: 11, row: row(1, 4, 2, 4, '30', '45.4', 11) }),
  tr3m({ table: withCkpt16, tp: 1, pp: 8, dp: 1, mbs: 1, gb: 9, row: row(1, 8, 1, 1, '37', '36.8', 9) }),
  tr3m({ table: withCkpt16, tp: 1, pp: 8, dp: 1, mbs: 4, gb: 11, row: row(1, 8, 1, 4, '35', '38.9', 11) }),
];

/** The documents round 16 draws on (none is cited by an earlier round). */
export const round16Documents: readonly string[] = [tr3mDoc];
