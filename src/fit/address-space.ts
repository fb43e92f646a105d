// RLIMIT_AS as the host budget: where a trial's address-space limit is tighter than its host limit (or
// there is none), an allocation past it fails first, so the search aims at that limit with the
// address space's peak as the trial's host need, and a memory failure is the limit's.
import type { ResourceLimit } from './types.js';

/** A trial's address space: its RLIMIT_AS, the largest it reached, and whether that limit is the host budget. */
export interface AddressSpace {
  limitBytes: number;
  peakBytes: number | null;
  isHostLimit: boolean;
  /**
   * How much less heap ([heap], glibc's main arena) the process held when its address space last rose
   * to its peak than the most it held: memory malloc had given back from the heap's top (its automatic
   * trim) before the peak. When in a step the trim comes is the run's draw: the bench's CNN under
   * 1400 MiB grew its heap 10 MiB at the end of step 1 (grads, Adam's state) and trimmed it in step 2,
   * in one run before the step's largest allocation (VmPeak 1397.2 MiB at batch 116: it ran) and in
   * the next after it (1407.5 MiB: refused). A run's need is its peak plus this; 0 where the heap was
   * at its largest at the peak. Sampled (/proc/PID/maps), so a trim between two samples can be missed.
   * Absent where it was not read.
   */
  heapGivenBackBytes?: number;
}

/**
 * The share of an RLIMIT_AS a run at margin 0 keeps free: runs of one value spread this much beyond the
 * heap they gave back (heapGivenBackBytes), and a byte past the limit is refused (no reclaim, as under a
 * cgroup). The bench's transformer under 1400 MiB, PyTorch 2.13 / Lightning 2.6.6: 232 ran at 1399.3 MiB
 * in a trial and was refused in the next run; 227 ran at 1389 MiB and was refused in calibration (11 MiB,
 * 0.8%); the CNN's 116 peaked at 1397.2 or 1407.5 MiB (0.7%). The search's own noise estimate is no
 * measure of it here: its residuals are the line's curvature (the transformer's, 3.2% of the limit).
 * glibc's trim (mallopt(3) M_TRIM_THRESHOLD, https://man7.org/linux/man-pages/man3/mallopt.3.html).
 */
export const addressSpaceRoomFraction = 0.01;

/** Whether an address-space limit binds before the host limit among `limits`. */
export function isAddressSpaceBinding(limitBytes: number, limits: readonly ResourceLimit[]): boolean {
  const host = limits.find((l) => l.resource === 'host');
  return host === undefined || host.source === 'rlimit-as' || limitBytes < host.limitBytes;
}

/** The limits with the host budget replaced by an address-space limit that binds before it. */
export function withAddressSpaceLimit(
  limits: readonly ResourceLimit[],
  addressSpace: AddressSpace | null | undefined,
): ResourceLimit[] {
  if (!addressSpace?.isHostLimit) return [...limits];
  const host: ResourceLimit = { resource: 'host', limitBytes: addressSpace.limitBytes, source: 'rlimit-as' };
  return [host, ...limits.filter((l) => l.resource !== 'host')];
}
