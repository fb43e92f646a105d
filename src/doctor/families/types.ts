// What a doctor family is: the signatures that find one group of failures (a framework's reports, the
// kernel's kills, a simulator's buffers), the facts its diagnoses take from the lines around them, and
// how it explains them. Families are plain objects in one list (index.ts): the classifier reads their
// rules and facts, the explainer picks the family that explains each draft. Nothing outside the
// families switches on a framework's name.
import type { Draft } from '../candidates.js';
import type { DiagnosisKind, FactRule, Layer, LogRule } from '../types.js';
import type { ExplainContext, Explanation, Frameworks } from './explain-types.js';

/** Facts of the fact table (keyed by `FactRule.family`) that join a draft of these layers or kinds. */
export interface JoinedFacts {
  /** Fact-table keys, in the order they fill in (a draft's own facts win over all of them). */
  keys: readonly string[];
  /** Drafts reported by one of these layers take them (checked first, over every family). */
  layers?: readonly Layer[];
  /** Drafts of one of these kinds take them when no family's `layers` matched. */
  kinds?: readonly DiagnosisKind[];
}

/** That the log shows a framework: a `*Seen` fact of the `context` table, or a draft reported by it. */
export interface SeenFramework {
  as: keyof Frameworks;
  /** The `context` fact that says so (`torchSeen`). */
  fact: string;
  /** A draft reported by this layer says so too. */
  layer?: Layer;
}

/** One family of failures: its signatures, facts and explanations. */
export interface DoctorFamily {
  /** The family's name, a framework's (jax, pytorch, tensorflow) where one framework owns it. */
  name: string;
  /** Its log signatures, most specific first. */
  rules: readonly LogRule[];
  /** Rules that only add facts (stats blocks, dumps, what the log shows). */
  factRules: readonly FactRule[];
  /** The layers (a diagnosis's `framework`) whose GPU failures it explains. */
  layers: readonly Layer[];
  /** Kinds other than `gpu_oom` it explains, whatever the layer. */
  kinds?: readonly DiagnosisKind[];
  /** Codes of GPU failures it explains whatever the layer (a grammar every framework shares). */
  codes?: readonly string[];
  /** It explains the GPU failures no other family claims (one family in the list). */
  isFallback?: boolean;
  /** The framework profiles (src/frameworks) whose `doctorFamily` names this family. */
  frameworks?: readonly string[];
  joinedFacts?: JoinedFacts;
  seen?: readonly SeenFramework[];
  /** The cause and fixes of a draft this family explains. */
  explain?: (draft: Draft, context: ExplainContext) => Explanation;
}
