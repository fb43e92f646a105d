// A shared-memory segment that could not be set up, in any program's words (issue 23 item 4, the
// shm group): one reading of the shape every program that passes data through POSIX or System V
// shared memory prints when a step of making a segment fails, whatever the program.
//
// What the shape rests on:
// - Setting up a segment is three steps: create or open it (shm_open(3), shmget(2)), give it its size
//   (ftruncate(2), posix_fallocate(3): on the /dev/shm tmpfs this is where the pages are taken, ENOSPC
//   when it is full, linux mm/shmem.c), and map it (mmap(2)). Programs report the failed step in their
//   own words: PaddlePaddle "Memory map failed when create shared memory." (paddle/fluid/memory/
//   allocation/mmap_allocator.cc, PADDLE_ENFORCE_NE(ptr, MAP_FAILED)); Ray's plasma client
//   "shared_memory.cc:32: mmap failed" (ray src/ray/object_manager/plasma/shared_memory.cc
//   ClientMmapTableEntry, RAY_LOG(FATAL) << "mmap failed"); NCCL "Error while creating shared memory
//   segment" (NVIDIA/nccl src/misc/shmutils.cc); PyTorch "unable to allocate shared memory(shm) for
//   file" (aten/src/ATen/MapAllocator.cpp).
// - The failed step's errno, where the program prints it on the line or the lines before, decides
//   whether it was space: ENOSPC ("No space left on device", 28) is the full tmpfs; ENOMEM ("Cannot
//   allocate memory", 12) is the process's memory or map count, a host allocation that exits.ts reads
//   by strerror; any other errno is another failure (POSIX shm_open ERRORS: EACCES, EEXIST, EINVAL,
//   EMFILE, ENAMETOOLONG, ENFILE, ENOENT; NCCL's "Cuda failure 'invalid argument'" registering the
//   segment, NVIDIA/nccl#1518), not memory. With no errno printed the creation failing is read as the
//   full tmpfs, the likeliest reason, weaker evidence: the summary says so and what would confirm it.
// - Only the setup steps (create, size, allocate, map): opening, attaching to or unlinking a segment
//   that exists cannot run out of space ("could not unlink the shared memory file", labelled none).
// - Not a GPU kernel's on-chip shared memory (Triton's "out of resource: shared memory, Required: N,
//   Hardware limit: M", CUDA's per-block limit): another memory, and no failure of the host's.
import type { LogRule } from '../../types.js';

// Shared memory as the line names it: the words, a source file or call named for it, or the tmpfs.
const sharedMemory = String.raw`(?:shared[ _-]?memory|\bshm\b|\/dev\/shm)`;
// A failure as programs word one.
const failed = String.raw`(?:\bfail(?:ed|ure|s)?\b|\bunable\b|\bcould\s*n[o']?t\b|\bcannot\b|\bcan't\b|\berror\b)`;
// A setup step: create, allocate, size, map (not open, attach, unlink, close).
const setupStep = String.raw`(?:\bcreat\w*|\ballocat\w*|\bmmap\w*|\bmap(?:ping)?\b|\bmemory\s+map\w*|\breserv\w*|\bresiz\w*|\bextend\w*|\btruncat\w*|\bf?allocat\w*|\bposix_fallocate\b)`;
// The System V and POSIX calls that are themselves the step ("shmget failed", "shm_open failed").
const shmCall = String.raw`\b(?:shmget|shm_open)\b`;

const gap = (n: number) => String.raw`[^\n.]{0,${n}}?`;

/** A setup step of a shared-memory segment said to have failed, in the three orders programs print. */
export const shmSetupFailed = new RegExp(
  [
    // "Failed to create shared memory segment", "Error while creating shared memory segment",
    // "failed to allocate 1234 bytes of shared memory", "unable to allocate shared memory(shm)".
    `${failed}${gap(30)}${setupStep}${gap(40)}${sharedMemory}`,
    // "Memory map failed when create shared memory."
    `${setupStep}${gap(20)}${failed}${gap(30)}${sharedMemory}`,
    // "shared_memory.cc:32: mmap failed" (a source file named for it, at a line), "shared memory
    // creation failed".
    `${sharedMemory}(?:\\.\\w{1,4}:\\d+\\]?:?)?${gap(40)}${setupStep}${gap(20)}${failed}`,
    // "shmget failed: No space left on device".
    `${shmCall}${gap(20)}${failed}`,
  ].join('|'),
  'i',
);

// A GPU kernel's on-chip shared memory, not the host's (Triton's OutOfResources, CUDA's per-block
// limit and the attributes that raise it).
const onChipSharedMemory =
  /\bout of resources?\b|\bhardware limit|\bper[ -]?(?:block|SM|thread ?block)\b|\bsmem\b|\bdynamic shared memory\b|\bsharedMem\w*|\bcudaFuncSetAttribute\b|\btoo many resources\b/i;
// The line supposes or advises instead of reporting ("if ... fails", "may fail to allocate").
const supposed = /\b(?:if|whether|unless|may|might|in\s+case|to\s+avoid|prevent\w*)\b/i;

/** The errno a setup step printed, as strerror words it (glibc) or as its number. */
export type ShmSetupReason = 'space' | 'memory' | 'other';

const spaceReason = /No space left on device|\bENOSPC\b|(?:errno|error)\s*[=:]?\s*28\b|\(28\)/i;
const memoryReason = /Cannot allocate memory|\bENOMEM\b|(?:errno|error)\s*[=:]?\s*12\b|\(12\)/i;
const otherReason =
  /Permission denied|File exists|No such file or directory|Too many open files|Invalid argument|Function not implemented|Operation not permitted|Read-only file system|File name too long|Bad file descriptor|\bE(?:ACCES|EXIST|NOENT|MFILE|NFILE|INVAL|NOSYS|PERM|ROFS|NAMETOOLONG|BADF)\b|Cuda failure '(?!out of memory)[^']*'/;

/** What the lines around a failed setup step say its errno was, or undefined where none is printed. */
export function shmSetupReason(lines: readonly string[]): ShmSetupReason | undefined {
  const text = lines.join('\n');
  if (spaceReason.test(text)) return 'space';
  if (memoryReason.test(text)) return 'memory';
  if (otherReason.test(text)) return 'other';
  return undefined;
}

export const shmSetupRule: LogRule = {
  code: 'shm-setup-failed',
  kind: 'shm',
  framework: 'other',
  weight: 2,
  keywords: ['shared memory', 'shared_memory', 'shared-memory', 'sharedmemory', 'shm'],
  pattern: shmSetupFailed,
  source:
    'shm_open(3), ftruncate(2), posix_fallocate(3), mmap(2) ERRORS (man-pages 6.x); linux mm/shmem.c (ENOSPC on a full tmpfs); PaddlePaddle mmap_allocator.cc; ray src/ray/object_manager/plasma/shared_memory.cc; NVIDIA/nccl src/misc/shmutils.cc',
  summary:
    'a shared-memory segment could not be set up (created, sized or mapped): most often /dev/shm is full; `df -h /dev/shm` at the failure would confirm it',
  extract: ({ text, match, before }) => {
    if (onChipSharedMemory.test(text)) return undefined;
    if (supposed.test(text.slice(0, match.index))) return undefined;
    const reason = shmSetupReason([...before.slice(-4), text]);
    // ENOMEM is a host allocation (exits.ts reads its strerror); another errno is another failure.
    if (reason === 'memory' || reason === 'other') return undefined;
    return reason === 'space' ? { weight: 3 } : {};
  },
};
