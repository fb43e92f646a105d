// TensorFlow's error annotations: the graph node (and its GPU) an error was raised in.
import type { FactRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** Facts of TensorFlow's error annotations. */
export const tensorflowFactRules: FactRule[] = [
  {
    family: 'tensorflow',
    keywords: ['[[{{node', '[[node:'],
    pattern: /\[\[(?:\{\{node ([^}]+)\}\}|Node: ([^\s=]+) =)(?:.*?_device="[^"]*device:GPU:(\d+)")?/,
    source: 'tensorflow/core/common_runtime error annotations ("[[{{node NAME}}]]")',
    extract: (m) => definedFacts({ node: m[1] ?? m[2], device: intOf(m[3]) }),
  },
];
