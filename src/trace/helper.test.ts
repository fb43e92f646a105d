// The PyTorch trace helper (python/headroom_trace/trace_torch.py) with the real torch 2.13 and
// transformers 5.18: the traced step's live tensors at the peak against the same step run for real on
// CPU tensors, whose storages a separate TorchDispatchMode counts as they are allocated and freed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { HeadroomError } from '../errors.js';
import { repoRoot } from '../probe/gpu/test-helpers/shared.js';
import { skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import type { WarmPython } from '../test-helpers/warm-python.js';
import { packagedTraceDir, runTraceHelper, type TraceRequest } from './helper.js';
import { startWarmTracePython } from './test-helpers/warm-trace.js';

const fixtures = join(repoRoot, 'src', 'trace', 'fixtures');
const examples = join(repoRoot, 'examples', 'trace');
const skip = skipUnlessFrameworks('torch', 'transformers');

const step = {
  framework: 'torch',
  cwd: repoRoot,
  batchSize: 4,
  seqLen: 64,
  optimizer: 'adamw',
  optimizerImpl: 'foreach',
  checkpointing: 'none',
  attention: 'sdpa',
  mode: 'check',
} as const;

// A bf16 tiny Llama under full checkpointing with a vocabulary of 8192 over 64 wide: the loss is the step's
// largest part, as in a real fine-tune (the loss tests below start from it).
const lossBoundLlama: TraceRequest = {
  ...step,
  precision: 'bf16',
  checkpointing: 'full',
  modelConfig: join(fixtures, 'tiny-llama.json'),
  configOverrides: { vocab_size: 8192 },
};

// Each family with another precision, optimizer or checkpointing, so each path is checked once.
const configs: { name: string; request: Partial<TraceRequest> }[] = [
  { name: 'llama', request: { precision: 'amp_bf16' } },
  { name: 'qwen2', request: { precision: 'bf16', optimizerImpl: 'for_loop' } },
  { name: 'mistral', request: { precision: 'fp32', checkpointing: 'full' } },
  { name: 'gpt2', request: { precision: 'fp32', attention: 'eager', optimizer: 'sgd_momentum' } },
  { name: 'vit', request: { precision: 'amp_bf16', optimizerImpl: 'fused' } },
];

const errorPercent = (traced: number, real: number): number => (Math.abs(traced - real) / real) * 100;

describe('trace helper, real torch', { skip }, () => {
  // Each trace is trace_torch.py run afresh, in a fork of one Python that imported torch and
  // transformers once (seconds of CPU each time otherwise).
  let warm: WarmPython;
  before(async () => {
    warm = await startWarmTracePython();
  });
  after(() => warm?.stop());
  const python = (): string => warm.python;

  test('tiny gpt2 under sdpa: attention dropout traces as the GPU fused kernel keeps it (no s×s scores or mask), the same peak as without dropout', async () => {
    // The CPU build's flash kernel refuses dropout (sdp_utils_cpp.cpp check_for_dropout) and the math
    // path keeps the scores; CUDA's flash and memory-efficient kernels take dropout_p and keep neither.
    const config = JSON.parse(readFileSync(join(fixtures, 'tiny-gpt2.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.ok((config.attn_pdrop as number) > 0, 'the fixture has attention dropout');
    const noDropout = join(mkdtempSync(join(tmpdir(), 'headroom-gpt2-')), 'config.json');
    writeFileSync(noDropout, JSON.stringify({ ...config, attn_pdrop: 0 }));
    const request = { ...step, precision: 'amp_bf16', mode: 'trace' } as const;
    const withDropout = await runTraceHelper(python(), {
      ...request,
      modelConfig: join(fixtures, 'tiny-gpt2.json'),
    });
    const without = await runTraceHelper(python(), { ...request, modelConfig: noDropout });
    assert.equal(withDropout.peakBytes, without.peakBytes);
  });

  for (const { name, request } of configs) {
    test(`tiny ${name}: the traced peak is within 2% of the real CPU step's allocations`, async () => {
      const result = await runTraceHelper(python(), {
        ...step,
        precision: 'fp32',
        ...request,
        modelConfig: join(fixtures, `tiny-${name}.json`),
      });
      const traced = result.peakBytes as number;
      const real = result.realPeakBytes as number;
      assert.ok(real > 1_000_000, `the real step allocated ${real} B`);
      assert.ok(errorPercent(traced, real) <= 2, `${name}: traced ${traced} B, real ${real} B`);
      const parts = result.parts as Record<string, number>;
      assert.ok((parts.parameters ?? 0) > 0 && (parts.inputs ?? 0) > 0, JSON.stringify(parts));
      assert.equal(
        Object.values(parts).reduce((sum, bytes) => sum + bytes, 0),
        traced,
        'the parts add up to the peak',
      );
    });
  }

  test("under autocast the helper runs CUDA's fp32 ops in fp32 (GPT-2's gelu_new pow, softmax, layer_norm), linears in 16 bits", () => {
    // torch.autocast("cpu") leaves pow, softmax and layer_norm of a bf16 tensor in bf16; CUDA's autocast
    // casts them to fp32 (autocast_mode.h AT_FORALL_FP32, AT_FORALL_FP32_SET_OPT_DTYPE).
    const code = [
      'import sys; sys.path.insert(0, sys.argv[1])',
      'import torch, trace_torch as t',
      'from transformers.activations import NewGELUActivation',
      'x = torch.randn(4, 8, dtype=torch.bfloat16)',
      'with torch.autocast("cpu", dtype=torch.bfloat16), t.cuda_autocast_policy(torch):',
      '    out = [NewGELUActivation()(x), torch.softmax(x, -1), torch.nn.functional.layer_norm(x, (8,)), torch.nn.functional.linear(x.float(), torch.randn(3, 8))]',
      'print(" ".join(str(o.dtype) for o in out))',
    ].join('\n');
    // In a fork of the file's warm Python (torch and transformers imported): 0.5 CPU-s, not 3.4 afresh.
    const script = join(mkdtempSync(join(tmpdir(), 'headroom-autocast-')), 'autocast.py');
    writeFileSync(script, `${code}\n`);
    const printed = execFileSync(python(), [script, packagedTraceDir], { encoding: 'utf8' }).trim();
    assert.equal(printed, 'torch.float32 torch.float32 torch.float32 torch.bfloat16');
  });

  // The model class comes from the config's architectures: an encoder-decoder (T5ForConditionalGeneration,
  // labels of decoderSeqLen tokens) and an encoder-only classifier (BertForSequenceClassification, one
  // label per sequence, its hidden dropout traced as CUDA's native_dropout in both counts); and
  // transformers' Adafactor, whose `max(eps, RMS)` reads a fake tensor's value.
  const others: { name: string; fixture: string; request: Partial<TraceRequest> }[] = [
    { name: 't5 (seq2seq)', fixture: 'tiny-t5', request: { precision: 'fp32', decoderSeqLen: 16 } },
    {
      // PEFT's T5 targets q and v: both SelfAttention and EncDecAttention take the adapters.
      name: 't5 with LoRA on q and v',
      fixture: 'tiny-t5',
      request: {
        precision: 'fp32',
        decoderSeqLen: 16,
        lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0 },
      },
    },
    { name: 'bert classifier', fixture: 'tiny-bert-cls', request: { precision: 'fp32' } },
    {
      name: 'llama with Adafactor',
      fixture: 'tiny-llama',
      request: { precision: 'bf16', optimizer: 'adafactor', optimizerImpl: 'for_loop' },
    },
  ];
  for (const { name, fixture, request } of others) {
    test(`tiny ${name}: traced, and within 2% of the real CPU step's allocations`, async () => {
      const result = await runTraceHelper(python(), {
        ...step,
        ...request,
        modelConfig: join(fixtures, `${fixture}.json`),
      } as TraceRequest);
      const traced = result.peakBytes as number;
      const real = result.realPeakBytes as number;
      assert.ok(real > 100_000, `the real step allocated ${real} B`);
      assert.ok(errorPercent(traced, real) <= 2, `${name}: traced ${traced} B, real ${real} B`);
    });
  }

  test('tiny llama with LoRA on q and v (dropout, checkpointed): within 2% of the real step; the adapters beside the frozen weights', async () => {
    const lora = { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0.05 };
    const request = {
      ...step,
      precision: 'bf16',
      checkpointing: 'full',
      modelConfig: join(fixtures, 'tiny-llama.json'),
    } as const;
    const result = await runTraceHelper(python(), { ...request, lora });
    const traced = result.peakBytes as number;
    const real = result.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const traces = await Promise.all([
      runTraceHelper(python(), { ...request, lora, mode: 'trace' }),
      runTraceHelper(python(), { ...request, mode: 'trace' }),
    ]);
    const [withLora, without] = traces.map((trace) => trace.parts) as Record<string, number>[];
    // 2 layers × (A and B on q and on v), in fp32 beside the bf16 weights (PEFT's get_peft_model
    // autocast_adapter_dtype): q's A and B 1 KiB each (two CUDA blocks), v's A 1 KiB and B (32 × 4) one block.
    assert.equal((withLora?.parameters ?? 0) - (without?.parameters ?? 0), 2 * 7 * 512);
  });

  test("tiny llama, LoRA with modules_to_save [embed, lm_head]: within 2% of the real step; PEFT's trainable copies beside the frozen originals", async () => {
    const lora = { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0 };
    const request = { ...step, precision: 'bf16', modelConfig: join(fixtures, 'tiny-llama.json') } as const;
    const saved = { ...lora, modulesToSave: ['embed', 'lm_head'] as ('embed' | 'lm_head')[] };
    const result = await runTraceHelper(python(), { ...request, lora: saved });
    const traced = result.peakBytes as number;
    const real = result.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const traces = await Promise.all([
      runTraceHelper(python(), { ...request, lora: saved, mode: 'trace' }),
      runTraceHelper(python(), { ...request, lora, mode: 'trace' }),
    ]);
    const [withCopies, without] = traces.map((trace) => trace.parts) as Record<string, number>[];
    // Two copies of vocab 512 × hidden 64 in bf16: 64 KiB each.
    assert.equal((withCopies?.parameters ?? 0) - (without?.parameters ?? 0), 2 * 512 * 64 * 2);
    assert.ok((withCopies?.['optimizer states'] ?? 0) > (without?.['optimizer states'] ?? 0));
  });

  test('tiny llama, bitsandbytes 4-bit linears (fp32 compute) under LoRA: within 2% of the real step; each keeps its input cast to fp32', async () => {
    // bitsandbytes 0.41.0-0.43.1 MatMul4Bit.forward keeps ctx.tensors = (A, B): A is Linear4bit's input
    // cast to bnb_4bit_compute_dtype. The helper's apply_quantized runs the same casts and keeps A.
    const request: TraceRequest = {
      ...step,
      precision: 'bf16',
      lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0 },
      modelConfig: join(fixtures, 'tiny-llama.json'),
    };
    const quantized = { computeDtype: 'fp32', head: false } as const;
    const checked = await runTraceHelper(python(), { ...request, quantized });
    const traced = checked.peakBytes as number;
    const real = checked.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const [kept, plain] = await Promise.all([
      runTraceHelper(python(), { ...request, quantized, mode: 'trace', rawBytes: true }),
      runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }),
    ]);
    const activations = (trace: Record<string, unknown> | undefined) =>
      ((trace?.parts as Record<string, number>)?.activations ?? 0) as number;
    // Per layer at least the four fp32 inputs of width hidden (q/k/v's, o's, gate/up's) beside bf16 ones.
    const hidden = 64; // tiny-llama's hidden_size
    const floor = 2 * step.batchSize * step.seqLen * hidden * 4 * 4;
    assert.ok(
      activations(kept) - activations(plain) >= floor,
      `activations ${activations(kept)} B with the 4-bit linears, ${activations(plain)} B without (at least ${floor} B more)`,
    );
  });

  test('tiny llama, bitsandbytes 0.43.2 and later (keepsNoInput): within 2% of the real step; the 4-bit matmul keeps no input', async () => {
    // bitsandbytes PR #1270 (0.43.2): MatMul4Bit.forward keeps ctx.tensors = (None, B).
    const request: TraceRequest = {
      ...step,
      precision: 'bf16',
      lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0 },
      modelConfig: join(fixtures, 'tiny-llama.json'),
    };
    const newer = { computeDtype: 'fp32', head: false, keepsNoInput: true } as const;
    const checked = await runTraceHelper(python(), { ...request, quantized: newer });
    const traced = checked.peakBytes as number;
    const real = checked.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const [kept, none] = await Promise.all([
      runTraceHelper(python(), {
        ...request,
        quantized: { computeDtype: 'fp32', head: false },
        mode: 'trace',
        rawBytes: true,
      }),
      runTraceHelper(python(), { ...request, quantized: newer, mode: 'trace', rawBytes: true }),
    ]);
    const activations = (trace: Record<string, unknown>) =>
      (trace.parts as Record<string, number>).activations ?? 0;
    // Per layer at least the four fp32 inputs of width hidden the older matmul keeps.
    const floor = 2 * step.batchSize * step.seqLen * 64 * 4 * 4;
    assert.ok(activations(kept) - activations(none) >= floor, `${activations(kept)} ${activations(none)}`);
  });

  test("tiny llama, model.lora.adapter_dtype: PEFT's fp32 adapters with no autocast, under the Trainer's autocast over bf16 weights (the whole step, or the tuner layers alone), and adapters in bf16 (autocast_adapter_dtype=False): each within 2% of the real step, in that order of activations", async () => {
    const lora = { rank: 4, alpha: 8, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'], dropout: 0 };
    const request: TraceRequest = {
      ...step,
      precision: 'bf16',
      modelConfig: join(fixtures, 'tiny-llama.json'),
    };
    const variants: Record<string, TraceRequest> = {
      fp32: { ...request, lora: { ...lora, adapterDtype: 'fp32' } },
      autocast: { ...request, precision: 'amp_bf16', weightsDtype: 'bf16', lora },
      tunerAutocast: { ...request, lora: { ...lora, adapterAutocast: 'bf16' } },
      weights: { ...request, lora: { ...lora, adapterDtype: 'weights' } },
    };
    const activations: Record<string, number> = {};
    for (const [name, variant] of Object.entries(variants)) {
      const checked = await runTraceHelper(python(), variant);
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${name}: traced ${traced} B, real ${real} B`);
      activations[name] = (checked.parts as Record<string, number>).activations ?? 0;
    }
    // Each adapted linear keeps an fp32 copy of its input, a bf16 cast of it, or the input itself.
    assert.ok(
      (activations.fp32 ?? 0) > (activations.autocast ?? 0) &&
        (activations.autocast ?? 0) > (activations.weights ?? 0),
      JSON.stringify(activations),
    );
    // The tuner layers alone under autocast keep the adapters' bf16 casts (as the whole step does), not the fp32
    // copies: by the 7 targets' inputs × 2 B per layer at least, the fp32 ones being 4 B.
    const { fp32 = 0, tunerAutocast = 0, weights = 0 } = activations;
    const layers = 2;
    const widths = 6 * 64 + 176; // q, k, v, o, gate and up read 64 values a token (tiny-llama.json), down 176
    const floor = layers * step.batchSize * step.seqLen * widths * 2;
    assert.ok(fp32 - tunerAutocast >= floor && tunerAutocast > weights, JSON.stringify(activations));
  });

  test("tiny llama, torchtitan's op-level and every-2nd-block checkpointing: within 2% of the real step, between full and none; extrapolated equal to traced whole", async () => {
    const request: TraceRequest = {
      ...step,
      precision: 'amp_bf16',
      modelConfig: join(fixtures, 'tiny-llama.json'),
    };
    const activations: Record<string, number> = {};
    const kinds: Record<string, Partial<TraceRequest>> = {
      none: { checkpointing: 'none' },
      full: { checkpointing: 'full' },
      op: { checkpointing: 'op' },
      every2: { checkpointing: 'full', checkpointEvery: 2 },
    };
    for (const [name, kind] of Object.entries(kinds)) {
      const checked = await runTraceHelper(python(), { ...request, ...kind });
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${name}: traced ${traced} B, real ${real} B`);
      activations[name] = (checked.parts as Record<string, number>).activations ?? 0;
    }
    const { none = 0, full = 0, op = 0, every2 = 0 } = activations;
    assert.ok(full < op && op < none && full < every2 && every2 < none, JSON.stringify(activations));
    // unsloth's offloaded checkpointing: the blocks' inputs in host memory, uncounted by the trace and the real count alike.
    const forwardActivations = (result: Record<string, unknown>) =>
      (result.stages as Record<string, { parts: Record<string, number> }>).forward?.parts.activations ?? 0;
    const [offloaded, kept] = await Promise.all([
      runTraceHelper(python(), { ...request, checkpointing: 'full', offloadActivations: true }),
      runTraceHelper(python(), { ...request, checkpointing: 'full' }),
    ]);
    const [traced, real] = [offloaded.peakBytes as number, offloaded.realPeakBytes as number];
    assert.ok(errorPercent(traced, real) <= 2, `offloaded: traced ${traced} B, real ${real} B`);
    assert.ok(
      forwardActivations(offloaded) < forwardActivations(kept),
      `${forwardActivations(offloaded)} ${forwardActivations(kept)}`,
    );
    // Eight blocks, every 2nd checkpointed: traced at 2 and 4 blocks and extended by pairs.
    for (const kind of [kinds.every2 ?? {}, kinds.op ?? {}]) {
      const deep = {
        ...request,
        ...kind,
        mode: 'trace',
        configOverrides: { num_hidden_layers: 8 },
        extrapolate: true,
      } as const;
      const [extended, whole] = await Promise.all([
        runTraceHelper(python(), deep),
        runTraceHelper(python(), { ...deep, full: true }),
      ]);
      assert.deepEqual(
        (extended.extrapolation as { tracedLayers: number[] }).tracedLayers,
        kind.checkpointEvery ? [2, 4] : [2, 3],
      );
      assert.equal(extended.peakBytes, whole.peakBytes);
    }
  });

  test("tiny T5, unsloth's offloaded checkpointing: blocks that return tuples and take the first block's position bias trace within 2% of the real step", async () => {
    // T5Block returns (hidden states, position bias, …) and every later block takes the first one's
    // position bias, which carries a gradient: each output gets its gradient, the bias its own.
    const result = await runTraceHelper(python(), {
      ...step,
      precision: 'fp32',
      batchSize: 2,
      decoderSeqLen: 16,
      checkpointing: 'full',
      offloadActivations: true,
      modelConfig: join(fixtures, 'tiny-t5.json'),
    });
    const [traced, real] = [result.peakBytes as number, result.realPeakBytes as number];
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
  });

  test('tiny llama, bf16 LoRA, loss_upcast false: within 2% of the real step; no fp32 copy of the logits', async () => {
    // transformers' own loss (labels given to the model) upcasts the logits to fp32 (loss/loss_utils.py
    // ForCausalLMLoss); a plain cross-entropy on the returned bf16 logits does not.
    // The large vocabulary keeps the loss the step's peak (PEFT's fp32 adapters beside the bf16 layers outweigh
    // 512 logits a token).
    const request: TraceRequest = {
      ...lossBoundLlama,
      lora: { rank: 4, alpha: 8, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'], dropout: 0.05 },
    };
    const checked = await runTraceHelper(python(), { ...request, lossUpcast: false });
    const traced = checked.peakBytes as number;
    const real = checked.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const [plain, upcast] = await Promise.all([
      runTraceHelper(python(), { ...request, lossUpcast: false, mode: 'trace', rawBytes: true }),
      runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }),
    ]);
    const logits = step.batchSize * step.seqLen * 8192;
    // At least the fp32 copy's 2 B per logit over the bf16 ones (about 6 B at 8192 tokens, where the loss peaks).
    const saved = (upcast?.peakBytes as number) - (plain?.peakBytes as number);
    assert.ok(
      saved >= 2 * logits,
      `the upcast loss's peak is ${saved} B above the plain one's (at least ${2 * logits} B)`,
    );
  });

  test("tiny llama, transformers before 4.49's loss: within 2% of the real step; the shifted logits' fp32 copy held", async () => {
    // loss/loss_utils.py ForCausalLMLoss at v4.48.0: `logits.float()`, then `logits[..., :-1, :].contiguous()`.
    const request = lossBoundLlama;
    const checked = await runTraceHelper(python(), { ...request, lossShiftCopy: true });
    const [traced, real] = [checked.peakBytes as number, checked.realPeakBytes as number];
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const [padded, copied] = await Promise.all([
      runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }),
      runTraceHelper(python(), { ...request, lossShiftCopy: true, mode: 'trace', rawBytes: true }),
    ]);
    // The loss's peak per logit goes from 12 B (the padded labels: log_softmax's output, its incoming gradient
    // and the logits' fp32 gradient) to 14 B (the 16-bit logits, their upcast, the copy, log_softmax's output
    // in forward), as the analytic loss prices the two (loss.ts lossBytesPerLogit): 2 B a logit more, less
    // the position the shifted copy drops.
    const logits = step.batchSize * step.seqLen * 8192;
    const added = (copied?.peakBytes as number) - (padded?.peakBytes as number);
    assert.ok(
      added >= 0.9 * 2 * logits && added <= 2 * logits,
      `the copying loss's peak is ${added} B above the padded one's (about ${2 * logits} B)`,
    );
  });

  test('tiny llama, chunked and fused losses: within 2% of the real step; the fused loss keeps no logits, the chunked no fp32 copy of them all', async () => {
    const request = lossBoundLlama;
    const peaks: Record<string, number> = {};
    for (const loss of ['chunked', 'fused', 'chunked_head'] as const) {
      const checked = await runTraceHelper(python(), { ...request, loss });
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${loss}: traced ${traced} B, real ${real} B`);
      peaks[loss] = traced;
    }
    const standard = await runTraceHelper(python(), { ...request, mode: 'trace' });
    const logits = step.batchSize * step.seqLen * 8192;
    const { chunked = 0, fused = 0 } = peaks;
    assert.ok(
      (standard.peakBytes as number) - chunked >= 4 * logits,
      `standard ${standard.peakBytes} B, chunked ${chunked} B: the chunked loss upcasts one chunk at a time`,
    );
    assert.ok(
      chunked - fused >= 2 * logits,
      `chunked ${chunked} B, fused ${fused} B: the fused loss keeps no logits`,
    );
    // torchtitan's chunks are 8192 tokens: more than this step's, so one chunk, never more than standard.
    const { chunked_head: chunkedHead = 0 } = peaks;
    assert.ok(chunkedHead <= (standard.peakBytes as number), `chunked_head ${chunkedHead} B`);
  });

  test("tiny llama, Megatron's vocab-parallel loss: within 2% of the real step; one fp32 copy of the logits worked in place, fused adding one transient", async () => {
    const request = lossBoundLlama;
    const peaks: Record<string, number> = {};
    for (const loss of ['vocab_parallel', 'vocab_parallel_fused'] as const) {
      const checked = await runTraceHelper(python(), { ...request, loss });
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${loss}: traced ${traced} B, real ${real} B`);
      peaks[loss] = traced;
    }
    const standard = (await runTraceHelper(python(), { ...request, mode: 'trace' })).peakBytes as number;
    const logits = step.batchSize * step.seqLen * 8192;
    const { vocab_parallel: inPlace = 0, vocab_parallel_fused: fused = 0 } = peaks;
    // transformers' loss keeps log_softmax's output beside the upcast and, in backward, two fp32 gradients
    // (12 B a logit); Megatron's keeps the one fp32 copy, its softmax turned into the gradient (loss.ts: 6 B).
    assert.ok(standard - inPlace >= 4 * logits, `standard ${standard} B, vocab_parallel ${inPlace} B`);
    // The compiled in-place steps each write a fresh fp32 logits-sized buffer before copying it back.
    assert.ok(
      fused - inPlace >= 3.5 * logits && fused - inPlace <= 4.5 * logits,
      `vocab_parallel_fused ${fused} B, vocab_parallel ${inPlace} B: one fp32 transient (${4 * logits} B)`,
    );
  });

  test("tiny llama, torchtitan's fp32 logits held through backward (standard_logits_kept): within 2% of the real step; 4 B a logit over transformers' loss", async () => {
    const request = lossBoundLlama;
    const checked = await runTraceHelper(python(), { ...request, loss: 'standard_logits_kept' });
    const [traced, real] = [checked.peakBytes as number, checked.realPeakBytes as number];
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const [standard, kept] = await Promise.all([
      runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }),
      runTraceHelper(python(), { ...request, loss: 'standard_logits_kept', mode: 'trace', rawBytes: true }),
    ]);
    // loss.ts: 16 B a logit (the held fp32 logits, log_softmax's output, its gradient and the logits') against
    // transformers' 12 B (the logits not kept once upcast).
    const logits = step.batchSize * step.seqLen * 8192;
    const added = (kept.peakBytes as number) - (standard.peakBytes as number);
    assert.ok(errorPercent(added, 4 * logits) <= 2, `${added} B more, ${4 * logits} B by the count`);
  });

  test("tiny llama, training.kernels liger and transformer_engine: within 2% of the real step; the fused RMSNorm and SwiGLU keep less than transformers' layers", async () => {
    // bf16, no checkpointing: every layer's saved tensors are alive at the peak.
    const request: TraceRequest = { ...lossBoundLlama, checkpointing: 'none' };
    const peaks: Record<string, number> = {};
    for (const kernels of ['liger', 'transformer_engine'] as const) {
      const checked = await runTraceHelper(python(), { ...request, kernels });
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${kernels}: traced ${traced} B, real ${real} B`);
      peaks[kernels] = traced;
    }
    // The same tensors kept; Liger's backward writes its gradients over them, so never more.
    assert.ok(
      (peaks.liger ?? 0) <= (peaks.transformer_engine ?? 0),
      `liger ${peaks.liger} B, TE ${peaks.transformer_engine} B`,
    );
    const eager = (await runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }))
      .peakBytes as number;
    // Per token, transformers' layers keep more: each RMSNorm its fp32 upcast and the bf16 normalized tensor (4 + 2 B
    // a hidden value) where the fused one keeps its bf16 input (2 B; both an fp32 statistic per row), two in each layer
    // and the final one; each MLP silu(gate) (2 B a ffn value).
    const config = JSON.parse(readFileSync(join(fixtures, 'tiny-llama.json'), 'utf8'));
    const tokens = step.batchSize * step.seqLen;
    const norm = 4 * config.hidden_size;
    const fewer = tokens * ((2 * norm + 2 * config.intermediate_size) * config.num_hidden_layers + norm);
    const saved = eager - (peaks.transformer_engine ?? 0);
    assert.ok(
      errorPercent(saved, fewer) <= 2,
      `eager ${eager} B, fused ${peaks.transformer_engine} B: ${saved} B fewer, ${fewer} B by the count`,
    );
  });

  test("tiny llama under full checkpointing, Liger's backward writes its gradients over gate and up: within 2% of the real step; about a layer's gate and up below TE's", async () => {
    // A wide MLP and a small vocabulary: the peak is a recomputed layer's backward.
    const request: TraceRequest = {
      ...step,
      precision: 'bf16',
      checkpointing: 'full',
      modelConfig: join(fixtures, 'tiny-llama.json'),
      configOverrides: { intermediate_size: 1024 },
    };
    const peaks: Record<string, number> = {};
    for (const kernels of ['liger', 'transformer_engine'] as const) {
      const checked = await runTraceHelper(python(), { ...request, kernels });
      const [traced, real] = [checked.peakBytes as number, checked.realPeakBytes as number];
      assert.ok(errorPercent(traced, real) <= 2, `${kernels}: traced ${traced} B, real ${real} B`);
      peaks[kernels] = traced;
    }
    // swiglu.py _swiglu_backward_kernel stores da and db over a and b: no new gate- and up-sized gradients.
    const gateAndUp = step.batchSize * step.seqLen * 2 * 2 * 1024;
    const fewer = (peaks.transformer_engine ?? 0) - (peaks.liger ?? 0);
    assert.ok(fewer >= 0.8 * gateAndUp && fewer <= 1.1 * gateAndUp, `${fewer} B fewer, about ${gateAndUp} B`);
  });

  test("the spec's objective, not the model's loss: logits summed and held (lm_head false with a tensors: entry covering them), or the bare model; within 2% of the real step", async () => {
    // fp16, SGD (a backward with no optimizer state): the round-22 benchmark's step on a tiny model.
    const request: TraceRequest = {
      ...step,
      precision: 'fp16',
      optimizer: 'sgd',
      modelConfig: join(fixtures, 'tiny-llama.json'),
      configOverrides: { vocab_size: 4096 },
    };
    const peaks: Record<string, number> = {};
    for (const objective of ['logits', 'hidden'] as const) {
      const checked = await runTraceHelper(python(), { ...request, objective });
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${objective}: traced ${traced} B, real ${real} B`);
      peaks[objective] = traced;
    }
    const own = (await runTraceHelper(python(), { ...request, mode: 'trace' })).peakBytes as number;
    const logits = step.batchSize * step.seqLen * 4096 * 2;
    const { logits: summed = 0, hidden = 0 } = peaks;
    // The model's own loss upcasts the logits and keeps its log-softmax: more than the two fp16
    // logits-sized tensors the sum holds (the logits, the dense gradient cuBLAS copies), which the
    // bare model (no head) does not hold at all.
    assert.ok(own - summed >= logits, `own loss ${own} B, logits summed ${summed} B`);
    assert.ok(summed - hidden >= 2 * logits, `logits summed ${summed} B, bare model ${hidden} B`);
  });

  test('tiny BioGPT (the generic GPT layer, LayerDrop in its loop): within 2% of the real step, every layer run', async () => {
    // `torch.rand([]) < layerdrop` has no value on fake tensors: the stand-in must not skip the layer.
    const checked = await runTraceHelper(python(), {
      ...step,
      precision: 'fp16',
      optimizer: 'sgd',
      attention: 'eager',
      objective: 'logits',
      modelConfig: join(fixtures, 'tiny-biogpt.json'),
    });
    const traced = checked.peakBytes as number;
    const real = checked.realPeakBytes as number;
    assert.ok(errorPercent(traced, real) <= 2, `traced ${traced} B, real ${real} B`);
    const modules = (checked.modules as { module: string }[]).map((m) => m.module);
    assert.ok(modules.includes('biogpt.layers.1'), modules.join(', '));
  });

  // model.lora through the real PEFT (apply_peft): every variant the spec names, DoRA, one factor trained,
  // and a frozen base with a trainable count (model.trainable without adapters).
  const peftVariants: { name: string; request: Partial<TraceRequest> }[] = [
    { name: 'DoRA', request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, isDora: true } } },
    {
      name: 'LoRA-FA (lora.train b)',
      request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, trainedFactor: 'b' } },
    },
    {
      name: 'LoHa',
      request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, variant: 'loha' } },
    },
    {
      name: 'LoKr',
      request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, variant: 'lokr' } },
    },
    {
      name: 'IA³',
      request: { lora: { rank: 1, alpha: 1, targets: ['k', 'v', 'down'], dropout: 0, variant: 'ia3' } },
    },
    {
      name: 'VeRA',
      request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, variant: 'vera' } },
    },
    {
      name: 'AdaLoRA',
      request: { lora: { rank: 4, alpha: 8, targets: ['q', 'v'], dropout: 0, variant: 'adalora' } },
    },
    {
      name: 'FourierFT',
      request: {
        lora: { rank: 1, alpha: 1, targets: ['q', 'v'], dropout: 0, variant: 'fourierft', frequencies: 100 },
      },
    },
    {
      name: 'prefix tuning',
      request: {
        lora: { rank: 1, alpha: 1, targets: ['q'], dropout: 0, variant: 'prefix_tuning', virtualTokens: 8 },
      },
    },
    { name: 'a frozen base (model.trainable without adapters)', request: { frozen: true } },
  ];
  for (const { name, request } of peftVariants) {
    test(`tiny llama, ${name}: built by the real PEFT, within 2% of the real CPU step`, async () => {
      const checked = await runTraceHelper(python(), {
        ...step,
        precision: 'bf16',
        modelConfig: join(fixtures, 'tiny-llama.json'),
        ...request,
      } as TraceRequest);
      const traced = checked.peakBytes as number;
      const real = checked.realPeakBytes as number;
      assert.ok(real > 1_000_000, `the real step allocated ${real} B`);
      assert.ok(errorPercent(traced, real) <= 2, `${name}: traced ${traced} B, real ${real} B`);
      const parts = checked.parts as Record<string, number>;
      if (request.frozen) assert.equal(parts['optimizer states'] ?? 0, 0, 'nothing trained, no states');
    });
  }

  test('the steady step: AdamW states alive through forward and backward; no b×s×s mask a real run skips', async () => {
    // fp32 with every layer checkpointed peaks in backward, where the second and every later step
    // holds the states the first step() created; the real count runs two steps.
    const result = await runTraceHelper(python(), {
      ...step,
      precision: 'fp32',
      checkpointing: 'full',
      modelConfig: join(fixtures, 'tiny-mistral.json'),
    });
    const parts = result.parts as Record<string, number>;
    assert.equal(result.peakPhase, 'backward');
    const states = parts['optimizer states'] ?? 0;
    const weights = parts.parameters ?? 0;
    // exp_avg and exp_avg_sq beside each fp32 parameter, and a 4-byte step count per tensor.
    assert.ok(
      states >= 2 * weights && states < 2 * weights + 4096,
      `states ${states} B, weights ${weights} B`,
    );
    // transformers builds a 4 × 64 × 64 mask (float and bool: 81,920 B) when it cannot read fake
    // position ids; a real run of the same unpacked batch lets SDPA mask causally itself.
    const gap = Math.abs((result.peakBytes as number) - (result.realPeakBytes as number));
    assert.ok(gap < 4 * 64 * 64, `traced ${result.peakBytes} B, real ${result.realPeakBytes} B`);
  });

  test('12 blocks traced at 2 and 3 and extrapolated: within 1% of tracing all 12', async () => {
    const request = {
      ...step,
      mode: 'trace',
      precision: 'amp_bf16',
      modelConfig: join(fixtures, 'tiny-llama.json'),
      configOverrides: { num_hidden_layers: 12 },
    } as const;
    const extrapolated = await runTraceHelper(python(), { ...request, extrapolate: true });
    const full = await runTraceHelper(python(), { ...request, full: true });
    assert.deepEqual(extrapolated.extrapolation, { layers: 12, tracedLayers: [2, 3] });
    assert.equal(full.extrapolation, undefined);
    const [got, want] = [extrapolated.peakBytes as number, full.peakBytes as number];
    assert.ok(errorPercent(got, want) <= 1, `extrapolated ${got} B, traced whole ${want} B`);
  });

  test('traced whole or extrapolated by the storages its 3-block trace holds, not by the CPU it took: 12 blocks whole, 2000 extrapolated', async () => {
    const request = {
      ...step,
      mode: 'trace',
      precision: 'amp_bf16',
      modelConfig: join(fixtures, 'tiny-llama.json'),
    } as const;
    const shallow = await runTraceHelper(python(), {
      ...request,
      configOverrides: { num_hidden_layers: 12 },
    });
    assert.equal(shallow.extrapolation, undefined);
    // tiny-llama's block holds tens of storages: 2000 of them predict more than trace_torch.py's 18,000.
    const deep = await runTraceHelper(python(), { ...request, configOverrides: { num_hidden_layers: 2000 } });
    assert.deepEqual(deep.extrapolation, { layers: 2000, tracedLayers: [2, 3] });
  });

  test('a model whose backward peaks at another moment at 2 blocks is extrapolated from 3 and 4, within 1% of the whole', async () => {
    // Llama 3.1 8B, bf16 AdamW, every block checkpointed, 1 × 2048: at 2 blocks the backward peaks early
    // (the logits' gradient), from 3 blocks at its end (every gradient); a line through 2 and 3 put
    // 95 GiB of gradients in the step (+86% against the H200's measured step).
    const request = {
      ...step,
      mode: 'trace',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
      checkpointing: 'full',
      modelConfig: join(fixtures, 'llama-3.1-8b.json'),
    } as const;
    const extrapolated = await runTraceHelper(python(), { ...request, extrapolate: true });
    const full = await runTraceHelper(python(), { ...request, full: true });
    assert.deepEqual(extrapolated.extrapolation, { layers: 32, tracedLayers: [3, 4] });
    const [got, want] = [extrapolated.peakBytes as number, full.peakBytes as number];
    assert.ok(errorPercent(got, want) <= 1, `extrapolated ${got} B, traced whole ${want} B`);
  });

  for (const module of ['cnn_policy', 'act_policy']) {
    test(`--trace-module ${module}:build traces the user's own model within 2% of the real step`, async () => {
      const result = await runTraceHelper(python(), {
        ...step,
        precision: 'fp32',
        batchSize: 8,
        module: `${module}:build`,
        cwd: examples,
      });
      const traced = result.peakBytes as number;
      const real = result.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${module}: traced ${traced} B, real ${real} B`);
    });
  }

  // mmdetection's Faster R-CNN (R-50 + FPN, RPN, RoIAlign, Shared2FC head) at 128 x 192, 4 classes, and
  // mmsegmentation's SETR (PUP and MLA decoders) 64 wide at 64 x 64; the examples' other factories are the
  // same code at the datasets' sizes.
  for (const module of ['faster_rcnn:tiny', 'setr:tiny', 'setr:tiny_mla']) {
    test(`--trace-module ${module}: the example's network traced within 2% of the real step`, async () => {
      const result = await runTraceHelper(python(), {
        ...step,
        precision: 'fp32',
        optimizer: 'sgd_momentum',
        batchSize: 2,
        module,
        cwd: examples,
      });
      const traced = result.peakBytes as number;
      const real = result.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${module}: traced ${traced} B, real ${real} B`);
    });
  }

  test('--trace-module with weightsDtype bf16 under amp_bf16: the parameters are half the fp32 ones', async () => {
    const request = {
      ...step,
      precision: 'amp_bf16',
      batchSize: 8,
      module: 'cnn_policy:build',
      cwd: examples,
    };
    const [sixteen, fp32] = await Promise.all([
      runTraceHelper(python(), { ...request, weightsDtype: 'bf16', mode: 'trace', rawBytes: true }),
      runTraceHelper(python(), { ...request, mode: 'trace', rawBytes: true }),
    ]);
    const parameters = (trace: Record<string, unknown>) =>
      (trace.parts as Record<string, number>).parameters ?? 0;
    assert.equal(parameters(sixteen) * 2, parameters(fp32));
  });

  test('a module that does not import is one line, exit 2, no stack on the terminal', async () => {
    await assert.rejects(
      runTraceHelper(python(), {
        ...step,
        precision: 'fp32',
        mode: 'trace',
        module: 'no_such_pkg.models:build',
      }),
      (error: HeadroomError) =>
        error.code === 'trace' &&
        /^--trace-module no_such_pkg\.models:build: cannot import no_such_pkg\.models/.test(error.message) &&
        !error.message.includes('\n'),
    );
  });

  test("a model that fails in its step: one line naming it, the stack's tail kept as detail", async () => {
    await assert.rejects(
      runTraceHelper(python(), {
        ...step,
        precision: 'fp32',
        mode: 'trace',
        module: 'broken_policy:build',
        cwd: fixtures,
      }),
      (error: HeadroomError) =>
        /^broken_policy:build: the training step failed under the trace: RuntimeError: /.test(
          error.message,
        ) &&
        !error.message.includes('\n') &&
        (error.detail ?? '').includes('broken_policy.py'),
    );
  });
});

describe('trace helper, without the framework', () => {
  test('an interpreter that is not there is one line naming --python', async () => {
    await assert.rejects(
      runTraceHelper('/nonexistent/python3', {
        ...step,
        precision: 'fp32',
        mode: 'trace',
        modelConfig: 'x.json',
      }),
      /--python \/nonexistent\/python3: no such interpreter/,
    );
  });

  test('a Python without torch says so in one line (Debian python3 with -I cannot see a venv)', async () => {
    // `python3 -S` skips site-packages, so torch cannot be imported whatever the machine has.
    const wrapper = join(fixtures, 'python-without-site.sh');
    await assert.rejects(
      runTraceHelper(wrapper, { ...step, precision: 'fp32', mode: 'trace', modelConfig: 'x.json' }),
      (error: HeadroomError) => /^--trace needs torch in /.test(error.message),
    );
  });
});
