// The blind labels of heldout-41/42 (scripts/blind-agreement.ts): what a reader of the posted text alone
// makes of them, beside the headers and doctor. The labellers' figures are fixed data; doctor's now-figures
// are floors that rules may raise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agreementOf, blindReads } from './blind-agreement.js';

test('heldout-41/42 read blind: the labellers agree with each other more than with the headers', () => {
  const reads = blindReads().get('heldout-41-42');
  assert.ok(reads !== undefined);
  const f = agreementOf(reads);
  assert.equal(f.logs, 214);
  assert.deepEqual(f.aWithB, { same: 212, of: 214 });
  assert.deepEqual(f.aWithHeader, { same: 202, of: 214 });
  assert.deepEqual(f.bWithHeader, { same: 204, of: 214 });
  assert.deepEqual(f.firstSightWithHeader, { same: 179, of: 214 });
  assert.deepEqual(f.settledWithHeader, { same: 160, of: 160 });
  assert.deepEqual(f.firstSightOnSettled, { same: 150, of: 160 });
  assert.deepEqual(f.firstSightMissesTextDecided, { same: 30, of: 35 });
  assert.ok(f.nowWithHeader.same >= 185, `doctor now ${f.nowWithHeader.same}/214, at least 185`);
  assert.ok(f.nowOnSettled.same >= 153, `doctor now on the settled ${f.nowOnSettled.same}/160, at least 153`);
});
