// Why the host ran out: the kernel's OOM killer for the whole machine, a limit or monitor
// (host-limits.ts), DataLoader workers, or an allocation refused inside a live process
// (host-alloc.ts); and /dev/shm too small.
import type { Draft } from '../../candidates.js';
import { hostAllocationCodes } from '../../host-allocation-codes.js';
import type { FixDetail } from '../../types.js';
import { retoldDeviceOomCode } from '../allocation/generic.js';
import { type ExplainContext, type Explanation, fix, num, size } from '../explain-types.js';
import { reporterAccountCode } from '../prose/reporter-account.js';
import { kernelKillCutCode, launcherKilledRanksCode, retoldKillCode } from './exits.js';
import { explainHostAllocation } from './explain-alloc.js';
import {
  explainEviction,
  explainKill,
  explainRayMonitor,
  explainSlurmAccounting,
  limitFixes,
} from './explain-limits.js';
import { hostMemoryFullPercent, memoryAtCeilingCode } from './memory-at-ceiling.js';
import { shmFullPercent } from './shm-rules.js';

// A memory error raised (an exception, CPython's MemoryError, "memory error"), not a kill told.
const raisedMemoryError =
  /\bmemory\s*error\b|\bout[- ]of[- ]memory\s+(?:exception|error)\b|\bmemory\s+allocation\s+(?:error|failed|failure)\b|\bbad_alloc\b/i;
// A memory failure told in words: allocation/generic.ts's retold reading and prose/reporter-account.ts.
const isRetold = (draft: Draft): boolean =>
  draft.code === retoldDeviceOomCode || draft.code === reporterAccountCode;
function raisedNotKilled(text: string): boolean {
  return raisedMemoryError.test(text) && !/\bkill(?:ed|s)?\b|杀/i.test(text);
}

function who(draft: Draft): string {
  const { facts } = draft;
  return facts.pid !== undefined
    ? `PID ${facts.pid}${facts.processName ? ` (${facts.processName})` : ''}`
    : 'the process';
}

const confirmFix = fix(
  'confirm with: dmesg -T | grep -iE "killed process|oom-kill" (a "Memory cgroup out of memory" line means a container or job limit, not the whole host)',
  'the kernel logs every OOM kill with the victim and its memory; SIGKILL itself says nothing about why',
);

// Docker and Kubernetes record whether the container's own cgroup killed it (docs.docker.com
// "docker inspect" State.OOMKilled; kubernetes.io "Exceed a Container's memory limit": reason OOMKilled).
const containerConfirmFix = fix(
  'in a container, ask the runtime whether its limit killed it: docker inspect --format "{{.State.OOMKilled}}" <container>, or kubectl describe pod <pod> (Last State: OOMKilled)',
  "the container runtime records an OOM kill by the container's own cgroup limit; exit code 137 alone is any SIGKILL",
);

function keepLessFixes(rssBytes: number | undefined): FixDetail[] {
  return [
    fix(
      'lower what the process keeps in RAM: a replay buffer, a cached dataset, num_workers × prefetch_factor batches',
      rssBytes === undefined
        ? 'the OOM killer picks the process using the most memory (mm/oom_kill.c oom_badness), so this one held most of the RAM'
        : `it held ${size(rssBytes)} of anonymous memory (its own heap) when it was killed`,
    ),
    fix(
      'record its host memory over time to see what grows: headroom run -- <command> (samples the whole process tree, DataLoader workers included)',
      'a kill shows only the last moment; a curve that rises each epoch is a growing cache, a step is one large allocation',
    ),
  ];
}

function swapNote(context: ExplainContext['context']): string {
  const total = num(context, 'swapTotalBytes');
  const used = num(context, 'swapUsedBytes');
  if (total === undefined || used === undefined || used > total / 2) return '';
  return `; swap was barely used (${size(used)} of ${size(total)}), so more swap would not have helped`;
}

/**
 * A bare kill (SIGKILL, exit 137, -9, the shell's "Killed") with no killer's message: host OOM, cause
 * unknown. The kernel's OOM killer is the one killer that prints nothing to its victim (linux
 * mm/oom_kill.c logs to the kernel ring buffer only), but a time limit, a user's kill -9 or a
 * container's cgroup limit end a process the same way: the journal decides (issue 23, CORPUS-FORMAT
 * settled rule 2).
 */
// Slurm reads a size with no unit as megabytes (sbatch --mem): "4096M" and "4096" are the same.
const slurmUnits: Record<string, number> = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024 };

/** The request doubled, in the unit it was written in: always above what the script asked. */
function doubledSlurmSize(value: string): string {
  const [, amount, unit] = /^(\d+(?:\.\d+)?)([KMGT]?)$/.exec(value) ?? [];
  if (amount === undefined) return value;
  const megabytes = Number(amount) * (slurmUnits[unit || 'M'] ?? 1) * 2;
  return megabytes >= 1024 && megabytes % 1024 === 0 ? `${megabytes / 1024}G` : `${Math.ceil(megabytes)}M`;
}

// A bare kill inside a Slurm job whose script states its memory request: the job's cgroup limit is
// the one limit the log shows, and its OOM killer prints nothing to the victim either.
function explainJobLimitKill(draft: Draft, option: string, value: string): Explanation {
  const raised = doubledSlurmSize(value);
  return {
    cause: 'memory_limit',
    framework: 'slurm',
    causeText: `${who(draft)} was ended by SIGKILL inside a Slurm job that asked for ${option}=${value}: with Slurm's cgroup limits that request is the job's memory limit, and the kernel's OOM killer inside the job's cgroup prints nothing to its victim; no other killer's message is in the log`,
    fixes: [
      fix(
        'see what the job used: sacct -j <jobid> --format=JobID,MaxRSS,ReqMem,State',
        "Slurm records each step's peak RSS (MaxRSS) against what it asked for (ReqMem); OUT_OF_MEMORY confirms the limit",
      ),
      fix(
        `resubmit asking for more, e.g. ${option}=${raised} (the script asks for ${value}), or run fewer tasks or workers in the job`,
        `the job's cgroup allows what ${option} asks for (sbatch --mem/--mem-per-cpu); the processes together passed it`,
      ),
    ],
  };
}

function explainSigkill(draft: Draft, { context }: ExplainContext): Explanation {
  const option = context.jobMemoryOption;
  const value = context.jobMemoryValue;
  if (typeof option === 'string' && typeof value === 'string')
    return explainJobLimitKill(draft, option, value);
  const exit = draft.facts.exitCode === -9 ? 'return code -9 (SIGKILL)' : 'SIGKILL';
  // The host's own memory measured nearly all in use before the kill (psutil's percent, log/evidence.ts
  // hostMemoryPercent): the host's RAM is what ran out, the OOM killer's usual case.
  const usedPercent = num(context, 'hostMemoryPercent');
  if (usedPercent !== undefined && usedPercent >= hostMemoryFullPercent)
    return {
      cause: 'host_ram',
      causeText: `${who(draft)} was ended by ${exit} after the log measured the host's memory ${usedPercent}% in use: the host ran out of RAM, and the kernel's OOM killer, which prints nothing to its victim, is what ends a process then${swapNote(context)}`,
      fixes: [confirmFix, ...keepLessFixes(undefined)],
    };
  // The program's own figures before the kill: what it keeps in the host's RAM (Ollama's model estimate
  // less its GPU share, log/evidence.ts modelNeedBytes, modelOnGpuBytes) past what the host said was
  // free with its free swap (hostFreeBytes, hostFreeSwapBytes): the host's RAM could not hold it.
  const hostNeed = hostShareOfModel(context);
  const hostFree = num(context, 'hostFreeBytes');
  if (hostNeed !== undefined && hostFree !== undefined) {
    const swap = num(context, 'hostFreeSwapBytes') ?? 0;
    if (hostNeed > hostFree + swap)
      return {
        cause: 'host_ram',
        causeText: `${who(draft)} was ended by ${exit} after the log planned ${size(hostNeed)} of the model in the host's RAM with ${size(hostFree)} free and ${size(swap)} of swap: the host's RAM could not hold it, and the kernel's OOM killer, which prints nothing to its victim, ends a process then`,
        fixes: [
          confirmFix,
          fix(
            `load less into RAM: a smaller or more quantized model, a shorter context, or more of it on the GPU; or free ${size(hostNeed - hostFree - swap)} of RAM or swap first`,
            `the model's host share (${size(hostNeed)}) is past the host's free memory and swap (${size(hostFree + swap)})`,
          ),
        ],
      };
  }
  const subject =
    draft.facts.launcher === true
      ? `the launcher reports that its child${draft.facts.pid !== undefined ? ` (PID ${draft.facts.pid})` : ''}`
      : who(draft);
  const traceNote =
    context.hasTraceback === true
      ? "; the traceback in the log is the launcher's or parent's, not the killed process's own"
      : ' and left no traceback';
  const shm = num(context, 'shmUsePercent');
  const shmNote =
    shm !== undefined && shm >= shmFullPercent
      ? `; df showed /dev/shm ${shm}% full, and its pages take RAM too`
      : '';
  // The runtime's own answer is in the log already ("OOMKilled": false, log/evidence.ts): the
  // container's limit did not kill it, and asking the runtime again is what the log shows done.
  const isRuntimeNo = context.runtimeOomKilled === false;
  const where = isRuntimeNo
    ? "the container runtime reports OOMKilled false, so by the runtime's record the container's own memory limit did not kill it: the host's OOM killer, a time limit or another sender is left"
    : context.inContainer === true
      ? "inside a container: its memory limit (the cgroup's OOM killer) or the host's OOM killer"
      : "the kernel's OOM killer (host RAM, or a container's or job's limit) is the usual sender";
  // The kernel OOM killer's words quoted without the rest of its line (exits.ts kernel-oom-kill-cut):
  // the killer is named, what ran out is not ("Out of memory" for the host, "Memory cgroup out of
  // memory" for a limit, linux mm/oom_kill.c).
  const killerNote =
    draft.code === kernelKillCutCode
      ? "the kernel OOM killer's words are quoted without its pid, process or figures, so which memory ran out is not stated: host RAM, or a container's or job's limit"
      : `no killer's message is in the log, so why is not stated: ${where}${isRuntimeNo ? '' : '; a time limit or a manual kill -9 look the same'}`;
  return {
    cause: 'unknown',
    causeText: `${subject} ended by ${exit} with no Python error of its own${traceNote}; ${killerNote}${shmNote}`,
    fixes: [
      confirmFix,
      ...(context.inContainer === true && !isRuntimeNo ? [containerConfirmFix] : []),
      // A compiler the build ran (gcc's "Killed signal terminated program cc1plus"): a parallel build
      // runs one compiler a job, each holding its translation unit's memory (GNU make -j, ninja's
      // default of the core count + 2, PyTorch extensions' MAX_JOBS).
      ...(draft.code === 'compiler-killed'
        ? [
            fix(
              'build with fewer parallel compile jobs (make -j2, ninja -j2, MAX_JOBS=2 for PyTorch/CUDA extensions) or give the build more memory',
              'each parallel job runs its own compiler, and cc1plus on a large C++/CUDA file can take several GiB',
            ),
          ]
        : keepLessFixes(undefined)),
    ],
  };
}

// What a model loader plans to keep in the host's RAM: its whole estimate less its GPU share.
function hostShareOfModel(context: ExplainContext['context']): number | undefined {
  const need = num(context, 'modelNeedBytes');
  if (need === undefined) return undefined;
  return need - (num(context, 'modelOnGpuBytes') ?? 0);
}

export { hostMemoryFullPercent } from './memory-at-ceiling.js';

// The exits that say only that a process got SIGKILL (exits.ts): no killer's message of their own.
export const bareKillCodes = new Set([
  'sigkill-exit',
  'shell-killed',
  'compiler-killed',
  kernelKillCutCode,
  retoldKillCode,
  launcherKilledRanksCode,
]);

// An OOM kill told in words whose victim is a pod or a container ("the pod ... gets OOM Killed"):
// Kubernetes and Docker report the kernel's kill inside the container's memory cgroup that way
// (kubernetes.io "Assign Memory Resources to Containers and Pods": a container over its limit "becomes
// a candidate for termination ... OOMKilled"), the one-word reason read by host/rules.ts
// kubernetes-oomkilled; CORPUS-FORMAT settled rule 3.
const podKilled = /\b(?:pods?|containers?)\b[^.\n]{0,80}?\bOOM[- ]?kill/i;

/**
 * A limit of the process's own (a memory cgroup, a Slurm job, a pod), not the host's RAM: the kill's
 * own lines say so, or, for the kernel's OOM kill, the log's words state a container's or pod's
 * memory limit (log/evidence.ts containerLimitStated).
 */
function isLimitOf(draft: Draft, context: ExplainContext['context'] = {}): boolean {
  const { facts } = draft;
  return (
    ['cgroup', 'slurm', 'kubernetes'].includes(draft.framework) ||
    facts.isCgroupLimit === true ||
    facts.constraint === 'CONSTRAINT_MEMCG' ||
    (draft.code === 'memory-kill' && podKilled.test(draft.evidence.text)) ||
    (context.containerLimitStated === true && isKernelKill(draft) && facts.constraint !== 'CONSTRAINT_NONE')
  );
}

// The kernel's OOM killer's own lines (host/rules.ts, host/kill.ts): the same inside a memory cgroup
// and for the whole host, unless the summary's constraint says which (CONSTRAINT_NONE: the host).
const kernelKillCodes = new Set(['kernel-oom-kill', 'kernel-oom-invoked', 'kernel-oom-summary']);
const isKernelKill = (draft: Draft): boolean =>
  kernelKillCodes.has(draft.code) || (draft.code === 'memory-kill' && draft.facts.killer === 'kernel');

// The host's memory shown at its ceiling with no failure line of any program (memory-at-ceiling.ts):
// a host that full ends the way a host out of RAM does, most often the OOM killer's kill, yet a
// refused allocation reads the same from a figure, so it stays open beside it (settled rules 2, 8).
function explainMemoryAtCeiling(draft: Draft, { context }: ExplainContext): Explanation {
  const percent = num(draft.facts, 'hostMemoryPercent');
  return {
    cause: 'host_ram',
    causeText: `the log shows the host's memory ${percent !== undefined ? `${percent}% ` : ''}in use, not how the process ended: a host that full is where the kernel's OOM killer ends the process holding the most${swapNote(context)}`,
    fixes: [...keepLessFixes(undefined), confirmFix],
    alternatives: [
      {
        cause: 'host_allocation',
        decidedBy:
          'the process\'s own last lines: a MemoryError, "Cannot allocate memory" or "Unable to allocate" means its allocation was refused while it lived; "Killed" with dmesg\'s "Out of memory: Killed process" means the kernel ended it',
      },
    ],
  };
}

/** Picks between the limits and monitors, DataLoader workers, allocation failures and the host's RAM. */
export function explainHost(draft: Draft, ctx: ExplainContext): Explanation {
  const { facts } = draft;
  if (hostAllocationCodes.has(draft.code)) return explainHostAllocation(draft, ctx);
  switch (draft.code) {
    case 'ray-memory-monitor':
      return explainRayMonitor(draft, ctx.context);
    case 'kubernetes-evicted':
      return explainEviction();
    case memoryAtCeilingCode:
      return explainMemoryAtCeiling(draft, ctx);
    case 'memory-kill':
      // The kernel's own kill inside a memory cgroup is the cgroup's limit, whichever line said so first.
      if (facts.killer !== 'kernel' || !isLimitOf(draft, ctx.context)) return explainKill(draft, ctx.context);
      break;
    case 'slurm-jobacct-kill':
      return explainSlurmAccounting(draft);
    case 'dataloader-worker-killed':
    case 'dataloader-worker-exited':
      // A killer's message merged into the worker's kill decides it (settled rule 3): Slurm's
      // accounting, a memory cgroup, a monitor.
      if (facts.slurmJob !== undefined) return explainSlurmAccounting(draft);
      if (isLimitOf(draft)) break;
      if (typeof facts.killer === 'string') return explainKill(draft, ctx.context);
      // A worker killed with no killer's message is a bare kill of a worker: host OOM, cause unknown
      // (issue 23, CORPUS-FORMAT settled rule 7): the workers, a leak in the main process and a job's
      // limit end a worker the same way. The fixes that act on the workers come first.
      return {
        cause: 'unknown',
        causeText: `DataLoader worker${facts.pid !== undefined ? ` ${facts.pid}` : ''} ${draft.code === 'dataloader-worker-exited' ? 'died without a message of its own' : `was ended by ${facts.signal === 'SIGTERM' ? 'SIGTERM' : 'SIGKILL'}`} and no killer's message is in the log, so why is not stated: the OOM killer is the usual sender and picks the process holding the most memory, often a worker when each holds its own copy of what the Dataset touches (num_workers × prefetch_factor batches in flight); a container's or job's limit, or the main process growing, end a worker the same way`,
        fixes: [
          fix(
            'lower DataLoader(num_workers=...) (halve it; 0 loads in the main process) and keep prefetch_factor at its default 2',
            'each worker is a process whose memory counts against the same RAM (or cgroup) as the main process',
          ),
          fix(
            'keep the dataset in numpy arrays or tensors rather than Python lists/dicts, which every worker copies as it reads them',
            'touching a Python object writes its reference count, so forked workers copy the pages of every list they read (copy-on-write)',
          ),
          confirmFix,
        ],
      };
  }
  const isLimit = isLimitOf(draft, ctx.context);
  const rss = num(facts, 'anonRssBytes');
  const held = rss !== undefined ? ` holding ${size(rss)} of anonymous memory` : '';
  if (isLimit) {
    const limit = num(facts, 'limitBytes');
    const atStart = draft.code === 'container-init-oom' ? ' while the container was starting' : '';
    return {
      cause: 'memory_limit',
      framework: draft.framework === 'kernel' ? 'cgroup' : draft.framework,
      causeText: `${who(draft)} hit its memory cgroup limit${limit !== undefined ? ` of ${size(limit)}` : ''}${atStart} (container, job or pod), not the whole host's RAM${held}${isLimitOf(draft) ? '' : "; the kernel's kill line is the same for both, and the log's words state the container's memory limit"}`,
      fixes: limitFixes(draft),
    };
  }
  if (bareKillCodes.has(draft.code)) return explainSigkill(draft, ctx);
  // An out-of-memory told in the user's own words (allocation/generic.ts) as an error the process
  // raised ("getting memory error", "an error called memoryerror", "an out of memory exception"), with
  // no kill told: an allocation refused inside the live process (CPython's MemoryError, PyMem_NoMemory
  // in Objects/obmalloc.c; CORPUS-FORMAT settled rule 8), not the kernel's OOM killer (round 16).
  if (isRetold(draft) && raisedNotKilled(draft.evidence.text))
    return {
      cause: 'host_allocation',
      causeText:
        'the log tells of a memory error the process raised (a refused allocation), not of a kill: the process asked for more RAM than the host could give',
      fixes: [
        fix(
          'hold less at once: load or build the data in chunks (numpy: np.memmap, np.load(..., mmap_mode="r"); pandas: chunksize=; fewer parallel jobs, each with its own copy)',
          'a refused allocation is the process asking for more RAM than is free at that moment',
        ),
        fix(
          "record the process tree's host memory over time: headroom run -- <command>",
          'it shows whether memory climbs before the failure (a growing buffer) or jumps at it',
        ),
      ],
    };
  // The same told in words with neither a kill nor a raised error (a kill told in words is
  // host/kill.ts's retold kill): the kernel's OOM killer is the usual end, yet a refused allocation
  // reads the same in a user's sentence, so it stays open beside it (settled rules 2 and 8).
  if (isRetold(draft) && !/\bkill(?:ed|s)?\b/i.test(draft.evidence.text))
    return {
      cause: 'host_ram',
      causeText: `the log tells in words of the host running out of RAM, not how the process ended: most often the kernel's OOM killer ends the process holding the most${swapNote(ctx.context)}`,
      fixes: [...keepLessFixes(rss), confirmFix],
      alternatives: [
        {
          cause: 'host_allocation',
          decidedBy:
            'the process\'s own last lines: a MemoryError, "Cannot allocate memory" or "Unable to allocate" means its allocation was refused while it lived; "Killed" with dmesg\'s "Out of memory: Killed process" means the kernel ended it',
        },
      ],
    };
  return {
    cause: 'host_ram',
    causeText: `the host ran out of RAM and the kernel killed ${who(draft)}${held}${swapNote(ctx.context)}`,
    fixes: keepLessFixes(rss),
  };
}
