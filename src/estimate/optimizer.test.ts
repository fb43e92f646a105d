// Optimizer states and step temporaries by implementation, and the loss over the vocabulary.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { lossBytesPerLogit } from './loss.js';
import { optimizerBytes } from './optimizer.js';
import { defaultOptimizerImpl } from './to-spec.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const bytesOf = (yaml: string, name: string) =>
  estimate(spec(yaml)).gpu.components.find((p) => p.name === name)?.bytes;
// A small decoder: its largest tensor is the 32000 × 512 embedding (16,384,000 values).
const model =
  'model: { transformer: { family: llama, layers: 4, hidden: 512, heads: 8, seq_len: 128, vocab: 32000, ffn: 1408 } }';
const params = (): number => estimate(spec(model)).inputs.params;

describe('optimizer step temporaries (issue #13: always priced as foreach before)', () => {
  const temporaries = (training: string) =>
    bytesOf(`${model}\ntraining: { ${training} }`, 'optimizer step temporaries');

  test("foreach (torch.optim's CUDA default): one sqrt(v) list over every tensor", () => {
    assert.equal(temporaries('optimizer: adamw'), params() * 4);
    assert.equal(temporaries('optimizer: adamw, precision: bf16'), params() * 2);
  });

  test('for_loop (foreach=False, transformers.AdamW): two temporaries of the largest tensor only', () => {
    assert.equal(temporaries('optimizer: adamw, optimizer_impl: for_loop'), 2 * 32000 * 512 * 4);
  });

  test('fused Adam, bitsandbytes 8-bit and paged optimizers, SGD: none', () => {
    for (const training of [
      'optimizer: adamw, optimizer_impl: fused',
      'optimizer: adam8bit',
      'optimizer: paged_adamw',
      'optimizer: paged_adamw_8bit',
      'optimizer: sgd_momentum',
      'optimizer: sgd',
    ]) {
      assert.equal(temporaries(training), undefined, training);
    }
  });

  test('defaults: torch Adam foreach; DeepSpeed, JAX and bitsandbytes fused; Adafactor and Lion loop', () => {
    assert.equal(defaultOptimizerImpl('adamw', 'torch', 'hf', false), 'foreach');
    assert.equal(defaultOptimizerImpl('adamw', 'torch', 'zero', true), 'fused');
    assert.equal(defaultOptimizerImpl('adamw', 'jax', 'hf', false), 'fused');
    assert.equal(defaultOptimizerImpl('adam8bit', 'torch', 'hf', false), 'fused');
    assert.equal(defaultOptimizerImpl('adafactor', 'torch', 'hf', false), 'for_loop');
    assert.equal(defaultOptimizerImpl('lion', 'torch', 'hf', false), 'for_loop');
  });

  test('optimizer in backward: each gradient is stepped and freed as it comes; no full gradient set', () => {
    const yaml = `${model}\ntraining: { optimizer: adamw, optimizer_in_backward: true }`;
    assert.equal(bytesOf(yaml, 'gradients'), 32000 * 512 * 4);
  });
});

describe('optimizer states', () => {
  test('Adafactor keeps factored row and column vectors, not 4 bytes per parameter (HF Adafactor, beta1=None)', () => {
    const states = bytesOf(`${model}\ntraining: { optimizer: adafactor }`, 'optimizer states') ?? 0;
    assert.ok(states < params() * 4 * 0.05, `${states} is a few percent of 4 B/param at most`);
    const bound = optimizerBytes({
      optimizer: 'adafactor',
      impl: 'for_loop',
      precision: 'fp32',
      convention: 'hf',
      trainable: { params: 1e9, groups: undefined },
    });
    assert.equal(bound.statesBytes, 4e9, 'without the tensor shapes: the HF docs upper bound');
  });

  test('8-bit states: 2 bytes plus an fp32 absmax per block of 256; Lion one momentum; SGD with momentum one', () => {
    const states = (training: string) =>
      bytesOf(`model: { params: 1B }\ntraining: { ${training} }`, 'optimizer states');
    assert.equal(states('optimizer: adam8bit'), Math.ceil(1e9 * (2 + 8 / 256)));
    assert.equal(states('optimizer: lion'), 4e9);
    assert.equal(states('optimizer: lion, precision: bf16'), 2e9);
    assert.equal(states('optimizer: sgd_momentum'), 4e9);
    assert.equal(states('optimizer: sgd'), undefined);
    const paged = estimate(
      spec('model: { params: 1B }\ntraining: { optimizer: paged_adamw, precision: bf16 }'),
    );
    const pagedStates = paged.host.components.find((p) => p.name === 'optimizer states (paged)');
    assert.equal(pagedStates?.bytes, 8e9, 'bitsandbytes keeps 32-bit states');
  });

  test('4-bit states (torchao AdamW4bit): two packed 4-bit codes per byte plus an fp32 scale per 128 per state', () => {
    const states = bytesOf('model: { params: 1B }\ntraining: { optimizer: adam4bit }', 'optimizer states');
    assert.equal(states, Math.ceil(1e9 * (1 + 8 / 128)));
  });

  test('block-wise states skip tensors under 4096 elements (bitsandbytes min_8bit_size): biases and norms stay 32-bit', () => {
    const shape = 'transformer: { layers: 2, hidden: 256, heads: 4, seq_len: 64, vocab: 1000 }';
    const breakdown = estimate(spec(`model: { ${shape} }\ntraining: { optimizer: adam8bit }`));
    const part = breakdown.gpu.components.find((p) => p.name === 'optimizer states');
    assert.match(part?.formula ?? '', /under 4096 elements × 8 B/);
    const params = breakdown.inputs.params;
    assert.ok((part?.bytes ?? 0) > params * (2 + 8 / 256), 'the small tensors cost more than 2 B each');
  });

  test('paged optimizers: states in unified memory are not in the GPU peak, so a config that ran is not "does not fit"', () => {
    // A 7B full fine-tune in bf16 with paged AdamW 32-bit: 14 GB weights + 14 GB gradients on the
    // GPU; 56 GB of states that page between host and GPU must not make it "does not fit" a 40 GB card.
    const yaml = (optimizer: string) =>
      `model: { params: 7B }\ntraining: { optimizer: ${optimizer}, precision: bf16, batch_size: 1 }\ntensors:\n  - { name: acts, shape: [1], dtype: bf16, covers: activations }`;
    const paged = estimate(spec(yaml('paged_adamw')));
    const adamw = estimate(spec(yaml('adamw')));
    assert.equal(
      paged.gpu.components.some((p) => p.name.startsWith('optimizer states')),
      false,
      'no optimizer states on the GPU',
    );
    const pagedStates = paged.host.components.find((p) => p.name === 'optimizer states (paged)');
    assert.equal(pagedStates?.bytes, 56e9, '7B × 8 B of 32-bit states, on the host side');
    assert.ok(adamw.gpu.peakBytes > paged.gpu.peakBytes, 'torch AdamW keeps its states on the GPU');
    assert.ok(paged.gpu.peakBytes < 32e9, String(paged.gpu.peakBytes));
    assert.match(paged.notes.join('\n'), /paged_adamw's states .* CUDA unified memory/);
  });
});

describe('logits and loss (issue #13: priced at 2 bytes per logit before)', () => {
  test('bytes per logit: standard 16 in fp32, 14 from 16-bit logits; chunked 6; fused none', () => {
    assert.equal(lossBytesPerLogit('standard', 4), 16);
    assert.equal(lossBytesPerLogit('standard', 2), 14);
    assert.equal(lossBytesPerLogit('chunked', 2), 6);
    assert.equal(lossBytesPerLogit('fused', 2), 0);
  });

  test("Megatron's vocab-parallel loss: the 16-bit logits and one fp32 copy worked in place (6); fp32 logits, none", () => {
    assert.equal(lossBytesPerLogit('vocab_parallel', 2), 6);
    assert.equal(lossBytesPerLogit('vocab_parallel', 4), 4);
    assert.equal(
      lossBytesPerLogit('vocab_parallel_fused', 2),
      10,
      'compiled in-place steps: one more fp32 logit',
    );
  });

  test('a compiled chunked loss keeps the 16-bit logits and one chunk of 8; no upcast keeps 3 logit widths', () => {
    assert.equal(lossBytesPerLogit('chunked', 2, { isCompiled: true }), 2.25);
    assert.equal(lossBytesPerLogit('standard', 2, { isUpcast: false }), 6);
    assert.equal(lossBytesPerLogit('standard', 4, { isUpcast: false }), 16, 'fp32 logits are upcast already');
    const gpt2 = (training: string) =>
      `model: { transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 50257, seq_len: 1024, lm_head: true, attention: flash } }
training: { batch_size: 8, ${training} }`;
    const logits = 8 * 1024 * 50257;
    assert.equal(bytesOf(gpt2('precision: bf16, loss_upcast: false'), 'logits and loss'), 6 * logits);
    assert.equal(bytesOf(gpt2('precision: bf16'), 'logits and loss'), 14 * logits);
    // Autocast runs log_softmax and nll_loss in fp32 whatever the code says.
    assert.equal(bytesOf(gpt2('precision: amp_bf16, loss_upcast: false'), 'logits and loss'), 14 * logits);
  });

  test("chunked_head (torchtitan's ChunkedLossWrapper): one chunk of 8192 tokens through the head and loss, no logits kept", () => {
    const llama = (loss: string, batch: number) =>
      `model: { transformer: { family: llama, layers: 2, hidden: 512, heads: 8, ffn: 1024, vocab: 32000, seq_len: 4096, attention: flash } }
training: { precision: bf16, batch_size: ${batch}, loss: ${loss} }`;
    assert.equal(lossBytesPerLogit('chunked_head', 2), 0);
    assert.equal(bytesOf(llama('chunked_head', 4), 'logits and loss'), 14 * 8192 * 32000);
    assert.equal(
      bytesOf(llama('chunked_head', 1), 'logits and loss'),
      14 * 4096 * 32000,
      'fewer tokens than a chunk',
    );
    assert.equal(bytesOf(llama('standard', 4), 'logits and loss'), 14 * 4 * 4096 * 32000);
  });

  test('training.transformers >= 4.49: the labels are shifted, not the logits: 12 B per logit, the freed 16-bit logits cached', () => {
    assert.equal(lossBytesPerLogit('standard', 2, { isShiftCopy: false }), 12);
    assert.equal(lossBytesPerLogit('standard', 4, { isShiftCopy: false }), 12);
    assert.equal(lossBytesPerLogit('standard', 2, { isShiftCopy: false, isUpcast: false }), 6);
    const gpt2 = (training: string) =>
      `model: { transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 50257, seq_len: 1024, lm_head: true, attention: flash } }
training: { batch_size: 8, precision: bf16, ${training} }`;
    const logits = 8 * 1024 * 50257;
    assert.equal(bytesOf(gpt2('transformers: 5.17.0'), 'logits and loss'), 12 * logits);
    assert.equal(bytesOf(gpt2('transformers: "4.49"'), 'logits and loss'), 12 * logits);
    assert.equal(bytesOf(gpt2('transformers: "4.50"'), 'logits and loss'), 12 * logits);
    // YAML reads 4.50 as 4.5: a number is refused, naming the field.
    assert.throws(() => spec(gpt2('transformers: 4.50')), /training\.transformers.*as a string/s);
    assert.equal(
      bytesOf(gpt2('transformers: 4.48.3'), 'logits and loss'),
      14 * logits,
      'before 4.49: the copy',
    );
    assert.equal(bytesOf(gpt2(''), 'logits and loss'), 14 * logits, 'not stated: the copy');
    const cache = (training: string) =>
      estimate(spec(gpt2(training))).gpu.components.find((p) => p.name === 'allocator cache');
    assert.match(cache('transformers: 5.17.0')?.formula ?? '', /freed 16-bit logits/);
    assert.doesNotMatch(cache('')?.formula ?? '', /freed 16-bit logits/);
  });

  test('at a 128k vocabulary the loss, not the layers, decides: standard vs fused cross-entropy', () => {
    const llama3 = (loss: string) =>
      `model: { transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, ffn: 14336, vocab: 128256, seq_len: 2048 } }
training: { precision: bf16, batch_size: 4, loss: ${loss}, activation_checkpointing: full }`;
    const standard = bytesOf(llama3('standard'), 'logits and loss') ?? 0;
    assert.equal(standard, 14 * 2048 * 4 * 128256);
    assert.ok(
      standard > (bytesOf(llama3('standard'), 'activations') ?? 0),
      'more than every checkpointed layer',
    );
    assert.equal(bytesOf(llama3('fused'), 'logits and loss'), 0);
  });
});

describe('training.grad_accum_dtype: gradients in the dtype the framework accumulates them in', () => {
  test('Megatron under --bf16 (accumulate_allreduce_grads_in_fp32): bf16 weights, an fp32 main_grad buffer kept on the GPU while the optimizer is on the host', () => {
    const megatron = `${model}\ntraining: { precision: amp_bf16, convention: zero, grad_accum_dtype: fp32, grad_accumulation: 4, offload: { optimizer: cpu } }\nparallel: { gpus: 2, tensor: 2, strategy: ddp, gradient_as_bucket_view: true }`;
    assert.equal(bytesOf(megatron, 'gradients'), Math.ceil((params() * 4) / 2));
    assert.equal(bytesOf(megatron, 'weights'), Math.ceil((params() * 2) / 2));
    assert.equal(bytesOf(megatron, 'optimizer states'), undefined, 'the states live on the host');
    const convention = megatron.replace(' grad_accum_dtype: fp32,', '');
    assert.equal(
      bytesOf(convention, 'gradients'),
      Math.ceil((params() * 2) / 2),
      "the zero convention's 2 B",
    );
    assert.throws(
      () => spec(megatron.replace('grad_accum_dtype: fp32', 'grad_accum_dtype: fp8')),
      /x\.yaml:2:\d+: training\.grad_accum_dtype/,
    );
  });
});

test('DeepSpeed ZeRO keeps an fp32 master partition and fp32 Adam states of a model loaded in bf16 (stage_1_and_2.py single_partition_of_fp32_groups)', () => {
  const states = (precision: string, strategy: string) =>
    bytesOf(
      `${model}\ntraining: { precision: ${precision}, convention: zero, optimizer: adamw }\nparallel: { gpus: 2, strategy: ${strategy} }`,
      'optimizer states',
    );
  assert.equal(states('bf16', 'zero2'), Math.ceil((params() * 12) / 2), 'fp32 master + m + v');
  assert.equal(states('bf16', 'zero2'), states('amp_bf16', 'zero2'), "as DeepSpeed's 16-bit engine");
  assert.equal(states('bf16', 'ddp'), params() * 4, 'torch AdamW on bf16 parameters: bf16 m and v');
});

test('GaLore: projected moments of rank r on each targeted matrix, its projection, plain states elsewhere', () => {
  const yaml = (galore: string, optimizer = 'adamw') =>
    `model:\n  transformer: { family: llama, layers: 2, hidden: 256, heads: 4, vocab: 1000, ffn: 512, seq_len: 64, tied_embeddings: false }\ntraining: { precision: bf16, optimizer: ${optimizer}, batch_size: 1${galore} }`;
  const states = (text: string) =>
    estimate(parseEstimateSpec(text, 'galore.yaml')).gpu.components.find((c) => c.name === 'optimizer states')
      ?.bytes ?? 0;
  const plain = states(yaml(''));
  const galore = states(yaml(', galore: { rank: 16, targets: [q, down] }'));
  // Per layer: q 256 × 256 and down 256 × 512 (out × in); bf16 Adam: 2 moments × 2 B.
  const full = 256 * 256 + 256 * 512;
  const projected = 16 * 256 + 16 * 512; // r × the longer side
  const projection = 16 * 256 + 16 * 256; // r × the shorter side, in the weight's dtype
  assert.equal(plain - galore, 2 * (full * 4 - projected * 4 - projection * 2));
  assert.throws(
    () => parseEstimateSpec(yaml(', galore: { rank: 16 }', 'sgd'), 'galore.yaml'),
    /training\.galore.*needs optimizer adamw, adam or adam8bit/s,
  );
});

test('lomo and adalomo update in backward: no states (LOMO) or fp32 factored ones (AdaLomo), one gradient at a time', () => {
  const shape =
    'family: llama, layers: 2, hidden: 256, heads: 4, vocab: 1000, ffn: 512, seq_len: 64, tied_embeddings: false';
  const at = (training: string) => {
    const parsed = parseEstimateSpec(
      `model:\n  transformer: { ${shape} }\ntraining: { precision: bf16, batch_size: 1, ${training} }`,
      'lomo.yaml',
    );
    const parts = Object.fromEntries(estimate(parsed).gpu.components.map((p) => [p.name, p]));
    return { parsed, parts };
  };
  const lomo = at('optimizer: lomo');
  assert.equal(lomo.parsed.training.isOptimizerInBackward, true);
  assert.equal(lomo.parts['optimizer states'], undefined);
  // The largest gradient alone: the untied head or embedding, 1000 × 256 in bf16.
  assert.equal(lomo.parts.gradients?.bytes, 1000 * 256 * 2);
  assert.equal(
    lomo.parts.gradients?.bytes,
    at('optimizer: sgd, optimizer_in_backward: true').parts.gradients?.bytes,
  );
  // AdaLomo: rows + columns of every matrix and each vector whole, fp32 in a bf16 model.
  const adalomo = at('optimizer: adalomo');
  const matrices = 2 * (4 * (256 + 256) + 3 * (512 + 256)) + 2 * (1000 + 256);
  const vectors = (2 * 2 + 1) * 256;
  assert.equal(adalomo.parts['optimizer states']?.bytes, (matrices + vectors) * 4);
  assert.throws(
    () => at('optimizer: lomo, grad_accumulation: 4'),
    /lomo\.yaml:3:.*training\.grad_accumulation.*lomo updates each parameter/s,
  );
  assert.throws(
    () => at('optimizer: adalomo, optimizer_in_backward: false'),
    /training\.optimizer_in_backward.*adalomo always updates in backward/s,
  );
});

test("optimizer_states_dtype: Adam's moments in bf16 beside the fp32 master (Megatron's precision-aware optimizer)", () => {
  const states = (training: string) =>
    bytesOf(
      `model: { params: 1B }\ntraining: { precision: amp_bf16, convention: zero, optimizer: adamw, ${training} }`,
      'optimizer states',
    );
  // fp32 master 4 + two moments 2 + 2 (not 4 + 4).
  assert.equal(states('optimizer_states_dtype: bf16'), 1e9 * 8);
  assert.equal(states(''), 1e9 * 12);
  assert.equal(states('optimizer_states_dtype: fp32'), 1e9 * 12);
  // A bf16 model's states are bf16 already: fp32 states double them.
  assert.equal(
    bytesOf(
      'model: { params: 1B }\ntraining: { precision: bf16, optimizer: adamw, optimizer_states_dtype: fp32 }',
      'optimizer states',
    ),
    1e9 * 8,
  );
  assert.throws(
    () => spec('model: { params: 1B }\ntraining: { optimizer: adam8bit, optimizer_states_dtype: bf16 }'),
    /x\.yaml:2:.*training\.optimizer_states_dtype.*not adam8bit's/s,
  );
});

describe("the first iteration's peak (training.first_iteration)", () => {
  const yaml = (extra: string) =>
    `model: { transformer: { family: llama, layers: 4, hidden: 1024, heads: 8, ffn: 2816, vocab: 32000, seq_len: 2048 } }\ntraining: { precision: amp_bf16, convention: zero, batch_size: 4${extra} }`;
  test('the master copy is there from the start; the moments only from the first step() on', () => {
    const steady = estimate(spec(yaml('')));
    const first = estimate(spec(yaml(', first_iteration: true')));
    const part = (b: typeof steady, name: string) => b.gpu.components.find((p) => p.name === name);
    const states = part(steady, 'optimizer states')?.bytes ?? 0;
    const master = part(first, 'optimizer states');
    const moments = part(first, 'optimizer moments (first step)');
    // The zero convention's 12 B a parameter: a 4 B fp32 master and Adam's two 4 B moments.
    assert.equal(master?.bytes, states / 3);
    assert.equal(moments?.bytes, (2 * states) / 3);
    assert.equal(master?.phase, undefined);
    assert.equal(moments?.phase, 'step', 'beside the step, not the first forward and backward');
    assert.ok(
      first.gpu.peakBytes < steady.gpu.peakBytes,
      'the activations are the peak, without the moments',
    );
  });
  test('a steady step keeps them whole', () => {
    const names = estimate(spec(yaml(''))).gpu.components.map((p) => p.name);
    assert.ok(names.includes('optimizer states') && !names.includes('optimizer moments (first step)'));
  });
});
