// Issue 23, round 7: heldout-6's unseen logs were memory failures in the words of libraries no
// grammar read (Faiss, XGBoost, llama.cpp, TensorFlow's kernel launches, Intel's TensorFlow
// extension, ONNX Runtime's arena, vllm.rs, ggml's CPU buffers, the kernel's memcg report,
// PaddlePaddle's DataLoader, MuJoCo 3's arena). Each is read by structure, not by its library's
// name: a device allocation call or the runtime's "out of memory" in any wrapper, an arena that is
// the device's unless the log shows the CPU's, a kill read from the killer's own figures. The
// look-alikes beside them (the same call failing for another reason, prose, a report under its
// limit) stay what they are.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

const notMemory = (lines: string[]) => {
  const d = primary(...lines);
  assert.ok(d === undefined || d.kind === 'none', `${lines.join(' | ')}: ${d?.kind} ${d?.code}`);
};

describe("CUDA's out of memory in any wrapper's words", () => {
  const cases: { name: string; line: string; requested?: number }[] = [
    {
      name: "Faiss's FAISS_THROW_IF_NOT_FMT around cudaMalloc",
      line: "RuntimeError: Error in void faiss::gpu::allocMemorySpaceV(faiss::gpu::MemorySpace, void**, size_t) at gpu/utils/MemorySpace.cpp:26: Error: 'err == cudaSuccess' failed: failed to cudaMalloc 47064032 bytes (error 2 out of memory)",
      requested: 47064032,
    },
    {
      name: "Faiss StandardGpuResources' continuation line",
      line: '              dev 0 space Device \tstream 0x7f7b46ba9a60 size 1610612736 bytes (cudaMalloc error out of memory [2])',
      requested: 1610612736,
    },
    {
      name: 'a failed cudaMalloc whose status the paste cut off',
      line: "`RuntimeError: Error in virtual void* faiss::gpu::StandardGpuResourcesImpl::allocMemory(const faiss::gpu::AllocRequest&) at StandardGpuResources.cpp:443: Error: 'err == cudaSuccess' failed: Failed to cudaMalloc 53687",
    },
    {
      name: "XGBoost's safe_cuda: a .cuh location between 'CUDA error' and the status",
      line: '`CUDA error: build/xgboost/src/xgboost/plugin/updater_gpu/src/device_helpers.cuh(386): out of memory`',
    },
    {
      name: "llama.cpp's CUDA_CHECK: a .cu location and the runtime's string",
      line: 'Large values cannot be checked because for some reason I get `ggml-cuda.cu:5048: out of memory`.',
    },
    {
      name: "TensorFlow's kernel launch check",
      line: '```Non-OK-status: GpuLaunchKernel (FillPhiloxRandomKernelLaunch <Distribution>, num_blocks, block_size, 0, d.stream (), gen, data, size, dist) status: Internal: out of memory```',
    },
    {
      name: "a CUDA sample's checkCUDAError",
      line: 'it always reports "Cuda error: cudaMalloc dev_pos failed: out of memory."',
    },
    {
      name: 'hipMalloc in the same shape (ROCm)',
      line: 'hipMalloc(&d_buf, bytes) failed: out of memory',
    },
    {
      name: "Thrust's bad_alloc with CUDA's status",
      line: "terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'   what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory",
    },
    {
      name: "OpenCV's CV_Error: the failure word before the GPU's",
      line: "cv2.error: OpenCV(4.5.5) /io/opencv_contrib/modules/cudev/include/opencv2/cudev/grid/detail/transform.hpp:268: error: (-217:Gpu API call) out of memory in function 'call'",
    },
    {
      name: "LightGBM's Log::Fatal",
      line: '[LightGBM] [Fatal] [CUDA] out of memory /LightGBM/src/cuda/cuda_utils.cpp 27',
    },
    {
      name: "Ascend's aclrtMalloc in the call grammar",
      line: 'EE9999: Inner Error! aclrtMalloc failed, ret = 207001',
    },
    {
      name: "MLX's Metal command buffer that failed for memory",
      line: '[error] libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory',
    },
    {
      name: "RMM's device memory resource",
      line: 'MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /opt/rmm/include/rmm/mr/device/cuda_memory_resource.hpp:60: cudaErrorMemoryAllocation out of memory',
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const d = mustDiagnose(c.line);
      assert.equal(d.kind, 'gpu_oom', `${c.name}: ${d.code}`);
      if (c.requested !== undefined) assert.equal(d.facts.requestedBytes, c.requested);
    });

  test('the same calls failing for another reason are those reasons', () => {
    notMemory(['cudaMalloc failed: an illegal memory access was encountered']);
    notMemory([
      "Error: 'err == cudaSuccess' failed: failed to cudaMalloc 1024 bytes (error 35 CUDA driver version is insufficient for CUDA runtime version)",
    ]);
    notMemory(['D:/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:72: CUDA error']);
    notMemory([
      "cv2.error: OpenCV(4.5.5) error: (-217:Gpu API call) invalid device function in function 'call'",
    ]);
  });

  test('prose about running out of memory is no report of it', () => {
    notMemory(['GPU training failed and I am not sure whether we run out of memory or not']);
    notMemory(['Is this caused by insufficient graphics memory?']);
    notMemory(['The CUDA error here is not an out of memory error: the kernel read past the end']);
  });
});

describe("an allocation that failed for the device's memory, in a library's own words", () => {
  test('vllm.rs: the KV cache allocation refused for GPU memory', () => {
    const d = mustDiagnose(
      'vllm-rs-med0  | 2026-01-20T15:24:43.340496Z ERROR vllm_rs::utils::kvcache_allocator: KVCache allocation failed: Insufficient GPU memory for KVCache allocation.',
    );
    assert.equal(d.kind, 'gpu_oom');
  });

  test("Intel's TensorFlow extension: a BFC allocator without its name", () => {
    const d = mustDiagnose(
      'E itex/core/devices/bfc_allocator.cc:101] Allocator ran out of memory trying to allocate 10529419660 Bytes (rounded to 10529419776 Bytes)',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 10529419660);
  });

  test("a BFC allocator's retry hint stays a hint", () => {
    notMemory([
      'W tensorflow/core/common_runtime/bfc_allocator.cc:219] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.19GiB. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.',
    ]);
  });
});

describe("ONNX Runtime's arena: the device's unless the log shows the CPU's", () => {
  const arena =
    'Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size 2830172160\\';

  test('no provider named (a Triton backend relaying it): the device', () => {
    const d = mustDiagnose(
      "onnx runtime error 6: Non-zero status code returned while running Mul node. Name:\\'Mul_8702\\'",
      arena,
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 2830172160);
  });

  test('both providers listed, as sessions are made: the device', () => {
    const d = mustDiagnose(
      "sess = ort.InferenceSession(path, providers=['CUDAExecutionProvider', 'CPUExecutionProvider'])",
      arena,
    );
    assert.equal(d.kind, 'gpu_oom');
  });

  test('a node the NCHWc transformer made (CPU provider only): the host', () => {
    const d = mustDiagnose(
      "2021-07-08 01:27:55.7944269 [E:onnxruntime:, sequential_executor.cc:339 onnxruntime::SequentialExecutor::Execute] Non-zero status code returned while running Conv node. Name:'347_nchwc' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\framework\\bfc_arena.cc:330 onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size 285081600",
    );
    assert.equal(d.kind, 'host_oom');
  });

  // Windows charges committed memory against its commit limit and refuses past it, so a Windows
  // build's arena (its drive-letter source path) with no GPU provider named is the host's.
  const windowsArena = (node: string) =>
    `[E:onnxruntime:, sequential_executor.cc:514 onnxruntime::ExecuteKernel] Non-zero status code returned while running ${node} Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\framework\\bfc_arena.cc:376 onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size 1073741824`;

  test("a Windows build's arena, no GPU provider named: the host", () => {
    const d = mustDiagnose(windowsArena("Add node. Name:'/image_encoder/blocks.7/attn/Add_3'"));
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.requestedBytes, 1073741824);
  });

  test("a Windows build's arena with the CUDA provider in the log: the device", () => {
    const d = mustDiagnose(
      "providers=['CUDAExecutionProvider']",
      windowsArena("Add node. Name:'/image_encoder/blocks.7/attn/Add_3'"),
    );
    assert.equal(d.kind, 'gpu_oom');
  });

  test("a convolution the CPU's NCHWc pass did not rename ran elsewhere: the device", () => {
    assert.equal(mustDiagnose(windowsArena("FusedConv node. Name:'Conv_3'")).kind, 'gpu_oom');
  });

  test('a Linux build path stays the device (no commit limit refuses a host malloc there)', () => {
    const d = mustDiagnose(
      windowsArena("Add node. Name:'Add_3'").replace(
        'D:\\a\\_work\\1\\s\\onnxruntime\\core\\framework\\',
        '/onnxruntime_src/onnxruntime/core/framework/',
      ),
    );
    assert.equal(d.kind, 'gpu_oom');
  });
});

describe("ggml's buffers by their type's name", () => {
  test('the CPU buffer type is host memory', () => {
    const d = mustDiagnose(
      'ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 51539607584',
      'llama_kv_cache_init: failed to allocate buffer for kv cache',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.requestedBytes, 51539607584);
  });

  test('a GPU buffer type is the device', () => {
    assert.equal(
      mustDiagnose('ggml_gallocr_reserve_n: failed to allocate ROCm0 buffer of size 2147483648').kind,
      'gpu_oom',
    );
  });
});

describe("the kernel's memory cgroup report, by its own figures", () => {
  test('usage at the limit is the limit reached', () => {
    const d = mustDiagnose(
      'Jun 29 07:24:44 compute-11 kernel:  </TASK>',
      'Jun 29 07:24:44 compute-11 kernel: memory: usage 1048576kB, limit 1048576kB, failcnt 141',
      'Jun 29 07:24:44 compute-11 kernel: swap: usage 0kB, limit 9007199254740988kB, failcnt 0',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/memory_limit');
    assert.equal(d.facts.limitBytes, 1048576 * 1024);
  });

  test("cgroup v1's memory+swap counter at its limit, quoted alone and cut before failcnt, is the limit reached", () => {
    const d = mustDiagnose(
      'found that "process 2 terminated with signal SIGKILL" was reported.',
      'Viewing log findings:',
      'memory+swap: usage 117964800kB, limit 117964800kB',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/memory_limit');
    assert.equal(d.facts.limitBytes, 117964800 * 1024);
  });

  test('usage under its limit is no kill', () => {
    notMemory(['kernel: memory: usage 524288kB, limit 1048576kB, failcnt 0']);
    notMemory(['memory+swap: usage 524288kB, limit 1048576kB']);
    notMemory(['memory+swap: usage 0kB, limit 0kB, failcnt 0']);
    notMemory(['kernel: memory+swap: usage 524288kB, limit 1048576kB, failcnt 0']);
  });
});

describe("a DataLoader worker's bus error in PaddlePaddle's words", () => {
  test('shm', () => {
    const d = mustDiagnose(
      '训练16个epoch后，出现报错：ERROR: Unexpected BUS error encountered in DataLoader worker. This might be caused by insufficient shared memory (shm), please check whether use_shared_memory is set and storage space in /dev/shm is enough',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'shm/shm_too_small');
  });
});

describe("MuJoCo 3's arena warnings", () => {
  test('constraints that do not fit the arena: raise <size memory>', () => {
    const d = mustDiagnose(
      'WARNING:absl:Insufficient arena memory for the number of constraints generated. Increase arena memory allocation above 1904M bytes. Time = 0.0000`',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'sim_capacity/sim_buffer_capacity');
    assert.match(d.fixes[0]!, /<size memory="3808M"\/>/);
  });

  test('too many contacts for the arena or nconmax', () => {
    const d = mustDiagnose(
      '(_run_random_actions pid=50638) WARNING:absl:Too many contacts. Either the arena memory is full, or nconmax is specified and is exceeded. Increase arena memory allocation, or increase/remove nconmax. (ncon = 100) Time = 0.0000.',
    );
    assert.equal(d.kind, 'sim_capacity');
  });

  test('an arena larger than any machine is a blow-up, not a size to set', () => {
    const d = mustDiagnose(
      'WARNING:absl:Insufficient arena memory for the number of constraints generated. Increase arena memory allocation above 17179869182G bytes. Time = 0.0000.',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'sim_capacity/physics_blowup');
  });
});

describe('the kill grammar: hosted runtimes and schedulers in their own words', () => {
  const kills: { name: string; line: string; cause: string; limit?: number }[] = [
    {
      name: "AWS ECS's stopped reason",
      line: 'Stopped reason OutOfMemoryError: Container killed due to memory usage',
      cause: 'memory_limit',
    },
    {
      name: 'Google Cloud Run',
      line: 'Memory limit of 512 MiB exceeded with 530 MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits',
      cause: 'memory_limit',
      limit: 512 * 2 ** 20,
    },
    {
      name: "Heroku's R15",
      line: '2024-01-02T03:04:05+00:00 heroku[worker.1]: Error R15 (Memory quota vastly exceeded)',
      cause: 'memory_limit',
    },
    {
      name: "Airflow's negative return code",
      line: '[2024-05-01, 10:00:00 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code Negsignal.SIGKILL',
      cause: 'unknown',
    },
    {
      name: "systemd's unit status",
      line: 'train.service: Main process exited, code=killed, status=9/KILL',
      cause: 'unknown',
    },
    { name: 'killed by signal 9', line: 'the worker process was killed by signal 9', cause: 'unknown' },
  ];
  for (const k of kills)
    test(k.name, () => {
      const d = mustDiagnose(k.line);
      assert.equal(`${d.kind}/${d.cause}`, `host_oom/${k.cause}`, `${k.name}: ${d.code}`);
      if (k.limit !== undefined) assert.equal(d.facts.limitBytes, k.limit);
    });

  test("Nomad's exit message: the OOM killer's kill", () => {
    assert.equal(mustDiagnose('Exit Code: 137, Exit Message: "OOM Killed"').kind, 'host_oom');
  });

  test('the same words without a kill', () => {
    notMemory(['2024-01-02T03:04:05+00:00 heroku[web.1]: Error R14 (Memory quota exceeded)']);
    notMemory(['train.service: Main process exited, code=exited, status=1/FAILURE']);
    notMemory(['the worker was terminated by signal 15 during shutdown']);
    notMemory(['--memory-limit 512MiB: Memory limit of the container, in MiB']);
    notMemory(['the pod was not OOM killed: it exited with code 1 after the import failed']);
  });
});
