import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blockBytes } from './cuda.js';
import { estimate, peakOf } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const part = (yaml: string, name: string) => estimate(spec(yaml)).gpu.components.find((p) => p.name === name);
const bytesOf = (yaml: string, name: string) => part(yaml, name)?.bytes;

describe('GPU parts', () => {
  const bert = (training = 'batch_size: 4') =>
    `model: { params: 335143938, transformer: { layers: 24, hidden: 1024, heads: 16, seq_len: 512 } }
training: { ${training} }`;

  test('the convention switch: 18 bytes/param (hf) or 16 (zero) for mixed-precision AdamW', () => {
    const states = (convention: string) =>
      estimate(spec(`model: { params: 1B }\ntraining: { precision: amp_fp16, convention: ${convention} }`))
        .gpu.components.filter((p) =>
          ['weights', 'autocast weight copies', 'gradients', 'optimizer states'].includes(p.name),
        )
        .reduce((sum, p) => sum + p.bytes, 0);
    assert.equal(states('hf'), 18e9);
    assert.equal(states('zero'), 16e9);
    assert.equal(states('eleuther'), 18e9);
    assert.equal(states('accelerate'), 18e9);
  });

  test("hf amp: autocast's 16-bit weight copies exist only from forward to backward, not in the step (issue #13)", () => {
    const yaml = 'model: { params: 1B }\ntraining: { precision: amp_bf16 }';
    assert.equal(bytesOf(yaml, 'weights'), 4e9);
    assert.deepEqual(
      [bytesOf(yaml, 'autocast weight copies'), part(yaml, 'autocast weight copies')?.phase],
      [2e9, 'backward'],
    );
    // The step holds fp32 gradients and foreach's sqrt(v) list; the copies are gone by then.
    const breakdown = estimate(spec(yaml));
    const always = breakdown.gpu.components.filter((p) => !p.phase).reduce((s, p) => s + p.bytes, 0);
    assert.equal(breakdown.gpu.peakBytes, always + 4e9 + 4e9);
    assert.equal(
      bytesOf(
        'model: { params: 1B }\ntraining: { precision: amp_bf16, optimizer: none }',
        'autocast weight copies',
      ),
      undefined,
    );
  });

  test('gradients with set_to_none belong to backward→step; zeros and accumulation keep them (torch 2.0 default)', () => {
    const phase = (training: string) =>
      part(`model: { params: 1B }\ntraining: { ${training} }`, 'gradients')?.phase;
    assert.equal(phase('precision: fp32'), 'step');
    assert.equal(phase('precision: fp32, zero_grad: zeros'), undefined);
    assert.equal(phase('precision: fp32, zero_grad: after_forward'), 'step');
    assert.equal(phase('precision: fp32, grad_accumulation: 4'), undefined);
  });

  test('checkpointing shrinks stored activations: none > selective > full; full keeps each layer input', () => {
    const stored = (mode: string) =>
      bytesOf(bert(`batch_size: 4, activation_checkpointing: ${mode}`), 'activations') ?? 0;
    assert.ok(stored('none') > stored('selective'));
    assert.ok(stored('selective') > stored('full'));
    assert.equal(stored('full'), 24 * 4 * 512 * 4 * 1024, 'fp32 residual stream: 4·s·b·h per layer');
    assert.ok(bytesOf(bert('batch_size: 4, activation_checkpointing: full'), 'recomputed layer'));
  });

  test("the loss and a layer's backward are two moments: the larger counts, beside the stored activations", () => {
    const llama3 =
      spec(`model: { transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, ffn: 14336, vocab: 128256, seq_len: 2048 }, lora: { rank: 8, targets: [q, v] } }
training: { precision: bf16, batch_size: 4, activation_checkpointing: full }`);
    const { components } = estimate(llama3).gpu;
    const bytes = (name: string) => components.find((p) => p.name === name)?.bytes ?? 0;
    const loss = components.find((p) => p.name === 'logits and loss');
    assert.equal(loss?.isLossOnly, true);
    const always = components.filter((p) => !p.phase).reduce((s, p) => s + p.bytes, 0);
    const shared = components
      .filter((p) => p.phase === 'backward' && !p.isLossOnly && !p.isAtBackwardEnd)
      .reduce((s, p) => s + p.bytes, 0);
    assert.ok(shared >= bytes('activations') + bytes('embeddings and head inputs'));
    const moment = Math.max(bytes('logits and loss'), bytes('recomputed layer'));
    assert.equal(estimate(llama3).gpu.peakBytes, always + shared + moment);
    assert.ok(bytes('logits and loss') > bytes('recomputed layer'), 'at 128k the loss decides');
  });

  test('activations grow linearly with the batch; the peak takes forward/backward or the step, not both', () => {
    const at = (batch: number) => estimate(spec(bert(`batch_size: ${batch}`)));
    assert.equal(
      at(8).gpu.components.find((p) => p.name === 'activations')?.bytes,
      2 * (at(4).gpu.components.find((p) => p.name === 'activations')?.bytes ?? 0),
    );
    const breakdown = at(4);
    assert.equal(breakdown.gpu.peakBytes, peakOf(breakdown.gpu.components));
    const always = breakdown.gpu.components.filter((p) => !p.phase).reduce((s, p) => s + p.bytes, 0);
    const backward = breakdown.gpu.components
      .filter((p) => p.phase === 'backward')
      .reduce((s, p) => s + p.bytes, 0);
    assert.equal(breakdown.gpu.peakBytes, always + backward);
  });

  test('logits and loss only with an LM head; inference keeps one layer, no gradients or optimizer states', () => {
    const withHead =
      'model: { params: 100M, transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 16, vocab: 1000, lm_head: true } }';
    assert.equal(
      bytesOf(withHead, 'logits and loss'),
      16 * 16 * 1 * 1000,
      'fp32 standard cross-entropy: 16 B per logit',
    );
    // tied_embeddings over a vocabulary describes an embedding beside a head: a GPT-family spec that says
    // `tied_embeddings: false` (min-max-gpt's untied head, round 8) has logits; `lm_head: false` still wins.
    const gpt = (extra: string) =>
      `model: { params: 100M, transformer: { family: gpt, layers: 2, hidden: 64, heads: 2, seq_len: 16, vocab: 1000${extra} } }`;
    assert.equal(bytesOf(gpt(', tied_embeddings: false'), 'logits and loss'), 16 * 16 * 1000);
    assert.equal(bytesOf(gpt(', tied_embeddings: true'), 'logits and loss'), 16 * 16 * 1000);
    assert.equal(bytesOf(gpt(''), 'logits and loss'), undefined, "the gpt family's default: no head");
    assert.equal(bytesOf(gpt(', tied_embeddings: false, lm_head: false'), 'logits and loss'), undefined);
    const inference = estimate(
      spec(
        'model: { params: 100M, transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 16 } }\ntraining: { optimizer: none }',
      ),
    );
    const names = inference.gpu.components.map((p) => p.name);
    assert.ok(names.includes('forward working set'));
    assert.ok(
      !names.includes('gradients') && !names.includes('optimizer states') && !names.includes('activations'),
    );
  });

  test('explicit tensors are exact; torch rounds blocks > 1 MiB to 2 MiB, small ones to 512 B; JAX to 256 B', () => {
    assert.equal(blockBytes('torch', 1_649_536), 2 * MiB);
    assert.equal(blockBytes('torch', 100), 512);
    assert.equal(blockBytes('torch', 1025 * 1024), 2 * MiB);
    assert.equal(blockBytes('torch', 11 * MiB), 12 * MiB);
    assert.equal(blockBytes('jax', 1_649_536), 1_649_664);
    const tensors = `vars: { N: 3 }\nmodel: { params: 0 }\ntraining: { optimizer: none }
tensors: [{ name: ids, shape: [N, 7], dtype: int64, count: 2 }]`;
    assert.equal(bytesOf(tensors, 'ids'), 2 * 3 * 7 * 8);
  });

  test('context and workspaces by framework and loading; a given context wins', () => {
    assert.equal(bytesOf('model: { params: 0 }', 'cuda context'), 450 * MiB);
    assert.equal(bytesOf('framework: jax\nmodel: { params: 0 }', 'cuda context'), 512 * MiB);
    assert.equal(
      bytesOf('model: { params: 0 }\ncuda: { module_loading: eager }', 'cuda context'),
      1280 * MiB,
    );
    assert.equal(bytesOf('model: { params: 0 }\ncuda: { context: 1GiB }', 'cuda context'), GiB);
    assert.equal(bytesOf('model: { params: 0 }', 'library workspaces'), 2 * (8_519_680 + 4 * MiB));
    assert.equal(bytesOf('framework: jax\nmodel: { params: 0 }', 'library workspaces'), undefined);
  });

  test('the allocator cache depends on the attention kernel and expandable segments (cuda.ts)', () => {
    const shape = (attention: string, extra = '') =>
      `model: { params: 10M, transformer: { layers: 2, hidden: 256, heads: 4, seq_len: 256, attention: ${attention} } }${extra}`;
    const fraction = (yaml: string) => {
      const parts = estimate(spec(yaml)).gpu.components;
      const dynamic = parts.filter((p) => p.phase === 'backward').reduce((s, p) => s + p.bytes, 0);
      return (parts.find((p) => p.name === 'allocator cache')?.bytes ?? 0) / dynamic;
    };
    // Eager attention keeps 3% cached without checkpointing, 20% under it (cuda.ts: the allocator replay).
    assert.ok(Math.abs(fraction(shape('eager')) - 0.03) < 1e-3);
    assert.ok(
      Math.abs(fraction(shape('eager', '\ntraining: { activation_checkpointing: full }')) - 0.2) < 1e-3,
    );
    assert.ok(Math.abs(fraction(shape('sdpa')) - 0.1) < 1e-3);
    assert.ok(Math.abs(fraction(shape('eager', '\ncuda: { expandable_segments: true }')) - 0.03) < 1e-3);
    assert.ok(Math.abs(fraction(shape('eager', '\ncuda: { fragmentation: 0.5 }')) - 0.5) < 1e-3);
    // Batches padded each to its own longest sample: half the forward→backward parts stay cached, for any
    // kernel; expandable segments and a given fraction still win; fixed is the default.
    assert.ok(Math.abs(fraction(shape('sdpa', '\ncuda: { lengths: variable }')) - 0.5) < 1e-3);
    assert.ok(Math.abs(fraction(shape('eager', '\ncuda: { lengths: variable }')) - 0.5) < 1e-3);
    assert.ok(Math.abs(fraction(shape('sdpa', '\ncuda: { lengths: fixed }')) - 0.1) < 1e-3);
    // seq_len only a cap the batches may not reach: priced at the cap with the fixed-shape cache (one
    // allowance for the varying lengths, not two).
    assert.ok(Math.abs(fraction(shape('sdpa', '\ncuda: { lengths: capped }')) - 0.1) < 1e-3);
    assert.ok(Math.abs(fraction(shape('eager', '\ncuda: { lengths: capped }')) - 0.03) < 1e-3);
    // variable says what it assumes of the length, and names capped for a length that is only the cap.
    const noteOf = (yaml: string) =>
      estimate(spec(yaml)).notes.find((n) => n.startsWith('cuda.lengths variable'));
    assert.match(noteOf(shape('sdpa', '\ncuda: { lengths: variable }')) ?? '', /write cuda\.lengths: capped/);
    assert.equal(noteOf(shape('sdpa', '\ncuda: { lengths: capped }')), undefined);
    assert.ok(
      Math.abs(fraction(shape('sdpa', '\ncuda: { lengths: variable, expandable_segments: true }')) - 0.03) <
        1e-3,
    );
    assert.ok(
      Math.abs(fraction(shape('sdpa', '\ncuda: { lengths: variable, fragmentation: 0.2 }')) - 0.2) < 1e-3,
    );
  });

  test('a count without a shape says activations are not estimated', () => {
    const breakdown = estimate(spec('model: { params: 1B }'));
    assert.ok(breakdown.notes.some((note) => note.startsWith('activations not estimated')));
  });
});

describe('absurd numbers', () => {
  test('a parameter count past any model is refused where it is read, naming the field', () => {
    assert.throws(
      () => parseEstimateSpec('model: { params: 1e308 }\n', 'e.yaml'),
      /model\.params: "1e\+?308" is more parameters than any model has/,
    );
  });

  test('a tensor past any memory is an error naming it, never Infinity or NaN in the breakdown', () => {
    const spec = parseEstimateSpec(
      'model: { params: 1M }\ntensors:\n  - name: huge\n    shape: [1e15, 1e15]\n',
      'e.yaml',
    );
    assert.throws(() => estimate(spec), /huge: the estimate comes to .* PiB/);
  });
});

describe('training.kernels: liger', () => {
  const spec = (kernels: string, checkpointing: string) =>
    parseEstimateSpec(
      `model:
  params: 1000000000
  transformer: { family: llama, layers: 4, hidden: 1024, heads: 16, ffn: 2816, vocab: 32000, seq_len: 512, attention: flash }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: ${checkpointing}, loss: fused, kernels: ${kernels} }`,
      'test.yaml',
    );
  const part = (kernels: string, checkpointing: string, name: string): number =>
    estimate(spec(kernels, checkpointing)).gpu.components.find((c) => c.name === name)?.bytes ?? Number.NaN;

  test("a checkpointed layer's backward holds less: SwiGLU and RMSNorm write their gradients in place", () => {
    // Liger's layer keeps 2·(6h - 2h - 4) + 2·f fewer bytes per token; its gate and up gradients (2·2·f)
    // and two norms' dX (2·2·h) are written over tensors already held.
    const tokens = 2 * 512;
    const layerSaving = tokens * (2 * (6 * 1024 - (2 * 1024 + 4)) + 2 * 2816);
    const inPlace = tokens * (2 * 2 * 2816 + 2 * 2 * 1024);
    const eager = part('eager', 'full', 'recomputed layer');
    const liger = part('liger', 'full', 'recomputed layer');
    assert.equal(eager - liger, 2 * layerSaving + inPlace);
    assert.equal(
      part('eager', 'none', 'backward working set') - part('liger', 'none', 'backward working set'),
      layerSaving + inPlace,
    );
  });
});
