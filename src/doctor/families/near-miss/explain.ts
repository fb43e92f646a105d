// Failures that are not memory shortages: say what they are and what to do instead. Also the
// library failures whose numbers (or their absence) do not support calling them memory.
import type { Draft } from '../../candidates.js';
import { libraryName } from '../../resolve.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, size } from '../explain-types.js';
import type { NamedSender } from '../log/evidence.js';
import { jaxPoolWords } from '../outside-pool.js';

const blocking =
  'CUDA reports kernel errors asynchronously; with CUDA_LAUNCH_BLOCKING=1 the failing call raises them';

const nearMissFixes: Record<string, FixDetail[]> = {
  'kill-by-named-sender': [
    fix(
      "give the job more time (sbatch --time, timeout, the CI job's timeout-minutes) or make it shorter (fewer steps, checkpoint and resume)",
      'the sender the log names ends a process when its time or its turn is up, whatever memory it holds',
    ),
  ],
  'kill-with-memory-free': [
    fix(
      "find the SIGKILL's sender: the kernel's log (dmesg -T | grep -iE 'killed process|oom') names an OOM kill, the runner's or scheduler's log a timeout or a cancellation, and auditd (auditctl -a exit,always -F arch=b64 -S kill) any other process that sent it",
      'memory stayed available around the kill, so the OOM killer, which acts only when none can be reclaimed, did not send it',
    ),
  ],
  'overflowed-allocation-size': [
    fix(
      'find where the size is computed (a length read from a file or header, a negative value cast to size_t) and check the input it was read from',
      'a request of 2^60 bytes or more is beyond any address space (57-bit at most): the size itself is wrong',
    ),
  ],
  'cuda-device-assert': [
    fix('rerun with CUDA_LAUNCH_BLOCKING=1 to see the failing operation', blocking),
    fix(
      'check that labels/indices are in range (e.g. targets in [0, num_classes) for the loss)',
      'a device-side assert is an index check inside a kernel (CUDA_KERNEL_ASSERT), not an allocation',
    ),
  ],
  'cuda-illegal-address': [
    fix(
      'rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel; check custom CUDA ops and upgrade the framework or CUDA toolkit (compiler bugs)',
      `an illegal address is a kernel reading or writing outside its buffers (cudaErrorIllegalAddress); ${blocking}`,
    ),
  ],
  'cuda-driver-mismatch': [
    fix(
      "compare the driver's CUDA version (nvidia-smi) with the framework's build; update the driver or install a build for your CUDA and GPU",
      'the driver, the CUDA runtime and the kernels compiled into the framework must all support this GPU',
    ),
  ],
  'cublas-failed': [
    fix('rerun with CUDA_LAUNCH_BLOCKING=1 and check the shapes and dtypes of the failing matmul', blocking),
  ],
  'nccl-failed': [
    fix(
      'rerun with NCCL_DEBUG=INFO to see which rank and transport failed',
      'NCCL logs each transport and failure per rank at INFO',
    ),
  ],
  'nccl-shm-missing': [
    fix(
      'check that every rank runs the same NCCL version (a mismatch or a regression breaks the segment handshake), and rerun with NCCL_DEBUG=INFO',
      'errno 2 (ENOENT) means the peer never created the segment or removed it; a full /dev/shm is errno 28 (ENOSPC)',
    ),
  ],
  'cffi-write-execute': [
    fix(
      'upgrade cffi and the library that calls ffi.callback() (pyOpenSSL, soundfile, sounddevice: newer releases use libffi closures or no callback), or lift the restriction for this process (systemd MemoryDenyWriteExecute=no, SELinux deny_execmem off)',
      "the system refuses memory both writable and executable, which cffi's old-style callbacks need (cffi docs, 'Callbacks')",
    ),
  ],
  'gpu-device-lost': [
    fix(
      "read the driver's own log for why it took the device away (Linux: dmesg -T | grep -iE 'xid|nvrm|amdgpu|i915|xe'; Windows: Event Viewer > System, Display/TDR events; a browser: its GPU page, chrome://gpu or about:support)",
      'a lost device is a reset, hang or removal the driver decided; its log names the reason (a timeout, a fault, memory), the program only sees the loss',
    ),
    fix(
      'if the loss follows long kernels or frames, shorten them or raise the watchdog (Windows TdrDelay), and recreate the device on loss instead of retrying on the old one',
      'after a device is lost every call on it fails, allocations included, whatever memory is free',
    ),
  ],
  'segmentation-fault': [
    fix(
      'run with python -X faulthandler to see where it crashed',
      'faulthandler prints the Python stack of every thread on SIGSEGV',
    ),
  ],
  'shm-fd-limit': [
    fix(
      "torch.multiprocessing.set_sharing_strategy('file_system') at the start of the script, or raise the limit: ulimit -n 65535",
      "the default 'file_descriptor' strategy keeps one open descriptor per shared tensor (errno 24 EMFILE)",
    ),
  ],
  'bus-error-not-shm': [
    fix(
      'check the files the workers read through mmap (a network, overlay or mounted volume that changes or drops under them raises SIGBUS), and rerun with num_workers=0 to see the error in the main process',
      'SIGBUS also comes from touching a mapped page whose file was truncated or whose device failed; /dev/shm was measured far from full',
    ),
  ],
  'cudnn-library-missing': [
    fix(
      'install the cuDNN that the framework was built with (pip list | grep -i -E "cudnn|cuda" shows what is installed)',
      'the framework found no cuDNN, or an older one than it was compiled against',
    ),
  ],
};

const installCheck = fix(
  'check that the cuDNN/cuBLAS and CUDA libraries match the framework build (pip list | grep -i -E "cudnn|cublas|cuda"), and try a clean install or another framework release',
  'a library that fails to initialise with memory to spare is a version or install problem',
);

// What to do about each sender log/evidence.ts namedKiller names other than a time limit (whose fix is
// nearMissFixes' "give the job more time"): a user's cancel or a stop is no limit to raise, and
// telling the user to give a cancelled job more time would be a wrong fix (issue 23 item 5).
// What to do for each resource exhausted-resource.ts names.
const exhaustedFixes: Record<string, FixDetail[]> = {
  'disk space': [
    fix(
      'free space or a quota on the file system the path in the message is on (df -h <dir>), or write there less (fewer checkpoints kept)',
      'errno ENOSPC/EDQUOT: the write failed for want of disk, whatever memory was free',
    ),
  ],
  'file descriptors or another per-process limit': [
    fix(
      'raise the open-files limit (ulimit -n 65535) or close files the program keeps open',
      'errno EMFILE/ENFILE: the process or the system ran out of file descriptors, not of memory',
    ),
  ],
  'the RPC message size limit': [
    fix(
      "raise the channel's and the server's message size limits (grpc.max_receive_message_length / grpc.max_send_message_length) or send smaller messages",
      "gRPC refuses a message past its size limit (4 MiB by default on receive) with RESOURCE_EXHAUSTED; the first figure in the message is the message's size, the second the limit",
    ),
  ],
  'no resource at all (the status relayed by its code number, 8)': [
    fix(
      'paste the lines before the status from the layer that raised it (an RPC, a sampler, a server): they name what ran out, a message size limit, a quota or memory',
      'RESOURCE_EXHAUSTED (gRPC code 8) is one code for every resource; relayed as its number it names none',
    ),
  ],
  'a quota or rate limit': [
    fix(
      "wait and retry with backoff, or raise the service's quota",
      'the service refused the call for its quota or request rate (HTTP 429), not for memory',
    ),
  ],
};

const namedSenderFixes: Record<Exclude<NamedSender, 'a time limit'>, FixDetail> = {
  'a cancellation': fix(
    "find who cancelled it and why (Slurm: sacct -j <job> -o JobID,State,Reason; a CI run's page names a manual cancel or its timeout-minutes), and give it more time only where a time limit did it; nothing about memory to change",
    'a cancelled job is ended by its scheduler with the same signals as any kill; the cancel came from a user, an admin, a dependency or a CI timeout',
  ),
  preemption: fix(
    'make the job resumable (checkpoint, and sbatch --requeue with a handler for the warning signal: --signal=B:USR1@120), or run it in a partition or QoS that is not preempted',
    'a preempted job is ended for a job of higher priority, whatever memory it holds',
  ),
  'docker stop': fix(
    'handle SIGTERM in the program so it exits within the grace period, or give it longer (docker stop -t <s>, compose stop_grace_period); the 137 is docker stop, not memory',
    "docker stop sends SIGTERM, then SIGKILL once the grace period (10 s by default) is over (moby daemon/stop.go: 'using the force')",
  ),
  'a stop that timed out': fix(
    'the service was being stopped and outlived its stop timeout, so systemd killed it: find what stopped it (journalctl -u <unit>), and let it exit on SIGTERM within TimeoutStopSec; nothing about memory to change',
    "systemd sends SIGTERM, then SIGKILL when the stop timeout passes (systemd src/core/service.c: State 'stop-sigterm' timed out. Killing.)",
  ),
  'a node failure': fix(
    'rerun the job (from its last checkpoint); sinfo -R or the admins say why the node failed; nothing about memory to change',
    'Slurm ends every job on a node it finds failed, whatever memory the job held',
  ),
  'a requeue': fix(
    'the job was requeued (scontrol requeue, or by preemption): let it resume from its last checkpoint; nothing about memory to change',
    'a requeued job is ended and put back in the queue by Slurm itself',
  ),
  'a kill the user ran': fix(
    'the log shows the SIGKILL sent by hand (kill -9, docker kill/stop, pkill, scancel, timeout -s KILL): nothing about memory to change; if the process had hung, find why before killing it',
    'the kill the log shows ran from a shell prompt, and sends the same SIGKILL (137) as the OOM killer',
  ),
  'a CPU limit': fix(
    'ask for the CPUs the job uses (PBS: -l ncpus=...), or cap its threads (OMP_NUM_THREADS, torch.set_num_threads, DataLoader num_workers) to what it asked for',
    'the scheduler killed the job for using more CPUs than it requested, not memory',
  ),
  'an exit the program asked for': fix(
    "find what asked for the exit (a ray.kill, an actor that exited on purpose, a driver that shut down) in the driver's own code; nothing about memory to change",
    'Ray records an exit it was asked for as INTENDED_USER_EXIT or INTENDED_SYSTEM_EXIT, never for a worker its memory monitor killed (NODE_OUT_OF_MEMORY)',
  ),
};

/** A failure that is not a memory shortage. */
export function explainNearMiss(draft: Draft): Explanation {
  const free = num(draft.facts, 'freeBytes');
  const total = num(draft.facts, 'totalBytes');
  if (free !== undefined && total !== undefined) {
    return {
      cause: 'not_memory',
      causeText: `${draft.summary} (${size(free)} of ${size(total)} was free)`,
      fixes: [
        fix(
          installCheck.fix,
          `${size(free)} of ${size(total)} was free when it failed; ${installCheck.because}`,
        ),
      ],
    };
  }
  const exhausted = draft.facts.exhaustedResource;
  if (draft.code === 'resource-exhausted-other' && typeof exhausted === 'string')
    return {
      cause: 'not_memory',
      causeText: `the RESOURCE_EXHAUSTED status names ${exhausted}, not memory (the status is one code for every resource)`,
      fixes: exhaustedFixes[exhausted] ?? [],
    };
  if (draft.code === 'kill-by-named-sender') {
    const sender = draft.facts.namedKiller;
    const senderFix =
      typeof sender === 'string' && sender in namedSenderFixes
        ? namedSenderFixes[sender as keyof typeof namedSenderFixes]
        : undefined;
    if (senderFix) return { cause: 'not_memory', causeText: draft.summary, fixes: [senderFix] };
  }
  return { cause: 'not_memory', causeText: draft.summary, fixes: nearMissFixes[draft.code] ?? [] };
}

/**
 * A library that failed to initialise with no memory numbers: memory or install, the log cannot
 * tell. What decides it comes first (who holds the GPU while it starts), then what to do in each case.
 */
export function explainUndecidedInit(draft: Draft, ctx: ExplainContext): Explanation {
  const layer = libraryName(draft);
  const versionCheck = ctx.frameworks.torch
    ? 'python -c "import torch; print(torch.version.cuda, torch.backends.cudnn.version())"'
    : 'pip list | grep -i -E "cudnn|cuda|jax|tensorflow"';
  const ifFull: FixDetail[] = [];
  if (ctx.frameworks.jax)
    ifFull.push(
      fix(
        'if it is nearly full: keep one JAX process per GPU, or export XLA_PYTHON_CLIENT_PREALLOCATE=false in the other JAX processes (and in this one)',
        `${jaxPoolWords(ctx)}; a second JAX process, or TensorFlow in the same one, leaves ${layer} nothing for its handle`,
      ),
    );
  else if (ctx.frameworks.tensorflow)
    ifFull.push(
      fix(
        'if it is nearly full: let TensorFlow grow instead of preallocating (tf.config.experimental.set_memory_growth(gpu, True) for each GPU, or TF_FORCE_GPU_ALLOW_GROWTH=true)',
        `TensorFlow takes nearly all free memory at start, and ${layer} allocates its handle outside that pool`,
      ),
    );
  else
    ifFull.push(
      fix(
        "if it is nearly full: stop what holds it (another process), or start the library's first call before the framework's cache fills the card",
        `${layer} allocates its handle and workspace outside the framework's allocator`,
      ),
    );
  return {
    cause: 'unknown',
    causeText: `${layer} failed to initialise and the log prints no memory figures: a GPU already full and a broken or mismatched install fail the same way; who holds the GPU while it starts decides which`,
    fixes: [
      fix(
        'see who holds the GPU while it starts: nvidia-smi --query-compute-apps=pid,used_memory --format=csv (nearly full: memory; mostly free: the install)',
        `${layer} handle creation fails both when its memory cannot be allocated and when the library does not match the driver`,
      ),
      ...ifFull,
      fix(
        `if it is mostly free, check the versions the framework sees: ${versionCheck}`,
        installCheck.because,
      ),
    ],
  };
}

/** A notebook kernel that died with no memory evidence in the log: what would tell RAM from a crash. */
export function explainUndecidedKernelDeath(): Explanation {
  return {
    cause: 'unknown',
    causeText:
      "the notebook's front end saw its kernel process end and the log shows nothing else: running out of RAM (the OOM killer) and a crash in native code (a segfault, an abort in a library) end a kernel the same way",
    fixes: [
      fix(
        'confirm with: dmesg -T | grep -iE "killed process|oom-kill" (a line naming the kernel\'s python process means RAM), or read the Jupyter server\'s own log (VS Code: Output > Jupyter) for the crash',
        'the kernel logs every OOM kill with the victim; a native crash leaves its error in the server log instead',
      ),
      fix(
        'run the same cells as a script (jupyter nbconvert --to script, then python) to see the error the notebook hides, or watch memory while it runs: headroom run -- python script.py',
        'outside the notebook the process prints its own error, or the memory curve shows whether RAM ran out',
      ),
    ],
  };
}

/** A Ray worker that died with no error of its own and no memory evidence beside it: "can't tell". */
export function explainUndecidedRayWorkerDeath(): Explanation {
  return {
    cause: 'unknown',
    causeText:
      "Ray's raylet saw a worker die with no error of the worker's own (its exit type SYSTEM_ERROR) and the log shows nothing else about memory: the raylet's list of possible causes (the OOM killer, ray stop --force, a SIGSEGV) is its guess, and running out of RAM and a crash end a worker the same way",
    fixes: [
      fix(
        "confirm with: dmesg -T | grep -iE \"killed process|oom-kill\" on the worker's node (a line naming the worker's PID means RAM), and read the dead worker's own log (/tmp/ray/session_latest/logs/worker-*<PID>*.err, python-core-worker-*.log) for a crash",
        "the kernel logs every OOM kill with the victim's PID; a crash leaves its error in the worker's log, which the raylet's message does not repeat",
      ),
      fix(
        "watch the node's memory while it runs (ray memory, or headroom run -- <command>): Ray's memory monitor kills a worker itself above RAY_memory_usage_threshold and says so",
        "a memory curve that climbs to the node's limit before the death decides it is RAM",
      ),
    ],
  };
}
