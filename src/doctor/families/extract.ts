// Small helpers the signature rules share to pull numbers out of matched text.
import { parseLogSize, sizePattern } from '../sizes.js';
import type { Facts, Layer } from '../types.js';

/** The bytes of the first capture of `pattern` (built around sizePattern) in `text`. */
export function sizeAfter(text: string, pattern: RegExp): number | undefined {
  const captured = pattern.exec(text)?.[1];
  return captured === undefined ? undefined : parseLogSize(captured);
}

/** A RegExp with `SIZE` replaced by the log-size capture group. */
export function withSize(source: string, flags = ''): RegExp {
  return new RegExp(source.replaceAll('SIZE', sizePattern), flags);
}

/** Drops undefined values, so facts hold only what the text states. */
export function definedFacts(facts: Record<string, number | string | boolean | undefined>): Facts {
  const result: Facts = {};
  for (const [key, value] of Object.entries(facts)) {
    if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) result[key] = value;
  }
  return result;
}

/** An integer capture, or undefined. */
export function intOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
}

// XLA lives in both JAX and TensorFlow; the file path or nearby words say which one printed it.
const jaxMarkers =
  /org_tensorflow|external\/xla\/|external\/tsl\/|jaxlib|\bjax\b|xla_extension|XlaRuntimeError|JaxRuntimeError|xla_bridge|pjrt|Reactant/i;
const tensorflowMarkers =
  /tensorflow\/core|tensorflow\/python|tensorflow\/stream_executor|local_xla|local_tsl|keras|ResourceExhaustedError|\btf\.\w/i;

/** `jax` or `tensorflow` for an XLA/stream-executor line, from the line first, then what came before. */
export function xlaFramework(text: string, before: readonly string[], fallback: Layer): Layer {
  if (jaxMarkers.test(text)) return 'jax';
  if (tensorflowMarkers.test(text)) return 'tensorflow';
  for (let i = before.length - 1; i >= 0; i--) {
    const line = before[i]!;
    if (jaxMarkers.test(line)) return 'jax';
    if (tensorflowMarkers.test(line)) return 'tensorflow';
  }
  return fallback;
}

/**
 * Where a line's own words start, for signatures anchored there ("Killed", "MemoryError"): after
 * a rank prefix (torchrun's "[rank3]: ", the form normalizePaste gives every launcher's) or a
 * syslog program tag ("python3[1701]: ") that the paste normaliser leaves on the line.
 */
export const lineStart = String.raw`^\s*(?:\[rank\d+\]:\s*|[\w.\/@-]+\[\d+\]:\s*)?`;

/** `[rank3]:` (torchrun) or `rank 3` prefixes on the failing line. */
export function rankOf(text: string): number | undefined {
  return intOf(/^\s*\[(?:default)?rank(\d+)\]/.exec(text)?.[1]);
}

/**
 * That the memory phrase at `index` (`length` characters) is one item of a list of possibilities
 * joined by "or" ("Reasons for the failure: a device lost, out of memory, or an unexpected bug", Omniverse
 * Kit's gpu.foundation message after any GPU crash; "... starves it for CPU/Memory, or blocks its
 * network" in a CI runner's lost-runner notice; "out of memory or a driver reset"): a program that
 * lists what may have happened does not report that memory ran out. Only an "or" that joins the phrase
 * to another item counts ("X, out of memory, or Y", "out of memory or Y", "X or out of memory"); a
 * comma alone is a report's own punctuation ("cudaMalloc failed, out of memory").
 */
export function isListedPossibility(text: string, index: number, length: number): boolean {
  const after = text.slice(index + length);
  if (/^(?:\s+(?:errors?|conditions?))?\s*,?\s+or\s+\S/i.test(after)) return true;
  return /\bor\s+(?:an?\s+|the\s+)?$/i.test(text.slice(0, index));
}

/**
 * The NVIDIA kernel driver's soft-check trace, "nvCheckOkFailedNoLog: Check failed: Out of memory
 * [NV_ERR_NO_MEMORY] (0x00000051) returned from _memdescAllocInternal(pMemDesc) @ mem_desc.c:1359"
 * (NVIDIA/open-gpu-kernel-modules src/nvidia/src/libraries/utils/nvassert.c, nvCheckOkFailedNoLog, the
 * helper of NV_CHECK_OK_FAILED): the resource manager's own status check inside the driver, which its
 * caller may handle (another heap, a retry) and which hosts log at rest and on starts that succeed. It
 * is no process's failure; the process's own error beside it decides.
 */
export function isDriverCheckTrace(text: string): boolean {
  return /\bnvCheckOk\w*|\bnvAssert\w*Failed\w*|\[NV_ERR_\w+\] \(0x[0-9a-fA-F]+\) returned from\b/.test(text);
}
