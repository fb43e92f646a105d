// A budget as the fraction of a card's total that frameworks read (JAX's and PyTorch's fractions).

/** Floors a fraction to 4 decimals: a framework must never be granted more than the plan holds. */
export function floorFraction(fraction: number): number {
  // The tolerance absorbs float error in budget/total (0.3 × T / T = 0.29999…); it can grant at
  // most 1e-10 × total extra, under 3 bytes on an 24 GiB card.
  return Math.floor(fraction * 10_000 + 1e-6) / 10_000;
}

/** The fraction as JAX reads it: `float()` of a plain decimal, never `30%` (FACTS Q2). */
export function formatFraction(fraction: number): string {
  return floorFraction(fraction).toFixed(4);
}

/** Bytes a fraction of `totalBytes` really grants once floored: what a fraction cap holds a client to. */
export function flooredFractionBytes(budgetBytes: number, totalBytes: number): number {
  return Math.floor(floorFraction(budgetBytes / totalBytes) * totalBytes);
}
