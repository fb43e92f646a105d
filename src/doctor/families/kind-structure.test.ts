// Issue 23, session 19 (`doctor-rules`): kind rules by the structure of the evidence, each beside the
// forms another vendor, framework, version or paste would print (checked at their public sources) and
// the look-alikes that must keep their answer. Not one line of these is a corpus file's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('a lost device is not a memory failure; the memory named beside it is its fallout', () => {
  test('each API spells the loss its own way, and a weak "out of memory" beside it yields', () => {
    // Vulkan (VkResult), as a renderer's log prints it, with an app's own OOM phrase after it.
    assert.equal(
      kindOf('[Error] [gfx.vulkan] vkQueueSubmit failed: VK_ERROR_DEVICE_LOST', 'Error: out of memory'),
      'none',
    );
    // Level Zero / Unified Runtime (oneAPI), DXGI (D3D12), Metal.
    assert.equal(
      kindOf('RuntimeError: level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)'),
      'none',
    );
    assert.equal(
      kindOf(
        'D3D12: Removing Device. DXGI_ERROR_DEVICE_REMOVED (0x887A0005)',
        'Failed to allocate buffer: out of memory',
      ),
      'none',
    );
    assert.equal(kindOf('Command buffer failed: MTLCommandBufferErrorDeviceRemoved'), 'none');
    // WebGPU and WebGL in a browser's console, with a wrapper calling the next failure OOM.
    assert.equal(
      kindOf(
        'Uncaught (in promise) GPU device lost: DXGI_ERROR_DEVICE_HUNG (0x887A0006)',
        'viewer: out of memory creating a 5 KB buffer',
      ),
      'none',
    );
    assert.equal(
      kindOf(
        'The WebGL context was lost; wgpu panicked with DeviceError::OutOfMemory: Not enough memory left',
      ),
      'none',
    );
  });
  test("the allocator's own OOM status beside a loss still decides: memory", () => {
    assert.equal(
      kindOf(
        'RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)',
        'RuntimeError: level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)',
      ),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        '[Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_OUT_OF_DEVICE_MEMORY',
        '[Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_DEVICE_LOST',
      ),
      'gpu_oom',
    );
  });
  test('look-alikes: lost words that are not a device', () => {
    // A lost connection or lost track is no device; the memory failure beside it stays.
    assert.equal(kindOf('Worker lost connection to the scheduler', 'MemoryError'), 'host_oom');
    assert.equal(kindOf('RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB'), 'gpu_oom');
  });
});

describe('"out of memory" as one item of a list of possible reasons', () => {
  test('a crash handler that lists what may have happened reports none of them', () => {
    assert.equal(
      kindOf(
        '[Error] [gpu.foundation.plugin] A GPU crash occurred. Exiting the application...',
        'Reasons for the failure: a device lost, out of memory, or an unexpected bug.',
      ),
      'none',
    );
    assert.equal(kindOf('Error: the renderer stopped: out of memory or a driver timeout.'), 'none');
    assert.equal(kindOf('fatal: the GPU hung or ran out of memory or the driver crashed'), 'none');
  });
  test('look-alikes: a comma or "or" elsewhere in a report keeps it a report', () => {
    assert.equal(kindOf('cudaMalloc failed, out of memory'), 'gpu_oom');
    assert.equal(
      kindOf(
        'RuntimeError: CUDA error: out of memory',
        'Compile with `TORCH_USE_CUDA_DSA` or set CUDA_LAUNCH_BLOCKING=1',
      ),
      'gpu_oom',
    );
  });
});

describe("the NVIDIA driver's soft-check trace is no process's failure", () => {
  test('NV_ERR_NO_MEMORY in an RM check, as dmesg and journald print it', () => {
    assert.equal(
      kindOf(
        'NVRM: nvCheckOkFailedNoLog: Check failed: Out of memory [NV_ERR_NO_MEMORY] (0x00000051) returned from _memdescAllocInternal(pMemDesc) @ mem_desc.c:1359',
      ),
      'none',
    );
    assert.equal(
      kindOf(
        'Sep 12 10:00:01 host kernel: NVRM: GPU0 nvCheckOkFailedNoLog: Check failed: Out of memory [NV_ERR_NO_MEMORY] (0x00000051) returned from pmaAllocatePages(...) @ phys_mem_allocator.c:800',
      ),
      'none',
    );
  });
  test("look-alike: the process's own OOM beside the trace decides", () => {
    assert.equal(
      kindOf(
        'NVRM: nvCheckOkFailedNoLog: Check failed: Out of memory [NV_ERR_NO_MEMORY] (0x00000051) returned from _memdescAllocInternal(pMemDesc) @ mem_desc.c:1359',
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.55 GiB of which 3.06 MiB is free.',
      ),
      'gpu_oom',
    );
  });
});

describe("the JVM's heap error is the host's whatever library asked", () => {
  test('HotSpot and Android ART spell it; a graphics or ML library in the stack does not make it the GPU', () => {
    assert.equal(
      kindOf(
        'java.lang.OutOfMemoryError: Failed to allocate a 2560012 byte allocation with 843048 free bytes and 823KB until OOM',
        '    at android.graphics.Bitmap.nativeCreate(Native Method)',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf(
        '01-11 19:30:21.225 29425-29425/? W/art: Throwing OutOfMemoryError "Failed to allocate a 198571917 byte allocation with 3779736 free bytes and 186MB until OOM"',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf(
        'Caused by: java.lang.OutOfMemoryError: Direct buffer memory',
        '  at org.tensorflow.Tensor.create',
      ),
      'host_oom',
    );
  });
  test("look-alikes: a framework's own OutOfMemoryError keeps its side", () => {
    assert.equal(
      kindOf('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB'),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1.00GiB',
      ),
      'gpu_oom',
    );
  });
});

describe('the kill grammar: SIGKILL however a tool names it', () => {
  test('the signal by name without SIG, or "due to" it, is the bare kill', () => {
    // nvcc's driver on a compiler stage, a build runner, a test harness on macOS.
    assert.equal(kindOf("nvcc error   : 'cicc' died due to signal 9 (Kill signal)"), 'host_oom');
    assert.equal(kindOf("nvcc error   : 'cudafe++' died due to signal 9 (Kill signal)"), 'host_oom');
    assert.equal(kindOf('error: the following command terminated with signal KILL'), 'host_oom');
    assert.equal(kindOf('worker 3 was killed by signal SIGKILL'), 'host_oom');
  });
  test('look-alikes: another signal is a crash or a stop, not a kill for memory', () => {
    assert.equal(kindOf("nvcc error   : 'ptxas' died due to signal 11 (Invalid memory reference)"), 'none');
    assert.equal(kindOf('error: the following command terminated with signal TERM'), 'none');
    assert.equal(kindOf('the build died due to signal 2 (Interrupt)'), 'none');
  });
  test('the shell\'s "Killed" glued after the last sentence printed, or quoted in capitals', () => {
    assert.equal(kindOf('Allocation of 17198850112 exceeds 10% of free system memory. Killed'), 'host_oom');
    assert.equal(kindOf('Epoch 3: loading shards (64GB). Killed'), 'host_oom');
    assert.equal(
      kindOf(
        'The error message "Allocation of 400000000 exceeds 10% of free system memory. Killed" shows up',
      ),
      'host_oom',
    );
    assert.equal(kindOf('The terminal shows the message "KILLED" only.'), 'host_oom');
  });
  test('look-alikes: a name or a title that reads "Killed"', () => {
    assert.equal(kindOf('Mr. Killed'), 'none');
    assert.equal(kindOf('Season 2. Killed in action is the next episode'), 'none');
  });
  test('the kill told as an event, and the memory used up before it', () => {
    assert.equal(kindOf('solving environment:killed happened.'), 'host_oom');
    assert.equal(kindOf('then a kill occurred during the merge step'), 'host_oom');
    assert.equal(kindOf('the wheel build eats all available memory (64GB) and gets killed'), 'host_oom');
  });
  test('look-alikes: eating all of something else, a default described', () => {
    assert.equal(kindOf('it eats all the cookies'), 'none');
    assert.equal(kindOf('The allocator eats all available memory by default'), 'none');
    assert.equal(kindOf('if a kill occurred, restart the job'), 'none');
  });
});

describe('the admission grammar: a program that weighs its need against what it has and refuses', () => {
  test('the need with a figure, then a smaller figure free, available or allowed', () => {
    // An NPU context generator (Qualcomm QNN), an inference server on Apple unified memory, a miner.
    assert.equal(
      kindOf(
        'qnn-context-binary-generator pid:1801',
        '[ ERROR ] fa_alloc.cc:3986:ERROR:graph requires estimated allocation of 2326375 KB, limit is 2097152 KB',
      ),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'Error: Prefill would require ~70.27 GB peak but the Metal ceiling is 69.86 GB, reduce context length.',
      ),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'GPU[0] NVIDIA GeForce RTX 3060',
        '(e) - Device[0]: Not enough. Needed 5401471552, memory available 5370806272',
      ),
      'gpu_oom',
    );
    // The figure of what there is before its word, and the host's memory named.
    assert.equal(
      kindOf('Error: model requires 20.1 GiB of system memory but only 15.2 GiB is available'),
      'host_oom',
    );
    assert.equal(kindOf('Error: requires 12 GB but only 8 GB free on GPU 0'), 'gpu_oom');
  });
  test('look-alikes: a need that fits, a plan that adapts, a disk, tokens, a fixed pool of its own', () => {
    assert.equal(kindOf('INFO: model requires 4 GB, 16 GB free'), 'none');
    assert.equal(kindOf('Error: requires 4 GB of memory, 16 GB available'), 'none');
    assert.equal(
      kindOf('Switching to partial offload since the model requires 37 GB while available RAM is 26 GB'),
      'none',
    );
    assert.equal(kindOf('Error: this model requires 20 GB of disk space, available 5 GB'), 'none');
    assert.equal(kindOf('error: prompt requires 9000 tokens but the limit is 8192'), 'none');
    assert.equal(
      kindOf(
        "ggml_new_object: not enough space in the context's memory pool (needed 16810528, available 11370496)",
      ),
      'none',
    );
  });
  test('more memory than there is, with no figure; not having enough of it', () => {
    assert.equal(
      kindOf(
        'An application has requested more GPU memory than is available in the system.',
        'Error code: 6',
      ),
      'gpu_oom',
    );
    assert.equal(kindOf('ERROR: the job requested more memory than the node has'), 'host_oom');
    assert.equal(
      kindOf(
        'ERROR    You do not have enough GPU memory available to train the selected model at the selected settings.',
      ),
      'gpu_oom',
    );
    assert.equal(kindOf("fatal: the process doesn't have enough RAM to map the index"), 'host_oom');
  });
  test('look-alikes: a hint, a condition, a question', () => {
    assert.equal(kindOf('If you do not have enough GPU memory, lower the batch size.'), 'none');
    assert.equal(kindOf('Do I have enough RAM to run this?'), 'none');
  });
  test("absl's RESOURCE_EXHAUSTED where the message names memory; not where it names another resource", () => {
    assert.equal(
      kindOf('RESOURCE_EXHAUSTED: GPU memory headroom too low to safely start another session'),
      'gpu_oom',
    );
    assert.equal(
      kindOf('grpc: RESOURCE_EXHAUSTED: received message larger than max (8388608 vs. 4194304)'),
      'none',
    );
    assert.equal(kindOf('RESOURCE_EXHAUSTED: quota exceeded for requests per minute'), 'none');
  });
});

describe("CPython's MemoryError as a line's last word, after a record's prefix or a label", () => {
  test('a GUI log, a web UI task label, a debugger, a test summary', () => {
    assert.equal(kindOf('[00000600] [01-24-2023 23:20:26] MemoryError'), 'host_oom');
    assert.equal(kindOf('loading stable diffusion model: MemoryError'), 'host_oom');
    assert.equal(kindOf('Exception has occurred: MemoryError'), 'host_oom');
    assert.equal(kindOf('FAILED tests/test_big.py::test_alloc - MemoryError'), 'host_oom');
    assert.equal(kindOf('2024-01-02 10:00:00,123 ERROR worker.py:88] MemoryError'), 'host_oom');
  });
  test('look-alikes: the name in code or in a sentence about handling it', () => {
    assert.equal(kindOf('except MemoryError:'), 'none');
    assert.equal(kindOf('the loader catches MemoryError and retries with a smaller chunk'), 'none');
    assert.equal(kindOf('handlers: MemoryError, ValueError, KeyError'), 'none');
  });
});

describe('the paste normaliser: a line that opens with its source location is a record of its own', () => {
  test('never a wrapped continuation of the line before it, however long both are', () => {
    const lines = [
      '*** Please submit a bug report at https://github.com/example-org/sortlib-gpu/issues',
      './src/Data/Sort/Remote/LRUCache.hs:120:7: (malloc): Remote memory exhausted',
      'CallStack (from HasCallStack):',
    ];
    assert.equal(kindOf(...lines), 'gpu_oom');
  });
});

describe("a side named by a backend's, an allocator's or a web API's own identifiers", () => {
  test("ggml's backend prefixes and Metal's property are the device's", () => {
    assert.equal(
      kindOf(
        "ggml_metal_add_buffer: error: failed to allocate 'data            ' buffer, size = 19283.21 MiB",
      ),
      'gpu_oom',
    );
    assert.equal(
      kindOf('ggml_vulkan: failed to allocate buffer of size 8589934592: out of memory'),
      'gpu_oom',
    );
    assert.equal(kindOf('ggml_sycl_malloc: failed to allocate 4096.00 MiB of device memory'), 'gpu_oom');
  });
  test('WebGPU and wgpu in a browser are the device', () => {
    assert.equal(
      kindOf('Error: ChartLib: WebGPU is not available.', 'Reason: Not enough memory left.'),
      'gpu_oom',
    );
    assert.equal(kindOf('wgpu error: Validation Error: Not enough memory left.'), 'gpu_oom');
  });
  test("the host's by its allocator's name: pinned memory, ggml's CPU buffer, the old OOM killer's line", () => {
    assert.equal(
      kindOf(
        'THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=296 error=2 : out of memory',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf(
        'RuntimeError: CUDA error: out of memory (CachingHostAllocator::malloc at CachingHostAllocator.cpp:240)',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf('ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 2390000000'),
      'host_oom',
    );
    assert.equal(
      kindOf('I found `Out of memory: Kill process` from dmesg, while the GPU memory was half used.'),
      'host_oom',
    );
  });
  test("look-alikes: the card's own allocator stays the card's", () => {
    assert.equal(
      kindOf(
        'THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingAllocator.cpp line=296 error=2 : out of memory',
      ),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4096.00 MiB on device 0: cudaMalloc failed: out of memory',
      ),
      'gpu_oom',
    );
  });
});

describe("the kernel's memory report under its header", () => {
  test('dmesg -T and journald prints of Mem-Info and its counters', () => {
    assert.equal(
      kindOf(
        'kern  :warn  : [Mon Jul  8 09:49:25 2026] Mem-Info:',
        'kern  :warn  : [Mon Jul  8 09:49:25 2026] active_anon:4102767 inactive_anon:3631299 isolated_anon:0',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf('[ 1234.567890] Mem-Info:', '[ 1234.567891] active_anon:12 inactive_anon:3 isolated_anon:0'),
      'host_oom',
    );
  });
  test("look-alike: the counters quoted without the kernel's header", () => {
    assert.equal(
      kindOf('my script prints active_anon:12 inactive_anon:3 isolated_anon:0 every minute'),
      'none',
    );
  });
});

describe('a report by its place: a detector, the value of a field, a run in progress', () => {
  test("a detector's verdict at any severity; the phrase as a field's whole value", () => {
    assert.equal(
      kindOf('=fil-profile= WARNING: Detected out-of-memory condition, exiting soon.'),
      'host_oom',
    );
    assert.equal(kindOf('monitor: detected an OOM condition in swap, stopping the job'), 'host_oom');
    assert.equal(kindOf('Guru Meditation, hint: Out of Memory. Reboot the device.'), 'host_oom');
  });
  test('look-alikes: a guessing label, advice, a low-memory warning', () => {
    assert.equal(kindOf('Possible reason: out of memory.'), 'none');
    assert.equal(kindOf('Tip: out of memory errors can be avoided with --lowvram'), 'none');
    assert.equal(kindOf('WARNING: low memory detected, 10% free'), 'none');
  });
  test("a BFC allocator's dump names TensorFlow's GPU allocator", () => {
    assert.equal(
      kindOf(
        'Windows fatal exception: access violation (Ran out of memory)',
        '2021-08-04 16:39:48.539972: I tensorflow/core/common_runtime/bfc_allocator.cc:1046] InUse at c01799300 of size 256 by op Fill',
      ),
      'gpu_oom',
    );
  });
  test('"I am running out of memory" told as it happens; not after a condition', () => {
    assert.equal(kindOf('I am running out of memory when I load the second dataset into RAM'), 'host_oom');
    assert.equal(kindOf('if you are running out of memory, lower the batch'), 'none');
  });
});

describe("a DataLoader worker's death as torch's C++ side reports it", () => {
  test('"(pid N) exited unexpectedly with exit code C" is settled rule 7 whatever the status', () => {
    assert.equal(
      kindOf(
        'RuntimeError: DataLoader worker (pid 2804708) exited unexpectedly with exit code 1. Details are lost due to multiprocessing. Rerunning with num_workers=0 may give better error trace.',
      ),
      'host_oom',
    );
  });
  test("look-alike: another program's worker that exited", () => {
    assert.equal(kindOf('celery worker (pid 1234) exited with exit code 1'), 'none');
  });
});
