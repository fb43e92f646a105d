// `scontrol -o show ...` prints one record per line as `Key=Value` pairs separated by spaces, where a
// value may hold spaces itself (`OS=Linux 6.1.0 #1 SMP`): a key is a word that starts after a space
// and ends at `=`.

const keyPattern = /(?:^|\s)([A-Za-z][A-Za-z0-9_]*)=/g;

/** The `Key=Value` pairs of one line, values trimmed. */
export function parseKeyValues(line: string): Map<string, string> {
  const matches = [...line.matchAll(keyPattern)];
  const pairs = new Map<string, string>();
  matches.forEach((match, i) => {
    const key = match[1] ?? '';
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[i + 1]?.index ?? line.length;
    if (!pairs.has(key)) pairs.set(key, line.slice(start, end).trim());
  });
  return pairs;
}
