// The blind labels (scripts/blind-agreement.ts): what a reader of the posted text alone makes of each set,
// beside the headers and doctor. The labellers' figures are fixed data; doctor's now-figures are floors that
// rules may raise. The sets are read (and doctor run on them) once for all three tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agreementOf, blindReads } from './blind-agreement.js';

type Agreement = ReturnType<typeof agreementOf>;
type Count = { same: number; of: number };
const sets = blindReads();

/** The set's fixed figures equal `fixed`; doctor now reads at least `floors` of it. */
function pinned(
  set: string,
  logs: number,
  fixed: Partial<Record<keyof Agreement, Count>>,
  floors: Partial<Record<'nowWithHeader' | 'nowOnSettled', number>>,
): void {
  const reads = sets.get(set);
  assert.ok(reads !== undefined, `no blind labels for ${set}`);
  const f = agreementOf(reads);
  assert.equal(f.logs, logs);
  for (const [name, count] of Object.entries(fixed))
    assert.deepEqual(f[name as keyof Agreement], count, name);
  for (const [name, floor] of Object.entries(floors)) {
    const now = f[name as 'nowWithHeader' | 'nowOnSettled'];
    assert.ok(now.same >= floor, `${name} ${now.same}/${now.of}, at least ${floor}`);
  }
}

test('heldout-41/42 read blind: the labellers agree with each other more than with the headers', () => {
  // Session 28's kill token, need-against-have shape and reporter's account: 185 -> 193, 153 -> 158.
  pinned(
    'heldout-41-42',
    214,
    {
      aWithB: { same: 212, of: 214 },
      aWithHeader: { same: 202, of: 214 },
      bWithHeader: { same: 204, of: 214 },
      firstSightWithHeader: { same: 179, of: 214 },
      settledWithHeader: { same: 160, of: 160 },
      firstSightOnSettled: { same: 150, of: 160 },
      firstSightMissesTextDecided: { same: 30, of: 35 },
    },
    { nowWithHeader: 193, nowOnSettled: 158 },
  );
});

test('heldout-43 read blind while it was held out: the text decides 96-98.5% of its headers', () => {
  // Measured once after the session's rules (d3a4e010): 119/133, 99/106 on the settled.
  pinned(
    'heldout-43',
    133,
    {
      aWithB: { same: 130, of: 133 },
      aWithHeader: { same: 131, of: 133 },
      bWithHeader: { same: 128, of: 133 },
      firstSightWithHeader: { same: 117, of: 133 },
      settledWithHeader: { same: 106, of: 106 },
      firstSightOnSettled: { same: 97, of: 106 },
      firstSightMissesTextDecided: { same: 15, of: 16 },
    },
    { nowWithHeader: 119, nowOnSettled: 99 },
  );
});

test('heldout-44 read blind while it was held out: both labellers with the headers on all 13', () => {
  pinned(
    'heldout-44',
    13,
    {
      aWithB: { same: 13, of: 13 },
      aWithHeader: { same: 13, of: 13 },
      bWithHeader: { same: 13, of: 13 },
      firstSightWithHeader: { same: 11, of: 13 },
    },
    { nowWithHeader: 11 },
  );
});

test('heldout-45 read blind while it was held out: the text decides 95.7-97.4% of its headers', () => {
  // Measured at session 29's start (2862d09d) and after its round (056afdc5): 96/117 at both, 76/81 on the settled.
  pinned(
    'heldout-45',
    117,
    {
      aWithB: { same: 114, of: 117 },
      aWithHeader: { same: 112, of: 117 },
      bWithHeader: { same: 114, of: 117 },
      firstSightWithHeader: { same: 96, of: 117 },
      settledWithHeader: { same: 80, of: 81 },
      firstSightOnSettled: { same: 76, of: 81 },
      firstSightMissesTextDecided: { same: 16, of: 21 },
    },
    { nowWithHeader: 96, nowOnSettled: 76 },
  );
});

test('heldout-48 read blind while it was held out: the text decides 93.4-95.1% of its headers', () => {
  // Measured at session 30's start (38c36e44) and after its round (5b54e589): 54/61 at both. The labellers' 4 and
  // 3 differences from the headers are bare bus errors (headers shm by settled rule 7's practice; read as none
  // with no shared-memory evidence beside them, marked unsure).
  pinned(
    'heldout-48',
    61,
    {
      aWithB: { same: 60, of: 61 },
      aWithHeader: { same: 57, of: 61 },
      bWithHeader: { same: 58, of: 61 },
      firstSightWithHeader: { same: 54, of: 61 },
      settledWithHeader: { same: 48, of: 48 },
      firstSightOnSettled: { same: 44, of: 48 },
      firstSightMissesTextDecided: { same: 6, of: 7 },
    },
    { nowWithHeader: 54, nowOnSettled: 44 },
  );
});

test('heldout-49 read blind while it was held out: the text decides 95.2-96.8% of its headers', () => {
  // RL/simulation, engines, non-NVIDIA backends, killers other than the kernel. Measured at session 30's start
  // (38c36e44) and after its round (5b54e589): 49/62 at both; 11 of doctor's 13 misses both labellers read as the
  // headers do.
  pinned(
    'heldout-49',
    62,
    {
      aWithB: { same: 61, of: 62 },
      aWithHeader: { same: 60, of: 62 },
      bWithHeader: { same: 59, of: 62 },
      firstSightWithHeader: { same: 49, of: 62 },
      settledWithHeader: { same: 42, of: 42 },
      firstSightOnSettled: { same: 39, of: 42 },
      firstSightMissesTextDecided: { same: 11, of: 13 },
    },
    { nowWithHeader: 49, nowOnSettled: 39 },
  );
});
