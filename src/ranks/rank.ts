// Which rank of a multi-rank job (torchrun, accelerate launch, Lightning's DDP) a process is, from
// the variables its launcher set in its environment: torchrun sets RANK, LOCAL_RANK and WORLD_SIZE
// for every worker (PyTorch docs, "torchrun (Elastic Launch)": Environment Variables). Pure.

/** A process's place in a multi-rank job. */
export interface RankIdentity {
  /** The global rank (RANK). */
  rank: number;
  /** The rank on its node (LOCAL_RANK); null when only RANK is set. */
  localRank: number | null;
  /** How many ranks (WORLD_SIZE); null when not set. */
  worldSize: number | null;
}

const wholeNumber = (text: string | undefined): number | null =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : null;

/** The rank in a /proc/PID/environ text (NUL-separated NAME=value), or null when it has none. */
export function parseRankEnviron(environ: string): RankIdentity | null {
  const values = new Map<string, string>();
  for (const entry of environ.split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) values.set(entry.slice(0, at), entry.slice(at + 1));
  }
  const rank = wholeNumber(values.get('RANK'));
  if (rank === null) return null;
  return {
    rank,
    localRank: wholeNumber(values.get('LOCAL_RANK')),
    worldSize: wholeNumber(values.get('WORLD_SIZE')),
  };
}

/** `rank 1 (LOCAL_RANK 1)`: how sentences and labels name a rank. */
export function describeRank(identity: Pick<RankIdentity, 'rank' | 'localRank'>): string {
  const local = identity.localRank === null ? '' : ` (LOCAL_RANK ${identity.localRank})`;
  return `rank ${identity.rank}${local}`;
}

/** One rank of a job as a supervisor's samples saw it. */
export interface RankSeen {
  rank: number;
  localRank: number | null;
  /** The rank's own process (the member whose parent is not of the same rank). */
  pid: number;
  /** Σ PSS of its processes at the last sample (0 once gone). */
  hostBytes: number;
  peakHostBytes: number;
  isGone: boolean;
}
