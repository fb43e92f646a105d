// PyTorch's out-of-memory reports, every generation of the message (FACTS Q9).
import type { FactRule, Facts, GpuHolder, LogRule, RuleInput } from '../../types.js';
import { definedFacts, intOf, lineStart, rankOf, sizeAfter, withSize } from '../extract.js';

const processHolder = withSize(String.raw`Process (\d+) has SIZE memory in use`, 'g');

// c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc. Old form (PR #13751 "cached" =
// cached − allocated, later "reserved in total by PyTorch"); 2.1+ (PR #99699) "has a total capacity
// of ... of which ... is free", first shipped misspelt "capacty"; main adds "allowed" and private pools.
// Retyped by hand, the same figures keep their order and words, not their case or spacing ("cuda
// out of memory, tried to allocate 50MiB(GPU 0; 1.96GiB totalcapacity;...", "by Pytorch"); a
// shortened copy says "(GPU 0; 23.52 GiB total; 0 bytes free)".
// The figures in any case: a paste lower-cased whole ("tried to allocate 30.00 mib (gpu 0; 8.00 gib
// total capacity; ...") keeps them.
const torchSize = (source: string): RegExp => withSize(source, 'i');

function extractTorchOom({ text, before }: RuleInput): { facts: Facts; holders?: GpuHolder[] } {
  const facts = definedFacts({
    requestedBytes: sizeAfter(text, torchSize(`Tried to allocate SIZE`)),
    device: intOf(/\(GPU (\d+);|\. GPU (\d+) has/i.exec(text)?.slice(1).find(Boolean)),
    totalBytes:
      sizeAfter(text, torchSize(`SIZE total ?capacity`)) ??
      sizeAfter(text, torchSize(`has a total capac(?:i)?ty of SIZE`)) ??
      sizeAfter(text, torchSize(`\\(GPU \\d+; SIZE total[;)]`)),
    freeBytes:
      sizeAfter(text, torchSize(`of which SIZE is free`)) ?? sizeAfter(text, torchSize(`SIZE free[;)]`)),
    allocatedBytes:
      sizeAfter(text, torchSize(`SIZE already allocated`)) ??
      sizeAfter(text, torchSize(`Of the allocated memory SIZE is allocated by`)),
    reservedBytes: sizeAfter(text, torchSize(`SIZE reserved in total by PyTorch`)),
    reservedUnallocatedBytes:
      sizeAfter(text, torchSize(`SIZE is reserved by PyTorch but unallocated`)) ??
      sizeAfter(text, withSize(String.raw`SIZE cached\)`)),
    processBytes: sizeAfter(text, torchSize(`this process has SIZE memory in use`)),
    allowedBytes: sizeAfter(text, torchSize(`SIZE allowed;`)),
    privatePoolBytes: sizeAfter(text, torchSize(`with SIZE allocated in private pools`)),
    allocConfVariable: /setting (PYTORCH_(?:CUDA_|HIP_)?ALLOC_CONF)=/.exec(text)?.[1],
    rank: rankOf(text),
    phase: before.some((line) => /\bbackward\(|in backward\b|\.backward\b/.test(line))
      ? 'backward'
      : undefined,
  });
  const listed = [...text.matchAll(processHolder)].map((m) => ({
    pid: Number(m[1]),
    bytes: sizeAfter(m[0], withSize(`has SIZE`)) ?? 0,
    isSelf: false,
  }));
  // Which listed PID is this process is the explainer's to decide from the numbers (torch-numbers.ts).
  return { facts, holders: listed.length > 0 ? listed : undefined };
}

/** PyTorch's allocator failures on CUDA/ROCm/XPU, MPS and the CPU. */
export const torchRules: LogRule[] = [
  {
    code: 'torch-cuda-oom',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 3,
    keywords: [
      'tried to allocate',
      'cuda out of memory',
      'hip out of memory',
      'xpu out of memory',
      'nvml_success == r',
      'due to cuda oom',
    ],
    // The allocator's message, in every generation, is "CUDA out of memory. Tried to allocate";
    // an exception prefix or a line end also counts (cut messages). A mere mention in a log
    // line ("retry after CUDA out of memory is disabled") does not. Its figures part alone
    // ("Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; ..." or "... GPU 0 has a
    // total capacity of ...") is the same message pasted without its first words; a retyped
    // "out of the memory. Tried to allocate" is still the allocator's sentence, and so is its class's
    // name with the first sentence lost ("torch.cuda.OutOfMemoryError: . Tried to allocate 20.00 MiB",
    // torch/cuda/__init__.py OutOfMemoryError, raised with the allocator's message).
    // Quoted whole inside a sentence (backticks, quotes, doubled quotes: "I get `CUDA out of memory`
    // error") it is the same message retold by the user who saw it, not a log line that mentions it.
    pattern: new RegExp(
      String.raw`(?:CUDA|HIP|XPU) out of memory(?:\.\s*Tried to allocate|\.?\s*$)|(?:\x60|''|"|“)(?:(?:torch\.(?:cuda\.)?OutOfMemoryError|RuntimeError): )?(?:CUDA|HIP|XPU) out of memory\.?(?:\x60|''|"|”)|(?:Error|error|ERROR):\s*(?:CUDA|HIP|XPU) out of memory|\bout of (?:\w+ )?memory[.,]\s*[Tt]ried to allocate|${lineStart}Tried to allocate \d[\d.]* [KMGT]i?B \((?:GPU|XPU) \d+; [\d.]+ [KMGT]i?B total capacity|\bOutOfMemoryError:\s*\.?\s*Tried to allocate \d[\d.]* [KMGT]i?B\b|${lineStart}Tried to allocate \d[\d.]* [KMGT]i?B\. (?:GPU|XPU) \d+ has a total capac|NVML_SUCCESS == r INTERNAL ASSERT FAILED at "[^"]*CUDACachingAllocator\.cpp"|Attempting to copy inputs (?:of .{0,200}? )?to CPU due to CUDA OOM`,
    ),
    // Two more lines only the allocator's out-of-memory path prints. The caching allocator's OOM branch
    // lists the GPU's processes through NVML before it raises (c10/cuda/CUDACachingAllocator.cpp
    // reportProcessMemoryInfo, v2.1-v2.3: TORCH_INTERNAL_ASSERT(NVML_SUCCESS == r)), and where NVML
    // fails there the assert is what the user sees instead of the message (pytorch/pytorch#185240,
    // "NVML internal assert fires instead of clean OOMError"). detectron2's retry_if_cuda_oom logs
    // "Attempting to copy inputs of <fn> to CPU due to CUDA OOM" after torch raised it
    // (facebookresearch/detectron2 detectron2/utils/memory.py).
    //
    source:
      'pytorch c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc (pytorch c10/cuda/CUDACachingAllocator.cpp)',
    continuationLines: 3,
    // The allocator's one message, "CUDA out of memory. Tried to allocate ...", broken by a paste after
    // its first sentence (c10/cuda/CUDACachingAllocator.cpp prints both on one line).
    continuesWith: /^\s*Tried to allocate\b/i,
    summary: 'PyTorch could not allocate GPU memory (CUDA caching allocator)',
    extract: extractTorchOom,
  },
  {
    code: 'torch-oom-message-tail',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 2,
    isGeneric: true,
    // Its own candidate: the message's head, where the paste kept it, is the reading.
    group: 'torch-oom-message-tail',
    keywords: [
      'if reserved but unallocated memory is large',
      'if reserved memory is >> allocated memory',
      'of the allocated memory',
      'reserved by pytorch but unallocated',
    ],
    // The closing sentences of the caching allocator's out-of-memory message, which it prints in that
    // message only (c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc's
    // TORCH_CHECK_WITH(OutOfMemoryError, ...): 1.10-2.0 "If reserved memory is >> allocated memory try
    // setting max_split_size_mb to avoid fragmentation", 2.1-2.2 "Of the allocated memory %s is
    // allocated by PyTorch, and %s is reserved by PyTorch but unallocated. If reserved but unallocated
    // memory is large try setting max_split_size_mb ...", 2.3+ "... try setting
    // PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation", PYTORCH_HIP_ALLOC_CONF
    // on ROCm). A paste that lost the message's first line ("CUDA out of memory. Tried to allocate")
    // keeps the failure in these.
    pattern:
      /If reserved (?:but unallocated )?memory is (?:large|>> allocated memory) try setting (?:PYTORCH_(?:CUDA|HIP)_ALLOC_CONF=expandable_segments:True|max_split_size_mb) to avoid fragmentation|\bOf the allocated memory [\d.]+ ?[KMGT]?i?B is allocated by\s+PyTorch\b|\bis reserved by PyTorch but unallocated\b/,
    source:
      'pytorch/pytorch v1.10.0-v2.5.1 c10/cuda/CUDACachingAllocator.cpp DeviceCachingAllocator::malloc (OutOfMemoryError message)',
    summary:
      "the closing sentences of PyTorch's CUDA out-of-memory message (its first line is not in the paste)",
    extract: extractTorchOom,
    withoutFailureLine: {
      saw: "the closing sentences of PyTorch's out-of-memory message, which its caching allocator prints only when an allocation failed",
      toDecide:
        'paste the message\'s first line ("CUDA out of memory. Tried to allocate N. GPU 0 has a total capacity of T of which F is free ..."): the request and the card\'s fill decide the cause',
    },
  },
  {
    code: 'torch-mps-oom',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 3,
    keywords: ['mps backend out of memory', 'disable upper limit for memory allocations'],
    // The message's own last words with its head cut ("Music generation failed: .....disable upper limit
    // for memory allocations (may cause system failure).", a title's length): no other message ends so
    // (MPSAllocator.mm: "... pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for
    // memory allocations (may cause system failure)."). Not the hint copied whole after its setting, as a
    // script's comment or a README quotes it.
    pattern:
      /MPS backend out of memory|(?<!PYTORCH_MPS_HIGH_WATERMARK_RATIO=[\d.]+ to )disable upper limit for memory allocations \(may cause system failure\)/,
    source: 'pytorch aten/src/ATen/mps/MPSAllocator.mm MPSHeapAllocatorImpl::malloc',
    summary: 'PyTorch could not allocate memory on the Apple GPU (MPS)',
    extract: ({ text }) => ({
      facts: definedFacts({
        allocatedBytes: sizeAfter(text, withSize(`MPS allocated: SIZE`)),
        otherBytes: sizeAfter(text, withSize(`other allocations: SIZE`)),
        allowedBytes: sizeAfter(text, withSize(`max allowed: SIZE`)),
        requestedBytes: sizeAfter(text, withSize(`Tried to allocate SIZE`)),
      }),
    }),
  },
  {
    code: 'torch-oom-exception',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 2,
    isGeneric: true,
    keywords: ['outofmemoryerror', 'torch.cuda.outofmemory', 'torch.outofmemory'],
    // The class named bare in the forms a user meets it: IPython's traceback header
    // ("OutOfMemoryError      Traceback (most recent call last)"; a padding run of 20+ spaces is
    // read as a wrap seam and closed, readings.ts), a framework's warning naming it
    // ("WARNING: CUDA OutOfMemoryError in TaskAlignedAssigner, using CPU", ultralytics
    // utils/tal.py), the qualified name cut mid-word where a paste ends ("torch.cuda.OutOfMemoryErro"),
    // or the class at a line's start; Java's java.lang.OutOfMemoryError is the host's.
    // Not the class in Python's own handler ("except torch.cuda.OutOfMemoryError:", "except
    // (torch.OutOfMemoryError, RuntimeError):"): code that catches it, not a report that it was raised.
    pattern:
      /(?<!\bexcept\s+\(?(?:[\w.]+,\s*){0,3})\b(?:torch\.(?:cuda\.)?|c10::)OutOfMemoryError(?::|'|\s*$)|\btorch\.(?:cuda\.)?OutOfMemory(?:E|Er|Err|Erro)?\s*$|^\s*OutOfMemoryError(?::|\s*Traceback \(most recent call last\))|\b(?:CUDA|GPU) OutOfMemoryError\b/,
    source: 'torch.cuda.OutOfMemoryError (1.13, PR #83146); torch.OutOfMemoryError (2.5, PR #121702)',
    summary: 'PyTorch raised OutOfMemoryError',
    // The JVM's OutOfMemoryError texts (docs.oracle.com, "Understand the OutOfMemoryError Exception").
    extract: ({ text }) =>
      /Java heap space|GC overhead limit|Metaspace|unable to create (?:new )?native thread/i.test(text)
        ? undefined
        : {},
  },
  {
    code: 'torch-oom-caught-by-app',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 2,
    isGeneric: true,
    keywords: ['out of memory error, ', 'oom runtimeerror is raised', 'no executable batch size found'],
    // An application's own warning, printed only in its handler of PyTorch's device OOM before it
    // retries in smaller pieces or on the CPU: ComfyUI's (and Forge's, A1111's) split attention
    // ("out of memory error, emptying cache and trying again", "... increasing steps and trying again
    // N" in `except model_management.OOM_EXCEPTION`, which is torch.cuda.OutOfMemoryError;
    // comfyanonymous/ComfyUI comfy/ldm/modules/attention.py attention_split, model_management.py) and
    // YOLOX's label assignment ("OOM RuntimeError is raised due to the huge memory cost during label
    // assignment. CPU mode is applied in this batch", Megvii-BaseDetection/YOLOX 0.3.0
    // yolox/models/yolo_head.py get_losses, after `if "CUDA out of memory. " not in str(e): raise`).
    // The run may go on, but the card ran out; weight 2, as a warning that names the error's class.
    // And the same handler's last word where halving never fit: Accelerate's find_executable_batch_size
    // halves the batch on each error should_reduce_batch_size takes for memory (" out of memory." from
    // CUDA, HIP or XPU, the CPU allocator's "can't allocate memory", Gaudi's PT_DEVMEM; and cuDNN's
    // NOT_SUPPORTED) and raises "No executable batch size found, reached zero." when none did
    // (huggingface/accelerate v1.14.0 src/accelerate/utils/memory.py; transformers' Trainer uses it
    // for auto_find_batch_size).
    pattern:
      /\bout of memory error, (?:emptying cache|increasing steps) and trying again\b|\bOOM RuntimeError is raised due to the huge memory cost during label assignment\b|\bNo executable batch size found, reached zero\b/,
    source:
      'comfyanonymous/ComfyUI comfy/ldm/modules/attention.py attention_split; Megvii-BaseDetection/YOLOX 0.3.0 yolox/models/yolo_head.py get_losses; huggingface/accelerate v1.14.0 src/accelerate/utils/memory.py find_executable_batch_size',
    summary: 'PyTorch ran out of device memory and the application caught it to retry (its own warning)',
    // Accelerate's: every batch size down to 1 was tried (explainTorch never offers a smaller batch).
    extract: ({ text }) =>
      /\bNo executable batch size found, reached zero\b/.test(text)
        ? { facts: { batchExhausted: true } }
        : {},
  },
  {
    code: 'torch-allowed-memory-exceeded',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 2,
    keywords: ['allocation on device'],
    // c10/cuda/CUDACachingAllocator.cpp, when the process runs under a memory fraction
    // (torch.cuda.set_per_process_memory_fraction): "Allocation on device %d would exceed allowed
    // memory. (out of memory)" then "Currently allocated : ...", "Requested : ...", "Device limit :
    // ...". ComfyUI's execution.py prints the exception's first words after "!!! Exception during
    // processing !!! ", which is all some pastes keep; an issue title ComfyUI's template builds from the
    // node's name and that message ("WanVideoTextEncode Allocation on device") ends on the same words.
    pattern:
      /Allocation on device \d+ would exceed allowed memory|!!! Exception during processing !!! Allocation on device\b|\bAllocation on device\s*$/,
    source:
      'pytorch c10/cuda/CUDACachingAllocator.cpp (allowed memory, set_per_process_memory_fraction); c10/cuda/CUDAMallocAsyncAllocator.cpp mallocAsync (v2.0.0); ComfyUI execution.py',
    summary: 'a CUDA allocation would pass the memory fraction PyTorch was allowed',
    // Its figures, one a line with the labels padded to a column (CUDAMallocAsyncAllocator.cpp
    // mallocAsync, v2.0.0: "Currently allocated     : ", "Requested               : ", "Device
    // limit            : ", "Free (according to CUDA): ", then "PyTorch limit (set by user-supplied
    // memory fraction)" with its value on the next line). With no fraction set the limit printed is
    // the allocator's "no limit" (17179869184.00 GiB, past the card), which explainTorch ignores.
    // Read here where a paste joined them onto the message's line; one a line, by
    // torchAllowedFactRules.
    extract: ({ text }) => ({
      facts: definedFacts({
        requestedBytes: sizeAfter(text, withSize(String.raw`\bRequested\s*:\s*SIZE`)),
        allocatedBytes: sizeAfter(text, withSize(String.raw`Currently allocated\s*:\s*SIZE`)),
        totalBytes: sizeAfter(text, withSize(String.raw`Device limit\s*:\s*SIZE`)),
        freeBytes: sizeAfter(text, withSize(String.raw`Free \(according to CUDA\)\s*:\s*SIZE`)),
        allowedBytes: sizeAfter(text, withSize(String.raw`memory fraction\)\s*:\s*SIZE`)),
        device: intOf(/Allocation on device (\d+) would exceed/.exec(text)?.[1]),
      }),
    }),
  },
  {
    code: 'torch-cpu-alloc-failed',
    kind: 'host_oom',
    framework: 'torch',
    weight: 3,
    keywords: ['defaultcpuallocator'],
    // Also machine-translated (a user's page translator rewrites the words, not the allocator's name
    // nor the count: "DefaultCPUAllocator：内存不足：您尝试分配 96153108480 字节", the full-width colons
    // folded by paste.ts): the name with its one colon (never a C++ frame's "DefaultCPUAllocator::")
    // then non-ASCII words and the count.
    pattern: withSize(
      String.raw`DefaultCPUAllocator: (?:can't allocate memory|not enough memory)(?:: you tried to allocate (\d+) bytes)?|DefaultCPUAllocator:(?!:) ?[^\x00-\x7F][^\d]{0,40}?(\d{4,})`,
    ),
    source: 'pytorch c10/core/impl/alloc_cpu.cpp alloc_cpu',
    summary: 'PyTorch could not allocate host memory for a tensor',
    extract: ({ match }) => ({ facts: definedFacts({ requestedBytes: intOf(match[1] ?? match[2]) }) }),
  },
];

// The figure lines under "Allocation on device N would exceed allowed memory" (torch-allowed-memory-exceeded),
// one a line with the label padded to a column.
const allowedFigure: Record<string, string> = {
  'currently allocated': 'allocatedBytes',
  requested: 'requestedBytes',
  'device limit': 'totalBytes',
  'free (according to cuda)': 'freeBytes',
};

/** The figure lines of PyTorch's cudaMallocAsync OOM report, as facts of the torch family. */
export const torchAllowedFactRules: FactRule[] = [
  {
    family: 'torch',
    keywords: ['currently allocated', 'requested', 'device limit', 'free (according to cuda)'],
    pattern: withSize(
      String.raw`^\W*(Currently allocated|Requested|Device limit|Free \(according to CUDA\))\s*:\s*SIZE\s*$`,
    ),
    source: 'pytorch c10/cuda/CUDAMallocAsyncAllocator.cpp mallocAsync (v2.0.0)',
    extract: (m) => {
      const key = allowedFigure[m[1]!.toLowerCase()]!;
      return definedFacts({ [key]: sizeAfter(m[0], withSize(String.raw`:\s*SIZE`)) });
    },
  },
];
