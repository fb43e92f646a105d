// XLA's numbers beside an out-of-memory report (its BFC allocator's stats block and dump, the
// BufferAssignment and rematerialisation figures, the pool it took at start) and what a JAX log
// shows of its pool settings and memory_stats(): facts for the jax and tensorflow families.
import type { FactRule, Facts } from '../../types.js';
import { definedFacts, intOf, sizeAfter, withSize } from '../extract.js';

// BFCAllocator::DumpMemoryLog "Stats:" block (xla/tsl/framework/bfc_allocator.cc, AllocatorStats::DebugString).
const bfcStatNames: Record<string, string> = {
  Limit: 'limitBytes',
  InUse: 'inUseBytes',
  MaxInUse: 'maxInUseBytes',
  MaxAllocSize: 'maxAllocSizeBytes',
  Reserved: 'reservedBytes',
  PeakReserved: 'peakReservedBytes',
  LargestFreeBlock: 'largestFreeBlockBytes',
};

// BufferAssignment OOM debugging (xla/service/buffer_assignment.cc BufferAssignment::StatsString).
const bufferStatNames: Record<string, string> = {
  parameter: 'parameterBytes',
  constant: 'constantBytes',
  maybe_live_out: 'maybeLiveOutBytes',
  'preallocated temp': 'preallocatedTempBytes',
  total: 'totalAllocationBytes',
};

/** Facts of XLA's reports (fact-table families `xla` and `context`). */
export const xlaFactRules: FactRule[] = [
  {
    family: 'xla',
    keywords: ['limit:', 'inuse:', 'maxallocsize:', 'reserved:', 'largestfreeblock:'],
    pattern: withSize(
      String.raw`^\s*(Limit|InUse|MaxInUse|MaxAllocSize|Reserved|PeakReserved|LargestFreeBlock):\s*SIZE\s*$`,
    ),
    source: 'openxla/xla xla/tsl/framework/allocator.cc AllocatorStats::DebugString',
    extract: (m) => definedFacts({ [bfcStatNames[m[1]!]!]: sizeAfter(m[2]!, /(.*)/) }),
  },
  {
    family: 'xla',
    keywords: ['numallocs:'],
    pattern: /^\s*NumAllocs:\s*(\d+)\s*$/,
    source: 'openxla/xla xla/tsl/framework/allocator.cc AllocatorStats::DebugString',
    extract: (m) => definedFacts({ allocationCount: intOf(m[1]) }),
  },
  {
    family: 'xla',
    keywords: ['total size in pool'],
    pattern: withSize(`Total size in pool: SIZE memory_limit_: SIZE available size: SIZE`),
    source: 'openxla/xla xla/tsl/framework/bfc_allocator.cc DumpMemoryLog',
    extract: (m) =>
      definedFacts({
        poolBytes: sizeAfter(m[1]!, /(.*)/),
        limitBytes: sizeAfter(m[2]!, /(.*)/),
        availableBytes: sizeAfter(m[3]!, /(.*)/),
      }),
  },
  {
    family: 'xla',
    keywords: [' allocation:', 'total fragmentation:'],
    pattern: withSize(
      String.raw`^\s*(parameter|constant|maybe_live_out|preallocated temp|total) allocation:\s*SIZE`,
    ),
    source: 'openxla/xla xla/service/buffer_assignment.cc BufferAssignment::StatsString',
    extract: (m) => definedFacts({ [bufferStatNames[m[1]!]!]: sizeAfter(m[2]!, /(.*)/) }),
  },
  {
    family: 'xla',
    keywords: ['total fragmentation:'],
    pattern: withSize(String.raw`^\s*total fragmentation:\s*SIZE`),
    source: 'openxla/xla xla/service/buffer_assignment.cc BufferAssignment::StatsString',
    extract: (m) => definedFacts({ fragmentationBytes: sizeAfter(m[1]!, /(.*)/) }),
  },
  {
    family: 'xla',
    keywords: ["can't reduce memory use below"],
    pattern:
      /Can't reduce memory use below \S+ \((\d+) bytes\) by rematerialization; only reduced to \S+ \((\d+) bytes\)(?:, down from \S+ \((\d+) bytes\) originally)?/,
    // The remat pass's target is the memory XLA may use (the pool); "only reduced to" is what the
    // program still needs at its peak after rematerialising all it could.
    source: 'openxla/xla xla/hlo/transforms/simplifiers/hlo_rematerialization.cc HloRematerialization::Run',
    extract: (m) =>
      definedFacts({
        rematLimitBytes: intOf(m[1]),
        rematReachedBytes: intOf(m[2]),
        rematOriginalBytes: intOf(m[3]),
      }),
  },
  {
    family: 'context',
    keywords: ['used:', 'bytes_limit', 'peak_bytes_in_use'],
    pattern: withSize(String.raw`JAX[^\n]*?used: SIZE, peak: SIZE, limit: SIZE`, 'i'),
    // A training loop printing jax.Device.memory_stats(): bytes_in_use, peak_bytes_in_use, bytes_limit (FACTS Q4).
    source: 'jax jaxlib/py_device.cc PyDevice::MemoryStats keys, as printed by a training loop',
    keep: 'max',
    extract: (m) =>
      definedFacts({
        jaxInUseBytes: sizeAfter(m[1]!, /(.*)/),
        jaxPeakBytes: sizeAfter(m[2]!, /(.*)/),
        jaxLimitBytes: sizeAfter(m[3]!, /(.*)/),
      }),
  },
  {
    family: 'xla',
    keywords: ['exceeds the base limit'],
    pattern: /input\/output arguments \((\d+)\) exceeds the base limit \((\d+)\)/,
    source: 'openxla/xla xla/service/gpu/gpu_hlo_schedule.cc GetSchedulerMemoryLimit',
    extract: (m) => definedFacts({ ioArgumentsBytes: intOf(m[1]), baseLimitBytes: intOf(m[2]) }),
  },
  {
    family: 'xla',
    keywords: ['xla backend allocating', 'xla backend will use up to'],
    pattern: /XLA backend (?:allocating|will use up to) (\d+) bytes on device (\d+)/,
    // xla/pjrt/gpu/gpu_helpers.cc CreateBFCAllocator (FACTS Q2).
    source: 'openxla/xla xla/pjrt/gpu/gpu_helpers.cc CreateBFCAllocator',
    extract: (m) => definedFacts({ limitBytes: intOf(m[1]), device: intOf(m[2]) }),
  },
  {
    family: 'context',
    keywords: ['xla_python_client_preallocate=', 'xla_python_client_mem_fraction='],
    pattern: /XLA_PYTHON_CLIENT_(PREALLOCATE|MEM_FRACTION)=["']?([\w.]+)/,
    source:
      'jax jaxlib/xla_client.py generate_pjrt_gpu_plugin_options (openxla/xla xla_gpu_allocator_config.h)',
    extract: (m): Facts => ({
      [m[1] === 'PREALLOCATE' ? 'preallocateSetting' : 'memFractionSetting']: m[2]!,
    }),
  },
  {
    family: 'context',
    keywords: ['the caller indicates that this is not a failure'],
    pattern: withSize(
      String.raw`Allocator \((\w+)\) ran out of memory trying to allocate SIZE[^\n]*?The caller indicates that this is not a failure`,
    ),
    // bfc_allocator.cc: a request of the program's own that the pool could not serve, made by a
    // caller that can do without (a convolution's scratch space, cuDNN autotuning): the program's
    // need passed what the pool held, whether or not the run goes on.
    source:
      'openxla/xla xla/tsl/framework/bfc_allocator.cc (TensorFlow core/common_runtime/bfc_allocator.cc)',
    keep: 'max',
    extract: (m) => definedFacts({ bfcRetryBytes: sizeAfter(m[2]!, /(.*)/) }),
  },
];
