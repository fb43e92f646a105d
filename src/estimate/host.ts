// Host (CPU) memory of a training process: the interpreter and libraries, DataLoader workers, the
// batches in flight, pinned copies and the dataset each worker ends up holding.
import { formatBytes } from '../units.js';
import type { Component, EstimateSpec } from './types.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

// Resident memory of the training process: Python, the framework and its CUDA libraries. pytorch
// #113326 measured 0.43–2.0 GB max RSS for a process that only made one CUDA tensor; #19355 saw
// ~1.2 GB for a ResNet-18 training process before its loaders. cuBLAS/cuDNN load on first use: 2 GiB.
const defaultProcessBytes = 2 * GiB;
// One DataLoader worker: `import torch` alone is ~322 MB max RSS (pytorch #113326). Spawn and
// forkserver workers (forkserver is Linux's default from Python 3.14) import it again; forked workers
// share those pages until refcount updates copy them (pytorch #13246).
const defaultWorkerBytes = 320 * MiB;

/** Smallest power of two ≥ bytes: PyTorch's CachingHostAllocator rounds pinned blocks this way. */
export function pinnedBlockBytes(bytes: number): number {
  return bytes <= 0 ? 0 : 2 ** Math.ceil(Math.log2(bytes));
}

/** Host parts of the estimate for a batch of `batch` samples. */
export function hostComponents(spec: EstimateSpec, batch: number): Component[] {
  const host = spec.host;
  const batchBytes = batch * host.sampleBytes;
  const workers = host.workers;
  const components: Component[] = [
    {
      name: 'process',
      bytes: host.processBytes ?? defaultProcessBytes,
      formula: `Python + ${spec.framework} + CUDA libraries${host.processBytes === undefined ? ' (typical; set host.process)' : ''}`,
    },
  ];
  if (workers > 0) {
    const each = host.workerBytes ?? defaultWorkerBytes;
    components.push({
      name: 'dataloader workers',
      bytes: workers * each,
      formula: `${workers} worker process${workers === 1 ? '' : 'es'} × ${formatBytes(each)}`,
    });
  }
  if (batchBytes > 0) {
    // Each worker keeps prefetch_factor batches in flight (torch.utils.data: prefetch_factor × num_workers
    // outstanding); they come back through shared memory (/dev/shm). Without workers the main process
    // builds one batch at a time.
    const inFlight = workers > 0 ? workers * host.prefetchFactor : 1;
    const formula =
      workers > 0
        ? `${workers} worker${workers === 1 ? '' : 's'} × prefetch_factor ${host.prefetchFactor} × batch ${batch} × ${formatBytes(host.sampleBytes)} (shared memory)`
        : `batch ${batch} × ${formatBytes(host.sampleBytes)} built in the main process`;
    components.push({ name: 'dataloader batches', bytes: inFlight * batchBytes, formula });
  }
  if (batchBytes > 0 && host.pinMemory) {
    // The pin-memory thread copies every batch that arrives, plus the one in use, into page-locked
    // memory; the CachingHostAllocator keeps those blocks, each rounded up to a power of two.
    const pinned = (workers > 0 ? workers * host.prefetchFactor : 0) + 1;
    const block = pinnedBlockBytes(batchBytes);
    components.push({
      name: 'pinned batches',
      bytes: pinned * block,
      formula: `${pinned} batches × ${formatBytes(block)} (page-locked; ${formatBytes(batchBytes)} rounded up to a power of two)`,
    });
  }
  if (host.datasetBytes > 0) {
    // A dataset held in Python objects is copied into every forked worker as refcount updates touch
    // its pages (pytorch #13246); numpy arrays or shared memory keep one copy (dataset_shared: true).
    const copies = host.isDatasetShared ? 1 : 1 + workers;
    components.push({
      name: 'dataset in memory',
      bytes: copies * host.datasetBytes,
      formula: `${formatBytes(host.datasetBytes)} × ${copies} ${copies === 1 ? 'copy' : 'copies (main + each worker)'}`,
    });
  }
  return components;
}
