import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimate } from './estimate.js';
import { pinnedBlockBytes, touchedFraction } from './host.js';
import { parseEstimateSpec } from './load.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const spec = (yaml: string) => parseEstimateSpec(yaml, 'x.yaml');
const hostParts = (yaml: string) =>
  Object.fromEntries(estimate(spec(yaml)).host.components.map((p) => [p.name, p.bytes]));

const loader = (extra: string, host = '') => `model: { params: 1M }
training: { batch_size: 24 }
host:
  dataloader: { workers: 4, prefetch_factor: 2, sample_bytes: 10MiB${extra} }${host}`;

describe('DataLoader', () => {
  test('outstanding batches in shared memory plus the one in use, and each worker collating its samples', () => {
    const bytes = hostParts(loader(''));
    assert.equal(bytes['dataloader batches'], (4 * 2 + 1) * 24 * 10 * MiB);
    assert.equal(bytes['samples being collated'], 4 * 24 * 10 * MiB);
    assert.equal(bytes['pinned batches'], undefined);
  });

  test('forked workers cost their private pages; spawned and forkserver workers import torch again', () => {
    assert.equal(hostParts(loader(''))['dataloader workers'], 4 * 128 * MiB);
    assert.equal(hostParts(loader(', start: spawn'))['dataloader workers'], 4 * 320 * MiB);
    assert.equal(hostParts(loader(', start: forkserver'))['dataloader workers'], 4 * 320 * MiB);
  });

  test('pin_memory: page-locked copies rounded up to a power of two; the batch in use is one of them', () => {
    assert.equal(pinnedBlockBytes(240 * MiB), 256 * MiB);
    assert.equal(pinnedBlockBytes(256 * MiB), 256 * MiB);
    const bytes = hostParts(loader(', pin_memory: true'));
    assert.equal(bytes['pinned batches'], (4 * 2 + 1) * 256 * MiB);
    assert.equal(bytes['dataloader batches'], 4 * 2 * 24 * 10 * MiB);
  });

  test('without workers the main process holds the samples and their collated batch', () => {
    const bytes = hostParts(loader('').replace('workers: 4', 'workers: 0'));
    assert.equal(bytes['dataloader batches'], 2 * 24 * 10 * MiB);
    assert.equal(bytes['dataloader workers'], undefined);
  });
});

describe('datasets held in RAM (pytorch #13246: refcounts copy Python objects into forked workers)', () => {
  const dataset = (storage: string, extra = '') =>
    hostParts(loader(extra, `\n  dataset: { bytes: 4GiB, storage: ${storage} }`))['dataset in memory'];

  test('Python objects: each fresh forked worker copies what it touches, a quarter with 4 workers', () => {
    assert.equal(touchedFraction(4, 1, false), 0.25);
    assert.equal(dataset('python_objects'), 4 * GiB * (1 + 4 * 0.25));
  });

  test('persistent workers keep what they touched: the copies grow over epochs towards one per worker', () => {
    assert.equal(touchedFraction(4, 3, true), 1 - 0.75 ** 3);
    const grown = (epochs: number) =>
      estimate(
        spec(
          `${loader(', persistent_workers: true', '\n  dataset: { bytes: 4GiB }')}\n`.replace(
            'batch_size: 24',
            `batch_size: 24, epochs: ${epochs}`,
          ),
        ),
      ).host.components.find((p) => p.name === 'dataset in memory')?.bytes ?? 0;
    assert.ok(grown(1) < grown(3) && grown(3) < grown(20));
    assert.ok(grown(20) < 4 * GiB * 5 && grown(20) > 4 * GiB * 4.9);
  });

  test('numpy is shared with forked workers; arrow and mmap stay in the reclaimable page cache', () => {
    assert.equal(dataset('numpy'), 4 * GiB);
    assert.equal(dataset('arrow'), 0);
    assert.equal(dataset('mmap'), 0);
  });

  test('spawned workers unpickle their own copy, whatever the storage in RAM', () => {
    assert.equal(dataset('numpy', ', start: spawn'), 5 * 4 * GiB);
  });

  test('the older dataset_in_memory / dataset_shared fields mean Python objects / numpy', () => {
    const legacy = (shared: boolean) =>
      hostParts(loader('', `\n  dataset_in_memory: 4GiB\n  dataset_shared: ${shared}`))['dataset in memory'];
    assert.equal(legacy(true), 4 * GiB);
    assert.equal(legacy(false), 8 * GiB);
  });

  test('a per-sample cache fills in each worker that loads the sample; persistent workers keep growing', () => {
    const cache = (extra: string, epochs: number) =>
      estimate(
        spec(
          loader(extra, '\n  dataset: { cache: 2GiB }').replace(
            'batch_size: 24',
            `batch_size: 24, epochs: ${epochs}`,
          ),
        ),
      ).host.components.find((p) => p.name === 'sample cache')?.bytes;
    assert.equal(cache('', 5), 2 * GiB, 'fresh workers each epoch: one epoch of samples spread over them');
    assert.ok((cache(', persistent_workers: true', 5) ?? 0) > 2 * GiB * 3);
  });
});

describe('training on the CPU and offloading', () => {
  test('device: cpu puts the model states and activations in the main process; no GPU, no fits table', () => {
    const breakdown = estimate(
      spec(`device: cpu
model: { params: 1M, transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 32 } }
training: { batch_size: 8 }`),
    );
    assert.equal(breakdown.gpu.peakBytes, 0);
    const names = breakdown.host.components.map((p) => p.name);
    for (const name of ['process', 'weights', 'optimizer states', 'activations'])
      assert.ok(names.includes(name), name);
    assert.equal(breakdown.host.components.find((p) => p.name === 'process')?.bytes, 400 * MiB);
  });

  test('offloaded optimizer states and activations move to the host', () => {
    const yaml = `model: { params: 1B, transformer: { layers: 4, hidden: 512, heads: 8, seq_len: 128 } }
training: { precision: bf16, offload: { optimizer: cpu, activations: cpu } }`;
    const breakdown = estimate(spec(yaml));
    const gpu = breakdown.gpu.components.map((p) => p.name);
    const host = breakdown.host.components.map((p) => p.name);
    assert.ok(!gpu.includes('optimizer states') && host.includes('optimizer states (offloaded)'));
    assert.ok(host.includes('gradients (offloaded copy)'));
    assert.ok(
      !gpu.includes('activations') &&
        gpu.includes('activations in flight') &&
        host.includes('activations (offloaded)'),
    );
  });

  test("torchtune's activation offloading: 5 checkpointed inputs stashed through the loss, 2 brought back per layer", () => {
    const yaml = `model: { params: 1B, transformer: { family: llama, layers: 4, hidden: 512, heads: 8, ffn: 1408, vocab: 1000, seq_len: 128 } }
training: { precision: bf16, batch_size: 2, activation_checkpointing: full, offload: { activations: cpu } }`;
    const parts = estimate(spec(yaml)).gpu.components;
    const input = 2 * 128 * 512 * 2; // one checkpointed layer's input: b × s × h × 2 B
    const stash = parts.find((p) => p.name === 'offload stash');
    const inFlight = parts.find((p) => p.name === 'activations in flight');
    assert.equal(stash?.bytes, 5 * input);
    assert.equal(stash?.isLossOnly, true, 'cleared once backward reaches the first offloaded tensor');
    assert.equal(inFlight?.bytes, 2 * input);
    assert.equal(inFlight?.isAtBackwardEnd, true);
  });

  test("verl's and ms-swift's layer-group offloading (cpu_layers): one layer's saved tensors at a time, through the loss and in backward", () => {
    const yaml = (
      activations: string,
    ) => `model: { params: 1B, transformer: { family: llama, layers: 4, hidden: 512, heads: 8, ffn: 1408, vocab: 1000, seq_len: 128 } }
training: { precision: bf16, batch_size: 2${activations} }
parallel: { gpus: 2, strategy: fsdp_full }`;
    const kept = estimate(spec(yaml(''))).gpu.components.find((p) => p.name === 'activations');
    const breakdown = estimate(spec(yaml(', offload: { activations: cpu_layers }')));
    const names = breakdown.gpu.components.map((p) => p.name);
    const group = breakdown.gpu.components.find((p) => p.name === 'offloaded layers in flight');
    assert.ok(kept && kept.bytes > 0);
    assert.equal(
      group?.bytes,
      (kept?.bytes ?? 0) / 4,
      "the four layers' activations, one of them on the GPU",
    );
    assert.equal(group?.isLossOnly, undefined, "the last layer's group beside the logits");
    assert.ok(!names.includes('activations') && !names.includes('offload stash'));
    assert.equal(
      breakdown.host.components.find((p) => p.name === 'activations (offloaded)')?.bytes,
      kept?.bytes,
    );
    assert.throws(
      () => spec(yaml(', offload: { activations: cpu_layers }').replace('fsdp_full', 'ddp')),
      /training\.offload\.activations: cpu_layers needs parallel\.strategy fsdp_full or fsdp_grad_op, not ddp/,
    );
  });
});
