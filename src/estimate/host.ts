// Host (CPU) memory of a training process tree: the interpreter and libraries, DataLoader workers, the
// batches in flight, pinned copies, the dataset and caches the workers come to hold, and whatever the
// GPU side moved here (offloaded states, or everything when training on the CPU). Counted once per
// page, as a cgroup and PSS count it: pages forked workers share with the parent are not repeated.
import { formatBytes } from '../units.js';
import type { Component, EstimateSpec } from './types.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

// Resident memory of a CUDA training process: Python, the framework and its CUDA libraries. pytorch
// #113326 measured 0.43–2.0 GB max RSS for a process that only made one CUDA tensor; #19355 saw
// ~1.2 GB for a ResNet-18 training process before its loaders. cuBLAS/cuDNN load on first use: 2 GiB.
const cudaProcessBytes = 2 * GiB;
// Without CUDA: `import torch` alone is ~322 MB max RSS (pytorch #113326), plus the script's modules
// and Python objects.
const cpuProcessBytes = 400 * MiB;
// A spawned or forkserver worker imports torch again: ~322 MB (pytorch #113326).
const spawnedWorkerBytes = 320 * MiB;
// A forked worker shares the parent's pages until it writes them; what it dirties (reference counts
// of the objects it touches, its own heap) is private. An assumption: 128 MiB fits the 4-worker CPU
// run of issue #13 (tree peak 1.88–1.97 GiB at batch 24).
const forkedWorkerBytes = 128 * MiB;

/** Smallest power of two ≥ bytes: PyTorch's CachingHostAllocator rounds pinned blocks this way. */
export function pinnedBlockBytes(bytes: number): number {
  return bytes <= 0 ? 0 : 2 ** Math.ceil(Math.log2(bytes));
}

/**
 * Fraction of a dataset each forked worker ends up touching: 1/W per epoch of W workers; persistent
 * workers keep what they touched, so after E epochs 1 − (1 − 1/W)^E; fresh workers each epoch start over.
 */
export function touchedFraction(workers: number, epochs: number, isPersistent: boolean): number {
  if (workers <= 0) return 1;
  return isPersistent ? 1 - (1 - 1 / workers) ** epochs : 1 / workers;
}

function datasetComponent(host: EstimateSpec['host'], epochs: number): Component | undefined {
  const { datasetBytes: bytes, workers, datasetStorage: storage } = host;
  if (bytes <= 0) return undefined;
  const size = formatBytes(bytes);
  if (storage === 'arrow' || storage === 'mmap') {
    return {
      name: 'dataset in memory',
      bytes: 0,
      formula: `${size} ${storage}: file pages in the page cache, shared and reclaimable`,
    };
  }
  if (workers > 0 && host.workerStart !== 'fork') {
    // spawn/forkserver pickle the Dataset into every worker.
    return {
      name: 'dataset in memory',
      bytes: (1 + workers) * bytes,
      formula: `${size} × ${1 + workers} copies (main + each ${host.workerStart}ed worker unpickles its own)`,
    };
  }
  if (storage === 'numpy' || workers === 0) {
    return {
      name: 'dataset in memory',
      bytes,
      formula: `${size}, one copy${workers > 0 ? ' (numpy buffers are shared with forked workers: their refcounts live in one header)' : ''}`,
    };
  }
  // Python objects: refcount updates dirty every page a worker touches (pytorch #13246).
  const fraction = touchedFraction(workers, epochs, host.isPersistentWorkers);
  return {
    name: 'dataset in memory',
    bytes: bytes * (1 + workers * fraction),
    formula: `${size} in the main process + ${workers} workers × ${(fraction * 100).toFixed(0)}% each (Python objects are copied as refcounts touch them; ${host.isPersistentWorkers ? `persistent workers, ${epochs} epoch${epochs === 1 ? '' : 's'}` : 'fresh workers every epoch'})`,
  };
}

/** Host parts for a batch of `batch` samples; `moved` are the parts the device side put here. */
export function hostComponents(spec: EstimateSpec, batch: number, moved: Component[] = []): Component[] {
  const host = spec.host;
  const isCpu = spec.device === 'cpu';
  const batchBytes = batch * host.sampleBytes;
  const workers = host.workers;
  const processBytes = host.processBytes ?? (isCpu ? cpuProcessBytes : cudaProcessBytes);
  const components: Component[] = [
    {
      name: 'process',
      bytes: processBytes,
      formula: `Python + ${spec.framework}${isCpu ? '' : ' + CUDA libraries'}${host.processBytes === undefined ? ' (typical; set host.process)' : ''}`,
    },
  ];
  if (workers > 0) {
    const each = host.workerBytes ?? (host.workerStart === 'fork' ? forkedWorkerBytes : spawnedWorkerBytes);
    const how =
      host.workerStart === 'fork'
        ? 'forked: private pages only'
        : `${host.workerStart}ed: imports ${spec.framework} again`;
    components.push({
      name: 'dataloader workers',
      bytes: workers * each,
      formula: `${workers} worker process${workers === 1 ? '' : 'es'} × ${formatBytes(each)} (${how})`,
    });
  }
  if (batchBytes > 0) {
    // torch.utils.data: prefetch_factor × num_workers batches are outstanding; they come back through
    // shared memory (/dev/shm), and the one the main process trains on is held too (a pinned copy
    // instead when pin_memory, counted below). Without workers the main process holds the samples
    // and their collated batch at once.
    const inUse = host.pinMemory && !isCpu ? 0 : 1;
    const inFlight = workers > 0 ? workers * host.prefetchFactor + inUse : 2;
    const formula =
      workers > 0
        ? `(${workers} worker${workers === 1 ? '' : 's'} × prefetch_factor ${host.prefetchFactor}${inUse ? ' + 1 in use' : ''}) × batch ${batch} × ${formatBytes(host.sampleBytes)} (shared memory)`
        : `2 × batch ${batch} × ${formatBytes(host.sampleBytes)}: the samples and their collated batch, in the main process`;
    components.push({ name: 'dataloader batches', bytes: inFlight * batchBytes, formula });
    if (workers > 0) {
      components.push({
        name: 'samples being collated',
        bytes: workers * batchBytes,
        formula: `${workers} × batch ${batch} × ${formatBytes(host.sampleBytes)}: each worker's samples before default_collate`,
      });
    }
  }
  if (batchBytes > 0 && host.pinMemory && !isCpu) {
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
  const dataset = datasetComponent(host, spec.training.epochs);
  if (dataset) components.push(dataset);
  if (host.cacheBytes > 0) {
    // A per-sample cache (`self.cache[idx] = sample`) fills in whichever process loads the sample.
    const fraction = touchedFraction(workers, spec.training.epochs, host.isPersistentWorkers);
    const copies = workers > 0 ? workers * fraction : 1;
    components.push({
      name: 'sample cache',
      bytes: host.cacheBytes * copies,
      formula:
        workers > 0
          ? `${formatBytes(host.cacheBytes)} × ${workers} workers × ${(fraction * 100).toFixed(0)}% each: every worker caches what it loads${host.isPersistentWorkers ? '' : ' (lost when workers restart each epoch)'}`
          : `${formatBytes(host.cacheBytes)}: full after the first epoch`,
    });
  }
  components.push(...moved);
  return components;
}
