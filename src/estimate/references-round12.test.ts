// Round 12 of the published measured peaks (test-helpers/published-measured-round12.ts), gathered held out
// by one engineer while another changed the model, from harnesses other than ms-swift. These tests check
// their shape — each names its source, what was measured, its config, and a spec that parses — and that they
// are new to rounds 1 to 11 and ../shared/estimation. They print no error of the estimate: the round is
// measured once, by the lead, with the model frozen.

import assert from 'node:assert/strict';
import { test } from 'node:test';
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
import { round12Cases, round12Documents } from './test-helpers/published-measured-round12.js';
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
  ...round11Cases,
];

checkReferenceRound({
  name: 'round 12',
  cases: round12Cases,
  documents: round12Documents,
  earlierCases,
  minCases: 25,
  minDocuments: 10,
  isSpecUnique: true,
});

test('round 12: no case comes from ms-swift, and no document gives more than 10 cases', () => {
  for (const c of round12Cases) assert.doesNotMatch(c.source, /ms-swift|modelscope/i, c.id);
  for (const document of round12Documents) {
    const count = round12Cases.filter((c) => c.source.includes(document)).length;
    assert.ok(count <= 10, `${document}: ${count} cases`);
  }
});
