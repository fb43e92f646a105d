// Several GPUs: per-GPU model states under DDP, ZeRO and FSDP, the buffers they add, tensor parallelism.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { buildReport } from './report.js';

const MiB = 1024 ** 2;
const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const parts = (yaml: string) =>
  Object.fromEntries(estimate(spec(yaml)).gpu.components.map((p) => [p.name, p.bytes]));
const states = (bytes: Record<string, number>) =>
  (bytes.weights ?? 0) + (bytes.gradients ?? 0) + (bytes['optimizer states'] ?? 0);
const layer = 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 1024';

describe('ZeRO (Rajbhandari et al. 2019, §5): model states per GPU', () => {
  test('`--gpus 8 --strategy zero3` on a 7B full fine-tune: (2Ψ + 2Ψ + KΨ)/N with K = 12', () => {
    const fromFlags = parseEstimateSpec(undefined, undefined, {
      values: {
        model: { params: '7B' },
        training: { precision: 'amp_bf16' },
        parallel: { gpus: 8, strategy: 'zero3' },
      },
      flagByPath: {
        'model.params': '--params',
        'parallel.gpus': '--gpus',
        'parallel.strategy': '--strategy',
      },
    });
    assert.equal(fromFlags.training.convention, 'zero', 'DeepSpeed keeps 16-bit weights and an fp32 master');
    const bytes = Object.fromEntries(estimate(fromFlags).gpu.components.map((p) => [p.name, p.bytes]));
    assert.equal(states(bytes), ((2 + 2 + 12) * 7e9) / 8);
    assert.equal(bytes.weights, (2 * 7e9) / 8);
  });

  test('ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients: 4Ψ + 12Ψ/N and 2Ψ + 14Ψ/N', () => {
    const at = (strategy: string) =>
      states(
        parts(
          `model: { params: 7.5B }\ntraining: { precision: amp_fp16 }\nparallel: { gpus: 64, strategy: ${strategy} }`,
        ),
      );
    assert.equal(at('ddp'), 16 * 7.5e9);
    assert.equal(at('zero1'), 4 * 7.5e9 + (12 * 7.5e9) / 64);
    assert.equal(at('zero2'), 2 * 7.5e9 + (14 * 7.5e9) / 64);
  });

  test('the older zero_stage / data_parallel fields mean the same as parallel:', () => {
    const legacy = parts(
      'model: { params: 7.5B }\ntraining: { precision: amp_fp16, convention: zero, zero_stage: 2, data_parallel: 64 }',
    );
    const current = parts(
      'model: { params: 7.5B }\ntraining: { precision: amp_fp16 }\nparallel: { gpus: 64, strategy: zero2 }',
    );
    assert.equal(states(legacy), states(current));
    assert.throws(
      () => spec('model: { params: 1B }\ntraining: { zero_stage: 2 }\nparallel: { gpus: 2 }'),
      /training\.zero_stage: give parallel: or zero_stage\/data_parallel, not both/,
    );
  });

  test("ZeRO-3's step casts one sub-group's gradients to fp32 at a time (sub_group_size 1e9)", () => {
    const yaml = (extra: string) =>
      `model: { params: 7B }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 4, strategy: zero3${extra} }`;
    const step = (extra: string) =>
      estimate(spec(yaml(extra))).gpu.components.find((p) => p.name === 'fp32 sub-group gradients');
    // 7B / 4 = 1.75B per rank: one full sub-group of 1e9, its 2 B flat copy and 4 B cast.
    assert.equal(step('')?.bytes, 1e9 * 6);
    assert.equal(step('')?.phase, 'step');
    assert.equal(step(', deepspeed: { sub_group_size: 100000000 }')?.bytes, 1e8 * 6);
    assert.equal(parts(yaml('').replace('zero3', 'zero2'))['fp32 sub-group gradients'], undefined);
  });

  test("DeepSpeed's reduce bucket: reduce_bucket_size 5e8 elements of 16-bit gradients", () => {
    const bytes = parts(
      'model: { params: 7B }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: zero2 }',
    );
    assert.equal(bytes['gradient buckets'], 5e8 * 2);
  });

  test('ZeRO-3 keeps its whole reduce bucket from the start, however few parameters train (stage3.py __init__)', () => {
    const lora = `model: { transformer: { ${layer} }, lora: { rank: 8, alpha: 16, targets: [q, v] } }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: zero3 }`;
    assert.equal(parts(lora)['gradient buckets'], 5e8 * 2);
    assert.equal(
      parts(lora.replace('zero3 }', 'zero3, deepspeed: { reduce_bucket_size: 16777216 } }'))[
        'gradient buckets'
      ],
      16777216 * 2,
    );
  });

  test("Megatron's distributed optimizer (framework: megatron) reduces from its grad buffer: no reduce bucket, no Reducer copy", () => {
    const megatron = (strategy: string) =>
      parts(
        `model: { params: 25M }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: ${strategy}, framework: megatron }`,
      );
    assert.equal(megatron('zero1')['gradient buckets'], undefined);
    assert.equal(megatron('ddp')['gradient buckets'], 0, 'the gradients are views into the buffer');
  });

  test("Megatron's grad buffer is allocated once and zeroed in place: its gradients are kept, not a step-time part", () => {
    const gradients = (framework: string) =>
      estimate(
        spec(
          `model: { params: 25M }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, gradient_as_bucket_view: true${framework} }`,
        ),
      ).gpu.components.find((p) => p.name === 'gradients');
    assert.equal(gradients('')?.phase, 'step', 'torch DDP: allocated in backward, freed by zero_grad');
    assert.equal(gradients(', framework: megatron')?.phase, undefined);
  });

  test("framework: megatron without a training.loss prices Megatron's vocab-parallel loss (6 B per 16-bit logit); a stated loss wins", () => {
    const model =
      'model: { params: 125M, transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 50304, max_positions: 1024, seq_len: 1024, lm_head: true, tied_embeddings: true } }';
    const lossOf = (training: string, framework: string) => {
      const parsed = spec(
        `${model}\ntraining: { precision: amp_bf16, batch_size: 2${training} }\nparallel: { gpus: 8${framework} }`,
      );
      return {
        loss: parsed.training.loss,
        bytes: parts(
          `${model}\ntraining: { precision: amp_bf16, batch_size: 2${training} }\nparallel: { gpus: 8${framework} }`,
        )['logits and loss'],
      };
    };
    const megatron = lossOf('', ', framework: megatron');
    assert.equal(megatron.loss, 'vocab_parallel');
    assert.equal(megatron.bytes, 6 * 1024 * 2 * 50304);
    assert.equal(lossOf('', '').loss, 'standard');
    assert.equal(lossOf(', loss: standard', ', framework: megatron').loss, 'standard');
  });

  test("framework: megatron hands autograd the LM head's weight gradient (vocab / tp × hidden, 16-bit) beside the loss; torch DDP does not", () => {
    const model =
      'model: { params: 125M, transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 50304, max_positions: 1024, seq_len: 1024, lm_head: true, tied_embeddings: true } }';
    const headGrad = (parallel: string) =>
      parts(`${model}\ntraining: { precision: amp_bf16, batch_size: 2 }\nparallel: { ${parallel} }`)[
        "LM head's weight gradient (Megatron)"
      ];
    assert.equal(headGrad('gpus: 8, framework: megatron'), 50304 * 768 * 2);
    assert.equal(headGrad('gpus: 8, tensor: 2, framework: megatron'), (50304 * 768 * 2) / 2);
    assert.equal(headGrad('gpus: 8'), undefined);
  });

  test('pipeline_stage: last holds its layers, the LM head and one micro-batch in flight under 1F1B', () => {
    const gpt =
      'family: gpt, layers: 12, hidden: 512, heads: 8, ffn: 2048, vocab: 50304, max_positions: 1024, seq_len: 1024, lm_head: true, tied_embeddings: true';
    const at = (stage: string) =>
      parts(
        `model: { params: 64109568, transformer: { ${gpt} } }\ntraining: { precision: amp_bf16, convention: zero, batch_size: 4 }\nparallel: { gpus: 8, pipeline: 4${stage} }`,
      );
    const first = at(', pipeline_stage: first');
    const last = at(', pipeline_stage: last');
    assert.ok(
      Math.abs((first.activations ?? 0) / (last.activations ?? 1) - 4) < 1e-9,
      'four micro-batches in flight, one',
    );
    const body = 64109568 - 50304 * 512 - 1024 * 512;
    assert.ok(
      Math.abs((last.weights ?? 0) - (body / 4 + 50304 * 512) * 2) < 1,
      'its layers and the head, in bf16',
    );
    assert.ok(
      Math.abs((first.weights ?? 0) - (body / 4 + 50304 * 512 + 1024 * 512) * 2) < 1,
      'the first: the embeddings',
    );
    assert.equal(first['logits and loss'], undefined, 'the head and the loss are the last stage’s');
  });

  test('ZeRO-1 before DeepSpeed 0.13 allocates no ipg buffer: the engine turned contiguous_gradients off (PR #4887)', () => {
    const zero1 = (version: string) =>
      parts(
        `model: { params: 25M }\ntraining: { precision: amp_fp16 }\nparallel: { gpus: 16, strategy: zero1${version} }`,
      );
    assert.equal(zero1(', deepspeed: { version: 0.12.3 }')['gradient buckets'], undefined);
    assert.equal(zero1(', deepspeed: { version: 0.13.0 }')['gradient buckets'], 5e8 * 2);
    assert.equal(zero1('')['gradient buckets'], 5e8 * 2, 'a current release');
    assert.equal(
      parts(
        'model: { params: 25M }\ntraining: { precision: amp_fp16 }\nparallel: { gpus: 16, strategy: zero2, deepspeed: { version: 0.12.3 } }',
      )['gradient buckets'],
      5e8 * 2,
      'stage 2 kept them',
    );
  });

  test('ZeRO-3 with parameters offloaded gathers units on one GPU too (copied in from the host)', () => {
    const one = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: amp_bf16, offload: { parameters: cpu, optimizer: cpu } }\nparallel: { gpus: 1, strategy: zero3 }`,
    );
    const perLayer = 4 * 4096 * 4096 + 3 * 4096 * 11008 + 2 * 4096;
    assert.equal(one['gathered parameters'], 2 * perLayer * 2);
    assert.equal(one['parameters kept for reuse'], 5e8 * 2);
    assert.equal(one['nccl buffers'], undefined, 'one process: no communicator');
    const resident = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 1, strategy: zero3 }`,
    );
    assert.equal(
      resident['gathered parameters'],
      undefined,
      'one GPU holding its parameters gathers nothing',
    );
  });

  test('ZeRO-Offload on one GPU: two ipg buffers with overlap_comm, and 0.14.1–0.16 stage the fp32 partition in step()', () => {
    const offload = (deepspeed: string) =>
      estimate(
        spec(
          `model: { params: 1B }\ntraining: { precision: bf16, offload: { optimizer: cpu } }\nparallel: { gpus: 1, strategy: zero2${deepspeed} }`,
        ),
      ).gpu.components;
    const old = offload(', deepspeed: { version: 0.14.4, overlap_comm: true }');
    const buckets = old.find((p) => p.name === 'gradient buckets');
    assert.equal(buckets?.bytes, 2 * 5e8 * 2, 'stage_1_and_2.py backward(): buf_0 and buf_1 of 5e8 each');
    assert.equal(buckets?.phase, 'backward', 'freed by the epilogue before step()');
    const staged = old.find((p) => p.name === 'fp32 partition staged on the GPU');
    assert.equal(staged?.bytes, 1e9 * 4);
    assert.equal(staged?.phase, 'step');
    const current = offload(', deepspeed: { version: 0.17.0 }');
    assert.equal(current.find((p) => p.name === 'gradient buckets')?.bytes, 5e8 * 2, 'one buffer by default');
    assert.ok(!current.some((p) => p.name === 'fp32 partition staged on the GPU'), 'PR #7309 (0.17.0)');
    assert.ok(!offload('').some((p) => p.name === 'fp32 partition staged on the GPU'), 'a current release');
    assert.throws(
      () =>
        spec(
          'model: { params: 1B }\nparallel: { gpus: 2, strategy: ddp, deepspeed: { overlap_comm: true } }',
        ),
      /parallel\.deepspeed: needs parallel\.strategy zero1, zero2 or zero3/,
    );
  });
});

describe('DDP and FSDP', () => {
  test('DDP copies every gradient into its buckets unless gradient_as_bucket_view (Scott Logic: ~4 B/param)', () => {
    const ddp = parts('model: { params: 1B }\nparallel: { gpus: 4, strategy: ddp }');
    assert.equal(ddp['gradient buckets'], 4e9);
    assert.equal(ddp.gradients, 4e9, 'DDP shards nothing');
    const view = parts('model: { params: 1B }\nparallel: { gpus: 4, gradient_as_bucket_view: true }');
    assert.equal(view['gradient buckets'], 0);
    const jax = parts('framework: jax\nmodel: { params: 1B }\nparallel: { gpus: 4, strategy: ddp }');
    assert.equal(jax['gradient buckets'], undefined, "JAX's all-reduce is in the compiled step: no Reducer");
    assert.equal(jax.gradients, 4e9);
  });

  test('FSDP FULL_SHARD: states / N, two gathered layers and one layer of unsharded gradients in backward', () => {
    const bytes = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: fsdp_full }`,
    );
    const perLayer = 4 * 4096 * 4096 + 3 * 4096 * 11008 + 2 * 4096;
    assert.equal(bytes['gathered parameters'], 2 * perLayer * 2);
    assert.equal(bytes['gradient buckets'], perLayer * 4);
    assert.equal(bytes.weights, Math.ceil((6_738_415_616 * 4) / 8));
    assert.equal(bytes['autocast weight copies'], undefined, 'only the gathered layers are cast');
  });

  test('FSDP FULL_SHARD: the root unit (embedding and head, by the block-class wrap) stays gathered from forward to the end of backward', () => {
    const yaml = `model: { transformer: { ${layer} } }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: fsdp_full }`;
    const root = estimate(spec(yaml)).gpu.components.find((p) => p.name === 'gathered root unit');
    assert.equal(root?.bytes, 2 * 32000 * 4096 * 2, 'the head and the untied embedding in the compute dtype');
    assert.equal(root?.phase, 'backward');
    assert.equal(root?.isLossOnly, undefined, 'beside the loss and every layer alike');
    const tied = parts(yaml.replace('ffn: 11008', 'ffn: 11008, tied_embeddings: true'))['gathered root unit'];
    assert.equal(tied, 32000 * 4096 * 2, 'one tensor when tied');
    const titan = estimate(spec(yaml.replace('fsdp_full }', 'fsdp_full, fsdp_wrap: torchtitan }'))).gpu
      .components;
    const head = titan.find((p) => p.name === 'gathered LM head');
    assert.equal(head?.bytes, 32000 * 4096 * 2, "torchtitan's [norm, output] unit: the head alone");
    assert.equal(head?.isLossOnly, true);
    assert.ok(!titan.some((p) => p.name === 'gathered root unit'));
    const torchtune = estimate(
      spec(yaml.replace('fsdp_full }', 'fsdp_full, fsdp_wrap: layers_embedding_head }')),
    ).gpu.components;
    const ownHead = torchtune.find((p) => p.name === 'gathered LM head');
    assert.equal(ownHead?.bytes, 32000 * 4096 * 2, "torchtune's custom_sharded_layers: the head's own unit");
    assert.equal(ownHead?.isLossOnly, true, 'gathered for its forward and its backward, beside the loss');
    assert.ok(!torchtune.some((p) => p.name === 'gathered root unit'), 'the root holds only the final norm');
    assert.throws(
      () => spec(yaml.replace('fsdp_full }', 'fsdp_full, fsdp_wrap: tokens }')),
      /parallel\.fsdp_wrap/,
    );
    const zero3 = parts(yaml.replace('fsdp_full', 'zero3'));
    assert.equal(zero3['gathered LM head'], undefined, 'DeepSpeed gathers and frees module by module');
    assert.equal(zero3['gathered root unit'], undefined);
  });

  test("FSDP with offloaded gradients: the head's own unit reduces its gradient after its backward, the root's at the end", () => {
    const yaml = `model: { transformer: { ${layer} } }\ntraining: { precision: bf16, offload: { parameters: cpu, gradients: cpu, optimizer: cpu } }\nparallel: { gpus: 8, strategy: fsdp_full }`;
    const gradients = (wrap: string) =>
      estimate(spec(yaml.replace('fsdp_full }', `fsdp_full, fsdp_wrap: ${wrap} }`))).gpu.components.find(
        (p) => p.name === 'gradients',
      );
    assert.equal(gradients('layers')?.bytes, 32000 * 4096 * 2, 'the largest gradient, unsharded');
    assert.equal(gradients('layers')?.isLossOnly, undefined, 'the root unit reduces at the end of backward');
    assert.equal(gradients('layers_embedding_head')?.isLossOnly, true, 'beside the loss only');
    assert.equal(gradients('torchtitan')?.isLossOnly, true);
  });

  test('FSDP1 with offloaded parameters keeps every sharded gradient on the GPU until backward ends; FSDP2 frees them', () => {
    const yaml = `model: { transformer: { ${layer} } }\ntraining: { precision: bf16, offload: { parameters: cpu, gradients: cpu, optimizer: cpu } }\nparallel: { gpus: 8, strategy: fsdp_full }`;
    const kept = (extra: string) =>
      estimate(spec(yaml.replace('fsdp_full }', `fsdp_full${extra} }`))).gpu.components.find(
        (p) => p.name === 'sharded gradients (FSDP1 offload)',
      );
    const parameters = estimate(spec(yaml)).host.components.find((p) => p.name === 'weights (offloaded)');
    const fsdp1 = kept('');
    assert.equal(
      fsdp1?.bytes,
      parameters?.bytes,
      'bf16 gradients of every parameter / 8: the shards of bf16 weights',
    );
    assert.equal(fsdp1?.phase, 'step');
    assert.equal(fsdp1?.isAtBackwardEnd, true, 'all of them when backward ends, beside no activations');
    assert.equal(kept(', fsdp_version: 1')?.bytes, fsdp1?.bytes, 'the default with the layers wrap');
    assert.equal(kept(', fsdp_version: 2'), undefined, 'FSDP2 foreach_reduce frees its copy');
    assert.equal(kept(', fsdp_wrap: torchtitan'), undefined, "torchtitan's wrap is FSDP2's");
    assert.equal(kept(', fsdp_wrap: torchtitan, fsdp_version: 1')?.bytes, fsdp1?.bytes);
    assert.throws(
      () => spec(yaml.replace('fsdp_full }', 'fsdp_full, fsdp_version: 3 }')),
      /parallel\.fsdp_version/,
    );
  });

  test('ZeRO-3 keeps gathered what it uses again within stage3_max_reuse_distance: the last 5e8 elements, or the head', () => {
    const kept = (shape: string, extra = '') =>
      estimate(
        spec(
          `model: { transformer: { ${shape} } }\ntraining: { precision: amp_bf16 }\nparallel: { gpus: 8, strategy: zero3${extra} }`,
        ),
      ).gpu.components.find((p) => p.name === 'parameters kept for reuse');
    const llama7b = kept(layer);
    assert.equal(llama7b?.bytes, 5e8 * 2, 'the head (131M) and the last layers up to 1e9 / 2 elements');
    assert.equal(llama7b?.isLossOnly, true);
    const bigHead = kept(layer.replace('vocab: 32000', 'vocab: 250112'));
    assert.equal(bigHead?.bytes, 250112 * 4096 * 2, 'a head past 5e8 elements is kept alone');
    const small = kept(
      'family: llama, layers: 2, hidden: 512, heads: 8, vocab: 1000, ffn: 1024, seq_len: 128',
    );
    assert.equal(small?.formula.startsWith('the whole model'), true);
    assert.equal(kept(layer, ', deepspeed: { max_reuse_distance: 0 }'), undefined);
    assert.equal(
      kept(layer, ', deepspeed: { max_reuse_distance: 200000000 }')?.bytes,
      32000 * 4096 * 2,
      'the head alone past 1e8',
    );
  });

  test('FSDP SHARD_GRAD_OP keeps the whole model gathered from forward to the end of backward', () => {
    const bytes = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: bf16 }\nparallel: { gpus: 8, strategy: fsdp_grad_op }`,
    );
    assert.equal(bytes['unsharded parameters'], 6_738_415_616 * 2);
    assert.equal(bytes.weights, Math.ceil((6_738_415_616 * 2) / 8), 'sharded at rest');
  });

  test("NCCL's buffers are outside the allocator: in the peak, not in the live tensors", () => {
    const one = estimate(spec('model: { params: 1B }\nparallel: { gpus: 1 }'));
    const two = estimate(
      spec(
        'model: { params: 1B }\nparallel: { gpus: 2, nccl_buffers: 300MiB, gradient_as_bucket_view: true }',
      ),
    );
    assert.equal(two.gpu.peakBytes - one.gpu.peakBytes, 300 * MiB);
    assert.equal(two.gpu.allocatedPeakBytes, one.gpu.allocatedPeakBytes);
    assert.equal(
      one.gpu.components.find((p) => p.name === 'nccl buffers'),
      undefined,
    );
  });
});

describe('tensor parallelism and the gpus var', () => {
  test('tensor parallelism splits every state and most activations over T', () => {
    const at = (tensor: number) =>
      parts(
        `model: { transformer: { ${layer} } }\ntraining: { precision: bf16 }\nparallel: { gpus: ${tensor}, tensor: ${tensor} }`,
      );
    const [one, four] = [at(1), at(4)];
    assert.equal(four.weights, Math.ceil((one.weights ?? 0) / 4));
    assert.ok(
      (four.activations ?? 0) < (one.activations ?? 0) / 2 &&
        (four.activations ?? 0) > (one.activations ?? 0) / 4,
    );
    assert.throws(
      () => spec('model: { params: 1B }\nparallel: { gpus: 6, tensor: 4 }'),
      /parallel\.tensor: 4 does not divide the 6 GPUs/,
    );
  });

  test('`gpus` in an expression is parallel.gpus: a global batch split over the GPUs', () => {
    const split = spec(`vars: { B: 16 }
model: { transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 16 } }
training: { batch_size: B/gpus }
parallel: { gpus: 4 }`);
    assert.equal(estimate(split).inputs.batchSize, 4);
    assert.equal(estimate(split, { gpus: 8 }).inputs.batchSize, 2);
    assert.throws(
      () => spec('vars: { gpus: 2 }\nmodel: { params: 1M }'),
      /vars\.gpus: "gpus" is set by parallel\.gpus/,
    );
  });

  test('the report compares GPU counts, and per count the largest var within a budget', () => {
    const grpo = spec(`vars: { B: 8 }
model: { params: 10M, transformer: { layers: 2, hidden: 256, heads: 4, seq_len: 128 } }
training: { batch_size: B/gpus }
parallel: { strategy: ddp }`);
    const report = buildReport(grpo, { gpuCounts: [1, 2, 4, 8], solveVar: 'B', budgetBytes: 2 * 1024 ** 3 });
    const rows = report.gpuCounts ?? [];
    assert.deepEqual(
      rows.map((row) => row.gpus),
      [1, 2, 4, 8],
    );
    assert.ok(rows.every((row, i) => i === 0 || row.peakBytes < (rows[i - 1]?.peakBytes ?? 0) + 300 * MiB));
    const maxima = rows.map((row) => row.max ?? 0);
    assert.ok(
      maxima.every((max, i) => i === 0 || max > (maxima[i - 1] ?? 0)),
      `${maxima}: more GPUs, larger global B`,
    );
  });
});

describe('tensor, sequence and pipeline parallelism with FSDP (torchtitan semantics)', () => {
  const llama = (extra: string) =>
    `model: { transformer: { ${layer} }${extra} }\ntraining: { precision: bf16, activation_checkpointing: full }`;

  test("sequence parallel splits a checkpointed layer's input over the tensor ranks; without it every rank holds it", () => {
    const at = (parallel: string) => parts(`${llama('')}\nparallel: { ${parallel} }`);
    const one = at('gpus: 1');
    const sp = at('gpus: 8, tensor: 8');
    const noSp = at('gpus: 8, tensor: 8, sequence_parallel: false');
    // 32 layers × 1024 tokens × 4096 × 2 B on one GPU; an eighth of it on each of 8 with sequence parallel.
    assert.equal(one.activations, 32 * 1024 * 4096 * 2);
    assert.equal(sp.activations, (32 * 1024 * 4096 * 2) / 8);
    assert.equal(noSp.activations, one.activations, 'the residual stream is replicated (Korthikanti Eq. 2)');
    assert.ok((sp['recomputed layer'] ?? 0) < (noSp['recomputed layer'] ?? 0));
  });

  test('FSDP inside pipeline stages keeps the stage gathered and its gradients unsharded until the last micro-batch', () => {
    const bytes = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: mixed_bf16 }\nparallel: { gpus: 32, strategy: fsdp_full, pipeline: 4 }`,
    );
    const stage = 6_738_415_616 / 4;
    assert.equal(bytes['unsharded parameters'], Math.ceil(stage * 2));
    assert.equal(bytes['unsharded gradients'], Math.ceil(stage * 4), 'accumulated in the fp32 reduce dtype');
    assert.equal(bytes['gathered parameters'], undefined, 'nothing left to gather per layer');
    // The first stage's own states: its layers and the input embedding (the untied head is the last's).
    const embedding = 32000 * 4096;
    const first = (6_738_415_616 - 2 * embedding) / 4 + embedding;
    assert.equal(bytes.weights, Math.ceil((first * 4) / 8), 'sharded at rest over the 8 data-parallel ranks');
  });

  test('QLoRA under ZeRO-3 and FSDP: a unit is gathered in its 4-bit storage, and only the adapters reduce gradients', () => {
    const qlora = `, lora: { rank: 8, alpha: 16, targets: [q, k, v, o, gate, up, down] }, quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }`;
    const bytes = parts(`${llama(qlora)}\nparallel: { gpus: 2, strategy: fsdp_full }`);
    const linear = 4 * 4096 * 4096 + 3 * 4096 * 11008;
    // The packed 4 bits are gathered; the block scales (1/64 + 4/16384 B) stay whole on every GPU.
    assert.equal(bytes['gathered parameters'], Math.ceil(2 * (2 * 4096 * 2 + linear * 0.5)));
    assert.equal(bytes['quantization scales'], Math.ceil(32 * linear * (1 / 64 + 4 / (64 * 256))));
    const adapters = 8 * (4 * (4096 + 4096) + 3 * (4096 + 11008));
    assert.equal(bytes['gradient buckets'], adapters * 2);
  });

  test('mixed precision under the zero convention runs the forward in 16 bits (DeepSpeed casts the module)', () => {
    const at = (convention: string) =>
      parts(
        `model: { transformer: { ${layer} } }\ntraining: { precision: amp_bf16, convention: ${convention}, activation_checkpointing: full }\nparallel: { gpus: 8, strategy: zero3 }`,
      );
    assert.equal(at('zero').activations, 32 * 1024 * 4096 * 2);
    assert.equal(at('hf').activations, 32 * 1024 * 4096 * 4, "autocast's residual stream is fp32");
  });
});

test('a layer stack under FSDP FULL_SHARD is one unit, the root: gathered whole through forward and backward', () => {
  const cnn = (strategy: string) =>
    spec(`model:
  params: 25557032
  cnn:
    input: [3, 32, 32]
    layers:
      - { conv: 64 }
      - { pool: global }
      - { linear: 10 }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 128 }
parallel: { gpus: 2, strategy: ${strategy} }`);
  const breakdown = estimate(cnn('fsdp_full'));
  const part = (name: string) => breakdown.gpu.components.find((p) => p.name === name);
  assert.equal(part('gathered parameters')?.bytes, 25557032 * 2, 'once, in the compute dtype');
  assert.match(part('gathered parameters')?.formula ?? '', /whole model, one FSDP unit/);
  assert.equal(part('gradient buckets')?.bytes, 25557032 * 4, "the whole model's unsharded gradients");
  assert.ok(!breakdown.notes.some((note) => /sized from one layer/.test(note)), breakdown.notes.join('; '));
  // DeepSpeed ZeRO-3 gathers module by module (its hooks), not as one unit: still not sized.
  const zero3 = estimate(cnn('zero3'));
  assert.equal(
    zero3.gpu.components.find((p) => p.name === 'gathered parameters'),
    undefined,
  );
});

test('fsdp_wrap: model (no auto_wrap_policy) makes a transformer one unit: the whole model gathered, no root unit beside it', () => {
  const at = (wrap: string) =>
    estimate(
      spec(
        `model: { transformer: { ${layer} } }\ntraining: { precision: mixed_bf16 }\nparallel: { gpus: 4, strategy: fsdp_full${wrap} }`,
      ),
    );
  const whole = at(', fsdp_wrap: model');
  const part = (b: ReturnType<typeof at>, name: string) => b.gpu.components.find((p) => p.name === name);
  assert.equal(part(whole, 'gathered parameters')?.bytes, 6_738_415_616 * 2, 'every parameter once, bf16');
  assert.match(part(whole, 'gathered parameters')?.formula ?? '', /whole model, one FSDP unit/);
  assert.equal(part(whole, 'gradient buckets')?.bytes, 6_738_415_616 * 4, "the whole model's fp32 gradients");
  assert.equal(part(whole, 'gathered root unit'), undefined, 'the head is inside the one unit');
  assert.ok(part(at(''), 'gathered root unit'), 'the default wrap leaves the embedding and head in the root');
  assert.equal(
    spec('model: { params: 1B }\nparallel: { gpus: 2, strategy: fsdp_full, fsdp_wrap: model }').parallel
      .fsdpVersion,
    1,
  );
});

test("optimizer_instances: Megatron's distributed optimizer replicated, each copy sharded over dp / instances", () => {
  const states = (extra: string) =>
    parts(
      `model: { params: 1B }\ntraining: { precision: amp_bf16, convention: zero, optimizer: adamw }\nparallel: { gpus: 8, strategy: zero1, framework: megatron${extra} }`,
    )['optimizer states'] ?? 0;
  // fp32 master and two moments, 12 B: over 8 ranks, or over 4 with two instances.
  assert.equal(states(''), (1e9 * 12) / 8);
  assert.equal(states(', optimizer_instances: 2'), (1e9 * 12) / 4);
  assert.throws(
    () => spec('model: { params: 1B }\nparallel: { gpus: 8, strategy: zero1, optimizer_instances: 2 }'),
    /parallel\.optimizer_instances.*needs framework: megatron/s,
  );
  assert.throws(
    () =>
      spec(
        'model: { params: 1B }\nparallel: { gpus: 6, strategy: zero1, framework: megatron, optimizer_instances: 4 }',
      ),
    /4 does not divide the 6 data-parallel ranks/,
  );
});

describe("Megatron's interleaved pipeline schedule (parallel.virtual_stages)", () => {
  const at = (parallel: string) =>
    parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: bf16 }\nparallel: { gpus: 4, pipeline: 4, micro_batches: 8, ${parallel} }`,
    );
  test("the first rank keeps 1 + (p − 1)/(p·v) of the plain schedule's layers' worth (Korthikanti et al. 2022, §4.2.3)", () => {
    const plain = at('pipeline_stage: first').activations ?? 0;
    // p 4, v 2: 2(4 − 1) + (2 − 1)·4 + 1 = 11 chunk micro-batches of 32 / 8 = 4 layers: 44 layers against 32.
    assert.equal(at('pipeline_stage: first, virtual_stages: 2').activations, (plain * 44) / 32);
    assert.equal(44 / 32, 1 + 3 / (4 * 2));
  });
  test('the last rank keeps (v − 1)·p + 1 chunk micro-batches, capped at all m·v of them', () => {
    const plain = at('pipeline_stage: last').activations ?? 0;
    // Plain 1F1B: one micro-batch of 8 layers on the last stage; interleaved v 4: 3·4 + 1 = 13 chunks of 2 layers.
    assert.equal(at('pipeline_stage: last, virtual_stages: 4').activations, (plain * 26) / 8);
    // m 2, v 2: the warm-up (0 + 4) covers all 4 chunk micro-batches.
    const few = parts(
      `model: { transformer: { ${layer} } }\ntraining: { precision: bf16 }\nparallel: { gpus: 4, pipeline: 4, micro_batches: 2, pipeline_stage: last, virtual_stages: 2 }`,
    );
    assert.equal(few.activations, (plain * 4 * 4) / 8);
  });
  test('without a pipeline, or under GPipe, it is a located error', () => {
    assert.throws(
      () => spec('model: { params: 1B }\nparallel: { gpus: 2, virtual_stages: 2 }'),
      /x\.yaml:2:.*parallel\.virtual_stages.*needs parallel\.pipeline > 1/s,
    );
    assert.throws(
      () =>
        spec('model: { params: 1B }\nparallel: { gpus: 4, pipeline: 4, schedule: gpipe, virtual_stages: 2 }'),
      /parallel\.virtual_stages.*interleaves the 1f1b schedule/s,
    );
  });
});

describe("accelerate's FSDP upcast of 16-bit parameters under mixed precision (parallel.fsdp_upcast)", () => {
  const yaml = (lora: string, extra: string, precision = 'bf16') =>
    `model: { transformer: { ${layer} }${lora} }\ntraining: { precision: ${precision} }\nparallel: { gpus: 2, strategy: fsdp_full, fsdp_version: 2${extra} }`;
  test('every parameter held as an fp32 shard, frozen ones too; the gathered units still 16-bit', () => {
    const lora = ', lora: { rank: 8, targets: [q, v] }';
    const plain = parts(yaml(lora, ''));
    const upcast = parts(yaml(lora, ', fsdp_upcast: true'));
    // The LoRA adapters are fp32 already (PEFT): the frozen base doubles, from 2 to 4 B.
    assert.ok(
      Math.abs((upcast.weights ?? 0) / (plain.weights ?? 1) - 2) < 0.01,
      `${upcast.weights} ${plain.weights}`,
    );
    assert.equal(upcast['gathered parameters'], plain['gathered parameters']);
    const full = parts(yaml('', ', fsdp_upcast: true'));
    assert.deepEqual(
      [full.weights, full.gradients, full['optimizer states']],
      [
        parts(yaml('', '', 'mixed_bf16')).weights,
        parts(yaml('', '', 'mixed_bf16')).gradients,
        parts(yaml('', '', 'mixed_bf16'))['optimizer states'],
      ],
      'a full fine-tune as FSDP MixedPrecision holds it: fp32 shards, gradients and states',
    );
    // accelerate's MixedPrecisionPolicy reduces in the param dtype: a unit's unsharded gradients stay 16-bit.
    assert.equal(full['gradient buckets'], parts(yaml('', ''))['gradient buckets']);
    assert.equal(parts(yaml('', '', 'mixed_bf16'))['gradient buckets'], 2 * (full['gradient buckets'] ?? 0));
  });
  test('needs 16-bit weights under FSDP', () => {
    assert.throws(
      () => spec(yaml('', ', fsdp_upcast: true', 'fp32')),
      /parallel\.fsdp_upcast: upcasts 16-bit/,
    );
    assert.throws(
      () => spec(yaml('', ', fsdp_upcast: true').replace('strategy: fsdp_full', 'strategy: zero3')),
      /parallel\.fsdp_upcast: needs strategy fsdp_full or fsdp_grad_op, not zero3/,
    );
  });
});

describe('ZeRO-3 over a model not built under deepspeed.zero.Init (parallel.deepspeed.zero_init: false)', () => {
  const llama8b =
    'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false, attention: flash';
  const zero3 = (seq: number, zeroInit: string) =>
    estimate(
      spec(
        `model:\n  params: 8030261248\n  transformer: { ${llama8b}, seq_len: ${seq} }\ntraining: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: fused, offload: { optimizer: cpu } }\nparallel: { gpus: 8, strategy: zero3${zeroInit} }`,
      ),
    );

  test('deepspeed.initialize moves the 16-bit model to the GPU whole before partitioning: the peak is the larger of that and the step', () => {
    const built = zero3(8192, '');
    const loaded = zero3(8192, ', deepspeed: { zero_init: false }');
    const load = loaded.gpu.components.find((p) => p.name === 'model loaded whole');
    assert.equal(load?.bytes, 8030261248 * 2);
    assert.equal(load?.isAtLoad, true);
    assert.equal(
      built.gpu.components.find((p) => p.name === 'model loaded whole'),
      undefined,
      'zero.Init (the default) builds it partitioned',
    );
    // At 8K tokens the step needs less than the whole model: the load is the peak, allocated included.
    assert.ok(built.gpu.peakBytes < 8030261248 * 2);
    assert.equal(loaded.gpu.allocatedPeakBytes, 8030261248 * 2);
    const outside = loaded.gpu.components
      .filter((p) => p.name === 'cuda context' || p.name === 'nccl buffers')
      .reduce((sum, p) => sum + p.bytes, 0);
    assert.equal(loaded.gpu.peakBytes, outside + 8030261248 * 2);
    assert.ok(loaded.notes.some((note) => note.includes("the peak is the model's load")));
    // At 64K tokens the step is larger: the load changes nothing.
    assert.equal(
      zero3(65536, ', deepspeed: { zero_init: false }').gpu.peakBytes,
      zero3(65536, '').gpu.peakBytes,
    );
  });

  test('zero_init is refused under any strategy but zero3, naming the field', () => {
    assert.throws(
      () =>
        spec(
          'model: { params: 1B }\nparallel: { gpus: 2, strategy: zero2, deepspeed: { zero_init: false } }',
        ),
      /parallel\.deepspeed\.zero_init: needs parallel\.strategy zero3/,
    );
  });
});
