// TensorFlow Lite Micro's tensor arena (host/exits.ts runtime-allocation-failed, explain-heap-cap.ts): the
// microcontroller's own RAM, a buffer of the application's chosen size, and the near misses that are not it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnoseText } from '../../diagnose-text.js';

describe("TensorFlow Lite Micro's arena allocator", () => {
  test("ResizeBuffer's refusal is the host's memory, the arena's size the cap", () => {
    // hogc/esp-speech-recognition#2 (an ESP32 board), as pasted.
    const d = diagnoseText(
      'Failed to resize buffer. Requested: 26496, available 23656, missing: 2840\nAllocateTensors() failed',
    )[0];
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.cause, 'memory_cap');
    assert.equal(d?.facts.requestedBytes, 26496);
    assert.equal(d?.facts.arenaMissingBytes, 2840);
    assert.match(d?.fixes[0] ?? '', /tensor arena/);
  });
  test('AllocatePersistentBuffer\'s "tail memory" is the same arena', () => {
    // tflite-micro single_arena_buffer_allocator.cc's format, as a board's bring-up log prints it.
    const d = diagnoseText('Failed to allocate tail memory. Requested: 816, available 8, missing: 808')[0];
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.cause, 'memory_cap');
  });
  test("another program's buffer that failed to resize, without the arena's figures, is not read here", () => {
    for (const line of [
      'vkResizeBuffer: Failed to resize buffer',
      'WARN: Failed to resize buffer to 4096 bytes, keeping the old one',
    ])
      assert.notEqual(diagnoseText(line)[0]?.code, 'runtime-allocation-failed');
  });
});
