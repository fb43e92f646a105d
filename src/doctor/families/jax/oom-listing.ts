// XLA's buffer-assignment listing, read as the device allocation failure it is printed for where the
// paste lost the RESOURCE_EXHAUSTED line above it (issue 23 item 4: evidence printed only on failure).
//
// The listing is BufferAssignment::ToVerboseString (openxla/xla xla/service/buffer_assignment.cc):
// "BufferAssignment OOM Debugging.", the stats block, "Peak buffers:", then per buffer
// "\tBuffer N:\n\t\tSize: <HumanReadableNumBytes>\n\t\tOperator: ...\n\t\tXLA Label: ...\n\t\tShape: ...".
// Its callers are the GPU executable's allocation-failure paths only (xla/service/gpu/gpu_executable.cc:
// BufferForAllocation returns ResourceExhausted("%s\n%s\n", <the allocator's status>, ToVerboseString(...))
// when memory_allocator->Allocate failed, and VerboseAllocationError wraps a failed allocation the same
// way; gpu_compiler.cc hands the executable the string only for that use). XLA's CPU executable does not
// print it. So the listing, whole or in part, is a device buffer XLA could not allocate.
import type { LogRule, MissingFailureLine, RuleInput } from '../../types.js';
import { xlaFramework } from '../extract.js';

// The listing's own header, or one buffer's "XLA Label:" line under its "Buffer N:" and "Size:" lines
// ("Operator:" is printed only where the instruction has metadata, so it may be absent), or for an
// entry parameter its "Entry Parameter Subshape:" line in that place.
const listingLine = /^\s*(?:BufferAssignment OOM Debugging\.|XLA Label:\s*\S|Entry Parameter Subshape:\s*\S)/;
const bufferHeader = /^\s*Buffer \d+:\s*$/;
const bufferSize = /^\s*Size:\s*\d[\d.]*\s?(?:[KMGTPE]i?)?B\s*$/;

const listingMissing: MissingFailureLine = {
  saw: "XLA's BufferAssignment OOM listing (Peak buffers: Buffer N, Size, XLA Label), which XLA's GPU executable prints only when it could not allocate a device buffer",
  toDecide:
    'paste the line above the listing ("RESOURCE_EXHAUSTED: Out of memory while trying to allocate N bytes", which gives the request) and the pool XLA took at start (XLA_PYTHON_CLIENT_MEM_FRACTION, XLA_PYTHON_CLIENT_PREALLOCATE)',
};

/** That `before` ends in one buffer's entry: "Buffer N:", "Size: ...", and at most an "Operator:" line. */
function isBufferEntry(before: readonly string[]): boolean {
  const tail = before.slice(-3);
  const header = tail.findIndex((l) => bufferHeader.test(l));
  return header >= 0 && tail.slice(header + 1).some((l) => bufferSize.test(l));
}

/** The listing read as XLA's device allocation failure, weaker than the failure line it belongs to. */
export const xlaOomListingRule: LogRule = {
  code: 'xla-oom-listing',
  kind: 'gpu_oom',
  framework: 'jax',
  weight: 2,
  isGeneric: true,
  keywords: ['bufferassignment oom debugging', 'xla label:', 'entry parameter subshape:'],
  pattern: listingLine,
  source:
    'openxla/xla xla/service/buffer_assignment.cc BufferAssignment::ToVerboseString; xla/service/gpu/gpu_executable.cc BufferForAllocation, VerboseAllocationError',
  summary:
    "XLA's buffer-assignment OOM listing (printed only when its GPU executable could not allocate a buffer); the failure line itself is not in the paste",
  extract: ({ text, before }: RuleInput) =>
    /BufferAssignment OOM Debugging/.test(text) || isBufferEntry(before)
      ? { framework: xlaFramework(text, before, 'jax') }
      : undefined,
  withoutFailureLine: listingMissing,
};
