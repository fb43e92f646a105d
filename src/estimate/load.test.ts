import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../errors.js';
import { parseEstimateSpec } from './load.js';

/** The located messages a bad spec produces. */
function problems(text: string | undefined, overlay?: Parameters<typeof parseEstimateSpec>[2]): string[] {
  try {
    parseEstimateSpec(text, text === undefined ? undefined : 'specs/grpo.yaml', overlay);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected ConfigError, got ${error}`);
    assert.equal(error.exitCode, 2);
    return error.message.split('\n');
  }
  assert.fail('spec was accepted');
}

describe('valid specs', () => {
  test('the issue example parses, with the defaults filled in', () => {
    const spec = parseEstimateSpec(
      `framework: torch
vars: { B: 2, G: 4, T: 50 }
model:
  params: 335M
  transformer: { layers: 24, hidden: 1024, heads: 16, seq_len: 512, vocab: 30522, ffn: 4096, lm_head: false }
  buffers: 0
training:
  precision: fp32
  optimizer: adamw
  batch_size: B*G
  grad_accumulation: 1
  activation_checkpointing: none
tensors:
  - { name: trajectories, shape: [B*G, 263, 1, 196], dtype: float32, count: T }
host:
  dataloader: { workers: 4, prefetch_factor: 2, sample_bytes: 12MiB, pin_memory: true }
  dataset_in_memory: 0
cuda: { context: 500MiB }
`,
      'x.yaml',
    );
    assert.equal(spec.model.params, 335_000_000);
    assert.equal(spec.training.batchSize.text, 'B*G');
    assert.equal(spec.training.convention, 'hf');
    assert.equal(spec.tensors[0]?.bytesPerElement, 4);
    assert.equal(spec.host.sampleBytes, 12 * 1024 ** 2);
    assert.equal(spec.cuda.contextBytes, 500 * 1024 ** 2);
    assert.equal(spec.model.transformer?.attention, 'eager');
  });

  test('buffers: a byte size is bytes, a count is fp32 elements', () => {
    const bytes = parseEstimateSpec('model: { params: 1M, buffers: 4MiB }', 'x.yaml');
    assert.equal(bytes.model.buffersBytes, 4 * 1024 ** 2);
    const count = parseEstimateSpec('model: { params: 1M, buffers: 2M }', 'x.yaml');
    assert.equal(count.model.buffersBytes, 8_000_000);
  });

  test('a transformer without params gets its count from the shape', () => {
    const spec = parseEstimateSpec(
      'model: { transformer: { layers: 2, hidden: 8, heads: 2, seq_len: 4 } }',
      'x.yaml',
    );
    assert.ok((spec.model.params ?? 0) > 0);
  });

  test('flags alone make a spec, and override the file', () => {
    const spec = parseEstimateSpec(undefined, undefined, {
      values: { model: { params: '7B' }, training: { batch_size: '8' } },
      flagByPath: { 'model.params': '--params', 'training.batch_size': '--batch-size' },
    });
    assert.equal(spec.model.params, 7e9);
    const merged = parseEstimateSpec(
      'vars: { B: 2, G: 4 }\nmodel: { params: 1M }\ntraining: { batch_size: B*G }',
      'x.yaml',
      {
        values: { vars: { B: 3 } },
        flagByPath: { 'vars.B': '--var' },
      },
    );
    assert.deepEqual(merged.vars, { B: 3, G: 4 });
  });
});

describe('located errors', () => {
  test('an unknown field says where, which field, and suggests the nearest key', () => {
    assert.deepEqual(problems('model: { params: 1M }\ntraining:\n  batch_sise: 4\n'), [
      'specs/grpo.yaml:3:3: training.batch_sise: unknown key "batch_sise"; did you mean "batch_size"?',
    ]);
    assert.deepEqual(problems('model: { params: 1M }\nhost:\n  dataloader: { worker: 4 }\n'), [
      'specs/grpo.yaml:3:17: host.dataloader.worker: unknown key "worker"; did you mean "workers"?',
    ]);
  });

  test('a bad unit is located at its value', () => {
    assert.deepEqual(problems('model: { params: 1M }\ncuda:\n  context: 500MB0\n'), [
      'specs/grpo.yaml:3:12: cuda.context: "500MB0" is not a size such as 24GiB, 24GB or 512MiB',
    ]);
    assert.deepEqual(problems('model:\n  params: 335MiB\n'), [
      'specs/grpo.yaml:2:11: model.params: "335MiB" is not a count such as 335M, 1.5B or 335143938 (parameters, not bytes)',
    ]);
  });

  test('a shape that uses an undefined var points at the var', () => {
    const text = `vars: { B: 2, G: 4 }
model: { params: 1M }
tensors:
  - name: trajectories
    shape: [B*Q, 263]
`;
    assert.deepEqual(problems(text), [
      'specs/grpo.yaml:5:15: tensors[0].shape[0]: undefined var "Q" in "B*Q"; vars: B, G',
    ]);
    assert.deepEqual(
      problems('vars: { steps: 5 }\nmodel: { params: 1M }\ntensors: [{ name: x, shape: [step] }]\n'),
      ['specs/grpo.yaml:3:30: tensors[0].shape[0]: undefined var "step" in "step"; did you mean "steps"?'],
    );
    assert.deepEqual(problems('model: { params: 1M }\ntraining: { batch_size: N }\n'), [
      'specs/grpo.yaml:2:25: training.batch_size: undefined var "N" in "N"; define it under vars:',
    ]);
  });

  test('malformed expressions, unknown dtypes and missing models are located', () => {
    assert.deepEqual(problems('model: { params: 1M }\ntraining: { batch_size: "B*" }\n'), [
      'specs/grpo.yaml:2:25: training.batch_size: "B*": expression ends too early at character 3',
    ]);
    assert.deepEqual(
      problems('model: { params: 1M }\ntensors: [{ name: x, shape: [2], dtype: flaot32 }]\n'),
      ['specs/grpo.yaml:2:41: tensors[0].dtype: unknown dtype "flaot32"; did you mean "float32"?'],
    );
    assert.match(problems('model: {}\n')[0] ?? '', /^specs\/grpo.yaml:1:8: model: needs params/);
    assert.match(
      problems('training: { precision: fp8 }\nmodel: { params: 1M }\n')[0] ?? '',
      /training.precision: expected one of fp32/,
    );
  });

  test('the new sections are located and suggest their keys too', () => {
    assert.deepEqual(problems('model:\n  params: 1M\n  lora: { rank: 8, targts: [q] }\n'), [
      'specs/grpo.yaml:3:20: model.lora.targts: unknown key "targts"; did you mean "targets"?',
    ]);
    assert.deepEqual(problems('model:\n  params: 1M\nparallel:\n  strategy: zero4\n'), [
      'specs/grpo.yaml:4:13: parallel.strategy: expected one of ddp, zero1, zero2, zero3, fsdp_full, fsdp_grad_op',
    ]);
    assert.deepEqual(problems('model:\n  params: 1M\nparallel:\n  fsdp_version: 3\n'), [
      'specs/grpo.yaml:4:17: parallel.fsdp_version: expected 1 or 2',
    ]);
    assert.deepEqual(
      problems('model:\n  params: 1M\nparallel:\n  strategy: fsdp_full\n  fsdp_upcast: true\n'),
      [
        'specs/grpo.yaml:5:16: parallel.fsdp_upcast: upcasts 16-bit parameters: needs training.precision bf16 or fp16, not fp32',
      ],
    );
    assert.deepEqual(
      problems('model: { params: 1M }\ntraining: { optimizer_in_backward: true, grad_accumulation: 4 }\n'),
      ['specs/grpo.yaml:2:36: training.optimizer_in_backward: cannot be combined with grad_accumulation > 1'],
    );
    assert.deepEqual(
      problems('model:\n  transformer: { layers: 2, hidden: 64, heads: 8, kv_heads: 3, seq_len: 8 }\n'),
      ['specs/grpo.yaml:2:61: model.transformer.kv_heads: 3 does not divide the 8 heads'],
    );
    assert.deepEqual(problems('model:\n  transformer: { layers: 2, hidden: 64, heads: 8 }\n'), [
      'specs/grpo.yaml:2:16: model.transformer: needs seq_len',
    ]);
  });

  test('problems in flags name the flag', () => {
    assert.deepEqual(
      problems(undefined, {
        values: { model: { params: '1M' }, training: { precision: 'bf16' }, device: 'gpu' },
        flagByPath: { 'model.params': '--params', device: '--device' },
      }),
      ['command line: --device: expected one of cuda, cpu'],
    );
    assert.deepEqual(
      problems(undefined, {
        values: { model: { params: '7B', lora: { rank: 8 } } },
        flagByPath: { 'model.params': '--params', 'model.lora.rank': '--lora-rank' },
      }),
      [
        'command line: --lora-rank: needs model.transformer or model.config: the adapters are sized from the layers',
      ],
    );
    const lines = problems(undefined, {
      values: { model: { params: '1M' }, training: { batch_size: 'B*G' } },
      flagByPath: { 'model.params': '--params', 'training.batch_size': '--batch-size' },
    });
    assert.deepEqual(lines, [
      'command line: --batch-size: undefined var "B" in "B*G"; define it under vars:',
    ]);
  });
});
