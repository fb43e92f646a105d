// Lines that a terminal, a chat box or a wrapping script cut out of one long line, and how to put
// them back. Pure: the classifier hands it the recent lines (its context ring and the lines it holds),
// oldest first. What a wrap leaves behind:
// - a hard wrap (a terminal's copy, `fold -w W`) cuts every W characters: the pieces are exactly W
//   long, the last one shorter, and no line is longer than W. The cut falls anywhere, inside a word
//   or a number, so the pieces join without a separator.
// - a word wrap (`fold -s -w W`, Python's textwrap.fill, a chat box) cuts at the last blank that
//   fits: a piece is as long as it could be, the next word would not have fit after it. fold -s
//   keeps the blank at the end of the piece, textwrap drops it (and then the pieces join with a space),
//   a word longer than W is cut where it reaches W, and textwrap also cuts after a hyphen inside a word.
// One line W long says little (W is simply the longest line around); two of them in the window, or
// two pieces each as full as a word wrap makes them, show the width. A single cut joins only where
// the next line goes on inside a sentence, a number or a keyword. Lines that begin a record of
// their own (a timestamp, a traceback, a table row, the start of the line they would continue) are
// never a continuation: structured logs and tables have many lines of one length (the corpus's NCCL
// INFO lines, nvidia-smi tables, PyTorch's memory summary), and they must stay apart.

import { lineMarksOf } from './paste.js';

/**
 * A window whose widest line is shorter than this is not wrapped: terminals are 60 columns or more,
 * and a word wrap's widest piece may fall short of its width by a word.
 */
export const minWrapChars = 50;
/** The shortest piece before a long word that did not fit after it. */
export const minPieceChars = 20;
/** A line longer than this is not a piece either: no terminal is that wide (a cut long line is not wrapped). */
export const maxWrapChars = 1000;

// Beginnings of a line of its own: a traceback or its frames, a date, a log level ("E1214 "), a
// bracketed prefix (a kernel timestamp, "[rank0]:", "[E ProcessGroupNCCL"), a table's border or row,
// an exception's name ("RuntimeError:", "torch.OutOfMemoryError"). Each is narrow enough that a hard
// cut rarely lands on one ("eExhaustedError", "[64,372,32,32] and type" are cut pieces).
// Also a compiler's or a runtime's message that opens with its source location, "file.ext:LINE:COL: "
// (GNU Coding Standards §4.4 "Formatting Error Messages"; GCC, Clang, GHC's `error` and Go's panics
// print so), which a hard cut landing on a path and a line number would not make.
const recordStart =
  /^\s*(?:Traceback|File "|During handling|The above exception|\d{4}-\d\d-\d\d|[IWEF]\d{4} |\[(?:\s*\d+\.\d+\]|[A-Za-z]\w*[\]\s]|\d{4}-)|[|+][-=\s]|(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)\b|(?:\.{0,2}\/)?[\w./-]+\.[A-Za-z]\w{0,4}:\d+(?::\d+)?:\s)/;
const sameStartChars = 5;

/**
 * How many characters at the start of `line` and of `next` are one channel's mark on both (a quote
 * reply's "> ", a CI stamp, a launcher's "[rank3]: ": paste.ts lineMarksOf): a line wrapped before the
 * channel marked it carries the mark on every piece, and the pieces are judged and joined without it.
 */
export function sharedMarkLength(line: string, next: string): number {
  const marks = lineMarksOf(line);
  if (marks.length === 0) return 0;
  const nextMarks = lineMarksOf(next);
  // The marks both carry, outermost first ("> " on both, "(raylet) " on the first piece only).
  let end = 0;
  for (let i = 0; i < marks.length && i < nextMarks.length; i++) {
    if (marks[i]!.shape !== nextMarks[i]!.shape) break;
    end = marks[i]!.end;
  }
  return end;
}
const midSentenceEnd = /[\w\s,:=(/-]$/;
const midSentenceStart = /^(?: ?[a-z0-9]|[:;,)]|-[a-z]|[A-Z][,;:)])/;
const endsInBlank = /\s$/;
const startsWithBlank = /^\s/;
const firstToken = /^\S*/;
const lastToken = /\S*$/;
// textwrap breaks "oom-prevention" after the hyphen, between letters (Lib/textwrap.py wordsep_re).
const hyphenBreak = /[A-Za-z]-$/;
const startsWithLetter = /^[A-Za-z]/;

/** Whether a line is as long as a wrapped piece is, short of the width when a long word followed. */
export function isWrapLength(line: string, minChars = minWrapChars): boolean {
  return line.length >= minChars && line.length <= maxWrapChars;
}

/** The longest of `lines` (a wrapped window's width). */
export function widthOf(lines: readonly string[]): number {
  let width = 0;
  for (const line of lines) if (line.length > width) width = line.length;
  return width;
}

/**
 * How `next` may continue `line` when the longest line around is `widthChars` long: `hard` when the
 * line fills the width, `word` when the next word would not have fit after it, else undefined.
 * `first` is the first piece of the line `line` belongs to: a piece that begins like it begins a
 * record of the same kind ("(pid=4224) 2021-01-25 ..." after "(pid=4241) 2021-01-25 ...").
 */
export function cutBetween(
  line: string,
  next: string,
  widthChars: number,
  first = line,
): 'hard' | 'word' | undefined {
  const mark = sharedMarkLength(line, next);
  if (mark > 0)
    return cutBetween(
      line.slice(mark),
      next.slice(mark),
      widthChars - mark,
      first.slice(sharedMarkLength(first, next)),
    );
  if (widthChars < minWrapChars || widthChars > maxWrapChars || line.length > maxWrapChars) return undefined;
  if (next.length > widthChars || recordStart.test(next)) return undefined;
  if (isSameStart(line, next) || isSameStart(first, next)) return undefined;
  // A hard wrap of a terminal's padding (kernel logs, corpus host_oom_killed-01) leaves whole pieces of blanks.
  if (line.length === widthChars)
    return next.trim() !== '' || next.length === widthChars ? 'hard' : undefined;
  if (next.trim() === '') return undefined;
  // A word wrap never begins a piece with a blank (textwrap drops it, fold -s leaves it behind).
  if (startsWithBlank.test(next)) return undefined;
  const gap = endsInBlank.test(line) ? 0 : 1;
  const word = firstToken.exec(next)![0].length;
  // A short piece is a wrapper breaking before a word too long for the rest of the line; a very
  // short line ("Killed", "MemoryError") is a line of its own, unless fold -s left its blank at the
  // end before a word that fills the next line alone ('  File ' and a long path).
  if (line.length < minPieceChars && !(gap === 0 && word === widthChars && line.trim() !== ''))
    return undefined;
  // textwrap drops the blank and breaks when the blank and the word do not fit; fold -s keeps the
  // blank and breaks when the word and the blank after it do not.
  return line.length + 1 + word > widthChars ? 'word' : undefined;
}

// Lines of one kind in a row (a structured log: "(pid=4241) 2021-01-25", "ins-7df6eojsifuykig9:301")
// begin alike, with a digit or a sign in what they share; a cut lands anywhere, and two pieces of
// prose that begin with one word ("total capacity", "total by") are not alike.
function isSameStart(line: string, next: string): boolean {
  let shared = 0;
  while (shared < sameStartChars && shared < line.length && line[shared] === next[shared]) shared += 1;
  return shared >= sameStartChars && /[^A-Za-z ]/.test(line.slice(0, shared));
}

/** Whether `next` continues `line` across a hard wrap that cut inside a word (no blank at the cut). */
export function isHardCut(line: string, next: string, widthChars: number): boolean {
  return (
    cutBetween(line, next, widthChars) === 'hard' && !endsInBlank.test(line) && !startsWithBlank.test(next)
  );
}

/** How two lines join: the separator, and another one the rules may also try (a hard wrap or textwrap's). */
export interface Join {
  separator: string;
  otherSeparator?: string;
}

/**
 * For each pair (lines[i], lines[i + 1]) with i >= from: how lines[i + 1] continues lines[i], or
 * undefined where it is a line of its own. The lines before `from` are evidence only; `splitsKeyword`
 * says whether a keyword spans two lines (the classifier's keywords).
 */
export function joinsOf(
  lines: readonly string[],
  from: number,
  splitsKeyword: (line: string, next: string) => boolean = () => false,
): (Join | undefined)[] {
  const widthChars = widthOf(lines);
  const cuts: ('hard' | 'word' | undefined)[] = [];
  let first = lines[0]!;
  for (let i = 0; i + 1 < lines.length; i++) {
    const cut = cutBetween(lines[i]!, lines[i + 1]!, widthChars, first);
    cuts.push(cut);
    if (cut === undefined) first = lines[i + 1]!;
  }
  // Each pair as judged and joined: without a channel's mark that both lines carry.
  const pairOf = (i: number): [string, string, number] => {
    const mark = sharedMarkLength(lines[i]!, lines[i + 1]!);
    return [lines[i]!.slice(mark), lines[i + 1]!.slice(mark), mark];
  };
  const count = (test: (cut: 'hard' | 'word' | undefined, i: number) => boolean) =>
    cuts.filter((cut, i) => test(cut, i)).length;
  const fullLines = lines.filter((line) => line.length === widthChars).length;
  // One cut, one line as long as the widest: the widest line of a log that was never wrapped, unless
  // the next goes on inside a sentence or a number (a lower-case word, a digit), or a keyword spans the cut.
  const isEvident = count((cut) => cut !== undefined) >= 2 || (fullLines >= 2 && cuts.includes('hard'));
  const goesOn = (i: number) => {
    const [line, next] = pairOf(i);
    return goesOnAt(line, next) || splitsKeyword(line, next);
  };
  if (!isEvident && !cuts.some((cut, i) => cut === 'hard' && i >= from && goesOn(i))) {
    return cuts.slice(from).map(() => undefined);
  }
  // A hard cut between two words (no blank at it) may be textwrap's piece that ended at the width
  // by chance: which it is, the other cuts around say. A piece that ends inside a word or begins
  // with a blank is a hard wrap's; a piece shorter than the width that ends without a blank is textwrap's.
  const isBare = (i: number) => {
    const [line, next] = pairOf(i);
    return !endsInBlank.test(line) && !startsWithBlank.test(next);
  };
  const hardBare = count((cut, i) => cut === 'hard' && isBare(i));
  const wordBare = count((cut, i) => cut === 'word' && isBare(i));
  const hardOnly = count((cut, i) => {
    const [line, next] = pairOf(i);
    return cut === 'hard' && (startsWithBlank.test(next) || isInNumber(line, next));
  });
  const isHard = hardOnly > 0 && wordBare <= hardBare;
  // A bare cut short of the width is textwrap's alone, a bare cut at the width either's.
  const isTextwrap = hardOnly === 0 && wordBare > 0 && wordBare >= hardBare;
  return cuts.slice(from).map((cut, k) => {
    if (cut === undefined) return undefined;
    const [line, next, mark] = pairOf(from + k);
    if (!isBare(from + k)) return { separator: '' };
    if (hyphenBreak.test(line) && startsWithLetter.test(next)) return { separator: '' };
    // Only a word longer than the width is cut inside (textwrap's long words, fold -s without a blank).
    if (lastToken.exec(line)![0].length + firstToken.exec(next)![0].length > widthChars - mark)
      return { separator: '' };
    if (cut === 'word') return { separator: ' ' };
    if (isHard) return { separator: '' };
    return isTextwrap ? { separator: ' ', otherSeparator: '' } : { separator: '', otherSeparator: ' ' };
  });
}

/**
 * Whether a sentence or a number goes on across the cut between `line` and `next`: a cut at a blank
 * with a lower-case word after it ("... is killed" / " by SIGKILL ..."), or beside a decimal point.
 * Neither piece is then a line of its own. (Letters glued at a cut, "Killed" / "killed", say nothing:
 * a line that ends in a word and a line that begins with one.)
 */
export function goesOnAcross(line: string, next: string): boolean {
  const mark = sharedMarkLength(line, next);
  const [a, b] = [line.slice(mark), next.slice(mark)];
  return ((endsInBlank.test(a) || startsWithBlank.test(b)) && goesOnAt(a, b)) || isInNumber(a, b);
}

// A cut inside a sentence: a word, a blank or a comma before, a lower-case word or a digit after.
function goesOnAt(line: string, next: string): boolean {
  return (midSentenceEnd.test(line) && midSentenceStart.test(next)) || isInNumber(line, next);
}

// A cut beside the decimal point of a number ("24." / "89", "2" / ".56"): no word wrap cuts there.
function isInNumber(line: string, next: string): boolean {
  return (/\d\.$/.test(line) && /^\d/.test(next)) || (/\d$/.test(line) && /^\.\d/.test(next));
}
