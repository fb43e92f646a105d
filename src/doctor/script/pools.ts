// Worker pools of GPU processes on one card: each JAX worker preallocates its fraction (75% by
// default) of the GPU at its first allocation (FACTS Q1-Q2), each PyTorch worker adds a CUDA context
// and an uncapped cache. Workers inherit the environment the script runs in, so the values in
// effect are the script's own assignments over what was exported.
import { isPreallocateOff } from '../../frameworks/env-checks.js';
import type { Env } from '../env/finding.js';
import { fractionFor, maxJaxPoolFraction } from '../families/explain-types.js';
import type { DoctorFinding } from '../types.js';
import type { EnvAssignment } from './facts.js';
import { importsJax, importsTorch } from './facts.js';
import type { Statement } from './python-source.js';
import { countOf, readConstants, readWorkerCount, type WorkerCount } from './worker-count.js';

interface Pool {
  kind: string;
  workers: WorkerCount;
  statement: Statement;
}

// joblib's n_jobs=None is one worker (joblib.Parallel docs); the others default to os.cpu_count().
const poolForms: { kind: string; pattern: RegExp; keyword: string; defaultKind: 'one' | 'cpu-count' }[] = [
  { kind: 'joblib Parallel', pattern: /\bParallel\(/, keyword: 'n_jobs', defaultKind: 'one' },
  {
    kind: 'multiprocessing Pool',
    pattern: /\b(?:multiprocessing\.|mp\.)?Pool\(/,
    keyword: 'processes',
    defaultKind: 'cpu-count',
  },
  {
    kind: 'ProcessPoolExecutor',
    pattern: /\bProcessPoolExecutor\(/,
    keyword: 'max_workers',
    defaultKind: 'cpu-count',
  },
  {
    kind: 'loky executor',
    pattern: /\bget_reusable_executor\(/,
    keyword: 'max_workers',
    defaultKind: 'cpu-count',
  },
  {
    kind: 'torch.multiprocessing.spawn',
    pattern: /\b(?:mp|multiprocessing)\.spawn\(/,
    keyword: 'nprocs',
    defaultKind: 'one',
  },
];

function findPools(statements: readonly Statement[]): Pool[] {
  const constants = readConstants(statements);
  const pools: Pool[] = [];
  for (const statement of statements) {
    for (const { kind, pattern, keyword, defaultKind } of poolForms) {
      const m = pattern.exec(statement.code);
      if (!m) continue;
      const open = m.index + m[0].length - 1;
      const workers =
        kind === 'torch.multiprocessing.spawn'
          ? readWorkerCount({ code: statement.code, open, keyword, defaultKind, constants: new Map() })
          : readWorkerCount({ code: statement.code, open, keyword, defaultKind, constants });
      pools.push({ kind, workers, statement });
      break;
    }
  }
  return pools;
}

/** A variable's value where the workers run: the script's assignment, or what was exported. */
interface EffectiveValue {
  value: string;
  from: 'script' | 'environment';
}

function effectiveValue(
  name: string,
  assignments: readonly EnvAssignment[],
  env: Env,
): EffectiveValue | undefined {
  const set = assignments.filter((a) => a.variable === name && a.value !== undefined).at(-1);
  const exported = env[name];
  // os.environ.setdefault keeps an exported value.
  const isDefaultOnly = set !== undefined && /\.setdefault\(/.test(set.statement.code);
  if (set && !(isDefaultOnly && exported !== undefined)) return { value: set.value!, from: 'script' };
  return exported === undefined ? undefined : { value: exported, from: 'environment' };
}

const fromWords = (v: EffectiveValue): string =>
  v.from === 'environment' ? ' (exported in the environment)' : '';

/** "3 JAX workers", "one JAX worker per CPU (n_jobs=-1: up to 16 here)", or an unknown number. */
function describeWorkers(pool: Pool, what: string, cpuCount: number | undefined): string {
  const { workers } = pool;
  if (workers.kind === 'literal') return `${workers.count} ${what}${workers.count === 1 ? '' : 's'}`;
  const keyword = poolForms.find((form) => form.kind === pool.kind)?.keyword ?? 'workers';
  const written = workers.text === '' ? `no ${keyword} given` : `${keyword}=${workers.text}`;
  const upTo = `up to the CPU count${cpuCount ? `, ${cpuCount} here` : ''}`;
  return workers.kind === 'cpu-count'
    ? `one ${what} per CPU (${written}: ${upTo})`
    : `an unknown number of ${what}s (${written} cannot be evaluated here: unknown, ${upTo})`;
}

/** Findings for worker pools that would put several JAX or PyTorch processes on one GPU. */
export function checkPools(options: {
  statements: readonly Statement[];
  assignments: readonly EnvAssignment[];
  file: string;
  env?: Env;
  isBootstrapCapped?: boolean;
  cpuCount?: number;
}): DoctorFinding[] {
  const { statements, assignments, file, env = {}, isBootstrapCapped = false, cpuCount } = options;
  const usesJax = statements.some((s) => importsJax(s.code));
  const usesTorch =
    statements.some((s) => importsTorch(s.code)) && statements.some((s) => /\.cuda\(|['"]cuda/.test(s.text));
  if (!usesJax && !usesTorch) return [];
  const fractionValue =
    effectiveValue('XLA_PYTHON_CLIENT_MEM_FRACTION', assignments, env) ??
    effectiveValue('XLA_CLIENT_MEM_FRACTION', assignments, env);
  const preallocate = effectiveValue('XLA_PYTHON_CLIENT_PREALLOCATE', assignments, env);
  const preallocateOff = isPreallocateOff(preallocate?.value);
  const fraction = fractionValue === undefined ? undefined : Number(fractionValue.value);
  return findPools(statements).flatMap((pool): DoctorFinding[] => {
    const { line } = pool.statement;
    const n = countOf(pool.workers);
    const jaxWorkers = describeWorkers(pool, 'JAX worker', cpuCount);
    const torchWorkers = describeWorkers(pool, 'PyTorch worker', cpuCount);
    const isUnknown = n === null;
    const suggested = fractionFor(n ?? 3);
    const base = {
      file,
      line,
      facts: { pool: pool.kind, workers: n ?? -1, workerCount: pool.workers.kind },
    };
    if (usesJax && !preallocateOff) {
      const share =
        fraction !== undefined && Number.isFinite(fraction)
          ? `${Math.round(fraction * 100)}% (XLA_PYTHON_CLIENT_MEM_FRACTION=${fractionValue!.value}${fromWords(fractionValue!)})`
          : '75%';
      const setting = preallocate
        ? ` (XLA_PYTHON_CLIENT_PREALLOCATE=${preallocate.value}${fromWords(preallocate)} leaves it on)`
        : '';
      return [
        {
          ...base,
          code: 'jax-pool-preallocation',
          severity: n === 1 ? 'warning' : 'error',
          message: `line ${line}: ${pool.kind} starts ${jaxWorkers}; each preallocates ${share} of the GPU's total at its first allocation${setting}, so ${n === 1 ? 'any other GPU process' : 'the second one'} runs out of memory`,
          fixes: [
            `at the top of the script, before any JAX call: os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false" and os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}"${isUnknown ? ` (${maxJaxPoolFraction} / the number of workers)` : ''}`,
            'or run the workers as replicas with headroom run, which gives each one its own budget',
          ],
        },
      ];
    }
    if (usesJax && fraction === undefined && n !== 1) {
      return [
        {
          ...base,
          code: 'jax-pool-uncapped',
          severity: 'warning',
          message: `line ${line}: ${pool.kind} starts ${jaxWorkers} with preallocation off (XLA_PYTHON_CLIENT_PREALLOCATE=${preallocate!.value}${fromWords(preallocate!)}) but no memory fraction: each may still grow to 75% of the GPU`,
          fixes: [
            `os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}" next to XLA_PYTHON_CLIENT_PREALLOCATE${isUnknown ? ` (${maxJaxPoolFraction} / the number of workers)` : ''}`,
          ],
        },
      ];
    }
    if (usesJax && fraction !== undefined && n !== null && n * fraction > 0.95) {
      return [
        {
          ...base,
          code: 'jax-pool-overcommit',
          severity: 'error',
          message: `line ${line}: ${n} workers × XLA_PYTHON_CLIENT_MEM_FRACTION=${fractionValue!.value}${fromWords(fractionValue!)} is ${Math.round(n * fraction * 100)}% of the GPU, plus a CUDA context each: each worker inherits the whole fraction`,
          fixes: [
            `os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}" (${maxJaxPoolFraction} / ${n} workers), at the top of the script`,
            `or run the workers as replicas with headroom run (replicas: ${n}), which gives each one its own budget`,
          ],
        },
      ];
    }
    if (usesJax && fraction !== undefined && n === null) {
      const most = Math.max(1, Math.floor(0.95 / fraction));
      return [
        {
          ...base,
          code: 'jax-pool-unknown-size',
          severity: 'warning',
          message: `line ${line}: ${pool.kind} starts ${jaxWorkers}, each taking up to XLA_PYTHON_CLIENT_MEM_FRACTION=${fractionValue!.value}${fromWords(fractionValue!)} of the GPU: more than ${most} of them is over the card`,
          fixes: [
            `write the worker count as a number (at most ${most} at this fraction), or set XLA_PYTHON_CLIENT_MEM_FRACTION to ${maxJaxPoolFraction} / the number of workers`,
          ],
        },
      ];
    }
    if (!usesJax && usesTorch && n !== 1) {
      // Workers inherit PYTHONPATH and HEADROOM_BOOT, so under the bootstrap each applies the whole fraction.
      return [
        {
          ...base,
          code: 'torch-pool-uncapped',
          severity: 'warning',
          message: isBootstrapCapped
            ? `line ${line}: ${pool.kind} starts ${torchWorkers} on the GPU; each inherits headroom's bootstrap and caps itself at the whole process's fraction, so together they may take ${isUnknown ? 'that many' : n} times the budget, plus a CUDA context (0.3-1.5 GiB) each`
            : `line ${line}: ${pool.kind} starts ${torchWorkers} on the GPU; each adds a CUDA context (0.3-1.5 GiB) and a caching allocator nothing caps`,
          fixes: isBootstrapCapped
            ? [
                'run the workers as replicas with headroom run (replicas: in headroom.yaml), so each gets its own budget',
              ]
            : [
                "run the workers as replicas with headroom run (framework: torch): headroom's bootstrap caps each at its own budget when it initialises CUDA",
                `or, in each worker before its first CUDA tensor: torch.cuda.set_per_process_memory_fraction(${suggested})`,
              ],
        },
      ];
    }
    return [];
  });
}
