// Issue 23, session 18 (designed on a random half of the spent parts' kind misses, the other half put
// aside): a bare "out of memory" leans to the device only in a log that shows ML or GPU work
// (allocation/generic.ts mlSeenFactRule); from a program outside ML it is that program's own heap's.
// Sentences written afresh, not copied from a corpus log.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('a bare "out of memory" outside ML is the host\'s', () => {
  test('a compiler, a browser page, a database', () => {
    assert.equal(kindOf('LLVM ERROR: out of memory'), 'host_oom');
    assert.equal(kindOf('Error code: Out of Memory'), 'host_oom');
    assert.equal(kindOf('ERROR:  out of memory', 'DETAIL:  Failed on request of size 1024.'), 'host_oom');
  });
  test('the same phrase in ML or GPU work keeps the device lean', () => {
    assert.equal(kindOf('Epoch 3: 12%', 'RuntimeError: out of memory'), 'gpu_oom');
    assert.equal(kindOf('python train.py --batch_size 64', 'out of memory'), 'gpu_oom');
    assert.equal(kindOf('RBXCRASH: OutOfMemoryGraphics'), 'gpu_oom');
    assert.equal(kindOf('Loading checkpoint shards', 'out of memory'), 'gpu_oom');
  });
});
