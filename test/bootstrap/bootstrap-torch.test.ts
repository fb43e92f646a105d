// headroom's bootstrap (python/headroom_boot) in real Python against a stub torch that starts CUDA
// lazily and rejects allocator keys its release does not know, as PyTorch does (FACTS Q7, Q8).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  bootstrapDir,
  findPython,
  makeStubSite,
  noPythonMessage,
  runPython,
  type StubSite,
} from './python.js';

const python = findPython();

const oldKeys = ['max_split_size_mb', 'roundup_power2_divisions', 'garbage_collection_threshold', 'backend'];
function site(version: string, extra: Record<string, unknown> = {}, keys: string[] = []): StubSite {
  return makeStubSite({ version, known_keys: [...oldKeys, ...keys], ...extra });
}

function run(stubs: StubSite, code: string, env: Record<string, string> = {}) {
  return runPython(python!, code, {
    PYTHONPATH: `${bootstrapDir}:${stubs.dir}`,
    HEADROOM_STUB_RECORD: stubs.recordFile,
    ...env,
  });
}

const capEnv = { HEADROOM_BOOT: 'torch-cap', HEADROOM_GPU_FRACTION: '0.2500' };
const names = (stubs: StubSite) => stubs.events().map((e) => e.event);

describe('bootstrap: torch cap', { skip: python === undefined ? noPythonMessage : false }, () => {
  test('without HEADROOM_BOOT it does nothing at all', () => {
    const stubs = site('2.4.1');
    const result = run(
      stubs,
      'import sys, torch; torch.empty(1, device="cuda"); print("_headroom_boot" in sys.modules)',
    );
    assert.equal(result.stderr, '');
    assert.equal(result.stdout.trim(), 'False');
    assert.deepEqual(names(stubs), ['import', 'cuda-init', 'alloc-conf', 'alloc']);
  });

  test('importing torch creates no context; the fraction is applied at CUDA initialisation, before the first allocation', () => {
    const stubs = site('2.4.1');
    const imported = run(
      stubs,
      'import torch; print(torch.cuda.is_initialized(), len(torch.cuda._queued_calls))',
      capEnv,
    );
    assert.equal(imported.stderr, '');
    assert.equal(imported.stdout.trim(), 'False 1');
    assert.deepEqual(
      names(stubs),
      ['import'],
      'no cuda-init: a process that never touches CUDA gets no context',
    );

    const used = site('2.4.1');
    const result = run(used, 'import torch; torch.empty(1024, device="cuda")', capEnv);
    assert.equal(result.stderr, '');
    assert.deepEqual(names(used), ['import', 'cuda-init', 'alloc-conf', 'fraction', 'alloc']);
    assert.deepEqual(used.events()[3], { event: 'fraction', fraction: 0.25, device: 0 });
  });

  test('the process fails with its own OOM at its cap', () => {
    const stubs = site('2.4.1');
    const result = run(
      stubs,
      [
        'import torch',
        // Held, as the stub frees a tensor nothing refers to (back into the allocator's cache), like PyTorch.
        'held = torch.empty(5 * 1024**3, device="cuda")',
        'print("fits")',
        'more = torch.empty(2 * 1024**3, device="cuda")',
      ].join('\n'),
      capEnv,
    );
    assert.match(result.stdout, /fits/);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /torch\.cuda\.OutOfMemoryError: CUDA out of memory\. Tried to allocate 2147483648 bytes/,
    );
  });

  test('stands down when the allocator config already carries per_process_memory_fraction', () => {
    const stubs = site('2.10.0', {}, ['per_process_memory_fraction', 'expandable_segments']);
    const result = run(
      stubs,
      'import torch; print(len(torch.cuda._queued_calls)); torch.empty(1, device="cuda")',
      {
        ...capEnv,
        PYTORCH_CUDA_ALLOC_CONF: 'per_process_memory_fraction:0.3000',
      },
    );
    assert.equal(result.stderr, '');
    assert.equal(result.stdout.trim(), '0');
    assert.ok(!names(stubs).includes('fraction'));
  });

  test('a failure prints one line naming headroom and the program goes on', () => {
    const cases: [StubSite, Record<string, string>, RegExp][] = [
      [
        site('2.4.1'),
        { HEADROOM_GPU_FRACTION: 'lots' },
        /^headroom: could not arrange the PyTorch GPU cap \(ValueError/,
      ],
      [site('2.4.1', { no_lazy_call: true }), {}, /^headroom: torch 2\.4\.1 has no torch\.cuda\._lazy_call/],
      [
        site('2.4.1', { fail_fraction: true }),
        {},
        /^headroom: could not apply the PyTorch GPU cap \(fraction 0\.25\) \(RuntimeError/,
      ],
    ];
    for (const [stubs, env, line] of cases) {
      const result = run(stubs, 'import torch; torch.empty(1, device="cuda"); print("still running")', {
        ...capEnv,
        ...env,
      });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout.trim(), 'still running');
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr, line);
    }
  });
});

describe('bootstrap: allocator keys by installed release', {
  skip: python === undefined ? noPythonMessage : false,
}, () => {
  const allocEnv = {
    HEADROOM_BOOT: 'torch-alloc',
    HEADROOM_TORCH_ALLOC_KEYS: 'expandable_segments:True@2.1',
  };
  const useCuda = 'import torch; torch.empty(1, device="cuda"); print("ok")';

  test('an old release fails on a key it does not know, so the bootstrap adds none', () => {
    const direct = run(site('1.13.1'), useCuda, { PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' });
    assert.match(direct.stderr, /RuntimeError: Unrecognized CachingAllocator option: expandable_segments/);
    const stubs = site('1.13.1');
    const gated = run(stubs, useCuda, { ...allocEnv, PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:128' });
    assert.equal(gated.stderr, '');
    assert.equal(gated.stdout.trim(), 'ok');
    assert.equal(stubs.events().find((e) => e.event === 'alloc-conf')?.conf, 'max_split_size_mb:128');
  });

  test('a release that knows the key gets it after what the config had; a prerelease of that number does not', () => {
    const stubs = site('2.4.1+cu121', {}, ['expandable_segments']);
    const result = run(stubs, useCuda, { ...allocEnv, PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:128' });
    assert.equal(result.stderr, '');
    assert.equal(
      stubs.events().find((e) => e.event === 'alloc-conf')?.conf,
      'max_split_size_mb:128,expandable_segments:True',
    );
    const alpha = site('2.1.0a0+git32f93b1', {}, ['expandable_segments']);
    run(alpha, useCuda, allocEnv);
    assert.equal(alpha.events().find((e) => e.event === 'alloc-conf')?.conf, '');
  });
});

describe('bootstrap: chaining', { skip: python === undefined ? noPythonMessage : false }, () => {
  test("the environment's own sitecustomize still runs, with and without HEADROOM_BOOT", () => {
    const own = mkdtempSync(join(tmpdir(), 'headroom-own-site-'));
    try {
      writeFileSync(join(own, 'sitecustomize.py'), 'import os\nos.environ["OWN_SITE_RAN"] = "yes"\n');
      const stubs = site('2.4.1');
      for (const env of [{}, capEnv]) {
        const result = runPython(python!, 'import os, torch; print(os.environ.get("OWN_SITE_RAN"))', {
          PYTHONPATH: `${bootstrapDir}:${stubs.dir}:${own}`,
          ...env,
        });
        assert.equal(result.stderr, '');
        assert.equal(result.stdout.trim(), 'yes', JSON.stringify(env));
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
