// Round 11 of the published measured peaks (test-helpers/published-measured-round11.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 10
// and ../shared/estimation. They print no error of the estimate: the round is measured once, by the lead,
// with the model frozen.
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
import { round11Cases } from './test-helpers/published-measured-round11.js';
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
  ...round10Cases,
];

// The documents each round-11 source comes from: none may be cited by rounds 1 to 10 or ../shared.
const round11Documents = [
  'modelscope/ms-swift docs/source/LLM/Benchmark.md',
  'open-mmlab/mmengine docs/en/common_usage/large_model_training.md',
  'open-mmlab/mmengine docs/en/get_started/15_minutes.md',
  'open-mmlab/mmengine docs/en/common_usage/debug_tricks.md',
  'open-mmlab/mmaction2 docs/en/get_started/quick_run.md',
];

checkReferenceRound({
  name: 'round 11',
  cases: round11Cases,
  documents: round11Documents,
  earlierCases,
  minCases: 30,
  minDocuments: 5,
  isSpecUnique: true,
});
