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

const installed = new Map<string, boolean>();

// Whether each module is installed, found without importing it: importing torch, TensorFlow or
// Lightning costs seconds of CPU per test file, and the tests that need one import it themselves (a
// broken install fails them instead of skipping them).
const findSpecs =
  'import importlib.util, sys; print(" ".join("1" if importlib.util.find_spec(m) else "0" for m in sys.argv[1:]))';

/** Whether `python` has every one of `modules` installed (found, not imported; remembered per file). */
export function pythonHas(python: string, ...modules: string[]): boolean {
  const unknown = modules.filter((name) => !installed.has(`${python}\0${name}`));
  if (unknown.length > 0) {
    const found = spawnSync(python, ['-c', findSpecs, ...unknown], { encoding: 'utf8', timeout: 120_000 });
    const flags = found.status === 0 ? found.stdout.trim().split(' ') : [];
    for (const [i, name] of unknown.entries()) installed.set(`${python}\0${name}`, flags[i] === '1');
  }
  return modules.every((name) => installed.get(`${python}\0${name}`));
}

/**
 * A skip reason when `modules` are not all installed for the frameworks Python, else undefined:
 * `test('…', { skip: skipUnlessFrameworks('torch') }, …)`.
 */
export function skipUnlessFrameworks(...modules: string[]): string | undefined {
  const python = frameworksPython();
  if (!python) {
    return 'needs .venv-frameworks (bash scripts/frameworks-venv.sh installs the real frameworks from the local package index)';
  }
  pythonHas(python, ...modules); // one interpreter for all of them
  const missing = modules.filter((name) => !pythonHas(python, name));
  return missing.length > 0
    ? `${python} cannot import ${missing.join(', ')} (bash scripts/frameworks-venv.sh installs it)`
    : undefined;
}

/**
 * The Python with torchvision and timm beside the frameworks (.venv-frameworks/vision/, made by
 * scripts/frameworks-venv.sh): a venv of its own whose site-packages reads .venv-frameworks' through a
 * .pth line, so importing torchvision never touches the shared venv (the index's torchvision 0.28.0 is a
 * CUDA build whose compiled ops do not load with torch 2.13.0+cpu; importing it there breaks Lightning,
 * torchmetrics and PEFT). HEADROOM_VISION_PYTHON overrides it.
 */
export function visionPython(): string | undefined {
  const fromEnv = process.env.HEADROOM_VISION_PYTHON;
  if (fromEnv) return fromEnv;
  const inRepo = join(repoRoot, '.venv-frameworks', 'vision', 'bin', 'python');
  return existsSync(inRepo) ? inRepo : undefined;
}

/** A skip reason unless the vision Python has every one of `modules`, else undefined. */
export function skipUnlessVision(...modules: string[]): string | undefined {
  const python = visionPython();
  if (!python) {
    return 'needs .venv-frameworks/vision (bash scripts/frameworks-venv.sh installs torchvision and timm from the local package index)';
  }
  const missing = modules.filter((name) => !pythonHas(python, name));
  return missing.length > 0
    ? `${python} cannot import ${missing.join(', ')} (bash scripts/frameworks-venv.sh installs it)`
    : undefined;
}
