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
    keywords: [
      'docker',
      'podman',
      'kubectl',
      'crashloopbackoff',
      'command terminated with exit code',
      'exitcode:',
      'container',
    ],
    // The process ran in a container: docker/podman, kubectl exec's "command terminated with exit
    // code %d" (k8s.io/kubectl pkg/cmd/exec), a pod's status (ContainerStateTerminated.exitCode,
    // CrashLoopBackOff). A container's SIGKILL is most often its memory cgroup's limit.
    pattern:
      /\b(?:docker|podman|kubectl)\b|CrashLoopBackOff|command terminated with exit code|\bexitCode:\s*\d|\bcontainers?\b/i,
    source: 'kubectl exec; Kubernetes ContainerStateTerminated; docker run --memory (cgroup memory.max)',
    once: true,
    extract: () => ({ inContainer: true }),
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
