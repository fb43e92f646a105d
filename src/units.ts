// Parsing and printing memory sizes. IEC (KiB, MiB, GiB) and SI (kB, MB, GB) are both accepted;
// printing is always IEC and says so, because nvidia-smi's "MiB" and vendors' "GB" differ by 7%.

const unitBytes: Record<string, number> = {
  b: 1,
  k: 1000,
  kb: 1000,
  m: 1000 ** 2,
  mb: 1000 ** 2,
  g: 1000 ** 3,
  gb: 1000 ** 3,
  t: 1000 ** 4,
  tb: 1000 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
  ki: 1024,
  mi: 1024 ** 2,
  gi: 1024 ** 3,
  ti: 1024 ** 4,
};

const sizePattern = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)\s*$/i;

/** Parses `24GiB`, `24GB`, `512MiB`, `1.5 GiB` or a plain byte count into whole bytes; undefined if malformed. */
export function parseBytes(text: string): number | undefined {
  const match = sizePattern.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const multiplier = unit === '' ? 1 : unitBytes[unit];
  if (multiplier === undefined || !Number.isFinite(value)) return undefined;
  return Math.floor(value * multiplier);
}

const decimalUnits = new Set(['k', 'kb', 'm', 'mb', 'g', 'gb', 't', 'tb']);
/** Above this no machine has memory, and JavaScript numbers stop being exact: 2^53 − 1 bytes (8 PiB). */
export const maxSizeBytes = Number.MAX_SAFE_INTEGER;

/** A size as the user wrote it, read: its bytes, and whether its unit was decimal (GB = 10^9). */
export type SizeReading = { ok: true; bytes: number; isDecimal: boolean } | { ok: false; message: string };

/** Echoes what the user wrote in a message, cut to a readable length. */
export function quoteInput(value: unknown): string {
  const text = String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/**
 * The one reader of memory sizes a user writes (configs and flags): a unit is required (a bare 24
 * is a mistake, never 24 bytes: `24B` says bytes), the result is whole bytes from `minBytes` to 8 PiB.
 */
export function readSize(value: string | number, options: { minBytes?: number } = {}): SizeReading {
  const minBytes = options.minBytes ?? 1;
  const text = typeof value === 'number' ? String(value) : value;
  const match = sizePattern.exec(text);
  const unit = (match?.[2] ?? '').toLowerCase();
  const number = Number(match?.[1]);
  if (!match || !Number.isFinite(number)) {
    return { ok: false, message: `${quoteInput(value)} is not a size such as 24GiB, 24GB or 512MiB` };
  }
  if (unit === '') {
    const n = match[1]!;
    const advice =
      number < 4096
        ? `write ${n}GiB (or ${n}B for bytes)`
        : number < 4_194_304
          ? `write ${n}MiB (or ${n}B for bytes)`
          : `write ${n}B for bytes (or a size such as ${formatBytes(number).replace(' ', '')})`;
    return { ok: false, message: `${quoteInput(value)} has no unit: ${advice}` };
  }
  const multiplier = unitBytes[unit];
  if (multiplier === undefined) {
    return {
      ok: false,
      message: `${quoteInput(value)} has an unknown unit "${match[2]}": use B, KiB, MiB, GiB, TiB (or kB, MB, GB, TB)`,
    };
  }
  const bytes = Math.floor(number * multiplier);
  if (!Number.isFinite(bytes) || bytes > maxSizeBytes)
    return { ok: false, message: `${quoteInput(value)} is larger than any memory (at most 8 PiB)` };
  if (bytes < minBytes)
    return {
      ok: false,
      message: `${quoteInput(value)} is ${formatBytes(bytes)}: at least ${formatBytes(minBytes)} is needed`,
    };
  return { ok: true, bytes, isDecimal: decimalUnits.has(unit) };
}

const binaryOf: Record<string, string> = { k: 'KiB', m: 'MiB', g: 'GiB', t: 'TiB' };

/** `decimal, 1 GB = 10^9 B`: what a decimal unit means, said the same wherever one is read. */
export function describeDecimalUnit(text: string): string {
  const letter = (/([kmgt])b?\s*$/i.exec(text)?.[1] ?? 'g').toLowerCase();
  const power = { k: 3, m: 6, g: 9, t: 12 }[letter] ?? 9;
  return `decimal, 1 ${letter === 'k' ? 'k' : letter.toUpperCase()}B = 10^${power} B`;
}

/** `write 8GiB if you meant 8 × 2^30 B`: the binary spelling of a decimal size. */
export function suggestBinary(text: string): string {
  const match = /^\s*([\d.]+)\s*([kmgt])b?\s*$/i.exec(text);
  if (!match) return 'write it in KiB, MiB or GiB if you meant binary units';
  const unit = binaryOf[match[2]!.toLowerCase()]!;
  return `write ${match[1]}${unit} if you meant ${match[1]} ${unit}`;
}

/** The one line said of a decimal size wherever it is read (a flag, a config key): what it became and how to write binary. */
export function describeDecimalSize(where: string, text: string, bytes: number): string {
  return `${where}: ${text.trim()} is read as ${formatBytes(bytes)} (${describeDecimalUnit(text)}); ${suggestBinary(text)}`;
}

/** Parses `30%` or `12.5 %` into a fraction 0..1 (unbounded above, so callers can reject >100%). */
export function parsePercent(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*%\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) / 100;
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const KiB = 1024;

/** Human size in IEC units: `23.50 GiB`, `512 MiB`, `1.2 KiB`; negative values keep their sign. */
export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  if (abs >= GiB) return `${sign}${(abs / GiB).toFixed(2)} GiB`;
  if (abs >= MiB) return `${sign}${trimFixed(abs / MiB)} MiB`;
  if (abs >= KiB) return `${sign}${trimFixed(abs / KiB)} KiB`;
  return `${sign}${abs} B`;
}

/** Size in GiB with two decimals and no unit, for table columns headed "GiB". */
export function formatGiB(bytes: number): string {
  return (bytes / GiB).toFixed(2);
}

/** A fraction as a percent with one decimal: 0.3 → `30.0%`. */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

function trimFixed(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

const durationPattern = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/;

/** The longest timer Node can set (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const maxDurationMs = 2 ** 31 - 1;

/** Parses `10s`, `500ms`, `2m` or a plain number of seconds into milliseconds; undefined if malformed or past maxDurationMs. */
export function parseDurationMs(text: string): number | undefined {
  const match = durationPattern.exec(text);
  if (!match) return undefined;
  const scale = match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000;
  const ms = Math.round(Number(match[1]) * scale);
  return Number.isFinite(ms) && ms <= maxDurationMs ? ms : undefined;
}

/** A duration as the user wrote it, read: milliseconds, or why not. */
export type DurationReading = { ok: true; ms: number } | { ok: false; message: string };

/**
 * Reads a duration flag through parseDurationMs: `500ms`, `2s`, `1m`, or a bare number in `bareUnit`
 * (`--interval 500` has always meant milliseconds, `--stop-grace 10` seconds), from `minMs` (exclusive
 * when `isMinExclusive`) to maxDurationMs.
 */
export function readDuration(
  text: string,
  options: { bareUnit?: 'ms' | 's'; minMs?: number; isMinExclusive?: boolean } = {},
): DurationReading {
  const isBare = /^\s*\d+(?:\.\d+)?\s*$/.test(text);
  const ms = parseDurationMs(isBare && options.bareUnit === 'ms' ? `${text.trim()}ms` : text);
  const unit = options.bareUnit === 'ms' ? 'milliseconds' : 'seconds';
  const minMs = options.minMs ?? 0;
  const above = options.isMinExclusive ? `above ${minMs} ms` : `of at least ${minMs} ms`;
  const help = `expected a duration ${above} and at most ${Math.floor(maxDurationMs / 1000)} s (24.8 days): 500ms, 90s, 2m, or a bare number of ${unit}`;
  if (ms === undefined) return { ok: false, message: help };
  if (options.isMinExclusive ? ms <= minMs : ms < minMs) return { ok: false, message: help };
  return { ok: true, ms };
}

export const bytesPer = { KiB, MiB, GiB } as const;
