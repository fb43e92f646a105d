// PyTorch: its caching allocator's out-of-memory reports (every generation of the message) and the
// memory_summary() table, explained by the message's own numbers (FACTS Q7, Q9).
import type { DoctorFamily } from '../types.js';
import { explainTorch } from './explain.js';
import { torchSummaryFactRules, torchSummaryRules } from './memory-summary.js';
import { torchAllowedFactRules, torchRules } from './rules.js';

/** The pytorch family. */
export const pytorchFamily: DoctorFamily = {
  name: 'pytorch',
  rules: [...torchRules, ...torchSummaryRules],
  factRules: [...torchSummaryFactRules, ...torchAllowedFactRules],
  layers: ['torch'],
  frameworks: ['torch'],
  joinedFacts: { keys: ['torch'], layers: ['torch'] },
  seen: [{ as: 'torch', fact: 'torchSeen', layer: 'torch' }],
  explain: explainTorch,
};
