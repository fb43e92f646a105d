// The diagnoses of a host allocation refused inside a live process: it was not killed, it asked for
// more than the OS would give. The verdict (src/verdict/judge.ts: `host-oom`, not `oom-killed`) and
// doctor's explainer (explain/host-alloc.ts) both take them from here; no imports, so the
// supervisor's verdict pulls in no explain code.

/**
 * Python's MemoryError (numpy's "Unable to allocate", ENOMEM), PyTorch's DefaultCPUAllocator, and
 * TensorFlow's/XLA's allocator failures, which are host failures only when they name a CPU allocator
 * (families/allocation/memory-side.ts namesHostAllocator gives them the host_oom kind; as GPU failures they never get here).
 */
export const hostAllocationCodes: ReadonlySet<string> = new Set([
  'python-memory-error',
  'runtime-allocation-failed',
  'torch-cpu-alloc-failed',
  'tf-oom-allocating-tensor',
  'tf-resource-exhausted',
  'xla-bfc-out-of-memory',
  // XLA's "Out of host memory while trying to allocate N" (MemoryAllocationError with is_host_mem).
  'xla-out-of-memory',
  // A library's own out-of-memory words read as the host's (doctor/families/allocation/generic.ts):
  // the library printed them, so its process was alive and its allocation refused, not killed.
  'generic-out-of-memory',
  // CUDA's error 2 from the pinned host allocator (cudaHostAlloc, THCCachingHostAllocator.cpp: cuda/rules.ts
  // gives it the host_oom kind): page-locked RAM refused to a live process.
  'cuda-out-of-memory',
  // A program that compares its need with the host's free memory and refuses before allocating
  // (ollama llm/server.go: "model requires more system memory (X) than is available (Y)"): alive,
  // refused, not killed (CORPUS-FORMAT settled rule 8, "another runtime's allocation error").
  'memory-requirement-refused',
]);
