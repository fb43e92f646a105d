// Issue 23, round 6: the families that heldout-5's unseen logs were missed in, each with its
// siblings from other public threads (glog CHECKs around a CUDA call, ggml's Vulkan and Metal
// backends, the exit status 137 in other tools' words, omni.physics.tensors' contact views), and the
// look-alikes that must stay what they are (a kernel that died with no memory evidence, NCCL's
// shm_open refused permission, a DataLoader worker killed with no killer's message).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

describe("a CUDA call's out of memory inside a glog CHECK, every wrapper", () => {
  for (const line of [
    // dmlc/mshadow stream_gpu-inl.h, MXNet gpu_device_storage.h (CHECK(e == cudaSuccess) << "CUDA: " ...).
    '  what():  [17:54:40] /home/ubuntu/mxnet-distro/mxnet-build/3rdparty/mshadow/mshadow/./stream_gpu-inl.h:198: Check failed: e == cudaSuccess CUDA: out of memory',
    'mxnet.base.MXNetError: [16:52:49] src/storage/./gpu_device_storage.h:39: Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading CUDA: out of memory',
    // Caffe syncedmem.cpp; PaddlePaddle 0.x's own CHECK ("Cuda Error: out of memory").
    'F1206 10:15:04.766489   447 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of memory',
    'Check failed: cudaSuccess == cudaStat (0 vs. 2) Cuda Error: out of memory',
  ])
    test(line.slice(0, 70), () => assert.equal(mustDiagnose(line).kind, 'gpu_oom', line));

  test('a CHECK on cudaSuccess that failed for another reason is not memory', () => {
    const d = primary('Check failed: e == cudaSuccess CUDA: an illegal memory access was encountered');
    assert.ok(d === undefined || d.kind === 'none', JSON.stringify(d?.kind));
  });
});

describe("ggml's GPU backends: Vulkan and Metal in their own words", () => {
  test("ggml_vulkan's failed device allocation gives its size", () => {
    const d = mustDiagnose('ggml_vulkan: Device memory allocation of size 3959422976 failed.');
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 3959422976);
  });

  for (const line of [
    // Metal's NSError for MTLCommandBufferError.outOfMemory (code 8), as a Swift app prints it.
    'Fatal error: MetalExecutionError: Error Domain=MTLCommandBufferErrorDomain Code=8 "Insufficient Memory (IOAF code 8)" UserInfo={NSLocalizedDescription=Insufficient Memory (IOAF code 8)}',
    // ggml-metal and MLX print the same status with its IOGPU name.
    'error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)',
  ])
    test(line.slice(0, 70), () => {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'gpu_oom');
      assert.equal(d.facts.vendor, 'apple');
    });

  test("another command-buffer error of Metal's is not memory", () => {
    const d = primary(
      'Error Domain=MTLCommandBufferErrorDomain Code=1 "Internal Error (IOAF code -536870211)" UserInfo={NSLocalizedDescription=Internal Error (IOAF code -536870211)}',
    );
    assert.equal(d, undefined);
  });
});

describe('the exit status 137 in other tools’ words: a bare kill', () => {
  for (const line of [
    'command terminated with non-zero exit code: Error executing in Docker Container: 137',
    "The command '/bin/sh -c cd /opt/bin/msisensor && ./msisensor scan' returned a non-zero code: 137",
    'make: *** [build] Error 137',
  ])
    test(line.slice(0, 70), () => {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'host_oom/unknown', line);
    });

  for (const line of [
    'make: *** [build] Error 1370',
    "The command '/bin/sh -c make' returned a non-zero code: 1",
    'command terminated with non-zero exit code: Error executing in Docker Container: 1',
  ])
    test(`not a kill: ${line.slice(0, 60)}`, () => assert.equal(primary(line), undefined, line));
});

describe("omni.physics.tensors' contact views: a buffer of fixed capacity", () => {
  test('more contact points than the view holds: raise its capacity', () => {
    const d = mustDiagnose(
      '[Warning] [omni.physx.tensors.plugin] Incomplete contact data is reported in GpuRigidContactView::getContactData because there are more contact data points than specified maxContactDataCount = 100.',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'sim_capacity/sim_buffer_capacity');
    assert.equal(d.facts.currentCount, 100);
    assert.match(d.fixes[0]!, /max_contact_data_count_per_prim/);
  });

  test('the friction and raw-data spellings of the same buffer', () => {
    for (const line of [
      'Incomplete contact data is reported in CpuRigidContactView::getFrictionData because there are more contact data points than specified maxContactDataCount = 8.',
      'Incomplete raw contact data in GpuRigidContactView::getRawContactData because there are more contact data points than specified maxContactDataCount = 64.',
    ])
      assert.equal(mustDiagnose(line).kind, 'sim_capacity', line);
  });
});

describe('look-alikes that stay what they are', () => {
  test("NCCL's shm_open refused permission is not /dev/shm full", () => {
    const d = primary(
      'node08:27106:27302 [0] include/shm.h:27 NCCL WARN Call to shm_open failed : Permission denied',
      'node08:27106:27302 [0] NCCL INFO include/shm.h:41 -> 2',
      'node08:27106:27302 [0] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-b7948f403864987a-0-3-0 (size 4460544)',
    );
    assert.ok(d === undefined || d.kind === 'none', JSON.stringify(d?.kind));
  });

  test('NCCL failing to extend its segment is /dev/shm full', () => {
    const d = mustDiagnose(
      'ubuntu:9621:9691 [6] misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 bytes',
      'ubuntu:9621:9691 [6] misc/shmutils.cc:112 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-fjwOOB (size 5967872)',
    );
    assert.equal(d.kind, 'shm');
  });

  test("a notebook kernel that died, alone, is can't tell; with a large allocation just before, host RAM", () => {
    // CORPUS-FORMAT settled rule 6.
    for (const line of [
      'The Kernel crashed while executing code in the the current cell or a previous cell. Please review the code in the cell(s) to identify a poss.',
      'The kernel appears to have died. It will restart automatically.',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'none/unknown', line);
    }
    const d = mustDiagnose(
      'Oct 18, 2019, 7:54:04 AM | WARNING | tcmalloc: large alloc 3011936256 bytes == 0x5bbf0000 @ 0x7feed825d1e7 0x7feed0286d51',
      'Oct 18, 2019, 7:54:49 AM | INFO | KernelRestarter: restarting kernel (1/5), keep random ports',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/host_ram');
    assert.match(d.causeText, /2\.8\d GiB/);
  });

  test('a kernel that died beside an allocation failure is that failure', () => {
    const d = mustDiagnose(
      'The kernel appears to have died. It will restart automatically.',
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '  what():  std::bad_alloc',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/host_allocation');
  });

  test("Colab's own memory words still decide", () => {
    const d = mustDiagnose('Your session crashed after using all available RAM.');
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/host_ram');
  });

  test('a DataLoader worker killed with no killer’s message: host OOM, why unstated (settled rule 7)', () => {
    for (const line of [
      'RuntimeError: DataLoader worker (pid 22358) is killed by signal: Killed.',
      'RuntimeError: DataLoader worker (pid(s) 1235) exited unexpectedly',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'host_oom/unknown', line);
      assert.ok(
        d.fixes.some((f) => /num_workers/.test(f)),
        line,
      );
    }
  });

  test("a worker killed while Slurm's accounting kills the job is the job's limit (rule 3)", () => {
    const d = mustDiagnose(
      'RuntimeError: DataLoader worker (pid 9123) is killed by signal: Killed.',
      'slurmstepd: error: Job 34477 exceeded memory limit (169384386560 > 161061273600), being killed',
    );
    assert.equal(d.cause, 'memory_limit');
  });
});

describe('causes the figures and lines beside the failure decide', () => {
  test("the TPU runtime's own largest free block below the request is fragmentation", () => {
    const d = mustDiagnose(
      'RuntimeError: RESOURCE_EXHAUSTED: Attempting to allocate 31.06M. That was not possible. There are 58.64M free. Due to fragmentation, the largest contiguous region of free memory is 30.56M.; (0x0x0_HBM0)',
    );
    assert.equal(d.cause, 'fragmentation');
    assert.equal(d.facts.largestFreeBlockBytes, 32044482);
  });

  test('more free than asked and no block count: still no shortage the figures show', () => {
    const d = mustDiagnose(
      'RuntimeError: RESOURCE_EXHAUSTED: Attempting to allocate 31.06M. That was not possible. There are 58.64M free.',
    );
    assert.equal(d.cause, 'unknown');
  });

  test("ENOMEM mapping a /torch_ shared-memory file: the workers' shared tensors, vm.max_map_count", () => {
    const d = mustDiagnose(
      'RuntimeError: unable to mmap 72 bytes from file </torch_252640_3072723228_63598>: Cannot allocate memory (12)',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'host_oom/dataloader_workers');
    assert.ok(d.fixes.some((f) => /max_map_count/.test(f)));
  });

  test("TensorFlow's pool refused after the program's own requests ran out: the program's need", () => {
    const lines = [
      ' W T:\\src\\github\\tensorflow\\tensorflow\\core\\common_runtime\\bfc_allocator.cc:219] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.02GiB. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.',
      ' E T:\\src\\github\\tensorflow\\tensorflow\\stream_executor\\cuda\\cuda_driver.cc:936] failed to allocate 378.60M (396990720 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY',
    ];
    assert.equal(mustDiagnose(...lines).cause, 'batch_too_large');
    // The driver's refusal alone, no request of the program's: the GPU was held already.
    assert.equal(mustDiagnose(lines[1]!).cause, 'co_tenant');
  });
});
