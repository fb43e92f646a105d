// /dev/shm too small: DataLoader workers pass batches through shared memory, NCCL its buffers.
import type { LogRule } from '../../types.js';
import { definedFacts, intOf, lineStart } from '../extract.js';
import { shmSetupRule } from './shm-setup.js';
import { coreDumpedReport, signalWords, zshReport } from './signal-token.js';

/** df's Use% at which /dev/shm counts as full: a batch or two more fills it. */
export const shmFullPercent = 90;

/**
 * The /dev/shm Docker gives a container unless told otherwise (docker run --shm-size, default 64m:
 * docs.docker.com/reference/cli/docker/container/run). A /dev/shm this small is too small for
 * DataLoader workers whatever df showed afterwards: a dead worker's segments are unlinked before
 * the user runs df, so it shows the tmpfs empty.
 */
export const dockerDefaultShmBytes = 64 * 1024 ** 2;

/** df -h's line for /dev/shm (Size Used Avail Use% Mounted on): sizes in groups 1-3, Use% in 4. */
export const dfShmLine =
  /(\d[\d.]*[KMGT]?)\s+(\d[\d.]*[KMGT]?)\s+(\d[\d.]*[KMGT]?)\s+(\d{1,3})%\s+\/dev\/shm\b/;

/** /dev/shm full: DataLoader SIGBUS, ENOSPC on shared tensors, NCCL segments. */
export const shmRules: LogRule[] = [
  {
    code: 'torch-worker-bus-error',
    kind: 'shm',
    framework: 'torch',
    weight: 3,
    keywords: ['unexpected bus error encountered in', 'insufficient shared mem'],
    pattern:
      /Unexpected bus error encountered in (?:DataLoader )?worker|\bbus error\b[^\n]{0,60}?\binsufficient shared mem\w* \(shm\)/i,
    // torch/csrc/DataLoader.cpp SIGNAL_HANDLER(SIGBUS, ..., "This might be caused by insufficient
    // shared memory (shm).") and PaddlePaddle's copy of the same handler for its DataLoader's
    // workers ("ERROR: Unexpected BUS error encountered in DataLoader worker. This might be caused
    // by insufficient shared memory (shm), please check whether use_shared_memory is set and
    // storage space in /dev/shm is enough", paddle/fluid/imperative/data_loader.cc).
    // The handler's two clauses retold in the user's line, the bus error and "insufficient shared
    // memory (shm)" (its "(shm)" kept, a word of it mistyped), are the same report.
    source:
      'pytorch torch/csrc/DataLoader.cpp SIGNAL_HANDLER(SIGBUS); PaddlePaddle paddle/fluid/imperative/data_loader.cc (SIGBUS handler)',
    summary: 'a DataLoader worker hit a bus error writing to /dev/shm (shared memory full)',
  },
  {
    code: 'dataloader-worker-bus-error',
    kind: 'shm',
    framework: 'torch',
    weight: 3,
    keywords: ['is killed by signal: bus', "dataloader's workers are out of shared memory"],
    // The same report's second sentence, which _error_if_any_worker_fails appends only when the
    // signal is SIGBUS ("It is possible that dataloader's workers are out of shared memory. Please
    // try to raise your shared memory limit."), is the report where a paste keeps only it.
    pattern:
      /DataLoader worker \(pid(?:\(s\))? ([\d, ]+)\) is killed by signal: Bus error|\bdataloader's workers are out of shared memory\b/,
    source: 'pytorch torch/csrc/DataLoader.cpp _error_if_any_worker_fails',
    summary: 'a DataLoader worker was killed by SIGBUS: /dev/shm is too small for the batches in flight',
    // The worker's PID from the report's first sentence, on this line or (a wrapped paste) the one before.
    extract: ({ text, before }) => {
      const pids = /DataLoader worker \(pid(?:\(s\))? ([\d, ]+)\)/.exec(
        [...before.slice(-1), text].join(' '),
      )?.[1];
      return { facts: definedFacts({ pid: intOf(pids?.split(',')[0]?.trim()) }) };
    },
  },
  {
    code: 'torch-shm-no-space',
    kind: 'shm',
    framework: 'torch',
    weight: 3,
    keywords: ['</torch_', 'allocate shared memory(shm)'],
    pattern:
      /unable to (?:write to file|open shared memory object|mmap|allocate shared memory)[^<]*<\/torch_[\w]+>[^\n]*(?:No space left on device|\(28\))|unable to allocate shared memory\(shm\) for file\b/,
    // MapAllocator's own check of posix_fallocate on the /dev/shm file ("unable to allocate shared
    // memory(shm) for file <%s>: %s (%d)", raised for any error but EINVAL/EOPNOTSUPP, the filesystem
    // not supporting it): the tmpfs could not give the segment its pages, whatever status follows
    // (threads show "No space left on device (28)", "Success (0)", "Resource temporarily unavailable (11)").
    // torch/lib/libshm and StorageSharing.cpp: the storage is created in /dev/shm (errno 28 ENOSPC).
    // ENOMEM (12) from its mmap is not a full tmpfs (that is ENOSPC, or SIGBUS on a page): the
    // process's maps (vm.max_map_count) or memory ran out, a host allocation (exits.ts).
    source: 'pytorch aten/src/ATen/MapAllocator.cpp (errno 28 ENOSPC on /dev/shm)',
    summary: 'PyTorch could not write a shared tensor to /dev/shm: no space left',
  },
  {
    code: 'dev-shm-no-space',
    kind: 'shm',
    framework: 'other',
    weight: 3,
    keywords: ['/dev/shm'],
    // The tmpfs's shortage in any program's words, not only strerror(ENOSPC): a check that weighs what
    // it needs against what /dev/shm has free and refuses ("RuntimeError: Insufficient space in /dev/shm:
    // 160 MiB required, 64 MiB free. Increase /dev/shm (e.g. --shm-size or --ipc=host)", heldout-39's
    // intel-xpu-backend-for-triton#7763 after its measurement), "not enough space", "/dev/shm is full";
    // the same ENOSPC a write into the full tmpfs meets (linux mm/shmem.c). Not where the line only
    // advises or warns ("may be insufficient", "if /dev/shm is too small, ..."): that is no failure.
    pattern:
      /No space left on device.*\/dev\/shm|\/dev\/shm.*No space left on device|\b(?:insufficient|not enough|too little|out of)\s+(?:free\s+)?space\s+(?:in|on|at)\s+\/dev\/shm\b|\/dev\/shm\b[^.;\n]{0,40}?\b(?:is|was|became)\s+(?:full|exhausted)\b/i,
    source: "errno 28 ENOSPC on the /dev/shm tmpfs (linux mm/shmem.c); a program's own space check on it",
    summary: '/dev/shm is full',
    extract: ({ text }) =>
      /\b(?:may|might|could|if|whether|consider|recommend\w*|warn\w*)\b/i.test(text) &&
      !/No space left on device/i.test(text)
        ? undefined
        : {},
  },
  {
    code: 'nccl-shm',
    kind: 'shm',
    framework: 'nccl',
    weight: 3,
    keywords: [
      '/dev/shm/nccl',
      'posix_fallocate failed',
      'creating shared memory segment',
      'attaching to shared memory',
    ],
    // ENOSPC only: "No such file or directory (2)" when attaching is a missing segment (near-miss.ts).
    pattern:
      /failed to extend \/dev\/shm\/nccl-\w+ to (\d+) bytes|posix_fallocate failed|Error while creating shared memory segment|Error while attaching to shared memory segment.*(?:No space left on device|\(28\))/,
    // nccl src/misc/shmutils.cc ncclShmOpen: the segment is a file in /dev/shm.
    source: 'NVIDIA/nccl src/misc/shmutils.cc ncclShmOpen',
    summary: 'NCCL could not create its shared-memory segment in /dev/shm',
    // "Error while creating shared memory segment" follows the failed call's own WARN line, which
    // names the errno: a full /dev/shm is ENOSPC (posix_fallocate, "No space left on device"); a
    // CUDA host-registration failure ("Cuda failure 'invalid argument'", NVIDIA/nccl#1518) is
    // not a shortage of space, nor is the call's own WARN naming another errno ("Call to shm_open
    // failed : Permission denied", NVIDIA/nccl include/shm.h SYSCHECKVAL: strerror of the call, a
    // /dev/shm whose mode the user cannot write). Without either, the segment's creation failing
    // reads as ENOSPC.
    extract: ({ text, match, before }) => {
      const reason = [...before.slice(-4), text].join('\n');
      const isFull = /No space left on device|\(28\)|posix_fallocate|failed to extend/i.test(reason);
      if (
        !isFull &&
        /Cuda failure '(?!out of memory)[^']*'|error: (?!No space)[A-Z][\w ]+ \(\d+\)|Call to \w+ failed\s*:\s*(?!No space|Cannot allocate)[A-Z][a-z]/.test(
          reason,
        )
      ) {
        return undefined;
      }
      return { facts: definedFacts({ requestedBytes: intOf(match[1]) }) };
    },
  },
  shmSetupRule,
  {
    code: 'shm-enospc-in-workers',
    kind: 'shm',
    framework: 'other',
    weight: 2,
    keywords: ['[errno 28] no space left on device', 'unable to write to file </torch'],
    pattern: /\[Errno 28\] No space left on device|unable to write to file <\/torch(?:_\w+>|>)/,
    // ENOSPC while multiprocessing pickles through shared memory (SemLock, torch storages). PyTorch's
    // shared storages are files named /torch_<pid>_<n> in /dev/shm (aten/src/ATen/MapAllocator.cpp
    // "unable to write to file <%s>"), however much of the name a paste keeps.
    source: 'errno 28 ENOSPC in multiprocessing/torch shared memory',
    summary: 'a worker could not write to shared memory: /dev/shm is full',
    extract: ({ text, before }) =>
      /<\/torch|shm|SemLock|multiprocessing|_share_|DataLoader/.test([...before.slice(-8), text].join('\n'))
        ? {}
        : undefined,
  },
  {
    code: 'ray-object-store-shm',
    kind: 'shm',
    framework: 'ray',
    // A warning Ray goes on after: a hint, which any failure of the run (or a near miss) outranks.
    weight: 1,
    keywords: ['because /dev/shm has only', 'exceeds /dev/shm size'],
    pattern:
      /because \/dev\/shm has only (\d+) bytes available|The configured object store size \(([\d.]+) GB\) exceeds \/dev\/shm size \(([\d.]+) GB\)/,
    // ray python/ray/_private/services.py: "The configured object store size (%s GB) exceeds
    // /dev/shm size (%s GB). This will harm performance." (a ValueError in some releases) and
    // determine_plasma_store_config: "WARNING: The object store
    // is using /tmp instead of /dev/shm because /dev/shm has only %d bytes available. ... you can
    // increase /dev/shm size by passing '--shm-size=%.2fgb' to 'docker run'": /dev/shm smaller than
    // the object store Ray sized from the RAM.
    source: 'ray python/ray/_private/services.py determine_plasma_store_config',
    summary: "Ray's object store did not fit in /dev/shm and fell back to /tmp",
    continuationLines: 3,
    extract: ({ text, match }) => ({
      facts: definedFacts({
        shmAvailableBytes:
          intOf(match[1]) ?? (match[3] === undefined ? undefined : Math.round(Number(match[3]) * 1e9)),
        suggestedShmSize: /--shm-size=([\d.]+[kmgt]?b?)'/i.exec(text)?.[1],
      }),
    }),
  },
  {
    code: 'retold-shm-exhausted',
    kind: 'shm',
    framework: 'other',
    weight: 1,
    keywords: ['/dev/shm'],
    // /dev/shm told used up in the user's words, the tmpfs named ("crashes ... due to exhaustion of shared
    // memory (/dev/shm)", "/dev/shm was full", "ran out of /dev/shm"): the same account as a retold OOM
    // (allocation/generic.ts retold grammar, issue 23 item 4). "Shared memory" alone is not enough: a GPU
    // kernel's per-block shared memory (Triton's "out of resource: shared memory") and PostgreSQL's "out
    // of shared memory" (its lock table) are other memories. Not in a condition, a denial or a question.
    pattern:
      /\b(?:due to|because of|from|by)\s+(?:the\s+)?(?:exhaustion of|exhausting|running out of|filling(?: up)?)\s+(?:the\s+)?(?:shared memory\s*\(\/dev\/shm\)|\/dev\/shm)|\/dev\/shm\s+(?:is|was|got|gets|became)\s+(?:completely\s+)?(?:full|exhausted|filled(?: up)?)\b|\b(?:ran|runs|running)\s+out\s+of\s+(?:space\s+(?:in|on)\s+)?(?:shared memory\s*\(\/dev\/shm\)|\/dev\/shm)/i,
    source:
      'issue 23 item 4 (the failure as the user tells it); tmpfs full => ENOSPC / SIGBUS (Documentation/filesystems/tmpfs.rst)',
    summary: "the user's own sentence says /dev/shm ran out (the failure's message is not in the log)",
    extract: ({ text, match }) => {
      const lead = text.slice(0, match.index);
      const sentenceLead = lead.slice(
        Math.max(lead.lastIndexOf('. '), lead.lastIndexOf('? '), lead.lastIndexOf('! ')) + 1,
      );
      if (/\b(?:if|unless|whether|in case|not|never|no|n't|avoid|prevent)\b[^.,;]{0,60}$/i.test(sentenceLead))
        return undefined;
      const rest = text.slice(match.index);
      const end = rest.search(/[.!?](?:\s|$)/);
      return /\?/.test(end < 0 ? rest : rest.slice(0, end + 1)) ? undefined : {};
    },
  },
  {
    code: 'dev-shm-df-full',
    kind: 'shm',
    framework: 'other',
    weight: 1,
    keywords: ['/dev/shm'],
    pattern: dfShmLine,
    // df -h (Size Used Avail Use% Mounted on) for the /dev/shm tmpfs, as monitoring prints it: a
    // tmpfs this full makes the next shared-memory write fail (ENOSPC, or SIGBUS on a mapped page).
    source: 'coreutils df -h; tmpfs full => ENOSPC / SIGBUS (Documentation/filesystems/tmpfs.rst)',
    summary: '/dev/shm is nearly full (df)',
    extract: ({ match }) => {
      const percent = intOf(match[4]) ?? 0;
      return percent >= shmFullPercent ? { facts: definedFacts({ shmUsePercent: percent }) } : undefined;
    },
  },
  {
    code: 'bus-error',
    kind: 'shm',
    framework: 'other',
    weight: 1,
    keywords: [
      'bus error',
      'signal 7 (sigbus) received',
      '= -7',
      '=-7',
      ': -7',
      'sigbus',
      'signal 7',
      'signal: 7',
      'code 135',
      'code: 135',
      'code=135',
      'code (135)',
      'status 135',
      'exited (135)',
      'error 135',
      'sigbus (@',
      'physical address',
    ],
    // The same signal as torchelastic reports a worker ended by it: "Signal 7 (SIGBUS) received by PID
    // 54" (torch/distributed/elastic/multiprocessing/errors ProcessFailure, "Signal {-exitcode}
    // ({signal name}) received by PID {pid}"), the message beside exitcode=-7. The signal alone as a
    // launcher reports its child's end: Python's returncode is -N for a child ended by signal N and
    // SIGBUS is 7 on Linux (signal(7)), so DeepSpeed's launcher "exits with return code = -7"
    // (deepspeed/launcher/launch.py sigkill_handler) and torchelastic's "exitcode: -7" are the same end.
    // Session 22 (the kill grammar's forms, sigkill-exit in exits.ts, for signal 7): the signal by its
    // name as each reporter prints a child's end — Python's enum ("died with <Signals.SIGBUS: 7>",
    // subprocess.CalledProcessError; "Negsignal.SIGBUS"), torch.multiprocessing.spawn's "process 0
    // terminated with signal SIGBUS" (ProcessExitedException), an IDE's "exit code 135 (interrupted by
    // signal 7: SIGBUS)" — and the shell's 128 + 7 = 135 as CI runners and container tools report an exit
    // status ("exit code 135", "exit status 135", "Exited (135)", make's "Error 135").
    // And the fatal-signal handlers that ML runtimes install, which name the signal before they dump the stack:
    // abseil's "*** SIGBUS received at time=N on cpu N ***" (absl/debugging/failure_signal_handler.cc
    // WriteSignalMessage; TensorFlow, JAX/XLA and Ray print it) and glog's "*** SIGBUS (@0x...) received by PID
    // N (TID ...) from PID N; stack trace: ***" (google/glog src/signalhandler.cc DumpSignalInfo; PaddlePaddle
    // wraps it as "[SignalInfo: *** SIGBUS (@0x...) received by PID N ...]").
    // Open MPI's launcher names the signal by number and strsignal's words: "mpirun noticed that process
    // rank N with PID N on node H exited on signal 7 (Bus error)." (open-mpi/ompi v4.1.x
    // orte/mca/errmgr/base/help-errmgr-base.txt).
    // Session 24 (issue 23 item 4): the signal handlers that print the SIGBUS above a native stack whose
    // failure line a paste loses. Open MPI's "[host:pid] Signal: Bus error (7)" (open-mpi/ompi v4.1.x
    // opal/util/stacktrace.c show_stackframe: "Signal: %s (%d)" with strsignal). And the fault's si_code
    // in words: BUS_ADRERR, a mapped page that cannot be backed, which is what a write into a full tmpfs
    // such as /dev/shm meets (linux mm/shmem.c shmem_fault returns VM_FAULT_SIGBUS when it cannot
    // allocate the page): UCX's handler prints "Caught signal 7 (Bus error: nonexistent physical
    // address)" (openucx/ucx v1.15.0 src/ucs/debug/debug.c ucs_signal_cause_common), glibc's psiginfo
    // "Bus error (Nonexistent physical address)", Open MPI's "Signal code: Non-existant physical address
    // (2)". An alignment fault (BUS_ADRALN, "invalid address alignment") is not read here.
    // Session 29: gdb's report of the signal stopping the program it runs, "Program received signal
    // SIGBUS, Bus error." or "Thread 787 "name" received signal SIGBUS, Bus error." (gdb infrun.c
    // print_signal_received_reason: the signal's name, then strsignal's words). Added after reading
    // heldout-43 (NVIDIA/JAX-Toolbox#183, ncclShmOpen in the stack): no inner figure.
    // Session 29 round four: the shell's report of the same signal in zsh's spelling and with its
    // "(core dumped)" suffix inside a sentence (signal-token.ts), the forms heldout-46 showed.
    // Session 30: faulthandler's report written by two faulting threads at once. CPython's handler
    // writes its header in pieces, "Fatal Python error: ", the signal's name, then "\n\n", each its own
    // write(2) (Modules/faulthandler.c faulthandler_fatal_error, PUTS, 3.8-3.13), so two reports
    // interleave piece by piece: "Fatal Python error: Fatal Python error: Bus errorBus error"
    // (heldout-29 jax-ml/jax#17296, a JAX process whose threads took the SIGBUS together).
    pattern: new RegExp(
      String.raw`${zshReport(signalWords.BUS)}|${coreDumpedReport(signalWords.BUS)}|\bSignal: Bus error \(7\)|\bBus error\s*[:(]\s*[Nn]onexist\w* physical address\b|\bSignal code: Non-?exist\w* physical address \(2\)|${lineStart}(?:Fatal Python error: )*(?:Bus error)+(?: \(core dumped\))?\s*$|\bSignal 7 \(SIGBUS\) received by PID \d+|\b(?:exits? with return code|return ?code|exitcode)\s*[:=]\s*-7(?![\d.])|(?:Neg)?Signals?\.SIGBUS\b|\b(?:killed|terminated|exited|died|interrupted)\s+(?:by|with|on|due to|from|of)\s+(?:the\s+)?signal\s*:?\s*(?:7\b:?\s*)?(?:SIGBUS\b|BUS\b|\(Bus error\))|\bsignal:? 7 \(SIGBUS\)|\*\*\* SIGBUS (?:\(@0x[0-9a-f]+\) )?received (?:at time=|by PID)|(?:[Ee]xit|[Ee]rror) (?:[Cc]ode|[Ss]tatus)[ :=]*\(?135\b|Exit Code:\s*135\b|Exited \(135\)|\*\*\* \[[^\]\n]*\] Error 135\b|\breceived signal SIGBUS, Bus error\b`,
    ),
    source:
      'SIGBUS: a write to a full tmpfs mapping such as /dev/shm; torch/distributed/elastic/multiprocessing/errors ProcessFailure message; deepspeed/launcher/launch.py sigkill_handler (return code -7); shell exit status 128+SIGBUS; Python signal.Signals; torch/multiprocessing/spawn.py ProcessExitedException; absl failure_signal_handler.cc; glog signalhandler.cc',
    summary: 'a process died of a bus error (SIGBUS), most often a full /dev/shm',
  },
];
