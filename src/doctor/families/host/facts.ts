// The kernel's OOM report around the kill: the invoking process, and a memory cgroup's limit and usage.
import type { FactRule, Facts } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

const kib = (text: string | undefined): number | undefined => {
  const value = intOf(text);
  return value === undefined ? undefined : value * 1024;
};

/** Facts of the kernel's OOM report. */
export const kernelFactRules: FactRule[] = [
  {
    family: 'host',
    keywords: ['comm:'],
    // Linux 6.12+ prints the UID between them ("CPU: 7 UID: 0 PID: 95 Comm: kswapd0").
    pattern: /CPU: \d+ (?:UID: \d+ )?PID: (\d+) Comm: (\S+)/,
    source: "linux lib/dump_stack.c dump_stack_print_info (printed by the OOM killer's dump_header)",
    extract: (m) => definedFacts({ invokingPid: intOf(m[1]) }),
  },
  {
    family: 'host',
    keywords: [
      'mem_cgroup_out_of_memory',
      'mem_cgroup_oom',
      'killed as a result of limit of',
      'memory: usage',
    ],
    pattern:
      /mem_cgroup_out_of_memory|mem_cgroup_oom\w*\+0x|killed as a result of limit of (\S+)|memory: usage (\d+)kB, limit (\d+)kB/,
    // mm/memcontrol.c mem_cgroup_print_oom_meminfo; a memcg OOM means a container/job limit. The
    // OOM report's call trace names the path: mem_cgroup_oom_synchronize / mem_cgroup_oom frames
    // (mm/memcontrol.c, 3.x-6.x) are a memory cgroup's charge failing, not the whole host.
    source: 'linux mm/memcontrol.c mem_cgroup_out_of_memory, mem_cgroup_print_oom_meminfo',
    extract: (m): Facts =>
      definedFacts({ isCgroupLimit: true, memcg: m[1], usageBytes: kib(m[2]), limitBytes: kib(m[3]) }),
  },
  {
    family: 'host',
    keywords: ['sending sigterm when mem <=', 'at or below sigterm limits', 'below sigterm limits'],
    pattern:
      /sending SIGTERM when mem <= ([\d.]+) ?%|at or below SIGTERM limits: mem ([\d.]+) ?%|below sigterm limits \(mem: ([\d.]+) ?%/i,
    // rfjakob/earlyoom main.c: its start-up line "sending SIGTERM when mem <= %5.2f%% and swap <=
    // ..." and each kill's "low memory! at or below SIGTERM limits: mem %5.2f%%, ..." (before 1.3
    // "Low Memory! At or below sigterm limits (mem: %d %%, ..."): the threshold it was run with.
    source: 'rfjakob/earlyoom main.c (startup_selfcheck, poll loop)',
    extract: (m) => definedFacts({ earlyoomMemPercent: Number(m[1] ?? m[2] ?? m[3]) }),
  },
  {
    family: 'context',
    keywords: ['tcmalloc: large alloc', 'of free system memory', 'of system memory'],
    pattern: /tcmalloc: large alloc (\d+) bytes|Allocation of (\d+) exceeds \d+% of (?:free )?system memory/,
    // gperftools tcmalloc reports each allocation above TCMALLOC_LARGE_ALLOC_REPORT_THRESHOLD
    // ("tcmalloc: large alloc %zu bytes == %p @ ..."; Colab's runtime sets it low): the process was
    // taking that much more RAM at that moment. TensorFlow's CPU allocator warns in the same sense when
    // one allocation passes a share of the host's free RAM ("Allocation of %d exceeds %d%% of free
    // system memory", tensorflow/core/framework/cpu_allocator_impl.cc CPUAllocator::AllocateRaw; "% of
    // system memory" in TensorFlow 1.x's).
    source:
      'gperftools src/tcmalloc.cc ReportLargeAlloc; tensorflow tensorflow/core/framework/cpu_allocator_impl.cc CPUAllocator::AllocateRaw',
    keep: 'max',
    extract: (m) => definedFacts({ largeAllocBytes: intOf(m[1] ?? m[2]) }),
  },
  {
    family: 'context',
    keywords: ['__num=', '__n=', '__size=', 'nbytes=', 'num_bytes=', 'numbytes='],
    // (Only these argument names: a keyword as common as "n=" would send most lines of a large log
    // past the byte prefilter.) A size argument of 2^60 bytes or more in an allocating call's frame (a debugger's or a sanitizer's
    // "make_unique<char []> (__num=9223372036854775807)"): no process can map it (x86-64 linear
    // addresses are at most 57 bits with 5-level paging, Intel SDM vol. 3A 4.5; Armv8.2-LVA 52 bits),
    // so it is a corrupt or overflowed length (INT64_MAX, a negative size cast), not memory lacking.
    pattern: /\b(?:__num|__n|__size|nbytes|num_?bytes)\s*=\s*(\d{19,20})\b/i,
    source: 'Intel SDM vol. 3A 4.5 (4-level and 5-level paging: 48/57-bit linear addresses); Arm ARMv8.2-LVA',
    keep: 'max',
    extract: (m) => {
      const bytes = Number(m[1]);
      return definedFacts({ overflowedSizeBytes: bytes >= overflowedBytes ? bytes : undefined });
    },
  },
  {
    family: 'context',
    keywords: ['more than 1eb'],
    // PyTorch's allocators refuse a request of 2^60 bytes or more before trying it: "CUDA out of
    // memory. Tried to allocate more than 1EB memory." (c10/cuda/CUDACachingAllocator.cpp and
    // CUDAMallocAsyncAllocator.cpp, `one_exa_bytes = 1152921504606846976ULL`, v2.1.0 onward; the
    // device plugins copy it: torch_npu's NPUCachingAllocator, torch_mlu). The same size bound as
    // above: a corrupt length (garbage read as a size), not memory lacking.
    pattern: /\bTried to allocate more than 1 ?EB\b/i,
    source:
      'pytorch/pytorch v2.1.0 c10/cuda/CUDACachingAllocator.cpp, CUDAMallocAsyncAllocator.cpp (one_exa_bytes)',
    once: true,
    extract: () => ({ overflowedSizeBytes: overflowedBytes, overflowedSizeStated: true }),
  },
];

/** A size no process can map (see the fact rule above): 2^60 bytes, 8x past a 57-bit address space. */
export const overflowedBytes = 2 ** 60;
