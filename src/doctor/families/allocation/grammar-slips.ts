// The allocation-failure grammar's own words with one slip of a typist's hand undone (issue 23 item 4;
// NEVER-SEEN-MISSES-AUDIT.md "Next by count": "Can't create a session.failded to allocate a buffer of size
// 23200850", a reporter's retyping of ONNX Runtime Web's message). A program spells its words one way;
// a reporter who retypes them slips (Damerau 1964: one letter lost, added, replaced or swapped,
// one-slip.ts). Only the grammar's verbs and noun are respelt, only a word that keeps the first letter
// (a lost first letter is the paste's, not the typist's) and is no English word of its own.
import { isOneSlipFrom } from '../one-slip.js';

const grammarWords = ['failed', 'allocate', 'allocation', 'memory'] as const;
// The words' own forms, and English words one slip from one of them ("filed", "foiled", "allocute").
const notASlip =
  /^(?:fail(?:s|ed|ing|ure)?|allocat(?:e|ed|es|ing|ion|ions|or|ors)|memory|filed|foiled|fabled|allocute|memos|memoir)$/i;

/** The word a slip stands for, or undefined where `word` is none of the grammar's slipped. */
function grammarWordOf(word: string): string | undefined {
  if (notASlip.test(word)) return undefined;
  const lower = word.toLowerCase();
  return grammarWords.find((target) => lower[0] === target[0] && isOneSlipFrom(lower, target));
}

// Where a slipped word may stand in the grammar's phrases: a failure verb before "to" and an allocation
// verb ("failded to allocate", "failed to alocate"), the verb before its failure ("alocation failed"),
// the memory run out ("out of memroy"). A cheap shape, so that the rule is tried where one may be.
export const slippedPhraseShape = String.raw`\bfa[a-z]{3,6}\s+to\s+al[a-z]{4,9}\b|\bal[a-z]{5,10}\s+fa[a-z]{3,6}\b|\bout\s+of\s+m[a-z]{4,6}\b`;

/** The line with the grammar's words respelt where a typist slipped on them. */
export function withGrammarSlipsUndone(text: string): string {
  return text.replace(/\b[A-Za-z]{5,11}\b/g, (word) => grammarWordOf(word) ?? word);
}
