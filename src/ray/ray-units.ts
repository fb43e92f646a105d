// How Ray counts a resource, and the `num_gpus` a byte need becomes. Pure.
//
// Ray 2.58 keeps every resource quantity as an integer count of 1/10000 units (`kResourceUnitScaling`,
// src/ray/common/constants.h; `MIN_RESOURCE_GRANULARITY = 0.0001`, python/ray/_private/ray_constants.py),
// and turns a request's double into units by TRUNCATING: `FixedPoint(double d) { i_ = (int64_t)(d *
// kResourceUnitScaling); }` (src/ray/common/scheduling/fixed_point.h). So `num_gpus=0.0003` reserves
// 0.0002 of a card (checked on this machine with Ray 2.58: available GPU fell by 0.0002), and 573 of the
// 10000 four-decimal fractions lose a unit that way. A fraction of a GPU ≥ 1 that is not whole is
// refused ("Fractional demand >= 1 is invalid for unit-instance resource", TryAllocate in
// src/ray/common/scheduling/resource_instance_set.cc); below 1 it is taken from ONE card.

/** Ray's units per whole resource (1/10000 granularity). */
export const rayUnitsPerWhole = 10_000;

/** The units Ray reserves for a requested quantity: the product truncated, as FixedPoint does. */
export function rayUnitsOf(quantity: number): number {
  return Math.trunc(quantity * rayUnitsPerWhole);
}

/** The fewest units that hold `needBytes` of a card of `cardBytes`: ceil(need × 10000 / card), at least 1. */
export function gpuUnitsFor(needBytes: number, cardBytes: number): number {
  if (needBytes <= 0 || cardBytes <= 0) return 0;
  // need × 10000 stays below 2^53 for any card under 900 TB: exact integer arithmetic.
  const scaled = needBytes * rayUnitsPerWhole;
  const floor = Math.floor(scaled / cardBytes);
  return Math.max(1, floor * cardBytes < scaled ? floor + 1 : floor);
}

/**
 * The `num_gpus` to ask Ray for so that it reserves at least `units`: the smallest four-decimal number
 * whose truncated product is ≥ units (0.0003 becomes 0.0004, which Ray reads as 3 units or more).
 * Whole cards stay whole.
 */
export function numGpusForUnits(units: number): number {
  if (units <= 0) return 0;
  if (units % rayUnitsPerWhole === 0) return units / rayUnitsPerWhole;
  let asked = units;
  while (rayUnitsOf(asked / rayUnitsPerWhole) < units) asked += 1;
  return asked / rayUnitsPerWhole;
}

/** The bytes of a card that `units` stand for (rounded down: never claims more than the card). */
export function bytesOfUnits(units: number, cardBytes: number): number {
  return Math.floor((units * cardBytes) / rayUnitsPerWhole);
}
