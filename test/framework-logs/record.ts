// Runs the failing programs in programs/ with the real frameworks (.venv-frameworks) under the limit each
// needs (an address-space cap, a cgroup memory limit, a 64 MiB /dev/shm) and returns what they printed,
// with this machine's paths replaced, so a recorded fixture and a fresh run can be compared.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cgroupProcsPath, createMemoryCgroup, removeCgroup } from '../../src/probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../../src/probe/host/cgroup-detect.js';

export const frameworkLogsDir = dirname(fileURLToPath(import.meta.url));
export const programsDir = join(frameworkLogsDir, 'programs');

/** How a program is run: plain (it caps its own address space), in a memory cgroup, or with a small /dev/shm. */
export type Limit =
  | { kind: 'self' }
  | { kind: 'cgroup'; limitMiB: number }
  | { kind: 'shm'; sizeMiB: number };

export interface FixtureProgram {
  /** The fixture's file name under cpu/ (without .txt) and the program's under programs/ (without .py). */
  name: string;
  program: string;
  /** Python modules the program imports; the run is skipped, saying so, when one is missing. */
  needs: string[];
  /** Distributions whose versions the fixture's header records. */
  versions: string[];
  limit: Limit;
  /** What the header says of the run, in words. */
  runWords: string;
  /** What doctor must read: the kind (`a|b` where the text cannot decide between them) and the cause. */
  kind: string;
  cause: string;
  /** A line the framework prints for this failure; a new release that changes it fails the test. */
  anchor: RegExp;
}

export const programs: FixtureProgram[] = [
  {
    name: 'torch-2.13-cpu-allocator',
    program: 'torch_cpu_alloc',
    needs: ['torch'],
    versions: ['torch'],
    limit: { kind: 'self' },
    runWords: 'address space capped at its start-up mappings + 2 GiB (RLIMIT_AS, as ulimit -v does)',
    kind: 'host_oom',
    cause: 'host_allocation',
    anchor: /DefaultCPUAllocator: can't allocate memory: you tried to allocate \d+ bytes/,
  },
  {
    name: 'python-memory-error',
    program: 'python_memory_error',
    needs: [],
    versions: [],
    limit: { kind: 'self' },
    runWords: 'address space capped at its start-up mappings + 2 GiB (RLIMIT_AS)',
    kind: 'host_oom',
    cause: 'host_allocation',
    anchor: /^MemoryError$/m,
  },
  {
    name: 'numpy-memory-error',
    program: 'numpy_memory_error',
    needs: ['numpy'],
    versions: ['numpy'],
    limit: { kind: 'self' },
    runWords: 'address space capped at its start-up mappings + 2 GiB (RLIMIT_AS)',
    kind: 'host_oom',
    cause: 'host_allocation',
    anchor: /Unable to allocate 9\.31 GiB for an array with shape \(50000, 50000\) and data type float32/,
  },
  {
    name: 'jax-0.10-cpu-resource-exhausted',
    program: 'jax_cpu_alloc',
    needs: ['jax'],
    versions: ['jax', 'jaxlib'],
    limit: { kind: 'self' },
    runWords:
      'JAX on its CPU backend; address space capped at its mappings after the first op + 2 GiB (RLIMIT_AS)',
    // XLA's message names no device (the GPU wording names its allocator, GPU_0_bfc): either kind.
    kind: 'gpu_oom|host_oom',
    cause: 'batch_too_large',
    anchor: /RESOURCE_EXHAUSTED: Out of memory allocating 14400000000 bytes/,
  },
  {
    name: 'tensorflow-2.21-cpu-oom',
    program: 'tf_cpu_alloc',
    needs: ['tensorflow'],
    versions: ['tensorflow-cpu'],
    limit: { kind: 'self' },
    runWords:
      'TensorFlow on the CPU; address space capped at its mappings after the first op + 2 GiB (RLIMIT_AS)',
    kind: 'host_oom',
    cause: 'host_allocation',
    anchor:
      /OOM when allocating tensor with shape\[60000,60000\] and type float on \/job:localhost\/replica:0\/task:0\/device:CPU:0 by allocator \w*cpu/,
  },
  {
    name: 'torch-2.13-dataloader-worker-killed',
    program: 'dataloader_worker_killed',
    needs: ['torch', 'numpy'],
    versions: ['torch'],
    limit: { kind: 'cgroup', limitMiB: 700 },
    runWords: 'in a memory cgroup limited to 700 MiB; the kernel OOM killer takes a DataLoader worker',
    kind: 'host_oom',
    // The worker's kill alone does not say why (test/corpus/CORPUS-FORMAT.md settled rule 7).
    cause: 'unknown',
    anchor: /DataLoader worker \(pid(?:\(s\))? \d+\) (?:is killed by signal: Killed|exited unexpectedly)/,
  },
  {
    name: 'torch-2.13-dataloader-shm-full',
    program: 'dataloader_shm_full',
    needs: ['torch'],
    versions: ['torch'],
    limit: { kind: 'shm', sizeMiB: 64 },
    runWords: 'in its own mount namespace with a 64 MiB tmpfs on /dev/shm (a container default)',
    kind: 'shm',
    cause: 'shm_too_small',
    anchor: /unable to allocate shared memory\(shm\) for file <\/torch_\d+_\d+_\d+>: No space left on device/,
  },
];

/** This machine's paths out of a log: the programs folder, the interpreter's prefix, the PIDs kept. */
export function normalizeLog(text: string): string {
  return text
    .replaceAll(programsDir, '/home/user/train')
    .replaceAll(/(["\s])\/[^"\s]*?\/lib\/python(3\.\d+)\//g, '$1/usr/lib/python$2/')
    .replaceAll(/\r\n/g, '\n');
}

/** The installed versions of `distributions` and the Python's, for a fixture's header. */
export function producedBy(python: string, distributions: string[]): string {
  const code = `import importlib.metadata as m, platform, sys
names = sys.argv[1:]
parts = []
for n in names:
    try: parts.append(n + " " + m.version(n))
    except Exception: parts.append(n + " (not installed)")
parts.append("Python " + platform.python_version())
print(", ".join(parts))`;
  const result = spawnSync(python, ['-c', code, ...distributions], { encoding: 'utf8', timeout: 60_000 });
  return `${result.stdout.trim()}, Linux ${process.arch} CPU`;
}

export type RunResult = { ok: true; output: string } | { ok: false; reason: string };

/** Runs one program under its limit with `python`; the output is normalised. */
export function runProgram(python: string, fixture: FixtureProgram): RunResult {
  const script = join(programsDir, `${fixture.program}.py`);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PYTHONDONTWRITEBYTECODE: '1',
    TF_CPP_MIN_LOG_LEVEL: '0',
  };
  const options = { encoding: 'utf8' as const, env, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 };
  const { limit } = fixture;
  if (limit.kind === 'self') {
    const run = spawnSync(python, [script], options);
    return { ok: true, output: normalizeLog(`${run.stdout}${run.stderr}`) };
  }
  if (process.getuid?.() !== 0) return { ok: false, reason: 'needs root (a cgroup or a mount namespace)' };
  if (limit.kind === 'shm') {
    const inner = `mount -t tmpfs -o size=${limit.sizeMiB}m tmpfs /dev/shm && exec "$0" "$1"`;
    const run = spawnSync('unshare', ['-m', 'sh', '-c', inner, python, script], options);
    if (run.error) return { ok: false, reason: `unshare failed: ${run.error.message}` };
    return { ok: true, output: normalizeLog(`${run.stdout}${run.stderr}`) };
  }
  const own = findOwnMemoryCgroup();
  if (!own.ok) return { ok: false, reason: own.reason };
  const made = createMemoryCgroup({
    parent: own.location,
    name: `headroom-fixture-${process.pid}`,
    limitBytes: limit.limitMiB * 1024 * 1024,
  });
  if (!made.ok) return { ok: false, reason: made.reason };
  try {
    const inner = `echo $$ > "$0" && exec "$1" "$2"`;
    const run = spawnSync('sh', ['-c', inner, cgroupProcsPath(made.group), python, script], options);
    return { ok: true, output: normalizeLog(`${run.stdout}${run.stderr}`) };
  } finally {
    removeCgroup(made.group);
  }
}

/** A recorded fixture: its header fields and its log. */
export interface Fixture {
  file: string;
  header: Record<string, string>;
  body: string;
}

/** Reads a fixture file: `key: value` lines, a line `---`, then the log. */
export function readFixture(file: string): Fixture {
  const text = readFileSync(file, 'utf8');
  const cut = text.indexOf('\n---\n');
  const header: Record<string, string> = {};
  for (const line of text.slice(0, cut).split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) header[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { file: resolve(file), header, body: text.slice(cut + 5) };
}
