// What /metrics exposes at one moment, independent of where it was read (a run record, `watch`'s
// probe): per-process readings with their labels, per-card readings, and counter increments.

/** The labels of a process's series (Prometheus label values are strings; '' means none). */
export interface ProcessLabels {
  /** The config's process name (`actor`), or a program name for processes headroom did not start. */
  process: string;
  /** The replica number (`1` of `actor.1`), '' when the process has none. */
  replica: string;
}

/** One process's memory now. */
export interface ProcessReading extends ProcessLabels {
  pid: number | null;
  /** The GPU index it is on, or null. */
  gpu: number | null;
  gpuUuid: string | null;
  gpuBytes: number | null;
  gpuBudgetBytes: number | null;
  /** Tree sums (DESIGN.md "Host memory"); hostBytes is Σ PSS + swap, what headroom compares to the limit. */
  rssBytes: number | null;
  pssBytes: number | null;
  swapBytes: number | null;
  hostBytes: number | null;
  hostLimitBytes: number | null;
  /** A multi-rank job's ranks in its tree (torchrun, accelerate), each with Σ PSS of its processes. */
  ranks?: { rank: number; localRank: number | null; pid: number; hostBytes: number }[];
}

/** One card's memory now. */
export interface CardReading {
  gpu: number;
  uuid: string | null;
  name: string;
  usedBytes: number | null;
  totalBytes: number;
}

/** Everything the gauges show at one moment; processes not listed are not running. */
export interface Observation {
  processes: ProcessReading[];
  cards: CardReading[];
}

/** `actor.1` → actor, replica 1; a name without a numeric suffix has no replica. */
export function labelsOfInstance(name: string): ProcessLabels {
  const match = /^(.*)\.(\d+)$/.exec(name);
  return match ? { process: match[1]!, replica: match[2]! } : { process: name, replica: '' };
}
