// headroom's bootstrap against a stub tensorflow whose logical devices behave as TensorFlow's context.py
// says (FACTS Q11): configurable until the runtime starts, and set_memory_growth refused once configured.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bootstrapDir, findPython, makeStubSite, noPythonMessage, runPython } from './python.js';

const python = findPython();

const MiB = 1024 ** 2;
const tfEnv = { HEADROOM_BOOT: 'tf-cap', HEADROOM_GPU_BUDGET_BYTES: String(4096 * MiB + 123) };
const script = [
  'import tensorflow as tf',
  'gpus = tf.config.list_physical_devices("GPU")',
  'for gpu in gpus: tf.config.experimental.set_memory_growth(gpu, True)',
  'tf.constant(1)',
  'print("trained")',
].join('\n');

function run(env: Record<string, string>) {
  const stubs = makeStubSite();
  const result = runPython(python!, script, {
    PYTHONPATH: `${bootstrapDir}:${stubs.dir}`,
    HEADROOM_STUB_RECORD: stubs.recordFile,
    ...env,
  });
  return { ...result, events: stubs.events() };
}

describe('bootstrap: tensorflow limit', { skip: python === undefined ? noPythonMessage : false }, () => {
  test('the GPU gets a logical device limit in MiB before the runtime starts', () => {
    const result = run(tfEnv);
    assert.equal(result.stderr, '');
    assert.equal(result.stdout.trim(), 'trained');
    assert.deepEqual(
      result.events.map((e) => e.event),
      ['import', 'logical-devices', 'gpu-init'],
    );
    assert.deepEqual(result.events[2]?.limits, { '/physical_device:GPU:0': [4096] });
  });

  test("the script's own set_memory_growth, refused by TensorFlow once a limit is set, does not break it", () => {
    const plain = run({});
    assert.deepEqual(
      plain.events.map((e) => e.event),
      ['import', 'memory-growth', 'gpu-init'],
    );
    const withoutPatch = runPython(
      python!,
      [
        'import tensorflow as tf',
        'gpu = tf.config.list_physical_devices("GPU")[0]',
        'tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=1)])',
        'tf.config.experimental.set_memory_growth(gpu, True)',
      ].join('\n'),
      { PYTHONPATH: makeSite() },
    );
    assert.match(
      withoutPatch.stderr,
      /ValueError: Cannot set memory growth on device when virtual devices configured/,
    );
  });

  test('no GPU visible: nothing to limit, and nothing said', () => {
    const result = run({ ...tfEnv, CUDA_VISIBLE_DEVICES: '' });
    assert.equal(result.stderr, '');
    assert.deepEqual(
      result.events.map((e) => e.event),
      ['import', 'gpu-init'],
    );
  });

  test('a bad budget is one line naming headroom; the program runs', () => {
    const result = run({ ...tfEnv, HEADROOM_GPU_BUDGET_BYTES: 'much' });
    assert.equal(result.stdout.trim(), 'trained');
    assert.match(result.stderr, /^headroom: could not arrange the TensorFlow GPU cap \(ValueError[^\n]*\n$/);
  });
});

function makeSite(): string {
  const stubs = makeStubSite();
  return stubs.dir;
}
