// The measured cases the estimate is checked against, each written as the spec a user would write:
// shared by references-measured.test.ts and `npm run bench -- estimate-accuracy`. Measured numbers
// are read from ../shared/estimation/references.json where they are published there.
import { estimate } from '../estimate.js';
import type { TraceComparison } from '../trace.js';
import type { Breakdown } from '../types.js';
import { heldOutIds } from './held-out.js';
import { type PublishedCase, publishedCases } from './published-measured.js';
import { expectedAt, referenceCase, specOf } from './references.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** One measured case: what was measured, in which unit, and how the estimate reads it. */
export interface MeasuredCase {
  id: string;
  label: string;
  unit: 'MiB' | 'GB' | 'GiB';
  measured: number;
  estimated: number;
  /** The spec the estimate came from, for messages. */
  spec: string;
}

const unitBytes = { MiB, GB: 1e9, GiB };

function measure(
  id: string,
  label: string,
  unit: MeasuredCase['unit'],
  measured: number,
  spec: string,
  read: (breakdown: Breakdown) => number,
): MeasuredCase {
  return { id, label, unit, measured, estimated: read(estimate(specOf(spec))) / unitBytes[unit], spec };
}

// HF docs' V100 runs (2022): CUDA 11.2, PyTorch 1.x, HF Trainer with adamw_hf (transformers.AdamW, a
// loop over tensors) and model.zero_grad(), which before PyTorch 2.0 zeroed gradients instead of
// freeing them. The context is the one the same page measured (hf-v100-cuda-context-kernels).
function hfV100(): MeasuredCase[] {
  const vanilla = referenceCase('hf-v100-bert-large-vanilla-bs4');
  const loaded = referenceCase('hf-v100-bert-large-weights-loaded');
  const context = referenceCase('hf-v100-cuda-context-kernels');
  if (!vanilla || !loaded || !context) return [];
  const contextMiB = expectedAt(context, 'gpu_memory_used_MiB');
  return [
    measure(
      vanilla.id,
      'bert-large fp32, AdamW, batch 4, seq 512 (nvidia-smi)',
      'MiB',
      expectedAt(vanilla, 'gpu_memory_used_MiB_after_training'),
      `model:
  transformer: { family: bert, layers: 24, hidden: 1024, heads: 16, seq_len: 512, vocab: 30522, attention: eager, classes: 2 }
training: { precision: fp32, optimizer: adamw, optimizer_impl: for_loop, zero_grad: zeros, batch_size: 4 }
cuda: { context: ${contextMiB}MiB }`,
      (b) => b.gpu.peakBytes,
    ),
    measure(
      loaded.id,
      'bert-large fp32 weights loaded (nvidia-smi)',
      'MiB',
      expectedAt(loaded, 'gpu_memory_used_MiB'),
      `model: { params: ${loaded.inputs.params} }
training: { precision: fp32, optimizer: none }
cuda: { context: ${contextMiB}MiB, workspaces: 0 }`,
      (b) => b.gpu.peakBytes,
    ),
  ];
}

// LitGPT's models as its configs define them (lit_gpt/config.py, Oct 2023): fused QKV, FlashAttention
// through SDPA, untied heads, padded vocabularies; phi-1.5 and StableLM-Alpha are NeoX-style parallel
// blocks. LoRA r = 8, alpha 16, dropout 0.05 on query and value; chunked cross-entropy; bf16-true.
const litgptModels = {
  'phi-1.5': {
    params: 1_418_270_720,
    seq: 1044,
    shape: 'family: neox, layers: 24, hidden: 2048, heads: 32, vocab: 51200, ffn: 8192',
  },
  'StableLM-3B': {
    params: 3_637_321_728,
    seq: 1034,
    shape: 'family: neox, layers: 16, hidden: 4096, heads: 32, vocab: 50688, ffn: 16384',
  },
  'Llama-2-7B': {
    params: 6_738_415_616,
    seq: 1304,
    shape: 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, fused_qkv: true',
  },
  'Llama-2-13B': {
    params: 13_015_864_320,
    seq: 1304,
    shape: 'family: llama, layers: 40, hidden: 5120, heads: 40, vocab: 32000, ffn: 13824, fused_qkv: true',
  },
  'CodeLlama-34B': {
    params: 33_743_970_304,
    seq: 256,
    shape:
      'family: llama, layers: 48, hidden: 8192, heads: 64, kv_heads: 8, vocab: 32000, ffn: 22016, fused_qkv: true',
  },
  'Llama-2-70B': {
    params: 68_976_648_192,
    seq: 256,
    shape:
      'family: llama, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, vocab: 32000, ffn: 28672, fused_qkv: true',
  },
} as const;

type LitModel = keyof typeof litgptModels;

function litgptSpec(
  model: LitModel,
  options: { batch: number; isTraining: boolean; quantization?: string; seq?: number },
): string {
  const m = litgptModels[model];
  const lora = options.isTraining
    ? '\n  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }'
    : '';
  // lit-gpt quantizes through Lightning's BitsandbytesPrecision(mode, dtype) with no ignore_modules (finetune/lora.py
  // and generate/base.py at 8641822): it replaces every nn.Linear, the LM head included, and sets each Linear4bit's
  // compute_dtype to the precision's dtype, bf16 here (lightning/fabric/plugins/precision/bitsandbytes.py
  // convert_module, Lightning 2.1).
  const quantization = options.quantization
    ? `\n  quantization: { ${options.quantization}, compute_dtype: bf16, lm_head: true }`
    : '';
  return `model:
  params: ${m.params}
  transformer: { ${m.shape}, attention: flash, seq_len: ${options.seq ?? m.seq} }${lora}${quantization}
training: { precision: bf16, optimizer: ${options.isTraining ? 'adamw' : 'none'}, batch_size: ${options.batch}, loss: chunked }`;
}

// LitGPT resource tables: "Max GPU RAM" is torch.cuda.max_memory_allocated (decimal GB). Training on
// the longest Alpaca example; inference on a short prompt (256 positions assumed; the KV cache is small).
function litgpt(): MeasuredCase[] {
  const lora = referenceCase('litgpt-lora-1gpu-a100-40gb');
  const inference = referenceCase('litgpt-inference-1gpu-a100-40gb');
  if (!lora || !inference) return [];
  const allocated = (b: Breakdown): number => b.gpu.allocatedPeakBytes;
  const training: [string, LitModel, number, string?][] = [
    ['phi-1.5_1.3B_mb1', 'phi-1.5', 1],
    ['phi-1.5_mb2', 'phi-1.5', 2],
    ['phi-1.5_mb4', 'phi-1.5', 4],
    ['phi-1.5_nf4_mb1', 'phi-1.5', 1, 'weights: nf4'],
    ['StableLM-3B_mb1', 'StableLM-3B', 1],
    ['StableLM-3B_mb2', 'StableLM-3B', 2],
    ['StableLM-3B_mb4', 'StableLM-3B', 4],
    ['StableLM-3B_nf4_mb1', 'StableLM-3B', 1, 'weights: nf4'],
    ['Llama-2-7B_mb1', 'Llama-2-7B', 1],
    ['Llama-2-7B_mb2', 'Llama-2-7B', 2],
    ['Llama-2-7B_nf4_mb1', 'Llama-2-7B', 1, 'weights: nf4'],
    ['Llama-2-13B_mb1', 'Llama-2-13B', 1],
    ['Llama-2-13B_nf4_mb1', 'Llama-2-13B', 1, 'weights: nf4'],
  ];
  const serving: [string, LitModel, string?][] = [
    ['phi-1.5_1.3B', 'phi-1.5'],
    ['phi-1.5_nf4', 'phi-1.5', 'weights: nf4'],
    ['StableLM-3B', 'StableLM-3B'],
    ['Llama-2-7B', 'Llama-2-7B'],
    ['Llama-2-7B_nf4', 'Llama-2-7B', 'weights: nf4'],
    ['Llama-2-13B', 'Llama-2-13B'],
    ['Llama-2-13B_nf4', 'Llama-2-13B', 'weights: nf4'],
    ['CodeLlama-34B_nf4', 'CodeLlama-34B', 'weights: nf4'],
    ['Llama-2-70B_nf4-dq', 'Llama-2-70B', 'weights: nf4, double_quant: true'],
  ];
  return [
    ...training.map(([key, model, batch, quantization]) =>
      measure(
        `${lora.id} ${key}`,
        `LitGPT ${quantization ? 'QLoRA' : 'LoRA'} ${model}, micro-batch ${batch}`,
        'GB',
        expectedAt(lora, 'max_gpu_ram_GB', key),
        litgptSpec(model, { batch, isTraining: true, quantization }),
        allocated,
      ),
    ),
    ...serving.map(([key, model, quantization]) =>
      measure(
        `${inference.id} ${key}`,
        `LitGPT inference ${model}${quantization ? ' nf4' : ''}`,
        'GB',
        expectedAt(inference, 'max_gpu_ram_GB', key),
        litgptSpec(model, { batch: 1, isTraining: false, quantization, seq: 256 }),
        allocated,
      ),
    ),
  ];
}

/**
 * Issue #13's host run (not in references.json): an ACT-shaped policy of 1.09M parameters trained on
 * the CPU, a DataLoader with 4 forked workers (prefetch 2) and 3.7 MB samples; at batch 24 the
 * process tree peaked at 1.88–1.97 GiB (midpoint taken).
 */
function hostRun(): MeasuredCase {
  return measure(
    'issue-13-act-shaped-cpu-host',
    'ACT-shaped policy on the CPU, 4 forked workers, batch 24 (tree peak)',
    'GiB',
    (1.88 + 1.97) / 2,
    `device: cpu
model: { params: 1.09M }
training: { batch_size: 24 }
host: { dataloader: { workers: 4, prefetch_factor: 2, sample_bytes: 3.7MB } }`,
    (b) => b.host.peakBytes,
  );
}

/** Every measured case (empty when ../shared is absent, except the host run). */
export function measuredCases(): MeasuredCase[] {
  return [...hfV100(), ...litgpt(), hostRun()];
}

/** Signed relative error of a case. */
export function caseError(c: MeasuredCase): number {
  return (c.estimated - c.measured) / c.measured;
}

/** Median of absolute errors. */
export function medianAbsoluteError(cases: readonly MeasuredCase[]): number {
  const errors = cases.map((c) => Math.abs(caseError(c))).sort((a, b) => a - b);
  if (errors.length === 0) return 0;
  const middle = Math.floor(errors.length / 2);
  return errors.length % 2 === 1
    ? (errors[middle] ?? 0)
    : ((errors[middle - 1] ?? 0) + (errors[middle] ?? 0)) / 2;
}

/** A published case (published-measured.ts) scored like the others, with its split. */
export interface PublishedMeasuredCase extends MeasuredCase {
  what: PublishedCase['what'];
  isHeldOut: boolean;
}

/** The bytes the case's `what` compares: allocated, reserved (allocator pool) or the whole device. */
export function measuredBytes(breakdown: Breakdown, what: PublishedCase['what']): number {
  if (what === 'allocated') return breakdown.gpu.allocatedPeakBytes;
  if (what === 'device total') return breakdown.gpu.peakBytes;
  // Reserved: the allocator's pool, so the peak less the CUDA context and what NCCL allocates itself.
  const outside = breakdown.gpu.components
    .filter((part) => part.name === 'cuda context' || part.name === 'nccl buffers')
    .reduce((sum, part) => sum + part.bytes, 0);
  return breakdown.gpu.peakBytes - outside;
}

/** The traced figure a measurement of `what` compares: tensors and the analytic parts outside them. */
export function tracedBytes(comparison: TraceComparison, what: PublishedCase['what']): number {
  const added = (names: string[]): number =>
    comparison.added.filter((part) => names.includes(part.name)).reduce((sum, part) => sum + part.bytes, 0);
  // Workspaces, DeepSpeed's buckets and the spec's own untraced tensors are in the allocator; the cache
  // is reserved, not allocated; the context and NCCL's buffers are outside it.
  const outside = ['cuda context', 'nccl buffers', 'allocator cache'];
  const allocated =
    comparison.tensorBytes +
    comparison.added
      .filter((part) => !outside.includes(part.name))
      .reduce((sum, part) => sum + part.bytes, 0);
  // The load moment (comparison.load): its part alone is then allocated and reserved (the device less the
  // context and NCCL's buffers, as measuredBytes reads the analytic peak).
  const loadBytes = comparison.load?.bytes ?? 0;
  if (what === 'allocated') return Math.max(allocated, loadBytes);
  if (what === 'reserved') return Math.max(allocated + added(['allocator cache']), loadBytes);
  return comparison.peakBytes;
}

/** The scored published cases of one split, or all of them (excluded ones never: their reason says why). */
export function publishedMeasuredCases(split: 'fitted' | 'held-out' | 'all'): PublishedMeasuredCase[] {
  const held = new Set(heldOutIds);
  return scorePublished(publishedCases, (id) => held.has(id)).filter(
    (c) => split === 'all' || c.isHeldOut === (split === 'held-out'),
  );
}

/** Any list of published cases scored as they were measured (excluded ones never). */
export function scorePublished(
  cases: readonly PublishedCase[],
  isHeldOut: (id: string) => boolean,
): PublishedMeasuredCase[] {
  return cases
    .filter((c) => c.excluded === undefined)
    .map((c) => ({
      ...measure(c.id, c.id, c.unit, c.measured, c.spec, (b) => measuredBytes(b, c.what)),
      what: c.what,
      isHeldOut: isHeldOut(c.id),
    }));
}
