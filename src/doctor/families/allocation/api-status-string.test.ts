// The runtimes' "out of memory" string followed by its status number (api-status.ts
// readStatusStringThenCode), and the near misses that are no status.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnoseText } from '../../diagnose-text.js';
import { readStatusStringThenCode } from './api-status.js';

describe('"out of memory 2": cudaGetErrorString(e) then e', () => {
  test('a ROS node’s log line is the device’s, before the later 700 it caused', () => {
    const d = diagnoseText(
      '[ERROR] [1637285665.411913589, 3.173000000]: out of memory 2\n\n[ERROR] [1637285665.566221042, 3.246000000]: an illegal memory access was encountered 700',
    )[0];
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.facts.apiStatus, '2');
  });
  test('the number in brackets or after a status word', () => {
    assert.equal(readStatusStringThenCode('E: out of memory (2)')?.side, 'device');
    assert.equal(readStatusStringThenCode('cuda: out of memory, code 2')?.side, 'device');
  });
  test('another number, a count in a sentence, or a figure that goes on is no status', () => {
    assert.equal(readStatusStringThenCode('I ran out of memory 2 times'), undefined);
    assert.equal(readStatusStringThenCode('[ERROR] out of memory 12'), undefined);
    assert.equal(readStatusStringThenCode('[ERROR] [1.2, 3.1]: out of memory 2 devices'), undefined);
    assert.equal(readStatusStringThenCode('we often run out of memory 2'), undefined);
    assert.equal(diagnoseText('[ERROR] out of memory 12')[0]?.facts.apiStatus, undefined);
  });
});
