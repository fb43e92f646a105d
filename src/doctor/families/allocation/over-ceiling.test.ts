// A device backend's failure after its allocator warned that it had allocated past the device's
// ceiling (over-ceiling.ts). The read lines are test/corpus heldout-45/gpu_oom-li-plus-chatglm-cpp-76-a
// (chatglm.cpp on ggml-metal, read after that slice's measurement) and heldout-16/gpu_oom-h2oai-h2ogpt-1311
// (llama_cpp_python on ggml-metal); the warning is ggml-metal's own (ggml-org/llama.cpp
// ggml_metal_log_allocated_size).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';
const withinCeiling =
  "ggml_metal_add_buffer: allocated 'compute         ' buffer, size =   512.00 MB, ( 4760.98 /  5461.34)";
const overCeiling =
  "ggml_metal_add_buffer: allocated 'scratch         ' buffer, size =  1280.00 MB, ( 6040.98 /  5461.34), warning: current allocated size is greater than the recommended max working set size";
const commandBufferFailed = 'ggml_metal_graph_compute: command buffer 0 failed with status 5';

describe('a device failure after the allocator passed the ceiling', () => {
  test("a failed command buffer after the warning is the device's, with the figures", () => {
    const found = primary(withinCeiling, overCeiling, commandBufferFailed);
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.facts.allocatedBytes, 6040980000);
    assert.equal(found?.facts.limitBytes, 5461340000);
  });
  test('a nil buffer a few lines after the warning', () => {
    assert.equal(
      kindOf(
        "ggml_metal_add_buffer: allocated 'alloc           ' buffer, size =   576.01 MiB, ( 5034.34 /  4096.00)ggml_metal_add_buffer: warning: current allocated size is greater than the recommended max working set size",
        'AVX = 1 | AVX2 = 1 | AVX512 = 0 | FMA = 1 | NEON = 0 | F16C = 1 | BLAS = 1 | SSE3 = 1 |',
        'ggml_metal_get_buffer: error: buffer is nil',
      ),
      'gpu_oom',
    );
  });
});

describe('what it must not read', () => {
  test('the warning with no failure after it (a run past the ceiling may only page)', () => {
    assert.equal(kindOf(withinCeiling, overCeiling, 'llama_print_timings: eval time = 812.31 ms'), 'none');
  });
  test('the failure with the allocation within the ceiling', () => {
    assert.equal(kindOf(withinCeiling, commandBufferFailed), 'none');
  });
  test('the failure alone', () => {
    assert.equal(kindOf(commandBufferFailed), 'none');
  });
});
