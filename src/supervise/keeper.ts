// Children do not outlive a killed headroom. Each run starts a keeper: a small Node process in its
// own session whose stdin is a pipe from headroom. headroom says "done" on it when the run has
// ended; any other end of the pipe (headroom SIGKILLed, crashed, its machine's OOM killer) means
// the run's processes lost their supervisor: the keeper finds them (every process of a tree carries
// HEADROOM_RUN in its environment; the run's cgroups list their members), stops them (SIGTERM, then
// SIGKILL after 2 s) and says so in events.jsonl. With --keep-on-crash it leaves them running and
// says that instead. PR_SET_PDEATHSIG would reach only each tree's first process, not its
// grandchildren in their own sessions; the keeper reaches all, at ~40 MB while it waits.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface KeeperConfig {
  runId: string;
  /** events.jsonl, where the keeper says what it did. */
  eventsPath: string;
  headroomPid: number;
  /** Where the run's cgroups are made, and the start of their names; null without cgroups. */
  cgroupParentDir: string | null;
  cgroupPrefix: string;
  keepOnCrash: boolean;
}

/** Time the keeper gives the run's processes between SIGTERM and SIGKILL. */
export const keeperGraceMs = 2000;

// The keeper's body, run from its source text by `node -e` (so the bundled CLI needs no file for it).
function keep(fs: typeof import('node:fs'), config: KeeperConfig, graceMs: number): void {
  const marker = `HEADROOM_RUN=${config.runId}`;
  const isRunning = (pid: number): boolean => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  const runPids = (): number[] => {
    const pids = new Set<number>();
    for (const entry of fs.readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker)) pids.add(pid);
      } catch {}
    }
    for (const dir of groupDirs()) {
      try {
        for (const line of fs.readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n'))
          if (line) pids.add(Number(line));
      } catch {}
    }
    return [...pids].filter(isRunning);
  };
  const groupDirs = (): string[] => {
    if (!config.cgroupParentDir) return [];
    try {
      return fs
        .readdirSync(config.cgroupParentDir)
        .filter((name) => name.startsWith(config.cgroupPrefix))
        .map((name) => `${config.cgroupParentDir}/${name}`);
    } catch {
      return [];
    }
  };
  const signal = (pids: number[], name: NodeJS.Signals): void => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {}
    }
  };
  const record = (type: string, message: string, fields: Record<string, unknown>): void => {
    const line = `${JSON.stringify({ time: new Date().toISOString(), type, message, ...fields })}\n`;
    try {
      const { O_WRONLY, O_APPEND, O_NOFOLLOW } = fs.constants;
      const fd = fs.openSync(config.eventsPath, O_WRONLY | O_APPEND | O_NOFOLLOW);
      fs.writeSync(fd, line);
      fs.closeSync(fd);
    } catch {}
  };
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const onOrphaned = async (): Promise<void> => {
    const found = runPids();
    const who = `headroom (pid ${config.headroomPid}) ended without ending run ${config.runId}`;
    if (found.length === 0) return;
    if (config.keepOnCrash) {
      record(
        'orphans-stopped',
        `${who}; its processes were left running, as --keep-on-crash asked: pid ${found.join(', ')}`,
        {
          pids: found,
          kept: true,
        },
      );
      return;
    }
    signal(found, 'SIGTERM');
    const stopped = new Set(found);
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && runPids().length > 0) await sleep(50);
    const killed = new Set<number>();
    // Forks may race a round: again while new ones show up.
    for (let round = 0; round < 20; round++) {
      const left = runPids();
      if (left.length === 0) break;
      for (const pid of left) {
        killed.add(pid);
        stopped.add(pid);
      }
      signal(left, 'SIGKILL');
      await sleep(50);
    }
    const pids = [...stopped];
    const after =
      killed.size > 0 ? `, SIGKILL for pid ${[...killed].join(', ')} after ${graceMs / 1000} s` : '';
    record(
      'orphans-stopped',
      `${who}; its keeper stopped what it left running: pid ${pids.join(', ')} (SIGTERM${after})`,
      {
        pids,
        killedPids: [...killed],
        kept: false,
      },
    );
    for (const dir of groupDirs()) {
      try {
        fs.rmdirSync(dir);
      } catch {}
    }
  };
  let said = '';
  let isHandled = false;
  const onEnd = (): void => {
    if (isHandled) return;
    isHandled = true;
    if (said.includes('done')) process.exit(0);
    onOrphaned().finally(() => process.exit(0));
  };
  process.stdin.on('data', (chunk) => {
    said += String(chunk);
  });
  process.stdin.on('end', onEnd);
  process.stdin.on('error', onEnd);
}

export interface Keeper {
  /** The run ended as it should: the keeper exits without touching anything. */
  release(): void;
}

/**
 * Starts the run's keeper once the first processes have been launched (forking Node costs ~20 ms,
 * more on a loaded machine: not before the first start); best effort: without one, a crash of
 * headroom leaves the processes as before, and the next run names them.
 */
export function startKeeper(config: KeeperConfig): Keeper {
  let keeper: Keeper | null = null;
  let isReleased = false;
  const timer = setTimeout(() => {
    if (!isReleased) keeper = spawnKeeper(config);
  }, 0);
  return {
    release: () => {
      isReleased = true;
      clearTimeout(timer);
      keeper?.release();
    },
  };
}

function spawnKeeper(config: KeeperConfig): Keeper {
  // A transpiler may wrap inner functions in a `__name` helper (esbuild's keepNames): give it one.
  const source = `const __name = (f) => f; (${keep.toString()})(require('node:fs'), ${JSON.stringify(config)}, ${keeperGraceMs})`;
  let child: ChildProcess | null = null;
  try {
    // Its own session: a Ctrl-C to the terminal's group, or a kill of headroom's group, leaves it be.
    // No HEADROOM_RUN in its environment: it must not find itself among the run's processes.
    child = spawn(process.execPath, ['-e', source], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    child.on('error', () => {});
    child.stdin?.on('error', () => {});
    child.unref();
    (child.stdin as Socket | null)?.unref();
  } catch {
    child = null;
  }
  return {
    release: () => {
      if (!child?.stdin || child.stdin.destroyed) return;
      child.stdin.end('done\n');
    },
  };
}
