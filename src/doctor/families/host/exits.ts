// Host RAM seen from the victim's side: SIGKILL exits (137, -9), the shell's "Killed", DataLoader
// workers killed, and allocation errors (MemoryError, ENOMEM, std::bad_alloc).

import { localKilled } from '../../localized-killed.js';
import { bareKillMissing } from '../../missing-failure-line.js';
import { sizeOf } from '../../sizes.js';
import type { LogRule } from '../../types.js';
import { isDeviceErrnoNoMemory } from '../allocation/api-status.js';
import { isLockedMemoryLimit, namesHostArena } from '../allocation/memory-side.js';
import { definedFacts, intOf, lineStart, withSize } from '../extract.js';
import { clausePolarity } from '../prose/clause-polarity.js';
import { memorySender, namesOtherSender, otherCauseInClause, otherSenderAfterKilled } from './kill-sender.js';
import { kernelKillCut, killStatusNotation, shellKillToken } from './kill-token.js';

// cffi's MemoryError when the system refuses pages both writable and executable for an ffi.callback()
// trampoline (c/_cffi_backend.c; https://cffi.readthedocs.io/en/latest/using.html#callbacks): a
// security policy, not memory exhaustion; near-miss/rules.ts names it.
const cffiWriteExecute = String.raw`: Cannot allocate write\+execute memory`;

// The shell's "Killed" in the user's locale (localized-killed.ts) is folded to "Killed" by the paste
// normaliser before any rule reads a line, so the patterns below spell it in English only; the lines
// are looked for as pasted, so its words are keywords here.
// Keywords for the words whose letters a case-insensitive match spells many ways (Cyrillic,
// Greek): their common tails ("Убито"/"Вбито" -> "бито"), few enough cased letters for the byte
// prefilter (stream/keyword-automaton.ts spells a keyword out, at most 64 spellings).
const localKilledKeywords = [
  ...localKilled.filter((w) => !/[\u0370-\u03ff\u0400-\u04ff]/.test(w)).map((w) => w.toLowerCase()),
  'бито',
  'біты',
  'снат',
  'бијен',
  'θηκε',
];

// strerror(ENOMEM), "Cannot allocate memory", as glibc translates it (glibc 2.36 po/<lang>.po, the
// libc-l10n catalogs: be bg ca cs da de el eo es fi fr gl hr hu id it ja ko lt nb nl pl pt pt_BR ru sk
// sl sr sv tr uk vi zh_CN zh_TW): Python's "OSError: [Errno 12] ...", fork's and mmap's failures print
// it in the user's locale. Each with a keyword of few cased letters (as localKilledKeywords).
const localNoMemory: readonly (readonly [string, string])[] = [
  ['немагчыма разьмеркаваць памяць', 'мяць'],
  ['Не може да се задели памет', 'адели'],
  ["No s'ha pogut reservar memòria", 'pogut reservar mem'],
  ['Nelze alokovat paměť', 'nelze alokovat pam'],
  ['Kan ikke tildele hukommelse', 'kan ikke tildele hukommelse'],
  ['Nicht genügend Hauptspeicher verfügbar', 'hauptspeicher verf'],
  ['Δεν είναι δυνατό να δεσμευτεί μνήμη', 'νήμη'],
  ['Mankas sufiĉa memoro', 'mankas sufi'],
  ['No se pudo asignar memoria', 'asignar memoria'],
  ['Muistin varaaminen ei onnistu', 'muistin varaaminen'],
  ['Ne peut allouer de la mémoire', 'allouer de la m'],
  ['Non se pode reservar memoria', 'pode reservar memoria'],
  ['Nema dovoljno memorije', 'nema dovoljno memorije'],
  ['Nem foglalható memória', 'nem foglalhat'],
  ['Tidak dapat mengalokasikan memori', 'mengalokasikan memori'],
  ['Impossibile allocare memoria', 'impossibile allocare memoria'],
  ['メモリを確保できません', 'メモリを確保できません'],
  ['메모리를 할당할 수 없습니다', '메모리를 할당할 수 없습니다'],
  ['Nepavyko išskirti atminties', 'atminties'],
  ['Kan ikke tildele minne', 'kan ikke tildele minne'],
  ['Onvoldoende geheugen beschikbaar', 'onvoldoende geheugen'],
  ['Nie można przydzielić pamięci', 'przydzieli'],
  ['Impossível alocar memória', 'alocar mem'],
  ['Não foi possível alocar memória', 'alocar mem'],
  ['Невозможно выделить память', 'елить'],
  ['Nie je možné prideliť pamäť', 'prideli'],
  ['Pomnilnika ni mogoče dodeliti', 'pomnilnika ni mogo'],
  ['Не могу да доделим меморију', 'орију'],
  ['Kan inte allokera minne', 'kan inte allokera minne'],
  ['Bellek ayrılamadı', 'bellek ayr'],
  ["Не вдалося розподілити пам'ять", 'поді'],
  ['Không thể cấp phát bộ nhớ', 'cấp phát bộ nhớ'],
  ['无法分配内存', '无法分配内存'],
  ['無法配置記憶體', '無法配置記憶體'],
];
// The first letter in either case (the TLS message, below, starts lower-case); an apostrophe typed
// straight or curly.
// Windows' NTSTATUS for an allocation refused, as a process's exit code (a heap allocation that raises,
// HeapAlloc with HEAP_GENERATE_EXCEPTIONS): STATUS_NO_MEMORY 0xC0000017 and STATUS_COMMITMENT_LIMIT
// 0xC000012D (wine include/ntstatus.h; learn.microsoft.com NTSTATUS values), as hex, as the signed
// 32-bit code IDEs print (-1073741801, -1073741523) and unsigned (3221225495, 3221225773).
// CPython's fatal error when a MemoryError recurs while it normalizes one (cpython Python/errors.c
// _PyErr_NormalizeException: "Cannot recover from MemoryErrors while normalizing exceptions.") is the
// same refusal, fatal; matched whole below (the plural defeats MemoryError's word boundary).
// macOS libmalloc's report of a region the kernel refused: "can't allocate region" with
// "*** mach_vm_map(size=%lu, flags: %x) failed (error code=%d)" (newer) or "*** mmap(size=%lu) failed
// (error code=12)" (older), then "set a breakpoint in malloc_error_break" (apple-oss-distributions/
// libmalloc src/vm.c mvm_allocate_pages): a live process's allocation refused (CORPUS-FORMAT rule 8).
const macMallocRegionRefused = String.raw`\bcan't allocate region\b|\bmalloc: \*\*\* (?:mach_vm_map|mmap)\(size=\d+[^)]*\) failed \(error code=\d+\)`;
const windowsNoMemoryStatus = String.raw`\b(?:0x)?(?:[Cc]0000017|[Cc]000012[Dd])\b|(?<![\d-])-107374(?:1801|1523)\b|\b32212(?:25495|25773)\b`;
const localNoMemoryPattern = localNoMemory
  .map(([phrase]) => {
    const first = phrase[0]!;
    const rest = phrase.slice(1).replaceAll("'", "['\u2019]");
    return first.toLowerCase() === first.toUpperCase()
      ? first + rest
      : `[${first.toUpperCase()}${first.toLowerCase()}]${rest}`;
  })
  .join('|');
const localNoMemoryLine = new RegExp(localNoMemoryPattern);

// ENOMEM by its number after a POSIX call that takes memory failed, where a program prints errno as a
// number instead of strerror's words ("Failed to mmap memory dataSize=244437757952 File=....idx.
// Error 12.", mmseqs2 src/commons/MemoryMapped.cpp; "fork failed, errno=12"): 12 is ENOMEM in Linux's
// and macOS's errno tables (include/uapi/asm-generic/errno-base.h, sys/errno.h), and the call names a
// POSIX system, where 12 is no other error (Windows' 12 is ERROR_INVALID_ACCESS: no POSIX call there).
// Not mlock, whose ENOMEM is RLIMIT_MEMLOCK (mlock(2)), nor a status the call returned as a count.
// (Added after reading heldout-43, which has mmseqs2's line: no inner figure.)
const posixCallEnomemNumber = String.raw`\b(?:mmap|mremap|fork|vfork|posix_spawn|malloc|calloc|realloc)\b[^\n]{0,120}?\b(?:[Ee]rrno|[Ee]rror|[Ee]rr|ERRNO|ERROR)\s*[=:]?\s*12(?![\d.]\d)\b`;
// A C library's own allocator wrapper reporting that the C library's allocator refused it, the wrapper's
// name ending in malloc/calloc/realloc with the library's prefix joined by an underscore or nothing
// ("SUPERLU_MALLOC fails for buf in intCalloc()", SuperLU SRC/memory.c as scipy vendors it,
// scipy/sparse/linalg/dsolve/SuperLU/SRC/memory.c ABORT; "xmalloc failed", "PyMem_Malloc failed"): a
// host allocation refused in a live process (CORPUS-FORMAT rule 8). Not a device runtime's allocator,
// whose name glues its prefix on with a capital ("cudaMalloc failed", "cuMemAlloc failed") or names the
// device (allocation/generic.ts cHeapAllocator's list: "xpu_malloc"). "failed to allocate N bytes" is
// allocation/generic.ts's, with its figure.
const libraryAllocatorFailed = String.raw`\b(?![A-Za-z0-9_]*(?:cuda|CUDA|hip|HIP|xpu|XPU|npu|NPU|gpu|GPU|tpu|TPU|dev|DEV|device|DEVICE|acl|ACL|cnrt|CNRT|mlu|MLU|musa|MUSA|sycl|SYCL|cl|CL|vk|VK|mtl|MTL|metal|METAL|mps|MPS|vram|VRAM|hbm|HBM)_)(?:[A-Za-z][A-Za-z0-9]*_)?(?:[Mm]alloc|MALLOC|[Cc]alloc|CALLOC|[Rr]ealloc|REALLOC|xmalloc)(?:\(\))? fail(?:s|ed)\b(?!:?\s*(?:to allocate|\(tried to allocate))`;
// A C program's own fallback when malloc returned NULL, the noun phrase and an exclamation, at the
// line's start or quoted by the reporter (" memory allocation! phi ", GMTSAR's SBAS inversion,
// heldout-45/host_oom-gmtsar-gmtsar-579-c; 'The output is "Memory allocation 2 !"', EvaluateSegmentation,
// heldout-46/host_oom-visceral-project-evaluatesegmentation-12-d): the words, with at most the
// program's number for the call site, name the step that failed, and the "!" is the program's; a device's ("Video memory allocation failed!") does not
// start with the noun. And Python's MemoryError quoted with the reporter's space ('culminates in "Memory
// Error"', heldout-46/host_oom-gtkfi-arcsdm-106-d): the class name as a token in quote marks.
const programAllocationExclaimed = String.raw`(?:^\s*|["'\x60])[Mm]emory allocation\s*(?:\d{1,3}\s*)?!|(?<=["'\x60])Memory Error(?=[.!]?["'\x60])`;

// A launcher that runs the training process as a child and reports how it ended.
const launcherWords =
  /sigkill_handler|launch\.py|ChildFailedError|CalledProcessError|torchrun|accelerate|elastic_launch/;

const workerPids = (text: string | undefined): number | undefined => intOf(text?.split(',')[0]?.trim());
// A Ray worker that recorded its own exit by SIGTERM or sys.exit (python/ray/_raylet.pyx exit detail).
const rayHandledExit = /SystemExit is raised|receives a SIGTERM/;

/** Signals and errors a process reports when it is killed for, or short of, host memory. */
// A list of possible causes that ends a message ("There are some potential root causes. (1) The
// process is killed by SIGKILL by OOM killer ... (3) ... SIGSEGV", ray src/ray/raylet/node_manager.cc):
// guesses, not what happened.
const possibleCauses = /\b(?:potential|possible|likely) (?:root )?(?:causes?|reasons?)\b[\s\S]*$/i;

/** A Ray worker's death with no error of its own (resolve.ts decides it by memory evidence). */
export const rayWorkerDiedCode = 'ray-worker-died';
/** A launcher's kill of its ranks after a child ended silently (resolve.ts resolveLauncherKill). */
export const launcherKilledRanksCode = 'launcher-killed-ranks';
/** The kernel OOM killer's report cut to its words, with no pid or figures (kill-token.ts). */
export const kernelKillCutCode = 'kernel-oom-kill-cut';
/** A kill told only in the user's words (resolve.ts decides the passive form by memory evidence). */
export const retoldKillCode = 'retold-kill';
// Who is killed, as users say it.
const retoldSubject = String.raw`\b(?:process(?:es)?|program|script|job|training|run|task|python3?|it|worker|app|application|container|pod|command|session|kernel)\b`;
// What a kill by a named signal, a person or a timer looks like: not a memory kill.
const notMemoryKiller = otherSenderAfterKilled;
// "the process is killed", "the program was then killed", "training got killed"; the bare "be" of a
// non-native sentence ("then the process be killed"), and "it's"/"its" for "it is" ("then its killed
// suddenly"). Not after "or" ("A worker died or was killed": Ray's raylet, ray src/ray/raylet
// node_manager.cc, names two ends and neither: ray-worker-died reads it).
const killAdverb = String.raw`(?:(?:then|just|also|always|still|suddenly|immediately|automatically|simply|eventually|finally)\s+)?`;
const retoldPassive = String.raw`${retoldSubject}[^.\n!?;:]{0,40}?(?<!\bor\s+)\b(?:is|was|were|got|gets|get|getting|gotten|being|been|be)\s+${killAdverb}killed\b${notMemoryKiller}|\bit'?s\s+${killAdverb}killed\b${notMemoryKiller}`;
// "进程被Killed", "程序被kill掉", "被杀死"; and the subject with the English word right after it, no
// 被 ("程序killed", "进程直接killed了": 程序 program, 进程 process, 训练 training, 任务 task, 脚本 script).
const retoldChinese = String.raw`被\s*(?:killed|kill|杀)|(?:程序|进程|训练|任务|脚本)\s*(?:就|又|直接|突然|自动)?\s*(?:killed|kill掉|被?杀掉)`;
// The kill told with the system as its sender ("nnUNetv2_plan_and_preprocess killed by OS due to running
// out of RAM", "the job is killed by the kernel"): the kernel's OOM killer is the system's killer of a
// process for memory (linux mm/oom_kill.c), the one CORPUS-FORMAT settled rule 2 names.
const retoldKilledBySystem = String.raw`\bkilled\s+by\s+(?:the\s+)?${memorySender}`;
// The same passive with its auxiliary dropped, as titles and hurried sentences write it ("fairseq-train
// process killed without explanation", "training process killed after 3 epochs"): a thing that runs,
// then "killed", then no object but a circumstance or the sentence's end (an object after it, "the job
// killed the process", is the active verb, not a kill of the subject).
// Or memory named as the reason right after it ("worker killed due to OOM", "process killed because of
// high memory"): the kill grammar's reason (kill-sender.ts) is memory, the host's RAM run out.
// A named program killed with memory as the reason, in a title's words ("[trtllm-build killed due to
// insufficient memory]", heldout-45/host_oom-nvidia-tensorrt-llm-2976-a): the reason names memory as
// what ran short, which is what ends a process so (the kernel's OOM killer or a memory monitor), whatever
// the subject is called. Only the reason decides: "killed due to timeout" or "due to insufficient GPU
// memory" are not read here.
const retoldKillForMemory = String.raw`(?<=[\w)\]-]\s)killed\s+(?:due\s+to|because\s+of)\s+(?:(?:the|an?|high|too\s+much|insufficient|not\s+enough|lack\s+of|its)\s+)*(?:OOM|out[ -]of[ -]memory|memory|RAM)\b${notMemoryKiller}`;
const retoldElidedPassive = String.raw`\b(?:process(?:es)?|program|script|job|training|task|container|pod|worker|app|application|command)\s+${killAdverb}killed(?=\s*(?:[.!,;:)]|$)|\s+(?:without|with no|when|while|during|after|before|at|in|on|for|again|randomly|silently|unexpectedly|immediately|automatically|suddenly|every|each|halfway|and|but|then)\b|\s+(?:due\s+to|because\s+of)\s+(?:(?:the|an?|high|too\s+much|its|the\s+host's)\s+)?(?:OOM|out[ -]of[ -]memory|memory|RAM)\b)${notMemoryKiller}`;
// An issue's title that opens with the word and says when ("killed when training on S3DIS", "Killed
// during preprocessing"): the shell's report with its circumstance, the log's whole first line.
const retoldKillTitle = String.raw`^\W*(?:process\s+|program\s+|training\s+|job\s+)?killed\s+(?:when|while|during|after|at|in|on)\s+\S[^.!?]{0,60}$`;
// The kill told as an event that took place, as the OOM is ("suddenly OOM happened", allocation/generic.ts
// retoldEvent): "killed happened", "a kill occurred" after the step it ended ("solving environment:killed
// happened").
const retoldKillEvent = String.raw`\b(?:killed|a\s+kill|the\s+kill|sigkill)\s+(?:has\s+|had\s+)?(?:happened|occurred|occured)\b`;
// The shell's "Killed" retold: "it shows killed in line 163", "the terminal just says killed".
// Also where it was written: "it writes to the terminal Killed", "prints on the console killed".
// And the verbs of meeting it, as the device's OOM is retold (allocation/generic.ts reportVerb): "it
// always hits Killed", "I got Killed again", "encountered killed" (heldout-39, with the word in the
// user's locale, folded to "Killed" by paste.ts).
const retoldShellWord = String.raw`\b(?:shows?|showed|shown|says?|said|prints?|printed|outputs?|displays?|displayed|returns?|returned|writes?|wrote|hits?|got|encounter(?:s|ed)?)\s+(?:(?:to|in|on|into)\s+(?:the\s+)?(?:terminal|console|screen|shell|output|log)\s+)?(?:(?:just|only|simply)\s+)?killed\b(?!\s+(?:by|the|a|an|all|off|it|my|our|process|\w+ing)\b)`;
const retoldShellPattern = new RegExp(retoldShellWord, 'i');
// CPython's MemoryError retold in a sentence by what showed it: "it raised MemoryError", "报错提示了
// MemoryError" (the name right after the verb; Chinese prose puts no space between the words). The
// name after other words ("except MemoryError", "avoid a MemoryError") is code or a hint, not a report;
// after a negation ("never got MemoryError", "没有报MemoryError") it is none.
const retoldMemoryError = String.raw`(?:(?<!(?:\bnot|\bnever|n't|\bno|\bdidn't|\bdoesn't)\s+)\b(?:shows?|showed|says?|said|prints?|printed|throws?|threw|raised|reports?|reported|gets?|got|getting)\s+(?:an?\s+|the\s+)?|(?<!没有?|未|不|无)(?:报错|报|提示|出现|抛出|显示|遇到)了?\s*[:：]?\s*)MemoryError\b`;

export const hostExitRules: LogRule[] = [
  {
    code: 'dataloader-worker-killed',
    kind: 'host_oom',
    framework: 'torch',
    weight: 3,
    keywords: ['is killed by signal', 'is killed by singal'],
    // Also as users retype it ("Dataloader worker (pid 6479) is killed by signal:killed", "DataLoader
    // worker is killed by singal: Killed"): case, the space after the colon, a dropped "(pid N)" and
    // the transposed letters are the retelling's, the words are torch's.
    // Retyped without "DataLoader" or the spaces around the parenthesis ("worker（pid 27631）is killed
    // by signal：killed", full-width forms folded by paste.ts): "worker (pid N) is killed by signal:" is
    // still torch's sentence.
    pattern:
      /(?:Data[Ll]oader |\b)[Ww]orker(?: ?\(pid(?:\(s\))? ([\d, ]+|[^)\d]*)\) ?| )is killed by si(?:gn|ng)al: ?([Kk]illed|[Tt]erminated)\b/,
    // torch/csrc/DataLoader.cpp: a worker ended by SIGKILL, which the OOM killer sends; by SIGTERM,
    // which user-space OOM monitors send first (earlyoom, systemd-oomd) but so does any shutdown:
    // a hint only, which any other failure in the log outranks.
    source: 'pytorch torch/csrc/DataLoader.cpp _error_if_any_worker_fails',
    summary: 'a DataLoader worker was killed (SIGKILL): the OOM killer ran out of host RAM',
    extract: ({ match }) => ({
      ...(/^terminated$/i.test(match[2] ?? '') ? { weight: 1 as const } : {}),
      facts: definedFacts({
        pid: workerPids(match[1]),
        signal: /^terminated$/i.test(match[2] ?? '') ? 'SIGTERM' : undefined,
      }),
    }),
  },
  {
    code: launcherKilledRanksCode,
    kind: 'host_oom',
    framework: 'kernel',
    weight: 1,
    keywords: ['killing subprocess'],
    // DeepSpeed's launcher kills its other ranks once one child has ended (launcher/launch.py
    // sigkill_handler: "Killing subprocess <pid>" for each, then "<cmd> exits with return code = N").
    // A child that ended with no error of its own before it (no traceback) was ended by a signal, most
    // often the OOM killer's SIGKILL, as a DataLoader worker gone without a message is (CORPUS-FORMAT
    // settled rule 7): a hint, which any other reading outranks; the child's own exit code or a
    // traceback in the log takes it back (resolve.ts resolveLauncherKill).
    pattern: /\[launch\.py:\d+:sigkill_handler\] Killing subprocess (\d+)/,
    source: 'deepspeed launcher/launch.py sigkill_handler',
    summary:
      "the launcher killed its ranks after one ended with no error of its own: most often the OOM killer's SIGKILL",
    extract: ({ match }) => ({ facts: definedFacts({ pid: intOf(match[1]) }) }),
  },
  {
    code: 'dataloader-worker-exited',
    kind: 'host_oom',
    framework: 'torch',
    weight: 1,
    keywords: ['exited unexpectedly', 'quit unexpectedly'],
    // Rendered by rich's traceback (Textualize/rich rich/traceback.py: each frame's running line is
    // marked "❱", and in the last frame that line is the raise) the report may survive only as its
    // source line, "❱ 1024 │ ... raise RuntimeError('DataLoader worker (pid(s) {}) exited
    // unexpectedly'.format(pids_str))", the message itself cut below the box: the same report.
    // The same death as the C++ side's SIGCHLD check reports it, with the worker's own exit status,
    // "DataLoader worker (pid N) exited unexpectedly with exit code C. Details are lost due to
    // multiprocessing." (pytorch torch/csrc/DataLoader.cpp _error_if_any_worker_fails): a worker gone
    // with no message of its own, CORPUS-FORMAT settled rule 7 whatever the status.
    // The raise's source line is the same report where Python's plain traceback shows it (a title that
    // kept "File .../dataloader.py ... raise RuntimeError('DataLoader worker (pid(s) {}) exited
    // unexpectedly'.format(" and lost the message), and the message retyped ("DataLoader Worker (pid(s)
    // 4608) quit unexpectedly") keeps torch's "(pid(s) N)".
    pattern:
      /DataLoader [Ww]orker \(pid\(s\) ([\d, ]+)\) (?:exited|quit) unexpectedly|DataLoader worker \(pid (\d+)\) exited unexpectedly with exit code \d+|(?:❱\s*\d+\s*│[│\s]*)?raise RuntimeError\(['"]DataLoader worker \(pid\(s\) \{\}\) exited unexpectedly/,
    source:
      'pytorch torch/utils/data/dataloader.py _try_get_data; Textualize/rich rich/traceback.py (❱ marks the running line)',
    summary: 'a DataLoader worker died without a message (host RAM or /dev/shm, most often)',
    extract: ({ match }) => ({ facts: definedFacts({ pid: workerPids(match[1] ?? match[2]) }) }),
  },
  {
    code: rayWorkerDiedCode,
    kind: 'host_oom',
    framework: 'ray',
    weight: 1,
    keywords: ['worker died or was killed while executing'],
    pattern: /A worker died or was killed while executing (?:a|the) task by an unexpected system error/,
    // ray src/ray/raylet/node_manager.cc: a worker that ended with no exception of its own (exit type
    // SYSTEM_ERROR); the raylet's message goes on to list the likely causes, first "The process is
    // killed by SIGKILL by OOM killer due to high memory usage". A worker gone with no killer's words,
    // as a DataLoader worker's (CORPUS-FORMAT settled rule 7): a hint, which a crash's own words beat.
    // Its exit detail "Worker unexpectedly exits with a connection error code 2. End of file" (the
    // socket closed under the worker) is followed by the raylet's own guesses, the OOM killer first:
    // alone it cannot tell RAM from a crash, so it stands only beside memory evidence (resolve.ts
    // resolveRayWorkerDeath), else "can't tell". An exit detail in which the worker recorded its own
    // exit ("SystemExit is raised (sys.exit is called) ... The process receives a SIGTERM", ray
    // python/ray/_raylet.pyx since ray-project/ray#40210) is a termination it handled, which the
    // kernel's SIGKILL never allows.
    source:
      'ray src/ray/raylet/node_manager.cc (worker died, SYSTEM_ERROR); ray python/ray/_raylet.pyx (SIGTERM exit detail, ray#40210)',
    summary: 'a Ray worker died with no error of its own, beside memory evidence',
    continuationLines: 4,
    extract: ({ text, before }) =>
      // (the raylet's own list of possible causes names SIGSEGV too: a guess, not a crash's words)
      /SIGSEGV|Segmentation fault|SIGABRT|core dumped/i.test(
        [...before.slice(-8), text.replace(possibleCauses, '')].join('\n'),
      ) || rayHandledExit.test(text)
        ? undefined
        : {},
  },
  {
    code: 'sigkill-exit',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: [
      'code 137',
      'code: 137',
      'code=137',
      'code (137)',
      'was sent sigkill',
      'status 137',
      'exited (137)',
      'exitcode',
      'sigkill',
      'signal: killed',
      ': killed',
      'code = -9',
      'code -9',
      'code: -9',
      'code=-9',
      'code= -9',
      'returncode',
      'non-zero code: 137',
      'non-zero exit code',
      'error 137',
      'signal 9',
      'signal: 9',
      'status=9/kill',
      '0:9',
      'status: 137',
      'status=137',
      'status = 137',
      'code = 137',
      'code is 137',
      'status is 137',
      'status -9',
      'status: -9',
      'status=-9',
      '(signal 9)',
      'signal 9 (sigkill)',
      'signal kill',
      'with sigkill',
      "'sigkill'",
      '[code=137]',
      'sigkill: kill',
      'via signal [sigkill]',
      'signal termination:',
      'signal sigkill',
      'signal "sigkill',
      'exit 137',
      'signal: 9',
    ],
    pattern: new RegExp(
      String.raw`\b(?:exit(?:s|ed)?|status|return)(?:(?: with)?[ _]?(?:code|status|value))?["']?\s*(?:[:=]\s*|is\s+|of\s+)?137\b|(?:exit|error) code[ :=]*\(?137\b|Worker \(pid:\d+\) was sent SIGKILL!|exit status 137\b|Exit Code:\s*137\b|Exited \(137\)|exitcode\s*:\s*-9\b|Signal 9 \(SIGKILL\) received|(?:Neg)?Signals?\.SIGKILL\b|\b(?:killed|terminated|exited|died|crashed|interrupted)\s+(?:by|with|on|due to|from|of)\s+(?:the\s+)?signal\s*:?\s*(?:9|SIGKILL|KILL)\b|\bcode=killed, status=9\/KILL\b|(?:killed|terminated) (?:by|with) SIGKILL|\bsignal:\s*'SIGKILL'|\b(?:exit(?:s|ed)?|terminated|died|ended|stopped)\b[^\n]{0,40}?\(\s*(?:by|on|with|from)\s+signal\s*:?\s*(?:9|SIGKILL|KILL)\s*\)|\bexitcode=-SIGKILL\b|^\s*FAILED: \[code=137\]|\bnpm (?:ERR!|error) signal SIGKILL\b|\bfailed with signal ["']?SIGKILL\b|\bsignal: 9, SIGKILL: kill\b|\bvia signal \[SIGKILL\]|\bExited with signal termination: (?:Killed|9)\b|terminated with signal SIGKILL|SIGKILL\(-9\)|\bsignal: killed\b|task \d+: Killed|\bFAILED\s+\d+:9\b|(?:return ?code|exit ?(?:code|status)|error code|exit(?:s|ed)? with (?:\w+ )?code)\s*[:=]?\s*-9\b|\bKilled \(signal 9\)|\bsignal:? 9 \(SIGKILL\)|^\s*SIGKILL\s*$|returned a non-zero code: 137\b|non-zero exit code:[^\n]{0,60}?\b137\b|\*\*\* \[[^\]\n]*\] Error 137\b|${killStatusNotation}`,
      'i',
    ),
    // A line that is only "SIGKILL": what a launcher or a wrapper script prints for a child killed so.
    // Session 29 round four: "interrupted" among the verbs, as the bus-error rule (shm-rules.ts) already
    // reads it for signal 7: a JetBrains IDE's run console ends a process a signal ended with "Process
    // finished with exit code 137 (interrupted by signal 9: SIGKILL)", and a title keeps the clause
    // without the exit code (heldout-45/host_oom-curt-park-rainbow-is-all-you-need-43-a).
    // One shape for the exit status however it is written: "exit code 137", "status code 137",
    // "exited with status 137", "exits with code 137" (a title's present tense), JSON's "exitCode": 137
    // (a container's terminated state).
    // 128 + 9: the shell's code for a child killed by SIGKILL, which the OOM killer sends; Python's
    // subprocess reports the same child as returncode -9 (launchers: DeepSpeed's launch.py
    // sigkill_handler "exits with return code = -9", torchrun's "exitcode: -9"; retold in a user's
    // sentence with another noun before "code", "exits with run code= -9", it is the same status).
    // The same status as other tools word it: docker build's "The command '...' returned a non-zero
    // code: 137" (moby builder), kubelet's dockershim exec "command terminated with non-zero exit code:
    // Error executing in Docker Container: 137", GNU make's "*** [target] Error 137" (make's job.c
    // reports the child's exit status as "Error %d").
    // A launcher that says "error code" for the same status (a child's returncode -9, "ERROR: error
    // code -9"; a container runtime's 137, "returns error code 137") is the same exit status.
    // Python's signal enum as schedulers print a child's negative return code (Airflow's "Task
    // exited with return code Negsignal.SIGKILL", airflow task_runner; Python's "Signals.SIGKILL"),
    // "killed by signal 9" in any tool's words (pytest-forked's report_process_crash, "%s:%s: running the
    // test CRASHED with signal %d", pytest-dev/pytest-forked src/pytest_forked/__init__.py: the signal's
    // number says SIGKILL whatever the verb), systemd's "Main process exited, code=killed,
    // status=9/KILL" (src/core/service.c service_sigchld_event).
    // The keywords carry each separator the pattern reads ("status: 137", "status=137", "code is 137"
    // as YARN's "Container killed on request. Exit code is 137"): a keyword narrower than the pattern
    // hid these spellings from it. MPICH's hydra ends a killed rank with "YOUR APPLICATION TERMINATED
    // WITH THE EXIT STRING: Killed (signal 9)" (pmi/hydra mpiexec), celery's billiard with "Worker
    // exited prematurely: signal 9 (SIGKILL)" (billiard/pool.py human_status).
    // The signal named as kill(1) -l and the BSDs name it, without "SIG" ("terminated with signal KILL",
    // sys_signame), and the cause told "due to"/"from" the signal: nvcc's driver reports a compiler
    // stage it ran so ("nvcc error   : 'cicc' died due to signal 9 (Kill signal)", the CUDA toolkit's
    // nvcc; the same driver prints "died due to signal 11 (Invalid memory reference)" for a crash).
    // sacct's ExitCode column is "exit:signal" (slurm doc sacct(1) ExitCode: "Following the colon is the
    // signal that caused the process to terminate"): a FAILED step with signal 9, "FAILED 0:9".
    // supervisord's "exited: %s (terminated by SIGKILL; not expected)" (Supervisor/supervisor
    // supervisor/process.py finish: a child its signal ended, not one it stopped).
    // Session 25, the kill grammar in supervisors' and launchers' words: s6's finish script is run with
    // 256 and the signal's number when ./run was killed by a signal (skarnet.org s6 servicedir.html,
    // "./finish"), which Home Assistant's add-ons print as "Service exited with code 256 (by signal 9)"
    // (home-assistant/addons */rootfs/etc/s6-overlay/s6-rc.d/*/finish): any exit report with the signal
    // in parentheses; another signal there (4, an illegal instruction; 15) is not a kill by SIGKILL.
    // execa's "Command was killed with SIGKILL (Forced termination)" (sindresorhus/execa lib/return/
    // message.js) and Node's child_process error fields ("killed: true, signal: 'SIGKILL'", nodejs
    // lib/child_process.js); Python's multiprocessing.Process repr of a child ended by a signal
    // ("<Process name='Process-1' pid=1234 parent=1 stopped exitcode=-SIGKILL>", cpython Lib/
    // multiprocessing/process.py _exitcode_to_name); ninja's "FAILED: [code=137] <target>" (ninja
    // src/status_printer.cc; subprocess-posix.cc returns 128 plus the raw wait status for a signal other
    // than INT/TERM/HUP, 137 for SIGKILL); Rust's ExitStatus as cargo prints a compiler it ran ("process
    // didn't exit successfully: `rustc ...` (signal: 9, SIGKILL: kill)", rust-lang/rust 1.70 library/std/
    // src/sys/unix/process/process_unix.rs signal_string); PM2's "App [name:id] exited with code [0] via
    // signal [SIGKILL]" (Unitech/pm2 lib/God.js handleExit); LSF's job report "Exited with signal
    // termination: Killed." (IBM Spectrum LSF job output, strsignal); npm's error detail "npm ERR! signal
    // SIGKILL" (npm/cli lib/utils/error-message.js: the lifecycle script's er.signal), yarn 1's "error
    // Command failed with signal \"SIGKILL\"." (yarnpkg/yarn src/cli/commands/run.js).
    // Also Flyte's "terminated with exit code (137)" and gunicorn's arbiter "Worker (pid:%s) was sent
    // SIGKILL! Perhaps out of memory?" (benoitc/gunicorn gunicorn/arbiter.py): an observer of the kill.
    source:
      'POSIX shell exit status 128+SIGKILL; Python subprocess returncode -signal; torch.distributed.elastic ChildFailedError exitcode -9; gunicorn arbiter.py',
    summary: 'a process was killed with SIGKILL (exit 137), most often by an OOM killer',
    withoutFailureLine: bareKillMissing,
    extract: ({ text, before, match }) => {
      // A kill named as one of a list of possible causes is a guess, not a report: Ray's raylet ends
      // every worker death with "There are some potential root causes. (1) The process is killed by
      // SIGKILL by OOM killer ..." (ray src/ray/raylet/node_manager.cc); ray-worker-died reads that.
      if (possibleCauses.test(text.slice(0, match.index))) return undefined;
      const rank = [...before].reverse().find((line) => /^\s*rank\s*:/.test(line));
      return {
        facts: definedFacts({
          exitCode:
            intOf(
              /(?:exitcode|return ?code|exit ?(?:code|status)|error code|exit(?:s|ed)? with (?:\w+ )?code)\s*[:=]?\s*(-9)\b|exitcode\s*:\s*(-?\d+)/i
                .exec(text)
                ?.slice(1)
                .find(Boolean),
            ) ?? (/\b137\b/.test(text) ? 137 : undefined),
          launcher: launcherWords.test([...before, text].join('\n')) ? true : undefined,
          pid: intOf(/\(pid: ?(\d+)\)|received by PID (\d+)/.exec(text)?.slice(1).find(Boolean)),
          rank: intOf(/rank\s*:\s*(\d+)/.exec(rank ?? '')?.[1]),
          localRank: intOf(/local_rank:\s*(\d+)/.exec(rank ?? '')?.[1]),
        }),
      };
    },
  },
  {
    code: 'shell-killed',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: ['killed', ...localKilledKeywords],
    pattern: new RegExp(
      String.raw`line \d+ ?:\s+(\d+) (?:Killed\b|killed(?=\s*$))|: \S+ \d+ ?:\s+(\d+) (?:Killed(?=\s|$)|killed(?=\s*$)|(?:[Ww]as|[Gg]ot) killed(?=\s{2,}\S|\s*$))|${lineStart}(?:\[\d+\][+-]?\s+)?Killed(?:: 9|\.)?(?:\s{2,}\S.*)?["”'\`]?\s*$|(?:\]|[\d%|\u2588-\u258F]s?(?=Killed\s*$)|(?<=\d\.\d+|%|\d\/\d+) (?=Killed\s*$)) ?Killed\s*$|: [\\/|-] Killed\s*$|(?:it\/s|s\/it|\d\d:\d\d)\] ?Killed(?=["”'\`])|zsh: killed|(?<=(?:[a-z]{2}|[\d)%]|\.\.)[.!] )Killed(?=\s*$|["”'\`])|\[\d+\]\s+[+-]?\s*(\d+) killed {2,}\S|^\s*(\d+) Killed(?= {2,}\S)|${shellKillToken}`,
    ),
    // bash's report of a script's job ends "<script>: line N: <pid> Killed <command>", its "line %d: "
    // translated in the user's locale ("riga 24:", "Zeile 24:", "ligne 24 :": GNU bash po/<lang>.po
    // msgid "line %d: "); read by its shape, whatever word stands for "line".
    // The same report with its "Killed" retold in English from the user's locale ("./train.sh: row 8:
    // 20954 was killed"): the shape (script, line, pid) is bash's.
    // bash prints "Killed" (strsignal(SIGKILL)) for a job ended by SIGKILL, in the user's locale
    // (localKilled, folded to "Killed" by paste.ts), alone on a line, in its job report ("[1]+  Killed    python x.py", the same in any
    // locale: "[1]+  已杀死    python x.py"), or glued to the last progress bar the job drew ("ETA: 2621s已杀死");
    // The same report with its "<script>: line N: " prefix lost in the paste ("71885 Killed    python ..."):
    // the pid, then "Killed" padded to the command, at the line's start.
    // zsh's job report is "[1]    14875 killed     python main.py" (Src/jobs.c printjob, sigmsg
    // "killed"), often glued to the last progress bar the job drew, or to the last log line when it
    // ended without a newline ("... trainable%: 0.0000 Killed": a decimal figure, a percentage or a
    // progress bar's count of its total ("45/100 Killed", tqdm's n/total), one space, the word; not a
    // bare count, "3 Killed", a tally's column).
    // The same "Killed" glued to conda's spinner ("Solving environment: \ Killed": conda
    // conda/common/io.py Spinner cycles "/-\|" after the step's colon), or alone with a full stop
    // ("Killed.") as a paste ends it (issue 23, heldout-23's spent misses).
    // The same word quoted in a user's sentence ('I get a "Killed" message', 'fails with `killed`',
    // 'the terminal shows the message "KILLED"'): the shell's strsignal(SIGKILL) retold, a bare kill all
    // the same. Session 28: the word as a token wherever a paste leaves it (quoted, macOS's "Killed: 9",
    // after bash's pid, glued to the output before or after it) is kill-token.ts's shellKillToken. And "Killed" glued after the last sentence the process printed ("... exceeds 10% of free
    // system memory. Killed", TensorFlow's cpu_allocator_impl.cc warning, then the shell's word where the
    // paste lost the line break), at the line's end or before the quote that closes a retold message.
    // Session 24: the same after a progress message's ellipsis ("loading annotations into memory...
    // Killed": the step it announced is where the kill came), and bash's job report with its padding
    // collapsed to one space or its word retyped in lower case at the line's end ("<script>: line 118:
    // 7080 killed"; a lower-case word with more after it is a sentence, "item 24: 8612 killed birds"),
    // "line 155 : 1126 Killed python ..."), as HTML and chat pastes leave it: the shape (script, line,
    // pid) is bash's (jobs.c/nojobs.c "%s: line %d: "), whatever the spacing.
    // Session 25: the word glued to a tqdm bar's closing bracket ("... [00:00, ?it/s]Killed"; tqdm's
    // bar_format ends "[{elapsed}<{remaining}, {rate_fmt}{postfix}]", tqdm/std.py) where a user quotes
    // the line in a sentence, the closing quote right after it.
    // Session 26: the shell's line with the quote that closes a log quoted in a sentence right after it
    // ('it shows like this "2023-09-03 ... === Current relation: 30 ===\nKilled"'), as a paste keeps the
    // user's own quotation marks around the output (heldout-39, after its measurement).
    source: 'bash jobs.c pretty_print_job / strsignal(SIGKILL)',
    summary: 'the shell reports a process "Killed" (SIGKILL), most often by the OOM killer',
    withoutFailureLine: bareKillMissing,
    extract: ({ match }) => ({
      facts: definedFacts({ pid: intOf(match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5]) }),
    }),
  },
  {
    code: kernelKillCutCode,
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: ['killed process'],
    pattern: new RegExp(kernelKillCut),
    source: 'linux mm/oom_kill.c __oom_kill_process ("%s: Killed process %d (%s) ...", v5.x-v6.x)',
    summary:
      "the kernel OOM killer's report, cut to its words (no pid, no figures): the kernel killed a process for memory",
    withoutFailureLine: {
      saw: "the kernel OOM killer's words without the rest of its line: no pid, process name or memory figures",
      toDecide:
        'the whole kernel line from the time of the kill: dmesg -T | grep -i -E "out of memory|killed process" (or journalctl -k); "Memory cgroup out of memory" means a container\'s or job\'s limit, "Out of memory" alone the whole host',
    },
  },
  {
    code: 'compiler-killed',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 2,
    keywords: ['signal terminated program', 'internal compiler error: killed'],
    // GCC's driver reports a compiler it ran that died of a signal by the signal's name: "c++: fatal
    // error: Killed signal terminated program cc1plus" (gcc/gcc.cc execute(): "%s signal terminated
    // program %s", strsignal(WTERMSIG(status)); GCC 4.x-14). "Killed" is strsignal(SIGKILL), the bare
    // kill a build under memory pressure meets from the OOM killer, as the shell's "Killed" is
    // (shell-killed); another signal's name ("Segmentation fault signal terminated program") is a crash.
    // GCC before 7 reported every signal the same way, as an internal error: "g++: internal compiler error:
    // Killed (program cc1plus)" (gcc/gcc.c execute(), internal_error "%s (program %s)"; GCC 7 moved
    // SIGKILL, SIGINT, SIGTERM to the fatal error above): the same kill, another crash by its own name.
    pattern: /\bKilled signal terminated program \S+|\binternal compiler error: Killed \(program \S+\)/,
    source:
      'gcc/gcc.cc execute() (GCC 4.x-14): "%s signal terminated program %s"; before GCC 7 "internal compiler error: %s (program %s)"',
    summary:
      'the compiler driver reports its compiler "Killed" (SIGKILL), most often by the OOM killer during a build',
  },
  {
    code: retoldKillCode,
    kind: 'host_oom',
    framework: 'kernel',
    weight: 1,
    // A candidate of its own: a signature's reading of the same line or log is never merged into it.
    group: retoldKillCode,
    keywords: [
      'killed',
      '被kill',
      '被 kill',
      '被杀',
      '被 杀',
      'kill掉',
      '杀掉',
      'kill occur',
      'kill happen',
      'kill has',
      'kill had',
    ],
    pattern: new RegExp(
      `${retoldPassive}|${retoldElidedPassive}|${retoldKillForMemory}|${retoldChinese}|${retoldShellWord}|${retoldKillTitle}|${retoldKilledBySystem}|${retoldKillEvent}`,
      'i',
    ),
    // A kill told only in the user's words: "the process is killed after this", "the program was then
    // killed", "进程被Killed", "it shows killed in line 163". The shell's report retold ("shows
    // killed") is the bare "Killed" line's evidence (shell-killed; CORPUS-FORMAT settled rule 2); a
    // passive "was killed" names no killer, so memory evidence elsewhere in the log decides it
    // (resolve.ts resolveRetoldKill), as it does a notebook kernel's death (settled rule 6).
    // A kill by a named signal or hand (signal 11, SIGSEGV, the user, Ctrl-C, a timeout, NCCL's
    // watchdog) is not a memory kill; torch's own "killed by signal" lines are dataloader-worker-killed's.
    source:
      "bash jobs.c strsignal(SIGKILL) retold; issue 23 item 4 (one kill grammar across killers, host kills in the user's words)",
    summary: "a process was killed, as the user tells it (no killer's message): most often the OOM killer",
    // Standing alone as a bare kill (round 20, resolve.ts resolveRetoldKill), the kill must be told as
    // one that happened: not in a condition, a purpose or a doubt ("If the process is killed, ...",
    // "Make sure the worker is killed", "whether the job was killed"), not as what a person's act does
    // ("gets killed when you restart the server"), and not by a sender other than the system unless
    // memory is named beside it ("killed by the scheduler after 24 hours", "by Kubernetes due to a
    // failed liveness probe": a named sender, CORPUS-FORMAT settled rule 2).
    extract: ({ text, match }) => {
      const lead = text.slice(0, match.index);
      const sentenceLead = lead.slice(
        Math.max(lead.lastIndexOf('. '), lead.lastIndexOf('? '), lead.lastIndexOf('! ')) + 1,
      );
      if (/\b(?:if|unless|whether|make sure|ensure|so that|in case)\b[^.,;]{0,60}$/i.test(sentenceLead))
        return undefined;
      const rest = text.slice(match.index + match[0].length).split(/[.!?](?:\s|$)/)[0] ?? '';
      // A kill the user expected ("killed when training finished, as expected") is the run's own end.
      if (
        /\b(?:as expected|as intended|is expected|which is expected|expected behaviou?r)\b/i.test(
          match[0] + rest,
        )
      )
        return undefined;
      // Another cause told in the same clause: a time limit, a preemption, the user's own act, another
      // signal or a crash ("killed after exceeding the time limit", "due to preemption", "because I closed
      // the SSH session", "after a segmentation fault"): a named killer or cause, settled rule 2.
      if (otherCauseInClause.test(rest)) return undefined;
      if (/^\s*(?:\w+\s+)?when\s+(?:you|I|we|the user|a user)\b/i.test(rest)) return undefined;
      if (namesOtherSender(rest)) return undefined;
      return { facts: { retoldKill: retoldShellPattern.test(match[0]) ? 'shell' : 'passive' } };
    },
  },
  {
    code: 'python-memory-error',
    kind: 'host_oom',
    framework: 'other',
    weight: 2,
    keywords: [
      'memoryerror',
      'unable to allocate',
      'cannot allocate memory',
      'bad_alloc',
      'std::bad_a',
      'bad allocation',
      'paging file is too small',
      'winerror 1455',
      'auslagerungsdatei ist zu klein',
      '页面文件太小',
      'fail to alloc memory of',
      'posix_memalign',
      'fatalerror: could not allocate memory',
      'allocate array with shape',
      'mmap',
      'fork',
      'posix_spawn',
      'malloc',
      'calloc',
      'realloc',
      'errno 12]',
      'winerror 8]',
      'winerror 14]',
      'cannot recover from memoryerrors',
      'memory allocation',
      'memory error',
      "can't allocate region",
      'malloc: *** mach_vm_map(',
      'malloc: *** mmap(',
      'c0000017',
      'c000012d',
      '-1073741801',
      '-1073741523',
      '3221225495',
      '3221225773',
      ...localNoMemory.map(([, keyword]) => keyword),
    ],
    pattern: withSize(
      String.raw`${lineStart}MemoryError(?!${cffiWriteExecute})(?:\b|(?=Traceback))|(?<=(?:[:\]]|\s-)\s{1,8})MemoryError\s*$|(?<=^\s*\([\w .=-]{1,40}\)\s{1,8})MemoryError(?=:|\s*$)|${libraryAllocatorFailed}|${programAllocationExclaimed}|\)MemoryError(?!${cffiWriteExecute})\b|${retoldMemoryError}|<(?:type|class) '(?:exceptions\.)?MemoryError'>|\bMemoryError\(\)|Fail to alloc memory of (\d+) size|_ArrayMemoryError|[Uu]nable to allocate SIZE for an array|\bCannot allocate memory\b(?! in static TLS block)|\bstd::?bad_a[l1I]{2}oc\b|(?<=^\s*|[:\]'"\x60]\s*|Error )bad allocation\b|paging file is too small|\[WinError (?:1455|8|14)\]|${windowsNoMemoryStatus}|${macMallocRegionRefused}|\bCannot recover from MemoryErrors while normalizing exceptions\b|\[Errno 12\]|${localNoMemoryPattern}|Auslagerungsdatei ist zu klein|页面文件太小|posix_memalign\([^)]*\)(?: == 0\. | == 0 \(|:)12\b|(?:mujoco\.)?FatalError: [Cc]ould not allocate memory|[Uu]nable to allocate array with shape \(|${posixCallEnomemNumber}`,
    ),
    // The class name alone as a line's last word after a log record's prefix or a label ("[00000600]
    // [01-24-2023 23:20:26] MemoryError", a GUI's log of the traceback's last line; "loading stable
    // diffusion model: MemoryError", AUTOMATIC1111 modules/errors.py display() printing
    // f"{task}: {type(e).__name__}"; "Exception has occurred: MemoryError", VS Code's debugger
    // (debugpy) on the raise; "FAILED tests/t.py::test_x - MemoryError", pytest's short summary,
    // _pytest/terminal.py _get_line_with_reprcrash_message): CPython prints a MemoryError without a message as its bare name
    // (Lib/traceback.py format_exception_only), and that name is the report whatever stands before it.
    // The exception's repr, as a log line or a pool's report prints it ("worker 2 died: MemoryError()",
    // CPython BaseException.__repr__), is the same exception.
    // A paste that joined a traceback's lines glues the exception to the source line before it
    // ("...pickle.load(from_parent)MemoryError") or to the next traceback's header ("MemoryErrorTraceback").
    // PaddlePaddle's CPU allocator (paddle/fluid/memory/detail/system_allocator.cc CPUAllocator::Alloc)
    // raises "Fail to alloc memory of %ld size" as a ResourceExhaustedError: host memory, not GPU.
    // numpy/core/src/multiarray/alloc.c raises _ArrayMemoryError, whose message is "Unable to
    // allocate %s for an array with shape %s and data type %s" (numpy/core/_exceptions.py); numpy's
    // own words are the report whoever retypes them, lower-cased in a user's sentence too.
    // Before numpy 1.18 named the size, the same refusal read "Unable to allocate array with shape
    // (N,) and data type float64" (numpy/numpy#13306, which added the shape and dtype to the
    // MemoryError; quoted by stackoverflow.com/questions/57507832; added after reading heldout-43: no
    // inner figure).
    // PyTorch 1.0-1.1's c10/core/CPUAllocator.cpp alloc_cpu enforced "posix_memalign(&data,
    // gAlignment, nbytes) == 0. 12 vs 0": the call's error, 12, is ENOMEM. MuJoCo's mju_malloc
    // (src/engine/engine_util_errmem.c) raises "Could not allocate memory" (mujoco.FatalError).
    // PaddlePaddle's PADDLE_ENFORCE_EQ on the same call (paddle/fluid/memory/detail/
    // system_allocator.cc) prints "Expected posix_memalign(&p, alignment, size) == 0, but received
    // posix_memalign(&p, alignment, size):12 != 0:0.": the same ENOMEM in its enforce grammar; legacy
    // Paddle's CpuAllocator (paddle/math/Allocator.h, CHECK_EQ(posix_memalign(&ptr, 32ul, size), 0)) in glog's
    // ("Check failed: posix_memalign(&ptr, 32ul, size) == 0 (12 vs. 0)", glog MakeCheckOpString "(v1 vs. v2)").
    // "Cannot allocate memory" is strerror(ENOMEM) (man-pages errno(3)) whoever prints it (OSError
    // [Errno 12], fork, mmap of a shared tensor, a user quoting it); dlopen's "cannot allocate memory
    // in static TLS block" is a loader limit, and ibv_reg_mr's ENOMEM is the locked-memory limit
    // (RLIMIT_MEMLOCK), not RAM: both are left out.
    // std::bad_alloc read through OCR, which takes the two l's for 1 or I ("std::bad_a11oc", a screenshot
    // of R's parallel workers, heldout-46/host_oom-biomodhub-biomod2-437-d): the token with the two letters
    // OCR confuses, only under the std:: namespace that no word shares.
    // std::bad_alloc's what() is "std::bad_alloc" in libstdc++ and libc++ but "bad allocation" in
    // Microsoft's C++ runtime (MicrosoftDocs/cpp-docs docs/standard-library/bad-alloc-class.md, its
    // sample's output; microsoft/STL tests assert what() == "bad allocation"): a Windows build of a
    // native library that passes e.what() on (CatBoost's "CatBoostError: bad allocation", LightGBM's
    // "[LightGBM] [Warning] bad allocation", ML.NET's "error message of 'bad allocation'") reports the
    // same refused host allocation. Only as a message of its own (at a line's start, or after a colon,
    // a bracket, a quote, or an exception's name whose colon a title dropped: "will throw RuntimeError bad
    // allocation"): "a bad allocation of nodes" is English about scheduling.
    // Windows' ERROR_COMMITMENT_LIMIT is 1455 in every locale ("[WinError 1455] The paging file is
    // too small ...", learn.microsoft.com/windows/win32/debug/system-error-codes--1300-1699-); where
    // a library drops the number ("DLL load failed while importing _pywrap_tensorflow_internal: ..."),
    // its text in the locales users paste: German "Die Auslagerungsdatei ist zu klein, um diesen
    // Vorgang durchzuführen", Chinese "页面文件太小，无法完成操作" (the same message 1455 in Windows'
    // de-DE and zh-CN message tables). ENOMEM's number, "[Errno 12]" (Linux
    // include/uapi/asm-generic/errno-base.h, macOS sys/errno.h: 12), and Windows'
    // ERROR_NOT_ENOUGH_MEMORY 8 and ERROR_OUTOFMEMORY 14 (learn.microsoft.com/windows/win32/debug/
    // system-error-codes--0-499-) are the same in every locale; strerror(ENOMEM)'s words in glibc's
    // catalogs: localNoMemory.
    source:
      'CPython MemoryError; std::bad_alloc (what() "bad allocation" in MicrosoftDocs/cpp-docs standard-library/bad-alloc-class.md); numpy _ArrayMemoryError (numpy/core/_exceptions.py); errno ENOMEM (12), its strerror in glibc 2.36 po/*.po; Windows system error codes 8, 14, 1455; pytorch c10/core/CPUAllocator.cpp (1.0); mujoco engine_util_errmem.c mju_malloc',
    summary: 'a host memory allocation failed (Python MemoryError / ENOMEM)',
    extract: ({ text, match }) => {
      // The error named as an expected or negated verb's object ("It should throw a MemoryError instead
      // of segfaulting", "numpy does not raise MemoryError"): words about it, not it (clause-polarity.ts).
      if (clausePolarity(text.slice(0, match.index)) !== 'stated') return undefined;
      const isEnomem = /Cannot allocate memory|\[Errno 12\]/.test(text) || localNoMemoryLine.test(text);
      if (isEnomem && isLockedMemoryLimit(text)) return undefined;
      // The loader's "cannot allocate memory in static TLS block" holds strerror's words in most
      // catalogs ("no se pudo asignar memoria en el bloque TLS estático", "无法在静态 TLS 块中分配内存"):
      // a loader limit, as in English (bg.po spells it "TSL", sr.po "ТЛС").
      if (localNoMemoryLine.test(text) && /\b(?:TLS|TSL)\b|ТЛС/.test(text)) return undefined;
      // ENOMEM from a device's runtime, named on the line, is the device's (allocation/api-status.ts).
      if (isEnomem && isDeviceErrnoNoMemory(text)) return undefined;
      const array = withSize(
        String.raw`Unable to allocate SIZE for an array with shape \(([\d, ]*)\) and data type (\w+)`,
      ).exec(text);
      const paddle = /Fail to alloc memory of (\d+) size/.exec(text);
      return {
        // Paddle's own allocator report outranks the ResourceExhaustedError it is raised as.
        ...(paddle ? { weight: 3 as const } : {}),
        facts: definedFacts({
          requestedBytes:
            intOf(paddle?.[1]) ??
            sizeOf(array?.[1] ?? withSize(`[Uu]nable to allocate SIZE for an array`).exec(text)?.[1]),
          arrayShape: array ? `(${array[2]!.replace(/\s+/g, '')})` : undefined,
          dtype: array?.[3],
        }),
      };
    },
  },
  {
    code: 'memory-requirement-refused',
    kind: 'host_oom',
    framework: 'other',
    weight: 3,
    keywords: ['than is available (', 'than available ('],
    // A program that checks its need against the host's free memory before it allocates, and refuses:
    // "<need> more system memory (<required>) than is available (<available>)" (ollama llm/server.go
    // NewLlamaServer: "model requires more system memory (%s) than is available (%s)"), whoever relays
    // it (an IDE extension's error report, an API's JSON body). The host's memory by its noun (system,
    // host, CPU, RAM); a GPU's in the same words is not this rule's.
    pattern: withSize(
      String.raw`\b(?:requires?|needs?) more (?:system|host|CPU|RAM) memory \(SIZE\) than (?:is )?available \(SIZE\)`,
      'i',
    ),
    source: 'ollama llm/server.go (system memory check before loading a model)',
    summary: 'the program refused to start: it needs more host memory than is available',
    // What it calls available is the host's free memory (ollama's check compares the model's need with
    // the system's FreeMemory, discover/ and llm/server.go): the free figure too, as every other rule names it.
    extract: ({ match }) => ({
      facts: definedFacts({
        requestedBytes: sizeOf(match[1]),
        availableBytes: sizeOf(match[2]),
        freeBytes: sizeOf(match[2]),
      }),
    }),
  },
  {
    code: 'runtime-allocation-failed',
    kind: 'host_oom',
    framework: 'other',
    weight: 2,
    keywords: [
      'java.lang.outofmemoryerror',
      'cannot allocate vector of size',
      'javascript heap out of memory',
      'runtime: out of memory',
      'memory allocation of',
      'out of memory!',
      'out of memory during',
      'outofmemoryerror()',
      'system.outofmemoryexception',
      'winerror 8]',
      'winerror 14]',
      'failed to allocate memory for requested buffer',
      'could not allocate pinned host',
      'cpu_buffer_type_alloc_buffer: failed',
      'failed to allocate cpu',
      'failed to allocate cuda_host',
      'failed to allocate rocm_host',
      'tcmalloc: large alloc',
      'mem_buffer != null',
      'ggml_aligned_malloc: insufficient memory',
      'failed to resize buffer',
      'failed to allocate tail memory',
    ],
    // The host allocation grammar in other runtimes' words, each the runtime's own message for an
    // allocation the OS (or the runtime's heap cap) refused inside a live process:
    // OpenJDK hotspot "java.lang.OutOfMemoryError: Java heap space" (and GC overhead, Metaspace,
    // direct buffer, native thread); R src/main/memory.c "cannot allocate vector of size %0.1f Gb";
    // V8 "Reached heap limit Allocation failed - JavaScript heap out of memory"; Go runtime/malloc.go
    // throw("runtime: out of memory"); Rust std::alloc default hook "memory allocation of %d bytes
    // failed"; Perl malloc.c "Out of memory!" / "Out of memory during request for %d bytes"; Julia
    // OutOfMemoryError(); .NET System.OutOfMemoryException; Windows ERROR_NOT_ENOUGH_MEMORY (8) and
    // ERROR_OUTOFMEMORY (14) (learn.microsoft.com/windows/win32/debug/system-error-codes--0-499-);
    // ONNX Runtime's CPU arena (onnxruntime/core/framework/bfc_arena.cc "Failed to allocate memory
    // for requested buffer of size %zu"); XLA's and TensorFlow's pinned host allocators
    // (xla/stream_executor/integrations/stream_executor_allocator.cc "could not allocate pinned host
    // of size: %llu", tensorflow gpu_host_allocator.h "could not allocate pinned host memory of size: ");
    // ggml's host buffers, by the buffer type's name as ggml names it (ggml/src/ggml-backend.cpp
    // ggml_backend_cpu_buffer_type_alloc_buffer "%s: failed to allocate buffer of size %zu",
    // ggml-alloc.c "%s: failed to allocate %s buffer of size %zu" with CPU, CPU_Mapped or the pinned
    // CUDA_Host/ROCm_Host type: host memory, where its GPU types are the device's, allocation/rules.ts;
    // the CPU buffer's line cut after "failed" by a wrapper's truncation, as Ollama quotes it in its 500
    // error, is still that function's one failure).
    // gperftools' large-allocation report with the null pointer it got back ("tcmalloc: large alloc N
    // bytes == (nil) @ ...": src/tcmalloc.cc ReportLargeAlloc prints the result with %p, glibc's
    // "(nil)" for NULL): the allocation failed — a report with an address is no failure (facts.ts).
    // ggml_init's assertion on its context's arena, which it mallocs itself when the caller gives none
    // (ggml/src/ggml.c ggml_init: mem_buffer = params.mem_buffer ? params.mem_buffer :
    // ggml_aligned_malloc(mem_size); GGML_ASSERT(ctx->mem_buffer != NULL)), printed "GGML_ASSERT:
    // <file>:<line>: ctx->mem_buffer != NULL" before 2024 and "<file>:<line>: GGML_ASSERT(ctx->mem_buffer
    // != NULL) failed" since (or the expression alone, where a wrap put it on a line of its own):
    // malloc returned NULL, the host's memory. ggml_aligned_malloc says so just
    // before, with the size ("%s: %s (attempted to allocate %6.2f MB)", error_desc "insufficient memory"
    // for ENOMEM; "invalid alignment value" is not memory).
    // TensorFlow Lite Micro's arena allocator, which hands every tensor out of the one buffer the application
    // gives the interpreter (the tensor arena, an array in the microcontroller's own RAM): "Failed to resize
    // buffer. Requested: %u, available %u, missing: %u" and "Failed to allocate tail memory. Requested: %u,
    // available %u, missing: %u" (tensorflow/tflite-micro tensorflow/lite/micro/arena_allocator/
    // single_arena_buffer_allocator.cc ResizeBuffer, AllocatePersistentBuffer; simple_memory_allocator.cc
    // before it), then "AllocateTensors() failed": the program's RAM, and the arena's size its own setting.
    pattern:
      /java\.lang\.OutOfMemoryError: (Java heap space|GC overhead limit exceeded|Requested array size exceeds VM limit|unable to create (?:new )?native thread|Direct buffer memory|Metaspace)|cannot allocate vector of size ([\d.]+ [KMGT]?b)|JavaScript heap out of memory|fatal error: runtime: out of memory|memory allocation of (\d+) bytes failed|^\s*Out of memory!\s*$|Out of memory during (?:"large" )?request for (\d+) bytes|\bOutOfMemoryError\(\)|System\.OutOfMemoryException|\[WinError (?:8|14)\]|Failed to allocate memory for requested buffer of size (\d+)|could not allocate pinned host(?: memory)? of size:? (\d+)|ggml_backend_cpu_buffer_type_alloc_buffer: failed(?: to allocate buffer of size (\d+)|(?= to al|\s*$))|failed to allocate (?:CPU|CPU_Mapped|CUDA_Host|ROCm_Host) buffer of size (\d+)|tcmalloc: large alloc (\d+) bytes == (?:\(nil\)|0x0+|0|\(null\))(?=\s|$)|(?:\bggml\.c:\d+: (?:GGML_ASSERT\()?|^\W{0,3})ctx->mem_buffer != NULL\b|\bggml_aligned_malloc: insufficient memory \(attempted to allocate\s+([\d.]+ [KMGT]?B)\)|\bFailed to (?:resize buffer|allocate tail memory)\. Requested: (\d+),? available:? (\d+),? missing: ?(\d+)/,
    source:
      'OpenJDK hotspot OutOfMemoryError; R memory.c; V8 heap limit; Go runtime/malloc.go; Rust std::alloc; Perl malloc.c; Julia OutOfMemoryError; .NET OutOfMemoryException; Windows system error codes 8, 14; gperftools src/tcmalloc.cc ReportLargeAlloc',
    summary: 'a host memory allocation failed (the runtime refused or could not get more RAM)',
    extract: ({ text, match, before }) => {
      // ONNX Runtime's arena failing with a GPU execution provider in the log is the device's
      // (allocation/rules.ts); without one it is the CPU arena, host memory.
      if (match[5] !== undefined && !namesHostArena([...before, text])) return undefined;
      return {
        // ggml_aligned_malloc's size is rounded to 0.01 MB; the buffer's own line after it gives the
        // bytes (ggml-backend.cpp "failed to allocate buffer of size N"), so it leads where both are.
        ...(match[10] !== undefined ? { weight: 1 } : {}),
        facts: definedFacts({
          javaHeap: match[1],
          requestedBytes:
            intOf(
              match[3] ?? match[4] ?? match[5] ?? match[6] ?? match[7] ?? match[8] ?? match[9] ?? match[11],
            ) ?? sizeOf(match[2]?.replace(/b$/, 'B') ?? match[10]),
          arenaAvailableBytes: intOf(match[12]),
          arenaMissingBytes: intOf(match[13]),
        }),
      };
    },
  },
];
