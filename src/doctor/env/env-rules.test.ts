import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkEnvironment } from './env-rules.js';

const codes = (env: Record<string, string>) => checkEnvironment(env).map((f) => `${f.severity}:${f.code}`);

describe('doctor --env', () => {
  test('a clean environment has nothing to say', () => {
    assert.deepEqual(
      checkEnvironment({
        PATH: '/usr/bin',
        XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
        XLA_PYTHON_CLIENT_MEM_FRACTION: '0.30',
      }),
      [],
    );
  });

  test('values JAX and TensorFlow misread are errors, with the exact value to write', () => {
    const [pre] = checkEnvironment({ XLA_PYTHON_CLIENT_PREALLOCATE: 'FALSE' });
    assert.equal(pre?.severity, 'error');
    assert.deepEqual(pre?.fixes, ['write XLA_PYTHON_CLIENT_PREALLOCATE=false']);
    assert.deepEqual(codes({ TF_FORCE_GPU_ALLOW_GROWTH: '1' }), ['error:env-malformed']);
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_MEM_FRACTION: '30%' }), ['error:env-malformed']);
  });

  test('a fraction above 1 is fine with unified memory', () => {
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_MEM_FRACTION: '2.0', TF_FORCE_UNIFIED_MEMORY: '1' }), []);
  });

  test('both fraction names: jaxlib raises and JAX falls back to CPU', () => {
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3', XLA_CLIENT_MEM_FRACTION: '0.3' }), [
      'error:env-both-fraction-names',
    ]);
    assert.deepEqual(codes({ XLA_CLIENT_MEM_FRACTION: '0.3' }), ['info:env-new-fraction-name']);
  });

  test('allocators: unknown is an error, uncapped ones a warning, TF_GPU_ALLOCATOR is not JAX', () => {
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_ALLOCATOR: 'cuda_malloc_async' }), ['error:env-malformed']);
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_ALLOCATOR: 'platform' }), ['warning:jax-allocator-uncapped']);
    assert.deepEqual(
      codes({ TF_GPU_ALLOCATOR: 'cuda_malloc_async', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' }),
      ['info:env-tf-allocator-for-jax'],
    );
  });

  test('PyTorch allocator config: syntax, unknown keys, both names', () => {
    const [eq] = checkEnvironment({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments=True' });
    assert.deepEqual(eq?.fixes, ['write PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True']);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:true' }), ['error:env-malformed']);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:10' }), ['error:env-malformed']);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segment:True' }), ['error:env-malformed']);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'backend:cudaMallocAsync,max_split_size_mb:128' }), [
      'warning:torch-alloc-conf',
    ]);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'garbage_collection_threshold:0.6' }), [
      'info:torch-alloc-conf',
    ]);
    assert.deepEqual(
      codes({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True,roundup_power2_divisions:[256:1,>:8]' }),
      [],
    );
    assert.deepEqual(
      codes({
        PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True',
        PYTORCH_ALLOC_CONF: 'expandable_segments:True',
      }),
      ['warning:env-both-torch-conf'],
    );
  });

  test('CUDA variables', () => {
    assert.deepEqual(codes({ CUDA_VISIBLE_DEVICES: '' }), ['warning:cuda-no-visible-devices']);
    assert.deepEqual(codes({ CUDA_VISIBLE_DEVICES: '0,0' }), ['warning:env-malformed']);
    assert.deepEqual(codes({ CUDA_VISIBLE_DEVICES: '0,GPU-8f2e1c3a-1111-2222-3333-444455556666' }), []);
    assert.deepEqual(codes({ CUDA_DEVICE_ORDER: 'PCI' }), ['warning:env-malformed']);
    assert.deepEqual(codes({ CUDA_LAUNCH_BLOCKING: '1', CUDA_MODULE_LOADING: 'EAGER' }), [
      'info:cuda-launch-blocking',
      'info:cuda-eager-loading',
    ]);
  });

  test('a JAX fraction near 1 leaves no room outside the pool, preallocated or not', () => {
    const [room] = checkEnvironment({
      XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
      XLA_PYTHON_CLIENT_MEM_FRACTION: '0.95',
    });
    assert.equal(room?.code, 'jax-fraction-no-room');
    assert.match(room?.message ?? '', /still caps the pool.*95% of the card, leaving about 5%/);
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_MEM_FRACTION: '0.92' }), ['warning:jax-fraction-no-room']);
    assert.deepEqual(codes({ XLA_PYTHON_CLIENT_MEM_FRACTION: '0.90' }), []);
  });

  test('allocator combinations that do nothing, and keys old releases reject', () => {
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True,max_split_size_mb:256' }), [
      'info:torch-alloc-conf',
    ]);
    const [async] = checkEnvironment({
      PYTORCH_CUDA_ALLOC_CONF: 'backend:cudaMallocAsync,expandable_segments:True',
    });
    assert.equal(async?.severity, 'warning');
    assert.match(async?.message ?? '', /expandable_segments \(a native-allocator option\) does nothing/);
    const [fraction] = checkEnvironment({ PYTORCH_CUDA_ALLOC_CONF: 'per_process_memory_fraction:0.5' });
    assert.equal(fraction?.severity, 'warning');
    assert.match(
      fraction?.message ?? '',
      /read only by PyTorch 2\.10 and later.*Unrecognized CachingAllocator option/,
    );
  });

  test('PYTORCH_ALLOC_CONF alone: ignored for expandable segments in 2.9.1, unread before 2.9', () => {
    const [alone] = checkEnvironment({ PYTORCH_ALLOC_CONF: 'expandable_segments:True' });
    assert.equal(alone?.code, 'torch-alloc-conf-new-name');
    assert.match(alone?.message ?? '', /#183387/);
    assert.deepEqual(alone?.fixes, [
      'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True and unset PYTORCH_ALLOC_CONF',
    ]);
    assert.deepEqual(codes({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:True' }), []);
  });

  test("headroom's bootstrap: what it will do, missing from PYTHONPATH, missing its fraction", () => {
    const boot = '/usr/lib/node_modules/headroom/python/headroom_boot';
    const [on] = checkEnvironment({
      HEADROOM_BOOT: 'torch-alloc,torch-cap',
      HEADROOM_TORCH_ALLOC_KEYS: 'expandable_segments:True@2.1',
      HEADROOM_GPU_FRACTION: '0.3000',
      PYTHONPATH: `${boot}:/src`,
    });
    assert.equal(on?.code, 'headroom-bootstrap');
    assert.match(on?.message ?? '', /set_per_process_memory_fraction\(0\.3000\) when torch initialises CUDA/);
    assert.deepEqual(codes({ HEADROOM_BOOT: 'torch-cap', HEADROOM_GPU_FRACTION: '0.3' }), [
      'warning:headroom-bootstrap-missing',
    ]);
    assert.deepEqual(codes({ HEADROOM_BOOT: 'torch-cap', PYTHONPATH: boot }), [
      'error:env-malformed',
      'info:headroom-bootstrap',
    ]);
    // With the bootstrap's fraction, garbage_collection_threshold has a cap to act on.
    assert.deepEqual(
      codes({
        HEADROOM_BOOT: 'torch-cap',
        HEADROOM_GPU_FRACTION: '0.3',
        PYTHONPATH: boot,
        PYTORCH_CUDA_ALLOC_CONF: 'garbage_collection_threshold:0.6',
      }),
      ['info:headroom-bootstrap'],
    );
  });

  test("headroom's bootstrap recording peaks only: said as such, never as a cap", () => {
    const boot = '/usr/lib/node_modules/headroom/python/headroom_boot';
    const [peaks] = checkEnvironment({
      HEADROOM_BOOT: 'peaks',
      PYTHONPATH: boot,
      HEADROOM_PEAKS_FILE: '/r/peaks.jsonl',
    });
    assert.match(peaks?.message ?? '', /will record its exact GPU peaks: at exit, .* into \/r\/peaks\.jsonl/);
    assert.doesNotMatch(peaks?.message ?? '', /cap/);
    const [missing] = checkEnvironment({ HEADROOM_BOOT: 'peaks' });
    assert.match(missing?.message ?? '', /exact GPU peaks are not recorded/);
  });

  test('errors sort first', () => {
    const severities = checkEnvironment({
      CUDA_LAUNCH_BLOCKING: '1',
      XLA_PYTHON_CLIENT_PREALLOCATE: 'no',
    }).map((f) => f.severity);
    assert.deepEqual(severities, ['error', 'info']);
  });

  test('seed 002: a near miss of a JAX name is named, with what the slip leaves on and the value as JAX reads it', () => {
    const [miss] = checkEnvironment({ XLA_PYTHON_CLIENT_PERELLOCLACE: 'FALSES' });
    assert.equal(miss?.code, 'env-near-miss');
    assert.equal(miss?.severity, 'error');
    assert.match(miss?.message ?? '', /did you mean XLA_PYTHON_CLIENT_PREALLOCATE\?/);
    assert.match(miss?.message ?? '', /ignored and preallocation stays on \(75% of the card/);
    assert.match(miss?.message ?? '', /"FALSES" is not a value it takes: JAX reads "FALSES" as true/);
    assert.deepEqual(miss?.fixes, [
      'export XLA_PYTHON_CLIENT_PREALLOCATE=false and unset XLA_PYTHON_CLIENT_PERELLOCLACE',
    ]);
    assert.equal(miss?.facts?.meant, 'XLA_PYTHON_CLIENT_PREALLOCATE');
    // A good value under a slipped name keeps its value in the fix.
    assert.deepEqual(checkEnvironment({ XLA_PYTHON_CLIENT_MEM_FRACTOIN: '.3' })[0]?.fixes, [
      'export XLA_PYTHON_CLIENT_MEM_FRACTION=.3 and unset XLA_PYTHON_CLIENT_MEM_FRACTOIN',
    ]);
  });

  test('near misses of TensorFlow, PyTorch and CUDA names, and names in the wrong case', () => {
    const meant = (env: Record<string, string>) => checkEnvironment(env).map((f) => f.facts?.meant);
    assert.deepEqual(meant({ TF_FORCE_GPU_ALLOW_GROWHT: 'true' }), ['TF_FORCE_GPU_ALLOW_GROWTH']);
    assert.deepEqual(meant({ PYTORCH_CUDA_ALLOC_CONFIG: 'expandable_segments:True' }), [
      'PYTORCH_CUDA_ALLOC_CONF',
    ]);
    assert.deepEqual(meant({ CUDA_VISIBLE_DEVICE: '0' }), ['CUDA_VISIBLE_DEVICES']);
    const [lower] = checkEnvironment({ xla_python_client_preallocate: 'false' });
    assert.match(lower?.message ?? '', /case-sensitive: did you mean XLA_PYTHON_CLIENT_PREALLOCATE\?/);
  });

  test("other tools' names and ordinary variables are not near misses", () => {
    assert.deepEqual(
      codes({
        TF_VAR_region: 'eu',
        TF_LOG: 'DEBUG',
        CONDA_PREFIX: '/opt/conda',
        HOME: '/root',
        XLA_PYTHON_CLIENT_MEM_FRACTION_LEARNER: '0.3',
        HEADROOM_GPU_BUDGET_BYTES: '1',
      }),
      [],
    );
    // This machine's own environment (whatever the shell exported) has none.
    assert.deepEqual(
      checkEnvironment(process.env).filter((f) => f.code === 'env-near-miss'),
      [],
    );
  });

  test('seed 002: a near miss of an allocator key is "did you mean", not "remove it"', () => {
    const [key] = checkEnvironment({ PYTORCH_CUDA_ALLOC_CONF: 'expandable_segment:True' });
    assert.equal(key?.severity, 'error');
    assert.match(key?.message ?? '', /did you mean expandable_segments\?/);
    assert.deepEqual(key?.fixes, ['write PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True']);
    const [both] = checkEnvironment({
      PYTORCH_CUDA_ALLOC_CONF: 'max_split_size_mb:256,expandable_segment:true',
    });
    assert.match(both?.message ?? '', /takes exactly True or False, not "true"/);
    assert.deepEqual(both?.fixes, [
      'write PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:256,expandable_segments:True',
    ]);
    // A key nothing is near is still to be removed.
    assert.match(
      checkEnvironment({ PYTORCH_CUDA_ALLOC_CONF: 'turbo:1' })[0]?.fixes?.[0] ?? '',
      /^remove turbo/,
    );
  });
});
