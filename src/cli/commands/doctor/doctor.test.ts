// `headroom doctor`, run in-process (test/e2e: stdin through a real pipe, the built CLI's streams).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const dir = scratchDir('doctor');
const write = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const torchOom =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.78 GiB. GPU 0 has a total capacity of 31.47 GiB of which 12.73 GiB is free. Including non-PyTorch memory, this process has 18.73 GiB memory in use. Of the allocated memory 9.08 GiB is allocated by PyTorch, and 9.35 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';

/** Runs doctor with exactly `env` (plus PATH and NO_COLOR) and optional stdin. */
function runClean(args: string[], options: { env?: Record<string, string>; input?: Buffer } = {}) {
  return runHeadroom(args, {
    exactEnv: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
    ...(options.input ? { input: options.input } : {}),
  });
}

describe('headroom doctor', () => {
  test("a log cut before its failure line: can't tell, what it saw, what to paste (text and JSON)", async () => {
    const log = write(
      'cut.log',
      'Traceback (most recent call last):\n  File "train.py", line 88, in <module>\n    main()\n  File "/x/torch/nn/modules/module.py", line 1501, in _call_impl\n    return forward_call(*args, **kwargs)\n',
    );
    const text = await runClean(['doctor', log]);
    assert.match(text.stdout, /\? can't tell: the failure line is missing — other \(failure-line-missing/);
    assert.match(text.stdout, /not shown\s+the failure line is not in the log; it shows a Python traceback/);
    assert.match(text.stdout, /to decide: paste the rest of the output/);
    const json = await runClean(['doctor', log, '--json']);
    const [d] = JSON.parse(json.stdout).diagnoses;
    assert.equal(d.kind, 'none');
    assert.match(d.failureLineMissing.saw, /traceback/);
    const dump = write(
      'dump.log',
      'I tensorflow/core/common_runtime/bfc_allocator.cc:800] InUse at 0x2300d40800 next 5 of size 256\n',
    );
    const read = await runClean(['doctor', dump]);
    assert.equal(read.code, 1);
    assert.match(read.stdout, /GPU out of memory/);
    assert.match(read.stdout, /not shown\s+the failure line is not in the log; it shows TensorFlow's/);
  });

  test('a log with a PyTorch OOM: kind, layer, numbers, cause, fix, evidence; exit 1', async () => {
    const log = write('train.log', `epoch 1\nepoch 2\n${torchOom}\n`);
    const { code, stdout } = await runHeadroom(['doctor', log]);
    assert.equal(code, 1);
    assert.match(stdout, /GPU out of memory — torch \(torch-cuda-oom, line 3, certain\)/);
    assert.match(stdout, /requested 22\.78 GiB · device 0 · total 31\.47 GiB · free 12\.73 GiB/);
    // 12.73 GiB free + 9.35 GiB unallocated < 22.78 GiB: returning the cache cannot fit it (issue 17).
    assert.match(stdout, /cause\s+batch_too_large: .*so this is not fragmentation/);
    assert.match(stdout, /fix\s+look at the operation on the failing line/);
    assert.match(stdout, /evidence\s+line 3: torch\.OutOfMemoryError/);
    assert.doesNotMatch(stdout, /\u001b\[/);
    assert.doesNotMatch(stdout, /because/);
  });

  test('--verbose: under each fix, the fact it rests on', async () => {
    const log = write('verbose.log', `${torchOom}\n`);
    const { code, stdout } = await runHeadroom(['doctor', log, '--verbose']);
    assert.equal(code, 1);
    assert.match(stdout, /because one request of 22\.78 GiB is more than all of PyTorch's other tensors/);
  });

  test('--json keeps the contract: facts in bytes, primary first', async () => {
    const log = write('train2.log', `${torchOom}\n`);
    const { code, stdout } = await runHeadroom(['doctor', log, '--json']);
    assert.equal(code, 1);
    const { diagnoses, findings } = JSON.parse(stdout);
    assert.deepEqual(findings, []);
    const d = diagnoses[0];
    for (const key of ['code', 'kind', 'framework', 'severity', 'summary', 'cause'])
      assert.equal(typeof d[key], 'string', key);
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, Math.floor(22.78 * 1024 ** 3));
    assert.equal(d.facts.device, 0);
    assert.deepEqual(d.evidence.line, 1);
    assert.ok(Array.isArray(d.fixes) && d.fixes.length > 0);
    assert.deepEqual(
      d.fixDetails.map((f: { fix: string }) => f.fix),
      d.fixes,
    );
    assert.ok(d.fixDetails.every((f: { because: string }) => f.because.length > 0));
  });

  test('stdin, gzip-compressed, with -', async () => {
    const input = gzipSync(
      `[SAPIEN] [critical] PxgDynamicsMemoryConfig::collisionStackSize buffer overflow detected, please increase its size to at least 73774744 in the scene desc!\n`,
    );
    const { code, stdout } = await runClean(['doctor', '-', '--json'], { input });
    assert.equal(code, 1);
    const [d] = JSON.parse(stdout).diagnoses;
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.requiredBytes, 73774744);
    assert.match(d.fixes[0], /collision_stack_size=2\*\*27/);
  });

  test('a near miss is kind none, and exits 0', async () => {
    const log = write('assert.log', 'RuntimeError: CUDA error: device-side assert triggered\n');
    const { code, stdout } = await runHeadroom(['doctor', log, '--json']);
    assert.equal(code, 0);
    const { diagnoses } = JSON.parse(stdout);
    assert.equal(diagnoses.length, 1);
    assert.equal(diagnoses[0].kind, 'none');
  });

  test('a quiet log: [] and "no memory failure found"', async () => {
    const log = write('quiet.log', 'epoch 1 loss 0.5\n');
    assert.deepEqual(JSON.parse((await runHeadroom(['doctor', log, '--json'])).stdout).diagnoses, []);
    const { code, stdout } = await runHeadroom(['doctor', log]);
    assert.equal(code, 0);
    assert.match(stdout, /no memory failure found/);
  });

  test('unreadable input: one line on stderr, no stack, exit 2', async () => {
    const { code, stderr } = await runHeadroom(['doctor', join(dir, 'missing.log')]);
    assert.equal(code, 2);
    assert.equal(stderr.trim().split('\n').length, 1);
    assert.match(stderr, /cannot read .*missing\.log: no such file or directory/);
    const notRun = join(dir, 'empty-dir');
    mkdirSync(notRun);
    const result = await runHeadroom(['doctor', notRun]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /not a run record/);
  });

  test('--env: misread values are errors (exit 1); a clean environment exits 0', async () => {
    const bad = await runClean(['doctor', '--env'], { env: { XLA_PYTHON_CLIENT_PREALLOCATE: 'FALSE' } });
    assert.equal(bad.code, 1);
    assert.match(bad.stdout, /XLA_PYTHON_CLIENT_PREALLOCATE=FALSE: JAX reads "FALSE" as true/);
    assert.match(bad.stdout, /fix: write XLA_PYTHON_CLIENT_PREALLOCATE=false/);
    const clean = await runClean(['doctor', '--env', '--json']);
    assert.equal(clean.code, 0);
    assert.deepEqual(JSON.parse(clean.stdout).findings, []);
  });

  test('SCRIPT.py: findings with file and line', async () => {
    const script = write(
      'train.py',
      [
        'import jax.numpy as jnp',
        'import os',
        'x = jnp.zeros(3)',
        'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await runHeadroom(['doctor', script]);
    assert.equal(code, 1);
    assert.match(stdout, /train\.py:4: XLA_PYTHON_CLIENT_PREALLOCATE is set after line 3/);
  });

  test('RUN_DIR: the process that ran out, as JSON', async () => {
    const run = join(dir, 'run');
    mkdirSync(join(run, 'logs'), { recursive: true });
    writeFileSync(
      join(run, 'summary.json'),
      JSON.stringify({
        runId: 'x',
        processes: [
          {
            name: 'learner',
            reason: 'gpu-oom',
            exitCode: 1,
            signal: null,
            restarts: 0,
            peakHostBytes: 1,
            peakGpuBytes: null,
            log: 'logs/learner.log',
          },
        ],
      }),
    );
    writeFileSync(join(run, 'logs', 'learner.log'), `${torchOom}\n`);
    const { code, stdout } = await runHeadroom(['doctor', run, '--json']);
    assert.equal(code, 1);
    const [d] = JSON.parse(stdout).diagnoses;
    assert.equal(d.process, 'learner');
    assert.equal(d.kind, 'gpu_oom');
  });
});
