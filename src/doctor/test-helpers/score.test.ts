// The split of the causes not right (score.ts figuresOf): undecided with or without the truth
// listed, named with or without it, and not diagnosed; with the right ones they add up to the judged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figuresOf, type Outcome } from './score.js';

const outcome = (cause: string, expectedCause: string, alternatives: string[] = []): Outcome => ({
  file: 'f.txt',
  part: 'logs',
  expectedKind: 'gpu_oom',
  kind: cause === '-' ? 'none' : 'gpu_oom',
  isKindRight: cause !== '-',
  isFalseOom: false,
  expectedCause,
  cause,
  isCauseRight: cause === expectedCause,
  isCauseAmongAlternatives: cause === expectedCause || alternatives.includes(expectedCause),
  alternatives,
  wrongFixes: [],
  missedFacts: [],
  factCount: 0,
});

test('every judged cause lands in exactly one class', () => {
  const f = figuresOf([
    outcome('batch_too_large', 'batch_too_large'),
    outcome('unknown', 'co_tenant', ['co_tenant', 'batch_too_large']),
    outcome('unknown', 'model_state', ['co_tenant']),
    outcome('batch_too_large', 'model_state', ['model_state']),
    outcome('batch_too_large', 'device_too_small', ['co_tenant']),
    outcome('-', 'host_ram'),
  ]);
  assert.deepEqual(
    [
      f.causesRight,
      f.causesUndecidedTruthListed,
      f.causesUndecidedTruthUnlisted,
      f.causesWrongTruthListed,
      f.causesWrongTruthUnlisted,
      f.causesNotDiagnosed,
    ],
    [1, 1, 1, 1, 1, 1],
  );
  assert.equal(f.causesJudged, 6);
});

test('decided and open split the judged causes by what doctor claimed, beside the strict figure', () => {
  const f = figuresOf([
    outcome('batch_too_large', 'batch_too_large'),
    outcome('co_tenant', 'batch_too_large'),
    outcome('batch_too_large', 'model_state', ['model_state']),
    outcome('batch_too_large', 'device_too_small', ['model_state']),
    outcome('unknown', 'host_ram', ['host_ram', 'memory_limit']),
    outcome('unknown', 'host_ram'),
    outcome('-', 'host_ram'),
  ]);
  assert.deepEqual(
    [f.causesDecided, f.causesDecidedRight, f.causesOpen, f.causesOpenTruthOffered, f.causesNotDiagnosed],
    [2, 1, 4, 2, 1],
  );
  assert.equal(f.causesDecided + f.causesOpen + f.causesNotDiagnosed, f.causesJudged);
  assert.equal(f.causesRight, 1);
});
