// Issue 23 item 4 (session 22, doctor-vocab-apps): the memory-failure vocabulary of ML frameworks,
// inference servers and data/compute libraries, taken from the programs' own source at release tags
// (not from the corpus), with the look-alikes the same files print. Each line is the source's template
// with its placeholders filled and the prefix the program puts before it. `source` names the file at
// the tag (a line anchor where the file was read from a git mirror at that tag). Kinds follow
// test/corpus/CORPUS-FORMAT.md: a kernel's shared memory (Triton) or a pool's warning is not memory.
import { checkVocabulary, gh, type VocabularyEntry } from '../test-helpers/vocabulary.js';

export const appsVocabulary: VocabularyEntry[] = [
  // ---- vLLM ----
  {
    id: 'vllm-no-cache-blocks',
    program: 'vLLM 0.4-0.11',
    source: gh('vllm-project/vllm@v0.6.3', 'vllm/worker/worker.py'),
    template:
      'No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    lines: [
      'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-max-seq-len-kv',
    program: 'vLLM 0.4-0.6',
    source: gh('vllm-project/vllm@v0.6.3', 'vllm/worker/worker.py'),
    template:
      "The model's max seq len ({max_model_len}) is larger than the maximum number of tokens that can be stored in KV cache ({max_seq_len}). ...",
    lines: [
      "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (22032). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-v1-kv-needed',
    program: 'vLLM 0.8-0.11 (V1)',
    source: gh('vllm-project/vllm@v0.10.2', 'vllm/v1/core/kv_cache_utils.py'),
    template:
      "To serve at least one request with the models's max seq len ({max_model_len}), ({needed} KV cache is needed, which is larger than the available KV cache memory ({available}). ...",
    lines: [
      "ValueError: To serve at least one request with the models's max seq len (131072), (16.00 GiB KV cache is needed, which is larger than the available KV cache memory (9.75 GiB). Based on the available memory, the estimated maximum model length is 79872. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-v1-no-cache-blocks-with-kv-figure',
    program: 'vLLM 0.8-0.11 (V1)',
    source: gh('vllm-project/vllm@v0.10.2', 'vllm/v1/worker/gpu_worker.py'),
    template: 'Available KV cache memory: {available} GiB / No available memory for the cache blocks. ...',
    lines: [
      'INFO 06-10 12:01:02 [gpu_worker.py:227] Available KV cache memory: -0.31 GiB',
      'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-free-memory-on-startup',
    program: 'vLLM 0.9-0.11',
    source: gh('vllm-project/vllm@v0.10.2', 'vllm/v1/worker/gpu_worker.py'),
    template:
      'Free memory on device ({free}/{total} GiB) on startup is less than desired GPU memory utilization ({util}, {wanted} GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
    lines: [
      'ValueError: Free memory on device (6.9/79.1 GiB) on startup is less than desired GPU memory utilization (0.9, 71.2 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-preempted-lookalike',
    program: 'vLLM 0.4-0.6',
    source: gh('vllm-project/vllm@v0.6.3', 'vllm/core/scheduler.py'),
    template:
      'Sequence group {id} is preempted by {mode} mode because there is not enough KV cache space. ...',
    lines: [
      'WARNING 05-12 10:31:22 scheduler.py:1089] Sequence group 0 is preempted by PreemptionMode.RECOMPUTE mode because there is not enough KV cache space. This can affect the end-to-end performance. Increase gpu_memory_utilization or tensor_parallel_size to provide more KV cache memory. total_num_cumulative_preemption=1',
    ],
    kind: 'none',
  },
  {
    id: 'vllm-gpu-blocks-status-lookalike',
    program: 'vLLM 0.4-0.6',
    source: gh('vllm-project/vllm@v0.6.3', 'vllm/executor/gpu_executor.py'),
    template: '# GPU blocks: {num_gpu_blocks}, # CPU blocks: {num_cpu_blocks}',
    lines: ['INFO 05-12 10:30:01 gpu_executor.py:122] # GPU blocks: 2048, # CPU blocks: 512'],
    kind: 'none',
  },
  // ---- SGLang ----
  {
    id: 'sglang-mem-fraction-static',
    program: 'SGLang 0.2-0.5',
    source: gh('sgl-project/sglang@v0.4.6', 'python/sglang/srt/model_executor/model_runner.py'),
    template: 'Not enough memory. Please try to increase --mem-fraction-static.',
    lines: ['RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.'],
    kind: 'gpu_oom',
  },
  {
    id: 'sglang-mem-fraction-static-current',
    program: 'SGLang 0.5',
    source: gh('sgl-project/sglang@v0.5.4', 'python/sglang/srt/model_executor/pool_configurator.py'),
    template:
      'Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static={value}',
    lines: [
      'RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'sglang-prefill-oom',
    program: 'SGLang 0.4-0.5',
    source: gh('sgl-project/sglang@v0.4.6', 'python/sglang/srt/managers/schedule_batch.py'),
    template: '{phase} out of memory. Try to lower your batch size.\nTry to allocate {n} tokens.\n...',
    lines: [
      'RuntimeError: Prefill out of memory. Try to lower your batch size.',
      'Try to allocate 8192 tokens.',
      'Available tokens: 1024',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'sglang-decode-oom',
    program: 'SGLang 0.4-0.5',
    source: gh('sgl-project/sglang@v0.4.6', 'python/sglang/srt/managers/schedule_batch.py'),
    template: '{phase} out of memory. Try to lower your batch size.',
    lines: ['RuntimeError: Decode out of memory. Try to lower your batch size.'],
    kind: 'gpu_oom',
  },
  {
    id: 'sglang-retract-lookalike',
    program: 'SGLang 0.3-0.5',
    source: gh('sgl-project/sglang@v0.4.6', 'python/sglang/srt/managers/scheduler.py'),
    template: 'KV cache pool is full. Retract requests. #retracted_reqs: {n}, #new_token_ratio: {a} -> {b}',
    lines: [
      '[2025-01-05 10:11:12] KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.7000 -> 0.9000',
    ],
    kind: 'none',
  },
  {
    id: 'sglang-memory-pool-status-lookalike',
    program: 'SGLang 0.3-0.5',
    source: gh('sgl-project/sglang@v0.4.6', 'python/sglang/srt/model_executor/model_runner.py'),
    template: 'Memory pool end. avail mem={avail:.2f} GB',
    lines: ['[2025-01-05 10:11:12 TP0] Memory pool end. avail mem=10.25 GB'],
    kind: 'none',
  },
  {
    id: 'flash-attn-ampere-lookalike',
    program: 'flash-attn 2.x',
    source: gh('Dao-AILab/flash-attention@v2.6.3', 'csrc/flash_attn/flash_api.cpp'),
    template: 'FlashAttention only supports Ampere GPUs or newer.',
    lines: ['RuntimeError: FlashAttention only supports Ampere GPUs or newer.'],
    kind: 'none',
  },
  // ---- TGI ----
  {
    id: 'tgi-out-of-cache-blocks',
    program: 'TGI 2.0',
    source: gh(
      'huggingface/text-generation-inference@v2.0.4',
      'server/text_generation_server/models/cache_manager.py',
      64,
    ),
    template: 'Out of available cache blocks: asked {blocks}, only {free} free blocks',
    lines: ['RuntimeError: Out of available cache blocks: asked 12, only 3 free blocks'],
    kind: 'gpu_oom',
  },
  {
    id: 'tgi-out-of-cache-blocks-assert',
    program: 'TGI 1.4',
    source: gh(
      'huggingface/text-generation-inference@v1.4.5',
      'server/text_generation_server/models/cache_manager.py',
      60,
    ),
    template: 'Out of available cache blocks: asked {blocks}, only {free} free blocks',
    lines: ['AssertionError: Out of available cache blocks: asked 40, only 0 free blocks'],
    kind: 'gpu_oom',
  },
  {
    id: 'tgi-prefill-tokens',
    program: 'TGI 3.3',
    source: gh(
      'huggingface/text-generation-inference@v3.3.6',
      'server/text_generation_server/models/flash_causal_lm.py',
      1551,
    ),
    template:
      'Not enough memory to handle {num_tokens} prefill tokens. You need to decrease `--max-batch-prefill-tokens`',
    lines: [
      'RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tgi-router-warmup-prefill',
    program: 'TGI 1.x-3.x router',
    source: gh(
      'huggingface/text-generation-inference@v3.3.6',
      'server/text_generation_server/models/flash_causal_lm.py',
      1551,
    ),
    template: 'Error: Warmup(Generation("Not enough memory to handle {n} prefill tokens. ..."))',
    lines: [
      'Error: Warmup(Generation("Not enough memory to handle 16000 prefill tokens. You need to decrease `--max-batch-prefill-tokens`"))',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tgi-router-max-total-tokens',
    program: 'TGI 3.3 router (v3 backend)',
    source: gh('huggingface/text-generation-inference@v3.3.6', 'backends/v3/src/lib.rs', 181),
    template: 'Not enough memory to handle `max_total_tokens={0}`',
    lines: [
      'Error: Backend(NotEnoughMemory(32000))',
      'Error: Not enough memory to handle `max_total_tokens=32000`',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tgi-kv-blocks-status-lookalike',
    program: 'TGI 3.3',
    source: gh(
      'huggingface/text-generation-inference@v3.3.6',
      'server/text_generation_server/models/flash_causal_lm.py',
      1565,
    ),
    template: 'KV-cache blocks: {num_blocks}, size: {BLOCK_SIZE}',
    lines: ['2025-03-01T10:00:00.000000Z  INFO text_generation_launcher: KV-cache blocks: 4096, size: 16'],
    kind: 'none',
  },
  {
    id: 'tgi-shard-failed-lookalike',
    program: 'TGI launcher',
    source: gh('huggingface/text-generation-inference@v3.3.6', 'launcher/src/main.rs'),
    template: 'Shard {rank} failed to start',
    lines: ['2025-03-01T10:00:00.000000Z ERROR text_generation_launcher: Shard 0 failed to start'],
    kind: 'none',
  },
  // ---- lmdeploy / TurboMind ----
  {
    id: 'turbomind-cuda-runtime-oom',
    program: 'lmdeploy TurboMind 0.4-0.10',
    source: gh('InternLM/lmdeploy@v0.6.0', 'src/turbomind/utils/cuda_utils.h'),
    template: '[TM][ERROR] CUDA runtime error: {cudaGetErrorString} {file}:{line}',
    lines: [
      'RuntimeError: [TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/utils/allocator.h:246',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'lmdeploy-no-enough-gpu-memory',
    program: 'lmdeploy PyTorch engine 0.2-0.10',
    source: gh('InternLM/lmdeploy@v0.6.0', 'lmdeploy/pytorch/engine/cache_engine.py'),
    template: 'No enough gpu memory for runtime.',
    lines: ['RuntimeError: No enough gpu memory for runtime.'],
    kind: 'gpu_oom',
  },
  {
    id: 'turbomind-illegal-address-lookalike',
    program: 'lmdeploy TurboMind',
    source: gh('InternLM/lmdeploy@v0.6.0', 'src/turbomind/utils/cuda_utils.h'),
    template: '[TM][ERROR] CUDA runtime error: {cudaGetErrorString} {file}:{line}',
    lines: [
      'RuntimeError: [TM][ERROR] CUDA runtime error: an illegal memory access was encountered /lmdeploy/src/turbomind/models/llama/LlamaBatch.cc:1180',
    ],
    kind: 'none',
  },
  // ---- TensorRT-LLM / TensorRT ----
  {
    id: 'trtllm-cuda-malloc-async',
    program: 'TensorRT-LLM 0.x-1.x',
    source: gh('NVIDIA/TensorRT-LLM@v0.16.0', 'cpp/tensorrt_llm/runtime/tllmBuffers.h'),
    template: '[TensorRT-LLM][ERROR] CUDA runtime error in {call}: {cudaGetErrorString} ({file}:{line})',
    lines: [
      'RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory (/src/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:125)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'trtllm-cuda-malloc-host-pinned',
    program: 'TensorRT-LLM 0.x-1.x',
    source: gh('NVIDIA/TensorRT-LLM@v0.16.0', 'cpp/tensorrt_llm/runtime/tllmBuffers.h'),
    template: '[TensorRT-LLM][ERROR] CUDA runtime error in {call}: {cudaGetErrorString} ({file}:{line})',
    lines: [
      '[TensorRT-LLM][ERROR] tensorrt_llm::common::TllmException: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMalloc(&ptr, n): out of memory (/home/jenkins/agent/workspace/LLM/main/L0_PostMerge/llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:125)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tensorrt-virtual-memory-oom',
    program: 'TensorRT 8.6-10.x builder',
    source: gh('NVIDIA/TensorRT@v10.0.0', 'include/NvInferRuntimeBase.h'),
    template: 'Error Code 2: OutOfMemory (no further information)',
    lines: [
      '[TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::140] Error Code 2: OutOfMemory (no further information)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tensorrt-default-allocator-oom',
    program: 'TensorRT 8.x',
    source: gh('NVIDIA/TensorRT@v8.6.1', 'include/NvInferRuntimeCommon.h'),
    template: 'Error Code 1: Cuda Runtime ({cudaGetErrorString})',
    lines: ['[TRT] [E] 1: [defaultAllocator.cpp::allocate::20] Error Code 1: Cuda Runtime (out of memory)'],
    kind: 'gpu_oom',
  },
  {
    id: 'tensorrt-skipping-tactic-lookalike',
    program: 'TensorRT 8.x-10.x builder',
    source: gh('NVIDIA/TensorRT@v8.6.1', 'include/NvInferRuntimeCommon.h'),
    template:
      'Skipping tactic {n} due to insufficient memory on requested size of {bytes} detected for tactic {id}.',
    lines: [
      '[TRT] [W] Skipping tactic 3 due to insufficient memory on requested size of 4294967296 detected for tactic 0x0000000000000004.',
    ],
    kind: 'none',
  },
  // ---- llama.cpp / ggml ----
  {
    id: 'ggml-cuda-buffer-alloc',
    program: 'llama.cpp b2000-b6000 (ggml-cuda)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-cuda.cu'),
    template: '%s: allocating %.2f MiB on device %d: cudaMalloc failed: %s',
    lines: [
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4096.00 MiB on device 0: cudaMalloc failed: out of memory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-gallocr-reserve',
    program: 'llama.cpp (ggml-alloc)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-alloc.c'),
    template: '%s: failed to allocate %s buffer of size %zu',
    lines: ['ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 1107296256'],
    kind: 'gpu_oom',
  },
  {
    id: 'llama-kv-cache-init',
    program: 'llama.cpp',
    source: gh('ggml-org/llama.cpp@b4000', 'src/llama.cpp'),
    template: '%s: failed to allocate buffer for kv cache',
    lines: [
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 8192.00 MiB on device 0: cudaMalloc failed: out of memory',
      'llama_kv_cache_init: failed to allocate buffer for kv cache',
      'llama_new_context_with_model: llama_kv_cache_init() failed for self-attention cache',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'llama-unable-to-allocate-backend-buffer',
    program: 'llama.cpp',
    source: gh('ggml-org/llama.cpp@b4000', 'src/llama.cpp'),
    template: 'unable to allocate backend buffer',
    lines: [
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 12288.00 MiB on device 0: cudaMalloc failed: out of memory',
      'llama_model_load: error loading model: unable to allocate backend buffer',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-cpu-buffer-alloc',
    program: 'llama.cpp (ggml-backend CPU)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-backend.cpp'),
    template: '%s: failed to allocate buffer of size %zu',
    lines: ['ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 34359738400'],
    kind: 'host_oom',
  },
  {
    id: 'ggml-vulkan-device-memory',
    program: 'llama.cpp (ggml-vulkan)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-vulkan.cpp'),
    template: 'ggml_vulkan: Device memory allocation of size %zu failed.',
    lines: [
      'ggml_vulkan: Device memory allocation of size 2147483648 failed.',
      'ggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-metal-insufficient-memory',
    program: 'llama.cpp (ggml-metal)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-metal.m'),
    template: 'error: %s (command buffer status) — kIOGPUCommandBufferCallbackErrorOutOfMemory',
    lines: [
      'ggml_metal_graph_compute: command buffer 0 failed with status 5',
      'error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-cuda-error-oom',
    program: 'llama.cpp (ggml-cuda)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-cuda.cu'),
    template: 'CUDA error: %s\n  current device: %d, in function %s at %s:%d',
    lines: [
      'CUDA error: out of memory',
      '  current device: 0, in function ggml_cuda_pool_malloc at ggml/src/ggml-cuda.cu:412',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-cuda-illegal-address-lookalike',
    program: 'llama.cpp (ggml-cuda)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-cuda.cu'),
    template: 'CUDA error: %s\n  current device: %d, in function %s at %s:%d',
    lines: [
      'CUDA error: an illegal memory access was encountered',
      '  current device: 0, in function ggml_backend_cuda_synchronize at ggml/src/ggml-cuda.cu:2463',
    ],
    kind: 'none',
  },
  {
    id: 'llama-kv-slot-lookalike',
    program: 'llama.cpp',
    source: gh('ggml-org/llama.cpp@b4000', 'src/llama.cpp'),
    template: '%s: failed to find KV cache slot for ubatch of size %d',
    lines: [
      'decode: failed to find KV cache slot for ubatch of size 512',
      'llama_decode: failed to decode, ret = 1',
    ],
    kind: 'none',
  },
  {
    id: 'ggml-metal-buffer-alloc',
    program: 'llama.cpp (ggml-metal)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-metal.m'),
    template: '%s: error: failed to allocate buffer, size = %8.2f MiB',
    lines: [
      'ggml_backend_metal_buffer_type_alloc_buffer: error: failed to allocate buffer, size =  8192.00 MiB',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ggml-sycl-buffer-alloc',
    program: 'llama.cpp (ggml-sycl)',
    source: gh('ggml-org/llama.cpp@b4000', 'ggml/src/ggml-sycl.cpp'),
    template: "%s: can't allocate %lu Bytes of memory on device",
    lines: [
      "ggml_backend_sycl_buffer_type_alloc_buffer: can't allocate 4294967296 Bytes of memory on device",
    ],
    kind: 'gpu_oom',
  },
  // ---- Ollama ----
  {
    id: 'ollama-runner-signal-killed',
    program: 'Ollama 0.1-0.12',
    source: gh('ollama/ollama@v0.12.0', 'llm/server.go', 1261),
    template: 'llama runner process has terminated: %w (exec\'s "signal: killed")',
    lines: ['Error: llama runner process has terminated: signal: killed'],
    kind: 'host_oom',
  },
  {
    id: 'ollama-runner-unable-to-allocate-cuda0',
    program: 'Ollama 0.1-0.12',
    source: gh('ollama/ollama@v0.12.0', 'llm/server.go', 1261),
    template: "llama runner process has terminated: %w (the runner's last error line)",
    lines: [
      'Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ollama-system-memory',
    program: 'Ollama 0.3-0.12',
    source: gh('ollama/ollama@v0.12.0', 'llm/server.go', 540),
    template: 'model requires more system memory (%s) than is available (%s)',
    lines: ['Error: model requires more system memory (12.3 GiB) than is available (7.8 GiB)'],
    kind: 'host_oom',
  },
  {
    id: 'ollama-runner-cudamalloc',
    program: 'Ollama 0.1-0.12',
    source: gh('ollama/ollama@v0.12.0', 'llm/status.go', 26),
    template:
      'llama runner process has terminated: %w (the runner\'s last status line, e.g. "cudaMalloc failed")',
    lines: ['Error: llama runner process has terminated: cudaMalloc failed: out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'ollama-runner-exit-status-lookalike',
    program: 'Ollama 0.1-0.12',
    source: gh('ollama/ollama@v0.12.0', 'llm/server.go', 1261),
    template: 'llama runner process has terminated: %w',
    lines: ['Error: llama runner process has terminated: exit status 0xc0000409'],
    kind: 'none',
  },
  {
    id: 'ollama-insufficient-memory',
    program: 'Ollama 0.11-0.12 (new engine)',
    source: gh('ollama/ollama@v0.12.0', 'ml/backend.go', 158),
    template: 'insufficient memory - required allocations: %+v',
    lines: [
      'Error: 500 Internal Server Error: insufficient memory - required allocations: {InputWeights:576716800A CPU:{Name:CPU Weights:[0A] Cache:[0A] Graph:0A} GPUs:[{Name:CUDA0 Weights:[] Cache:[] Graph:1207959552U}]}',
    ],
    kind: 'gpu_oom',
  },
  // ---- PyTorch (newest allocators) ----
  {
    id: 'torch-xpu-oom',
    program: 'PyTorch 2.5-2.13 XPU',
    source: gh('pytorch/pytorch@v2.8.0', 'c10/xpu/XPUCachingAllocator.cpp'),
    template:
      'XPU out of memory. Tried to allocate {size}. GPU {device} has a total capacity of {total}. Of the allocated memory {allocated} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. ...',
    lines: [
      'torch.OutOfMemoryError: XPU out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.11 GiB. Of the allocated memory 13.20 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'torch-mps-oom',
    program: 'PyTorch 2.x MPS',
    source: gh('pytorch/pytorch@v2.8.0', 'aten/src/ATen/mps/MPSAllocator.mm'),
    template:
      'MPS backend out of memory (MPS allocated: {a}, other allocations: {o}, max allowed: {m}). Tried to allocate {s} on {pool}. ...',
    lines: [
      'RuntimeError: MPS backend out of memory (MPS allocated: 17.82 GB, other allocations: 1.08 GB, max allowed: 18.13 GB). Tried to allocate 256.00 MB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system failure).',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'torch-cuda-oom-2x',
    program: 'PyTorch 2.2-2.13 CUDA',
    source: gh('pytorch/pytorch@v2.8.0', 'c10/cuda/CUDACachingAllocator.cpp'),
    template:
      'CUDA out of memory. Tried to allocate {size}. GPU {device} has a total capacity of {total} of which {free} is free. ...',
    lines: [
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this process has 22.58 GiB memory in use. Of the allocated memory 21.86 GiB is allocated by PyTorch, and 301.72 MiB is reserved by PyTorch but unallocated.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'torch-cpu-allocator',
    program: 'PyTorch 2.x CPU',
    source: gh('pytorch/pytorch@v2.8.0', 'c10/core/impl/alloc_cpu.cpp'),
    template:
      "DefaultCPUAllocator: can't allocate memory: you tried to allocate {n} bytes. Error code {e} ({strerror})",
    lines: [
      "RuntimeError: [enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 34359738368 bytes. Error code 12 (Cannot allocate memory)",
    ],
    kind: 'host_oom',
  },
  {
    id: 'torch-accelerator-illegal-address-lookalike',
    program: 'PyTorch 2.8-2.13',
    source: gh('pytorch/pytorch@v2.8.0', 'c10/cuda/CUDAException.cpp'),
    template: 'CUDA error: {cudaGetErrorString}',
    lines: ['torch.AcceleratorError: CUDA error: an illegal memory access was encountered'],
    kind: 'none',
  },
  {
    id: 'torch-cuda-driver-error-oom',
    program: 'PyTorch 2.1-2.13 (expandable segments, cuMemCreate)',
    source: gh('pytorch/pytorch@v2.8.0', 'c10/cuda/driver_api.h'),
    template: 'CUDA driver error: {cuGetErrorString}',
    lines: ['RuntimeError: CUDA driver error: out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'torch-xpu-oom-ipex',
    program: 'intel-extension-for-pytorch 2.x XPU',
    source: gh(
      'intel/intel-extension-for-pytorch@v2.1.10+xpu',
      'csrc/gpu/runtime/CachingDeviceAllocator.cpp',
    ),
    template:
      'XPU out of memory. Tried to allocate {size} (GPU {dev}; {total} total capacity; {alloc} already allocated; {reserved} reserved in total by PyTorch)',
    lines: [
      'RuntimeError: XPU out of memory. Tried to allocate 2.00 GiB (GPU 0; 15.11 GiB total capacity; 12.00 GiB already allocated; 13.50 GiB reserved in total by PyTorch)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'triton-driver-cuda-oom',
    program: 'Triton 2.x-3.x (driver)',
    source: gh('triton-lang/triton@v3.1.0', 'third_party/nvidia/backend/driver.c'),
    template: 'Triton Error [CUDA]: {cuGetErrorString}',
    lines: ['RuntimeError: Triton Error [CUDA]: out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'triton-driver-illegal-address-lookalike',
    program: 'Triton 2.x-3.x (driver)',
    source: gh('triton-lang/triton@v3.1.0', 'third_party/nvidia/backend/driver.c'),
    template: 'Triton Error [CUDA]: {cuGetErrorString}',
    lines: ['RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered'],
    kind: 'none',
  },
  {
    id: 'xformers-no-operator-lookalike',
    program: 'xformers 0.0.2x',
    source: gh('facebookresearch/xformers@v0.0.28', 'xformers/ops/fmha/dispatch.py'),
    template: 'No operator found for `{name}` with inputs:',
    lines: ['NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:'],
    kind: 'none',
  },
  {
    id: 'mlc-insufficient-gpu-memory',
    program: 'MLC-LLM 0.1 (serve engine)',
    source: gh('mlc-ai/mlc-llm@v0.1.0', 'python/mlc_llm/serve/engine_base.py'),
    template:
      'Insufficient GPU memory error: The available single GPU memory is {a} GB, which is less than the sum of model weight size ({w} GB) and temporary buffer size ({t} GB).',
    lines: [
      'ValueError: Insufficient GPU memory error: The available single GPU memory is 6.200 GB, which is less than the sum of model weight size (7.500 GB) and temporary buffer size (1.200 GB).',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'vllm-v1-engine-core-init-lookalike',
    program: 'vLLM 0.8-0.11 (V1)',
    source: gh('vllm-project/vllm@v0.10.2', 'vllm/v1/engine/utils.py'),
    template: 'Engine core initialization failed. See root cause above. Failed core proc(s): {procs}',
    lines: ['RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}'],
    kind: 'none',
  },
  {
    id: 'tf-bfc-ran-out-before-failure',
    program: 'TensorFlow 2.x BFC allocator',
    source: gh('tensorflow/tensorflow@v2.16.1', 'tensorflow/core/common_runtime/bfc_allocator.cc'),
    template:
      'Allocator ({name}) ran out of memory trying to allocate {size} (rounded to {bytes})requested by op {op}',
    lines: [
      'W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.00GiB (rounded to 1073741824)requested by op MatMul',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xla-tpu-vmem',
    program: 'XLA:TPU / Pallas via jax 0.4.30-0.10',
    source: gh('jax-ml/jax@jax-v0.4.30', 'jax/_src/compiler.py'),
    template:
      "RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem ... (the corpus settles it as the device's)",
    lines: [
      'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem while allocating on stack for %dot.1 = f32[512,512]{1,0} dot(f32[512,512]{1,0} %a, f32[512,512]{1,0} %b)',
    ],
    kind: 'gpu_oom',
  },
  // ---- JAX / XLA / TensorFlow ----
  {
    id: 'xla-oom-trying-to-allocate',
    program: 'jax 0.4.x (jaxlib.xla_extension)',
    source: gh('openxla/xla@main', 'xla/pjrt/gpu/se_gpu_pjrt_client.cc'),
    template: 'Out of memory while trying to allocate {bytes} bytes.',
    lines: [
      'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'jax-errors-runtime-oom',
    program: 'jax 0.4.36-0.10 (jax.errors.JaxRuntimeError)',
    source: gh('jax-ml/jax@jax-v0.5.0', 'jax/errors.py'),
    template: 'RESOURCE_EXHAUSTED: Out of memory while trying to allocate {size}.',
    lines: [
      'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 8.00GiB.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xla-tpu-hbm-compile',
    program: 'XLA:TPU via jax',
    source: gh('jax-ml/jax@jax-v0.4.30', 'jax/_src/compiler.py'),
    template:
      'XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used {used} of {total} hbm. Exceeded hbm capacity by {over}.',
    lines: [
      'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used 17.89G of 15.48G hbm. Exceeded hbm capacity by 2.41G.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xla-bfc-failed-request',
    program: 'XLA PjRt BFC allocator',
    source: gh('openxla/xla@main', 'xla/tsl/framework/bfc_allocator.cc'),
    template: 'Failed to allocate request for {size} ({bytes}B) on device ordinal {n}',
    lines: [
      'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 2.00GiB (2147483648B) on device ordinal 0',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xla-bfc-not-a-failure-lookalike',
    program: 'XLA/TF BFC allocator',
    source: gh('openxla/xla@main', 'xla/tsl/framework/bfc_allocator.cc'),
    template:
      'Allocator ({name}) ran out of memory trying to allocate {size} with freed_by_count={n}. The caller indicates that this is not a failure, but this may mean that there could be performance gains if more memory were available.',
    lines: [
      'W0000 00:00:1700000000.000000   1234 bfc_allocator.cc:291] Allocator (GPU_0_bfc) ran out of memory trying to allocate 4.00GiB with freed_by_count=0. The caller indicates that this is not a failure, but this may mean that there could be performance gains if more memory were available.',
    ],
    kind: 'none',
  },
  {
    id: 'tf-oom-when-allocating',
    program: 'TensorFlow 2.x',
    source: gh('tensorflow/tensorflow@v2.16.1', 'tensorflow/core/framework/op_kernel.cc'),
    template: 'OOM when allocating tensor with shape{shape} and type {type} on {device} by allocator {name}',
    lines: [
      'tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[1024,1024,64] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xla-illegal-address-lookalike',
    program: 'jax/XLA GPU',
    source: gh('openxla/xla@main', 'xla/stream_executor/cuda/cuda_driver.cc'),
    template: 'CUDA_ERROR_ILLEGAL_ADDRESS',
    lines: [
      "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.func.launch' failed: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
    ],
    kind: 'none',
  },
  // ---- DeepSpeed / bitsandbytes / Triton ----
  {
    id: 'deepspeed-allocator-flush-lookalike',
    program: 'DeepSpeed ZeRO-3 0.6-0.16',
    source: gh('deepspeedai/DeepSpeed@v0.16.0', 'deepspeed/runtime/zero/stage3.py'),
    template:
      '{n} pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. ...',
    lines: [
      '[2024-05-01 10:00:00,000] [WARNING] [stage3.py:2069:step] 3 pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks flush their caches at the same time',
    ],
    kind: 'none',
  },
  {
    id: 'deepspeed-see-memory-usage-lookalike',
    program: 'DeepSpeed',
    source: gh('deepspeedai/DeepSpeed@v0.16.0', 'deepspeed/runtime/utils.py'),
    template: 'MA {a} GB         Max_MA {b} GB         CA {c} GB         Max_CA {d} GB',
    lines: [
      '[2024-05-01 10:00:00,000] [INFO] [utils.py:782:see_memory_usage] MA 10.5 GB         Max_MA 12.1 GB         CA 14.0 GB         Max_CA 14 GB',
    ],
    kind: 'none',
  },
  {
    id: 'bitsandbytes-check-return-oom',
    program: 'bitsandbytes 0.3x-0.4x',
    source: gh('bitsandbytes-foundation/bitsandbytes@0.43.0', 'csrc/ops.cuh'),
    template: 'Error %s at line %d in file %s',
    lines: ['Error out of memory at line 380 in file /src/csrc/pythonInterface.c'],
    kind: 'gpu_oom',
  },
  {
    id: 'bitsandbytes-check-return-illegal-lookalike',
    program: 'bitsandbytes 0.3x-0.4x',
    source: gh('bitsandbytes-foundation/bitsandbytes@0.43.0', 'csrc/ops.cuh'),
    template: 'Error %s at line %d in file %s',
    lines: ['Error an illegal memory access was encountered at line 88 in file /src/csrc/ops.cu'],
    kind: 'none',
  },
  {
    id: 'triton-shared-memory-lookalike',
    program: 'Triton 2.x-3.x',
    source: gh('triton-lang/triton@v3.1.0', 'python/triton/runtime/errors.py'),
    template:
      'out of resource: {name}, Required: {required}, Hardware limit: {limit}. Reducing block sizes or `num_stages` may help.',
    lines: [
      'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: 65536. Reducing block sizes or `num_stages` may help.',
    ],
    kind: 'none',
  },
  // ---- PaddlePaddle / MXNet / MindSpore / MLC (TVM) ----
  {
    id: 'paddle-gpu-resource-exhausted',
    program: 'PaddlePaddle 2.x-3.x',
    source: gh('PaddlePaddle/Paddle@v2.6.0', 'paddle/fluid/memory/allocation/cuda_allocator.cc'),
    template:
      'Out of memory error on GPU {dev}. Cannot allocate {size} memory on GPU {dev}, {allocated} memory has been allocated and available memory is only {avail}.',
    lines: [
      'ResourceExhaustedError: ',
      '',
      'Out of memory error on GPU 0. Cannot allocate 1.953125GB memory on GPU 0, 14.453125GB memory has been allocated and available memory is only 1.312500GB.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'paddle-memory-error-prefix',
    program: 'PaddlePaddle 2.4-3.x',
    source: gh('PaddlePaddle/Paddle@v3.0.0', 'paddle/phi/core/memory/allocation/cuda_allocator.cc'),
    template:
      '(ResourceExhausted) Out of memory error on GPU {dev}. Cannot allocate {size} memory on GPU {dev}, ...',
    lines: [
      'MemoryError: (ResourceExhausted) Out of memory error on GPU 0. Cannot allocate 256.000244MB memory on GPU 0, 15.556641GB memory has been allocated and available memory is only 218.562500MB.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'paddle-cpu-alloc',
    program: 'PaddlePaddle 2.x',
    source: gh('PaddlePaddle/Paddle@v2.6.0', 'paddle/fluid/memory/allocation/cpu_allocator.cc'),
    template: 'Fail to alloc memory of {size} size, error code is {errno}.',
    lines: ['ResourceExhaustedError: Fail to alloc memory of 4294967296 size, error code is 12.'],
    kind: 'host_oom',
  },
  {
    id: 'paddle-external-cuda-oom',
    program: 'PaddlePaddle 2.x',
    source: gh('PaddlePaddle/Paddle@v2.6.0', 'paddle/phi/core/enforce.h'),
    template: '(External) CUDA error({code}), {cudaGetErrorString}.',
    lines: ['OSError: (External) CUDA error(2), out of memory. '],
    kind: 'gpu_oom',
  },
  {
    id: 'mxnet-cudamalloc-retry',
    program: 'MXNet 1.x',
    source: gh('apache/mxnet@1.9.1', 'src/storage/pooled_storage_manager.h'),
    template: 'cudaMalloc retry failed: {cudaGetErrorString}',
    lines: [
      'mxnet.base.MXNetError: [09:12:31] src/storage/./pooled_storage_manager.h:157: cudaMalloc retry failed: out of memory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'mxnet-memory-allocation-failed',
    program: 'MXNet 1.9',
    source: gh('apache/mxnet@1.9.1', 'src/storage/pooled_storage_manager.h'),
    template: 'Memory allocation failed {cudaGetErrorString(e)} (the GPU context)',
    lines: [
      'mxnet.base.MXNetError: [10:21:07] src/storage/./pooled_storage_manager.h:182: Memory allocation failed out of memory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'mxnet-memory-allocation-failed-host',
    program: 'MXNet 1.9',
    source: gh('apache/mxnet@1.9.1', 'src/storage/pooled_storage_manager.h'),
    template: 'Memory allocation failed {strerror(errno)} (the CPU context)',
    lines: [
      'mxnet.base.MXNetError: [10:21:07] src/storage/./pooled_storage_manager.h:182: Memory allocation failed Cannot allocate memory',
    ],
    kind: 'host_oom',
  },
  {
    id: 'mindspore-device-memory',
    program: 'MindSpore 2.x',
    source: gh(
      'mindspore-ai/mindspore@v2.3.0',
      'mindspore/ccsrc/runtime/graph_scheduler/actor/memory_manager_actor.cc',
    ),
    template:
      "Device(id:{id}) memory isn't enough and alloc failed, kernel name: {kernel}, alloc size: {size}B.",
    lines: [
      "RuntimeError: Device(id:0) memory isn't enough and alloc failed, kernel name: Default/network-WithLossCell/_backbone-Net/MatMul-op12, alloc size: 1073741824B.",
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'mindspore-out-of-memory-request',
    program: 'MindSpore 2.x',
    source: gh(
      'mindspore-ai/mindspore@v2.3.0',
      'mindspore/ccsrc/backend/common/mem_reuse/mem_dynamic_allocator.cc',
    ),
    template: 'Out of Memory!!! Request memory size: {size}B, Memory Statistic:',
    lines: [
      'Out of Memory!!! Request memory size: 2147483648B, Memory Statistic:',
      'Device HBM memory size: 32768M',
      'MindSpore Used memory size: 30684M',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'tvm-cuda-oom-mlc',
    program: 'MLC-LLM (TVM runtime)',
    source: gh('apache/tvm@v0.18.0', 'src/runtime/cuda/cuda_common.h'),
    template: 'CUDA: {cudaGetErrorString}',
    lines: [
      'tvm.error.InternalError: Check failed: (e == cudaSuccess || e == cudaErrorCudartUnloading) is false: CUDA: out of memory',
    ],
    kind: 'gpu_oom',
  },
  // ---- ONNX Runtime / OpenVINO ----
  {
    id: 'ort-bfc-arena',
    program: 'ONNX Runtime 1.x (CUDA EP)',
    source: gh('microsoft/onnxruntime@v1.20.0', 'onnxruntime/core/framework/bfc_arena.cc'),
    template: 'Failed to allocate memory for requested buffer of size {size}',
    lines: [
      "onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Name:'Conv_0' Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size 1073741824",
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'ort-cuda-memory-allocation',
    program: 'ONNX Runtime 1.x (CUDA EP)',
    source: gh('microsoft/onnxruntime@v1.20.0', 'onnxruntime/core/providers/cuda/cuda_call.cc'),
    template: 'CUDA failure {code}: {cudaGetErrorString} ; GPU={dev} ; ...',
    lines: ['Status Message: CUDA error cudaErrorMemoryAllocation:out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'ort-available-smaller-than-requested',
    program: 'ONNX Runtime 1.x',
    source: gh('microsoft/onnxruntime@v1.20.0', 'onnxruntime/core/framework/bfc_arena.cc'),
    template: 'Available memory of {avail} is smaller than requested bytes of {req}',
    lines: [
      'Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:342 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool) Available memory of 0 is smaller than requested bytes of 536870912',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'openvino-gpu-exceeded-max-size',
    program: 'OpenVINO 2023-2025 GPU plugin',
    source: gh('openvinotoolkit/openvino@2024.4.0', 'src/plugins/intel_gpu/src/runtime/engine.cpp'),
    template:
      '[GPU] Exceeded max size of memory allocation: Required {req} bytes, already occupied : {used} bytes, but available memory size is {avail} bytes',
    lines: [
      'RuntimeError: Exception from src/plugins/intel_gpu/src/runtime/ocl/ocl_engine.cpp:164:',
      '[GPU] Exceeded max size of memory allocation: Required 8589934592 bytes, already occupied : 1234567 bytes, but available memory size is 6442450944 bytes',
    ],
    kind: 'gpu_oom',
  },
  // ---- NVIDIA DALI ----
  {
    id: 'dali-cuda-allocation-failed',
    program: 'NVIDIA DALI 1.x',
    source: gh('NVIDIA/DALI@v1.40.0', 'include/dali/core/cuda_error.h'),
    template: 'CUDA allocation failed',
    lines: [
      'RuntimeError: Critical error in pipeline:',
      'Error in GPU operator `nvidia.dali.fn.decoders.image`,',
      'which was used in the pipeline definition with the following traceback:',
      'encountered:',
      'CUDA allocation failed',
      'Current pipeline object is no longer valid.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'dali-cant-allocate-on-device',
    program: 'NVIDIA DALI 1.x',
    source: gh('NVIDIA/DALI@v1.40.0', 'include/dali/core/cuda_error.h'),
    template: "Can't allocate {bytes} bytes on device {dev}.",
    lines: ["RuntimeError: Can't allocate 1073741824 bytes on device 0."],
    kind: 'gpu_oom',
  },
  {
    id: 'dali-cant-allocate-on-host',
    program: 'NVIDIA DALI 1.x',
    source: gh('NVIDIA/DALI@v1.40.0', 'include/dali/core/cuda_error.h'),
    template: "Can't allocate {bytes} bytes on host.",
    lines: ["RuntimeError: Can't allocate 1073741824 bytes on host."],
    kind: 'host_oom',
  },
  {
    id: 'dali-host-bad-alloc',
    program: 'NVIDIA DALI 1.x',
    source: gh('NVIDIA/DALI@v1.40.0', 'dali/pipeline/executor/executor.cc'),
    template: 'Error when executing CPU operator {name}, instance name: "{inst}", encountered: {what}',
    lines: [
      'RuntimeError: Critical error in pipeline:',
      'Error when executing CPU operator readers__File, instance name: "Reader", encountered:',
      'std::bad_alloc',
    ],
    kind: 'host_oom',
  },
  // ---- RAPIDS RMM / cuDF ----
  {
    id: 'rmm-out-of-memory-old',
    program: 'RMM 21-24 / cuDF',
    source: gh('rapidsai/rmm@v23.12.00', 'include/rmm/detail/error.hpp'),
    template: 'out_of_memory: CUDA error at: {file}:{line}: {cudaGetErrorName} {cudaGetErrorString}',
    lines: [
      'MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /opt/conda/include/rmm/mr/device/cuda_memory_resource.hpp:70: cudaErrorMemoryAllocation out of memory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'rmm-pool-max-exceeded-old',
    program: 'RMM 21-24 / cuDF',
    source: gh('rapidsai/rmm@v23.12.00', 'include/rmm/mr/device/pool_memory_resource.hpp'),
    template: 'out_of_memory: RMM failure at:{file}:{line}: Maximum pool size exceeded',
    lines: [
      'MemoryError: std::bad_alloc: out_of_memory: RMM failure at:/opt/conda/include/rmm/mr/device/pool_memory_resource.hpp:196: Maximum pool size exceeded',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'rmm-failed-to-allocate-new',
    program: 'RMM 25.x / cuDF',
    source: gh('rapidsai/rmm@v25.10.00', 'cpp/include/rmm/detail/error.hpp', 156),
    template:
      'CUDA error (failed to allocate {n} bytes) at: {file}:{line}: {cudaGetErrorName} {cudaGetErrorString}',
    lines: [
      'MemoryError: std::bad_alloc: CUDA error (failed to allocate 8589934592 bytes) at: /opt/conda/include/rmm/mr/device/cuda_memory_resource.hpp:62: cudaErrorMemoryAllocation out of memory',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'rmm-pool-max-exceeded-new',
    program: 'RMM 25.x',
    source: gh('rapidsai/rmm@v25.10.00', 'cpp/include/rmm/mr/device/pool_memory_resource.hpp', 259),
    template:
      'RMM failure at:{file}:{line}: Maximum pool size exceeded (failed to allocate {size}): {reason}',
    lines: [
      'MemoryError: std::bad_alloc: RMM failure at:/opt/conda/include/rmm/mr/device/pool_memory_resource.hpp:260: Maximum pool size exceeded (failed to allocate 4.00 GiB): Not enough room to grow, current/max/try size = 12.00 GiB, 16.00 GiB, 4.00 GiB',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'rmm-limiting-adaptor',
    program: 'RMM 25.x',
    source: gh('rapidsai/rmm@v25.10.00', 'cpp/include/rmm/mr/device/limiting_resource_adaptor.hpp', 154),
    template: 'RMM failure at:{file}:{line}: Exceeded memory limit (failed to allocate {size})',
    lines: [
      'MemoryError: std::bad_alloc: RMM failure at:/opt/conda/include/rmm/mr/device/limiting_resource_adaptor.hpp:154: Exceeded memory limit (failed to allocate 1.00 MiB)',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'rmm-illegal-address-lookalike',
    program: 'RMM / cuDF',
    source: gh('rapidsai/rmm@v25.10.00', 'cpp/include/rmm/detail/error.hpp'),
    template: 'CUDA error at: {file}:{line}: {cudaGetErrorName} {cudaGetErrorString}',
    lines: [
      'RuntimeError: CUDA error at: /opt/conda/include/rmm/cuda_stream_view.hpp:95: cudaErrorIllegalAddress an illegal memory access was encountered',
    ],
    kind: 'none',
  },
  // ---- CuPy ----
  {
    id: 'cupy-out-of-memory-allocating',
    program: 'CuPy 8-13',
    source: gh('cupy/cupy@v13.3.0', 'cupy/cuda/memory.pyx'),
    template: 'Out of memory allocating {size:,} bytes (allocated so far: {total:,} bytes{limit}).',
    lines: [
      'cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 8,589,934,592 bytes (allocated so far: 2,147,483,648 bytes).',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'cupy-out-of-memory-limit',
    program: 'CuPy 8-13',
    source: gh('cupy/cupy@v13.3.0', 'cupy/cuda/memory.pyx'),
    template:
      'Out of memory allocating {size:,} bytes (allocated so far: {total:,} bytes, limit set to: {limit:,} bytes).',
    lines: [
      'cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 1,024 bytes (allocated so far: 0 bytes, limit set to: 512 bytes).',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'cupy-runtime-memory-allocation',
    program: 'CuPy 9-13',
    source: gh('cupy/cupy@v13.3.0', 'cupy_backends/cuda/api/runtime.pyx'),
    template: '{cudaGetErrorName}: {cudaGetErrorString}',
    lines: ['cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorMemoryAllocation: out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'cupy-illegal-address-lookalike',
    program: 'CuPy 9-13',
    source: gh('cupy/cupy@v13.3.0', 'cupy_backends/cuda/api/runtime.pyx'),
    template: '{cudaGetErrorName}: {cudaGetErrorString}',
    lines: [
      'cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorIllegalAddress: an illegal memory access was encountered',
    ],
    kind: 'none',
  },
  // ---- Numba ----
  {
    id: 'numba-cumemalloc-oom',
    program: 'Numba 0.5x',
    source: gh('numba/numba@0.58.1', 'numba/cuda/cudadrv/driver.py'),
    template: '[{code}] Call to {fname} results in {errname}',
    lines: [
      'numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'numba-cumemalloc-oom-binding',
    program: 'Numba 0.59-0.61 / numba-cuda (cuda-python binding)',
    source: gh('NVIDIA/numba-cuda@v0.10.0', 'numba_cuda/numba/cuda/cudadrv/driver.py'),
    template: '[{CUresult}] Call to {fname} results in {errname}',
    lines: [
      'numba.cuda.cudadrv.driver.CudaAPIError: [CUresult.CUDA_ERROR_OUT_OF_MEMORY] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'numba-launch-failed-lookalike',
    program: 'Numba 0.5x',
    source: gh('numba/numba@0.58.1', 'numba/cuda/cudadrv/driver.py'),
    template: '[{code}] Call to {fname} results in {errname}',
    lines: [
      'numba.cuda.cudadrv.driver.CudaAPIError: [719] Call to cuCtxSynchronize results in CUDA_ERROR_LAUNCH_FAILED',
    ],
    kind: 'none',
  },
  // ---- XGBoost / LightGBM / CatBoost ----
  {
    id: 'xgboost-memory-allocation-error',
    program: 'XGBoost 1.7-3.x',
    source: gh('dmlc/xgboost@v2.1.0', 'src/common/device_helpers.cuh'),
    template:
      'Memory allocation error on worker {dev}: {what}\n- Free memory: {free}\n- Requested memory: {req}',
    lines: [
      'xgboost.core.XGBoostError: [10:12:45] /workspace/src/common/device_helpers.cuh:431: Memory allocation error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory',
      '- Free memory: 1.2GiB',
      '- Requested memory: 4.5GiB',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'xgboost-thrust-bad-alloc',
    program: 'XGBoost 1.x (thrust)',
    source: gh('dmlc/xgboost@v1.7.6', 'src/common/device_helpers.cuh'),
    template: 'thrust::system::detail::bad_alloc: std::bad_alloc: {cudaGetErrorName}: {cudaGetErrorString}',
    lines: ['xgboost.core.XGBoostError: std::bad_alloc: cudaErrorMemoryAllocation: out of memory'],
    kind: 'gpu_oom',
  },
  {
    id: 'lightgbm-opencl-allocation',
    program: 'LightGBM (OpenCL GPU)',
    source: gh('microsoft/LightGBM@v4.5.0', 'src/treelearner/gpu_tree_learner.cpp'),
    template: '[LightGBM] [Fatal] {boost.compute error}',
    lines: ['[LightGBM] [Fatal] Memory Object Allocation Failure'],
    kind: 'gpu_oom',
  },
  {
    id: 'lightgbm-cuda-oom',
    program: 'LightGBM 4.x (CUDA)',
    source: gh('microsoft/LightGBM@v4.5.0', 'include/LightGBM/cuda/cuda_utils.hu'),
    template: '[CUDA] {cudaGetErrorString} {file} {line}',
    lines: ['[LightGBM] [Fatal] [CUDA] out of memory /LightGBM/src/cuda/cuda_utils.cpp 26'],
    kind: 'gpu_oom',
  },
  {
    id: 'catboost-cuda-error-2',
    program: 'CatBoost 1.x GPU',
    source: gh('catboost/catboost@v1.2.7', 'catboost/cuda/cuda_lib/cuda_base.h'),
    template: 'CUDA error {code}: {cudaGetErrorString}',
    lines: ['_catboost.CatBoostError: catboost/cuda/cuda_lib/cuda_base.h:281: CUDA error 2: out of memory'],
    kind: 'gpu_oom',
  },
  // ---- Faiss ----
  {
    id: 'faiss-failed-to-cudamalloc',
    program: 'Faiss 1.7-1.9 GPU',
    source: gh('facebookresearch/faiss@v1.9.0', 'faiss/gpu/StandardGpuResources.cpp'),
    template:
      'Failed to cudaMalloc {bytes} bytes on device {dev} (error {code} {cudaGetErrorString}\nOutstanding allocations:\n{list})',
    lines: [
      "RuntimeError: Error in virtual void* faiss::gpu::StandardGpuResourcesImpl::allocMemory(const faiss::gpu::AllocRequest&) at /project/faiss/faiss/gpu/StandardGpuResources.cpp:530: Error: 'err == cudaSuccess' failed: StandardGpuResources: alloc fail type TemporaryMemoryBuffer dev 0 space Device stream 0x5581 size 1610612736 bytes (cudaMalloc error out of memory [2])",
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'faiss-failed-to-cudamalloc-old',
    program: 'Faiss 1.6 GPU',
    source: gh('facebookresearch/faiss@v1.6.5', 'faiss/gpu/utils/MemorySpace.cpp'),
    template: 'Failed to cudaMalloc {bytes} bytes on device {dev} (error {code} {cudaGetErrorString}',
    lines: [
      "Faiss assertion 'err == cudaSuccess' failed in void faiss::gpu::allocMemorySpaceV(faiss::gpu::MemorySpace, void**, size_t) at gpu/utils/MemorySpace.cpp:84; details: Failed to cudaMalloc 1610612736 bytes on device 0 (error 2 out of memory",
    ],
    kind: 'gpu_oom',
  },
  // ---- Arrow / Polars (Rust) / Dask ----
  {
    id: 'arrow-malloc-failed',
    program: 'Apache Arrow 10-18 (pyarrow)',
    source: gh('apache/arrow@apache-arrow-17.0.0', 'cpp/src/arrow/memory_pool.cc'),
    template: 'malloc of size {size} failed',
    lines: ['pyarrow.lib.ArrowMemoryError: malloc of size 8589934592 failed'],
    kind: 'host_oom',
  },
  {
    id: 'arrow-realloc-failed',
    program: 'Apache Arrow 10-18 (pyarrow)',
    source: gh('apache/arrow@apache-arrow-17.0.0', 'cpp/src/arrow/memory_pool.cc'),
    template: 'realloc of size {size} failed',
    lines: ['pyarrow.lib.ArrowMemoryError: realloc of size 4294967296 failed'],
    kind: 'host_oom',
  },
  {
    id: 'arrow-capacity-lookalike',
    program: 'Apache Arrow (pyarrow)',
    source: gh('apache/arrow@apache-arrow-17.0.0', 'cpp/src/arrow/array/builder_binary.h'),
    template: 'array cannot contain more than {max} bytes, have {n}',
    lines: [
      'pyarrow.lib.ArrowCapacityError: array cannot contain more than 2147483646 bytes, have 2147483647',
    ],
    kind: 'none',
  },
  {
    id: 'rust-alloc-error-polars',
    program: 'Polars (Rust std alloc error hook)',
    source: gh('rust-lang/rust@1.80.0', 'library/std/src/alloc.rs'),
    template: 'memory allocation of {size} bytes failed',
    lines: ['memory allocation of 34359738368 bytes failed', 'Aborted (core dumped)'],
    kind: 'host_oom',
  },
  {
    id: 'dask-nanny-restart',
    program: 'Dask distributed 2023-2025',
    source: gh('dask/distributed@2024.8.0', 'distributed/worker_memory.py'),
    template: 'Worker {addr} (pid={pid}) exceeded {pct}% memory budget. Restarting...',
    lines: [
      'distributed.nanny.memory - WARNING - Worker tcp://127.0.0.1:45678 (pid=1234) exceeded 95% memory budget. Restarting...',
    ],
    kind: 'host_oom',
  },
  {
    id: 'dask-nanny-restart-old',
    program: 'Dask distributed 2.x-2021',
    source: gh('dask/distributed@2021.3.0', 'distributed/nanny.py'),
    template: 'Worker exceeded %d%% memory budget. Restarting',
    lines: [
      'distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting',
      'distributed.nanny - WARNING - Restarting worker',
    ],
    kind: 'host_oom',
  },
  {
    id: 'dask-unmanaged-lookalike',
    program: 'Dask distributed 2023-2025',
    source: gh('dask/distributed@2024.8.0', 'distributed/worker_memory.py'),
    template:
      'Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; ...',
    lines: [
      'distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: 11.29 GiB -- Worker memory limit: 16.00 GiB',
    ],
    kind: 'none',
  },
  {
    id: 'dask-pausing-lookalike',
    program: 'Dask distributed 2023-2025',
    source: gh('dask/distributed@2024.8.0', 'distributed/worker_memory.py'),
    template:
      'Worker is at {pct}% memory usage. Pausing worker.  Process memory: {m} -- Worker memory limit: {l}',
    lines: [
      'distributed.worker.memory - WARNING - Worker is at 81% memory usage. Pausing worker.  Process memory: 12.96 GiB -- Worker memory limit: 16.00 GiB',
    ],
    kind: 'none',
  },
  // ---- session 26 (doctor-rules): device OOMs in an application's or library's own words ----
  {
    id: 'tensorrt-out-of-memory-title',
    program: 'TensorRT 8.5-10.x: its OutOfMemory error as a title keeps it (no [TRT] prefix)',
    source: gh('NVIDIA/TensorRT@v10.0.0', 'include/NvInferRuntimeBase.h'),
    template: 'Error Code %d: OutOfMemory (%s)',
    lines: ['🐛 [Bug] Error Code 2: OutOfMemory (no further information)'],
    kind: 'gpu_oom',
  },
  {
    id: 'tensorrt-internal-error-lookalike',
    program: 'TensorRT: an internal error (not memory)',
    source: gh('NVIDIA/TensorRT@v10.0.0', 'include/NvInferRuntimeBase.h'),
    template: 'Error Code %d: Internal Error (%s)',
    lines: [
      '[TRT] [E] 4: [network.cpp::validate::3062] Error Code 4: Internal Error (Network has dynamic or shape inputs, but no optimization profile has been defined.)',
    ],
    kind: 'none',
  },
  {
    id: 'tensorrt-api-usage-lookalike',
    program: 'TensorRT: an API usage error (not memory)',
    source: gh('NVIDIA/TensorRT@v10.0.0', 'include/NvInferRuntimeBase.h'),
    template: 'Error Code %d: API Usage Error (%s)',
    lines: [
      '[TRT] [E] 3: [executionContext.cpp::enqueueV3::2666] Error Code 3: API Usage Error (Parameter check failed)',
    ],
    kind: 'none',
  },
  {
    id: 'bitsandbytes-check-return-oom-beside-cpu-figures',
    program: "bitsandbytes 0.3x-0.4x under DeepSpeed, whose see_memory_usage prints the host's figures",
    source: gh('bitsandbytes-foundation/bitsandbytes@0.43.0', 'csrc/ops.cuh'),
    template: 'Error %s at line %d in file %s',
    lines: [
      '[INFO] [utils.py:799:see_memory_usage] CPU Virtual Memory:  used = 2.49 GB, percent = 4.5%',
      'Error out of memory at line 380 in file /mmfs1/src/bitsandbytes/csrc/pythonInterface.c',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'bitsandbytes-check-return-invalid-lookalike',
    program: 'bitsandbytes 0.3x-0.4x: another CUDA status in the same macro',
    source: gh('bitsandbytes-foundation/bitsandbytes@0.43.0', 'csrc/ops.cuh'),
    template: 'Error %s at line %d in file %s',
    lines: ['Error invalid argument at line 88 in file /src/csrc/ops.cu'],
    kind: 'none',
  },
  {
    id: 'comfyui-split-attention-oom-retry',
    program: "ComfyUI split attention: PyTorch's device OOM caught, cache emptied, retried",
    source: gh('comfyanonymous/ComfyUI@v0.3.10', 'comfy/ldm/modules/attention.py'),
    template: 'out of memory error, emptying cache and trying again',
    lines: ['out of memory error, emptying cache and trying again'],
    kind: 'gpu_oom',
  },
  {
    id: 'comfyui-split-attention-oom-steps',
    program: "ComfyUI split attention: PyTorch's device OOM again, more slices",
    source: gh('comfyanonymous/ComfyUI@v0.3.10', 'comfy/ldm/modules/attention.py'),
    template: 'out of memory error, increasing steps and trying again {}',
    lines: ['out of memory error, increasing steps and trying again 4'],
    kind: 'gpu_oom',
  },
  {
    id: 'comfyui-vae-tiled-retry-lookalike',
    program:
      "ComfyUI VAE decode: its OOM handler's tiled retry (the corpus labels it none: the run goes on, heldout-20)",
    source: gh('comfyanonymous/ComfyUI@v0.3.10', 'comfy/sd.py'),
    template: 'Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.',
    lines: ['Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.'],
    kind: 'none',
  },
  {
    id: 'yolox-label-assignment-oom',
    program: "YOLOX: PyTorch's CUDA OOM in label assignment, caught, the batch redone on the CPU",
    source: gh('Megvii-BaseDetection/YOLOX@0.3.0', 'yolox/models/yolo_head.py'),
    template:
      'OOM RuntimeError is raised due to the huge memory cost during label assignment. CPU mode is applied in this batch. ...',
    lines: [
      '2024-03-01 10:00:00 | ERROR | yolox.models.yolo_head:336 - OOM RuntimeError is raised due to the huge memory cost during label assignment.                            CPU mode is applied in this batch. If you want to avoid this issue,                            try to reduce the batch size or image size.',
    ],
    kind: 'gpu_oom',
  },
  {
    id: 'yolo-cpu-mode-banner-lookalike',
    program: 'YOLOv6-style assigner: the CPU-mode banner alone (the OOM line is the one that says it)',
    source: gh('meituan/YOLOv6@0.4.0', 'yolov6/models/losses/loss.py'),
    template: '------------CPU Mode for This Batch-------------',
    lines: ['------------CPU Mode for This Batch-------------'],
    kind: 'none',
  },
];

/** Entries doctor reads wrong (see checkVocabulary). */
const expectedMiss = new Set<string>(['mindspore-out-of-memory-request']);

checkVocabulary(
  'the apps vocabulary (frameworks, inference servers, data/compute libraries) from source',
  appsVocabulary,
  expectedMiss,
);
