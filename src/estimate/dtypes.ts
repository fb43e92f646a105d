// Element sizes of tensor dtypes, and parameter counts written as `335M` or `1.5B`.

// Sizes as torch.dtype.itemsize / numpy itemsize report them; names as torch and numpy spell them.
const bytesByDtype: Record<string, number> = {
  float64: 8,
  double: 8,
  fp64: 8,
  float32: 4,
  float: 4,
  fp32: 4,
  tf32: 4,
  float16: 2,
  half: 2,
  fp16: 2,
  bfloat16: 2,
  bf16: 2,
  float8: 1,
  fp8: 1,
  int64: 8,
  long: 8,
  int32: 4,
  int: 4,
  int16: 2,
  short: 2,
  int8: 1,
  uint8: 1,
  bool: 1,
};

/** Every dtype name accepted in `tensors[].dtype`. */
export const dtypeNames: readonly string[] = Object.keys(bytesByDtype);

/** Bytes per element of a dtype name (`float32`, `bf16`, `uint8`); undefined when unknown. */
export function dtypeBytes(name: string): number | undefined {
  return bytesByDtype[name.toLowerCase()];
}

// Count suffixes are decimal, as model cards write them: 335M = 335e6, 1.5B = 1.5e9.
const countScale: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };
const countPattern = /^\s*(\d+(?:\.\d+)?(?:e\d+)?)\s*([kmbgt]?)\s*$/i;

/** Parses a count: `335M`, `1.5B`, `6.74e9`, `335143938`; undefined when it is not one. */
export function parseCount(text: string): number | undefined {
  const match = countPattern.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]) * (countScale[(match[2] ?? '').toLowerCase()] ?? Number.NaN);
  return Number.isFinite(value) ? Math.round(value) : undefined;
}

/** A count for messages: 335143938 → `335.1M`. */
export function formatCount(count: number): string {
  for (const [suffix, scale] of [
    ['T', 1e12],
    ['B', 1e9],
    ['M', 1e6],
    ['K', 1e3],
  ] as const) {
    if (Math.abs(count) >= scale) return `${Number((count / scale).toFixed(2))}${suffix}`;
  }
  return String(count);
}
