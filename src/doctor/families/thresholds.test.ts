import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../test-helpers/diagnose.js';
import { lastStrawBytes } from './host/explain-alloc.js';
import { roomyGiB } from './host/explain-limits.js';
import { accumulatedNameCount, isModelState, smallPoolBytes } from './tensorflow/explain.js';

const MiB = 1024 ** 2;

describe('host thresholds', () => {
  const numpy = (bytes: number) =>
    mustDiagnose(
      `numpy.core._exceptions.MemoryError: Unable to allocate ${bytes} for an array with shape (1, 2) and data type float64`,
    );

  test('a refused request under 256 MiB is the last straw; from 256 MiB it is the cause itself', () => {
    assert.match(numpy(lastStrawBytes - 1).causeText, /of only/);
    assert.doesNotMatch(numpy(lastStrawBytes).causeText, /of only/);
    assert.ok(numpy(lastStrawBytes).fixes.some((f) => f.includes('float32')));
  });

  test('a MemoryError with its traceback: never "SIGKILL" or "no traceback", the frame named', () => {
    const d = mustDiagnose(
      'Traceback (most recent call last):',
      '  File "replay.py", line 40, in add',
      '    self.obs[i] = obs',
      'MemoryError',
    );
    assert.equal(d.cause, 'host_allocation');
    assert.doesNotMatch(d.causeText, /SIGKILL|no traceback/);
    assert.match(d.causeText, /replay\.py:40 in add/);
  });

  test('a new limit is 1.5 × what was used, never below it', () => {
    assert.equal(roomyGiB(597.34 * 1024 * MiB), 897);
    assert.ok(roomyGiB(1) >= 1);
  });

  test('Slurm: "Job N" prints KiB, "StepId=N.M" prints bytes', () => {
    const old = mustDiagnose(
      'slurmstepd: error: Job 7518 exceeded memory limit (626359956 > 512000000), being killed',
    );
    assert.equal(old.cause, 'memory_limit');
    assert.equal(old.framework, 'slurm');
    assert.equal(old.facts.usageBytes, 626359956 * 1024);
    const modern = mustDiagnose(
      'slurmstepd: error: StepId=123.0 exceeded memory limit (626359956 > 512000000), being killed',
    );
    assert.equal(modern.facts.limitBytes, 512000000);
    assert.equal(modern.facts.slurmJob, 123);
  });
});

describe('TensorFlow thresholds', () => {
  test('names numbered from 500 up mean models piled up in one graph', () => {
    const oom =
      'W tensorflow/core/common_runtime/executor.cc:1076] Compute status: Resource exhausted: OOM when allocating tensor with shape';
    const node = (n: number) =>
      `\t [[Node: sub_1 = Sub[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/gpu:0"](sub_1/x, Variable_${n}/read)]]`;
    assert.equal(mustDiagnose(oom, node(accumulatedNameCount)).cause, 'models_accumulated');
    assert.notEqual(mustDiagnose(oom, node(accumulatedNameCount - 1)).cause, 'models_accumulated');
  });

  test('model state: a slot-creating node, or no dimension equal to the fit batch', () => {
    assert.equal(isModelState({ node: 'embeddings/Adam/Initializer/zeros' }, undefined), true);
    assert.equal(isModelState({ shape: '[123008,500]' }, 10), true);
    assert.equal(isModelState({ shape: '[10,500]' }, 10), false);
    assert.equal(isModelState({ shape: '[123008,500]' }, undefined), false);
  });

  test('a pool under 1 GiB was sized from a nearly full card', () => {
    const stats = (limit: number) => [
      'I tensorflow/core/common_runtime/bfc_allocator.cc:698] Stats: ',
      `Limit:                   ${limit}`,
      'I tensorflow/core/common_runtime/bfc_allocator.cc:692] 1 Chunks of size 4219136 totalling 4.02MiB',
    ];
    assert.equal(mustDiagnose(...stats(smallPoolBytes - 1)).cause, 'small_pool');
    assert.notEqual(mustDiagnose(...stats(smallPoolBytes)).cause, 'small_pool');
  });
});
