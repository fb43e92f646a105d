// Verdicts that need more than one line: a library that failed to initialise is memory only when
// the free memory printed beside it is short, and a bus error is /dev/shm only when /dev/shm was
// not measured far from full. Pure: drafts and log-wide facts in, drafts out.

import type { Draft } from './candidates.js';
import { paddleDeviceMemoryErrorCode } from './families/allocation/failure-evidence.js';
import { retoldDeviceOomCode } from './families/allocation/generic.js';
import { launcherKilledRanksCode, rayWorkerDiedCode, retoldKillCode } from './families/host/exits.js';
import { bareKillCodes, hostMemoryFullPercent } from './families/host/explain.js';
import { dockerDefaultShmBytes, shmFullPercent } from './families/host/shm-rules.js';
import type { Facts } from './types.js';

const GiB = 1024 ** 3;

/**
 * Free memory below which a cuDNN/cuBLAS handle cannot be created: handles, workspaces and the
 * kernels they load take up to about 1 GiB outside any framework pool (FACTS Q5: contexts and
 * libraries 0.25–1.5 GiB). With more free than this, the failure is the install, not memory.
 */
export const libraryInitFreeBytes = GiB;

// A library's own "alloc failed" status (CUBLAS_STATUS_ALLOC_FAILED at cublasCreate, cuDNN, cuFFT,
// cuSOLVER, hipBLAS, MIOpen) is the same evidence as a handle that could not be created: cuBLAS
// returns it from cublasCreate both when the GPU is full and when the runtime cannot start the
// library (docs.nvidia.com/cuda/cublas/#cublascreate); decided only by figures beside it (issue 23,
// test/corpus CORPUS-FORMAT "Settled labelling rules" 1).
const libraryInitCodes = new Set(['library-init-failed', 'library-alloc-failed', 'cudnn-autotune-failed']);
const busErrorCodes = new Set(['torch-worker-bus-error', 'dataloader-worker-bus-error', 'bus-error']);

/** True for a draft of a library init failure that no memory figure decided (shown as "unknown"). */
export function isUndecidedInit(draft: Draft): boolean {
  return (
    draft.kind === 'none' && libraryInitCodes.has(draft.code) && typeof draft.facts.freeBytes !== 'number'
  );
}

/** True for a notebook kernel's death that no memory evidence decided (shown as "can't tell"). */
export function isUndecidedKernelDeath(draft: Draft): boolean {
  return draft.kind === 'none' && draft.code === 'memory-kill' && draft.facts.killer === 'notebook';
}

/** True for a Ray worker's death that no memory evidence decided (shown as "can't tell"). */
export function isUndecidedRayWorkerDeath(draft: Draft): boolean {
  return draft.kind === 'none' && draft.code === rayWorkerDiedCode;
}

/**
 * True for the CUDA status that names no cause: cudaErrorUnknown, "unknown error" (999; the driver
 * API's CUDA_ERROR_UNKNOWN), "an unknown internal error has occurred" (CUDA Runtime API, cudaError_t).
 * The statuses read beside it (near-miss/rules.ts cuda-other-status) each name what went wrong, a
 * launch's configuration, a build for another GPU; this one says only that the call failed, so the
 * program's own line before it decides (heldout-43: the driver's PTX compiler's "fatal   : Memory
 * allocation failure", then "CUDA error: unknown error").
 */
export function isCauselessStatus(draft: Draft): boolean {
  return (
    draft.code === 'cuda-other-status' &&
    /\bunknown error\b|\bCUDA_ERROR_UNKNOWN\b|\bcudaErrorUnknown\b/i.test(draft.evidence.text)
  );
}

/** True for a draft the log's evidence could not decide: neither a memory failure nor a near miss. */
export function isUndecided(draft: Draft): boolean {
  return (
    isUndecidedInit(draft) ||
    isUndecidedKernelDeath(draft) ||
    isUndecidedRayWorkerDeath(draft) ||
    isCauselessStatus(draft)
  );
}

/** The library a draft names (cuDNN for XLA's autotuner, which runs cuDNN). */
export function libraryName(draft: Draft): string {
  return typeof draft.facts.library === 'string' ? draft.facts.library : 'cuDNN';
}

/**
 * Library init failures (cuDNN, cuBLAS, MIOpen, rocBLAS, and the messages XLA and TensorFlow
 * wrap them in): decided by the free memory XLA prints beside them (cuda_dnn.cc), not by the
 * words; without figures, "can't tell", the same for every library.
 */
export function resolveLibraryInit(draft: Draft, context: Facts = {}): Draft {
  if (!libraryInitCodes.has(draft.code)) return draft;
  const library = libraryName(draft);
  const free = draft.facts.freeBytes;
  // Every card nvidia-smi shows in the paste is nearly full (cuda/card-shown.ts): memory, said as read
  // from the table, not from the library's own report.
  const shownFree = context.cardShownMostFreeBytes;
  if (typeof free !== 'number' && typeof shownFree === 'number' && shownFree < libraryInitFreeBytes)
    return {
      ...draft,
      weight: 2,
      summary: `${library} could not initialise while nvidia-smi's figures in the paste show the GPU nearly full (${Math.round(shownFree / 1024 ** 2)} MiB free at most): memory (weaker than the library's own figures: nvidia-smi run while the program starts, before the failure, would confirm)`,
    };
  if (typeof free === 'number') {
    return free < libraryInitFreeBytes
      ? { ...draft, weight: 3, summary: `${library} could not initialise: the GPU is nearly full` }
      : {
          ...draft,
          kind: 'none',
          summary: `${library} failed to initialise with plenty of GPU memory free: a library or driver mismatch, not memory`,
        };
  }
  if (draft.facts.autotuneOutOfMemory === true) return { ...draft, weight: 3 };
  // Without figures a library that cannot create its handle is as often a broken or mismatched
  // install as a full GPU: the log cannot tell, whichever library it is.
  return {
    ...draft,
    kind: 'none',
    summary: `${library} failed to initialise; the log has no memory figures to tell a full GPU from a broken install`,
  };
}

/**
 * True when the log measured or stated /dev/shm far from full. A /dev/shm of Docker's default size or
 * smaller is never roomy: df, run after the failure, shows it empty once the workers' segments are gone.
 */
export function isShmMeasuredRoomy(context: Facts): boolean {
  const sizeBytes = context.shmSizeBytes;
  if (typeof sizeBytes === 'number' && sizeBytes <= dockerDefaultShmBytes) return false;
  const percent = context.shmUsePercent;
  if (typeof percent === 'number') return percent < 50;
  const stated = context.shmStatedBytes;
  const peak = context.shmStatedPeakBytes;
  return typeof stated === 'number' && typeof peak === 'number' && peak < 0.5 * stated;
}

/** A bus error is /dev/shm when /dev/shm is measured full, and not when it is measured far from full. */
export function resolveBusError(draft: Draft, context: Facts): Draft {
  const percent = context.shmUsePercent;
  // A worker that died without a message while df showed /dev/shm full ran out of /dev/shm.
  if (draft.code === 'dataloader-worker-exited' && typeof percent === 'number' && percent >= shmFullPercent)
    return { ...draft, kind: 'shm', weight: 2, summary: 'a DataLoader worker died while /dev/shm was full' };
  if (!busErrorCodes.has(draft.code)) return draft;
  if (typeof percent === 'number' && percent >= shmFullPercent) return { ...draft, weight: 3 };
  if (!isShmMeasuredRoomy(context)) return draft;
  return {
    ...draft,
    code: 'bus-error-not-shm',
    kind: 'none',
    weight: 1,
    summary: 'a bus error while /dev/shm was measured far from full: not /dev/shm capacity',
  };
}

/**
 * A notebook front end that only saw its kernel die (Jupyter's "The kernel appears to have died",
 * VS Code's "The Kernel crashed", Colab's "Runtime died"): running out of RAM and a native crash end
 * the kernel the same way, so without memory evidence in the log it is "can't tell" (issue 23,
 * CORPUS-FORMAT settled rule 6). Memory evidence is a large allocation just before (tcmalloc's
 * report); a MemoryError or an allocator's failure is a candidate of its own and decides by itself.
 */
export function resolveKernelDeath(draft: Draft, context: Facts): Draft {
  if (draft.code !== 'memory-kill' || draft.facts.killer !== 'notebook' || draft.weight >= 3) return draft;
  if (typeof context.largeAllocBytes === 'number') return draft;
  return {
    ...draft,
    kind: 'none',
    summary:
      "the notebook's kernel died; the log has no memory evidence to tell running out of RAM from a crash",
  };
}

/**
 * A Ray worker that died with no error of its own (host/exits.ts ray-worker-died): the raylet says
 * only that the worker's socket closed ("connection error code 2. End of file") and lists its own
 * guesses (the OOM killer, `ray stop --force`, a SIGSEGV; ray src/ray/raylet/node_manager.cc), so
 * alone it cannot tell running out of RAM from a crash or a stop, as a notebook's kernel death cannot
 * (issue 23; CORPUS-FORMAT settled rule 6). Memory evidence beside it decides: the user's words that
 * memory ran out or grew (not Ray's own list, log/evidence.ts memoryStated), the host's memory
 * measured nearly all in use, a large allocation just before. Ray's memory monitor and the OOM
 * killer's own lines are candidates of their own.
 */
export function resolveRayWorkerDeath(draft: Draft, context: Facts): Draft {
  if (draft.code !== rayWorkerDiedCode || draft.kind !== 'host_oom') return draft;
  const percent = context.hostMemoryPercent;
  const isMemoryShown =
    context.memoryDenied !== true &&
    (context.memoryStated === true ||
      typeof context.largeAllocBytes === 'number' ||
      (typeof percent === 'number' && percent >= hostMemoryFullPercent));
  if (isMemoryShown) return draft;
  return {
    ...draft,
    kind: 'none',
    summary:
      'a Ray worker died with no error of its own; the log has no memory evidence to tell the OOM killer from a crash or a stop',
  };
}

/**
 * DeepSpeed's launcher killing its ranks (host/exits.ts launcher-killed-ranks) stands only where the
 * child ended silently: a traceback in the log, or the launcher's report of a return code of 0 or more
 * (the child's own exit, not a signal's), takes it back. So does a negative code other than -9: Python's
 * subprocess reports a child ended by signal N as returncode -N (docs.python.org/3/library/subprocess
 * Popen.returncode), and the kernel's OOM killer sends only SIGKILL (linux mm/oom_kill.c
 * __oom_kill_process, do_send_sig_info(SIGKILL)), so -11 (SIGSEGV), -6 (SIGABRT) or -7 (SIGBUS) is the
 * child's own crash, not the OOM killer (issue 23, heldout-20's spent false OOM's form).
 */
export function resolveLauncherKill(draft: Draft, context: Facts): Draft | undefined {
  if (draft.code !== launcherKilledRanksCode) return draft;
  const code = context.launcherReturnCode;
  if (context.hasTraceback === true || (typeof code === 'number' && code !== -9)) return undefined;
  return draft;
}

/**
 * A bare kill (exit 137, "Killed", -9) in a log that names its sender in that sender's own words: a
 * time limit, a cancellation or a preemption (log/evidence.ts namedKiller) ends a process with the
 * same SIGKILL as the OOM killer, and the log says which it was (CORPUS-FORMAT settled rule 2).
 */
export function resolveNamedKiller(draft: Draft, context: Facts): Draft {
  if (!bareKillCodes.has(draft.code) || typeof context.namedKiller !== 'string') return draft;
  return {
    ...draft,
    code: 'kill-by-named-sender',
    kind: 'none',
    weight: 1,
    facts: { ...draft.facts, namedKiller: context.namedKiller },
    summary: `the log names who ended the process: ${context.namedKiller}, whose kill is the same SIGKILL (exit 137) as the OOM killer's; not a memory failure`,
  };
}

/**
 * A bare kill (exit 137, "Killed", -9) in a log that measured memory free around it (log/evidence.ts
 * memoryFreeAtKill: "N MB of M MB stayed available"): the kernel's OOM killer acts only when memory
 * cannot be reclaimed (linux mm/oom_kill.c out_of_memory), so another sender sent this SIGKILL and the
 * log does not say which: "can't tell", with the sender as what decides it.
 */
export function resolveKillWithMemoryFree(draft: Draft, context: Facts): Draft {
  if (!bareKillCodes.has(draft.code) || context.memoryFreeAtKill !== true) return draft;
  return {
    ...draft,
    code: 'kill-with-memory-free',
    kind: 'none',
    weight: 1,
    summary:
      "a process was killed with SIGKILL while the log measured memory still available: not the OOM killer's kill, and the log does not name the sender",
  };
}

/**
 * A kill told only in the user's words (host/exits.ts retold-kill): the shell's "Killed" retold, or
 * a passive "the process was killed" naming no killer, is a bare kill (CORPUS-FORMAT settled rule 2:
 * the kernel's OOM killer is the one killer that prints nothing to its victim; a kill by a named
 * sender, signal or timer is refused by the rule itself). Round 20 (issue 23): the passive once stood
 * only beside memory evidence, and the spent slices' retold kills with none (heldout-15/-18/-19: "the
 * process was killed without any error logs", "its killed suddenly", "程序killed", a title "killed when
 * training on ...") were all labelled bare kills by their gatherers; 1 of 2848 spent logs is a
 * not-memory kill told so, Ray's "died or was killed", refused as a disjunction (exits.ts). Beside the
 * user's words that memory was enough it does not stand; beside a signature's own reading of a memory
 * failure it adds nothing.
 */
export function resolveRetoldKill(draft: Draft, context: Facts, drafts: readonly Draft[]): Draft | undefined {
  if (draft.code !== retoldKillCode) return draft;
  // A signature's own reading of a memory failure says it better than the user's retelling.
  if (drafts.some((d) => d.code !== retoldKillCode && d.kind !== 'none' && !d.isLastResort)) return undefined;
  if (context.memoryDenied === true) return undefined;
  return draft;
}

/**
 * A memory failure told only in the reporter's sentence (prose/reporter-account.ts, and the retold
 * runtime phrase, allocation/generic.ts retold-device-oom) where the log ends in a program's own
 * exception that is not memory ("With no change, I run out of memory. Setting it to anything else
 * causes the following error: ... AttributeError"; "all was fine until my job ran out of memory ... I
 * get the error: Exception in thread "main" java.lang.RuntimeException: File not found"): the
 * program's own last failure (CPython Lib/traceback.py: a traceback ends in "Name: message"; the
 * JVM's uncaught-exception line, generic.ts lastExceptionFactRule) outranks the retelling, which then
 * tells of another run than the one pasted. Any other reading of a failure outranks the bare statement too.
 */
export function resolveReporterAccount(
  draft: Draft,
  context: Facts,
  drafts: readonly Draft[],
): Draft | undefined {
  const isStatement = draft.facts.reporterAccount === true;
  if (!isStatement && draft.code !== retoldDeviceOomCode) return draft;
  // Any other reading of a failure, a program's line or the retold runtime phrase (allocation/generic.ts),
  // says more than the bare statement (the retold phrase, a last resort, yields to them in diagnose.ts).
  if (isStatement && drafts.some((d) => d.facts.reporterAccount !== true && d.kind !== 'none'))
    return undefined;
  const last = context.lastException;
  if (typeof last !== 'string') return draft;
  return /memory|\bOOM\b|ResourceExhausted|bad_alloc|\balloc\w*\s+(?:fail|error)/i.test(last)
    ? draft
    : undefined;
}

/**
 * TensorFlow's ResourceExhaustedError named with no message of its own (a class in a sentence, a
 * traceback's header: tensorflow/rules.ts tf-resource-exhausted) in a log whose status line says what
 * ran out, and it is not memory (near-miss resource-exhausted-other, exhausted-resource.ts): the
 * mention is that status, one failure, not a second one.
 */
export function resolveExhaustedStatusEcho(draft: Draft, drafts: readonly Draft[]): Draft | undefined {
  if (draft.code !== 'tf-resource-exhausted') return draft;
  return drafts.some((d) => d.code === 'resource-exhausted-other') ? undefined : draft;
}

/**
 * A last-resort reading whose lines named neither a device nor the host (allocation/generic.ts) is
 * the GPU's where the log names a GPU or another accelerator anywhere, or where its phrase is the
 * device runtimes' own "out of memory"/"OOM" (generic.ts undecidedSideOf); else the host's.
 */
export function resolveMemorySide(draft: Draft, context: Facts): Draft {
  const lean = draft.facts.memorySideUndecided;
  if (lean !== true && lean !== 'device' && lean !== 'device-named') return draft;
  const { memorySideUndecided: _, retoldMemoryError: bare, ...facts } = draft.facts;
  // An allocator's objectless "Failed to allocate." (allocation/terse-failure.ts) says nothing of its
  // side: the device's only where the log names one; else doctor can't tell, and says what would.
  if (lean === 'device-named')
    return context.deviceSeen === true
      ? {
          ...draft,
          facts,
          summary: `${draft.summary}; the device's, as the log names a device`,
        }
      : {
          ...draft,
          kind: 'none',
          facts,
          summary:
            "an allocator reports that an allocation failed, but neither it nor the log says whose memory (the device's or the host's): doctor can't tell; the library's error line above it, with the request and the device, would decide",
        };
  // A user's bare "memory error" beside a segmentation fault or an access violation the log shows is
  // that fault (generic.ts accessFaultSeenFactRule), not memory running out.
  if (bare === true && context.accessFaultSeen === true)
    return {
      ...draft,
      code: 'retold-memory-error-access-fault',
      kind: 'none',
      weight: 1,
      facts,
      summary:
        'a "memory error" told beside a segmentation fault: a memory access fault, not memory running out',
    };
  // The phrase's device lean holds only in a log that shows an ML framework (generic.ts mlSeenFactRule),
  // and not where the failure came through a JavaScript stack, the engine's own heap (jsStackSeenFactRule).
  const device =
    context.deviceSeen === true ||
    (lean === 'device' && context.mlSeen === true && context.jsStackSeen !== true);
  return { ...draft, kind: device ? 'gpu_oom' : 'host_oom', facts };
}

/**
 * Python's MemoryError in a log whose PaddlePaddle C++ traceback runs the failing kernel on a device
 * (allocation/failure-evidence.ts paddleDeviceKernelFactRule): Paddle raises its allocators' BadAlloc
 * as MemoryError, the device's included, so it is the device's memory.
 */
export function resolvePaddleMemoryError(draft: Draft, context: Facts): Draft {
  if (draft.code !== 'python-memory-error' || context.paddleDeviceKernel !== true) return draft;
  return {
    ...draft,
    code: paddleDeviceMemoryErrorCode,
    kind: 'gpu_oom',
    framework: 'other',
    summary:
      "PaddlePaddle's allocator failed on the device (Paddle raises its BadAlloc as Python's MemoryError)",
  };
}

/**
 * A refused host allocation (std::bad_alloc, MemoryError, a library's own words) in a log whose
 * allocating frame asks for 2^60 bytes or more (host/facts.ts `overflowedSizeBytes`): the length
 * was corrupt or overflowed, no machine has that memory, so it is not a shortage.
 */
export function resolveOverflowedSize(draft: Draft, context: Facts): Draft {
  if (typeof context.overflowedSizeBytes !== 'number') return draft;
  // PyTorch's own "Tried to allocate more than 1EB" (host/facts.ts) is the refusal itself, whatever
  // allocator's signature read it (torch's CUDA, NPU or MLU caching allocator).
  const stated =
    context.overflowedSizeStated === true && (draft.kind === 'gpu_oom' || draft.kind === 'host_oom');
  if (!stated && draft.code !== 'python-memory-error' && draft.code !== 'generic-out-of-memory') return draft;
  return {
    ...draft,
    code: 'overflowed-allocation-size',
    kind: 'none',
    summary: `an allocation of ${context.overflowedSizeBytes.toExponential(2)} bytes (2^60 or more) was refused: a corrupt or overflowed size, not a memory shortage`,
  };
}

/**
 * TensorFlow's pinned host pool is a BFC allocator capped at TF_GPU_HOST_MEM_LIMIT_IN_MB, 1 << 16 MiB
 * (64 GiB) unless set (tensorflow core/common_runtime/gpu/gpu_process_state.cc GetGpuHostAllocator,
 * "gpu_host_bfc"; TF_CUDA_HOST_MEM_LIMIT_IN_MB and "cuda_host_bfc" before 1.14, the same default).
 */
export const tfHostPoolDefaultLimitBytes = 2 ** 36;

/**
 * A BFC dump whose allocator's name the paste cut (jax/rules.ts xla-bfc-dump, no failure line) and
 * whose "Limit:" is the pinned host pool's default cap is that pool's: a device pool's limit is the
 * card's memory times its fraction, less a reserve (gpu_device.cc), never exactly 2^36 by default.
 */
export function resolveHostPoolDump(draft: Draft): Draft {
  if (draft.code !== 'xla-bfc-dump' || draft.kind !== 'gpu_oom') return draft;
  if (draft.facts.limitBytes !== tfHostPoolDefaultLimitBytes) return draft;
  return {
    ...draft,
    kind: 'host_oom',
    summary:
      "TensorFlow's pinned host pool (gpu_host_bfc) dumped its memory map at its default 64 GiB cap: host memory staged for the GPU ran out",
  };
}

/**
 * The CUDA driver refusing TensorFlow's allocator more device memory (jax/rules.ts
 * stream-executor-alloc-failed) is the pool's growth, which BFCAllocator::Extend retries 0.9x smaller
 * (tensorflow core/common_runtime/bfc_allocator.cc kBackpedalFactor): a logged attempt, not an error
 * raised. Beside a Python MemoryError, the error the program did raise, the refusal does not lead.
 */
export function resolvePoolGrowthBesideMemoryError(draft: Draft, drafts: readonly Draft[]): Draft {
  if (draft.code !== 'stream-executor-alloc-failed') return draft;
  if (!drafts.some((d) => d.code === 'python-memory-error' && d.kind === 'host_oom')) return draft;
  return { ...draft, weight: 1 };
}
