// JAX's fraction grammar against the real jaxlib 0.10.2 (.venv-frameworks): the bootstrap reads the
// installed version without importing jax, leaves the bare fraction (a hard cap there) below the
// START-CAP gate and writes the pair from it; jaxlib 0.10.2's own option builder shows why (float()).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import { runHeadroom } from '../../src/cli/test-helpers/run-in-process.js';
import { jaxStartCapGrammarFrom } from '../../src/frameworks/jax-fraction.js';
import { plan } from '../../src/plan/plan.js';
import { GiB, gpu, proc, spec } from '../../src/plan/test-helpers/builders.js';
import { readInstalledVersion } from '../../src/probe/python/installed-version.js';
import { cpuBounded, hangBackstopMs } from '../../src/test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../../src/test-helpers/frameworks.js';
import { bootstrapDir } from './python.js';

const skip = skipUnlessFrameworks('jaxlib');

// What the child's jaxlib will build its GPU plugin options from, and the version the bootstrap read.
const probe = [
  'import json, os, sys',
  'from _headroom_boot import versions',
  'seen = {"fraction": os.environ.get("XLA_PYTHON_CLIENT_MEM_FRACTION"), "jaxlib": versions.installed("jaxlib"), "jax_imported": "jax" in sys.modules}',
  'from jaxlib import xla_client',
  'try:',
  '    seen["options"] = xla_client.generate_pjrt_gpu_plugin_options().get("memory_fraction")',
  'except ValueError as error:',
  '    seen["error"] = str(error)',
  'print(json.dumps(seen))',
].join('\n');

function runWith(env: Record<string, string>): Record<string, unknown> {
  const python = frameworksPython() ?? 'python3';
  const {
    PYTHONPATH: _path,
    XLA_PYTHON_CLIENT_MEM_FRACTION: _f,
    XLA_CLIENT_MEM_FRACTION: _g,
    ...base
  } = process.env;
  // Bounded by its CPU time, not the wall clock that load stretches (src/test-helpers/cpu-limit.ts).
  const result = spawnSync(...cpuBounded(60, python, ['-c', probe]), {
    encoding: 'utf8',
    env: { ...base, PYTHONPATH: bootstrapDir, ...env },
    timeout: hangBackstopMs,
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

describe('the JAX profile emits the fraction grammar that is a hard cap on the installed jaxlib', () => {
  test('the bootstrap reads jaxlib 0.10.2 without importing jax, and leaves the bare fraction there', {
    skip,
  }, () => {
    const planned = plan(
      spec([proc('learner', { framework: 'jax', gpuMemory: { kind: 'fraction', fraction: 0.3 } })]),
      {
        devices: [gpu({ totalBytes: 24 * GiB })],
        inheritedEnv: {},
        bootstrapDir,
      },
    );
    const env = planned.processes[0]?.env ?? {};
    assert.equal(env.HEADROOM_JAX_MEM_FRACTION, `0.3000-0.3000@${jaxStartCapGrammarFrom}`);
    assert.match(env.HEADROOM_BOOT ?? '', /jax-cap/);
    // JAX_PLATFORMS=cuda would stop this CPU machine at the first jax import; the probe imports jaxlib only.
    const { JAX_PLATFORMS: _cuda, PYTHONPATH: _path, ...childEnv } = env;
    const seen = runWith(childEnv);
    assert.equal(seen.jaxlib, '0.10.2');
    assert.equal(seen.jax_imported, false);
    assert.equal(seen.fraction, '0.3000');
    assert.equal(seen.options, 0.3);
  });

  test('at or past the gate the bootstrap writes the pair, which jaxlib 0.10.2 itself rejects', {
    skip,
  }, () => {
    const gated = runWith({
      HEADROOM_BOOT: 'jax-cap',
      XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3000',
      HEADROOM_JAX_MEM_FRACTION: '0.3000-0.3000@0.10.2',
    });
    assert.equal(gated.fraction, '0.3000-0.3000');
    // "0.3-0.3" fails float() in jaxlib/xla_client.py: the failure seen with jax 0.11.2 on the GPU.
    assert.match(String(gated.error), /could not convert string to float: '0\.3000-0\.3000'/);
    const below = runWith({
      HEADROOM_BOOT: 'jax-cap',
      XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3000',
      HEADROOM_JAX_MEM_FRACTION: '0.3000-0.3000@0.10.3',
    });
    assert.equal(below.fraction, '0.3000');
  });

  test('doctor --env reads the jaxlib the PATH python has, and says what it makes of a fraction', {
    skip,
  }, async () => {
    const python = frameworksPython() ?? 'python3';
    assert.equal(readInstalledVersion('jaxlib', { env: process.env, python, bootstrapDir }), '0.10.2');
    const path = `${dirname(python)}:${process.env.PATH ?? ''}`;
    const pair = await runHeadroom(['doctor', '--env', '--json'], {
      env: { PATH: path, XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3-0.3', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' },
    });
    const findings = JSON.parse(pair.stdout).findings as {
      code: string;
      severity: string;
      message: string;
    }[];
    const grammar = findings.find((f) => f.code === 'jax-fraction-grammar');
    assert.equal(grammar?.severity, 'error', pair.stdout);
    assert.match(grammar?.message ?? '', /jaxlib 0\.10\.2 calls float\(\)/);
    const bare = await runHeadroom(['doctor', '--env', '--json'], {
      env: { PATH: path, XLA_PYTHON_CLIENT_MEM_FRACTION: '0.30', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' },
    });
    assert.doesNotMatch(
      bare.stdout,
      /jax-fraction-grammar/,
      'a bare fraction is a hard cap on jaxlib 0.10.2',
    );
  });
});
