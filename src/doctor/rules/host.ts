// Host RAM exhausted, as the kernel OOM killer, cgroups, Slurm, Kubernetes and cluster memory
// monitors report it.
import type { Facts, LogRule } from '../types.js';
import { definedFacts, intOf } from './extract.js';

const kib = (text: string | undefined): number | undefined => {
  const value = intOf(text);
  return value === undefined ? undefined : value * 1024;
};

// mm/oom_kill.c __oom_kill_process: "%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB,
// file-rss:%lukB, shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%hd" (K() is KiB).
function killedProcessFacts(text: string): Facts {
  return definedFacts({
    totalVmBytes: kib(/total-vm:(\d+)\s*kB/.exec(text)?.[1]),
    anonRssBytes: kib(/anon-rss:(\d+)\s*kB/.exec(text)?.[1]),
    fileRssBytes: kib(/file-rss:(\d+)\s*kB/.exec(text)?.[1]),
    shmemRssBytes: kib(/shmem-rss:(\d+)\s*kB/.exec(text)?.[1]),
    uid: intOf(/UID:(\d+)/.exec(text)?.[1]),
    oomScoreAdj: intOf(/oom_score_adj:(-?\d+)/.exec(text)?.[1]),
  });
}

/** The reporters of a host-memory kill. */
export const hostRules: LogRule[] = [
  {
    code: 'kernel-oom-kill',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 3,
    keywords: ['killed process', 'kill process'],
    pattern: /(Memory cgroup out of memory: |Out of memory: )?Kill(?:ed)? process (\d+) \(([^)]*)\)/,
    source: 'linux mm/oom_kill.c __oom_kill_process',
    summary: 'the kernel OOM killer killed a process: the host (or its memory cgroup) ran out of RAM',
    extract: ({ text, match }) => ({
      framework: match[1]?.startsWith('Memory cgroup') ? 'cgroup' : 'kernel',
      facts: { pid: Number(match[2]), processName: match[3]!, ...killedProcessFacts(text) },
    }),
  },
  {
    code: 'kernel-oom-summary',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 3,
    keywords: ['oom-kill:constraint='],
    pattern: /oom-kill:constraint=(\w+),.*?(?:task_memcg=([^,]*),)?task=([^,]*),pid=(\d+),uid=(\d+)/,
    // mm/oom_kill.c dump_oom_summary (since 4.19); CONSTRAINT_MEMCG means a memory cgroup limit.
    source: 'linux mm/oom_kill.c dump_oom_summary',
    summary: 'the kernel OOM killer killed a process',
    extract: ({ match }) => ({
      framework: match[1] === 'CONSTRAINT_MEMCG' ? 'cgroup' : 'kernel',
      facts: definedFacts({
        constraint: match[1],
        memcg: match[2],
        processName: match[3],
        pid: intOf(match[4]),
        uid: intOf(match[5]),
      }),
    }),
  },
  {
    code: 'kernel-oom-invoked',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 3,
    keywords: ['invoked oom-killer'],
    pattern: /(\S+) invoked oom-killer:.*?oom_score_adj=(-?\d+)/,
    source: 'linux mm/oom_kill.c dump_header',
    summary: 'the kernel OOM killer ran',
    extract: ({ match }) => ({
      facts: definedFacts({ invokingProcess: match[1], oomScoreAdj: intOf(match[2]) }),
    }),
  },
  {
    code: 'slurm-oom-kill',
    kind: 'host_oom',
    framework: 'slurm',
    weight: 3,
    keywords: [
      'exceeded memory limit',
      'oom-kill event',
      'oom_kill event',
      'out of memory',
      'exceeded job memory limit',
      'exceeded step memory limit',
    ],
    pattern:
      /Detected (\d+) oom[-_]kill events? ?(?:\(s\))? in (?:StepId=|step )?(\w+(?:\.\w+)*)|task \d+: Out Of Memory|[Ee]xceeded (?:job|step) memory limit|exceeded memory limit \((\d+) > (\d+)\)/,
    // slurm src/plugins/task/cgroup (task_cgroup_memory.c) and srun's "task %d: Out Of Memory".
    source: 'SchedMD/slurm src/plugins/task/cgroup/task_cgroup_memory.c',
    summary: "the Slurm job's memory cgroup killed it (the job asked for less --mem than it used)",
    extract: ({ match }) => ({
      // slurmstepd's "exceeded memory limit (used > limit)" is in KiB (jobacct_gather).
      facts: definedFacts({
        oomKillEvents: intOf(match[1]),
        slurmStep: match[2],
        usageBytes: match[3] === undefined ? undefined : Number(match[3]) * 1024,
        limitBytes: match[4] === undefined ? undefined : Number(match[4]) * 1024,
      }),
    }),
  },
  {
    code: 'kubernetes-oomkilled',
    kind: 'host_oom',
    framework: 'kubernetes',
    weight: 3,
    keywords: ['oomkilled'],
    pattern: /\bOOMKilled\b/,
    source: 'kubernetes ContainerStateTerminated.reason "OOMKilled"',
    summary: "the container went over its memory limit and Kubernetes' cgroup killed it",
  },
  {
    code: 'scheduler-memory-kill',
    kind: 'host_oom',
    framework: 'other',
    weight: 3,
    keywords: [
      'running low on memory',
      'outofmemoryerror: task was killed',
      'exceeding memory limits',
      'low on resource: memory',
    ],
    pattern:
      /killed due to the node running low on memory|killed by YARN for exceeding memory limits|The node was low on resource: memory/,
    // Ray's memory monitor (ray.exceptions.OutOfMemoryError), YARN's container monitor, kubelet eviction.
    source: 'ray python/ray/exceptions.py OutOfMemoryError; hadoop ContainersMonitorImpl; kubelet eviction',
    summary: "the cluster's memory monitor killed a worker because the node ran low on RAM",
  },
];
