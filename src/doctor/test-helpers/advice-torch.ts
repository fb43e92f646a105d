// The advice table, PyTorch logs: the cause each ../shared/corpus file must get and properties its
// fixes must have, written from the log, its header's facts line and the thread's conclusion
// (SOURCES-2.md), not from doctor's output.
import { batchCut, type Expected, has, noJaxVariable, not } from './fix-properties.js';

const holders = has(/nvidia-smi --query-compute-apps/);

/** PyTorch logs (the caching allocator's message, CUDA libraries, NCCL). */
export const torchTable: Record<string, Expected> = {
  'torch_cuda_oom-01.txt': {
    cause: 'batch_too_large',
    some: [batchCut(1)],
    why: '469.8 MiB stranded is under twice the 244 MiB request; 15.5 MiB short of 5.90 GiB allocated',
  },
  'torch_cuda_oom-03.txt': {
    // The stranded cache is under a tenth of the card (numbers.ts fragmentationShareOfCard).
    cause: 'batch_too_large',
    some: [has(/batch size/)],
    every: [not(/expandable_segments/)],
    why: '588.65 MiB cached of 11.75 GiB (5%) vs an 86 MiB request: the tensors fill the card; a 1.x message has no allocator option',
  },
  'torch_cuda_oom-05.txt': {
    cause: 'device_too_small',
    some: [has(/more memory/)],
    every: [not(/expandable|max_split/)],
    why: 'header: the 1 GB card is simply too small',
  },
  'torch_cuda_oom-07.txt': {
    cause: 'batch_too_large',
    some: [has(/22\.78 GiB tensor/)],
    every: [not(/expandable_segments|max_split/)],
    causeText: [/not fragmentation/],
    why: '12.73 free + 9.35 unallocated < the 22.78 GiB request: defragmenting cannot fit it',
  },
  'torch_cuda_oom-09.txt': {
    cause: 'request_exceeds_device',
    some: [has(/shape/)],
    why: '124.68 GiB request > 95.22 GiB card',
  },
  'torch_cuda_oom-11.txt': {
    cause: 'co_tenant',
    some: [has(/torch\.cuda\.set_device/), holders],
    why: 'four stray 414 MiB contexts on GPU 0, 6x the 250.7 MiB shortfall',
  },
  'torch_cuda_oom-13.txt': {
    cause: 'batch_too_large',
    some: [has(/mem_get_info/), has(/batch/)],
    why: "allocated 13.98 GiB > total 8.00 GiB with 0 free: PyTorch's own tensors past the card, the rest spilled to system memory by the driver (sysmem fallback), as in MMed-RAG#38 (a smaller batch)",
  },
  'torch_cuda_oom-15.txt': {
    cause: 'co_tenant',
    some: [holders],
    why: 'a second dorado process holds the GPU',
  },
  'torch_cuda_oom-17.txt': {
    // Round 16: a nominal 4 GB card reads as the card (pytorch/numbers.ts smallCardBytes; most threads
    // on such cards end "a larger GPU"); this thread's smaller batch stays a fix and an alternative.
    cause: ['batch_too_large', 'device_too_small'],
    some: [has(/batch size/)],
    every: [not(/max_split_size_mb:/)],
    why: '286.7 MiB stranded of 4.00 GiB (7%) vs 128 MiB; a message too old to read max_split_size_mb',
  },
  'torch_cuda_oom-19.txt': {
    cause: 'batch_too_large',
    some: [has(/batch size/), has(/expandable_segments/)],
    why: '910 MiB stranded of 23.69 GiB (4%) vs 158 MiB: the batch first, the allocator option second; PID 21422 is the process itself',
  },
  'torch_cuda_oom-21.txt': {
    cause: 'batch_too_large',
    some: [batchCut(1)],
    why: '607 KiB cached; 32 MiB short of 14.25 GiB allocated',
  },
  'torch_cuda_oom-60.txt': {
    cause: 'fragmentation',
    some: [has(/expandable_segments/), batchCut(5)],
    why: '2.57 GiB cached (27% of the card) vs 388 MiB',
  },
  'torch_cuda_oom-61.txt': {
    cause: 'batch_too_large',
    some: [batchCut(8)],
    why: '1.75 GiB short of 22.41 GiB allocated (not 17%: no double counting)',
  },
  'torch_cuda_oom-62.txt': {
    cause: 'fragmentation',
    every: [not(/max_split_size_mb:/)],
    why: '5.81 GiB cached in an eval loop; pre-1.10 message',
  },
  'torch_cuda_oom-63.txt': {
    cause: 'request_exceeds_device',
    some: [has(/shape/)],
    why: '5.74 GiB request > 5.50 GiB vGPU',
  },
  'torch_cuda_oom-64.txt': {
    cause: 'batch_too_large',
    some: [batchCut(7)],
    why: '1.36 GiB stranded is under twice the 1.43 GiB request',
  },
  'torch_cuda_oom-65.txt': {
    cause: 'batch_too_large',
    some: [batchCut(57)],
    why: '978 MiB short of 1.68 GiB allocated',
  },
  'torch_cuda_oom-66.txt': {
    cause: 'batch_too_large',
    some: [batchCut(1)],
    why: '120 MiB cached vs a 68 MiB request',
  },
  'torch_other_gpu-01.txt': {
    // Round 16: no figure of the card's fill names the most likely cause, the rest as alternatives.
    cause: 'batch_too_large',
    some: [has(/memory_summary/)],
    every: [noJaxVariable],
    why: 'no numbers; thread: tensors kept alive across epochs',
  },
  'torch_other_gpu-03.txt': {
    // No figures beside it: can't tell, who holds the GPU decides (CORPUS-FORMAT settled rule 1).
    cause: 'unknown',
    some: [holders],
    every: [noJaxVariable],
    why: 'cuBLAS alloc failed; reply: GPU occupied',
  },
  'torch_other_gpu-05.txt': {
    cause: 'co_tenant',
    some: [has(/torch\.cuda\.set_device/)],
    every: [noJaxVariable],
    why: 'NCCL OOM; all ranks on device 0',
  },
  'torch_other_gpu-07.txt': {
    cause: 'co_tenant',
    some: [holders],
    every: [noJaxVariable, not(/set_device/)],
    why: 'TensorRT-LLM NCCL; not PyTorch',
  },
  'torch_other_gpu-09.txt': {
    cause: 'co_tenant',
    some: [holders],
    every: [noJaxVariable],
    why: 'NCCL enqueue OOM, ranks on distinct devices',
  },
  'torch_other_gpu-60.txt': {
    // Round 16: no figure of the card's fill names the most likely cause, the rest as alternatives.
    cause: 'batch_too_large',
    some: [holders],
    every: [noJaxVariable],
    why: 'THC error 2 without sizes',
  },
  'torch_other_gpu-61.txt': {
    cause: 'unknown',
    some: [has(/nvidia-smi/)],
    every: [noJaxVariable],
    why: 'cuDNN NOT_INITIALIZED without figures (a smaller batch fixed it): tell memory from install first',
  },
  'torch_other_gpu-62.txt': {
    cause: 'unknown',
    some: [holders],
    every: [noJaxVariable],
    why: "cuBLAS handle without figures; reporter: GPU memory too small, but the same line comes from a broken install (issue 23): can't tell, with who holds the GPU deciding",
  },
  'torch_other_gpu-63.txt': {
    // Round 16: no figure of the card's fill names the most likely cause, the rest as alternatives.
    cause: 'batch_too_large',
    some: [holders],
    every: [noJaxVariable],
    why: 'c10 CUDA error: out of memory, no sizes',
  },
};
