// RLIMIT_AS as the host budget: where a trial's address-space limit is tighter than its host limit (or
// there is none), an allocation past it fails first, so the search aims at that limit with the
// address space's peak as the trial's host need, and a memory failure is the limit's.
import { peakPoints } from './noise.js';
import type { Observation, ResourceLimit, RoomSource } from './types.js';

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
  /**
   * The room kept under the limit (addressSpaceRoomFor): the trial was judged against limitBytes less
   * this, and the search aims there (withAddressSpaceLimit). Absent or 0: none kept (a margin keeps it).
   */
  roomBytes?: number;
  /** Where the room came from: the assumed share, or the spread of the search's own runs of one value. */
  roomSource?: RoomSource;
}

/** The share of the limit kept free at margin 0 under a binding RLIMIT_AS, and where it came from. */
export interface AddressSpaceRoom {
  fraction: number;
  source: RoomSource;
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

/**
 * The room for this search: the widest run-to-run spread of the address-space need (peak plus heap given
 * back) between runs of one value the search has made, as a share of the limit, where that is more than
 * the assumed share (addressSpaceRoomFraction), which is the floor. Guided at margin 0 runs no value
 * twice, so there it is the floor; a repeated value (a repeat, a fresh check, binsearch's revisits) measures it.
 */
export function addressSpaceRoomFor(
  history: readonly Observation[],
  limits: readonly ResourceLimit[],
): AddressSpaceRoom {
  const host = limits.find((l) => l.source === 'rlimit-as');
  if (!host) return { fraction: addressSpaceRoomFraction, source: 'assumed' };
  // The limit the room is a share of: RLIMIT_AS itself, not what is left once the room is taken off.
  const limitBytes = host.limitBytes + (host.roomBytes ?? 0);
  const byValue = new Map<number, number[]>();
  for (const p of peakPoints(history, 'host'))
    byValue.set(p.value, [...(byValue.get(p.value) ?? []), p.bytes]);
  const spread = Math.max(
    0,
    ...[...byValue.values()].filter((b) => b.length > 1).map((b) => Math.max(...b) - Math.min(...b)),
  );
  const measured = spread / limitBytes;
  return measured > addressSpaceRoomFraction
    ? { fraction: measured, source: 'measured' }
    : { fraction: addressSpaceRoomFraction, source: 'assumed' };
}

/** The bytes kept free under a binding RLIMIT_AS: the room's share of it at margin 0, none with a margin (it keeps the room). */
export function addressSpaceRoomBytes(
  limitBytes: number,
  marginFraction: number,
  room: AddressSpaceRoom,
): number {
  return marginFraction === 0 ? Math.round(limitBytes * room.fraction) : 0;
}

/** Whether an address-space limit binds before the host limit among `limits`. */
export function isAddressSpaceBinding(limitBytes: number, limits: readonly ResourceLimit[]): boolean {
  const host = limits.find((l) => l.resource === 'host');
  return host === undefined || host.source === 'rlimit-as' || limitBytes < host.limitBytes;
}

/**
 * The limits with the host budget replaced by an address-space limit that binds before it, less the room
 * the trial was judged with: the one owner of the limit a run under RLIMIT_AS is judged against (the
 * trial's verdict, its early stop) and the search aims at. Aimed at RLIMIT_AS itself, the search spent two
 * boundary trials on batches the judge refuses anyway (the bench's CNN: 114 and 113 over-limit before 111).
 */
export function withAddressSpaceLimit(
  limits: readonly ResourceLimit[],
  addressSpace: AddressSpace | null | undefined,
): ResourceLimit[] {
  if (!addressSpace?.isHostLimit) return [...limits];
  const room = addressSpace.roomBytes ?? 0;
  const host: ResourceLimit = {
    resource: 'host',
    limitBytes: addressSpace.limitBytes - room,
    source: 'rlimit-as',
    ...(room > 0 ? { roomBytes: room, roomSource: addressSpace.roomSource ?? 'assumed' } : {}),
  };
  return [host, ...limits.filter((l) => l.resource !== 'host')];
}
