// The recipes of issue #25 item 4, each rule against the arithmetic of its source: parameter and
// gradient offload, torch.compile's loss, torchtitan's per-op checkpointing and checkpoint_every,
// LoRA on the embedding and LM head, FSDP mixed precision, Float8, context and pipeline parallelism.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import type { Breakdown } from './types.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'recipe.yaml');
const part = (b: Breakdown, name: string) => b.gpu.components.find((p) => p.name === name);
const hostPart = (b: Breakdown, name: string) => b.host.components.find((p) => p.name === name);
// Llama-2-7B's shape, 512 tokens.
const llama = 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 512';
const model = `model: { transformer: { ${llama} } }`;

describe('offload (FSDP CPUOffload, ZeRO-Offload, torchao CPUOffloadOptimizer)', () => {
  test('parameters: weights, gradients and states on the host; the GPU keeps the gathered units', () => {
    const b = estimate(
      spec(
        `${model}\ntraining: { precision: bf16, offload: { parameters: cpu } }\nparallel: { gpus: 8, strategy: fsdp_full }`,
      ),
    );
    assert.equal(part(b, 'weights'), undefined);
    assert.ok(hostPart(b, 'weights (offloaded)'));
    assert.ok(hostPart(b, 'gradients (offloaded)'));
    assert.ok(hostPart(b, 'optimizer states (offloaded)'));
    assert.ok(part(b, 'gathered parameters'));
    assert.ok((part(b, 'gradients')?.bytes ?? Infinity) < 300e6, 'only the gradient being copied out');
  });

  test('parameters need a sharded strategy (FSDP or ZeRO-3)', () => {
    assert.throws(() => spec(`${model}\ntraining: { offload: { parameters: cpu } }`), /zero3, fsdp_full/);
  });

  test('gradients: torchao offload_gradients frees each gradient on the GPU once copied', () => {
    const without = estimate(spec(`${model}\ntraining: { precision: bf16, offload: { optimizer: cpu } }`));
    const withGradients = estimate(
      spec(`${model}\ntraining: { precision: bf16, offload: { optimizer: cpu, gradients: cpu } }`),
    );
    const params = without.inputs.params;
    assert.equal(part(without, 'gradients')?.bytes, params * 2);
    assert.equal(part(withGradients, 'gradients')?.bytes, 32000 * 4096 * 2, 'the largest, the embedding');
    assert.ok(withGradients.gpu.peakBytes < without.gpu.peakBytes - 8e9);
  });

  test('DeepSpeed ZeRO-Offload (optimizer offload under a ZeRO strategy) moves the gradients too (Ren et al. 2021 §4)', () => {
    const b = estimate(
      spec(
        `${model}\ntraining: { precision: bf16, offload: { optimizer: cpu } }\nparallel: { gpus: 2, strategy: zero2 }`,
      ),
    );
    assert.ok(hostPart(b, 'gradients (offloaded)'));
    assert.ok(hostPart(b, 'optimizer states (offloaded)'));
  });
});

describe('torch.compile', () => {
  test('a compiled loss keeps the logits and their gradient only (2 × 2 B), not the fp32 upcast and log-probs', () => {
    const loss = (compile: string) =>
      part(estimate(spec(`${model}\ntraining: { precision: bf16, compile: ${compile} }`)), 'logits and loss');
    assert.equal(loss('false')?.bytes, 14 * 512 * 32000);
    assert.equal(loss('true')?.bytes, 4 * 512 * 32000);
    assert.equal(loss('layers')?.bytes, 14 * 512 * 32000, 'torchtitan compiles the blocks, not the loss');
  });

  test('under autocast a compiled layer keeps one 16-bit cast of a norm output for Q, K and V, and one for gate and up', () => {
    const acts = (compile: boolean) =>
      part(estimate(spec(`${model}\ntraining: { precision: amp_bf16, compile: ${compile} }`)), 'activations')
        ?.bytes ?? 0;
    // Eager: Q, K and V each cast the 4096-wide norm output, gate and up the other: three copies more.
    assert.equal(acts(false) - acts(true), 32 * 512 * 3 * 4096 * 2);
  });
});

describe("checkpointing as recipes define it (torchtitan's SAC)", () => {
  test("op: the layer input, every other matmul's output (wq, wv, w1, w2) and the attention output and logsumexp", () => {
    const b = estimate(spec(`${model}\ntraining: { precision: bf16, activation_checkpointing: op }`));
    const perToken = 2 * 4096 + 2 * (4096 + 4096 + 11008 + 4096) + 2 * 4096 + 4 * 32;
    assert.equal(part(b, 'activations')?.bytes, 32 * 512 * perToken);
  });

  test('checkpoint_every 2: half the layers checkpointed, the others keep everything', () => {
    const acts = (training: string) =>
      part(estimate(spec(`${model}\ntraining: { precision: bf16, ${training} }`)), 'activations')?.bytes ?? 0;
    const none = acts('activation_checkpointing: none');
    const full = acts('activation_checkpointing: full');
    assert.equal(acts('activation_checkpointing: full, checkpoint_every: 2'), (none + full) / 2);
    assert.throws(
      () => spec(`${model}\ntraining: { checkpoint_every: 2 }`),
      /needs activation_checkpointing/,
    );
  });

  // mmengine's activation_checkpointing list of blocks (PR #1319: the first 10 of ViT-L's 24), Megatron's
  // --recompute-method block --recompute-num-layers N: the first N layers checkpointed, the others keep everything.
  test('checkpoint_layers 8: the first 8 of 32 layers checkpointed, the other 24 keep everything', () => {
    const acts = (training: string) =>
      part(estimate(spec(`${model}\ntraining: { precision: bf16, ${training} }`)), 'activations')?.bytes ?? 0;
    const none = acts('activation_checkpointing: none');
    const full = acts('activation_checkpointing: full');
    assert.equal(acts('activation_checkpointing: full, checkpoint_layers: 8'), (24 * none + 8 * full) / 32);
    assert.equal(acts('activation_checkpointing: full, checkpoint_layers: 64'), full);
    assert.throws(
      () => spec(`${model}\ntraining: { checkpoint_layers: 8 }`),
      /needs activation_checkpointing/,
    );
    assert.throws(
      () =>
        spec(
          `${model}\ntraining: { activation_checkpointing: full, checkpoint_layers: 8, checkpoint_every: 2 }`,
        ),
      /not both/,
    );
  });
});

describe('LoRA on the embedding and the LM head (PEFT)', () => {
  test('adapters of r × (vocab + hidden) each, trained; their activations counted', () => {
    const lora = (targets: string) =>
      estimate(
        spec(
          `model:\n  transformer: { ${llama} }\n  lora: { rank: 8, targets: [${targets}] }\ntraining: { precision: bf16 }`,
        ),
      );
    const base = lora('q, v');
    const more = lora('q, v, embed, lm_head');
    assert.equal(more.inputs.trainable - base.inputs.trainable, 2 * 8 * (32000 + 4096));
    const outside = (b: Breakdown) => part(b, 'embeddings and head inputs')?.bytes ?? 0;
    // embedding: r values per token; head: the frozen head keeps no input, its adapter a 16-bit cast of it (PEFT's
    // fp32 adapters under the Trainer's autocast, adapter_dtype's default) and lora_A's r-wide output.
    assert.equal(outside(more) - outside(base), 512 * (2 * 8 + 2 * 4096 + 2 * 8));
  });

  test('a tied LM head cannot take its own adapter', () => {
    assert.throws(
      () =>
        spec(
          `model:\n  transformer: { ${llama}, tie_embeddings: true }\n  lora: { rank: 8, targets: [lm_head] }`,
        ),
      /no lm_head layer.*tied embedding/,
    );
  });
});

describe('FSDP mixed precision and Float8 (torchao)', () => {
  test('mixed_bf16: fp32 parameters, gradients and states at rest, 16-bit activations', () => {
    const b = estimate(
      spec(`${model}\ntraining: { precision: mixed_bf16 }\nparallel: { gpus: 8, strategy: fsdp_full }`),
    );
    const params = b.inputs.params;
    assert.equal(part(b, 'weights')?.bytes, Math.ceil((params * 4) / 8));
    assert.equal(part(b, 'optimizer states')?.bytes, Math.ceil((params * 8) / 8));
    assert.match(part(b, 'gathered parameters')?.formula ?? '', /× 2 B/);
  });

  test('float8: activations unchanged, the largest linear cast to 1 B at a time, float8 all-gather halves the gathered units', () => {
    const at = (float8: string) =>
      estimate(
        spec(
          `${model}\ntraining: { precision: mixed_bf16${float8} }\nparallel: { gpus: 8, strategy: fsdp_full }`,
        ),
      );
    const bf16 = at('');
    const f8 = at(', float8: { recipe: tensorwise, all_gather: true }');
    assert.equal(part(f8, 'activations')?.bytes, part(bf16, 'activations')?.bytes);
    assert.equal(part(f8, 'float8 casts')?.bytes, 11008 * 4096 + 512 * (11008 + 4096));
    assert.equal(part(f8, 'gathered parameters')?.bytes, (part(bf16, 'gathered parameters')?.bytes ?? 0) / 2);
    // MXFP8: the same casts with an e8m0 scale per 32 elements.
    const mx = at(', float8: { recipe: mxfp8 }');
    assert.equal(part(mx, 'activations')?.bytes, part(bf16, 'activations')?.bytes);
    assert.equal(part(mx, 'float8 casts')?.bytes, (33 / 32) * (11008 * 4096 + 512 * (11008 + 4096)));
    assert.throws(
      () => spec(`${model}\ntraining: { float8: { recipe: rowwise, all_gather: true } }`),
      /tensorwise/,
    );
  });
});

describe('context and pipeline parallelism', () => {
  test('context 4: each GPU holds a quarter of the sequence, plus the ring attention K/V chunks', () => {
    const at = (parallel: string) =>
      estimate(spec(`${model}\ntraining: { precision: bf16 }\nparallel: { ${parallel} }`));
    const one = at('gpus: 4, strategy: fsdp_full');
    const cp = at('gpus: 4, strategy: fsdp_full, context: 4');
    assert.ok(
      Math.abs((part(cp, 'activations')?.bytes ?? 0) * 4 - (part(one, 'activations')?.bytes ?? 0)) < 1e3,
    );
    // K and V (4096 wide each) of 128 tokens in 2 B, received while computing, and dK/dV passed on.
    assert.equal(part(cp, 'ring attention buffers')?.bytes, 2 * (2 * 4096 * 128 * 2));
    assert.equal(part(cp, 'weights')?.bytes, part(one, 'weights')?.bytes, 'context ranks join the sharding');
    assert.throws(() => spec(`${model}\nparallel: { gpus: 6, context: 4 }`), /does not divide/);
  });

  test('pipeline 4 (1F1B): a quarter of the layers and their states, four micro-batches in flight on the first stage', () => {
    const at = (parallel: string) =>
      estimate(spec(`${model}\ntraining: { precision: bf16 }\nparallel: { ${parallel} }`));
    const one = at('gpus: 1');
    const pp = at('gpus: 4, pipeline: 4, micro_batches: 8');
    assert.equal(
      part(pp, 'activations')?.bytes,
      part(one, 'activations')?.bytes,
      'L/p layers × p micro-batches',
    );
    // The first stage (it needs more than the last here) holds its 8 layers and the input embedding; the
    // untied head is the last stage's.
    const embedding = 32000 * 4096;
    const body = (part(one, 'weights')?.bytes ?? 0) / 2 - 2 * embedding;
    assert.equal(part(pp, 'weights')?.bytes, Math.ceil((body / 4 + embedding) * 2));
    assert.match(pp.notes.join('\n'), /the first stage needs the most/);
    const gpipe = at('gpus: 4, pipeline: 4, micro_batches: 8, schedule: gpipe');
    assert.equal(
      part(gpipe, 'activations')?.bytes,
      2 * (part(one, 'activations')?.bytes ?? 0),
      'GPipe keeps all 8',
    );
    assert.throws(() => spec(`${model}\nparallel: { micro_batches: 4 }`), /needs parallel.pipeline/);
  });
});

describe('what autograd records (reentrant checkpointing over frozen inputs, ZeRO-1/2 step)', () => {
  const lora = `model:\n  transformer: { ${llama} }\n  lora: { rank: 8, targets: [q, k, v, o, gate, up, down, lm_head] }`;
  test('checkpointed_inputs_require_grad: false keeps no layer activations, one layer at a time instead', () => {
    const training = 'precision: bf16, batch_size: 8, activation_checkpointing: full';
    const kept = estimate(spec(`${lora}\ntraining: { ${training} }`));
    const cut = estimate(spec(`${lora}\ntraining: { ${training}, checkpointed_inputs_require_grad: false }`));
    assert.ok(
      (part(kept, 'activations')?.bytes ?? 0) > 1e9,
      'every layer input kept: 32 × 8 × 512 × 4096 × 2 B',
    );
    assert.equal(part(cut, 'activations'), undefined);
    assert.equal(part(cut, 'recomputed layer'), undefined);
    const working = part(cut, 'forward working set');
    // The recomputed layer is what one layer keeps plus its activations' gradients, sized as a layer whose linears
    // keep their inputs (a frozen base does not shrink the gradients): more than twice the forward working set.
    const recomputed = part(kept, 'recomputed layer')?.bytes ?? 0;
    assert.ok(working && working.bytes > 0 && working.bytes < recomputed / 2);
    assert.ok(part(cut, 'logits and loss'), 'the head and the loss still run backward');
    assert.ok(cut.gpu.allocatedPeakBytes < kept.gpu.allocatedPeakBytes);
  });

  test('ZeRO-2 steps against an fp32 copy of its 16-bit gradient partition (stage_1_and_2.py step)', () => {
    const zero = (strategy: string) =>
      estimate(
        spec(
          `${model}\ntraining: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: 1 }\nparallel: { gpus: 4, strategy: ${strategy} }`,
        ),
      );
    const params = 6_476_271_616; // the llama shape's parameters with its untied head
    const fp32 = part(zero('zero2'), 'fp32 partition gradients');
    assert.ok(fp32 && Math.abs(fp32.bytes - (params * 4) / 4) / fp32.bytes < 0.05, `${fp32?.bytes}`);
    assert.equal(fp32.phase, 'step');
    assert.equal(part(zero('zero3'), 'fp32 partition gradients'), undefined, 'ZeRO-3 steps per sub-group');
  });
});

describe('JAX buffer donation (jax.jit donate_argnums)', () => {
  // The H200 step of test/gpu/peaks-references.ts: 8 dense 8192 × 8192 layers, optax.adam, fp32.
  const mlp = (training: string) =>
    spec(
      `framework: jax\nmodel:\n  params: 536936448\n  cnn:\n    input: [8192, 1, 1]\n    layers:\n      - { linear: 8192, repeat: 8 }\ntraining: { precision: fp32, optimizer: adam, batch_size: 512${training} }`,
    );
  test('not donated (the default): the new weights and Adam states are written beside the old ones', () => {
    const kept = estimate(mlp(''));
    const donated = estimate(mlp(', donate: true'));
    const copy = part(kept, 'new weights and states (not donated)');
    // 536,936,448 × (4 B weights + 8 B Adam moments): XLA's outputs, 6.44 GB in memory_analysis().
    assert.equal(copy?.bytes, 536936448 * 12);
    assert.equal(part(donated, 'new weights and states (not donated)'), undefined);
    assert.equal(kept.gpu.allocatedPeakBytes - donated.gpu.allocatedPeakBytes, 536936448 * 12);
  });
  test('donate is a JAX setting: under torch it is an error naming the field', () => {
    assert.throws(() => spec(`${model}\ntraining: { donate: true }`), /donate[\s\S]*framework: jax/);
  });
  test('PyTorch steps in place: no copy', () => {
    assert.equal(
      part(
        estimate(spec(`${model}\ntraining: { optimizer: adamw }`)),
        'new weights and states (not donated)',
      ),
      undefined,
    );
  });
});

describe('a frozen reference model or teacher (model.reference: TRL DPOTrainer / GKDTrainer, ms-swift Megatron DPO)', () => {
  const withReference = (reference: string, parallel = '') =>
    estimate(
      spec(
        `model:\n  transformer: { ${llama} }\n  reference: { ${reference} }\ntraining: { precision: bf16, batch_size: 2 }${parallel ? `\nparallel: { ${parallel} }` : ''}`,
      ),
    );
  const params = spec(model).model.params ?? 0;

  test("its weights are the trained model's count in its frozen dtype, partitioned under zero3, whole under zero2 (TRL prepare_deepspeed: stage 0)", () => {
    assert.equal(part(withReference('logits: none'), 'reference model weights')?.bytes, 2 * params);
    assert.equal(
      part(withReference('logits: none', 'gpus: 4, strategy: zero3'), 'reference model weights')?.bytes,
      (2 * params) / 4,
    );
    assert.equal(
      part(withReference('logits: none', 'gpus: 4, strategy: zero2'), 'reference model weights')?.bytes,
      2 * params,
    );
    assert.equal(
      part(
        withReference('params: 13B, dtype: fp32, logits: none', 'gpus: 4, tensor: 4'),
        'reference model weights',
      )?.bytes,
      (4 * 13e9) / 4,
    );
  });

  test('its logits: beside the loss only (DPO), through the backward (a teacher), or none (Megatron)', () => {
    const logits = 2 * 512 * 2 * 32000;
    const dpo = withReference('dtype: bf16');
    assert.equal(part(dpo, 'reference logits')?.bytes, logits);
    assert.equal(part(dpo, 'reference logits')?.isLossOnly, true);
    const teacher = withReference('params: 13B, logits: kept');
    assert.equal(part(teacher, 'teacher logits')?.bytes, logits);
    assert.equal(part(teacher, 'teacher logits')?.isLossOnly, undefined);
    const megatron = withReference('logits: none');
    assert.equal(part(megatron, 'reference logits'), undefined);
    assert.equal(part(megatron, 'teacher logits'), undefined);
    // The reference adds its weights to every moment and its logits to the loss moment at most.
    const plain = estimate(spec(`${model}\ntraining: { precision: bf16, batch_size: 2 }`));
    assert.ok(dpo.gpu.peakBytes - plain.gpu.peakBytes <= 2 * params + logits + 64 * 2 ** 20);
    assert.ok(dpo.gpu.peakBytes - plain.gpu.peakBytes >= 2 * params);
  });

  test('a bad value is a located error', () => {
    assert.throws(
      () => spec(`model:\n  transformer: { ${llama} }\n  reference: { logits: always }`),
      /model\.reference\.logits/,
    );
  });
});

describe('a float attention bias (model.transformer.attention_bias: ALiBi through SDPA or xformers)', () => {
  const biased = (bias: string, training = 'precision: fp32, batch_size: 2') =>
    estimate(
      spec(
        `model:\n  transformer: { ${llama}, attention: sdpa, attention_bias: { ${bias} } }\ntraining: { ${training} }`,
      ),
    );
  const one = 32 * 512 * 512;

  test('per layer: every layer whose activations are kept holds its heads × seq × seq bias in the activations dtype', () => {
    assert.equal(part(biased('per: layer'), 'attention bias')?.bytes, 32 * 4 * one);
    assert.equal(
      part(biased('per: layer', 'precision: bf16, batch_size: 2'), 'attention bias')?.bytes,
      32 * 2 * one,
    );
    const checkpointed = biased(
      'per: layer',
      'precision: fp32, batch_size: 2, activation_checkpointing: full',
    );
    assert.equal(part(checkpointed, 'attention bias')?.bytes, 4 * one, 'only the recomputed layer holds one');
  });

  test('per model: one bias the layers share, built for the positions given (Baichuan2: its 4096-position cache)', () => {
    assert.equal(part(biased('per: model'), 'attention bias')?.bytes, 4 * one);
    assert.equal(part(biased('per: model, positions: 4096'), 'attention bias')?.bytes, 4 * 32 * 4096 * 4096);
  });

  test("the premise: torch's memory-efficient attention backward takes the bias, so its autograd node keeps it", (t) => {
    const skip = skipUnlessFrameworks('torch');
    if (skip) return t.skip(skip);
    const run = spawnSync(
      frameworksPython() as string,
      [
        '-c',
        'import torch; print(torch.ops.aten._scaled_dot_product_efficient_attention_backward.default._schema)',
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /_scaled_dot_product_efficient_attention_backward\(Tensor grad_out_, Tensor query, Tensor key, Tensor value, Tensor attn_bias,/,
    );
  });
});
