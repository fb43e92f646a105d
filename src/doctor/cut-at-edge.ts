// A paste that ends inside its own failure line (issue 23, the paste group "program output cut at an
// edge"): users copy the last screen, and the copy stops mid-word ("RuntimeError: CUDA out of",
// "cudaMalloc fai"). Only where the cut word can be one thing is the line completed, and only at the
// log's end (classify.ts finish): a line cut there has no next line that could continue it, whereas a
// line that merely ends so in the middle of a log may be a wrap's first piece, which the unwrapper joins
// (unwrap.ts, readings.ts isApart), so no rule may claim the piece alone.
// The completions are the device runtimes' own words at the place they were cut:
//   - "<device> out of memory": PyTorch's caching allocators open their error with it ("CUDA out of
//     memory. Tried to allocate", c10/cuda/CUDACachingAllocator.cpp; "XPU out of memory",
//     c10/xpu/XPUCachingAllocator.cpp; ROCm builds print "HIP out of memory"), as does
//     cudaGetErrorString(cudaErrorMemoryAllocation) "out of memory" after a device's name; the cut must
//     have left "out of" whole (a bare "CUDA out" could go on to anything);
//   - "<allocation call> failed": the device allocation calls' failure, as MXNet's pooled storage manager
//     prints it ("cudaMalloc failed: out of memory", src/storage/pooled_storage_manager.h) and the
//     allocation grammar reads it (allocation/rules.ts device-alloc-failed); at least "fai" must be left.
// The completed line is then read by the rules like any other; the evidence keeps the line as pasted.

const deviceOomCut = /\b(?:CUDA|HIP|XPU|NPU|MUSA)\s+out\s+of(?:\s+m(?:e(?:m(?:o(?:r)?)?)?)?)?\s*$/;
const allocationCallCut =
  /\b(?:cuda|cu|hip|musa)(?:Mem)?(?:Malloc|Alloc)\w*(?:\([^()\n]{0,160}\))?:?\s+fai(?:l(?:e)?)?\s*$/;

/** A line cut inside its failure's words: the line with the words completed, else undefined. */
export function completedAtCut(line: string): string | undefined {
  const oom = deviceOomCut.exec(line);
  if (oom !== null) {
    const device = /^\w+/.exec(oom[0])![0];
    return `${line.slice(0, oom.index)}${device} out of memory`;
  }
  const call = allocationCallCut.exec(line);
  if (call !== null) return `${line.slice(0, call.index)}${call[0].replace(/\s+fai\w*\s*$/, ' failed')}`;
  return undefined;
}

/** The log's last line with words (not a blank line or a code fence), where it is cut: its index and completion. */
export function cutEndOf(lines: readonly string[]): { index: number; completed: string } | undefined {
  const index = lines.findLastIndex((line) => !/^\s*(?:`{3,}\w*|~{3,})?\s*$/.test(line));
  if (index < 0) return undefined;
  const completed = completedAtCut(lines[index]!);
  return completed === undefined ? undefined : { index, completed };
}
