// Issue 23, after heldout-8 (spent): grammars that slice's logs showed no rule read — CuPy's two
// OutOfMemoryError wordings quoted by a trainer or a sentence, text-generation-inference's warm-up
// refusal — and two false OOMs: a request of 2^63 bytes or more (a size that wrapped around) and a
// Ray worker whose own exit detail says it handled a SIGTERM. Each case is the grammar in other words
// than the log that showed it; each look-alike stays what it is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

const kindOf = (lines: string[]) => primary(...lines)?.kind ?? 'none';

describe("CuPy's OutOfMemoryError wherever it is quoted (cupy/cuda/memory.pyx)", () => {
  test('before v5: "out of memory to allocate N bytes (total M bytes)" in a trainer\'s words', () => {
    const d = mustDiagnose(
      'Exception in main training loop: out of memory to allocate 52428800 bytes (total 8589934592 bytes)',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 52428800);
    assert.equal(d.facts.totalBytes, 8589934592);
  });

  test('since v5: "Out of memory allocating N bytes (allocated so far: M bytes)" in a sentence', () => {
    const d = mustDiagnose(
      'My script stops with "Out of memory allocating 1,048,576 bytes (allocated so far: 2,147,483,648 bytes)." on the second epoch.',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.allocatedBytes, 2147483648);
  });

  test("the same words about a file or a queue, without the figures' parenthesis, are not the GPU", () => {
    assert.equal(kindOf(['warning: out of memory to allocate the cache file, falling back to disk']), 'none');
    assert.equal(kindOf(['queue: out of memory allocating 12 bytes for a node']), 'none');
  });
});

describe("text-generation-inference's warm-up refusal (flash_causal_lm.py warmup)", () => {
  test("the prefill form inside the router's Warmup error", () => {
    const d = mustDiagnose(
      'Error: Warmup(Generation("Not enough memory to handle 8192 prefill tokens. You need to decrease `--max-batch-prefill-tokens`"))',
    );
    assert.equal(d.code, 'tgi-warmup-not-enough-memory');
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.prefillTokens, 8192);
    assert.match(d.fixes[0] ?? '', /--max-batch-prefill-tokens below the 8192/);
  });

  test('the total form names the total budget', () => {
    const d = mustDiagnose(
      'RuntimeError: Not enough memory to handle 32000 total tokens with 4096 prefill tokens. You need to decrease `--max-batch-total-tokens` or `--max-batch-prefill-tokens`',
    );
    assert.equal(d.facts.totalTokens, 32000);
    assert.match(d.fixes[0] ?? '', /--max-batch-total-tokens below the 32000/);
  });

  test("a queue with no room for more tokens, without the flags' advice, is not the GPU", () => {
    assert.notEqual(kindOf(['router: Not enough memory to handle 12 more requests; queueing']), 'gpu_oom');
  });
});

describe('a request of 2^63 bytes or more is a wrapped size, not a shortage', () => {
  test("MLX's max-buffer refusal of a size near 2^64", () => {
    assert.notEqual(
      kindOf([
        'RuntimeError: [metal::malloc] Attempting to allocate 18446744073709551600 bytes which is greater than the maximum allowed buffer size of 17179869184 bytes.',
      ]),
      'gpu_oom',
    );
  });

  test('the same refusal of a real size stays a device OOM', () => {
    assert.equal(
      kindOf([
        'RuntimeError: [metal::malloc] Attempting to allocate 34359738368 bytes which is greater than the maximum allowed buffer size of 17179869184 bytes.',
      ]),
      'gpu_oom',
    );
  });
});

describe('a Ray worker that died (raylet node_manager.cc), by its exit detail', () => {
  const died =
    '(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: 16b1 Worker ID: 9d83 Node ID: 5c5e Worker IP address: 10.0.0.2 Worker port: 40111 Worker PID: 1234 Worker exit type: SYSTEM_ERROR';

  test("a connection closed under it (what SIGKILL and a crash both leave) is can't tell alone", () => {
    assert.equal(
      kindOf([
        `${died} Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file.`,
      ]),
      'none',
    );
    assert.equal(
      kindOf([
        'I suspect a memory leak in the reward function',
        `${died} Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file.`,
      ]),
      'host_oom',
    );
  });

  test('a worker that recorded its own SIGTERM exit is no OOM kill, even wrapped over lines', () => {
    assert.equal(
      kindOf([
        died,
        'Worker exit detail: Worker exits unexpectedly by a signal. SystemExit is raised (sys.exit is called). Exit code: 1.',
        'The process receives a SIGTERM.',
      ]),
      'none',
    );
  });
});

describe('device allocators in their own words: torch-directml, TensorRT 7, ggml-cuda built for ROCm/MUSA', () => {
  for (const [line, requested] of [
    [
      'RuntimeError: Could not allocate tensor with 1048576 bytes. There is not enough GPU video memory available!',
      1048576,
    ],
    [
      '[TensorRT] ERROR: Requested amount of memory (67108864 bytes) could not be allocated. There may not be enough free memory for allocation to succeed.',
      67108864,
    ],
  ] as const)
    test(line, () => {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'gpu_oom');
      assert.equal(d.facts.requestedBytes, requested);
    });

  test("ggml-cuda's error in a MUSA build, then its device and call", () => {
    assert.equal(
      kindOf([
        'MUSA error: out of memory',
        '  current device: 1, in function alloc at ggml-cuda.cu:400',
        '  musaMalloc(&ptr, size)',
      ]),
      'gpu_oom',
    );
  });

  test('another ROCm status in the same words is not memory', () => {
    assert.equal(
      kindOf([
        'ROCm error: invalid device function',
        '  current device: 0, in function ggml_cuda_compute_forward',
      ]),
      'none',
    );
  });
});

describe("a DataLoader worker's kill as users retype it (torch/csrc/DataLoader.cpp)", () => {
  test('case and the space after the colon changed', () => {
    const d = mustDiagnose('RuntimeError:Dataloader worker (pid 4242) is killed by signal:killed');
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.pid, 4242);
  });

  test('another signal in the same words is not a kill for memory', () => {
    assert.notEqual(
      kindOf(['RuntimeError: DataLoader worker (pid 4242) is killed by signal: Segmentation fault.']),
      'host_oom',
    );
  });
});

describe("Slurm's OOM kill with the step or node cut off (task_cgroup_memory.c, srun)", () => {
  for (const line of ['slurmstepd: error: Detected 2 oom-kill event(s)', 'srun: error: Out Of Memory'])
    test(line, () => assert.equal(kindOf([line]), 'host_oom'));

  test('the step still read where it is given', () => {
    const d = mustDiagnose(
      'slurmstepd: error: Detected 1 oom_kill event in StepId=99.0. Some of the step tasks have been OOM Killed.',
    );
    assert.equal(d.facts.slurmStep, '99.0');
  });

  test("srun's other errors are not memory", () => {
    assert.equal(
      kindOf(['srun: error: Unable to allocate resources: Invalid account or account/partition combination']),
      'none',
    );
  });
});
