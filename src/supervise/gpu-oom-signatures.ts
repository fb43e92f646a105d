// Text a framework prints when the GPU runs out of memory. A process whose output holds one
// of these and that then fails is reported `gpu-oom`.

export interface GpuOomSignature {
  text: string;
  framework: string;
  /** Where the text comes from, for people checking the list. */
  source: string;
}

export const gpuOomSignatures: readonly GpuOomSignature[] = [
  {
    text: 'CUDA out of memory',
    framework: 'torch',
    source: 'c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc (FACTS Q9)',
  },
  {
    text: 'OutOfMemoryError',
    framework: 'torch',
    source: 'torch.cuda.OutOfMemoryError, since 1.13 (pytorch PR #83146)',
  },
  {
    text: 'RESOURCE_EXHAUSTED: Out of memory',
    framework: 'jax',
    source: 'xla/stream_executor/integrations/tf_allocator_adapter.cc MemoryAllocationError (FACTS Q4)',
  },
  {
    text: 'OOM when allocating tensor',
    framework: 'tensorflow',
    source: 'tensorflow/core/framework/op_kernel.cc OpKernelContext::allocate_tensor (FACTS Q11)',
  },
  { text: 'cudaErrorMemoryAllocation', framework: 'cuda', source: 'CUDA runtime API cudaError_t' },
  { text: 'CUBLAS_STATUS_ALLOC_FAILED', framework: 'cublas', source: 'cuBLAS cublasStatus_t' },
];

/** The first signature that occurs in `text`, if any. */
export function findGpuOomSignature(text: string): GpuOomSignature | undefined {
  return gpuOomSignatures.find((signature) => text.includes(signature.text));
}
