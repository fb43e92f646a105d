// The failures torchrun's elastic agent prints when a worker fails (ChildFailedError's summary:
// torch/distributed/elastic/multiprocessing/errors/__init__.py, _FAILURE_FORMAT_TEMPLATE and
// _MSG_FORMAT_TEMPLATE): per failed rank its rank, local rank, exit code, PID and a traceback line,
// the first observed one under "Root Cause". accelerate launch runs the same agent. Pure.

/** One failed rank as torchrun reported it. */
export interface RankFailure {
  rank: number;
  localRank: number;
  pid: number | null;
  /** Negative for a signal (-9: SIGKILL), as torchrun prints it. */
  exitCode: number;
  /** The signal's name when it died of one (`SIGKILL`). */
  signal: string | null;
  /** torchrun's message: the error's last line, or "Signal 9 (SIGKILL) received by PID …". */
  message: string;
  /** True for the first observed failure (torchrun's Root Cause). */
  isRootCause: boolean;
}

const rankLine = /\brank\s+:\s+(\d+) \(local_rank: (\d+)\)/;
const exitLine = /\bexitcode\s+:\s+(-?\d+) \(pid: (\d+|<N\/A>)\)\s*(\S+)?/;
const messageLine = /\btraceback\s+:\s+(.*)$/;

/** Every rank failure in `lines` (torchrun's summary), the root cause marked; empty when there is none. */
export function parseTorchrunFailures(lines: readonly string[]): RankFailure[] {
  const failures: RankFailure[] = [];
  let isRootSection = false;
  let current: Partial<RankFailure> | null = null;
  for (const line of lines) {
    if (/Root Cause \(first observed failure\):/.test(line)) isRootSection = true;
    else if (/\bFailures:\s*$/.test(line)) isRootSection = false;
    const rank = rankLine.exec(line);
    if (rank) current = { rank: Number(rank[1]), localRank: Number(rank[2]), isRootCause: isRootSection };
    const exit = current && exitLine.exec(line);
    if (current && exit) {
      current.exitCode = Number(exit[1]);
      current.pid = exit[2] && /^\d+$/.test(exit[2]) ? Number(exit[2]) : null;
      const signal = exit[3]?.replace(/[()]/g, '');
      current.signal = signal?.startsWith('SIG') ? signal : null;
    }
    const message = current && messageLine.exec(line);
    if (current && message && current.exitCode !== undefined) {
      failures.push({
        rank: current.rank ?? 0,
        localRank: current.localRank ?? 0,
        pid: current.pid ?? null,
        exitCode: current.exitCode,
        signal: current.signal ?? null,
        message: (message[1] ?? '').trim(),
        isRootCause: current.isRootCause ?? false,
      });
      current = null;
    }
  }
  return failures;
}
