// An allocator's terse failure (issue 23 item 4): "Failed to allocate." with no object and no figures,
// the allocator's own sentence, which leaves what it allocated to the allocator it is. nnabla's
// caching allocator prints exactly that (sony/nnabla src/nbla/memory/allocator.cpp Allocator::alloc_retry:
// "Failed to allocate. Freeing memory cache and retrying." after the first try, then "Failed to
// allocate again." before it rethrows), for the host's memory and the device's alike: the same
// Allocator class serves CpuMemory and CudaMemory. The generic reading (generic.ts) refuses
// "allocate" without a size or a memory noun, rightly: alone the words could be anything's.
//
// Read here, the shape:
//   - a failure predicate bound to the allocation in one clause, "<failed|unable|could not|cannot>
//     to allocate[ again]", that opens the message (after a log's prefix) and ends its sentence;
//   - not a retry announced on the same line ("Freeing memory cache and retrying": a try that the
//     allocator repeats; only the final refusal is the failure), a warning, or a question;
//   - the side by the words beside it (generic.ts memorySideOf: the line and the lines before it),
//     else by the devices the log names (resolve.ts resolveMemorySide, lean 'device-named'); where
//     the log names none, doctor can't tell whose memory it was, and says so.
// Not read: LLVM's bare "Allocation failed" (llvm/lib/Support/ErrorHandling.cpp report_bad_alloc_error,
// the compiler's own host heap, printed under "LLVM ERROR: out of memory"), which the subject-less
// noun form would take in.
import type { LogRule, RuleInput } from '../../types.js';
import { memorySideOf } from './memory-side.js';

// The sentence's own full stop is required: nnabla prints one after each ("Failed to allocate again."). A line
// that merely ends at "to allocate" is most often a wrap's cut before the size ("Unable to allocate" / "1.2 GiB
// for an array ..."), and claiming it would keep the unwrapper from joining the message whole (readings.ts isApart).
const terseFailure =
  /\b(?:[Ff]ailed|FAILED|[Uu]nable|[Cc]ould not|[Cc]ouldn't|[Cc]annot|[Cc]an't) to allocate(?: again)?\s*[.!]/;
// A log's prefix before the message: timestamps, bracketed tags, glog's "E0101 12:00:00.1 42 file.cc:9]",
// a level, an exception's name, a program's "name:".
const prefixToken =
  /^\s*(?:\[[^\]]*\]|\([^)]*\)|\d[\d:.,/T-]*Z?|[IEF]\d{4}|[\w./-]+\.\w+:\d+\]|(?:ERROR|FATAL|CRITICAL|SEVERE)\b:?|[\w.]*(?:Error|Exception)\b:|[\w.-]+:|[-|>*#:])/;
// A retry announced (nnabla's first "Failed to allocate. Freeing memory cache and retrying."), a
// fallback, a warning, or a question: not the final failure.
const notFinal =
  /\b(?:retry|retrying|retries|will retry|trying again|try again|fall(?:ing|s)? back|freeing)\b|\?|\bwarn(?:ing)?\b|^\s*W\d{4}\s/i;

/** That `lead` is only a log's prefix (or nothing): the phrase opens the message. */
function isPrefixOnly(lead: string): boolean {
  let rest = lead;
  for (let i = 0; i < 12; i++) {
    const m = prefixToken.exec(rest);
    if (m === null || m[0].length === 0) break;
    rest = rest.slice(m[0].length);
  }
  return rest.trim() === '';
}

export const terseAllocationFailureCode = 'terse-allocation-failure';

/** An allocator's objectless "Failed to allocate.": the side by the words beside it or the log's devices. */
export const terseAllocationFailureRule: LogRule = {
  code: terseAllocationFailureCode,
  kind: 'gpu_oom',
  framework: 'other',
  weight: 1,
  isLastResort: true,
  keywords: ['to allocate'],
  pattern: terseFailure,
  source:
    'sony/nnabla src/nbla/memory/allocator.cpp Allocator::alloc_retry; llvm/llvm-project llvm/lib/Support/ErrorHandling.cpp report_bad_alloc_error (not read)',
  summary:
    'an allocator reports that an allocation failed, without what or how much (weaker evidence: its request and the free memory, printed by the library above it, would confirm)',
  extract: ({ text, match, before }: RuleInput) => {
    if (!isPrefixOnly(text.slice(0, match.index)) || notFinal.test(text)) return undefined;
    const side = memorySideOf(text, before);
    // Its own candidate: merged into another reading's, it would make that one a last resort too.
    if (side !== undefined) return { kind: side, group: 'terse' };
    return { group: 'terse', facts: { memorySideUndecided: 'device-named' } };
  },
};
