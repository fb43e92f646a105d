// One slip of a typist's hand in a word a rule reads: the reporters of issue 23 retype a program's words
// ("failded to allocate", "out of memroy") and the rules read them only as the program spelt them.
// The four slips of Damerau 1964 ("A technique for computer detection and correction of spelling errors",
// CACM 7(3): 80% of misspellings are one letter lost, added, replaced, or two neighbours swapped).
// One judge of "one slip from", for every reading that allows for one (prose/reporter-account.ts,
// allocation/grammar-slips.ts).

/** Optimal string alignment distance of at most one between `word` and `target` (lower case both). */
export function isOneSlipFrom(word: string, target: string): boolean {
  const w = word.toLowerCase();
  if (w === target) return true;
  if (Math.abs(w.length - target.length) > 1) return false;
  let i = 0;
  while (i < w.length && i < target.length && w[i] === target[i]) i++;
  const rest = (a: number, b: number) => w.slice(a) === target.slice(b);
  return (
    rest(i + 1, i + 1) || // replaced
    rest(i + 1, i) || // added
    rest(i, i + 1) || // lost
    (w[i] === target[i + 1] && w[i + 1] === target[i] && rest(i + 2, i + 2)) // swapped
  );
}
