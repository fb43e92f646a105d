// A host allocation refused inside a live process (Python MemoryError, numpy's "Unable to
// allocate", ENOMEM, PyTorch's DefaultCPUAllocator): the process was not killed, it asked for more
// than the OS would give. A large request is the cause itself; a small one is the last straw.
import type { Draft } from '../../candidates.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, size } from '../explain-types.js';
import { explainHeapCap } from './explain-heap-cap.js';

/** A request below this that fails means RAM was already exhausted by what the process holds. */
export const lastStrawBytes = 256 * 1024 ** 2;

// Element sizes of numpy dtypes by name (numpy dtype.itemsize).
const itemBytes: Record<string, number> = {
  float64: 8,
  float32: 4,
  float16: 2,
  int64: 8,
  int32: 4,
  complex128: 16,
};

/** The user's last frame (outside installed packages), else the traceback's last frame. */
function frameOf(context: ExplainContext['context']): string | undefined {
  const isUser = typeof context.userFrameFile === 'string';
  const file = isUser ? context.userFrameFile : context.lastFrameFile;
  if (typeof file !== 'string') return undefined;
  const fnName = isUser ? context.userFrameFunction : context.lastFrameFunction;
  const line = isUser ? context.userFrameLine : context.lastFrameLine;
  const fn = typeof fnName === 'string' ? ` in ${fnName}` : '';
  return `${file}:${line ?? '?'}${fn}`;
}

// The program's own check refused before allocating (host/exits.ts memory-requirement-refused: ollama
// compares the model's need with the system's free memory, llm/server.go): nothing was killed, and
// what decides it is the free memory at load, which other programs and the GPU's share change.
function explainRequirementRefused(draft: Draft): Explanation {
  const need = num(draft.facts, 'requestedBytes');
  const free = num(draft.facts, 'availableBytes') ?? num(draft.facts, 'freeBytes');
  const short = need !== undefined && free !== undefined && need > free ? need - free : undefined;
  return {
    cause: 'host_allocation',
    causeText: `the program checked its need${need !== undefined ? ` (${size(need)})` : ''} against the host's free memory${free !== undefined ? ` (${size(free)})` : ''} and refused to load${short !== undefined ? `, ${size(short)} short` : ''}: it was not killed, nothing was allocated`,
    fixes: [
      fix(
        `free ${short !== undefined ? `at least ${size(short)} of ` : ''}host RAM before loading (close other programs and models; ollama: unload others with ollama stop, or OLLAMA_MAX_LOADED_MODELS=1)`,
        'the check compares the need with the RAM free at that moment, which other processes hold',
      ),
      fix(
        'or load a smaller or more quantized model, a shorter context (num_ctx), or more of its layers on the GPU',
        `the need${need !== undefined ? ` of ${size(need)}` : ''} is the model's weights and context held in host RAM`,
      ),
    ],
  };
}

/** Cause and fixes for an allocation the OS refused. */
export function explainHostAllocation(draft: Draft, ctx: ExplainContext): Explanation {
  // A cap of the runtime's or the program's own (the JVM's heap, V8's old space, ART's app heap, a
  // setting the message names) refused it: the cap, not the OS, is what to raise.
  const capped = explainHeapCap(draft, ctx);
  if (capped) return capped;
  if (draft.code === 'memory-requirement-refused') return explainRequirementRefused(draft);
  const limitNamed = explainLimitNamed(draft);
  if (limitNamed) return limitNamed;
  const { context } = ctx;
  const request = num(draft.facts, 'requestedBytes');
  const dtype = typeof draft.facts.dtype === 'string' ? draft.facts.dtype : undefined;
  const shape = typeof draft.facts.arrayShape === 'string' ? ` with shape ${draft.facts.arrayShape}` : '';
  const where = frameOf(context);
  const at = where ? ` at ${where}` : '';
  const what = `${request !== undefined ? `${size(request)} ` : ''}${dtype ? `(${dtype}${shape}) ` : ''}`;
  const fixes: FixDetail[] = [];
  const text = draft.evidence.text;
  const isCommitLimit = /paging file is too small|WinError 1455/i.test(text);
  // Windows' commit limit hit while a process loads a library ("Error loading ...\\torch\\lib\\x.dll"):
  // a process starting up, which on Windows is each DataLoader worker (spawned, it imports torch
  // and its CUDA libraries again, committing their memory anew).
  if (isCommitLimit && /Error loading "?[^"]*\.dll/i.test(text)) {
    return {
      cause: 'dataloader_workers',
      // No spawned child in the log (log/evidence.ts spawnedChildShown): the process loading them may be
      // the main one, against a commit limit too small for torch's CUDA libraries alone.
      ...(context.spawnedChildShown === true
        ? {}
        : {
            alternatives: [
              {
                cause: 'host_allocation' as const,
                decidedBy:
                  "the log shows no spawned worker (multiprocessing spawn_main): run once with DataLoader(num_workers=0); if it still fails, the main process itself passed Windows' commit limit loading torch's CUDA libraries (a larger page file, or fewer programs holding commit)",
              },
            ],
          }),
      causeText: `Windows ran out of commit (page file) while a starting process loaded ${/Error loading "?([^"]*\.dll)/i.exec(text)?.[1] ?? 'a library'}: on Windows each DataLoader worker is a new process that imports torch and commits its CUDA libraries again, so the workers together pass the commit limit`,
      fixes: [
        fix(
          'lower DataLoader(num_workers=...) (0 loads in the main process), or let Windows grow its page file (System → Advanced → Performance → Virtual memory)',
          'Windows commits memory for every worker process and the CUDA libraries each one loads; the page file backs that commit, and it ran out',
        ),
      ],
    };
  }
  // PyTorch passes tensors between processes as shared-memory files named /torch_<pid>_<n>, each
  // mapped on its own (aten/src/ATen/MapAllocator.cpp "unable to mmap %d bytes from file <%s>: %s
  // (%d)"); ENOMEM mapping one is the process's count of mappings (vm.max_map_count) or RAM, and the
  // DataLoader's workers are what send a tensor per sample that way (pytorch docs, torch.multiprocessing
  // "Sharing strategies"; the DataLoader's workers return batches through them).
  const sharedMap = /unable to mmap (\d+) bytes from file <\/torch_[\w]*>?/.exec(text);
  if (sharedMap) {
    return {
      cause: 'dataloader_workers',
      causeText: `mapping a tensor another process shared (${size(Number(sharedMap[1]))}, a /torch_ shared-memory file) failed with ENOMEM: each shared tensor is a mapping of its own, and the DataLoader's workers send theirs that way; too many mappings (vm.max_map_count) or too little RAM refuse the next one`,
      fixes: [
        fix(
          'lower DataLoader(num_workers=...) (and prefetch_factor), or return fewer, larger tensors per sample',
          'every tensor a worker returns arrives as one more shared-memory mapping in the main process',
        ),
        fix(
          'if RAM is not short: raise the mapping limit (sysctl -w vm.max_map_count=262144; it is 65530 by default)',
          'mmap returns ENOMEM when the process would pass vm.max_map_count mappings, whatever RAM is free',
        ),
        fix(
          "or torch.multiprocessing.set_sharing_strategy('file_system') in the main process",
          "the default 'file_descriptor' strategy keeps a descriptor and a mapping per shared tensor",
        ),
      ],
    };
  }
  if (isCommitLimit) {
    fixes.push(
      fix(
        'lower DataLoader(num_workers=...), or let Windows grow its page file (System → Advanced → Performance → Virtual memory)',
        'Windows commits memory for every worker process and the CUDA libraries each one loads; the page file backs that commit, and it ran out',
      ),
    );
  } else if (/fork|Errno 12/.test(text)) {
    fixes.push(
      fix(
        "start fewer worker processes, or start them with the 'spawn' or 'forkserver' method instead of forking a large parent",
        'fork asks the kernel to commit a copy of the whole parent; with a large parent and strict overcommit that fails (ENOMEM)',
      ),
    );
  } else if (request !== undefined && request < lastStrawBytes) {
    fixes.push(
      fix(
        `find what fills the RAM before this point${at}: a buffer that grows (a replay buffer, a cached dataset, a list of results) and cap it`,
        `a request of only ${size(request)} was refused, so the RAM was already exhausted; this allocation is the last straw, not the cause`,
      ),
    );
  } else {
    if (dtype === 'float64' && request !== undefined) {
      fixes.push(
        fix(
          `allocate it as float32 (${size(request / 2)} instead of ${size(request)}) if the precision allows`,
          `numpy's float64 takes ${itemBytes.float64} bytes per element, float32 ${itemBytes.float32}`,
        ),
      );
    }
    fixes.push(
      fix(
        `build or load it in chunks${at} instead of holding it whole (numpy: np.memmap, np.load(..., mmap_mode="r"))`,
        `the whole ${request !== undefined ? size(request) : 'buffer'} must otherwise fit in free RAM at once`,
      ),
    );
  }
  fixes.push(
    fix(
      "record the process tree's host memory over time: headroom run -- <command>",
      'it shows whether memory climbs before this allocation (a growing buffer) or jumps at it',
    ),
  );
  return {
    cause: 'host_allocation',
    causeText:
      request !== undefined && request < lastStrawBytes
        ? `a host allocation of only ${what}failed${at}: RAM was already exhausted by what the process (or the machine) holds; the process was not killed, its allocation was refused`
        : `a host allocation ${what ? `of ${what}` : ''}was refused${at}: the process asked for more RAM than the OS could give; it was not killed (no OOM killer, nothing in dmesg)`,
    fixes,
  };
}

// A memory *limit* named as exceeded or reached ("Memory limit exceeded", "exceeded the memory limit"),
// with no setting of the program's own named (explainHeapCap reads those first): what refused it is a
// limit put on the process, not the machine's RAM running out. A container's, job's or hosted app's
// limit is the usual one (CORPUS-FORMAT settled rule 3: a container/cgroup/Slurm limit is memory_limit);
// a limit the program enforces on itself reads the same, so it stays open.
const limitExceeded =
  /\bmemory limit (?:was |has been |is )?(?:exceeded|reached|hit)\b|\b(?:exceed(?:s|ed|ing)?|reach(?:ed|es)?|hit)\s+(?:the |its |their |your |a |my )?(?:\w+ )?memory limit\b/i;

function explainLimitNamed(draft: Draft): Explanation | undefined {
  if (!limitExceeded.test(draft.evidence.text)) return undefined;
  const limit = num(draft.facts, 'limitBytes');
  return {
    cause: 'memory_limit',
    causeText: `the log says a memory limit${limit !== undefined ? ` of ${size(limit)}` : ''} was exceeded: a limit put on the process (a container's, a job's, a hosted app's) refused or ended it, not the machine's RAM running out`,
    fixes: [
      fix(
        "give it a larger limit where it runs (docker run --memory, Kubernetes resources.limits.memory, Slurm --mem, a hosted app's larger hardware tier), or hold less at once (smaller inputs, data in chunks)",
        'the limit is a number set for the process, below what the machine has',
      ),
      fix(
        "see the limit and the peak: the platform's own record (docker stats, kubectl describe pod, sacct -o MaxRSS,ReqMem)",
        'which limit was hit, and how far the process went past it, is in the record of whatever enforces it',
      ),
    ],
    alternatives: [
      {
        cause: 'memory_cap',
        decidedBy:
          "a memory limit the program sets on itself (its own setting: a server's process memory limit, a model runner's max memory): if the log or its config names one, that setting is the cap to raise, not the container's",
      },
    ],
  };
}
