// Activation and whole-config reference cases of ../shared/estimation/references.json: Korthikanti
// per-layer and first-stage totals, ZeRO's activation figures, the EleutherAI calculator totals, and
// the GRPO user's trajectory buffer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interleaveFactor, layerActivationBytes, zeroRuleOfThumbActivationBytes } from './activations.js';
import { estimate } from './estimate.js';
import { buildTransformerShape } from './families.js';
import { countParams } from './inventory.js';
import {
  assertClose,
  expectedAt,
  noReferencesMessage,
  referenceCase,
  specOf,
} from './test-helpers/references.js';
import type { Checkpointing } from './types.js';

const GiB = 1024 ** 3;

// references.json technique keys → the options that select them.
const techniques: Record<string, { t: number; sp: boolean; checkpointing: Checkpointing }> = {
  no_parallelism: { t: 1, sp: false, checkpointing: 'none' },
  tensor_parallel: { t: 8, sp: false, checkpointing: 'none' },
  'tensor+sequence_parallel': { t: 8, sp: true, checkpointing: 'none' },
  'tensor_parallel+selective_recompute': { t: 8, sp: false, checkpointing: 'selective' },
  'tensor+sequence_parallel+selective_recompute': { t: 8, sp: true, checkpointing: 'selective' },
  full_recompute: { t: 8, sp: false, checkpointing: 'full' },
};

for (const size of ['22b', '175b', '530b', '1t']) {
  test(`korthikanti-${size}-activations: per layer and first-stage totals, all six techniques`, (t) => {
    const c = referenceCase(`korthikanti-${size}-activations`);
    if (!c) return t.skip(noReferencesMessage);
    const input = c.inputs as Record<string, number>;
    const layers = input.layers ?? 0;
    for (const [key, technique] of Object.entries(techniques)) {
      const perLayer = layerActivationBytes({
        seqLen: input.seq_len ?? 0,
        batch: input.micro_batch ?? 0,
        hidden: input.hidden ?? 0,
        heads: input.attention_heads ?? 0,
        bytesPerValue: 2,
        checkpointing: technique.checkpointing,
        tensorParallel: technique.t,
        sequenceParallel: technique.sp,
      });
      assertClose(perLayer, expectedAt(c, 'per_layer_bytes', key), `${c.id} ${key} per layer`);
      assertClose(
        layers * perLayer,
        expectedAt(c, 'first_stage_total_bytes_L_layers', key),
        `${c.id} ${key} total`,
      );
      assertClose(
        (layers * perLayer) / GiB,
        expectedAt(c, 'first_stage_total_GiB', key),
        `${c.id} ${key} GiB`,
        {
          decimals: 2,
        },
      );
    }
    const five = (5 * (input.attention_heads ?? 0) * (input.seq_len ?? 0)) / (input.hidden ?? 1);
    assertClose(five, expectedAt(c, 'five_as_over_h'), `${c.id} 5as/h`);
    if ('selective_recompute_saves_fraction_paper' in c.expected) {
      assertClose(1 - 34 / (34 + five), expectedAt(c, 'selective_recompute_saves_fraction_paper'), 'saving', {
        decimals: 2,
      });
    }
    if ('interleaved_schedule_factor_m3' in c.expected) {
      const p = input.pipeline_parallel ?? 1;
      assertClose(interleaveFactor(p, 3), expectedAt(c, 'interleaved_schedule_factor_m3'), 'interleaving');
    }
  });
}

test('zero-gpt2-1.5b-activations: the paper rule of thumb, and full checkpointing keeping layer inputs', (t) => {
  const c = referenceCase('zero-gpt2-1.5b-activations');
  if (!c) return t.skip(noReferencesMessage);
  const shape = { hidden: 1600, batch: 32, seqLen: 1024, layers: 48, bytesPerValue: 2 };
  const ruleOfThumb = zeroRuleOfThumbActivationBytes(shape);
  assertClose(ruleOfThumb, expectedAt(c, 'activations_bytes_formula'), 'formula bytes');
  assertClose(ruleOfThumb / GiB, expectedAt(c, 'activations_GiB_formula'), 'formula GiB');
  assertClose(ruleOfThumb / 1e9, expectedAt(c, 'activations_GB_paper'), 'paper "about 60 GB"', {
    tolerance: 0.01,
  });
  const fullCheckpointing =
    shape.layers * layerActivationBytes({ ...shape, heads: 25, checkpointing: 'full' });
  assertClose(fullCheckpointing, 2 * 32 * 1024 * 1600 * 48, 'layer inputs only (2·b·s·h·L = 5.03e9 B)');
});

// The calculator in spec form: its parameter count, its byte counts (eleuther convention: 2 + 4 + 12),
// ZeRO-1 on one GPU, 16-bit activations of an FFN-4h model (its activation formula ignores ffn).
const eleutherSpec = (params: number, shape: string, checkpointing: Checkpointing) =>
  specOf(`model: { params: ${params}, transformer: { ${shape}, vocab: 51200 } }
training: { precision: amp_bf16, convention: eleuther, zero_stage: 1, activation_checkpointing: ${checkpointing} }`);

function eleutherTotals(params: number, shape: string, checkpointing: Checkpointing): Record<string, number> {
  const parts = Object.fromEntries(
    estimate(eleutherSpec(params, shape, checkpointing)).gpu.components.map((p) => [p.name, p.bytes / GiB]),
  );
  const model = parts.weights ?? 0;
  const gradients = parts.gradients ?? 0;
  const optimizer = parts['optimizer states'] ?? 0;
  const activations = parts.activations ?? 0;
  return { model, gradients, optimizer, activations, total: model + gradients + optimizer + activations };
}

test('eleuther-cookbook-default-20b: parts and totals, with and without checkpointing', (t) => {
  const c = referenceCase('eleuther-cookbook-default-20b');
  if (!c) return t.skip(noReferencesMessage);
  const params = expectedAt(c, 'params');
  const shape = 'layers: 44, hidden: 6144, heads: 64, seq_len: 2048';
  const plain = eleutherTotals(params, shape, 'none');
  for (const part of ['activations', 'model', 'gradients', 'optimizer', 'total']) {
    assertClose(plain[part] ?? 0, expectedAt(c, 'per_gpu_GiB_no_ckpt', part), `20B ${part}`);
  }
  // The calculator's --checkpoint-activations keeps 34·sbh per layer: selective recompute here.
  const checkpointed = eleutherTotals(params, shape, 'selective');
  assertClose(
    checkpointed.activations ?? 0,
    expectedAt(c, 'per_gpu_GiB_ckpt', 'activations'),
    '20B ckpt activations',
  );
  assertClose(checkpointed.total ?? 0, expectedAt(c, 'per_gpu_GiB_ckpt', 'total'), '20B ckpt total');
  const counted = countParams(
    buildTransformerShape({ layers: 44, hidden: 6144, heads: 64, seqLen: 2048, vocab: 51200, lmHead: true }),
  );
  assertClose(counted, params, 'parameter count from the shape');
});

test('eleuther-cookbook-llama7b-example: parts and total', (t) => {
  const c = referenceCase('eleuther-cookbook-llama7b-example');
  if (!c) return t.skip(noReferencesMessage);
  const params = expectedAt(c, 'params');
  const parts = eleutherTotals(params, 'layers: 32, hidden: 4096, heads: 32, seq_len: 4096', 'none');
  for (const part of ['activations', 'model', 'gradients', 'optimizer', 'total']) {
    assertClose(parts[part] ?? 0, expectedAt(c, 'per_gpu_GiB', part), `llama7b ${part}`);
  }
  const counted = countParams(
    buildTransformerShape({
      layers: 32,
      hidden: 4096,
      heads: 32,
      seqLen: 4096,
      vocab: 51200,
      ffn: 3.5 * 4096,
      lmHead: true,
    }),
  );
  assertClose(counted, params, 'parameter count from the shape (ffn 3.5h, 2 MLP linears)');
});

test('rl-trajectory-buffer-grpo: exactly 82,476,800 bytes, and 100 MiB reserved as 50 tensors', (t) => {
  const c = referenceCase('rl-trajectory-buffer-grpo');
  if (!c) return t.skip(noReferencesMessage);
  const spec = specOf(`vars: { B: 2, G: 4, T: 50 }
model: { params: 0 }
training: { optimizer: none }
tensors:
  - { name: trajectories, shape: [B*G, 263, 1, 196], dtype: float32, count: T }`);
  const parts = estimate(spec).gpu.components;
  const buffer = parts.find((part) => part.name === 'trajectories');
  assert.equal(buffer?.bytes, expectedAt(c, 'bytes_total'));
  assert.equal((buffer?.bytes ?? 0) / 50, expectedAt(c, 'bytes_per_step'));
  assert.equal((buffer?.bytes ?? 0) / 50 / 4, expectedAt(c, 'elements_per_step'));
  assert.equal((buffer?.bytes ?? 0) / 1e6, expectedAt(c, 'MB_total'));
  assert.equal((buffer?.bytes ?? 0) / 1024 ** 2, expectedAt(c, 'MiB_total'));
  const rounding = parts.find((part) => part.name === 'allocator cache')?.bytes ?? 0;
  assert.equal((buffer?.bytes ?? 0) + rounding, 50 * 2 * 1024 ** 2, 'each 1.57 MiB step takes a 2 MiB block');
  const preallocated = specOf(`model: { params: 0 }
training: { optimizer: none }
tensors: [{ name: trajectories, shape: [50, 8, 263, 1, 196] }]`);
  const reserved =
    estimate(preallocated).gpu.components.find((part) => part.name === 'allocator cache')?.bytes ?? 0;
  assert.ok(reserved < 2 * 1024 ** 2, 'one preallocated buffer loses less than one 2 MiB block');
});
