// A RESOURCE_EXHAUSTED status is memory's only where its message names memory (exhausted-resource.ts).
// The other resources' lines as their raisers print them: TensorFlow 2.21 and grpcio 1.84 run here,
// grpc-go's rpc_util.go and grpc-java's MessageDeframer format strings; the memory lines from the corpus.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';
import { otherExhaustedResource } from './exhausted-resource.js';

const verdict = (...lines: string[]): string => {
  const d = primary(...lines);
  return d === undefined ? 'none' : `${d.kind}/${d.code}`;
};

describe('a RESOURCE_EXHAUSTED status for another resource than memory', () => {
  const notMemory: [string, string[], string][] = [
    [
      // tf.io.gfile.GFile('/dev/full', 'w').write(...) under TF 2.21: errno ENOSPC.
      'TensorFlow, a full disk',
      ['tensorflow.python.framework.errors_impl.ResourceExhaustedError: /dev/full; No space left on device'],
      'disk space',
    ],
    [
      'TensorFlow, a full disk, as the kernel logs it',
      [
        'W tensorflow/core/framework/op_kernel.cc:1763] OP_REQUIRES failed at save_restore_v2_ops.cc:157 : Resource exhausted: /ckpt/model.ckpt-1000_temp/part-00000-of-00001.data-00000-of-00001.tempstate1; No space left on device',
      ],
      'disk space',
    ],
    [
      // TF 2.21 past RLIMIT_NOFILE: errno EMFILE.
      'TensorFlow, too many open files',
      ['tensorflow.python.framework.errors_impl.ResourceExhaustedError: /etc/hostname; Too many open files'],
      'file descriptors or another per-process limit',
    ],
    [
      // grpcio 1.84 over loopback, a server with grpc.max_receive_message_length 1024.
      'grpcio, the status and its details on two lines',
      [
        'grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:',
        '\tstatus = StatusCode.RESOURCE_EXHAUSTED',
        '\tdetails = "SERVER: Received message larger than max (5000 vs. 1024)"',
      ],
      'the RPC message size limit',
    ],
    [
      'grpc-go (rpc_util.go)',
      [
        'Error: rpc error: code = ResourceExhausted desc = grpc: received message larger than max (5292132 vs. 4194304)',
      ],
      'the RPC message size limit',
    ],
    [
      'grpc-java (MessageDeframer)',
      [
        'io.grpc.StatusRuntimeException: RESOURCE_EXHAUSTED: gRPC message exceeds maximum size 51000000: 99265809',
      ],
      'the RPC message size limit',
    ],
    [
      'TensorFlow raising a message-size status it got over gRPC',
      [
        'tensorflow.python.framework.errors_impl.ResourceExhaustedError: Received message larger than max (1048576000 vs. 4194304)',
      ],
      'the RPC message size limit',
    ],
    [
      'google-api-core, HTTP 429',
      ['google.api_core.exceptions.ResourceExhausted: 429 Resource has been exhausted (e.g. check quota).'],
      'a quota or rate limit',
    ],
  ];
  for (const [name, lines, resource] of notMemory) {
    test(name, () => {
      assert.equal(verdict(...lines), 'none/resource-exhausted-other');
      assert.equal(primary(...lines)?.facts.exhaustedResource, resource);
    });
  }

  test('the summary says it is not memory, and the fix is for the resource', () => {
    const d = primary(
      'tensorflow.python.framework.errors_impl.ResourceExhaustedError: /dev/full; No space left on device',
    );
    assert.equal(d?.cause, 'not_memory');
    assert.match(d?.causeText ?? '', /names disk space, not memory/);
    assert.match(d?.fixes[0] ?? '', /df -h/);
  });
});

// test/corpus heldout-43/none-alibaba-graph-learn-161-c (read after that slice's measurement): graph-learn's
// RPC sampling relays gRPC's code 8; the reporter names the class in a sentence and says memory stayed low.
describe('the status relayed by its code number alone', () => {
  const relayed =
    '2021-08-24 11:38:36.938359: W tensorflow/core/framework/op_kernel.cc:1389] Unknown: ResourceExhaustedError: 8';
  const mention = 'with batch size above 5 the worker reports ResourceExhaustedError as soon as it starts.';
  test('reads as no resource named', () => {
    assert.equal(verdict(relayed), 'none/resource-exhausted-other');
    assert.match(primary(relayed)?.fixes[0] ?? '', /paste the lines before the status/);
  });
  test("the class's bare mention beside it is that status, not a second failure", () => {
    assert.equal(verdict(mention, relayed), 'none/resource-exhausted-other');
  });
  test('the mention alone still reads as before', () =>
    assert.equal(verdict(mention), 'gpu_oom/tf-resource-exhausted'));
  test('another number is no status code', () => {
    assert.equal(
      verdict('tensorflow.python.framework.errors_impl.ResourceExhaustedError: 80'),
      'gpu_oom/tf-resource-exhausted',
    );
  });
});

describe('RESOURCE_EXHAUSTED for memory stays memory', () => {
  // The side is the memory rules' question (a line alone names no device here); only "memory" is pinned.
  const memory: [string, string[]][] = [
    [
      // test/corpus heldout-29/gpu_oom-nextcloud-recognize-771.
      "TensorFlow's status naming memory",
      ['W tensorflow/core/framework/op_kernel.cc:1733] RESOURCE_EXHAUSTED: failed to allocate memory'],
    ],
    [
      // test/corpus heldout-22/gpu_oom-air-embodied-brain-zetta-embodiment-20.
      'a need against a headroom',
      ['RESOURCE_EXHAUSTED: GPU memory headroom too low to safely start another session'],
    ],
    [
      // A status relayed over gRPC whose details are TensorFlow's OOM.
      'an OOM relayed over gRPC',
      [
        'tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[64,256,56,56] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
      ],
    ],
    [
      // TF 2.x puts the OOM on later lines; the class alone still reads as before.
      'the class with the message on later lines',
      ['tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:'],
    ],
  ];
  for (const [name, lines] of memory) {
    test(name, () => assert.match(verdict(...lines), /^(?:gpu|host)_oom\//));
  }
});

describe('otherExhaustedResource', () => {
  test('memory named beside another word decides memory', () => {
    assert.equal(otherExhaustedResource('RESOURCE_EXHAUSTED: memory quota exceeded'), undefined);
  });
  test('a line number 429 is no HTTP status', () => {
    assert.equal(
      otherExhaustedResource('ResourceExhaustedError: Graph execution error: File "x.py", line 429'),
      undefined,
    );
  });
  test('a message that names nothing decides nothing', () => {
    assert.equal(otherExhaustedResource('ResourceExhaustedError: '), undefined);
  });
});
