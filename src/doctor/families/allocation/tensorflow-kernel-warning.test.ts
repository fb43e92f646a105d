// TensorFlow's kernel-failure warning, "OP_REQUIRES failed at FILE:LINE : STATUS" (tensorflow/core/
// framework/op_kernel.cc CtxFailureWithWarning), shows a TensorFlow op ran (generic.ts mlSeenFactRule): a
// bare "OOM when allocating" it carries leans to the device, as in any ML log; the CPU allocator named
// on the line still decides the host. The read line is test/corpus heldout-42/gpu_oom-engineering-
// course-cihp-pgn-55 (a paste cut before the shape); the CPU form is TensorFlow's own wording.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe("TensorFlow's OP_REQUIRES warning shows ML work", () => {
  test('a cut "OOM when allocating" on the warning is the device\'s', () => {
    assert.equal(
      kindOf('OP_REQUIRES failed at random_op.cc:77 : Resource exhausted: OOM when allocating'),
      'gpu_oom',
    );
  });
  test("the same status without the warning, in a log that shows no ML, stays the host's", () => {
    assert.equal(kindOf('Resource exhausted: OOM when allocating'), 'host_oom');
  });
  test('the CPU allocator named on the warning decides the host', () => {
    assert.equal(
      kindOf(
        'OP_REQUIRES failed at matmul_op.cc:480 : Resource exhausted: OOM when allocating tensor with shape[65536,65536] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu',
      ),
      'host_oom',
    );
  });
});
