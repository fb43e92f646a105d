// Issue 23, round 8: heldout-7's unseen logs missed memory failures in grammars no rule read in
// full: a runtime's "out of memory" after a wrapper's failed call (Thrust), OpenCL's status -4 in a
// wrapper's words, an allocator refusing a buffer in its library's words (MIOpen), PyTorch's class cut
// mid-word by a paste, a host-memory check refused with its figures (required vs available), a
// launcher's -9 retold, a Ray worker gone with no error of its own, a MemoryError glued to its
// neighbours by a paste, PhysX's overflow quoted in prose; and one false OOM: a kernel launch refused
// for its work-group's local memory read as the device's. Each case below is the grammar in other
// words than the log that showed it, and its look-alike stays what it is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

const kindOf = (lines: string[]) => primary(...lines)?.kind ?? 'none';

describe("the runtime's out of memory after a wrapper's failed call", () => {
  test("Thrust's system_error: the algorithm that failed, then CUDA's status string", () => {
    const d = mustDiagnose(
      "terminate called after throwing an instance of 'thrust::system::system_error'",
      '  what():  parallel_for failed: out of memory',
    );
    assert.equal(d.kind, 'gpu_oom');
  });

  test("CUB's sort in the same words", () => {
    assert.equal(kindOf(['cub::DeviceRadixSort::SortPairs failed: out of memory']), 'gpu_oom');
  });

  test('a host tool saying the same words is not the GPU', () => {
    assert.notEqual(kindOf(['zstd: frame decompression failed: out of memory']), 'gpu_oom');
  });
});

describe("OpenCL's status -4 in every spelling", () => {
  for (const line of [
    '  what():  Memory Object Allocation Failure',
    'pyopencl._cl.MemoryError: clEnqueueNDRangeKernel failed: MEM_OBJECT_ALLOCATION_FAILURE',
    'OPENCL Error: cl_mem_object_allocation_failure',
    'OpenCL Error: clEnqueueNDRangeKernel: CL_MEM_OBJECT_ALLOCATION_FAILURE',
  ])
    test(line.trim(), () => assert.equal(kindOf([line]), 'gpu_oom'));
});

describe("an allocator refusing a buffer in its library's words", () => {
  test("MIOpen's handle: the size refused", () => {
    const d = mustDiagnose(
      'MIOpen Error: /long_pathname_so_that_rpms_can_package_the_debug_info/src/MIOpen/src/hip/handlehip.cpp:104: Memory not available to allocate buffer: 2147483648',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 2147483648);
    assert.equal(d.facts.vendor, 'amd');
  });

  test('the same words with no device named are not the GPU', () => {
    assert.notEqual(kindOf(['the archive says memory not available to allocate the index']), 'gpu_oom');
  });
});

describe("PyTorch's class cut mid-word where a paste ends", () => {
  for (const cut of ['torch.cuda.OutOfMemoryErro', 'torch.OutOfMemoryErr', 'torch.cuda.OutOfMemory'])
    test(cut, () => assert.equal(kindOf(['  0%|          | 0/2 [00:33<?, ?it/s]', '', cut]), 'gpu_oom'));

  test('the word inside a sentence that goes on is no report', () => {
    assert.equal(kindOf(['I wrap torch.cuda.OutOfMemory handling in a retry loop']), 'none');
  });
});

describe("a kernel launch's local memory is not the device's memory", () => {
  test('SYCL: OUT_OF_RESOURCES for a work-group static allocation', () => {
    assert.equal(
      kindOf([
        'the device reports local_mem_size 65536, and my kernel declares',
        '`syclex::work_group_static<char[64000]> lsm;`',
        '`what():  level_zero backend failed with error: 40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)`',
      ]),
      'none',
    );
  });

  test('the same status with no kernel resource named is the device (Level Zero could not back it)', () => {
    assert.equal(
      kindOf(['RuntimeError: level_zero backend failed with error: 40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)']),
      'gpu_oom',
    );
  });
});

describe('a host memory check refused, with what it needs and what is available', () => {
  test("Ollama's check relayed as an API's JSON body", () => {
    const d = mustDiagnose(
      '{"error":"model requires more system memory (2.7 GiB) than is available (2.0 GiB)"}',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.requestedBytes, Math.floor(2.7 * 2 ** 30));
    assert.equal(d.facts.availableBytes, 2 * 2 ** 30);
  });

  test('another program in the same grammar', () => {
    assert.equal(kindOf(['error: index needs more host memory (12 GB) than available (7.5 GB)']), 'host_oom');
  });

  test("a GPU's memory in the same words is not the host's", () => {
    assert.notEqual(kindOf(['model requires more gpu memory (9 GiB) than is available (6 GiB)']), 'host_oom');
  });
});

describe("a launcher's report of a child's -9, retold", () => {
  for (const line of [
    'I ran into error exits with run code= -9. After splitting the dataset',
    'the worker exited with exit code -9 and nothing else',
  ])
    test(line, () => assert.equal(kindOf([line]), 'host_oom'));

  test('another code is not a kill', () => {
    assert.equal(kindOf(['subprocess exited with exit code -11']), 'none');
  });
});

describe('a Ray worker gone with no error of its own', () => {
  const died =
    '(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker.';
  test("alone is can't tell: the raylet's list of causes is its guess (resolve.ts resolveRayWorkerDeath)", () => {
    const d = mustDiagnose(died);
    assert.equal(d.kind, 'none');
    assert.equal(d.cause, 'unknown');
    assert.match(d.fixes.join('\n'), /dmesg/);
  });

  test("is host memory, possibly, beside the user's words that memory grew or the host's measured full", () => {
    const grew = mustDiagnose('the RAM usage keeps increasing until it dies', died);
    assert.equal(grew.kind, 'host_oom');
    assert.equal(grew.confidence, 'possible');
    assert.equal(
      kindOf([
        '[INFO] [utils.py:799:see_memory_usage] CPU Virtual Memory:  used = 246.1 GB, percent = 97.6%',
        died,
      ]),
      'host_oom',
    );
    assert.equal(kindOf(['CPU Virtual Memory:  used = 26.4 GB, percent = 84.6%', died]), 'none');
    assert.equal(kindOf(['memory is not the problem, RAM usage keeps increasing', died]), 'none');
  });

  test("a crash's own words beside it decide otherwise", () => {
    assert.notEqual(kindOf(['*** SIGSEGV received at time=1700000000 on cpu 3 ***', died]), 'host_oom');
  });
});

describe('a MemoryError glued to its neighbours by a paste', () => {
  test('after the source line it ended', () => {
    assert.equal(kindOf(['    self = reduction.pickle.load(from_parent)MemoryError`']), 'host_oom');
  });

  test("before the next traceback's header", () => {
    assert.equal(kindOf(['MemoryErrorTraceback (most recent call last):']), 'host_oom');
  });

  test('the name inside code is no report', () => {
    assert.equal(kindOf(['    except (MemoryError, OSError):']), 'none');
  });
});

describe("PhysX's buffer overflow quoted in a sentence", () => {
  test('lower-case, without its advice', () => {
    const d = mustDiagnose(
      'as the algorithm runs for more episodes, I encounter the error: **"contact buffer overflow detected."**',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.setting, 'maxRigidContactCount');
  });
});

describe("the step that failed placed, loaded or gathered the model's own state", () => {
  const oom =
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 11.50 GiB. GPU 0 has a total capacity of 23.51 GiB of which 9.38 GiB is free. Including non-PyTorch memory, this process has 13.70 GiB memory in use. Of the allocated memory 13.03 GiB is allocated by PyTorch, and 1.20 MiB is reserved by PyTorch but unallocated.';

  test('a traceback through from_pretrained: the weights, not a batch', () => {
    const d = mustDiagnose(
      'Traceback (most recent call last):',
      '  File "/opt/conda/lib/python3.11/site-packages/transformers/modeling_utils.py", line 4225, in from_pretrained',
      '    model = cls(config, *model_args, **model_kwargs)',
      oom,
    );
    assert.equal(d.cause, 'model_state');
    assert.ok(!d.fixes.some((f) => /batch size/.test(f)), d.fixes.join(' | '));
  });

  test("Accelerate's prepare() named as the failing call", () => {
    assert.equal(
      mustDiagnose('the OOM happens in `model, optimizer = accelerator.prepare(model, optimizer)`', oom)
        .cause,
      'model_state',
    );
  });

  test("FSDP's full state dict gathered to save: offload it to the CPU", () => {
    const d = mustDiagnose(
      '/usr/lib/python3/dist-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py:2224: UserWarning: Failed to clone() tensor with name lm_head.weight. This may mean that this state_dict entry could point to invalid memory regions after returning from state_dict() call if this parameter is managed by FSDP. Please check clone implementation of lm_head.weight. Error: CUDA out of memory. Tried to allocate 500.00 MiB (GPU 0; 39.59 GiB total capacity; 37.00 GiB already allocated; 200.00 MiB free; 37.22 GiB reserved in total by PyTorch)',
    );
    assert.equal(d.cause, 'model_state');
    assert.ok(d.fixes.some((f) => /offload_to_cpu=True/.test(f)));
  });

  test('a traceback through the forward pass stays the batch', () => {
    const d = mustDiagnose(
      'Traceback (most recent call last):',
      '  File "train.py", line 88, in <module>',
      '    loss = model(**batch).loss',
      '  File "/usr/lib/python3/dist-packages/torch/nn/modules/module.py", line 1518, in _wrapped_call_impl',
      oom,
    );
    assert.equal(d.cause, 'batch_too_large');
  });

  test('from_pretrained said in a log line, not a frame, is not the failing step', () => {
    assert.equal(
      mustDiagnose('INFO loading weights with from_pretrained done', oom).cause,
      'batch_too_large',
    );
  });
});

describe('a bare kill inside a Slurm job whose script states its memory', () => {
  const killed =
    'process_data.sh: line 76:  4663 Killed                  sct_deepseg_sc -i sub-01_T2w.nii.gz';

  test("the job's own request is the limit, and the fix asks for more than it", () => {
    const d = mustDiagnose(
      '#!/bin/bash',
      '#SBATCH --ntasks=32',
      '#SBATCH --mem=16G',
      'srun python train.py',
      killed,
    );
    assert.equal(d.cause, 'memory_limit');
    assert.ok(
      d.fixes.some((f) => f.includes('--mem=32G')),
      d.fixes.join(' | '),
    );
    assert.ok(!d.fixes.some((f) => f.includes('--mem=16G')), d.fixes.join(' | '));
  });

  test('a request in megabytes, as Slurm reads a bare number', () => {
    const d = mustDiagnose('#SBATCH --mem-per-cpu=4096M   # memory; default unit is megabytes', killed);
    assert.ok(
      d.fixes.some((f) => f.includes('--mem-per-cpu=8G')),
      d.fixes.join(' | '),
    );
  });

  test('no request shown: the bare kill stays unknown', () => {
    assert.equal(mustDiagnose('#SBATCH --ntasks=32', killed).cause, 'unknown');
  });

  test('a directive Slurm skips (##SBATCH) is no request', () => {
    assert.equal(mustDiagnose('##SBATCH --mem=16G', killed).cause, 'unknown');
  });
});
