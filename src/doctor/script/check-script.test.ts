import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../probe/gpu/test-helpers/shared.js';
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

describe('doctor SCRIPT.py: seed 002 — worker counts it cannot read, the exported environment', () => {
  const seed001 = (nJobs: string) =>
    [
      'from joblib import Parallel, delayed',
      'from sbx import SAC',
      'def train():',
      '    return SAC("MlpPolicy", "Humanoid-v4")',
      `results = Parallel(n_jobs=${nJobs})(`,
      '    delayed(train)() for _ in range(3))',
    ].join('\n');
  const exported = { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.9', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' };

  test('exported values are what the workers inherit: 3 × 0.9 is 270%, not "each preallocates 75%"', () => {
    const findings = checkPythonSource(seed001('3'), 'train.py', exported);
    assert.deepEqual(
      findings.map((f) => f.code),
      ['jax-pool-overcommit'],
    );
    assert.match(
      findings[0]!.message,
      /3 workers × XLA_PYTHON_CLIENT_MEM_FRACTION=0\.9 \(exported in the environment\) is 270% of the GPU/,
    );
    assert.doesNotMatch(findings[0]!.message, /75%/);
    assert.match(findings[0]!.fixes!.join(' '), /"0\.30" \(0\.9 \/ 3 workers\)/);
    // Preallocation on with an exported fraction: each preallocates that fraction, not 75%.
    const [on] = checkPythonSource(seed001('3'), 'train.py', { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.4' });
    assert.match(on!.message, /each preallocates 40% \(XLA_PYTHON_CLIENT_MEM_FRACTION=0\.4 \(exported/);
    // The script's own assignment wins over the environment; setdefault does not.
    const own = ['import os', 'os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "0.3"', seed001('3')].join(
      '\n',
    );
    assert.deepEqual(checkPythonSource(own, 'train.py', exported), []);
    const byDefault = own.replace(
      'os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "0.3"',
      'os.environ.setdefault("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.3")',
    );
    assert.deepEqual(
      checkPythonSource(byDefault, 'train.py', exported).map((f) => f.code),
      ['jax-pool-overcommit'],
    );
  });

  test('n_jobs=-1 and n_jobs=N_JOBS are "unknown, up to the CPU count": a finding, not a pass', () => {
    const env = { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' };
    for (const nJobs of ['-1', 'N_JOBS', 'args.jobs', 'os.cpu_count()']) {
      const [f] = checkPythonSource(seed001(nJobs), 'train.py', env, { cpuCount: 16 });
      assert.equal(f?.code, 'jax-pool-unknown-size', nJobs);
      assert.match(f!.message, /up to the CPU count, 16 here/);
      assert.match(f!.message, /more than 3 of them is over the card/);
    }
    const [unknown] = checkPythonSource(seed001('N_JOBS'), 'train.py', env);
    assert.match(
      unknown!.message,
      /an unknown number of JAX workers \(n_jobs=N_JOBS cannot be evaluated here/,
    );
    // A module-level constant is read.
    const constant = `N_JOBS = 4\n${seed001('N_JOBS')}`;
    assert.match(checkPythonSource(constant, 'train.py', env)[0]!.message, /4 workers × .* is 120%/);
    // Preallocation on: still the error, with the count said as unknown.
    const [prealloc] = checkPythonSource(seed001('-1'), 'train.py', {});
    assert.equal(prealloc?.code, 'jax-pool-preallocation');
    assert.match(prealloc!.message, /one JAX worker per CPU \(n_jobs=-1: up to the CPU count\)/);
    // A pool of the CPU count by default.
    const pool = ['import jax', 'from multiprocessing import Pool', 'with Pool() as p: p.map(f, xs)'].join(
      '\n',
    );
    assert.equal(checkPythonSource(pool, 'train.py', env)[0]?.code, 'jax-pool-unknown-size');
  });
});

describe('doctor SCRIPT.py: memory that grows step by step', () => {
  const dataset = (body: string[]) =>
    [
      'import torch',
      'from torch.utils.data import Dataset, DataLoader',
      'class EpisodicDataset(Dataset):',
      '    def __init__(self, paths):',
      '        self.paths = paths',
      '        self.cache = {}',
      '        self.frames = np.zeros((100, 3))',
      '    def __getitem__(self, index):',
      '        if index in self.cache:',
      '            return self.cache[index]',
      '        sample = load(self.paths[index])',
      ...body,
      '        return sample',
      'loader = DataLoader(EpisodicDataset(paths), batch_size=8, num_workers=2)',
    ].join('\n');

  test("seed 004's real cause: a per-index cache filled in __getitem__, once per worker", () => {
    const [f] = check(dataset(['        self.cache[index] = sample', '        self.frames[index] = 1']));
    assert.equal(f?.code, 'dataset-cache-grows');
    assert.equal(f?.line, 12);
    assert.match(f!.message, /self\.cache and nothing evicts them/);
    assert.match(f!.message, /each of the 2 DataLoader workers/);
    assert.equal(f?.facts?.numWorkers, 2);
    assert.deepEqual(summary(dataset(['        self.seen.append(index)'])), ['12:dataset-cache-grows']);
  });

  test('a bounded cache, or writes into a preallocated array, are not', () => {
    const bounded = dataset([
      '        self.cache[index] = sample',
      '        if len(self.cache) > 1000:',
      '            self.cache.pop(next(iter(self.cache)))',
    ]);
    assert.deepEqual(summary(bounded), []);
    assert.deepEqual(summary(dataset(['        self.frames[index] = sample'])), []);
  });

  test('loss tensors appended or summed across steps keep their graphs; .item() and no_grad do not', () => {
    const source = [
      'import torch',
      'history = []',
      'running = 0.0',
      'for epoch in range(10):',
      '    for x, y in loader:',
      '        loss = criterion(model(x), y)',
      '        total = loss + 0.1 * kl',
      '        total.backward()',
      '        history.append(loss)',
      '        running += total',
      '        logged.append(loss.item())',
      '        kept.append(loss.detach())',
      'with torch.no_grad():',
      '    for x, y in val_loader:',
      '        val_loss = criterion(model(x), y)',
      '        val_history.append(val_loss)',
    ].join('\n');
    const findings = check(source);
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.code}`),
      ['9:script-kept-graph', '10:script-kept-graph'],
    );
    assert.match(
      findings[0]!.message,
      /history\.append\(loss\) keeps each step's loss tensor with its autograd history/,
    );
    assert.match(findings[0]!.fixes![0]!, /^history\.append\(loss\.item\(\)\)/);
    // No backward anywhere: not a training loop this check can read.
    assert.deepEqual(
      summary(['import torch', 'for x in xs:', '    out = f(x)', '    outs.append(out)'].join('\n')),
      [],
    );
  });
});

describe("doctor SCRIPT.py: the repository's real programs", () => {
  test("seed 004's ACT-like trainer (test/programs/act_trainer.py, which a real cgroup kills) is flagged at its cache line", () => {
    const file = join(repoRoot, 'test', 'programs', 'act_trainer.py');
    const findings = checkPythonSource(readFileSync(file, 'utf8'), file);
    const cache = findings.find((f) => f.code === 'dataset-cache-grows');
    assert.ok(cache, JSON.stringify(findings));
    assert.match(readFileSync(file, 'utf8').split('\n')[cache.line! - 1]!, /self\.cache\[index\] =/);
  });

  test("seed 002's misspelling assigned in a script is named at its line", () => {
    const [f] = check(
      ['import os', 'os.environ["XLA_PYTHON_CLIENT_PERELLOCLACE"] = "FALSES"', 'import jax'].join('\n'),
    );
    assert.equal(f?.code, 'env-near-miss');
    assert.equal(f?.line, 2);
    assert.match(f!.message, /did you mean XLA_PYTHON_CLIENT_PREALLOCATE\?/);
  });
});
