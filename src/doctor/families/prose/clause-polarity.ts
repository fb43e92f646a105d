// A memory word's clause and whether the clause states it (issue 23, false OOMs by shape): one owner
// for every reading that takes a memory word from a sentence. English scopes a negation, a condition,
// a modal or an expectation over the clause it stands in (Huddleston & Pullum, The Cambridge Grammar of
// the English Language, 2002, ch. 9 §1 "scope of negation", ch. 11 conditional clauses): "PyTorch/XLA
// does not raise an OOM error" (pytorch/xla#9502) says the error did NOT happen, as "was not OOM
// killed" does; the words between the negation and the memory word (a verb and its object's head)
// leave the scope as it is. A clause ends at a mark or a conjunction that opens another one, so "I
// didn't change anything, but CUDA out of memory" still tells the failure.

/**
 * The clause the word after `lead` stands in: from the last comma, semicolon, colon, dash or opening
 * parenthesis, or the last conjunction that opens a clause of its own ("I can't run it because there
 * is not enough memory": the negation belongs to the clause before "because").
 */
export function clauseLeadOf(lead: string): string {
  const sentenceStart = Math.max(lead.lastIndexOf('. '), lead.lastIndexOf('? '), lead.lastIndexOf('! ')) + 1;
  const marks = [',', ';', ':', ' - ', '—', '('].map((mark) => lead.lastIndexOf(mark) + 1);
  const conjunctions = [...lead.matchAll(/\b(?:because|since|as|so|and|but|then|until|after)\s/gi)];
  const lastConjunction = conjunctions.at(-1);
  return lead.slice(
    Math.max(sentenceStart, ...marks, lastConjunction === undefined ? 0 : lastConjunction.index),
  );
}

/**
 * A negation word: "not", "never", "no longer", "without", and the contracted "n't", which ends a word
 * ("didn't", "shouldn't") and so has no word boundary before it: `\bn't` never matches it.
 */
export const negationWord = String.raw`(?:\b(?:not|never|no\s+longer|without)\b|n't\b)`;

// A negation over the clause, with at most a verb, an auxiliary and a determiner between it and the
// word ("does not raise an", "never saw any", "no longer runs into", "without hitting an"): the word is
// the negated verb's object. A quote or a code span between starts the program's own words, and a
// preposition of cause, manner or time between ("does not start due to", "didn't finish with", "are not fully consumed before") makes the word
// the reason the negated thing failed, which the negation does not reach: neither is read as negated.
const negatedClause = new RegExp(
  String.raw`${negationWord}(?:\s+(?!(?:due|because|owing|with|from|by|for|on|of|in|at|before|after|during|until|when|while)\b)[\w-]+){0,4}\s*$`,
  'i',
);
// An expectation or a duty, what should happen rather than what did ("should raise an OOM error",
// "is expected to throw out of memory", "is supposed to fail with"): the runtime's contract, not its report.
const expectedClause =
  /\b(?:should|ought\s+to|(?:is|are|was|were)\s+(?:expected|supposed)\s+to)\b(?:\s+(?!(?:due|because|owing|with|from|by|for|on|of|in|at|before|after|during|until|when|while)\b)[\w-]+){0,4}\s*$/i;

export type ClausePolarity = 'stated' | 'negated' | 'expected';

/** Whether the clause before a memory word states it, denies it or expects it. */
export function clausePolarity(lead: string): ClausePolarity {
  const clause = clauseLeadOf(lead);
  if (negatedClause.test(clause)) return 'negated';
  if (expectedClause.test(clause)) return 'expected';
  return 'stated';
}
