// Types of sim-gpu.mjs, the simulated-GPU protocol shared by headroom's sim backend and the example workloads.

/** A simulated card: its index and capacity. */
export interface SimCard {
  index: number;
  totalBytes: number;
}

/** One process's memory on one simulated card: now, and the most it held. */
export interface SimClaim {
  pid: number;
  device: number;
  bytes: number;
  peakBytes: number;
}

export declare function parseSimCards(text: string | undefined): SimCard[] | undefined;
export declare function formatSimCards(cards: readonly SimCard[]): string;
export declare function simCardUuid(index: number): string;
export declare function simStateDir(
  cards: readonly SimCard[],
  env?: Record<string, string | undefined>,
): string;
export declare function readClaims(dir: string): SimClaim[];
export declare function writeClaim(dir: string, pid: number, claim: { device: number; bytes: number }): void;
export declare function removeClaim(dir: string, pid: number, env?: Record<string, string | undefined>): void;
export declare function tryClaim(
  dir: string,
  card: SimCard,
  pid: number,
  bytes: number,
): { ok: boolean; freeBytes: number };
