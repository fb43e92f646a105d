// XLA_PYTHON_CLIENT_MEM_FRACTION's two grammars, and which jaxlib reads which.
// - Every jaxlib released so far reads the value with `float()` in jaxlib/xla_client.py
//   (generate_pjrt_gpu_plugin_options; checked in jaxlib 0.10.2), and the fraction is a fixed cap on
//   the BFC pool in both preallocation modes (FACTS Q2). `0.3-0.3` makes that float() raise at plugin
//   initialisation: with JAX_PLATFORMS=cuda a loud failure, without it a silent CPU fallback (seen with
//   jax 0.11.2 on an H100, issue #24).
// - XLA main (openxla/xla#48834, #48985; its "GPU BFC growth in a reserved virtual arena" design note;
//   docs.jax.dev gpu_memory_allocation) parses `START` or `START-CAP`, fractions of total memory: a bare
//   `0.3` becomes FlexMemFraction{0.3, 1.0}, preallocate 0.3 and grow to all of the card, while
//   `0.3-0.3` is FixedMemFraction{0.3}, the old hard cap. A bare value at or above 1 stays fixed.
// No release with the new grammar was known when this was written; the gate is the first jaxlib minor
// release after the newest one seen rejecting it (0.11.2). Move it to the real first release once one
// ships (its CHANGELOG names the memory_fraction_policy change).

/** The first jaxlib that reads `START-CAP` and takes a bare fraction as growable. */
/** The two names jaxlib reads the fraction from (xla_client.py: XLA_PYTHON_CLIENT_MEM_FRACTION, then XLA_CLIENT_MEM_FRACTION). */
export const jaxFractionNames: readonly string[] = [
  'XLA_PYTHON_CLIENT_MEM_FRACTION',
  'XLA_CLIENT_MEM_FRACTION',
];

export const jaxStartCapGrammarFrom = '0.12.0';

/** A fraction value as written: a bare `START`, a `START-CAP` pair, or neither. */
export type JaxFraction =
  | { grammar: 'bare'; start: number }
  | { grammar: 'pair'; start: number; cap: number }
  | { grammar: 'invalid' };

const decimal = String.raw`\s*(\d+(?:\.\d*)?|\.\d+)\s*`;

/** Reads a fraction value the way either grammar would (numbers only; ranges are checked elsewhere). */
export function parseJaxFraction(value: string): JaxFraction {
  const bare = new RegExp(`^${decimal}$`).exec(value);
  if (bare) return { grammar: 'bare', start: Number(bare[1]) };
  const pair = new RegExp(`^${decimal}-${decimal}$`).exec(value);
  if (pair) return { grammar: 'pair', start: Number(pair[1]), cap: Number(pair[2]) };
  return { grammar: 'invalid' };
}

/** The value that is a hard cap at `fraction` (`0.3000`) for jaxlib from the START-CAP grammar on. */
export function fixedPairOf(fraction: string): string {
  return `${fraction}-${fraction}`;
}

/** Whether a value lets the pool grow past its start on a jaxlib that reads the START-CAP grammar. */
export function isGrowableOnNewJaxlib(parsed: JaxFraction): boolean {
  if (parsed.grammar === 'bare') return parsed.start < 1;
  return parsed.grammar === 'pair' && parsed.cap > parsed.start;
}

/** What a well-formed fraction value means on a jaxlib release, when it is not what it looks like. */
export interface JaxFractionReading {
  severity: 'error' | 'warning';
  problem: string;
  fix: string;
}

/**
 * How the installed jaxlib (`undefined`: not known) reads a fraction value: a pair older jaxlib rejects,
 * a bare fraction newer jaxlib lets grow. Undefined when it is the hard cap it looks like, or malformed
 * (env-checks.ts says that).
 */
export function readJaxFraction(
  variable: string,
  value: string,
  jaxlibVersion: { text: string; isAtLeast: (minimum: string) => boolean } | undefined,
): JaxFractionReading | undefined {
  const parsed = parseJaxFraction(value);
  if (parsed.grammar === 'invalid' || parsed.start <= 0 || parsed.start > 1) return undefined;
  const hasGrammar = jaxlibVersion?.isAtLeast(jaxStartCapGrammarFrom);
  if (parsed.grammar === 'pair' && hasGrammar !== true) {
    return {
      severity: hasGrammar === false ? 'error' : 'warning',
      problem: `${value} is a START-CAP pair, which only jaxlib ≥ ${jaxStartCapGrammarFrom} reads; ${
        jaxlibVersion ? `jaxlib ${jaxlibVersion.text}` : 'an older jaxlib'
      } calls float() on it at plugin start and raises (a loud failure with JAX_PLATFORMS=cuda, else a silent fall back to CPU)`,
      fix: `write the bare fraction: export ${variable}=${parsed.start}`,
    };
  }
  if (hasGrammar === true && isGrowableOnNewJaxlib(parsed)) {
    const cap = parsed.grammar === 'pair' ? parsed.cap : 1;
    return {
      severity: 'warning',
      problem: `jaxlib ${jaxlibVersion?.text} reads ${value} as START${
        parsed.grammar === 'pair' ? '-CAP' : ''
      } (XLA's START-CAP grammar): the pool starts at ${Math.round(parsed.start * 100)}% of the card and may grow to ${Math.round(cap * 100)}%, so it is no hard cap`,
      fix: `for a hard cap, export ${variable}=${parsed.start}-${parsed.start}`,
    };
  }
  return undefined;
}
