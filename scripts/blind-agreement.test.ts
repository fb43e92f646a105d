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
  // Session 28's kill token, need-against-have shape and reporter's account: 185 -> 193, 153 -> 158.
  assert.ok(f.nowWithHeader.same >= 193, `doctor now ${f.nowWithHeader.same}/214, at least 193`);
  assert.ok(f.nowOnSettled.same >= 158, `doctor now on the settled ${f.nowOnSettled.same}/160, at least 158`);
});

test('heldout-43 read blind while it was held out: the text decides 96-98.5% of its headers', () => {
  const reads = blindReads().get('heldout-43');
  assert.ok(reads !== undefined);
  const f = agreementOf(reads);
  assert.equal(f.logs, 133);
  assert.deepEqual(f.aWithB, { same: 130, of: 133 });
  assert.deepEqual(f.aWithHeader, { same: 131, of: 133 });
  assert.deepEqual(f.bWithHeader, { same: 128, of: 133 });
  assert.deepEqual(f.firstSightWithHeader, { same: 117, of: 133 });
  assert.deepEqual(f.settledWithHeader, { same: 106, of: 106 });
  assert.deepEqual(f.firstSightOnSettled, { same: 97, of: 106 });
  assert.deepEqual(f.firstSightMissesTextDecided, { same: 15, of: 16 });
  // Measured once after the session's rules (d3a4e010): 119/133, 99/106 on the settled.
  assert.ok(f.nowWithHeader.same >= 119, `doctor now ${f.nowWithHeader.same}/133, at least 119`);
  assert.ok(f.nowOnSettled.same >= 99, `doctor now on the settled ${f.nowOnSettled.same}/106, at least 99`);
});

test('heldout-44 read blind while it was held out: both labellers with the headers on all 13', () => {
  const reads = blindReads().get('heldout-44');
  assert.ok(reads !== undefined);
  const f = agreementOf(reads);
  assert.equal(f.logs, 13);
  assert.deepEqual(f.aWithB, { same: 13, of: 13 });
  assert.deepEqual(f.aWithHeader, { same: 13, of: 13 });
  assert.deepEqual(f.bWithHeader, { same: 13, of: 13 });
  assert.deepEqual(f.firstSightWithHeader, { same: 11, of: 13 });
  assert.ok(f.nowWithHeader.same >= 11, `doctor now ${f.nowWithHeader.same}/13, at least 11`);
});
