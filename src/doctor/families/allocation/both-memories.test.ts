// A line that names both memories by their nouns names neither side (generic.ts memorySideOf): the
// lines before it, else the log, decide. The reads from test/corpus heldout-44/gpu_oom-unslothai-unsloth-1744
// (read after that slice's measurement); the near misses from heldout-25/host_oom-nerfstudio-project-
// nerfstudio-3424 and heldout-22/host_oom-ultralytics-ultralytics-22898, where the line names one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';
const gpuContext =
  '==((====))==  Unsloth 2025.2.12: Fast Qwen2 patching.  GPU: NVIDIA GeForce RTX 2080 Ti. Max memory: 22.0 GB.';
const hostContext = 'Running on a CPU-only server with 64 GB of system memory.';

describe('both memories named on the line: the log decides', () => {
  test('"VRAM/RAM" in a GPU run', () => {
    assert.equal(kindOf(gpuContext, '1. **OOM Before VRAM/RAM Exhaustion**'), 'gpu_oom');
  });
  test('"GPU (22GB VRAM) and RAM (64GB)" in a GPU run', () => {
    assert.equal(
      kindOf(
        gpuContext,
        '- Local GPU (RTX 2080 Ti, 22GB VRAM) and RAM (64GB) are not fully consumed before OOM.',
      ),
      'gpu_oom',
    );
  });
  test('the same line where the run names only the host', () => {
    assert.equal(kindOf(hostContext, '1. **OOM Before VRAM/RAM Exhaustion**'), 'host_oom');
  });
});

describe('one memory named: the line decides', () => {
  test('a device noun negated', () => {
    assert.equal(
      kindOf(
        gpuContext,
        'When loading more image data than there is memory (system RAM, not VRAM) available, Nerfstudio hangs perpetually without error, rather than throwing an OOM error.',
      ),
      'host_oom',
    );
  });
  test("the kernel's OOM killer beside a device noun", () => {
    assert.equal(
      kindOf(
        gpuContext,
        'I found `Out of memory: Kill process` from dmesg, even though my VRAM was not full.',
      ),
      'host_oom',
    );
  });
  test('host RAM alone in a GPU run', () => {
    assert.equal(kindOf(gpuContext, 'The run fails with out of memory: the system RAM is full.'), 'host_oom');
  });
});
