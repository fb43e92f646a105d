import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isTorchAtLeast, parseTorchVersion } from '../frameworks/torch-versions.js';
import { plan } from './plan.js';
import { GiB, gpu, proc, spec } from './test-helpers/builders.js';
import type { Plan, ProcessSpec } from './types.js';

const bootstrapDir = '/opt/headroom/python/headroom_boot';
const half = { kind: 'fraction', fraction: 0.5 } as const;

function torchPlan(
  overrides: Partial<ProcessSpec> = {},
  inheritedEnv: Record<string, string> = {},
  options: { bootstrapDir?: string | null } = {},
): Plan {
  return plan(spec([proc('t', { framework: 'torch', gpuMemory: half, ...overrides })]), {
    devices: [gpu({ totalBytes: 24 * GiB })],
    inheritedEnv,
    bootstrapDir: options.bootstrapDir === undefined ? bootstrapDir : options.bootstrapDir,
  });
}
const only = (p: Plan) => p.processes[0]!;
const codes = (p: Plan) => p.findings.map((f) => f.code);
const confOf = (p: Plan) => only(p).env.PYTORCH_CUDA_ALLOC_CONF;

describe('torch releases and allocator keys', () => {
  test('release unknown: the bootstrap reads it at start, caps at CUDA init, adds only gated keys', () => {
    const result = torchPlan();
    const t = only(result);
    assert.equal(t.capBy, 'bootstrap');
    assert.equal(t.env.HEADROOM_BOOT, 'torch-alloc,torch-cap,peaks');
    assert.equal(t.env.HEADROOM_TORCH_ALLOC_KEYS, 'expandable_segments:True@2.1');
    assert.equal(t.env.PYTHONPATH, bootstrapDir);
    assert.equal(confOf(result), undefined, 'no key reaches a release that may reject it');
    assert.deepEqual(codes(result), []);
  });

  test('an old-torch process gets no allocator key it does not know', () => {
    for (const torchVersion of ['1.13.1', '2.0.1', '2.1.0a0+29c30b1']) {
      const t = only(torchPlan({ torchVersion }));
      assert.equal(t.env.PYTORCH_CUDA_ALLOC_CONF, undefined, torchVersion);
      assert.equal(t.env.HEADROOM_TORCH_ALLOC_KEYS, undefined, torchVersion);
      assert.equal(t.env.HEADROOM_BOOT, 'torch-cap,peaks', torchVersion);
      assert.equal(t.capBy, 'bootstrap');
    }
  });

  test('2.1 to 2.9: expandable segments written, the fraction through the bootstrap', () => {
    const t = only(torchPlan({ torchVersion: '2.4.1+cu121' }));
    assert.equal(t.env.PYTORCH_CUDA_ALLOC_CONF, 'expandable_segments:True');
    assert.deepEqual([t.capBy, t.env.HEADROOM_BOOT], ['bootstrap', 'torch-cap,peaks']);
  });

  test('2.10 and later: the fraction goes into the allocator config; the bootstrap only records the peaks', () => {
    const t = only(torchPlan({ torchVersion: '2.10.0' }));
    assert.equal(
      t.env.PYTORCH_CUDA_ALLOC_CONF,
      'expandable_segments:True,per_process_memory_fraction:0.5000',
    );
    assert.equal(t.capBy, 'alloc-conf');
    assert.equal(t.env.HEADROOM_BOOT, 'peaks');
    assert.equal(t.env.PYTHONPATH, bootstrapDir);
  });

  test('shares_cuda_tensors: true never gets expandable segments (CUDA IPC)', () => {
    for (const torchVersion of [undefined, '2.4.1', '2.10.0']) {
      const t = only(torchPlan({ sharesCudaTensors: true, ...(torchVersion ? { torchVersion } : {}) }));
      const everywhere = `${t.env.PYTORCH_CUDA_ALLOC_CONF ?? ''} ${t.env.HEADROOM_TORCH_ALLOC_KEYS ?? ''}`;
      assert.doesNotMatch(everywhere, /expandable_segments/, String(torchVersion));
    }
    const own = torchPlan(
      { sharesCudaTensors: true },
      { PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' },
    );
    assert.deepEqual(codes(own), ['torch-ipc-expandable']);
    assert.equal(own.findings[0]?.severity, 'error');
  });

  test("the config's own per_process_memory_fraction: the bootstrap stands down; an old release is told", () => {
    const env = { PYTORCH_CUDA_ALLOC_CONF: 'per_process_memory_fraction:0.4' };
    const t = only(torchPlan({ env }));
    assert.equal(t.capBy, 'alloc-conf');
    assert.doesNotMatch(t.env.HEADROOM_BOOT ?? '', /torch-cap/);
    const old = torchPlan({ env, torchVersion: '2.4.1' });
    assert.ok(codes(old).includes('torch-key-unsupported'));
    assert.match(
      old.findings[0]?.message ?? '',
      /Unrecognized CachingAllocator option: per_process_memory_fraction/,
    );
  });

  test('a lone inherited PYTORCH_ALLOC_CONF is folded into the old name; both names reaching the child are flagged', () => {
    const folded = torchPlan(
      { torchVersion: '2.9.1' },
      { PYTORCH_ALLOC_CONF: 'garbage_collection_threshold:0.6' },
    );
    assert.equal(confOf(folded), 'garbage_collection_threshold:0.6,expandable_segments:True');
    assert.deepEqual(only(folded).unsetEnv, ['PYTORCH_ALLOC_CONF']);
    assert.equal(only(folded).env.PYTORCH_ALLOC_CONF, undefined);
    assert.deepEqual(codes(folded), []);
    const both = torchPlan(
      { env: { PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:128' } },
      { PYTORCH_ALLOC_CONF: 'expandable_segments:True' },
    );
    const finding = both.findings.find((f) => f.code === 'env-both-torch-conf');
    assert.equal(finding?.process, 't');
  });

  test('enforce: warn keeps the cap out but still gets the safe keys', () => {
    const result = torchPlan({ enforce: 'warn', torchVersion: '2.4.1' });
    assert.equal(only(result).capBy, 'watch');
    assert.equal(confOf(result), 'expandable_segments:True');
    assert.equal(only(result).env.HEADROOM_BOOT, 'peaks', 'no cap: only the exit record of the peaks');
    assert.deepEqual(codes(result), ['torch-cap-in-process']);
  });

  test('without the bootstrap: no guessed keys, and nothing can enforce the budget', () => {
    const result = torchPlan({}, {}, { bootstrapDir: null });
    assert.equal(only(result).capBy, 'watch');
    assert.equal(confOf(result), undefined);
    assert.equal(only(result).env.HEADROOM_TORCH_ALLOC_KEYS, undefined);
    assert.deepEqual(codes(result), ['no-enforceable-cap']);
  });

  test('PYTHONPATH keeps what the process had, after the bootstrap, once', () => {
    const t = only(torchPlan({}, { PYTHONPATH: `/work/src:${bootstrapDir}` }));
    assert.equal(t.env.PYTHONPATH, `${bootstrapDir}:/work/src`);
    const written = torchPlan({ env: { PYTHONPATH: '/mine' } });
    assert.equal(only(written).env.PYTHONPATH, `${bootstrapDir}:/mine`);
    assert.deepEqual(codes(written), []);
  });
});

describe('torch version numbers', () => {
  test('releases, local builds, candidates and alphas', () => {
    const cases: [string, string, boolean][] = [
      ['2.1.0', '2.1', true],
      ['2.1', '2.1', true],
      ['2.0.1', '2.1', false],
      ['2.10.0', '2.9', true],
      ['2.9.1', '2.10', false],
      ['2.4.1+cu121', '2.1', true],
      ['2.1.0rc1', '2.1', true],
      ['2.1.0a0+git32f93b1', '2.1', false],
      ['2.2.0a0+81ea7a4', '2.1', true],
      ['1.13.0a0+gitunknown', '1.13', false],
    ];
    for (const [text, minimum, expected] of cases) {
      const version = parseTorchVersion(text);
      assert.ok(version, text);
      assert.equal(isTorchAtLeast(version, minimum), expected, `${text} >= ${minimum}`);
    }
    assert.equal(parseTorchVersion('latest'), undefined);
    assert.equal(parseTorchVersion('2'), undefined);
  });
});
