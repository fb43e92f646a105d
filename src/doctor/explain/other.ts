// Library-level GPU failures (cuBLAS, cuDNN, NCCL, the CUDA runtime) and the near misses.
import type { Draft } from '../candidates.js';
import { type Explanation, num, size } from './types.js';

const seeHolders = 'see who holds the GPU: nvidia-smi --query-compute-apps=pid,used_memory --format=csv';

/** A CUDA library or runtime allocation failed: the GPU was full when it needed its buffers. */
export function explainLibrary(draft: Draft): Explanation {
  const layer =
    { cublas: 'cuBLAS', cudnn: 'cuDNN', nccl: 'NCCL', cuda: 'a CUDA call' }[draft.framework as string] ??
    'a library';
  const fixes = [seeHolders];
  if (draft.framework === 'nccl') {
    fixes.push(
      'give every rank its own GPU: torch.cuda.set_device(local_rank) before init_process_group (ranks that share device 0 fill it)',
      "NCCL's buffers live outside the framework's pool: leave it room (lower the batch size; for JAX, a smaller XLA_PYTHON_CLIENT_MEM_FRACTION)",
    );
  } else {
    fixes.push(
      'stop the other processes on this GPU, or lower the batch size so the framework leaves room for library workspaces',
    );
  }
  return {
    cause: 'co_tenant',
    causeText: `${layer} could not allocate its own memory: the GPU was already full (another process, or the framework's pool)`,
    fixes,
  };
}

const nearMissFixes: Record<string, string[]> = {
  'cuda-device-assert': [
    'rerun with CUDA_LAUNCH_BLOCKING=1 to see the failing operation',
    'check that labels/indices are in range (e.g. targets in [0, num_classes) for the loss)',
  ],
  'cuda-illegal-address': [
    'rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel; check custom CUDA ops and upgrade the framework (compiler bugs)',
  ],
  'cuda-driver-mismatch': [
    "compare the driver's CUDA version (nvidia-smi) with the framework's build; update the driver or install a build for your CUDA",
  ],
  'cublas-failed': [
    'rerun with CUDA_LAUNCH_BLOCKING=1 and check the shapes and dtypes of the failing matmul',
  ],
  'nccl-failed': ['rerun with NCCL_DEBUG=INFO to see which rank and transport failed'],
  'segmentation-fault': ['run with python -X faulthandler to see where it crashed'],
  'shm-fd-limit': [
    "torch.multiprocessing.set_sharing_strategy('file_system') at the start of the script, or raise the limit: ulimit -n 65535",
  ],
  'cudnn-init-failed': [
    'check that the cuDNN and CUDA libraries match the framework build (pip list | grep -i -E "cudnn|cuda")',
  ],
};

/** A failure that is not a memory shortage: say what it is and what to do instead. */
export function explainNearMiss(draft: Draft): Explanation {
  const free = num(draft.facts, 'freeBytes');
  const total = num(draft.facts, 'totalBytes');
  const plenty =
    free !== undefined && total !== undefined ? ` (${size(free)} of ${size(total)} was free)` : '';
  return {
    cause: 'not_memory',
    causeText: `${draft.summary}${plenty}`,
    fixes: nearMissFixes[draft.code] ?? [],
  };
}
