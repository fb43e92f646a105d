import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OutputReader } from './output-reader.js';

const verdictOf = (...chunks: string[]) => {
  const reader = new OutputReader();
  for (const chunk of chunks) reader.write(chunk);
  return reader.verdict();
};

describe('OutputReader', () => {
  test("each framework's device OOM message is a gpu_oom verdict with its framework", () => {
    const samples = [
      ['torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', 'torch'],
      [
        'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1024 bytes.',
        'jax',
      ],
      [
        'tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[32,1024,1024] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
        'tensorflow',
      ],
    ];
    for (const [line, framework] of samples) {
      const verdict = verdictOf(`step 1\n${line}\n`);
      assert.equal(verdict?.kind, 'gpu_oom', line);
      assert.equal(verdict?.framework, framework, line);
      assert.equal(verdict?.line, 2);
    }
  });

  test('lines split across writes are joined before they are classified', () => {
    const verdict = verdictOf('torch.OutOfMemoryError: CUDA out of mem', 'ory. Tried to allocate 2.00 GiB\n');
    assert.equal(verdict?.kind, 'gpu_oom');
  });

  test('a line that only mentions an OOM is not one; a near miss is reported as kind none', () => {
    assert.equal(verdictOf('epoch 3 loss 0.12\nINFO: retrying after CUDA out of memory is disabled\n'), null);
    assert.equal(verdictOf('RuntimeError: CUDA error: device-side assert triggered\n')?.kind, 'none');
  });

  test("PyTorch's message naming a killed DataLoader worker gives its PID", () => {
    const verdict = verdictOf('RuntimeError: DataLoader worker (pid 4242) is killed by signal: Killed.\n');
    assert.equal(verdict?.kind, 'host_oom');
    assert.deepEqual(verdict?.killedPids, [4242]);
  });

  test('a MemoryError traceback is a host allocation failure', () => {
    const verdict = verdictOf('Traceback (most recent call last):\n  File "x.py", line 3\nMemoryError\n');
    assert.equal(verdict?.kind, 'host_oom');
    assert.equal(verdict?.code, 'python-memory-error');
  });

  test('bytes as the log tail hands them: split anywhere, the buffer reused after each write', () => {
    const output = Buffer.from(
      '步骤 1 ✓\r\nRuntimeError: DataLoader worker (pid 4242) is killed by signal: Killed.\r\n',
    );
    const reader = new OutputReader();
    const scratch = Buffer.alloc(output.length);
    for (let at = 0; at < output.length; at += 3) {
      const part = output.subarray(at, at + 3);
      part.copy(scratch);
      reader.write(scratch.subarray(0, part.length));
      scratch.fill(0x78);
    }
    const verdict = reader.verdict();
    assert.equal(verdict?.kind, 'host_oom');
    assert.equal(verdict?.line, 2);
    assert.deepEqual(verdict?.killedPids, [4242]);
  });

  test('memory stays bounded on a line that never ends', () => {
    const reader = new OutputReader();
    for (let i = 0; i < 100; i++) reader.write('x'.repeat(100_000));
    reader.write('\nMemoryError\n');
    assert.equal(reader.verdict()?.kind, 'host_oom');
  });
});
