// JAX and XLA: XLA's out-of-memory reports (printed by JAX, and by TensorFlow on its XLA path), the
// BFC allocator's stats and the compiler's buffer figures, explained against JAX's pool (FACTS Q1-Q5).
import type { DoctorFamily } from '../types.js';
import { explainXla } from './explain.js';
import { xlaFactRules } from './facts.js';
import { xlaOomListingRule } from './oom-listing.js';
import { xlaRules } from './rules.js';

/** The jax family. */
export const jaxFamily: DoctorFamily = {
  name: 'jax',
  rules: [...xlaRules, xlaOomListingRule],
  factRules: xlaFactRules,
  layers: ['jax'],
  frameworks: ['jax'],
  joinedFacts: { keys: ['xla'], layers: ['jax'] },
  // Reactant.jl is another XLA front end: JAX's variables do not apply to it.
  seen: [
    { as: 'jax', fact: 'jaxSeen' },
    { as: 'reactant', fact: 'reactantSeen' },
  ],
  explain: explainXla,
};
