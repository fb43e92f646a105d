// The bootstrap's exit hook against the real CPU builds: PyTorch 2.13, JAX 0.10.2 and TensorFlow 2.21 in
// .venv-frameworks, and Debian's python3-torch 1.13. On a CPU the hook finds no GPU device: it must write
// no line, print nothing, import no framework the program did not, and leave the exit code as it was.
// (The counters themselves need a GPU: bootstrap-peaks.test.ts reads them from stubs.)
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { frameworksPython, pythonHas, skipUnlessFrameworks } from '../../src/test-helpers/frameworks.js';
import { bootstrapDir, runPython } from './python.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-peaks-real-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const programs = {
  torch: [
    'import torch',
    'x = torch.randn(256, 256, requires_grad=True)',
    '(x @ x).sum().backward()',
    'print("grad", tuple(x.grad.shape), "cuda", torch.cuda.is_available())',
  ],
  jax: [
    'import jax, jax.numpy as jnp',
    'y = jax.jit(lambda a: (a @ a).sum())(jnp.ones((128, 128)))',
    'print("sum", float(y), "platform", jax.devices()[0].platform)',
  ],
  tensorflow: [
    'import tensorflow as tf',
    'y = tf.reduce_sum(tf.matmul(tf.ones((64, 64)), tf.ones((64, 64))))',
    'print("sum", float(y), "gpus", len(tf.config.list_physical_devices("GPU")))',
  ],
} as const;
const others = (framework: string): string[] =>
  ['torch', 'jax', 'tensorflow'].filter((name) => name !== framework);

/** The program, ending with exit code 3; run plainly and under the hook (import times on stderr). */
function compare(python: string, framework: keyof typeof programs) {
  const code = [...programs[framework], 'raise SystemExit(3)'].join('\n');
  const peaksFile = join(scratch, `${framework}-${python.replaceAll('/', '_')}.jsonl`);
  const quiet = { TF_CPP_MIN_LOG_LEVEL: '3', JAX_PLATFORMS: 'cpu', PYTHONPROFILEIMPORTTIME: '1' };
  const plain = runPython(python, code, quiet);
  const booted = runPython(python, code, {
    ...quiet,
    PYTHONPATH: bootstrapDir,
    HEADROOM_BOOT: 'peaks',
    HEADROOM_PEAKS_FILE: peaksFile,
    HEADROOM_PROCESS: 'trainer',
  });
  return { plain, booted, peaks: existsSync(peaksFile) ? readFileSync(peaksFile, 'utf8') : '' };
}

function assertUnchanged(result: ReturnType<typeof compare>, framework: string): void {
  const { plain, booted, peaks } = result;
  assert.equal(plain.code, 3, plain.stderr.slice(-2000));
  assert.equal(booted.code, 3, booted.stderr.slice(-2000));
  assert.equal(booted.stdout, plain.stdout);
  assert.equal(peaks, '', 'no GPU device: no line');
  assert.doesNotMatch(booted.stderr, /^headroom/m);
  // -X importtime lists every import, those made by exit hooks included.
  const imported = (stderr: string) =>
    new Set([...stderr.matchAll(/^import time:.*\|\s*(\S+)$/gm)].map((m) => m[1]!.trim()));
  const before = imported(plain.stderr);
  const after_ = imported(booted.stderr);
  assert.ok(after_.has(framework), 'import times are listed');
  // TensorFlow itself may import others (it looks for JAX); the hook must add none.
  for (const other of others(framework))
    assert.equal(after_.has(other), before.has(other), `the hook changed whether ${other} was imported`);
}

for (const framework of ['torch', 'jax', 'tensorflow'] as const) {
  test(`real ${framework} (CPU build): the exit hook writes nothing, says nothing, imports nothing, exit code 3 kept`, {
    // No wall-clock timeout: load stretches a real framework's import past any (at load 26-28 two
    // imports ran 111-121 s); runPython stops a runaway at its CPU-s instead.
    skip: skipUnlessFrameworks(framework),
  }, () => {
    assertUnchanged(compare(frameworksPython()!, framework), framework);
  });
}

const debianPython = '/usr/bin/python3';
const hasDebianTorch = pythonHas(debianPython, 'torch');

test("Debian's torch 1.13: the exit hook writes nothing, says nothing, exit code 3 kept", {
  skip: hasDebianTorch ? false : `needs Debian's python3-torch at ${debianPython}`,
}, () => {
  assertUnchanged(compare(debianPython, 'torch'), 'torch');
});
