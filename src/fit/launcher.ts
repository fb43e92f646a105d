// Multi-rank trials: the user's command run by a launcher that starts one process per rank
// (torchrun, or accelerate-launch, which runs the same elastic agent), so every trial is the whole
// job; and which rank a failed trial failed on. Pure.
import { parseTorchrunFailures } from '../ranks/torchrun-failure.js';

/** The launchers `fit --launcher` knows. */
export const launcherNames = ['torchrun', 'accelerate'] as const;
export type LauncherName = (typeof launcherNames)[number];

/** A multi-rank job: which launcher, and how many ranks on this node. */
export interface Launcher {
  name: LauncherName;
  nprocPerNode: number;
}

const isPythonScript = (program: string | undefined): boolean => program?.endsWith('.py') === true;

/**
 * The whole job's argv: `torchrun --standalone --nproc-per-node N CMD...` (a free rendezvous port
 * per trial; --no-python when CMD is not a .py script, as torchrun's own option says), or
 * `accelerate-launch --multi_gpu --num_processes N --num_machines 1 CMD...` (--multi_gpu is what
 * makes accelerate start its ranks through torchrun's agent, on CPUs too; --no_python likewise).
 * `accelerate-launch` is accelerate's own console script for `accelerate launch`, the same main
 * (`accelerate.commands.launch:main`; accelerate 1.15.0's entry_points.txt, from its setup.py): the
 * `accelerate` CLI imports every subcommand first, and `estimate-memory`'s imports transformers and
 * huggingface_hub, so each trial's agent took 4.1 CPU-s and ~100 MiB more, against 1.6 (measured: torch
 * 2.13, accelerate 1.15, transformers 5.18, 2 CPU ranks).
 */
export function launcherArgv(launcher: Launcher, argv: readonly string[]): string[] {
  const count = String(launcher.nprocPerNode);
  if (launcher.name === 'torchrun') {
    const noPython = isPythonScript(argv[0]) ? [] : ['--no-python'];
    return ['torchrun', '--standalone', '--nproc-per-node', count, ...noPython, ...argv];
  }
  const noPython = isPythonScript(argv[0]) ? [] : ['--no_python'];
  return [
    'accelerate-launch',
    '--multi_gpu',
    '--num_processes',
    count,
    '--num_machines',
    '1',
    '--mixed_precision',
    'no',
    '--dynamo_backend',
    'no',
    ...noPython,
    ...argv,
  ];
}

/** The rank a failed trial failed on: its RANK, LOCAL_RANK, PID, and what ended it. */
export interface FailedRank {
  rank: number;
  localRank: number | null;
  pid: number | null;
  /** What ended it: `OOM-killed by the kernel in the trial's cgroup`, `SIGKILL`, `exit 1: RuntimeError: …`. */
  cause: string;
}

/** What a trial's end says about its ranks: OOM kills that named a rank, and torchrun's failure summary. */
export function findFailedRank(options: {
  /** The trial's OOM kills (the supervisor's oom-kill events), with the rank read from the victim's environment. */
  oomKills: readonly { pid: number | null; rank?: number; localRank?: number | null }[];
  /** The trial's last output lines (torchrun prints its summary last). */
  outputLines: readonly string[];
}): FailedRank | null {
  const killed = options.oomKills.find((kill) => kill.rank !== undefined);
  if (killed && killed.rank !== undefined) {
    return {
      rank: killed.rank,
      localRank: killed.localRank ?? null,
      pid: killed.pid,
      cause: "OOM-killed by the kernel in the trial's cgroup",
    };
  }
  const failures = parseTorchrunFailures(options.outputLines);
  const root = failures.find((f) => f.isRootCause) ?? failures[0];
  if (!root) return null;
  // torchrun's summary alone: a SIGKILL with an OOM kill counted in the tree is the kernel's.
  const isOomKill =
    root.signal === 'SIGKILL' && options.oomKills.some((kill) => kill.pid === root.pid || kill.pid === null);
  const cause = isOomKill
    ? "OOM-killed by the kernel in the trial's cgroup"
    : root.signal
      ? `killed by ${root.signal}`
      : `exit ${root.exitCode}: ${root.message}`;
  return { rank: root.rank, localRank: root.localRank, pid: root.pid, cause };
}

/** `rank 1 (LOCAL_RANK 1, pid 30736) OOM-killed by the kernel in the trial's cgroup` */
export function describeFailedRank(failed: FailedRank): string {
  const local = failed.localRank === null ? '' : `LOCAL_RANK ${failed.localRank}`;
  const pid = failed.pid === null ? '' : `pid ${failed.pid}`;
  const details = [local, pid].filter(Boolean).join(', ');
  return `rank ${failed.rank}${details ? ` (${details})` : ''} ${failed.cause}`;
}
