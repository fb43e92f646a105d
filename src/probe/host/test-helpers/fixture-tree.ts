// A throwaway directory tree for one test: fake /proc and cgroup hierarchies.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FixtureTree {
  root: string;
  path: (...parts: string[]) => string;
  write: (relativePath: string, text: string) => void;
  remove: () => void;
}

/** Makes a temp dir holding `files` (relative path → content). */
export function makeFixtureTree(files: Record<string, string> = {}): FixtureTree {
  const root = mkdtempSync(join(tmpdir(), 'headroom-fixture-'));
  const write = (relativePath: string, text: string): void => {
    const path = join(root, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  for (const [relativePath, text] of Object.entries(files)) write(relativePath, text);
  return {
    root,
    path: (...parts) => join(root, ...parts),
    write,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A /proc/PID/stat line as the kernel prints it (fields after rss omitted). */
export function statLine(options: {
  pid: number;
  comm?: string;
  state?: string;
  ppid: number;
  pgid?: number;
  startTicks?: number;
  minorFaults?: number;
  majorFaults?: number;
  vsizeBytes?: number;
  rssPages?: number;
  /** The kernel's PF_* flags (field 9); 0x400000 (PF_RANDOMIZE) as most processes show. */
  flags?: number;
}): string {
  const { pid, comm = 'node', state = 'S', ppid, pgid = pid, startTicks = 1000 + pid } = options;
  const { minorFaults = 0, majorFaults = 0, vsizeBytes = 0, rssPages = 0, flags = 0x400000 } = options;
  // pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss
  return `${pid} (${comm}) ${state} ${ppid} ${pgid} ${pgid} 0 -1 ${flags} ${minorFaults} 0 ${majorFaults} 0 0 0 0 0 20 0 1 0 ${startTicks} ${vsizeBytes} ${rssPages}\n`;
}
