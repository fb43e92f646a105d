// What the whole log shows around a failure: a docker command line, a worker pool (joblib, loky,
// multiprocessing). Facts of the `context` fact-table family, read by every family's explanation.
import type { FactRule } from '../../types.js';

/** Log-wide facts from command lines and worker pools. */
export const contextFactRules: FactRule[] = [
  {
    family: 'context',
    keywords: ['docker run'],
    pattern: /\bdocker run\b(.*)/,
    source: 'docker run --shm-size / --ipc=host',
    once: true,
    extract: (m) => ({ dockerRun: true, dockerShmFlag: /--shm-size|--ipc[= ]host/.test(m[1] ?? '') }),
  },
  {
    family: 'context',
    keywords: ['joblib', 'loky', 'multiprocessing', 'processpoolexecutor'],
    pattern: /\b(joblib|loky|multiprocessing|ProcessPoolExecutor)\b/,
    source: 'joblib/loky and multiprocessing worker pools (jax xla_bridge.py)',
    once: true,
    extract: (m) => ({ processPool: m[1]! }),
  },
];
