// Re-wraps a log the ways a terminal, a chat box or a script does, for the unwrapping tests: a hard
// cut every `width` characters (`fold -w`, a terminal's copy of a long line), a cut after the last
// blank that fits (`fold -s -w`, GNU coreutils fold.c: the blank stays at the end of the piece), and
// Python's textwrap.fill (Lib/textwrap.py: words never split unless longer than the width, the
// whitespace at each break dropped, tabs expanded, words split after their hyphens). Widths count
// UTF-16 units, as a terminal counts narrow characters.

/** Every line cut into pieces of `width` characters (`fold -w width`). */
export function hardWrap(text: string, width: number): string {
  return mapLines(text, (line) => {
    const pieces: string[] = [];
    for (let at = 0; at < line.length; at += width) pieces.push(line.slice(at, at + width));
    return pieces.length > 0 ? pieces : [''];
  });
}

/** Every line cut after its last blank within `width`, or at `width` where it has none (`fold -s -w width`). */
export function foldSpaces(text: string, width: number): string {
  return mapLines(text, (line) => {
    const pieces: string[] = [];
    let rest = line;
    while (rest.length > width) {
      const blank = Math.max(rest.lastIndexOf(' ', width - 1), rest.lastIndexOf('\t', width - 1));
      const cut = blank >= 0 ? blank + 1 : width;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
    return pieces;
  });
}

// textwrap.TextWrapper.wordsep_re (break_on_hyphens): whitespace, an em-dash, or a word up to its
// end, an em-dash, or a hyphen between letters.
const letter = String.raw`[^\d\W]`;
const wordPunct = String.raw`[\w!"'&.,?]`;
const chunkPattern = new RegExp(
  String.raw`( +|(?<=${wordPunct})-{2,}(?=\w)|[^ ]+?(?:-(?:(?<=${letter}{2}-)|(?<=${letter}-${letter}-))(?=${letter}-?${letter})|(?= |$)|(?<=${wordPunct})(?=-{2,}\w)))`,
  'gu',
);

/** Every line as Python's `textwrap.fill(line, width)` gives it (default options). */
export function textwrapFill(text: string, width: number): string {
  return mapLines(text, (line) => {
    const expanded = expandTabs(line).replace(/[\t\n\v\f\r]/g, ' ');
    const chunks = (expanded.match(chunkPattern) ?? []).filter((c) => c !== '').reverse();
    const lines: string[] = [];
    while (chunks.length > 0) {
      const current: string[] = [];
      let length = 0;
      if (chunks.at(-1)!.trim() === '' && lines.length > 0) chunks.pop();
      while (chunks.length > 0 && length + chunks.at(-1)!.length <= width) {
        const chunk = chunks.pop()!;
        current.push(chunk);
        length += chunk.length;
      }
      if (chunks.length > 0 && chunks.at(-1)!.length > width) {
        // _handle_long_word: split it, after a hyphen that fits where there is one.
        const chunk = chunks.at(-1)!;
        const room = width - length;
        let end = room;
        const hyphen = chunk.lastIndexOf('-', room - 1);
        if (hyphen > 0 && /[^-]/.test(chunk.slice(0, hyphen))) end = hyphen + 1;
        current.push(chunk.slice(0, end));
        chunks[chunks.length - 1] = chunk.slice(end);
      }
      if (current.length > 0 && current.at(-1)!.trim() === '') current.pop();
      if (current.length > 0) lines.push(current.join(''));
    }
    return lines.length > 0 ? lines : [''];
  });
}

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

function mapLines(text: string, wrap: (line: string) => string[]): string {
  return text
    .split('\n')
    .flatMap((line) => wrap(line))
    .join('\n');
}
