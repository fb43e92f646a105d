// Finds the memory cgroup headroom itself runs in, v1 or v2, from /proc/self/cgroup and
// /proc/self/mountinfo (cgroups(7), proc(5)).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type CgroupVersion = 1 | 2;

/** A cgroup directory and the hierarchy version it belongs to. */
export interface CgroupLocation {
  version: CgroupVersion;
  dir: string;
}

export type CgroupDetection = { ok: true; location: CgroupLocation } | { ok: false; reason: string };

export interface CgroupMount {
  /** The cgroup path that is mounted (mountinfo field 4): "/" outside a cgroup namespace. */
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

const defaultCgroupRoot = '/sys/fs/cgroup';

/** Parses /proc/self/cgroup: the v1 memory hierarchy's path and the v2 (`0::`) path. */
export function parseProcCgroup(text: string): { v1MemoryPath?: string; v2Path?: string } {
  const paths: { v1MemoryPath?: string; v2Path?: string } = {};
  for (const line of text.split('\n')) {
    const [id, controllers, ...rest] = line.split(':');
    const path = rest.join(':');
    if (!path) continue;
    if (id === '0' && controllers === '') paths.v2Path = path;
    else if (controllers?.split(',').includes('memory')) paths.v1MemoryPath = path;
  }
  return paths;
}

// mountinfo escapes space, tab, newline and backslash as octal (\040).
const unescapeOctal = (text: string): string =>
  text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));

/** Parses the cgroup and cgroup2 mounts out of /proc/self/mountinfo. */
export function parseCgroupMounts(text: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of text.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const fields = before.split(' ');
    const [fsType, , superOptions = ''] = after.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') continue;
    mounts.push({
      root: unescapeOctal(fields[3] ?? '/'),
      mountPoint: unescapeOctal(fields[4] ?? ''),
      fsType,
      superOptions: superOptions.split(','),
    });
  }
  return mounts;
}

/** The directory of cgroup `path` under `mount`, rebased onto cgroupRoot for fixture trees. */
function resolveDir(mount: CgroupMount, path: string, cgroupRoot: string): string {
  const relative = mount.root !== '/' && path.startsWith(mount.root) ? path.slice(mount.root.length) : path;
  const mountPoint = mount.mountPoint.startsWith(defaultCgroupRoot)
    ? join(cgroupRoot, mount.mountPoint.slice(defaultCgroupRoot.length))
    : mount.mountPoint;
  return join(mountPoint, relative);
}

/** Where headroom's own memory cgroup is (or process `pid`'s); v1's memory controller wins on hybrid hosts. */
export function findOwnMemoryCgroup(
  options: { procRoot?: string; cgroupRoot?: string; pid?: number } = {},
): CgroupDetection {
  const { procRoot = '/proc', cgroupRoot = defaultCgroupRoot } = options;
  let paths: ReturnType<typeof parseProcCgroup>;
  let mounts: CgroupMount[];
  try {
    paths = parseProcCgroup(readFileSync(join(procRoot, String(options.pid ?? 'self'), 'cgroup'), 'utf8'));
    mounts = parseCgroupMounts(readFileSync(join(procRoot, 'self', 'mountinfo'), 'utf8'));
  } catch (error) {
    return { ok: false, reason: `cannot read /proc/self/cgroup or mountinfo (${(error as Error).message})` };
  }
  const v1Mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes('memory'));
  if (v1Mount && paths.v1MemoryPath !== undefined) {
    return { ok: true, location: { version: 1, dir: resolveDir(v1Mount, paths.v1MemoryPath, cgroupRoot) } };
  }
  const v2Mount = mounts.find((m) => m.fsType === 'cgroup2');
  if (!v2Mount || paths.v2Path === undefined) {
    return { ok: false, reason: 'no cgroup memory controller is mounted (neither v1 memory nor cgroup2)' };
  }
  const dir = resolveDir(v2Mount, paths.v2Path, cgroupRoot);
  const controllersPath = join(dir, 'cgroup.controllers');
  const controllers = existsSync(controllersPath) ? readFileSync(controllersPath, 'utf8').split(/\s+/) : [];
  if (!controllers.includes('memory')) {
    return { ok: false, reason: `cgroup v2 at ${dir} has no memory controller (cgroup.controllers)` };
  }
  return { ok: true, location: { version: 2, dir } };
}
