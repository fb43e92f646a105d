// Sizes as logs print them: torch's format_size ("244.00 MiB", "0 bytes"), XLA's
// HumanReadableNumBytes ("3.39GiB", "153B"), TensorFlow's cuda_driver ("3.39G"), the kernel's
// "53312244kB" (which means KiB), and plain byte counts ("1,484,688,128").

const multipliers: Record<string, number> = {
  '': 1,
  b: 1,
  byte: 1,
  bytes: 1,
  k: 1024,
  kb: 1024, // the kernel's and XLA's "kB" are KiB (mm/oom_kill.c prints K(...) in KiB)
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
  // XLA's HumanReadableNumBytes steps through "KMGTPE" (openxla/xla xla/tsl/platform/numbers.cc), and
  // a program that asks for more than any machine has prints its need in P or E ("Requires 3.47E").
  p: 1024 ** 5,
  pib: 1024 ** 5,
  e: 1024 ** 6,
  eib: 1024 ** 6,
  // Uppercase SI units are what vendors and people write; keep them decimal like src/units.ts.
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  tb: 1000 ** 4,
  pb: 1000 ** 5,
  eb: 1000 ** 6,
};

/** A size as it appears inside log text; use in a RegExp, one capture group. */
// numpy formats a whole size with a trailing point ("Unable to allocate 926. GiB", numpy
// _exceptions.py _size_to_string via "{:.{}f}" then trailing-zero strip): the point before a unit is kept.
export const sizePattern = String.raw`(\d[\d,]*(?:\.\d+|\.(?=\s?[KMGT]i?B))?\s?(?:bytes?|[KMGT]i?B|kB|[KMGT]|B)?)`;

const wholePattern = /^\s*(\d[\d,]*(?:\.\d+|\.(?=\s*[a-z]))?)\s*([a-z]*)\s*$/i;

/** Parses a size from log text into whole bytes; undefined when it is not one. */
export function parseLogSize(text: string): number | undefined {
  const match = wholePattern.exec(text);
  if (!match) return undefined;
  const digits = match[1]!;
  // Commas only as thousands separators ("1,484,688,128"), never as a decimal point.
  if (digits.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) return undefined;
  const value = Number(digits.replaceAll(',', ''));
  const unit = match[2]!;
  // "KB"/"MB" in upper case are SI; "kB" (kernel, XLA) is KiB.
  const key = unit === 'kB' ? 'kb' : unit === 'KB' ? 'kb_si' : unit.toLowerCase();
  const multiplier = key === 'kb_si' ? 1000 : multipliers[key];
  if (multiplier === undefined || !Number.isFinite(value)) return undefined;
  return Math.floor(value * multiplier + 1e-6);
}

/** Like parseLogSize, but for a capture that the pattern guarantees; 0 when malformed. */
export function sizeOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseLogSize(text);
}

/** Smallest power of two at or above `value` (PhysX buffer sizes are conventionally 2**n). */
export function nextPowerOfTwo(value: number): number {
  let power = 1;
  while (power < value) power *= 2;
  return power;
}

/** `2**31` for a power of two, else the number with thousands separators. */
export function formatPowerOfTwo(value: number): string {
  const exponent = Math.log2(value);
  return Number.isInteger(exponent) ? `2**${exponent}` : value.toLocaleString('en-US');
}
