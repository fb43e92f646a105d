// The need-against-have shape (issue 23, item 4; session 28): a program that weighs what it needs
// against what it has and refuses, in its own words. Each never-seen slice brought new programs
// (an inference server's block manager, a compiler's memory check, an app's VRAM pre-flight, a
// device allocator's statistics, a micro-controller's arena: test/corpus/NEVER-SEEN-MISSES-AUDIT.md,
// "A library's or app's own message"), each in its own words; what recurs is the structure, read
// here once for all of them:
//   - two figures of the same measure: bytes with a unit (or a bare count of seven digits or more, as
//     allocators print byte counts: "Needed 5401471552, memory available 5370806272"), or counts of a
//     memory pool's units (blocks, pages, slots, descriptors);
//   - each figure's role told by the word beside it, before ("requires N", "alloc size : N",
//     "available M", "limit is M") or after it ("N needed", "M free", "M blocks left"): the need in
//     the verbs and nouns of asking (require, request, need, ask, want, allocate, project), the have
//     in those of holding (available, free, left, remaining, usable, limit, capacity, max, total, has,
//     only); a comparison between them ("N is more than M", "N would exceed M", "N / M" after
//     "exceeding capacity");
//   - the need above the have, of memory (the line names memory, RAM, a heap, a buffer, a pool or an
//     allocation; not tokens, a batch, a sequence length, a disk or a quota);
//   - a refusal, not a plan: a failure line, or the contrast that refuses ("but", "only", "not",
//     "exceeds", "more than", "missing", "abort"); a program that adapts ("switching to partial
//     offload since ...") is not read.
// The words are English's own for asking and holding; the figures are printed as C's printf and
// Python's format print them (%zu, %.2f with a unit suffix: XLA's HumanReadableNumBytes in
// tsl/platform/numbers.cc uses the suffixes K M G T P E, hence "3.47E"; torch's format_size "MiB";
// plain byte counts), parsed by sizes.ts. Side and kind are the generic reading's (generic.ts
// memorySideOf, resolve.ts resolveMemorySide): this file only says whether a line weighs a need
// against a smaller have of memory, and with which figures.
import { parseLogSize } from '../../sizes.js';
import type { Facts } from '../../types.js';

/** One figure on the line, with its place and how it is measured. */
interface Figure {
  at: number;
  end: number;
  value: number;
  isBytes: boolean;
  /** The pool's unit named right after a count ("blocks", "pages"), lower case, singular. */
  unit?: string;
}

type Role = 'need' | 'have';

// A number, its unit (bytes, a size suffix) or a pool's unit after it. Not part of a word, a
// version or a path ("v1.2", "cuda:0", "cc:392"): the figure starts after a space or an opening mark.
const figurePattern =
  /(?<=^|[\s(\[{=:,~"'`<>]|\s~)(\d(?:\d|,(?=\d{3}))*(?:\.\d+)?)(?:\s?(bytes?|[KMGTPE]i?B|kB|[KMGTPE](?![A-Za-z\d])|B(?![A-Za-z\d])))?(?:\s+(?:of\s+\w+\s+|(?:kv[ _-]?cache|new|free|more)\s+)?(blocks?|pages?|slots?|descriptors?|chunks?|entries|entry|tokens?)\b)?(?![\w.:/-]*[A-Za-z\d]|\s?%)/g;
// A number that names something rather than measuring it: a process, a rank, a port, a line.
const identifierBefore =
  /\b(?:pid|id|rank|port|line|device|gpu|cuda|node|worker|thread|step|epoch|iter\w*|code|errno)\s*[=:#]?\s*$/i;

// The words of asking and of holding, as the figure's nearest role word decides it.
const needWord =
  /\b(?:requires?|required|requirements?|requests?|requested|requesting|needs?|needed|asks?|asked|wants?|wanted|projected|allocat(?:e|es|ing|ion)|(?:m|re|c)?alloc|would (?:use|need|require|take))\b/gi;
const haveWord =
  /\b(?:available|free|left|remaining|usable|limit|capacity|max(?:imum)?|total|has|have|budget|ceiling|cap|threshold|only)\b/gi;
// The role told after the figure, within its clause: "5.42 GB needed", "3661 free blocks", "8 GB is
// available", "28 blocks left".
const roleAfter =
  /^\s*(?:(?:blocks?|pages?|slots?|bytes?|of (?:\w+ )?memory)\s+)?(?:is\s+|are\s+)?(?:(needed|required|requested)|(free|available|left|remaining|usable))\b/i;

// The pool's unit after the have's word ("3661 free blocks").
const poolUnitAfter =
  /^\s*(?:is\s+|are\s+)?(?:free|available|left|remaining|usable)\s+(blocks?|pages?|slots?|descriptors?|chunks?)\b/i;
// A refusal's words; a failure line is read by the caller (generic.ts failureLine).
const refusal =
  /\b(?:but|only|not|cannot|can't|unable|refus\w*|insufficient|exceed\w*|too (?:low|small|little|large|big)|more than|larger than|greater than|bigger than|missing|abort\w*|won't|doesn't|does not)\b/i;
// A line a logger marks as information or debugging is no refusal: Python's logging INFO is
// "confirmation that things are working as expected" (docs.python.org/3/howto/logging.html, "When to
// use logging"), and the same levels in loguru, glog ("I0101"), Go's slog and log4j mean the same.
const informational =
  /(?:^|[\s|\[(])(?:INFO|DEBUG|TRACE)\b(?!\w)|^\s*[ID]\d{4}\s|\blevel=(?:INFO|DEBUG|TRACE)\b/;
// A program that adapts to what it has says so: it switches, falls back or offloads instead.
const adapts =
  /\b(?:switch(?:ing|es)? to|(?:is |are |was )?disabled\b|skipp(?:ing|ed)\b|fall(?:ing|s)? back|offload(?:ing|ed)? (?!to (?:CPU|cpu|system|host))|instead\b|reducing\b|will (?:use|try|reduce|split))/i;
// What is weighed is memory: the line names it, or an allocator's or a pool's noun.
const memoryNamed =
  /\bkv[ _-]?cache\b|\b(?:memory|mem|RAM|VRAM|HBM|heap|buffers?|arena|pool|caches?|allocations?|allocator|alloc|malloc)\b|_mem\b|\bmem_|Mem[A-Z]/;
// Not memory but what a memory holds or another resource: tokens, items, a disk.
const weighedOther =
  /\b(?:disk|storage|space on|file ?system|quota|length|characters?|chars|text|words|strings?|elements|items|records|tokens?|seq(?:uence)?[ _]len(?:gth)?|context length|batch(?:es)?|images?|samples?|rows?|files?)\b/i;
// A pool the program sized itself at start and filled: ggml's context ("ggml_new_object: not enough
// space in the context's memory pool (needed N, available M)", ggml-org/llama.cpp ggml/src/ggml.c
// ggml_new_object, whose mem_size the caller fixes at ggml_init), an arena (MuJoCo's, sized by
// <size memory>: the simulators' own reading) or a scratch buffer of the program's own sizing: a
// bound in the program, whatever memory the machine has free.
const fixedArena =
  /\bspace in (?:the )?\w+(?:'s)? (?:memory )?(?:pool|arena|buffer)\b|\b(?:arena|scratch)\b/i;

// A kernel's launch resources, not memory running out: Triton's OutOfResources ("out of resource:
// shared memory, Required: N, Hardware limit: M", triton-lang/triton python/triton/runtime/errors.py)
// is one block's on-chip shared memory or registers against what one SM offers, fixed by a smaller
// block or fewer stages.
const kernelResource = /\bout of resources?: (?:shared memory|registers)\b|\bHardware limit\b/i;
// A need of 2^60 bytes (an exbibyte) or more is a corrupt, overflowed or wrapped size (a negative
// size printed unsigned), not memory anyone lacks: the same bound as resolve.ts resolveOverflowedSize.
const overflowedBytes = 2 ** 60;

/** Each figure on the line that is a size or a pool's count, in order. */
function figuresOf(line: string): Figure[] {
  const figures: Figure[] = [];
  for (const m of line.matchAll(figurePattern)) {
    const digits = m[1]!;
    const unit = m[2];
    const poolUnit = m[3]?.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
    const isBytes =
      unit !== undefined || (poolUnit === undefined && /^\d{7,}$/.test(digits.replaceAll(',', '')));
    const value = isBytes
      ? parseLogSize(unit === undefined ? digits : `${digits}${unit}`)
      : Number(digits.replaceAll(',', ''));
    if (value === undefined || !Number.isFinite(value)) continue;
    if (identifierBefore.test(line.slice(Math.max(0, m.index - 12), m.index))) continue;
    // A process's name and id, "python3.11[4711]" (syslog's TAG[pid], RFC 3164 §4.1.3; the kernel's
    // and launchd's "%s[%d]"): an id, not a figure.
    if (/\w\[$/.test(line.slice(0, m.index)) && line[m.index + m[0].length] === ']') continue;
    figures.push({
      at: m.index,
      end: m.index + m[0].length,
      value,
      isBytes,
      ...(poolUnit ? { unit: poolUnit } : {}),
    });
  }
  return figures;
}

/** The last match of a global pattern in `text`, or undefined. */
function lastOf(pattern: RegExp, text: string): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(pattern)) last = m;
  return last;
}

/** A figure's role by the words right after it, else the nearest role word before it in its clause. */
function roleOf(line: string, figure: Figure, previousEnd: number): Role | undefined {
  const after = roleAfter.exec(line.slice(figure.end, figure.end + 40));
  if (after !== null) return after[1] !== undefined ? 'need' : 'have';
  // Before: back to the previous figure, at most 48 characters, not across a sentence's end.
  const start = Math.max(previousEnd, figure.at - 48);
  const window = line
    .slice(start, figure.at)
    .split(/[.!?;](?:\s|$)/)
    .at(-1)!;
  const need = lastOf(needWord, window);
  const have = lastOf(haveWord, window);
  if (need === undefined && have === undefined) return undefined;
  if (have === undefined) return 'need';
  if (need === undefined) return 'have';
  return need.index > have.index ? 'need' : 'have';
}

/** That two figures measure the same thing: both bytes, or both counts of the same pool's unit. */
function isSameMeasure(a: Figure, b: Figure): boolean {
  if (a.isBytes || b.isBytes) return a.isBytes && b.isBytes;
  return a.unit === undefined || b.unit === undefined || a.unit === b.unit;
}

/**
 * What the have is, by its own words: what is free now ('free'), a bound set on the program or its
 * pool ('limit'), or all the memory there is ('total').
 */
function haveNameOf(line: string, have: Figure): 'free' | 'limit' | 'total' {
  const words = `${line.slice(Math.max(0, have.at - 48), have.at)} ${line.slice(have.end, have.end + 24)}`;
  if (/\b(?:free|available|left|remaining|usable)\b/i.test(words)) return 'free';
  if (/\b(?:limit|capacity|max(?:imum)?|budget|ceiling|cap|threshold)\b/i.test(words)) return 'limit';
  return /\btotal\b/i.test(words) ? 'total' : 'free';
}

/**
 * The need and what there is, where the line weighs a need of memory against a smaller have and
 * refuses (see the head of this file): { requestedBytes, freeBytes | limitBytes } for bytes,
 * { requestedCount, freeCount | limitCount, countUnit } for a pool's units; else undefined.
 * `isFailureLine` is the caller's judgement that the line reports a failure (generic.ts failureLine).
 */
export function weighNeedAgainstHave(line: string, isFailureLine: boolean): Facts | undefined {
  const text = line.slice(0, 2000);
  if (!isFailureLine && !refusal.test(text)) return undefined;
  if (informational.test(text)) return undefined;
  if (adapts.test(text) || fixedArena.test(text) || kernelResource.test(text)) return undefined;
  const figures = figuresOf(text);
  if (figures.length < 2) return undefined;
  const roles = figures.map((f, i) => roleOf(text, f, i === 0 ? 0 : figures[i - 1]!.end));
  // A ratio after "exceeding capacity": "N / M" is the need over the capacity.
  for (let i = 0; i + 1 < figures.length; i++) {
    const [a, b] = [figures[i]!, figures[i + 1]!];
    if (
      /^\s*\/\s*$/.test(text.slice(a.end, b.at)) &&
      /\bexceed\w*\b[^.;]{0,60}$/i.test(text.slice(0, a.at))
    ) {
      roles[i] = 'need';
      roles[i + 1] = 'have';
    }
  }
  // "N is more than M", "N would exceed M": a comparison between two figures makes the first the need.
  for (let i = 0; i + 1 < figures.length; i++) {
    const between = text.slice(figures[i]!.end, figures[i + 1]!.at);
    if (
      /\b(?:is|are|was)?\s*(?:more|larger|greater|bigger) than\b|\b(?:would |will )?exceed(?:s|ed|ing)?\b/i.test(
        between,
      )
    ) {
      roles[i] ??= 'need';
      roles[i + 1] ??= 'have';
    }
  }
  const needAt = roles.indexOf('need');
  if (needAt < 0) return undefined;
  const need = figures[needAt]!;
  const haveAt = roles.findIndex((r, i) => r === 'have' && isSameMeasure(need, figures[i]!));
  if (haveAt < 0) return undefined;
  const have = figures[haveAt]!;
  if (need.value <= have.value || (need.isBytes && need.value >= overflowedBytes)) return undefined;
  // Bytes are memory (a disk is named, weighedOther); a count is a memory pool's only where the line
  // names memory, a pool or an allocator.
  if (!need.isBytes && !memoryNamed.test(text)) return undefined;
  // What is weighed, between and beside the two figures, is memory, not tokens, items or a disk.
  const span = text.slice(Math.max(0, Math.min(need.at, have.at) - 24), Math.max(need.end, have.end) + 16);
  // A KV cache counts its memory in tokens (vLLM's PagedAttention: blocks of block_size tokens each,
  // vllm/core/block_manager.py; a server's "Remaining N kvcache tokens"): tokens of a KV cache are its
  // pool's unit, tokens of a prompt against a context length are not memory.
  const isKvCacheTokens = need.unit === 'token' && /\bkv[ _-]?cache\b/i.test(span);
  if (weighedOther.test(isKvCacheTokens ? span.replace(/\btokens?\b/gi, '') : span)) return undefined;
  // A question about the figures ("Why does it say it requires N when only M is free?") is no refusal:
  // the sentence that holds them ends at a stop before a space or the line's end (not a decimal point).
  const sentenceEnd = /[.!?](?=\s|$)/.exec(text.slice(Math.max(need.end, have.end)));
  if (sentenceEnd?.[0] === '?') return undefined;
  const haveName = haveNameOf(text, have);
  if (need.isBytes) return { requestedBytes: need.value, [`${haveName}Bytes`]: have.value };
  const countUnit =
    need.unit ?? have.unit ?? poolUnitAfter.exec(text.slice(have.end))?.[1]?.replace(/s$/, '');
  return {
    requestedCount: need.value,
    [`${haveName}Count`]: have.value,
    ...(countUnit ? { countUnit } : {}),
  };
}
