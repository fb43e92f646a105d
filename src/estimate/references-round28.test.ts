// Round 28 of the published measured peaks (test-helpers/published-measured-round28.ts), gathered held out
// by one engineer in session 23 (any training run a user might bring) while others changed the model and the
// trace. These tests check their shape and that they are new to rounds 1 to 27 and ../shared/estimation; the
// lead measures the round once and pins its figure here.

import { round28Cases, round28Documents } from './test-helpers/published-measured-round28.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

checkReferenceRound({
  name: 'round 28',
  cases: round28Cases,
  documents: round28Documents,
  earlierCases: casesBefore(28),
  minCases: 20,
  minDocuments: 8,
});
