// Worker pools of GPU processes on one card: each JAX worker preallocates 75% of the GPU at its
// first allocation (FACTS Q1-Q2), each PyTorch worker adds a CUDA context and an uncapped cache.
import { isPreallocateOff } from '../../plan/env-checks.js';
import { fractionFor, maxJaxPoolFraction } from '../explain/types.js';
import type { DoctorFinding } from '../types.js';
import type { EnvAssignment } from './facts.js';
import { importsJax, importsTorch } from './facts.js';
import type { Statement } from './python-source.js';

interface Pool {
  kind: string;
  /** Worker count when written as a literal; null when unknown (-1, a variable, cpu_count()). */
  workers: number | null;
  statement: Statement;
}

const poolForms: { kind: string; pattern: RegExp }[] = [
  { kind: 'joblib Parallel', pattern: /\bParallel\(\s*(?:n_jobs\s*=\s*)?(-?\d+)?/ },
  {
    kind: 'multiprocessing Pool',
    pattern: /\b(?:multiprocessing\.|mp\.)?Pool\(\s*(?:processes\s*=\s*)?(\d+)?/,
  },
  { kind: 'ProcessPoolExecutor', pattern: /\bProcessPoolExecutor\(\s*(?:max_workers\s*=\s*)?(\d+)?/ },
  { kind: 'loky executor', pattern: /\bget_reusable_executor\(\s*(?:max_workers\s*=\s*)?(\d+)?/ },
  {
    kind: 'torch.multiprocessing.spawn',
    pattern: /\b(?:mp|multiprocessing)\.spawn\([^)]*?nprocs\s*=\s*(\d+)/,
  },
];

function findPools(statements: readonly Statement[]): Pool[] {
  const pools: Pool[] = [];
  for (const statement of statements) {
    for (const { kind, pattern } of poolForms) {
      const m = pattern.exec(statement.code);
      if (!m) continue;
      const count = m[1] === undefined ? null : Number(m[1]);
      pools.push({ kind, workers: count !== null && count > 0 ? count : null, statement });
      break;
    }
  }
  return pools;
}

/** Findings for worker pools that would put several JAX or PyTorch processes on one GPU. */
export function checkPools(
  statements: readonly Statement[],
  assignments: readonly EnvAssignment[],
  file: string,
  isBootstrapCapped = false,
): DoctorFinding[] {
  const usesJax = statements.some((s) => importsJax(s.code));
  const usesTorch =
    statements.some((s) => importsTorch(s.code)) && statements.some((s) => /\.cuda\(|['"]cuda/.test(s.text));
  if (!usesJax && !usesTorch) return [];
  const value = (name: string) => assignments.find((a) => a.variable === name)?.value;
  const fraction = value('XLA_PYTHON_CLIENT_MEM_FRACTION') ?? value('XLA_CLIENT_MEM_FRACTION');
  const preallocateOff = isPreallocateOff(value('XLA_PYTHON_CLIENT_PREALLOCATE'));
  return findPools(statements).flatMap((pool): DoctorFinding[] => {
    const { line } = pool.statement;
    const n = pool.workers;
    const count = n === null ? 'several' : String(n);
    const suggested = fractionFor(n ?? 3);
    const base = { file, line, facts: { pool: pool.kind, workers: n ?? -1 } };
    if (usesJax && !preallocateOff) {
      return [
        {
          ...base,
          code: 'jax-pool-preallocation',
          severity: n === 1 ? 'warning' : 'error',
          message: `line ${line}: ${pool.kind} starts ${count} JAX worker processes; each preallocates 75% of the GPU's total at its first allocation, so ${n === 1 ? 'any other GPU process' : 'the second one'} runs out of memory`,
          fixes: [
            `at the top of the script, before any JAX call: os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false" and os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}"${n === null ? ` (${maxJaxPoolFraction} / the number of workers)` : ''}`,
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
          message: `line ${line}: ${pool.kind} starts ${count} JAX workers with preallocation off but no memory fraction: each may still grow to 75% of the GPU`,
          fixes: [
            `os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}" next to XLA_PYTHON_CLIENT_PREALLOCATE`,
          ],
        },
      ];
    }
    if (usesJax && fraction !== undefined && n !== null && n * Number(fraction) > 0.95) {
      return [
        {
          ...base,
          code: 'jax-pool-overcommit',
          severity: 'error',
          message: `line ${line}: ${n} workers × XLA_PYTHON_CLIENT_MEM_FRACTION=${fraction} is ${Math.round(n * Number(fraction) * 100)}% of the GPU, plus a CUDA context each`,
          fixes: [`os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "${suggested}"`],
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
            ? `line ${line}: ${pool.kind} starts ${count} PyTorch workers on the GPU; each inherits headroom's bootstrap and caps itself at the whole process's fraction, so together they may take ${count} times the budget, plus a CUDA context (0.3-1.5 GiB) each`
            : `line ${line}: ${pool.kind} starts ${count} PyTorch workers on the GPU; each adds a CUDA context (0.3-1.5 GiB) and a caching allocator nothing caps`,
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
