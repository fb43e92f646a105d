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

/** Parses `10s`, `500ms`, `2m` or a plain number of seconds into milliseconds; undefined if malformed. */
export function parseDurationMs(text: string): number | undefined {
  const match = durationPattern.exec(text);
  if (!match) return undefined;
  const scale = match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000;
  return Math.round(Number(match[1]) * scale);
}

export const bytesPer = { KiB, MiB, GiB } as const;
