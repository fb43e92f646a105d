import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPythonSource } from './check-script.js';

const check = (source: string) => checkPythonSource(source, 'train.py');
const summary = (source: string) => check(source).map((f) => `${f.line}:${f.code}`);

describe('doctor SCRIPT.py: when variables are read (FACTS Q6)', () => {
  test('XLA_PYTHON_CLIENT_* after import jax but before the first JAX call is in time', () => {
    assert.deepEqual(
      summary(
        [
          'import os',
          'import jax',
          'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
          'x = jax.numpy.zeros(3)',
        ].join('\n'),
      ),
      [],
    );
  });

  test('after the first JAX call it is too late, with both line numbers', () => {
    const [f] = check(
      [
        'import os',
        'import jax.numpy as jnp',
        'x = jnp.ones(3)',
        "os.environ['XLA_PYTHON_CLIENT_MEM_FRACTION'] = '.3'",
      ].join('\n'),
    );
    assert.equal(f?.code, 'script-env-too-late');
    assert.equal(f?.line, 4);
    assert.equal(f?.facts?.readLine, 3);
    assert.match(f!.fixes![0]!, /above line 3/);
  });

  test('JAX_* are read at import', () => {
    const [f] = check(
      ['import jax', 'import os', 'os.environ.setdefault("JAX_PLATFORMS", "cuda")'].join('\n'),
    );
    assert.equal(f?.code, 'script-env-too-late');
    assert.match(f!.fixes!.join(' '), /jax\.config\.update\("jax_platforms", "cuda"\)/);
  });

  test('PyTorch allocator config after the first .cuda(), CUDA_VISIBLE_DEVICES after is_available()', () => {
    assert.deepEqual(
      summary(
        [
          'import os, torch',
          'm = Net().cuda()',
          'os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"',
        ].join('\n'),
      ),
      ['3:script-env-too-late'],
    );
    assert.deepEqual(
      summary(
        [
          'import os, torch',
          'print(torch.cuda.is_available())',
          'os.environ["CUDA_VISIBLE_DEVICES"] = "1"',
        ].join('\n'),
      ),
      ['3:script-env-too-late'],
    );
  });

  test('comments, docstrings and strings never count', () => {
    const source = [
      'import os',
      '"""',
      'x = jnp.zeros(3)',
      'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "FALSE"',
      '"""',
      '# import jax; jnp.zeros(3)',
      'msg = "jnp.zeros(3) # not code"',
      'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
      'import jax',
    ].join('\n');
    assert.deepEqual(summary(source), []);
  });

  test('a function body runs when called: its own order counts', () => {
    const source = [
      'import os',
      'def worker():',
      '    os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
      '    import jax',
      '    return jax.numpy.ones(3)',
      'def late():',
      '    import jax.numpy as jnp',
      '    y = jnp.ones(2)',
      '    os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
    ].join('\n');
    assert.deepEqual(summary(source), ['9:script-env-too-late']);
  });

  test('misread literal values are located', () => {
    assert.deepEqual(
      summary(['import os', 'os.environ.update({"XLA_PYTHON_CLIENT_PREALLOCATE": "no"})'].join('\n')),
      ['2:env-malformed'],
    );
  });
});

describe('doctor SCRIPT.py: pools and DataLoaders', () => {
  test('seed 001: joblib Parallel(n_jobs=3) of JAX workers with default preallocation', () => {
    const source = [
      'from joblib import Parallel, delayed',
      'from sbx import SAC',
      'def train():',
      '    return SAC("MlpPolicy", "Humanoid-v4")',
      'results = Parallel(n_jobs=3)(',
      '    delayed(train)() for _ in range(3))',
    ].join('\n');
    const [f] = check(source);
    assert.equal(f?.code, 'jax-pool-preallocation');
    assert.equal(f?.severity, 'error');
    assert.equal(f?.line, 5);
    assert.match(
      f!.fixes![0]!,
      /XLA_PYTHON_CLIENT_PREALLOCATE"\] = "false".*XLA_PYTHON_CLIENT_MEM_FRACTION"\] = "0\.30"/,
    );
  });

  test('preallocation off but no fraction: a warning with the fraction to set', () => {
    const source = [
      'import os',
      'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
      'import jax',
      'from multiprocessing import Pool',
      'with Pool(4) as p: p.map(f, xs)',
    ].join('\n');
    assert.deepEqual(
      check(source).map((f) => [f.code, f.fixes?.[0]]),
      [
        [
          'jax-pool-uncapped',
          'os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "0.22" next to XLA_PYTHON_CLIENT_PREALLOCATE',
        ],
      ],
    );
  });

  test('preallocation off and a fraction that fits: nothing to say', () => {
    const source = [
      'import os',
      'os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"',
      'os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "0.3"',
      'import jax',
      'Parallel(n_jobs=3)(delayed(f)() for _ in range(3))',
    ].join('\n');
    assert.deepEqual(summary(source), []);
  });

  test('DataLoader with many workers and deep prefetch, located on its keyword lines', () => {
    const source = [
      'import os',
      'from torch.utils.data import DataLoader',
      'loader = DataLoader(',
      '    ds, batch_size=64,',
      '    num_workers=os.cpu_count(),',
      '    prefetch_factor=8)',
    ].join('\n');
    assert.deepEqual(summary(source), ['5:dataloader-many-workers', '6:dataloader-prefetch']);
    assert.deepEqual(summary('loader = DataLoader(ds, num_workers=4)'), []);
  });
});

describe("doctor SCRIPT.py: headroom's bootstrap", () => {
  const pool = [
    'import torch',
    'from multiprocessing import Pool',
    'def work(x): return torch.ones(3).cuda().sum()',
    'with Pool(4) as p: p.map(work, range(4))',
  ].join('\n');
  const capped = {
    HEADROOM_BOOT: 'torch-cap',
    HEADROOM_GPU_FRACTION: '0.2500',
    PYTHONPATH: '/opt/headroom/python/headroom_boot',
  };

  test('without it, a torch pool is told to run under headroom, which caps each worker', () => {
    const [f] = checkPythonSource(pool, 'train.py', {});
    assert.equal(f?.code, 'torch-pool-uncapped');
    assert.match(f!.fixes![0]!, /bootstrap caps each at its own budget/);
  });

  test('with it, no advice to call set_per_process_memory_fraction: the cap is automatic, but each worker takes all of it', () => {
    const [f] = checkPythonSource(pool, 'train.py', capped);
    assert.equal(f?.code, 'torch-pool-uncapped');
    assert.match(f!.message, /each inherits headroom's bootstrap/);
    assert.doesNotMatch(f!.fixes!.join(' '), /set_per_process_memory_fraction/);
  });

  test("a script's own fraction replaces the bootstrap's", () => {
    const source = ['import torch', 'torch.cuda.set_per_process_memory_fraction(0.9)'].join('\n');
    assert.deepEqual(
      checkPythonSource(source, 'train.py', capped).map((f) => `${f.line}:${f.code}`),
      ['2:script-own-torch-fraction'],
    );
    assert.deepEqual(checkPythonSource(source, 'train.py', {}), []);
  });
});

describe('doctor SCRIPT.py: sources no person writes', () => {
  test('a 3 MB string literal is read in one pass, not by a regular expression that overflows the stack', () => {
    const source = `x = "${'a'.repeat(3_000_000)}"\nimport os\nos.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"\nimport jax\n`;
    assert.doesNotThrow(() => checkPythonSource(source, 'big.py'));
  });

  test('40,000 os.environ.update calls take one pass', () => {
    const source = `import os\n${'os.environ.update({"A": "1"})\n'.repeat(40_000)}`;
    assert.deepEqual(checkPythonSource(source, 'many.py'), []);
  });
});
