// Host memory ended by a limit or a monitor rather than by the machine running out: a memory
// cgroup (container, pod, Slurm's cgroup), Slurm's accounting kill, Kubernetes' eviction, Ray's
// memory monitor. Each is named as what it is, with the setting that moves it.
import type { Draft } from '../../candidates.js';
import type { Facts, FixDetail } from '../../types.js';
import { type Explanation, fix, num, size } from '../explain-types.js';

const GiB = 1024 ** 3;

/** Whole GiB at least `bytes` × 1.5: room above what was used, never below it. */
export function roomyGiB(bytes: number): number {
  return Math.max(1, Math.ceil((bytes * 1.5) / GiB));
}

function usedOf(draft: Draft): number | undefined {
  return num(draft.facts, 'usageBytes') ?? num(draft.facts, 'anonRssBytes');
}

/** Fixes for a memory cgroup limit, in the words of whoever set it. */
export function limitFixes(draft: Draft): FixDetail[] {
  const used = usedOf(draft);
  const step = typeof draft.facts.slurmStep === 'string' ? draft.facts.slurmStep.split('.')[0] : undefined;
  const usedText = used === undefined ? '' : ` (it used ${size(used)})`;
  switch (draft.framework) {
    case 'slurm':
      return [
        fix(
          `see what the job used: sacct -j ${step ?? '<jobid>'} --format=JobID,MaxRSS,ReqMem,State`,
          "Slurm records each step's peak RSS (MaxRSS) against what it asked for (ReqMem)",
        ),
        fix(
          used === undefined
            ? 'resubmit with a larger --mem (e.g. 1.5 × the MaxRSS sacct shows), or lower num_workers / what the job keeps in RAM'
            : `resubmit with sbatch --mem=${roomyGiB(used)}G (or lower num_workers / what the job keeps in RAM)`,
          `the kernel killed a process in the job's cgroup when it reached the job's --mem${usedText}`,
        ),
      ];
    case 'kubernetes':
      return [
        fix(
          used === undefined
            ? "raise the container's resources.limits.memory (kubectl describe pod <pod> shows the current limit and the last state)"
            : `raise the container's resources.limits.memory to ${roomyGiB(used)}Gi`,
          `OOMKilled is the kernel enforcing the container's own limit in its cgroup${usedText}`,
        ),
      ];
    default:
      return [
        fix(
          'see the limit from inside the container: cat /sys/fs/cgroup/memory.max (cgroup v2) or cat /sys/fs/cgroup/memory/memory.limit_in_bytes (v1)',
          'the kill came from a memory cgroup (mem_cgroup_out_of_memory / CONSTRAINT_MEMCG), whose limit is this file',
        ),
        fix(
          used === undefined
            ? "raise the container's or job's memory limit (docker run --memory=..., Kubernetes resources.limits.memory, Slurm --mem) or lower what the process keeps in RAM"
            : `raise the container's memory limit (docker run --memory=${roomyGiB(used)}g) or lower what the process keeps in RAM`,
          `the cgroup's limit, not the machine's RAM, ran out${usedText}`,
        ),
      ];
  }
}

/** Slurm's jobacct kill: polled usage over --mem, killed by slurmstepd (not the kernel). */
export function explainSlurmAccounting(draft: Draft): Explanation {
  const used = num(draft.facts, 'usageBytes');
  const limit = num(draft.facts, 'limitBytes');
  const job = draft.facts.slurmJob;
  const numbers =
    used !== undefined && limit !== undefined ? ` at ${size(used)} against its --mem of ${size(limit)}` : '';
  const fixes: FixDetail[] = [
    fix(
      `see what the job used: sacct -j ${job ?? '<jobid>'} --format=JobID,MaxRSS,ReqMem,State`,
      "Slurm records each step's peak RSS (MaxRSS) against what it asked for (ReqMem)",
    ),
    fix(
      used === undefined
        ? 'resubmit with a larger --mem (1.5 × the MaxRSS sacct shows)'
        : `resubmit with sbatch --mem=${roomyGiB(used)}G`,
      `the job was killed when its sampled memory passed --mem${used !== undefined ? `; ${roomyGiB(used)}G is 1.5 × the ${size(used)} it reached` : ''}`,
    ),
  ];
  // What ran out is the job's own --mem (the cause, as for a cgroup kill); who enforced it is the
  // accounting plugin rather than the kernel (the framework and the sentence say so).
  return {
    cause: 'memory_limit',
    causeText: `Slurm's accounting (jobacct_gather) sampled the job${numbers} and killed it: a polling kill by slurmstepd for exceeding --mem, not the kernel's cgroup OOM killer`,
    fixes,
  };
}

/** Kubernetes node-pressure eviction: the kubelet, not the kernel and not the container's limit. */
// What ran out is the node's RAM (the cause); the kubelet is who acted on it (the framework), as the
// kill grammar separates who killed from why.
export function explainEviction(): Explanation {
  // The kubelet is a user-space monitor: it evicts at its own threshold of the node's available
  // memory (memory.available < eviction-hard, kubernetes.io "Node-pressure Eviction"), like
  // earlyoom, systemd-oomd and Ray's monitor (CORPUS-FORMAT settled rule 3).
  return {
    cause: 'memory_monitor',
    framework: 'kubernetes',
    causeText:
      "the kubelet evicted the pod because the node ran low on memory (node-pressure eviction): not the kernel's OOM killer and not the container's own limit; pods using more than their memory request go first",
    fixes: [
      fix(
        "set the container's resources.requests.memory to what it really uses (limits equal to requests for Guaranteed QoS)",
        'the scheduler places pods by their requests, and the kubelet evicts pods that exceed their requests first (Kubernetes node-pressure eviction)',
      ),
      fix(
        "see the node's pressure and the pods on it: kubectl describe node <node>; kubectl top pod",
        "the eviction was decided from the node's available memory, which other pods share",
      ),
    ],
  };
}

/** Ray's memory monitor: the raylet kills workers over a threshold before the kernel would. */
export function explainRayMonitor(draft: Draft, context: Facts): Explanation {
  const workers = draft.facts.workersKilled;
  const ip = draft.facts.node ?? context.rayNodeIp;
  const node = typeof ip === 'string' ? ip : '<node ip>';
  return {
    cause: 'memory_monitor',
    causeText: `Ray's memory monitor killed ${workers ?? 'a'} worker${workers === 1 || workers === undefined ? '' : 's'} because the node's memory passed RAY_memory_usage_threshold (0.95 of the node by default): the raylet acted before the kernel's OOM killer`,
    fixes: [
      fix(
        'run fewer tasks or actors at once on the node: request more CPUs (num_cpus) or memory (memory=...) per task, or keep less in each worker (rollouts, logits)',
        "the monitor kills when the node's total passes the threshold; fewer concurrent workers keep it under (Ray docs, Out-Of-Memory Prevention)",
      ),
      fix(
        `see which workers were killed and how much they held: ray logs raylet.out -ip ${node}`,
        'the raylet logs each kill with the worker and its memory',
      ),
    ],
  };
}

/** earlyoom's default -m: SIGTERM when available memory is at or below 10% (rfjakob/earlyoom README). */
const earlyoomDefaultPercent = 10;

const mib = (bytes: unknown): string => `${Math.round(Number(bytes) / 2 ** 20)} MiB`;

const killerNames: Record<string, string> = {
  'systemd-oomd': 'systemd-oomd',
  earlyoom: 'earlyoom',
  yarn: "YARN's container monitor",
};

/** A kill in the kill grammar's words (rules/kill.ts): a monitor at a threshold, the kernel, or a notebook that saw its kernel die. */
export function explainKill(draft: Draft, context: Facts = {}): Explanation {
  const { facts } = draft;
  const killer = String(facts.killer ?? 'kernel');
  const victim =
    facts.pid !== undefined
      ? `PID ${facts.pid}${facts.processName ? ` (${facts.processName})` : ''}`
      : typeof facts.cgroup === 'string'
        ? facts.cgroup
        : typeof facts.unit === 'string'
          ? `a process of ${facts.unit}`
          : 'the process';
  const dmesg = fix(
    'confirm with: dmesg -T | grep -iE "killed process|oom-kill" (or journalctl -k)',
    'the kernel logs every OOM kill with the victim and its memory',
  );
  const keepLess = fix(
    'lower what the process keeps in RAM (a cached dataset, a replay buffer, num_workers × prefetch_factor batches) and record its memory over time: headroom run -- <command>',
    'the host (or the slice) ran short of RAM while this process held most of it',
  );
  if (killer === 'systemd-oomd') {
    const pressure =
      facts.pressurePercent !== undefined
        ? `: memory pressure ${facts.pressurePercent}% above its limit of ${facts.limitPercent}%`
        : '';
    return {
      cause: 'memory_monitor',
      causeText: `systemd-oomd killed ${victim}${pressure}: a user-space monitor that acts on memory pressure (PSI) or swap use of a whole cgroup before the kernel's OOM killer would`,
      fixes: [
        fix(
          'see its decisions and limits: oomctl, and journalctl -u systemd-oomd',
          "systemd-oomd kills the cgroup with the most reclaim pressure once the slice's ManagedOOMMemoryPressureLimit is passed (systemd-oomd.service(8), oomd.conf(5))",
        ),
        fix(
          "run the job in its own scope with a limit it may use (systemd-run --user --scope -p MemoryMax=<size> ...), or raise the slice's ManagedOOMMemoryPressureLimit=",
          'the pressure of the whole slice, not this process alone, crossed the limit',
        ),
        keepLess,
      ],
    };
  }
  if (killer === 'yarn') {
    // YARN's NodeManager kills a container whose process tree passes the memory the container was
    // given (hadoop-yarn-server-nodemanager ContainersMonitorImpl, "Container killed by YARN for
    // exceeding memory limits. 12.0 GB of 12 GB physical memory used"; Spark's message names
    // spark.yarn.executor.memoryOverhead, docs running-on-yarn): the container's own limit, as a
    // cgroup's or a pod's is, not a monitor's threshold of the host's free memory.
    return {
      cause: 'memory_limit',
      causeText: `${killerNames[killer]} killed ${victim}: its process tree passed the memory its container was given (the container's own limit, not the host's RAM)`,
      fixes: [
        fix(
          'raise the container memory: mapreduce.map.memory.mb / spark.executor.memoryOverhead, or lower what each task holds',
          "YARN's NodeManager kills a container whose process tree passes its memory allocation (ContainersMonitorImpl)",
        ),
        keepLess,
      ],
    };
  }
  if (killer === 'earlyoom') {
    // earlyoom acts only when available RAM and free swap are BOTH below its thresholds (-m 10% by
    // default; rfjakob/earlyoom README): at its default the machine itself is out of RAM and the
    // kernel's OOM killer would have come next (rfjakob/earlyoom#88, #128); run with a higher -m
    // (earlyoom#131: -m 50) it kills while RAM is still free, which is its own setting's doing.
    // Who acted decides the cause, as for systemd-oomd and Ray's monitor: a kill line of earlyoom's
    // own (a victim's pid) is the monitor killing at its threshold (memory_monitor); its low-memory
    // reports without a kill of its own, or a kill the kernel's OOM killer finished (its "Killed
    // process" line for the victim), are the host running out (host_ram).
    const threshold = num(facts, 'earlyoomMemPercent');
    const atDefault = threshold === undefined || threshold <= earlyoomDefaultPercent;
    const isReportOnly = killer === 'earlyoom' && (facts.pid === undefined || facts.kernelKilled === true);
    return {
      cause: isReportOnly ? 'host_ram' : 'memory_monitor',
      causeText: isReportOnly
        ? facts.availableBytes !== undefined
          ? `earlyoom reports ${mib(facts.availableBytes)} of ${mib(facts.totalBytes)} of RAM available: the host was out of RAM (earlyoom itself kills only once free swap is low too)`
          : "earlyoom reports available RAM and free swap below its thresholds: the host was out of RAM; the log shows no kill of earlyoom's own"
        : killer === 'earlyoom' && atDefault
          ? `earlyoom killed ${victim}: a user-space monitor that kills once available RAM and free swap both fall below its thresholds (at its default 10% the host was nearly out of RAM), just before the kernel's OOM killer would`
          : `${killerNames[killer]} killed ${victim}: a user-space monitor that kills at a threshold of free memory before the kernel's OOM killer would`,
      fixes: [
        fix(
          'see the thresholds it runs with (earlyoom -m PERCENT,KILL_PERCENT -s ...; systemctl cat earlyoom) and what it killed (journalctl -u earlyoom)',
          'earlyoom sends SIGTERM below -m percent of available memory and swap, SIGKILL below half of that (earlyoom README)',
        ),
        keepLess,
      ],
    };
  }
  if (killer === 'nohang')
    // nohang acts when MemAvailable and SwapFree fall below its soft or hard thresholds (hakavlad/nohang
    // nohang.conf soft_threshold_min_mem / hard_threshold_min_mem): a monitor at its own threshold, as
    // earlyoom and systemd-oomd are (CORPUS-FORMAT settled rule 3).
    return {
      cause: 'memory_monitor',
      causeText: `nohang acted on ${victim === 'the process' ? 'a victim' : victim}: a user-space low-memory handler that sends SIGTERM, then SIGKILL, once available memory and free swap fall below its thresholds, before the kernel's OOM killer would`,
      fixes: [
        fix(
          'see the thresholds it runs with (soft_threshold_min_mem, hard_threshold_min_mem, *_min_swap in nohang.conf) and what it acted on (journalctl -u nohang)',
          'nohang implements its corrective action below its configured memory and swap thresholds (hakavlad/nohang nohang.conf)',
        ),
        keepLess,
      ],
    };
  if (killer === 'dask')
    return {
      cause: 'memory_monitor',
      causeText: `Dask's nanny restarted the worker: its memory passed the worker's budget (distributed.worker.memory.terminate, 95% of its memory_limit by default)`,
      fixes: [
        fix(
          'give each worker more memory (dask worker --memory-limit, LocalCluster(memory_limit=...)) or use fewer threads per worker, or split the data into smaller partitions',
          'the nanny kills a worker whose process passes the terminate fraction of its memory_limit (Dask docs, worker memory management)',
        ),
        keepLess,
      ],
    };
  if (killer === 'scheduler') {
    const limit = num(facts, 'limitBytes');
    return {
      cause: 'memory_limit',
      causeText: `the batch scheduler killed the job for passing the memory it asked for${limit !== undefined ? ` (${size(limit)})` : ''}: the job's own limit, not the machine's RAM`,
      fixes: [
        fix(
          limit !== undefined
            ? `ask for more memory than the ${size(limit)} it had (${schedulerMemoryRequest(facts.scheduler)}), or lower what the job keeps in RAM`
            : `ask for more memory (${schedulerMemoryRequest(facts.scheduler)}), or lower what the job keeps in RAM`,
          'the scheduler enforces the memory the job requested',
        ),
      ],
    };
  }
  // XNU's EXC_RESOURCE kill at a process's own footprint limit (host/kill.ts: "exceeded mem limit:
  // ActiveHard N MB (fatal)", bsd/kern/kern_memorystatus.c): the process passed the limit the system
  // set for it, whatever RAM was free.
  const processLimit = num(facts, 'limitBytes');
  if (killer === 'jetsam' && processLimit !== undefined)
    return {
      cause: 'memory_limit',
      causeText: `macOS ended ${victim} at its own memory limit (${size(processLimit)}, EXC_RESOURCE): the process's footprint passed the limit the system set for it, not the machine's RAM`,
      fixes: [keepLess],
    };
  // The debugger's report of an app the system ended for its memory (host/kill.ts: Xcode's "killed by
  // the operating system because it is using too much memory", LLDB's "Terminated due to memory
  // issue"): the foreground app's own footprint limit, which the device's other apps do not move;
  // the device's memory pressure ending it is the other reading, which its jetsam report's reason decides.
  if (killer === 'jetsam' && facts.isAppMemoryLimit === true)
    return {
      cause: 'memory_limit',
      causeText:
        "the system ended the app for its memory footprint: an iOS/iPadOS app has a per-app memory limit far below the device's RAM (the foreground app is ended at it, jetsam reason per-process-limit), so what the app holds at once (a model's weights, decoded buffers) passed that limit",
      fixes: [
        fix(
          'keep less in the app at once: a smaller or more quantized model, weights loaded in parts, buffers released as they are used; os_proc_available_memory() tells how much the app may still take',
          "the limit is the app's own footprint, not the device's free RAM (Apple: os_proc_available_memory, jetsam event reports)",
        ),
        fix(
          'ask for a higher limit on devices that allow one: the com.apple.developer.kernel.increased-memory-limit entitlement (iOS 15+)',
          "Apple's entitlement lets core features exceed the default app memory limit on supported devices",
        ),
      ],
      alternatives: [
        {
          cause: 'host_ram',
          decidedBy:
            'the JetsamEvent report of the kill (Settings > Privacy & Security > Analytics Data, or Xcode > Devices): reason "per-process-limit" is the app\'s own limit, "vm-pageshortage" the device out of memory as a whole',
        },
      ],
    };
  if (killer === 'jetsam' || killer === 'lmkd') {
    const name = killer === 'jetsam' ? "macOS's jetsam" : "Android's low-memory killer";
    return {
      cause: 'host_ram',
      causeText: `${name} killed ${victim}: the device's RAM ran short (on Apple silicon the GPU shares it), and the kernel's memory-pressure killer ended the largest process`,
      fixes: [
        killer === 'jetsam'
          ? fix(
              'see the kills and the memory state: log show --last 1h --predicate \'eventMessage CONTAINS "memorystatus"\', and the JetsamEvent reports in Console',
              'jetsam writes a JetsamEvent report naming the largest process and the reason for each kill (Apple, jetsam event reports)',
            )
          : fix(
              'see the kills: adb logcat -b events | grep lowmemorykiller',
              'lmkd logs each kill with the process, its oom_score_adj and the memory it freed',
            ),
        keepLess,
      ],
    };
  }
  if (killer === 'renderer')
    return {
      cause: 'host_ram',
      causeText:
        "the editor's window (a Chromium renderer process) ran out of memory (reason 'oom'): what the window holds (a large file, a notebook's outputs, an extension) outgrew the memory it could get",
      fixes: [
        fix(
          "see what the window's processes hold: Help > Open Process Explorer; close large notebooks' outputs or disable the extension that grows",
          "Electron reports a renderer that failed an allocation or passed V8's heap limit as reason 'oom' (render-process-gone)",
        ),
        keepLess,
      ],
    };
  if (killer === 'notebook') {
    return {
      cause: 'host_ram',
      causeText: `the notebook's kernel process died${draft.weight >= 3 ? ' after using all the RAM the session had' : typeof context.largeAllocBytes === 'number' ? ` right after it took ${size(context.largeAllocBytes)} more at once (its allocator reported the allocation: tcmalloc, TensorFlow's CPU allocator): it ran out of RAM, the front end only saw it end` : ' without an error of its own; the front end only saw it end, and running out of RAM (the OOM killer) is the usual reason'}`,
      fixes: [
        ...(draft.weight >= 3 ? [] : [dmesg]),
        fix(
          'load less at once: read the data in chunks or as memory-mapped arrays, free large objects (del x; gc.collect()) before the next cell',
          "a notebook kernel keeps every cell's results alive until they are deleted",
        ),
      ],
    };
  }
  return {
    cause: 'host_ram',
    causeText: `the kernel's OOM killer killed ${victim}: the host (or the unit's memory limit) ran out of RAM`,
    fixes: [dmesg, keepLess],
  };
}

// How each batch scheduler is asked for memory, by the scheduler the kill grammar read (host/kill.ts
// facts.scheduler): LSF bsub -M / rusage[mem] (IBM LSF docs), HTCondor request_memory (submit
// description), PBS -l mem= (Torque also vmem/pmem; openpbs pbs_resources(7)), Grid Engine -l h_vmem=
// (per slot, queue_conf(5)).
function schedulerMemoryRequest(scheduler: unknown): string {
  if (scheduler === 'lsf') return 'LSF: bsub -M / -R "rusage[mem=...]"';
  if (scheduler === 'htcondor') return 'HTCondor: request_memory';
  if (scheduler === 'pbs') return 'PBS: qsub -l mem=... (Torque: also -l vmem=/pmem=)';
  if (scheduler === 'sge') return 'Grid Engine: qsub -l h_vmem=..., per slot';
  return 'LSF: bsub -M / -R "rusage[mem=...]"; HTCondor: request_memory; PBS: -l mem=; Grid Engine: -l h_vmem=';
}
