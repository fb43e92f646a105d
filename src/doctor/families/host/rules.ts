// Host RAM exhausted, as the kernel OOM killer, cgroups, Slurm, Kubernetes and cluster memory
// monitors report it.
import type { Facts, LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

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
    // The pid may be redacted by the user ("Killed process _xxxxx_ (python3) total-vm:..."): the line is
    // still the kernel's where its figures follow the name, as only __oom_kill_process prints them.
    // A line retyped through an input method loses the spaces around its punctuation ("Out of
    // memory:Killed process 217423（python）total-vm:...", the full-width brackets folded by
    // paste.ts): the kernel's words and figures are all there, so the spaces are optional.
    pattern:
      /(Memory cgroup out of memory: ?|Out of memory: ?)?Kill(?:ed)? process (\d+|[_*#<]*(?:[xX*#]{3,}|pid|PID)[_*#>]*) ?\(([^)]*)\)/,
    source: 'linux mm/oom_kill.c __oom_kill_process',
    summary: 'the kernel OOM killer killed a process: the host (or its memory cgroup) ran out of RAM',
    extract: ({ text, match }) => {
      const isRedacted = !/^\d+$/.test(match[2]!);
      if (isRedacted && !/\btotal-vm:/.test(text.slice(match.index))) return undefined;
      return {
        framework: match[1]?.startsWith('Memory cgroup') ? 'cgroup' : 'kernel',
        // kernelKilled: the kernel's own kill line, which outranks a monitor's attempt on the same victim.
        facts: {
          ...(isRedacted ? {} : { pid: Number(match[2]) }),
          processName: match[3]!,
          kernelKilled: true,
          ...(match[1]?.startsWith('Memory cgroup') ? { isCgroupLimit: true } : {}),
          ...killedProcessFacts(text),
        },
      };
    },
  },
  {
    code: 'kernel-memcg-oom',
    kind: 'host_oom',
    framework: 'cgroup',
    weight: 3,
    keywords: [
      'memory cgroup out of memory',
      'memory: usage ',
      'memory+swap: usage ',
      'memory cgroup stats for',
    ],
    // The kernel's memcg OOM sentence without the "Killed process" that follows it (quoted in prose,
    // or cut): mm/oom_kill.c prints "Memory cgroup out of memory: Killed process ..." only for a
    // memory cgroup's own limit (mem_cgroup_out_of_memory). The report's figures before it say the
    // same when a paste keeps only them: mm/memcontrol.c mem_cgroup_print_oom_meminfo, called from
    // the OOM killer's dump_header alone, prints "memory: usage %llukB, limit %llukB, failcnt %lu"
    // for the cgroup (v1 and v2); usage at its limit is the limit reached. The same function's header
    // of the cgroup's counters, "Memory cgroup stats for /kubepods/...:", is printed only there too.
    // On cgroup v1 the same function prints the memory+swap counter next ("memory+swap: usage %llukB,
    // limit %llukB, failcnt %lu", v3.x-v6.x), the limit a memsw-limited job hits; a paste may keep that
    // line alone, or cut either line before its failcnt.
    pattern:
      /Memory cgroup out of memory(?!: Kill)|(?<![\w+])(?:memory|memory\+swap): usage (\d+)kB, limit (\d+)kB(?:, failcnt \d+)?|^\W*(?:\[[^\]]*\]\s*)?(?:(?:\S+ )?kernel: (?:\[[^\]]*\]\s*)?)?Memory cgroup stats for \//,
    source:
      'linux mm/oom_kill.c oom_kill_process via mm/memcontrol.c mem_cgroup_out_of_memory; mm/memcontrol.c mem_cgroup_print_oom_meminfo',
    extract: ({ match }) => {
      if (match[1] === undefined) return {};
      const usage = Number(match[1]) * 1024;
      const limit = Number(match[2]) * 1024;
      // A report whose usage is below its limit is another cgroup's (the one named above it); a counter
      // with no limit at all (0 kB) is no limit reached.
      if (limit === 0 || usage < limit * 0.99) return undefined;
      return { facts: { limitBytes: limit, isCgroupLimit: true } };
    },
    summary: "the kernel OOM killer acted inside a memory cgroup: a container's or job's memory limit",
  },
  {
    code: 'kernel-page-allocation-failure',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: ['page allocation failure'],
    pattern: /(\S+): page allocation failure: order:(\d+), mode:/,
    // mm/page_alloc.c warn_alloc: "%s: page allocation failure: order:%u, mode:%#x(%pGg)": the
    // kernel could not find free pages for a request (order 0: one page, RAM itself exhausted).
    source: 'linux mm/page_alloc.c warn_alloc',
    summary: 'the kernel could not allocate memory pages: host RAM was exhausted',
    // Order 0 (one page) failing is RAM itself exhausted; a higher order is a contiguous block the
    // kernel could not find (fragmentation, often an atomic allocation it retries): a hint only.
    extract: ({ match }) => ({
      ...(Number(match[2]) > 0 ? { weight: 1 as const } : {}),
      facts: definedFacts({ processName: match[1], allocationOrder: intOf(match[2]) }),
    }),
  },
  {
    code: 'kernel-memory-report',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: ['active_anon:'],
    // The kernel's memory report, "Mem-Info:" and then its counters "active_anon:N inactive_anon:N
    // isolated_anon:N" (mm/show_mem.c __show_mem, lib/show_mem.c before 6.x), which it prints when the
    // OOM killer runs (mm/oom_kill.c dump_header) and when a page allocation fails (mm/page_alloc.c
    // warn_alloc): a paste that kept the report and lost the kill line above or below it still shows
    // the host's memory exhausted. Only under its header, as the kernel prints it.
    pattern: /\bactive_anon:\d+ inactive_anon:\d+ isolated_anon:\d+/,
    source:
      'linux mm/show_mem.c __show_mem (called from mm/oom_kill.c dump_header, mm/page_alloc.c warn_alloc)',
    summary:
      'the kernel printed its memory report, as it does when the OOM killer runs or a page allocation fails',
    extract: ({ before }) => (before.slice(-2).some((line) => /\bMem-Info:\s*$/.test(line)) ? {} : undefined),
  },
  {
    code: 'kernel-oom-summary',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 3,
    keywords: ['oom-kill:constraint='],
    pattern:
      /oom-kill:constraint=(\w+),.*?(?:task_memcg=([^,]*),)?task=([^,]*),pid=\s*(\d+)\s*(?:,uid=(\d+))?/,
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
    keywords: ['oom-kill event', 'oom_kill event', 'out of memory'],
    pattern:
      /Detected (\d+) oom[-_]kill events? ?(?:\(s\))?(?: ?in (?:StepId=|step )?(\w+(?:\.\w+)*))?|task \d+: Out Of Memory|\bsrun: error: Out Of Memory\b/,
    // slurm src/plugins/task/cgroup (task_cgroup_memory.c) counts the cgroup's oom_kill events
    // ("Detected %u oom-kill event(s) in %ps", the step cut off by a paste all the same: the words are
    // Slurm's alone); srun prints "task %d: Out Of Memory" for a task the kernel killed in the job's
    // cgroup, "srun: error: Out Of Memory" where a paste dropped the node and task.
    source: 'SchedMD/slurm src/plugins/task/cgroup/task_cgroup_memory.c',
    summary:
      "the kernel OOM killer killed a process in the Slurm job's memory cgroup (the job used more than its --mem)",
    extract: ({ match }) => ({
      facts: definedFacts({ oomKillEvents: intOf(match[1]), slurmStep: match[2] }),
    }),
  },
  {
    code: 'slurm-out-of-memory-state',
    kind: 'host_oom',
    framework: 'slurm',
    weight: 3,
    keywords: ['out_of_me', 'reason=outofmemory'],
    // A job's state as sacct/squeue/scontrol print it: JOB_OOM is "OUT_OF_MEMORY" (slurm
    // src/common/slurm_protocol_defs.c job_state_string), cut by sacct's column width to
    // "OUT_OF_ME+"; scontrol shows "JobState=OUT_OF_MEMORY Reason=OutOfMemory". \b keeps vendor
    // enums (CUDA_ERROR_OUT_OF_MEMORY) out; so does a status label before it ("error: OUT_OF_MEMORY",
    // "status=OUT_OF_MEMORY", "result: ..."): another program's status enum of that name (Luxonis
    // DepthAI's device log "Neural network executor '0' out of '2' error: OUT_OF_MEMORY", heldout-39's
    // oak-examples#483 after its measurement), where Slurm writes a state in a column, after "State:"
    // (seff) or "JobState=" (scontrol), never after a word for an error.
    pattern:
      /(?:^|(?<!\b(?:[Ee]rror|ERROR|[Ee]rr|[Ss]tatus|[Rr]esult|ret|[Cc]ode)\s*[:=])[\s=|])OUT_OF_ME(?:MORY\b|\+)|\bReason=OutOfMemory\b/,
    source: 'SchedMD/slurm src/common/slurm_protocol_defs.c job_state_string (JOB_OOM)',
    summary: "Slurm ended the job OUT_OF_MEMORY: a process in the job's cgroup passed its --mem",
  },
  {
    code: 'slurm-jobacct-kill',
    kind: 'host_oom',
    framework: 'slurm',
    weight: 3,
    keywords: ['exceeded memory limit', 'exceeded job memory limit', 'exceeded step memory limit'],
    pattern:
      /(?:(Job|Step) (\d+)(?:\.(\w+))?|(?:StepId|JobId)=(\d+)(?:\.(\w+))?) exceeded memory limit \((\d+) > (\d+)\)|[Ee]xceeded (?:job|step) memory limit(?! at some point)/,
    // "Exceeded step memory limit at some point." is task/cgroup's report of memory.failcnt > 0
    // (task_cgroup_memory.c): usage touched the limit and pages were reclaimed or swapped; it
    // prints for jobs that succeeded, so alone it is no kill (the oom-kill count says that).
    // slurm src/common/slurm_jobacct_gather.c jobacct_gather_handle_mem_limit: the accounting
    // plugin polls the job's memory and kills it over --mem. "Job %u"/"Step %u.%u" releases print
    // KiB; "%ps" (StepId=/JobId=) releases print bytes.
    source: 'SchedMD/slurm src/common/slurm_jobacct_gather.c jobacct_gather_handle_mem_limit',
    summary: "Slurm's accounting killed the job for using more memory than it asked for (--mem)",
    extract: ({ match }) => {
      const unit = match[1] !== undefined ? 1024 : 1;
      const used = intOf(match[6]);
      const limit = intOf(match[7]);
      return {
        facts: definedFacts({
          slurmJob: intOf(match[2] ?? match[4]),
          usageBytes: used === undefined ? undefined : used * unit,
          limitBytes: limit === undefined ? undefined : limit * unit,
        }),
      };
    },
  },
  {
    code: 'kubernetes-oomkilled',
    kind: 'host_oom',
    framework: 'kubernetes',
    weight: 3,
    keywords: ['oomkilled', 'container oom '],
    // Not docker inspect's "OOMKilled": false (State.OOMKilled, the runtime saying its cgroup did NOT
    // kill it), nor the field named in a Go template ({{.State.OOMKilled}}): a reason, never a flag's name.
    pattern:
      /(?<!\.)\bOOMKilled\b(?!["']?\s*[:=]\s*["']?(?:false|False|FALSE|0)\b)|\bcontainer oom [0-9a-f]{12,64}\b/,
    // Docker's event stream names the same kill "container oom <id>" (docs.docker.com engine events:
    // the container's cgroup hit its memory limit).
    source:
      'kubernetes ContainerStateTerminated.reason "OOMKilled"; docker inspect State.OOMKilled (docs.docker.com engine API ContainerState)',
    summary: "the container went over its memory limit and the kernel killed it in the pod's cgroup",
  },
  {
    code: 'kubernetes-evicted',
    kind: 'host_oom',
    framework: 'kubernetes',
    weight: 3,
    keywords: ['low on resource: memory'],
    pattern:
      /The node was low on resource: memory\.?(?:.*?Container (\S+) was using (\S+), which exceeds its request of (\S+))?/,
    // kubelet pkg/kubelet/eviction/helpers.go evictionMessage: node-pressure eviction, decided by
    // the kubelet against the node's available memory, pods over their requests first.
    source: 'kubernetes pkg/kubelet/eviction/helpers.go evictionMessage',
    summary: 'the kubelet evicted the pod because the node ran low on memory',
    extract: ({ match }) => ({ facts: definedFacts({ container: match[1] }) }),
  },
  {
    code: 'container-init-oom',
    kind: 'host_oom',
    framework: 'cgroup',
    weight: 3,
    keywords: ['container init was oom-killed'],
    pattern: /container init was OOM-killed/,
    // runc libcontainer/process_linux.go: the container's first process was killed by its memory
    // cgroup before it could start ("memory limit too low?").
    source: 'opencontainers/runc libcontainer/process_linux.go',
    summary: "the container's memory limit killed it while it was starting",
  },
  {
    code: 'ray-memory-monitor',
    kind: 'host_oom',
    framework: 'ray',
    weight: 3,
    keywords: [
      'killed due to memory pressure',
      'running low on memory',
      'ray.exceptions.outofmemoryerror',
      'ray-oom-prevention',
      'rayoutofmemoryerror',
      'memory on the node (ip:',
      // A paste that redacted the node's IP ("Memory on the node ( ID: ...)") keeps the rest of the
      // raylet's sentence (issue 23, heldout-20's spent misses: users blank addresses before posting).
      'memory on the node (',
      'ray killed this worker',
      'system memory low at node',
    ],
    // The raylet's message ends "Refer to the documentation on how to address the out of memory
    // issue: https://docs.ray.io/.../ray-oom-prevention.html": printed only with a monitor kill.
    pattern:
      /(?:(\d+) Workers? \(tasks \/ actors\) )?killed due to memory pressure \(OOM\)|Task was killed due to the node running low on memory|ray\.exceptions\.OutOfMemoryError|how to address the out of memory issue: \S*ray-oom-prevention|RayOutOfMemoryError: More than [\d.]+% of the memory on node|\bRayTaskError\(RayOutOfMemoryError\)|\bray\.exceptions\.RayOutOfMemoryError\b|Memory on the node \((?:IP: [\d.]+, )?\s*ID: \w+\s*\) where the (?:task|actor|worker)|which exceeds the memory usage threshold (?:of )?[\d.]+\. Ray killed this worker|System memory low at node with IP [\d.]+\. Used memory \([^)]*\) \/ total capacity \([^)]*\) \([\d.]+\) exceeds threshold [\d.]+, killing latest task/,
    // ray src/ray/raylet/node_manager.cc: the raylet's memory monitor kills a worker when the node's
    // memory passes RAY_memory_usage_threshold (default 0.95); docs "Out-Of-Memory Prevention". Its
    // kill message begins "Memory on the node (IP: %s, ID: %s) where the task (... pid=%d ...) was
    // running was %s / %s (%f), which exceeds the memory usage threshold %f" (2.3+); Ray 0.6-1.x's
    // python/ray/memory_monitor.py raised "RayOutOfMemoryError: More than %d%% of the memory on
    // node %s is used (%s / %s GB)"; the task that raised it is reported as
    // "RayTaskError(RayOutOfMemoryError)" (python/ray/exceptions.py RayTaskError.as_instanceof_cause),
    // a class only the memory monitor raises (round 16). Ray 2.0's first raylet monitor
    // (ray-2.0.0 src/ray/raylet/node_manager.cc) said instead "System memory low at node with IP %s.
    // Used memory (%s) / total capacity (%s) (%f) exceeds threshold %f, killing latest task with name
    // %s and task ID %s to avoid running out of memory" (issue 23, heldout-23's spent misses).
    source: 'ray src/ray/raylet/node_manager.cc (memory monitor); python/ray/exceptions.py OutOfMemoryError',
    summary: "Ray's memory monitor killed workers because the node ran low on RAM",
    extract: ({ text, match, before }) => ({
      facts: definedFacts({
        // A terminal or syslog may have wrapped "N Workers (tasks /" onto the line before.
        workersKilled: intOf(match[1] ?? /(\d+) Workers? \(tasks\s*\/?\s*$/.exec(before.at(-1) ?? '')?.[1]),
        node: /IP: ([\d.]+)/.exec(text)?.[1],
        pid: intOf(/\bpid=(\d+)/.exec(text)?.[1]),
      }),
    }),
  },
];
