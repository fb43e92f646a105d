// Why the host ran out: a cgroup limit (container, Slurm job, pod), DataLoader workers, or the
// whole machine's RAM; and /dev/shm too small.
import type { Draft } from '../candidates.js';
import { type ExplainContext, type Explanation, num, size } from './types.js';

const GiB = 1024 ** 3;

/** Whole GiB at least `bytes` × 1.5, for a limit that leaves room: "48G". */
function roomyGiB(bytes: number): string {
  return `${Math.max(1, Math.ceil((bytes * 1.5) / GiB))}G`;
}

function limitFixes(draft: Draft): string[] {
  const usedBytes =
    num(draft.facts, 'usageBytes') ?? num(draft.facts, 'limitBytes') ?? num(draft.facts, 'anonRssBytes');
  const step = typeof draft.facts.slurmStep === 'string' ? draft.facts.slurmStep.split('.')[0] : undefined;
  switch (draft.framework) {
    case 'slurm':
      return [
        step
          ? `see what the job used: sacct -j ${step} --format=JobID,MaxRSS,ReqMem,State`
          : 'see what the job used: sacct -j <jobid> --format=JobID,MaxRSS,ReqMem,State',
        usedBytes
          ? `resubmit with more memory: sbatch --mem=${roomyGiB(usedBytes)} (or lower num_workers / what the job keeps in RAM)`
          : 'resubmit with a larger --mem (e.g. twice the MaxRSS sacct shows), or lower num_workers / what the job keeps in RAM',
      ];
    case 'kubernetes':
      return [
        usedBytes
          ? `raise the container's resources.limits.memory to ${roomyGiB(usedBytes).replace('G', 'Gi')}`
          : "raise the container's resources.limits.memory (kubectl describe pod <pod> shows the current limit)",
      ];
    default:
      return [
        'see the limit from inside the container: cat /sys/fs/cgroup/memory.max (cgroup v2) or cat /sys/fs/cgroup/memory/memory.limit_in_bytes (v1)',
        usedBytes
          ? `raise the container's memory limit (docker run --memory=${roomyGiB(usedBytes).toLowerCase()}) or lower what the process keeps in RAM`
          : "raise the container's or job's memory limit (docker run --memory=..., Kubernetes resources.limits.memory, Slurm --mem) or lower what the process keeps in RAM",
      ];
  }
}

/** Picks between a memory cgroup limit, DataLoader workers and the host's RAM. */
export function explainHost(draft: Draft): Explanation {
  const { facts } = draft;
  const isLimit =
    ['cgroup', 'slurm', 'kubernetes'].includes(draft.framework) ||
    facts.isCgroupLimit === true ||
    facts.constraint === 'CONSTRAINT_MEMCG';
  const who =
    facts.pid !== undefined
      ? `PID ${facts.pid}${facts.processName ? ` (${facts.processName})` : ''}`
      : 'the process';
  const rss = num(facts, 'anonRssBytes');
  const held = rss !== undefined ? ` holding ${size(rss)} of anonymous memory` : '';
  if (draft.code === 'dataloader-worker-killed' || draft.code === 'dataloader-worker-exited') {
    return {
      cause: 'dataloader_workers',
      causeText:
        `DataLoader worker ${facts.pid ?? ''} was killed: each worker is a separate process with its own copy of whatever the Dataset touches, and num_workers × prefetch_factor batches are in flight`.replace(
          'worker  was',
          'worker was',
        ),
      fixes: [
        'lower DataLoader(num_workers=...) (halve it; 0 loads in the main process) and keep prefetch_factor at its default 2',
        'keep the dataset in numpy arrays or tensors rather than Python lists/dicts, which every worker copies as it reads them',
        'confirm with: dmesg -T | grep -iE "killed process|oom-kill"',
      ],
    };
  }
  if (isLimit) {
    const limit = num(facts, 'limitBytes');
    return {
      cause: 'memory_limit',
      framework: draft.framework === 'kernel' ? 'cgroup' : draft.framework,
      causeText: `${who} hit its memory cgroup limit${limit !== undefined ? ` of ${size(limit)}` : ''} (container, job or pod), not the whole host's RAM${held}`,
      fixes: limitFixes(draft),
    };
  }
  if (draft.weight < 3) {
    return {
      cause: 'host_ram',
      causeText: `${who} was killed with SIGKILL and left no traceback, the signature of the kernel's OOM killer (host RAM exhausted)`,
      fixes: [
        'confirm with: dmesg -T | grep -iE "killed process|oom-kill" (or journalctl -k | grep -i oom)',
        'run it under headroom run to record its host-memory peak and have the kill attributed; lower what it keeps in RAM (replay buffer, cached dataset, num_workers)',
      ],
    };
  }
  return {
    cause: 'host_ram',
    causeText: `the host ran out of RAM and the kernel killed ${who}${held}`,
    fixes: [
      rss !== undefined
        ? `cap it so it fails early with its peak on record: headroom run --host-memory ${Math.ceil(rss / GiB)}GiB -- <command>, then lower what it keeps in RAM (replay buffer, cached dataset, num_workers)`
        : 'lower what the process keeps in RAM (replay buffer, cached dataset, num_workers), or add RAM/swap',
    ],
  };
}

/** /dev/shm too small: the container default is 64 MiB. */
export function explainShm(draft: Draft, { context }: ExplainContext): Explanation {
  const inDocker = context.dockerRun === true;
  const where =
    inDocker && context.dockerShmFlag !== true
      ? ' (the docker run command sets no --shm-size, so /dev/shm is 64 MiB)'
      : '';
  const nccl = draft.framework === 'nccl';
  return {
    cause: 'shm_too_small',
    causeText: `${nccl ? 'NCCL' : 'DataLoader workers'} pass data through /dev/shm and it is full${where}`,
    fixes: [
      'check its size: df -h /dev/shm',
      'docker: docker run --shm-size=8g ... (or --ipc=host); Kubernetes: mount an emptyDir with medium: Memory at /dev/shm',
      nccl
        ? 'or export NCCL_SHM_DISABLE=1 (slower transport, no /dev/shm)'
        : 'or lower DataLoader(num_workers=...) / batch size; num_workers=0 avoids shared memory entirely',
    ],
  };
}
