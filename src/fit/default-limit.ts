// fit's host limit when none is given (issues #10, #12): a trial must not take the machine down
// with it, so trials run under what is available now less a reserve, and a value that needs more
// is OOM-killed inside its own cgroup like any other too-big value.

const GiB = 2 ** 30;

/** The reserve: 10% of the memory, at least 1 GiB, and never more than half of what is available. */
export const reserveFraction = 0.1;
export const minReserveBytes = GiB;

/** The default host limit for trials, and the reserve it leaves. */
export function defaultHostLimit(available: { availableBytes: number; totalBytes: number }): {
  limitBytes: number;
  reserveBytes: number;
} {
  const wanted = Math.max(minReserveBytes, Math.floor(available.totalBytes * reserveFraction));
  const reserveBytes = Math.min(wanted, Math.floor(available.availableBytes / 2));
  return { limitBytes: available.availableBytes - reserveBytes, reserveBytes };
}
