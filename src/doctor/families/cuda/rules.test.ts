import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe('CUDA libraries and near misses', () => {
  test("a library's alloc-failed status without figures is can't tell, the same for every library", () => {
    for (const [line, library] of [
      ['RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`', 'cuBLAS'],
      ['failed to create cublas handle: CUBLAS_STATUS_ALLOC_FAILED', 'cuBLAS'],
      ['RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED', 'cuDNN'],
      ['RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED', 'cuFFT'],
      [
        'RuntimeError: cusolver error: CUSOLVER_STATUS_ALLOC_FAILED, when calling `cusolverDnCreate(handle)`',
        'cuSOLVER',
      ],
      [
        'RuntimeError: CUDA error: HIPBLAS_STATUS_ALLOC_FAILED when calling `hipblasCreate(handle)`',
        'hipBLAS',
      ],
      ['MIOpen Error: miopenStatusAllocFailed', 'MIOpen'],
    ] as const) {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'none/unknown', line);
      assert.equal(d.facts.library, library, line);
      assert.match(d.causeText, /no memory figures/, line);
      assert.ok(
        d.fixes.some((f) => f.startsWith('see who holds the GPU while it starts')),
        line,
      );
    }
  });

  test("a library's alloc failure beside the allocator's own OOM is the OOM", () => {
    const d = mustDiagnose(
      'RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`',
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity; 6.80 GiB already allocated; 3.31 MiB free; 6.90 GiB reserved in total by PyTorch)',
    );
    assert.equal(d.kind, 'gpu_oom');
  });

  test('NCCL: the device from the line; set_device only where the log shows PyTorch', () => {
    const bare = mustDiagnose(
      "VM-0-16-ubuntu:392:494 [2] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'",
    );
    assert.equal(bare.framework, 'nccl');
    assert.equal(bare.facts.device, 2);
    assert.ok(!bare.fixes.some((f) => f.includes('set_device')), bare.fixes.join('\n'));
    const torch = mustDiagnose(
      "c460c041:101211:106353 [0] init.cu:218 WARN Cuda failure 'out of memory'",
      '  File "/home/u/lib/python3.6/site-packages/torch/distributed/__init__.py", line 326, in all_reduce',
    );
    assert.ok(torch.fixes.some((f) => f.includes('torch.cuda.set_device(local_rank)')));
  });

  test('cuDNN init failure: decided by the free memory XLA logs beside it', () => {
    const plenty = mustDiagnose(
      'E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:461] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
      'E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:465] Memory usage: 24974655488 bytes free, 25386352640 bytes total.',
    );
    assert.equal(plenty.kind, 'none');
    const short = mustDiagnose(
      'E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:461] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
      'E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:465] Memory usage: 104857600 bytes free, 25386352640 bytes total.',
    );
    assert.equal(short.kind, 'gpu_oom');
    assert.equal(short.confidence, 'certain');
  });

  test('a weak hint (cuBLAS handle) next to a device-side assert is the assert', () => {
    const d = mustDiagnose(
      '/pytorch/aten/src/ATen/native/cuda/Loss.cu:242: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [0,0,0] Assertion `t >= 0 && t < n_classes` failed.',
      'RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`',
    );
    assert.equal(d.kind, 'none');
    assert.equal(d.code, 'cuda-device-assert');
  });

  test('near misses are never OOM, and an illegal address does not outrank a real OOM', () => {
    for (const line of [
      'RuntimeError: CUDA error: device-side assert triggered',
      'CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered',
      'could not allocate CUDA stream for context 0x2947f40: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered',
      'RuntimeError: The NVIDIA driver on your system is too old (found version 11040).',
      'RuntimeError: CUDA error: no kernel image is available for execution on the device',
    ]) {
      assert.equal(mustDiagnose(line).kind, 'none', line);
    }
    const d = mustDiagnose(
      'RuntimeError: CUDA error: out of memory',
      'CUDA error: an illegal memory access was encountered',
    );
    assert.equal(d.kind, 'gpu_oom');
  });
});

test('a pinned host allocation that TensorFlow falls back from is not an OOM', () => {
  const d = primary(
    'E tensorflow/stream_executor/cuda/cuda_driver.cc:789] failed to alloc 10737418240 bytes on host: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
    'Epoch 1/10',
  );
  assert.ok(d === undefined || d.kind === 'none', JSON.stringify(d));
});
