// The `sim` GpuProbe: simulated cards (`--gpu sim:24GiB`, HEADROOM_GPU) whose memory is what the processes
// claiming them say, through the state directory protocol in assets/sim-card/sim-gpu.mjs (defined once,
// shared with the example workloads).
import {
  formatSimCards,
  readClaims,
  type SimCard,
  simCardUuid,
  simStateDir,
} from '../../../assets/sim-card/sim-gpu.mjs';
import { parseGpuFlags } from '../../config/gpu-flags.js';
import { UsageError } from '../../errors.js';
import type { GpuProbe, GpuSnapshot } from './types.js';

export type { SimCard };

type Env = Record<string, string | undefined>;

/**
 * Simulated cards in a `sim:24GiB,sim:2x80GiB` spec, read as `plan --gpu` reads them (parseGpuFlags:
 * a unit is required, `sim:24` is refused, not 24 bytes); undefined when it names no simulated card.
 */
export function parseSimSpec(text: string | undefined, origin = '--gpu'): SimCard[] | undefined {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every((entry) => /^sim:/i.test(entry))) return undefined;
  return parseGpuFlags(entries, origin).map(({ index, totalBytes }) => ({ index, totalBytes }));
}

/**
 * The variables a child needs to see the same simulated cards and state directory as this process:
 * HEADROOM_GPU (the canonical spec) and HEADROOM_SIM_DIR. `run` adds them to every child's environment.
 */
export function simEnvironment(options: { spec: string | SimCard[]; env?: Env }): {
  HEADROOM_GPU: string;
  HEADROOM_SIM_DIR: string;
} {
  const cards = typeof options.spec === 'string' ? parseSimSpec(options.spec) : options.spec;
  if (!cards || cards.length === 0)
    throw new UsageError(`not a simulated GPU spec: ${String(options.spec)} (expected sim:24GiB)`);
  return {
    HEADROOM_GPU: formatSimCards(cards),
    HEADROOM_SIM_DIR: simStateDir(cards, options.env ?? process.env),
  };
}

/** A probe of simulated cards: used memory is the sum of live claims in the state directory. */
export interface SimGpuProbe extends GpuProbe {
  readonly cards: SimCard[];
  readonly stateDir: string;
  /** What to add to a child's environment (see simEnvironment). */
  readonly childEnv: { HEADROOM_GPU: string; HEADROOM_SIM_DIR: string };
}

/** Opens simulated cards from a spec (`sim:24GiB`); claims of processes that have exited are ignored and removed. */
export function createSimProbe(options: { spec: string; env?: Env }): SimGpuProbe {
  const environment = simEnvironment(options);
  const cards = parseSimSpec(environment.HEADROOM_GPU) ?? [];
  return {
    source: 'sim',
    cards,
    stateDir: environment.HEADROOM_SIM_DIR,
    childEnv: environment,
    snapshot: async () => readSimSnapshot(cards, environment.HEADROOM_SIM_DIR),
    close: async () => {},
  };
}

/** One reading of the simulated cards from the state directory. */
export function readSimSnapshot(cards: SimCard[], stateDir: string): GpuSnapshot {
  const claims = readClaims(stateDir);
  const warnings: string[] = [];
  const processes = claims.flatMap((claim) => {
    if (cards.some((card) => card.index === claim.device))
      return [{ pid: claim.pid, device: claim.device, usedBytes: claim.bytes }];
    warnings.push(
      `PID ${claim.pid} claims simulated GPU ${claim.device}, which ${formatSimCards(cards)} does not have`,
    );
    return [];
  });
  const devices = cards.map((card) => {
    const usedBytes = processes
      .filter((p) => p.device === card.index)
      .reduce((sum, p) => sum + p.usedBytes, 0);
    return {
      index: card.index,
      name: 'simulated GPU',
      uuid: simCardUuid(card.index),
      totalBytes: card.totalBytes,
      usedBytes,
      freeBytes: Math.max(0, card.totalBytes - usedBytes),
      simulated: true,
    };
  });
  return { source: 'sim', simulated: true, devices, processes, warnings };
}
