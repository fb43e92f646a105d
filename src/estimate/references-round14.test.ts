// Round 14 of the published measured peaks (test-helpers/published-measured-round14.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its source,
// what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 13 and
// ../shared/estimation. They print no error of the estimate: the round is measured once, by the lead, with
// the model frozen.

import { round14Cases, round14Documents } from './test-helpers/published-measured-round14.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 14',
  cases: round14Cases,
  documents: round14Documents,
  earlierCases: casesBefore(14),
  minCases: 16,
  minDocuments: 12,
  isSpecUnique: true,
});
