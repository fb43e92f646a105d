// TensorFlow's error annotations: the graph node (and its GPU) an error was raised in.
import type { FactRule } from '../../types.js';
import { definedFacts, intOf, sizeAfter, withSize } from '../extract.js';

/** Facts of TensorFlow's error annotations. */
export const tensorflowFactRules: FactRule[] = [
  {
    family: 'tensorflow',
    keywords: ['[[{{node', '[[node:'],
    pattern: /\[\[(?:\{\{node ([^}]+)\}\}|Node: ([^\s=]+) =)(?:.*?_device="[^"]*device:GPU:(\d+)")?/,
    source: 'tensorflow/core/common_runtime error annotations ("[[{{node NAME}}]]")',
    extract: (m) => definedFacts({ node: m[1] ?? m[2], device: intOf(m[3]) }),
  },
  {
    family: 'tensorflow',
    keywords: ['ran out of memory trying to allocate'],
    pattern: withSize(
      String.raw`(?:^|\]\s*|Allocator \(\w+\) )[Rr]an out of memory trying to allocate SIZE(?![^\n]*not a failure)`,
    ),
    // The BFC allocator's own report of the request it could not serve, logged just before the op's
    // "OOM when allocating tensor" (tensorflow/core/common_runtime/bfc_allocator.cc, 1.x: "Ran out of
    // memory trying to allocate %s.  See logs for memory state."; 2.x and xla/tsl/framework/
    // bfc_allocator.cc: "Allocator (%s) ran out of memory trying to allocate %s (rounded to %d)");
    // the retried request a caller can do without ("not a failure") is bfcRetryBytes (jax/facts.ts).
    source:
      'tensorflow/core/common_runtime/bfc_allocator.cc AllocateRaw (1.x); openxla/xla xla/tsl/framework/bfc_allocator.cc',
    extract: (m) => definedFacts({ requestedBytes: sizeAfter(m[1]!, /(.*)/) }),
  },
];
