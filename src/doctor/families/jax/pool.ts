// JAX's pool against what the program needs, from the numbers XLA prints: the BFC limit, the
// rematerialisation target and what remat reached, the BufferAssignment total, the jaxlib version
// or era. A fraction is suggested only when the need fits under it and it is above the current one.
import type { Facts } from '../../types.js';
import { maxJaxPoolFraction, num } from '../explain-types.js';

/** Room left above the need when a fraction is suggested (temporaries the stats do not show). */
const needMargin = 1.05;

/** JAX's default pool fraction and whether it is of free memory, for a jaxlib version or era. */
export interface DefaultFraction {
  fraction: number;
  /** jaxlib before 0.4.1 took a fraction of free memory, not of total (FACTS Q2). */
  isOfFree: boolean;
  /** How the default was known. */
  source: string;
}

function versionParts(version: string): number[] {
  return version.split('.').map((p) => Number.parseInt(p, 10) || 0);
}

const isBefore = (version: string, than: number[]): boolean => {
  const parts = versionParts(version);
  for (let i = 0; i < than.length; i++) {
    const a = parts[i] ?? 0;
    if (a !== than[i]) return a < than[i]!;
  }
  return false;
};

/**
 * The default fraction of a JAX process (FACTS Q2): 0.9 of free memory before jaxlib 0.4.1, 0.9 of
 * total until XLA e19bc1c (Feb 2023, first in jaxlib ≈0.4.4–0.4.6), 0.75 of total since. Without a
 * version, jaxlib's bundled XLA path tells the era: external/org_tensorflow is before 2023 (taken as
 * 0.9, of free memory: no fraction is derived from it), external/xla is 2023 or newer.
 */
export function defaultFraction(context: Facts): DefaultFraction | undefined {
  const version = typeof context.jaxlibVersion === 'string' ? context.jaxlibVersion : undefined;
  if (version !== undefined) {
    if (isBefore(version, [0, 4, 1])) return { fraction: 0.9, isOfFree: true, source: `jaxlib ${version}` };
    if (isBefore(version, [0, 4, 4])) return { fraction: 0.9, isOfFree: false, source: `jaxlib ${version}` };
    if (isBefore(version, [0, 4, 7])) return undefined;
    return { fraction: 0.75, isOfFree: false, source: `jaxlib ${version}` };
  }
  if (context.jaxEra === 'org_tensorflow')
    return {
      fraction: 0.9,
      isOfFree: true,
      source: 'jaxlib before 2023, by its external/org_tensorflow paths',
    };
  if (context.jaxEra === 'openxla')
    return { fraction: 0.75, isOfFree: false, source: 'jaxlib of 2023 or newer, by its external/xla paths' };
  return undefined;
}

/** What the program needs, what JAX may use, and what would change it. */
export interface PoolAdvice {
  needBytes?: number;
  /** Where the need comes from: "remat", "buffers", "io", or "request" (a single request only). */
  needSource?: 'remat' | 'buffers' | 'io' | 'request';
  poolBytes?: number;
  currentFraction?: number;
  totalBytes?: number;
  /** need ÷ pool, when both are known. */
  timesPool?: number;
  /** A fraction to set: above the current one, at most maxJaxPoolFraction, and the need fits under it. */
  suggestedFraction?: number;
}

/** Reads need and pool from an XLA draft's facts and the log's context. */
export function poolAdvice(facts: Facts, context: Facts): PoolAdvice {
  const remat = num(facts, 'rematReachedBytes');
  // The compiler's live buffers (XLA:TPU "Used X of Y hbm") or the buffer assignment's total.
  const buffers = num(facts, 'totalAllocationBytes') ?? num(facts, 'requiredBytes');
  const io = num(facts, 'ioArgumentsBytes');
  const request = num(facts, 'requestedBytes');
  // The rematerialisation pass's best and the compiler's final buffers both bound the need from below:
  // where the compiler's own "Used X of Y" is the larger (another attempt, or a later pass that added
  // buffers), the program needs at least that (round 16; XLA:TPU compile report).
  const [programBytes, programSource] =
    remat !== undefined && (buffers === undefined || remat >= buffers)
      ? [remat, 'remat' as const]
      : buffers !== undefined
        ? [buffers, 'buffers' as const]
        : io !== undefined && io > (num(facts, 'baseLimitBytes') ?? Number.POSITIVE_INFINITY)
          ? [io, 'io' as const]
          : [undefined, undefined];
  // One request must fit at once too: the need is the larger of the program's and the request's.
  const [needBytes, needSource] =
    programBytes !== undefined && (request === undefined || programBytes >= request)
      ? [programBytes, programSource]
      : request !== undefined
        ? [request, programBytes !== undefined ? programSource : ('request' as const)]
        : [undefined, undefined];
  const poolBytes =
    num(facts, 'limitBytes') ?? num(facts, 'rematLimitBytes') ?? num(context, 'jaxLimitBytes');
  // A compiler's memory space (TPU HBM) is the device itself: no fraction of it to raise.
  const isDeviceLimit = facts.memorySpace !== undefined;
  const setting = Number(context.memFractionSetting);
  const fallback = defaultFraction(context);
  const currentFraction = isDeviceLimit
    ? 1
    : Number.isFinite(setting) && setting > 0
      ? setting
      : fallback?.fraction;
  const isOfFree =
    !isDeviceLimit && !(Number.isFinite(setting) && setting > 0) && fallback?.isOfFree === true;
  const totalBytes =
    num(facts, 'totalBytes') ??
    (poolBytes !== undefined && currentFraction !== undefined && !isOfFree
      ? poolBytes / currentFraction
      : undefined);
  const advice: PoolAdvice = { needBytes, needSource, poolBytes, currentFraction, totalBytes };
  if (needBytes !== undefined && poolBytes !== undefined && poolBytes > 0)
    advice.timesPool = needBytes / poolBytes;
  if (needBytes !== undefined && totalBytes !== undefined && currentFraction !== undefined && !isOfFree) {
    const wanted = Math.ceil(((needBytes * needMargin) / totalBytes) * 100) / 100;
    if (wanted <= maxJaxPoolFraction && wanted > currentFraction) advice.suggestedFraction = wanted;
  }
  return advice;
}
