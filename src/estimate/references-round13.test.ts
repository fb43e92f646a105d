// Round 13 of the published measured peaks (test-helpers/published-measured-round13.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its source,
// what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 12 and
// ../shared/estimation. They print no error of the estimate: the round is measured once, by the lead, with
// the model frozen.

import { round13Cases, round13Documents } from './test-helpers/published-measured-round13.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 13',
  cases: round13Cases,
  documents: round13Documents,
  earlierCases: casesBefore(13),
  minCases: 30,
  minDocuments: 8,
  isSpecUnique: true,
});
