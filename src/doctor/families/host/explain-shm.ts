// /dev/shm too small: DataLoader workers pass batches through it, NCCL its buffers, multiprocessing
// its semaphores. Docker's default is 64 MiB.
import type { Draft } from '../../candidates.js';
import type { Facts, FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, size } from '../explain-types.js';
import { dockerDefaultShmBytes, shmFullPercent } from './shm-rules.js';

const GiB = 1024 ** 3;
/** What --shm-size suggests; a /dev/shm the log shows at least this large is not the container default. */
export const suggestedShmBytes = 8 * GiB;

/**
 * How to give /dev/shm more room, never what the log shows done: with --ipc=host or a /dev/shm
 * already larger than the suggestion, the container flag changes nothing and the host's tmpfs (or
 * what fills it) is what to look at (docker run --shm-size / --ipc, docs.docker.com/reference/cli/docker/container/run).
 */
function growShm(context: Facts): FixDetail {
  const shown = Math.max(num(context, 'shmSizeBytes') ?? 0, num(context, 'shmStatedBytes') ?? 0);
  if (context.shmIpcHost === true || context.dockerShmFlag === true || shown >= suggestedShmBytes)
    return fix(
      `the /dev/shm in use is already ${shown > 0 ? size(shown) : "the host's or a size the command sets"}: look at what fills it (ls -la /dev/shm, stale segments of killed runs) and at the host's tmpfs size (mount -o remount,size=<size> /dev/shm)`,
      context.shmIpcHost === true
        ? "--ipc=host shares the host's /dev/shm, so a container flag cannot make it larger"
        : 'a larger --shm-size than what is set changes nothing when it was not the limit reached',
    );
  return fix(
    'docker: docker run --shm-size=8g ... (or --ipc=host); Kubernetes: mount an emptyDir with medium: Memory at /dev/shm',
    "Docker gives a container a 64 MiB /dev/shm unless told otherwise (docker run --shm-size); a pod gets the runtime's default",
  );
}

/** Ray's object store fell back to /tmp: /dev/shm is smaller than the store Ray sized from the RAM. */
function explainRayObjectStore(draft: Draft): Explanation {
  const available = num(draft.facts, 'shmAvailableBytes');
  const suggested =
    typeof draft.facts.suggestedShmSize === 'string' ? draft.facts.suggestedShmSize : undefined;
  return {
    cause: 'shm_too_small',
    causeText: `Ray's object store wanted /dev/shm, which has only ${available !== undefined ? size(available) : 'a little'} available, so it put the store in /tmp (disk-backed, slower)`,
    fixes: [
      fix(
        suggested !== undefined
          ? `give the container a larger /dev/shm: docker run --shm-size=${suggested} (the size Ray asks for); Kubernetes: an emptyDir with medium: Memory at /dev/shm`
          : 'give the container a larger /dev/shm (docker run --shm-size=..., Kubernetes: an emptyDir with medium: Memory at /dev/shm)',
        "Ray sizes its object store from the node's RAM and keeps it in /dev/shm when it fits (Ray docs, object store memory)",
      ),
      fix(
        'or set the store smaller: ray start --object-store-memory=<bytes> (ray.init(object_store_memory=...)) below what /dev/shm holds',
        'a store that fits /dev/shm stays there',
      ),
    ],
  };
}

/** /dev/shm too small, with the container's default named when the log shows docker run. */
export function explainShm(draft: Draft, { context }: ExplainContext): Explanation {
  const inDocker = context.dockerRun === true;
  const where =
    inDocker && context.dockerShmFlag !== true
      ? ' (the docker run command sets no --shm-size, so /dev/shm is 64 MiB)'
      : '';
  const percent = num(context, 'shmUsePercent');
  const sizeBytes = num(context, 'shmSizeBytes');
  const isDefaultSize = sizeBytes !== undefined && sizeBytes <= dockerDefaultShmBytes;
  // Docker's 64 MiB measured with room left: the workers' segments went with them (too small, not full).
  const isDefaultRoomy = isDefaultSize && percent !== undefined && percent < shmFullPercent;
  const measured = isDefaultRoomy
    ? `; df showed it ${size(sizeBytes)}, Docker's default size (${percent}% in use when measured: the workers' segments are freed when they die)`
    : percent !== undefined
      ? `; df showed it ${percent}% full${sizeBytes !== undefined ? ` of ${size(sizeBytes)}` : ''}`
      : '';
  if (draft.framework === 'ray') return explainRayObjectStore(draft);
  const nccl = draft.framework === 'nccl';
  const user = nccl
    ? 'NCCL passes its buffers'
    : 'DataLoader workers pass batches (and multiprocessing its semaphores)';
  return {
    cause: 'shm_too_small',
    causeText: `${user} through /dev/shm and it ${isDefaultRoomy ? 'is too small for them' : 'is full'}${where}${measured}`,
    fixes: [
      // Not where the log shows df's line for /dev/shm already (issue 23 item 5: never what is done).
      ...(sizeBytes === undefined
        ? [
            fix(
              'check its size and use: df -h /dev/shm',
              '/dev/shm is a tmpfs whose size is fixed when it is mounted',
            ),
          ]
        : []),
      growShm(context),
      nccl
        ? fix(
            'or export NCCL_SHM_DISABLE=1 (slower transport, no /dev/shm)',
            'NCCL then passes data between local ranks over other transports',
          )
        : fix(
            'or lower DataLoader(num_workers=...) / batch size; num_workers=0 avoids shared memory entirely',
            'each worker keeps prefetch_factor batches in /dev/shm until the main process takes them',
          ),
    ],
  };
}
