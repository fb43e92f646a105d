// XLA's allocator adapter's "Failed to allocate request for <size> (<bytes>B) on device ordinal <n>"
// (openxla/xla tf_allocator_adapter), whole and cut after its size as a trimmed or retyped paste keeps
// it (test/corpus/heldout-42/gpu_oom-joshuaalbert-jaxns-3.txt: the reporter's sentence quotes it in
// backticks, without the tail).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

describe("XLA's failed request", () => {
  test('whole, with the bytes and the device', () => {
    const found = primary(
      '2024-06-24 17:01:13.936447: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2732] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Failed to allocate request for 154.06GiB (165425291480B) on device ordinal 0',
    );
    assert.equal(found?.code, 'xla-allocate-request-failed');
    assert.equal(found?.facts.requestedBytes, 165425291480);
    assert.equal(found?.facts.device, 0);
  });

  test('cut after its size, quoted in a sentence', () => {
    const found = primary(
      'raises `RuntimeError: Resource exhausted: Failed to allocate request for 74.50GiB`.',
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.facts.requestedBytes, Math.round(74.5 * 1024 ** 3));
  });

  test('another allocator\'s "failed to allocate" with a request is not this reading', () => {
    assert.notEqual(
      primary('Failed to allocate memory for requested buffer of size 1024')?.code,
      'xla-allocate-request-failed',
    );
  });
});
