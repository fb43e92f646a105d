// What `host_memory` becomes for this user, said by `doctor --env` when it is not a kernel limit: where
// no memory cgroup can be made (not root, no delegated cgroup v2 subtree), headroom's watchdog enforces
// it, and a systemd user manager on cgroup v2 can put the whole run under a kernel limit instead.
import type { DoctorFinding } from '../types.js';

/** How a host limit would be enforced here, and why (read by probe/host/host-limit-access.ts). */
export interface HostLimitAccess {
  isRoot: boolean;
  /** `cgroup` where headroom can make a memory cgroup here, else `watchdog`. */
  enforcement: 'cgroup' | 'watchdog';
  cgroupVersion: 1 | 2 | null;
  /** Why no cgroup can be made (undefined when one can). */
  reason?: string;
  /** A systemd user manager is reachable: `systemd-run --user --scope` can put a run under a kernel limit. */
  hasUserSystemd: boolean;
}

/** The finding for a host limit that would be a watchdog; none where a cgroup can be made. */
export function hostLimitFindings(access: HostLimitAccess, sampleIntervalMs = 500): DoctorFinding[] {
  if (access.enforcement === 'cgroup') return [];
  const who = access.isRoot ? 'even as root' : 'as this user (not root)';
  const message = `host_memory: no memory cgroup can be made here ${who} (${access.reason}); headroom run enforces host_memory with its watchdog instead: it samples each process tree every ${sampleIntervalMs} ms and stops a tree over its limit (a spike between two samples can pass it, and the kernel's OOM killer is not at the limit)`;
  const scope = 'systemd-run --user --scope -p MemoryMax=16G headroom run -c headroom.yaml';
  const fixes =
    access.cgroupVersion === 2 && access.hasUserSystemd
      ? [`for a kernel limit on the whole run: ${scope}`]
      : [
          `for a kernel limit per process: run headroom as root, or in a cgroup v2 subtree delegated to you with the memory controller (then ${scope} puts the whole run under one)`,
        ];
  return [
    {
      code: 'host-limit-watchdog',
      severity: 'info',
      message,
      facts: {
        isRoot: access.isRoot,
        cgroupVersion: access.cgroupVersion,
        hasUserSystemd: access.hasUserSystemd,
        reason: access.reason ?? null,
      },
      fixes,
    },
  ];
}
