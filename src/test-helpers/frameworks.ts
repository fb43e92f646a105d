// The Python with the real frameworks (.venv-frameworks/, made by scripts/frameworks-venv.sh), for tests
// that check a behaviour against the real PyTorch 2.13, JAX 0.10, TensorFlow 2.21, Lightning or Ray.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The interpreter: HEADROOM_FRAMEWORKS_PYTHON when set, else .venv-frameworks/bin/python in the repo. */
export function frameworksPython(): string | undefined {
  const fromEnv = process.env.HEADROOM_FRAMEWORKS_PYTHON;
  if (fromEnv) return fromEnv;
  const inRepo = join(repoRoot, '.venv-frameworks', 'bin', 'python');
  return existsSync(inRepo) ? inRepo : undefined;
}

const importable = new Map<string, boolean>();

/**
 * A skip reason when `modules` cannot all be imported by the frameworks Python, else undefined:
 * `test('…', { skip: skipUnlessFrameworks('torch') }, …)`.
 */
export function skipUnlessFrameworks(...modules: string[]): string | undefined {
  const python = frameworksPython();
  if (!python) {
    return 'needs .venv-frameworks (bash scripts/frameworks-venv.sh installs the real frameworks from the local package index)';
  }
  const missing = modules.filter((name) => {
    let ok = importable.get(name);
    if (ok === undefined) {
      ok = spawnSync(python, ['-c', `import ${name}`], { timeout: 120_000 }).status === 0;
      importable.set(name, ok);
    }
    return !ok;
  });
  return missing.length > 0
    ? `${python} cannot import ${missing.join(', ')} (bash scripts/frameworks-venv.sh installs it)`
    : undefined;
}
