// GPU shares as Slurm shards. A card of T bytes cut into S shards (gres.conf `Name=shard Count=S`)
// makes one shard T/S bytes; a process needs its budget plus its CUDA context, rounded UP to whole
// shards, so Slurm never puts more bytes on a card than it has (Σ shards ≤ S on every card).
import type { SlurmStep } from './job-plan.js';

/** Bytes one shard stands for. */
export function bytesPerShard(cardBytes: number, shardsPerCard: number): number {
  return cardBytes / shardsPerCard;
}

/** Shards a process needs for `needBytes` of a card: ceil(need × S / T), at least 1. */
export function shardsFor(options: { needBytes: number; cardBytes: number; shardsPerCard: number }): number {
  const { needBytes, cardBytes, shardsPerCard } = options;
  if (cardBytes <= 0 || shardsPerCard <= 0) return 0;
  // need × S stays below 2^53 for any card under 8 PiB with S ≤ 1000: exact integer arithmetic.
  const shards = Math.ceil((needBytes * shardsPerCard) / cardBytes);
  return Math.max(1, shards);
}

/** Σ shards of some steps (those given a whole card or none count 0). */
export function sumShards(steps: readonly Pick<SlurmStep, 'gpu'>[]): number {
  return steps.reduce((sum, s) => sum + (s.gpu?.kind === 'shards' ? s.gpu.shards : 0), 0);
}
