import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blockBytes } from './cuda.js';
import { estimate } from './estimate.js';
import { pinnedBlockBytes } from './host.js';
import { parseEstimateSpec } from './load.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const gpuPart = (yaml: string, name: string) =>
  estimate(spec(yaml)).gpu.components.find((p) => p.name === name)?.bytes;

describe('GPU parts', () => {
  const bert = (training = 'batch_size: 4') =>
    `model: { params: 335143938, transformer: { layers: 24, hidden: 1024, heads: 16, seq_len: 512 } }
training: { ${training} }`;

  test('the convention switch: 18 bytes/param (hf) or 16 (zero) for mixed-precision AdamW', () => {
    const states = (convention: string) =>
      estimate(spec(`model: { params: 1B }\ntraining: { precision: amp_fp16, convention: ${convention} }`))
        .gpu.components.filter((p) => ['weights', 'gradients', 'optimizer states'].includes(p.name))
        .reduce((sum, p) => sum + p.bytes, 0);
    assert.equal(states('hf'), 18e9);
    assert.equal(states('zero'), 16e9);
    assert.equal(states('eleuther'), 18e9);
    assert.equal(states('accelerate'), 18e9);
  });

  test('checkpointing shrinks stored activations: none > selective > full', () => {
    const stored = (mode: string) =>
      gpuPart(bert(`batch_size: 4, activation_checkpointing: ${mode}`), 'activations') ?? 0;
    assert.ok(stored('none') > stored('selective'));
    assert.ok(stored('selective') > stored('full'));
    assert.equal(stored('full'), 24 * 4 * 512 * 4 * 1024, 'full keeps each layer input: e·s·b·h per layer');
  });

  test('activations grow linearly with the batch; the peak takes forward/backward or the step, not both', () => {
    const at = (batch: number) => estimate(spec(bert(`batch_size: ${batch}`)));
    assert.equal(
      at(8).gpu.components.find((p) => p.name === 'activations')?.bytes,
      2 * (at(4).gpu.components.find((p) => p.name === 'activations')?.bytes ?? 0),
    );
    const breakdown = at(4);
    const always = breakdown.gpu.components.filter((p) => !p.phase).reduce((s, p) => s + p.bytes, 0);
    const backward = breakdown.gpu.components
      .filter((p) => p.phase === 'backward')
      .reduce((s, p) => s + p.bytes, 0);
    assert.equal(breakdown.gpu.peakBytes, always + backward);
  });

  test('logits only with an LM head; inference keeps one layer, no gradients or optimizer states', () => {
    const withHead = spec(
      `model: { params: 100M, transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 16, vocab: 1000, lm_head: true } }`,
    );
    assert.equal(
      estimate(withHead).gpu.components.find((p) => p.name === 'logits')?.bytes,
      4 * 2 * 16 * 1 * 1000,
    );
    const inference = estimate(
      spec(
        `model: { params: 100M, transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 16 } }\ntraining: { optimizer: none }`,
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
    const tensors = spec(`vars: { N: 3 }\nmodel: { params: 0 }\ntraining: { optimizer: none }
tensors: [{ name: ids, shape: [N, 7], dtype: int64, count: 2 }]`);
    assert.equal(estimate(tensors).gpu.components.find((p) => p.name === 'ids')?.bytes, 2 * 3 * 7 * 8);
  });

  test('context and workspaces by framework and loading; a given context wins', () => {
    assert.equal(gpuPart('model: { params: 0 }', 'cuda context'), 450 * MiB);
    assert.equal(gpuPart('framework: jax\nmodel: { params: 0 }', 'cuda context'), 512 * MiB);
    assert.equal(
      gpuPart('model: { params: 0 }\ncuda: { module_loading: eager }', 'cuda context'),
      1280 * MiB,
    );
    assert.equal(gpuPart('model: { params: 0 }\ncuda: { context: 1GiB }', 'cuda context'), GiB);
    assert.equal(gpuPart('model: { params: 0 }', 'library workspaces'), 2 * (8_519_680 + 4 * MiB));
    assert.equal(gpuPart('framework: jax\nmodel: { params: 0 }', 'library workspaces'), undefined);
  });
});

describe('host parts', () => {
  const loader = (extra: string) => `model: { params: 1M }
training: { batch_size: 24 }
host:
  dataloader: { workers: 4, prefetch_factor: 2, sample_bytes: 10MiB${extra} }
  dataset_in_memory: 1GiB`;

  test('workers × prefetch × batch in shared memory, one worker process each, dataset copied per worker', () => {
    const breakdown = estimate(spec(loader('')));
    const bytes = Object.fromEntries(breakdown.host.components.map((p) => [p.name, p.bytes]));
    assert.equal(bytes['dataloader batches'], 4 * 2 * 24 * 10 * MiB);
    assert.equal(bytes['dataloader workers'], 4 * 320 * MiB);
    assert.equal(bytes['dataset in memory'], 5 * GiB);
    assert.equal(bytes['pinned batches'], undefined);
    assert.equal(
      breakdown.host.peakBytes,
      Object.values(bytes).reduce((s, b) => s + (b ?? 0), 0),
    );
  });

  test('pin_memory adds page-locked copies rounded up to a power of two', () => {
    assert.equal(pinnedBlockBytes(240 * MiB), 256 * MiB);
    assert.equal(pinnedBlockBytes(256 * MiB), 256 * MiB);
    const pinned = estimate(spec(loader(', pin_memory: true'))).host.components.find(
      (p) => p.name === 'pinned batches',
    );
    assert.equal(pinned?.bytes, (4 * 2 + 1) * 256 * MiB);
  });

  test('a shared dataset is held once; no workers means one batch built in the main process', () => {
    const shared = estimate(spec(`${loader('')}\n  dataset_shared: true`));
    assert.equal(shared.host.components.find((p) => p.name === 'dataset in memory')?.bytes, GiB);
    const inline = estimate(spec(loader('').replace('workers: 4', 'workers: 0')));
    assert.equal(inline.host.components.find((p) => p.name === 'dataloader batches')?.bytes, 24 * 10 * MiB);
    assert.equal(
      inline.host.components.find((p) => p.name === 'dataloader workers'),
      undefined,
    );
  });
});
