// Which PyTorch release accepts which allocator key. Releases reject keys they do not know with
// "Unrecognized CachingAllocator option" at the first CUDA allocation (FACTS Q7), so every key the plan
// emits is gated on the release. The bootstrap (python/headroom_boot) gets the same table through
// HEADROOM_TORCH_ALLOC_KEYS (`key:value@min`) and only compares versions; the table lives here alone.

/** First release that accepts each allocator key headroom emits. */
export const torchKeyMinVersion = {
  // Expandable segments arrived in 2.1; older releases reject the key at the first allocation (the
  // allocator review behind issue #17; FACTS Q7 lists the key for current releases only).
  expandable_segments: '2.1',
  // pytorch/pytorch#161035 ("Add per_process_memory_fraction to PYTORCH_CUDA_ALLOC_CONF", opened
  // 2025-08-20, still in review 2025-09-09) is in main's c10/cuda/CUDAAllocatorConfig.h getKeys().
  // Whether it made 2.9's branch is not confirmed (FACTS Q7: "likely 2.10+"), so the gate is the
  // first release cut surely after it: 2.10. Below that the bootstrap applies the same fraction.
  per_process_memory_fraction: '2.10',
} as const;

export type GatedTorchKey = keyof typeof torchKeyMinVersion;

/** A release as numbers; `isPrerelease` for a0/b1/dev builds, which may predate the release's features. */
export interface TorchVersion {
  major: number;
  minor: number;
  patch: number;
  isPrerelease: boolean;
}

/** Parses `2.1`, `2.1.0`, `2.1.0+cu121`, `2.3.0a0+ebedce2`, `1.13.0rc1`; undefined for anything else. */
export function parseTorchVersion(text: string): TorchVersion | undefined {
  const match = /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?((?:a|b|rc|\.?dev)\d*)?(?:\+[\w.]+)?\s*$/.exec(text);
  if (!match) return undefined;
  const tag = match[4] ?? '';
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3] ?? 0),
    // A release candidate is cut from the release branch; alpha and dev builds (NGC's 2.3.0a0+…,
    // nightlies) may predate it, so they count as below their number.
    isPrerelease: tag !== '' && !tag.startsWith('rc'),
  };
}

/** True when `version` is at least `minimum` (both `major.minor[.patch]`); a prerelease counts as below its number. */
export function isTorchAtLeast(version: TorchVersion, minimum: string): boolean {
  const floor = parseTorchVersion(minimum);
  if (!floor) throw new Error(`bad minimum version ${minimum}`);
  const own = [version.major, version.minor, version.patch];
  const min = [floor.major, floor.minor, floor.patch];
  for (let i = 0; i < 3; i++) {
    if (own[i]! !== min[i]!) return own[i]! > min[i]!;
  }
  return !version.isPrerelease;
}

/** Whether a release accepts a gated key. */
export function acceptsKey(version: TorchVersion, key: GatedTorchKey): boolean {
  return isTorchAtLeast(version, torchKeyMinVersion[key]);
}
