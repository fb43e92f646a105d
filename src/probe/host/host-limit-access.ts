// What `host_memory` becomes for the user running headroom: a kernel limit (a memory cgroup headroom
// can create under its own) or headroom's watchdog. Read without creating anything: whether the own
// cgroup's directory is writable (and on v2, whether it delegates the memory controller), and whether
// a systemd user manager answers (its private socket), for `systemd-run --user --scope -p MemoryMax=`.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostLimitAccess } from '../../doctor/env/host-limit-rule.js';
import { findOwnMemoryCgroup } from './cgroup-detect.js';

const isWritable = (dir: string): boolean => {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** Reads what a run's host limit would be for this user (uid and XDG_RUNTIME_DIR from the caller). */
export function readHostLimitAccess(options: {
  uid: number;
  env: Readonly<Record<string, string | undefined>>;
  procRoot?: string;
  cgroupRoot?: string;
}): HostLimitAccess {
  const isRoot = options.uid === 0;
  const runtimeDir = options.env.XDG_RUNTIME_DIR ?? `/run/user/${options.uid}`;
  const hasUserSystemd = existsSync(join(runtimeDir, 'systemd', 'private'));
  const own = findOwnMemoryCgroup({
    ...(options.procRoot ? { procRoot: options.procRoot } : {}),
    ...(options.cgroupRoot ? { cgroupRoot: options.cgroupRoot } : {}),
  });
  if (!own.ok)
    return { isRoot, enforcement: 'watchdog', cgroupVersion: null, reason: own.reason, hasUserSystemd };
  const { version, dir } = own.location;
  if (!isWritable(dir))
    return {
      isRoot,
      enforcement: 'watchdog',
      cgroupVersion: version,
      reason: `${dir} is not writable by uid ${options.uid}`,
      hasUserSystemd,
    };
  if (version === 2) {
    const subtree = (() => {
      try {
        return readFileSync(join(dir, 'cgroup.subtree_control'), 'utf8');
      } catch {
        return '';
      }
    })();
    if (!subtree.split(/\s+/).includes('memory') && !isRoot)
      return {
        isRoot,
        enforcement: 'watchdog',
        cgroupVersion: 2,
        reason: `${dir} does not delegate the memory controller`,
        hasUserSystemd,
      };
  }
  return { isRoot, enforcement: 'cgroup', cgroupVersion: version, hasUserSystemd };
}
