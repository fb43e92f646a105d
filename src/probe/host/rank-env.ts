// A process's rank in a multi-rank job, read from /proc/PID/environ (the environment it started
// with; proc(5)). Null when it has none, has gone, or hides it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRankEnviron, type RankIdentity } from '../../ranks/rank.js';

/** The rank variables of `pid`'s starting environment, or null. */
export function readRankOf(pid: number, procRoot = '/proc'): RankIdentity | null {
  try {
    return parseRankEnviron(readFileSync(join(procRoot, String(pid), 'environ'), 'latin1'));
  } catch {
    return null;
  }
}
