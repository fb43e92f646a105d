// The bootstrap's exit hook (python/headroom_boot/_headroom_boot/peaks.py) in real Python against the stub
// torch, jax and tensorflow. The stubs stand in for a GPU: their counters (torch.cuda.max_memory_reserved,
// a JAX device's memory_stats(), tf.config.experimental.get_memory_info) are the GPU-only behaviour the
// real CPU builds cannot show; bootstrap-peaks-real.test.ts runs the hook against those real builds.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { exactPeakSchema } from '../../src/run-record/schema.js';
import { bootstrapDir, findPython, makeStubSite, noPythonMessage, runPython } from './python.js';

const python = findPython();
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

const scratch = mkdtempSync(join(tmpdir(), 'headroom-peaks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let runs = 0;

/** Runs `code` with the bootstrap's peaks action; returns the result and the lines it appended. */
function run(code: string, env: Record<string, string> = {}) {
  const stubs = makeStubSite();
  runs += 1;
  const peaksFile = join(scratch, `peaks-${runs}.jsonl`);
  const result = runPython(python!, code, {
    PYTHONPATH: `${bootstrapDir}:${stubs.dir}`,
    HEADROOM_STUB_RECORD: stubs.recordFile,
    HEADROOM_BOOT: 'peaks',
    HEADROOM_PEAKS_FILE: peaksFile,
    HEADROOM_PROCESS: 'learner',
    CUDA_VISIBLE_DEVICES: 'GPU-00000000-5133-0000-0000-000000000000',
    ...env,
  });
  const lines = existsSync(peaksFile)
    ? readFileSync(peaksFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => exactPeakSchema.parse(JSON.parse(line)))
    : [];
  return { ...result, lines, events: stubs.events() };
}

// Holds 8 GiB for 150 ms, then frees it and goes on with 1 GiB: a 2 Hz sample would likely see 1 GiB.
const spikes: Record<string, string> = {
  torch: [
    'import time, torch',
    'big = torch.empty(8 * 1024**3, device="cuda")',
    'time.sleep(0.15)',
    'del big',
    'torch.cuda.empty_cache()',
    'small = torch.empty(1024**3, device="cuda")',
    'raise SystemExit(3)',
  ].join('\n'),
  jax: [
    'import time, jax',
    'big = jax.zeros(8 * 1024**3)',
    'time.sleep(0.15)',
    'del big',
    'small = jax.zeros(1024**3)',
    'raise SystemExit(3)',
  ].join('\n'),
  tensorflow: [
    'import time, tensorflow as tf',
    'big = tf.zeros(8 * 1024**3)',
    'time.sleep(0.15)',
    'del big',
    'small = tf.zeros(1024**3)',
    'raise SystemExit(3)',
  ].join('\n'),
};

describe('bootstrap: exact GPU peaks at exit', {
  skip: python === undefined ? noPythonMessage : false,
}, () => {
  for (const framework of ['torch', 'jax', 'tensorflow'] as const) {
    test(`${framework}: 8 GiB held for 150 ms is recorded at 8 GiB from its own counter; the exit code stays 3`, () => {
      const result = run(spikes[framework]!, { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.5' });
      assert.equal(result.code, 3, result.stderr);
      assert.equal(result.stderr, '');
      assert.equal(result.lines.length, 1, JSON.stringify(result.lines));
      const line = result.lines[0]!;
      assert.equal(line.source, 'framework');
      assert.equal(line.framework, framework);
      assert.equal(line.process, 'learner');
      assert.equal(line.visibleDevices, 'GPU-00000000-5133-0000-0000-000000000000');
      assert.equal(line.devices.length, 1);
      assert.equal(line.devices[0]!.device, 0);
      assert.equal(line.devices[0]!.peakBytes, 8 * GiB);
      if (framework === 'torch') assert.equal(line.devices[0]!.peakAllocatedBytes, 8 * GiB);
      if (framework === 'jax') assert.equal(line.devices[0]!.limitBytes, 12 * GiB);
    });
  }

  test('a program that imports torch but never starts CUDA: no line, no CUDA context, no other framework imported', () => {
    const result = run('import torch\nprint(len(torch.empty(16)))');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.deepEqual(result.lines, []);
    assert.deepEqual(
      result.events.map((e) => e.event),
      ['import'],
      'only torch was imported, and CUDA never started',
    );
  });

  test('JAX on its CPU backend and a TF runtime never started write nothing', () => {
    const jax = run('import jax\nx = jax.zeros(64 * 1024**2)', { JAX_PLATFORMS: 'cpu' });
    assert.equal(jax.code, 0, jax.stderr);
    assert.deepEqual(jax.lines, []);
    const tf = run('import tensorflow as tf\nprint("imported")');
    assert.equal(tf.code, 0, tf.stderr);
    assert.deepEqual(tf.lines, []);
    assert.ok(!tf.events.some((e) => e.event === 'gpu-init'), 'the hook started no TF runtime');
  });

  test('two frameworks in one process: one line each', () => {
    const result = run(
      'import torch, jax\na = torch.empty(3 * 1024**3, device="cuda")\nb = jax.zeros(512 * 1024**2)',
    );
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      result.lines.map((l) => [l.framework, l.devices[0]!.peakBytes]),
      [
        ['torch', 3 * GiB],
        ['jax', 512 * MiB],
      ],
    );
  });

  test('an unwritable peaks file, a failing counter or no peaks file: the program ends as it would, silently', () => {
    const unwritable = run(spikes.torch!, {
      HEADROOM_PEAKS_FILE: join(scratch, 'no', 'such', 'dir', 'p.jsonl'),
    });
    assert.equal(unwritable.code, 3);
    assert.equal(unwritable.stderr, '');
    const failing = run(
      'import sys, torch\nx = torch.empty(1024, device="cuda")\ntorch.cuda.max_memory_reserved = None\nsys.exit(5)',
    );
    assert.equal(failing.code, 5);
    assert.equal(failing.stderr, '');
    assert.deepEqual(failing.lines, []);
    const unset = run(spikes.torch!, { HEADROOM_PEAKS_FILE: '' });
    assert.equal(unset.code, 3);
    assert.deepEqual(unset.lines, []);
    assert.ok(!unset.events.some((e) => e.event === 'counter'), 'no counter read without a peaks file');
  });

  test('an uncaught exception keeps its traceback and exit code 1; the peak is still recorded', () => {
    const result = run('import torch\nx = torch.empty(2 * 1024**3, device="cuda")\nraise ValueError("boom")');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /ValueError: boom\n$/);
    assert.doesNotMatch(result.stderr, /headroom/);
    assert.equal(result.lines[0]?.devices[0]?.peakBytes, 2 * GiB);
  });
});
