// A fix that is wrong on its face, judged from the log's own text, independently of doctor's
// rules (issue 23 item 5): it tells the user to do what the log shows is already done (a variable
// already set to that value, a flag already given, /dev/shm grown past the size it suggests, a
// setting raised to the value it already has), or its cause contradicts the figures printed beside
// it (a full GPU where the message shows the request fits in what is free).
import { parseLogSize } from '../sizes.js';
import type { Diagnosis } from '../types.js';
import { techniquesAlreadyDone } from './already-done.js';

// NAME=value (environment), --flag=value / --flag value (command lines), name=value (keyword
// arguments), as a fix writes a setting to apply.
const fixSettings =
  /\b([A-Z][A-Z0-9_]{3,})=([^\s,;)'"`]+)|(--[a-z][\w-]*)(?:[= ]([^\s,;)'"`]+))?|\b([a-z_]{3,})=([\w.:]+)/g;

// Values that mean the same thing written two ways.
const canonical = (value: string): string => {
  const v = value.toLowerCase().replace(/[.,]+$/, '');
  if (v === 'true' || v === '1') return 'true';
  if (v === 'false' || v === '0') return 'false';
  return v;
};

/** Settings a fix proposes: name (as written) and value. */
export function proposedSettings(fix: string): { name: string; value?: string }[] {
  const found: { name: string; value?: string }[] = [];
  for (const m of fix.matchAll(fixSettings)) {
    if (m[1] !== undefined) found.push({ name: m[1], value: m[2] });
    else if (m[3] !== undefined) found.push({ name: m[3], value: m[4] });
    else if (m[5] !== undefined) found.push({ name: m[5], value: m[6] });
  }
  return found;
}

// A message's own advice ("try setting PYTORCH_CUDA_ALLOC_CONF=...", "consider passing
// CUDA_LAUNCH_BLOCKING=1", NCCL's "(run with NCCL_DEBUG=INFO for details)", PyTorch's DataLoader
// "Rerunning with num_workers=0 may give better error trace") names a setting without showing it applied.
const adviceBefore =
  /(?:\b(?:try|consider|recommend\w*|suggest\w*|you (?:can|may|should|could)|please|hint|e\.g\.|such as|by passing|rerunning)\b|\(run with\b)[^.]*$/i;

/**
 * Whether the text before `index` in its paragraph is a message's advice (adviceBefore). A terminal or
 * a paste wraps long messages, even inside a word ("... try s" / "etting PYTORCH_CUDA_ALLOC_CONF=..."),
 * so the clause is read across the paragraph's lines (adviceBefore stops at a full stop).
 */
function isAdviceAt(body: string, index: number): boolean {
  // No blank line before it: the paragraph starts with the body (lastIndexOf's -1 + 2 would cut its first letter).
  const blank = body.lastIndexOf('\n\n', index);
  const paragraph = Math.max(blank < 0 ? 0 : blank + 2, index - 400);
  return adviceBefore.test(body.slice(paragraph, index).replace(/\s*\n\s*/g, ' '));
}

// Whether the log sets `name` to `value` (NAME=value, NAME: value, --flag=value, name = value).
function logSets(body: string, name: string, value: string | undefined): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern =
    value === undefined
      ? new RegExp(`(?:^|[\\s"'\`])${escaped}(?=[\\s"'\`=]|$)()`, 'gm')
      : new RegExp(`${escaped}\\s*[=: ]\\s*["']?([\\w.:-]+)`, 'gi');
  for (const m of body.matchAll(pattern)) {
    if (value !== undefined && canonical(m[1]!) !== canonical(value)) continue;
    if (!isAdviceAt(body, m.index)) return true;
  }
  return false;
}

// Flags whose value is a size: already given at least this large is already done.
const sizeFlags = new Set(['--shm-size']);

/** The largest /dev/shm the log shows: df's Size column, a docker --shm-size, or a stated size. */
export function shmShownBytes(body: string): number | undefined {
  const sizes: number[] = [];
  for (const m of body.matchAll(
    /(\d[\d.]*[KMGT]?)\s+\d[\d.]*[KMGT]?\s+\d[\d.]*[KMGT]?\s+\d{1,3}%\s+\/dev\/shm\b/g,
  ))
    sizes.push(parseLogSize(m[1]!) ?? 0);
  // A size a message advises ("by passing '--shm-size=10.24gb' to 'docker run'", Ray) is not in effect.
  for (const m of body.matchAll(/--shm-size[= ]["']?(\d[\d.]*\s?[kmgtKMGT]i?[bB]?)/g)) {
    if (isAdviceAt(body, m.index)) continue;
    sizes.push(
      parseLogSize(m[1]!.replace(/^(\d[\d.]*)([kmgt])$/i, (_, n, u) => `${n}${u.toUpperCase()}`)) ?? 0,
    );
  }
  for (const m of body.matchAll(/shm_size['":\s=]+["']?(\d[\d.]*\s?[KMGTkmgt]i?[bB]?)/g))
    sizes.push(parseLogSize(m[1]!) ?? 0);
  // The size stated in words, a lower bound included ("/dev/shm size is >10 GB").
  for (const m of body.matchAll(
    /\/dev\/shm(?: space| size)? (?:of|is|=)\s*(?:>=?\s*|over |more than |at least |above )?(\d[\d.]*)\s?([KMGT])i?B\b/gi,
  ))
    sizes.push(parseLogSize(`${m[1]}${m[2]!.toUpperCase()}`) ?? 0);
  return sizes.length > 0 ? Math.max(...sizes) : undefined;
}

// "increase nconmax above 100", "nconmax=100", "nconmax: 100": the value a setting has now
// ("with at least nconmax=100" states a need, not the value now).
function currentValue(body: string, name: string): number | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(
    `(?<!at least )${escaped}(?:\\s*[=:]\\s*|\\s+above\\s+|\\s+is\\s+)(\\d+)\\b`,
    'i',
  ).exec(body);
  return m ? Number(m[1]) : undefined;
}

// An engine's share of the card as the log sets it: the keyword, the dashed flag, and the short
// flags launchers pass (aphrodite-engine's -gmu for --gpu-memory-utilization); the largest given.
const shareSpellings: Readonly<Record<string, string>> = {
  gpu_memory_utilization: String.raw`(?:--)?gpu[_-]memory[_-]utilization|(?<![\w-])-gmu`,
  mem_fraction_static: '(?:--)?mem[_-]fraction[_-]static',
};

function shareShown(body: string, name: string): number | undefined {
  const spelled = shareSpellings[name];
  if (spelled === undefined) return undefined;
  const values: number[] = [];
  for (const m of body.matchAll(
    new RegExp(`(?:${spelled})["']?\\s*[=: ]\\s*["']?(0?\\.\\d+|1(?:\\.0+)?)\\b`, 'gi'),
  ))
    if (!isAdviceAt(body, m.index)) values.push(Number(m[1]));
  return values.length > 0 ? Math.max(...values) : undefined;
}

/** Why each fix of `d` is wrong on the face of the log, empty when none is. */
export function wrongFixes(body: string, d: Diagnosis | undefined): string[] {
  if (!d) return [];
  const problems: string[] = [];
  for (const fix of d.fixes) {
    for (const { name, value } of proposedSettings(fix)) {
      if (sizeFlags.has(name) && value !== undefined) {
        const shown = shmShownBytes(body);
        const proposed = parseLogSize(
          value.replace(/^(\d[\d.]*)([kmgt])$/i, (_, n, u) => `${n}${u.toUpperCase()}`),
        );
        if (shown !== undefined && proposed !== undefined && shown >= proposed)
          problems.push(`suggests ${name}=${value} where the log shows /dev/shm of ${shown} bytes: ${fix}`);
        continue;
      }
      if (logSets(body, name, value))
        problems.push(`suggests ${name}${value ? `=${value}` : ''}, already set: ${fix}`);
    }
    // "raise nconmax to at least 100" where 100 is what it is now.
    for (const m of fix.matchAll(
      /\b(?:raise|increase|set)\s+([\w.]+)\s+(?:to(?: at least)?|=)\s*([\d,]+)\b/gi,
    )) {
      const name = m[1]!.split('.').at(-1)!;
      const proposed = Number(m[2]!.replaceAll(',', ''));
      const now = currentValue(body, name);
      if (now !== undefined && proposed <= now)
        problems.push(`raises ${name} to ${proposed}, its value now: ${fix}`);
    }
    // "gpu_memory_utilization=0.95" where the log already gives it 0.95 or more (any spelling).
    for (const m of fix.matchAll(/\b(gpu_memory_utilization|mem_fraction_static)=(0?\.\d+)\b/g)) {
      const now = shareShown(body, m[1]!);
      if (now !== undefined && Number(m[2]) <= now)
        problems.push(`raises ${m[1]} to ${m[2]} where the log gives it ${now}: ${fix}`);
    }
  }
  problems.push(...techniquesAlreadyDone(body, d.fixes));
  problems.push(...contradictions(d));
  return problems;
}

/**
 * Free memory past a request by less than this share of the card is no room: the driver keeps pages
 * of its own and PyTorch's caching allocator asks cudaMalloc for more than the request (a 20 MiB
 * segment for any request of 1-10 MiB, c10/cuda/CUDACachingAllocator.cpp get_allocation_size), so
 * "24 MiB requested, 25.6 MiB free" on an 11 GiB card is a full card, while "128 MiB requested, 37 GiB
 * free" (issue 23's example) is not. The judge's own bound, beside doctor's (pytorch/numbers.ts).
 */
const lastBlocksShare = 0.02;

// A cause that says the GPU is full while the message's own figures show the request fits.
function contradictions(d: Diagnosis): string[] {
  const requested = d.facts.requestedBytes;
  const free = d.facts.freeBytes;
  if (typeof requested !== 'number' || typeof free !== 'number' || free < requested) return [];
  const total = d.facts.totalBytes;
  if (typeof total === 'number' && free - requested < lastBlocksShare * total) return [];
  if (d.cause === 'batch_too_large' || d.cause === 'co_tenant' || /GPU is full/.test(d.causeText))
    return [
      `says ${d.cause} ("${d.causeText.slice(0, 80)}") beside ${free} bytes free for a ${requested}-byte request`,
    ];
  return [];
}
