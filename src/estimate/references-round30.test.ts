// Round 30 of the published measured peaks (test-helpers/published-measured-round30.ts), gathered held out by one
// engineer in session 23 (seed 30's draw of 30 repositories no earlier round cites) while others changed the model
// and the trace. These tests check their shape and that they are new to rounds 1 to 29 and ../shared/estimation; the
// lead measures the round once and pins its figure here.

import { round30Cases, round30Documents } from './test-helpers/published-measured-round30.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 30',
  cases: round30Cases,
  documents: round30Documents,
  earlierCases: casesBefore(30),
  minCases: 8,
  minDocuments: 4,
});
