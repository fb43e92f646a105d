// A memory word's clause and its polarity (clause-polarity.ts): a negated or expected verb over the
// word in its own clause denies or expects the failure; a negation in another clause, or one whose
// verb takes the word as its reason, leaves the failure told.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import { clauseLeadOf, clausePolarity, negationWord } from './clause-polarity.js';

describe("a memory word's clause", () => {
  test('ends at a mark or a conjunction that opens another clause', () => {
    assert.equal(clauseLeadOf("I didn't change anything, but CUDA "), 'but CUDA ');
    assert.equal(clauseLeadOf("I can't run it because there is "), 'because there is ');
    assert.equal(
      clauseLeadOf('It hangs. PyTorch/XLA does not raise an ').trim(),
      'PyTorch/XLA does not raise an',
    );
  });
});

test("the negation word reads the contracted n't, which has no word boundary before it", () => {
  const negation = new RegExp(negationWord, 'i');
  for (const word of ["didn't", "shouldn't", 'not', 'never', 'no longer', 'without'])
    assert.match(word, negation);
  // Near misses: words that hold the letters but deny nothing.
  for (const word of ['nothing', 'another', 'note', 'notice', 'withoutput'])
    assert.doesNotMatch(word, negation);
});

describe("a clause's polarity", () => {
  test('the word as the object of a negated verb is denied', () => {
    // pytorch/xla#9502: the reporter says the error did NOT happen (the program hung instead).
    assert.equal(clausePolarity('PyTorch/XLA does not raise an '), 'negated');
    assert.equal(clausePolarity("so it shouldn't run "), 'negated');
    assert.equal(clausePolarity('after the fix training no longer hits an '), 'negated');
    assert.equal(clausePolarity('it finished without hitting any '), 'negated');
  });
  test('an expectation is not a report', () => {
    assert.equal(clausePolarity('a tensor this large should raise an '), 'expected');
    assert.equal(clausePolarity('the allocator is supposed to throw an '), 'expected');
  });
  test('a negation in another clause, or over the reason, leaves the failure told', () => {
    assert.equal(clausePolarity("I didn't change anything, but now I get "), 'stated');
    assert.equal(clausePolarity('Training does not start due to '), 'stated');
    assert.equal(clausePolarity("the job didn't finish with "), 'stated');
    assert.equal(clausePolarity('RuntimeError: CUDA error: '), 'stated');
    // unslothai/unsloth#1744 (heldout-44): the negation is over "consumed", the OOM came before it.
    assert.equal(clausePolarity('and RAM (64GB) are not fully consumed before '), 'stated');
    // Too far from the word to be its verb: the object of "change", not of the failure.
    assert.equal(clausePolarity('I did not change the config at all and this run hit an '), 'stated');
  });
});

describe('the generic out-of-memory reading takes the polarity', () => {
  test('a negated report is no memory failure; the program line beside it still is', () => {
    const denied =
      'PyTorch/XLA does not raise an OOM error (e.g. resource exhausted) when trying to run a computation that has to allocate a tensor that is too larget to fit in memory.';
    assert.equal(primary(denied), undefined);
    assert.equal(primary('ds4: ROCm model allocation skipped: out of memory')?.kind, 'gpu_oom');
    assert.equal(primary('torch.OutOfMemoryError: CUDA out of memory.')?.kind, 'gpu_oom');
  });
});

describe("the retold reading takes the polarity, a title's too", () => {
  test('an expected OOM is none; the same verb told as what happened is a device OOM', () => {
    assert.equal(primary('It is supposed to throw OOM when the tensor does not fit'), undefined);
    assert.equal(primary('The run is expected to raise OOM here, it hangs'), undefined);
    assert.equal(primary('The model throws OOM when the batch is 64')?.kind, 'gpu_oom');
    assert.equal(primary('Training OOMs on the second epoch')?.kind, 'gpu_oom');
  });
});

describe("CPython's MemoryError named in a sentence takes the polarity", () => {
  test('expected or denied is none; raised, printed or met is host memory', () => {
    assert.equal(primary('It should throw a MemoryError instead of segfaulting'), undefined);
    assert.equal(primary('numpy does not raise MemoryError here'), undefined);
    assert.equal(primary('I got a MemoryError when loading the dataset')?.kind, 'host_oom');
    assert.equal(primary('OSError: [Errno 12] Cannot allocate memory')?.kind, 'host_oom');
  });
});
