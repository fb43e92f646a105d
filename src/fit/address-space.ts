// RLIMIT_AS as the host budget: where a trial's address-space limit is tighter than its host limit (or
// there is none), an allocation past it fails first, so the search aims at that limit with the
// address space's peak as the trial's host need, and a memory failure is the limit's.
import type { ResourceLimit } from './types.js';

/** A trial's address space: its RLIMIT_AS, the largest it reached, and whether that limit is the host budget. */
export interface AddressSpace {
  limitBytes: number;
  peakBytes: number | null;
  isHostLimit: boolean;
}

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
