// Reaps what headroom adopted as a child subreaper (probe/host/subreaper.ts) but did not spawn: a
// double-forked process of a tree, once it ends, is headroom's zombie until headroom waits for it,
// and 1000 `(cmd &)` would leave 1000 (a long run can use up the PID space). Node has no waitpid
// for PIDs it did not spawn, and a waitpid(-1) would steal the exit status of Node's own children
// (libuv then never reports their end), so only zombies among headroom's children that Node did
// not spawn are reaped, each by its own PID, through libc's waitpid (koffi, probe/host/libc.ts).
import { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { reapIfEnded } from '../probe/host/libc.js';

/** PIDs Node spawned (any child_process call in this process) that it has not yet reaped itself. */
const spawnedByNode = new Set<number>();
let isTracking = false;

type Spawn = (this: ChildProcess, ...args: unknown[]) => unknown;

// Every child_process API (spawn, exec, execFile, fork) goes through ChildProcess.prototype.spawn
// (lib/internal/child_process.js); spawnSync waits for its child inside the call, so no JS runs
// while that child is unreaped. Installed when this module loads, before `run` spawns anything.
function trackNodeChildren(): void {
  if (isTracking) return;
  isTracking = true;
  const prototype = ChildProcess.prototype as unknown as { spawn: Spawn };
  const original = prototype.spawn;
  prototype.spawn = function spawn(this: ChildProcess, ...args: unknown[]) {
    const result = original.apply(this, args);
    const pid = this.pid;
    if (pid !== undefined) {
      spawnedByNode.add(pid);
      this.once('exit', () => spawnedByNode.delete(pid));
    }
    return result;
  };
}

/** PIDs whose parent is this process (any of its threads: an orphan is given to one of them). */
function ownChildren(): number[] {
  const pids: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return pids;
  }
  for (const task of tasks) {
    try {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ')) {
        if (pid.trim()) pids.push(Number(pid));
      }
    } catch {
      // a thread that ended, or a kernel without CONFIG_PROC_CHILDREN: nothing to reap from it
    }
  }
  return pids;
}

const isZombie = (pid: number): boolean => {
  try {
    // The state follows the comm's closing parenthesis (proc(5)); a comm may hold ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
};

trackNodeChildren();

/** Reaps every ended child Node did not spawn; returns how many. */
export function reapAdopted(): number {
  let reaped = 0;
  for (const pid of ownChildren()) {
    if (spawnedByNode.has(pid) || !isZombie(pid)) continue;
    if (reapIfEnded(pid)) reaped += 1;
  }
  return reaped;
}

/** A pass also runs this often without a SIGCHLD: one pass can miss zombies (see below). */
const backstopIntervalMs = 1000;

/**
 * Reaps adopted children whenever one ends (SIGCHLD, coalesced to one pass per turn of the event
 * loop) until the returned stop function is called; it reaps once more and returns the total.
 * A pass that reaped something is followed by another: the children file is read in pages, and
 * children that end or are reaped while it is read shift the rest, so one read can skip entries
 * (proc(5): reliable only while the children are stopped); a timer catches any left after that.
 */
export function startReaping(): () => number {
  let total = 0;
  let isQueued = false;
  const onChild = (): void => {
    if (isQueued) return;
    isQueued = true;
    setImmediate(() => {
      isQueued = false;
      const reaped = reapAdopted();
      total += reaped;
      if (reaped > 0) onChild();
    });
  };
  process.on('SIGCHLD', onChild);
  const backstop = setInterval(onChild, backstopIntervalMs);
  backstop.unref();
  let isStopped = false;
  return () => {
    if (!isStopped) {
      isStopped = true;
      process.off('SIGCHLD', onChild);
      clearInterval(backstop);
      total += reapAdopted();
    }
    return total;
  };
}
