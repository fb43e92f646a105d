// A child bounded by the CPU time it uses instead of a wall-clock timeout, which a loaded machine
// stretches (a report that needs 6.5 CPU-s ran past a 60 s timeout at load 17): util-linux's prlimit sets
// RLIMIT_CPU and execs the command (same PID, environment untouched); at the limit the kernel sends SIGXCPU.
import { existsSync } from 'node:fs';

const prlimit = '/usr/bin/prlimit';

/** `command args` under a limit of `cpuSeconds` CPU-s (no limit where prlimit is missing). */
export function cpuBounded(cpuSeconds: number, command: string, args: readonly string[]): [string, string[]] {
  if (!existsSync(prlimit)) return [command, [...args]];
  return [prlimit, [`--cpu=${cpuSeconds}:${cpuSeconds + 1}`, '--', command, ...args]];
}

/** A wall-clock backstop for a child that hangs without using CPU, far past any run's time under load. */
export const hangBackstopMs = 10 * 60_000;
