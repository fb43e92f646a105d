import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from './test-helpers/diagnose.js';

const GiB = 1024 ** 3;

describe('library init failures are judged by the free memory printed beside them', () => {
  const cudnn = (freeBytes: number) =>
    mustDiagnose(
      'E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
      `E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:539] Memory usage: ${freeBytes} bytes free, ${24 * GiB} bytes total.`,
    );

  test('below 1 GiB free: memory, certain; at 1 GiB: not memory', () => {
    const short = cudnn(GiB - 1);
    assert.equal(short.kind, 'gpu_oom');
    assert.equal(short.confidence, 'certain');
    // In a JAX process the fix is JAX's preallocation, never the batch.
    assert.match(short.fixes[0]!, /XLA_PYTHON_CLIENT_PREALLOCATE=false/);
    assert.ok(!short.fixes.some((f) => /batch/.test(f)));
    assert.equal(cudnn(GiB).kind, 'none');
  });

  // Without figures every library's handle failure is "can't tell" (issue 23): a full GPU and a
  // broken install print the same line; the fixes say what decides it, then what to do either way.
  const bare: [string, string, RegExp][] = [
    ['cuDNN', 'RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED', /nvidia-smi/],
    [
      'cuBLAS',
      'RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`',
      /nvidia-smi/,
    ],
    [
      "cuBLAS in XLA's gemm picker beside JAX",
      'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: RET_CHECK failure (external/org_tensorflow/tensorflow/compiler/xla/service/gpu/gemm_algorithm_picker.cc:327) stream->parent()->GetBlasGemmAlgorithms(stream, &algorithms)',
      /XLA_PYTHON_CLIENT_PREALLOCATE=false/,
    ],
    [
      "cuDNN in TensorFlow's words",
      'tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.',
      /TF_FORCE_GPU_ALLOW_GROWTH=true/,
    ],
    ['MIOpen', 'MIOpen Error: miopenStatusNotInitialized', /nvidia-smi/],
    ['rocBLAS', 'rocBLAS error: rocblas_status_not_initialized', /nvidia-smi/],
  ];
  for (const [name, line, fixFor] of bare) {
    test(`${name} without figures: can't tell, with what decides it, never the batch`, () => {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'none/unknown');
      assert.match(d.fixes[0]!, /who holds the GPU/);
      assert.ok(
        d.fixes.some((f) => fixFor.test(f)),
        `a fix for the full case: ${d.fixes.join(' | ')}`,
      );
      assert.ok(!d.fixes.some((f) => /batch/.test(f)));
    });
  }
});

describe('a bus error is /dev/shm only when /dev/shm is not measured far from full', () => {
  const bus =
    'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).';
  const df = (percent: number) =>
    `shm              8.0G   ${Math.round(0.08 * percent * 10) / 10}G   1M  ${percent}% /dev/shm`;

  test('df at 90% or more: shm; below 50%: not shm; between: the message decides', () => {
    assert.equal(mustDiagnose(df(90), bus).kind, 'shm');
    assert.equal(mustDiagnose(df(49), bus).kind, 'none');
    assert.equal(mustDiagnose(df(50), bus).kind, 'shm');
  });

  test("a /dev/shm of Docker's 64 MiB default is never roomy: df after the crash shows it empty", () => {
    const d = mustDiagnose('shm              64M     0   64M   0% /dev/shm', bus);
    assert.equal(d.kind, 'shm');
    assert.equal(d.cause, 'shm_too_small');
    assert.match(d.causeText, /Docker's default size/);
    // df's line is in the log already: no fix tells the user to run it
    assert.ok(!d.fixes.some((f) => /df -h/.test(f)));
    assert.equal(mustDiagnose('shm              65M     0   65M   0% /dev/shm', bus).kind, 'none');
  });

  test('prose that states the size and a small peak', () => {
    const d = mustDiagnose(
      `I run with --ipc=host, so I have /dev/shm space of 254GB. It crashed with "${bus}" and my poll never saw usage of more than 1GB.`,
    );
    assert.equal(d.kind, 'none');
    assert.equal(d.code, 'bus-error-not-shm');
  });

  test('df climbing to 96% alone is a possible shm failure; with a worker that died it is shm', () => {
    assert.equal(mustDiagnose(df(96)).kind, 'shm');
    assert.equal(mustDiagnose(df(96)).confidence, 'possible');
    assert.equal(primary(df(89)), undefined);
    const died = mustDiagnose(df(96), 'RuntimeError: DataLoader worker (pid(s) 4242) exited unexpectedly');
    assert.equal(died.kind, 'shm');
  });
});

// cudaErrorUnknown (999) names no cause (CUDA Runtime API, cudaError_t): the program's own line before
// it decides, where a status that names one (a launch's configuration, a build) still explains a memory
// line away. The lines are heldout-43/host_oom-bubbliiiing-yolo3-pytorch-188-b's (PyTorch on CUDA,
// the driver's PTX JIT), and ptxas' own padded severity column as NVIDIA's compiler tools print it.
describe('a CUDA status that names no cause decides nothing', () => {
  const unknown = 'RuntimeError: CUDA error: unknown error';

  test("the compiler's allocation failure before it is the host's", () => {
    const d = mustDiagnose('fatal   : Memory allocation failure', unknown);
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.cause, 'host_allocation');
    assert.equal(
      mustDiagnose('ptxas application ptx input, line 65; fatal   : Memory allocation failure', unknown).kind,
      'host_oom',
    );
  });

  test('alone, or beside the user\'s words only, it stays "not memory"', () => {
    assert.equal(mustDiagnose(unknown).kind, 'none');
    assert.equal(mustDiagnose('I ran out of memory', unknown).kind, 'none');
  });

  test('a status that names its cause still explains a memory line away', () => {
    assert.equal(
      mustDiagnose('Memory allocation failure', 'RuntimeError: CUDA error: invalid argument').kind,
      'none',
    );
  });

  test("ptxas' other fatal errors are not memory", () => {
    assert.notEqual(
      primary("ptxas fatal   : Unresolved extern function '_Z9d_map_idxiii'")?.kind,
      'host_oom',
    );
  });
});
