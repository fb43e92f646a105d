// Words for a bash script: left bare when they are plainly safe (readable), else single-quoted.

const safeWord = /^[\w@%+=:,./-]+$/;

/** One word as bash reads it back exactly. */
export function shellWord(word: string): string {
  if (safeWord.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Several words, space-separated. */
export function shellWords(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
