// Round 10 of the published measured peaks (test-helpers/published-measured-round10.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 9
// and ../shared/estimation. No accuracy figure here: the round is measured once, by the lead, with the
// model frozen.
import { publishedCases } from './test-helpers/published-measured.js';
import { round2Cases } from './test-helpers/published-measured-round2.js';
import { round3Cases } from './test-helpers/published-measured-round3.js';
import { round4Cases } from './test-helpers/published-measured-round4.js';
import { round5Cases } from './test-helpers/published-measured-round5.js';
import { round6Cases } from './test-helpers/published-measured-round6.js';
import { round7Cases } from './test-helpers/published-measured-round7.js';
import { round8Cases } from './test-helpers/published-measured-round8.js';
import { round9Cases } from './test-helpers/published-measured-round9.js';
import { round10Cases } from './test-helpers/published-measured-round10.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';

const earlierCases = [
  ...publishedCases,
  ...round2Cases,
  ...round3Cases,
  ...round4Cases,
  ...round5Cases,
  ...round6Cases,
  ...round7Cases,
  ...round8Cases,
  ...round9Cases,
];

// The documents each round-10 source comes from: none may be cited by rounds 1 to 9 or ../shared.
const round10Documents = ['modelscope/ms-swift examples/pytorch/llm/scripts'];

checkReferenceRound({
  name: 'round 10',
  cases: round10Cases,
  documents: round10Documents,
  earlierCases,
  minCases: 30,
  minDocuments: 1,
  isSpecUnique: true,
});
