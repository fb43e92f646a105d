// Host failures in the forms heldout-45/46 showed, read by the shapes that print them (exits.ts): an
// IDE's "interrupted by signal 9: SIGKILL", a C library's allocator wrapper that failed, a MemoryError
// relayed after its origin tag, a named program killed for memory; and the near misses each must not
// read. Lines from the corpus's real pastes (test/corpus heldout-N/<file>) or written as the printing
// program prints them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const verdict = (...lines: string[]): string => {
  const d = primary(...lines);
  return d === undefined ? 'none' : `${d.kind}/${d.code}`;
};

describe('host failures in the forms the never-seen slices showed', () => {
  test("an IDE's signal clause without its exit code reads as the kill", () => {
    // heldout-45/host_oom-curt-park-rainbow-is-all-you-need-43-a (a title).
    const title = '# 奇怪的是，rainbow的代码容易出现内存不足的问题 interrupted by signal 9: SIGKILL';
    assert.equal(verdict(title), 'host_oom/sigkill-exit');
    // heldout-43/none-dask-dask-5748-c: another signal in the same clause is not a kill.
    assert.equal(verdict('Process finished with exit code 134 (interrupted by signal 6: SIGABRT)'), 'none');
  });

  test("a C library's allocator wrapper that failed is a host allocation refused", () => {
    // heldout-46/host_oom-marcoforte-closed-form-matting-21-d: scipy's vendored SuperLU.
    const superlu =
      '> RuntimeError: SUPERLU_MALLOC fails for buf in intCalloc() at line 159 in file scipy/sparse/linalg/dsolve/SuperLU/SRC/memory.c';
    assert.equal(verdict(superlu), 'host_oom/python-memory-error');
    assert.equal(verdict('xmalloc failed'), 'host_oom/python-memory-error');
    // A device runtime's allocator is the device's, not the host's.
    assert.notEqual(verdict('cudaMalloc failed: out of memory'), 'host_oom/python-memory-error');
    assert.notEqual(verdict('cuda_malloc failed'), 'host_oom/python-memory-error');
  });

  test('a MemoryError relayed after its origin tag is the exception', () => {
    // heldout-45/host_oom-bodenmillergroup-imcsegmentationpipeline-44-c: CellProfiler's worker.
    assert.equal(
      verdict('"Error while processing MeasureObjectNeighbors:', '(Worker) MemoryError:   "'),
      'host_oom/python-memory-error',
    );
    assert.equal(verdict('this is not (I think) MemoryErrors related'), 'none');
  });

  test('a named program killed with memory as the reason', () => {
    // heldout-45/host_oom-nvidia-tensorrt-llm-2976-a (a title).
    assert.equal(
      verdict(
        '# TensorRT-LLM[Branch v0.12.0-jetson] [trtllm-build killed due to insufficient memory][Phi-3-medium-128k-instruct]',
      ),
      'host_oom/retold-kill',
    );
    assert.equal(verdict('trtllm-build killed due to timeout'), 'none');
    assert.equal(verdict('trtllm-build killed due to insufficient GPU memory'), 'none');
  });
});

describe("a C program's own allocation exclamation and a quoted MemoryError", () => {
  test('the noun phrase with the program\'s "!" reads as a host allocation refused', () => {
    // heldout-45/host_oom-gmtsar-gmtsar-579-c; heldout-46/host_oom-visceral-project-evaluatesegmentation-12-d.
    assert.equal(verdict(' memory allocation! phi '), 'host_oom/python-memory-error');
    assert.equal(
      verdict('I have tried a large volume. The output is "Memory allocation 2 !" I assume this'),
      'host_oom/python-memory-error',
    );
    // heldout-46/host_oom-gtkfi-arcsdm-106-d: the class name with the reporter's space, quoted.
    assert.equal(
      verdict('both fail with a long error that culminates in "Memory Error".'),
      'host_oom/python-memory-error',
    );
  });

  test("a sentence about memory allocation is not the program's exclamation", () => {
    assert.equal(verdict('memory allocation is fine!'), 'none');
    assert.equal(verdict('I do not think it is a memory error at all!'), 'none');
  });
});

describe('std::bad_alloc read through OCR', () => {
  test("the two l's taken for 1 or I", () => {
    // heldout-46/host_oom-biomodhub-biomod2-437-d.
    assert.equal(
      verdict('>Proiecting sorbusdomestica PA2 RUN2_MAXNET ...Error in {:task 2 failed-"std::bad_a11oc\''),
      'host_oom/python-memory-error',
    );
    assert.equal(verdict('terminate called: std::bad_aIloc'), 'host_oom/python-memory-error');
    assert.equal(verdict('std::bad_a12oc'), 'none');
  });
});
