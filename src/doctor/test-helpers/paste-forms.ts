// The paste forms users bring a log in (issue 23: "ordinary paste habits"), as pure, seeded rewrites
// of a log's text, for the robustness harness (scripts/paste-robustness.ts) and its pinned sample
// (paste-forms.test.ts). Each form is what a real channel does to the program's lines:
// - GitHub's quote reply ("> " before every line, CommonMark 0.31 §5.1), a fenced block (§4.5) and
//   inline code around each line (§6.1, how chat users paste line by line);
// - GitHub Actions' RFC 3339 stamp, a chat's "[10:42 AM]" stamp, torchrun's "[rank3]:" tee prefix
//   (torch.distributed.elastic --tee / --log-line-prefix-template), two ranks' copies interleaved;
// - an HTML-escaped export (&lt; &gt; &amp; &quot; &#39;), Windows' CRLF, an SGR colour around each line
//   (ECMA-48), a terminal's hard wrap (`fold -w 80` / `120`) and Python's textwrap.fill at 80;
// - truncation: the head or the tail cut off, keeping the lines doctor's verdict rested on;
// - the user's own sentences before and after the log (no memory words in them).
import { hardWrap, textwrapFill } from './wrap.js';

/** A deterministic random source in [0, 1) (mulberry32), so a sample and its forms are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a form gets: the log, the line (1-based) doctor's verdict rested on where it had one, a random source. */
export interface PasteInput {
  text: string;
  evidenceLine?: number;
  random: () => number;
}

/** One paste form: its name, the rewrite, and whether it is a mark only a program's output carries. */
export interface PasteForm {
  name: string;
  apply: (input: PasteInput) => string;
  /**
   * A mark a program, a launcher or a CI runner writes before each line (a stamp, a rank): it is tried
   * on logs with program output only, never on a title or the reporter's own sentences (isProgramOutput).
   */
  isProgramMark?: boolean;
}

/** Whether a log holds a program's output, by its header's paste line (test/corpus/CORPUS-FORMAT.md). */
export function isProgramOutput(paste: string): boolean {
  return !/title-only|only the reporter|^\s*prose\b/i.test(paste);
}

/**
 * What a log's header says it holds, for reporting figures apart: the reporter's own words only (prose,
 * a title), a program's output cut at an edge ("truncated"), or a program's output as printed.
 */
export type PasteGroup = 'prose' | 'cut' | 'output';
export const pasteGroups: readonly PasteGroup[] = ['output', 'cut', 'prose'];

export function pasteGroupOf(paste: string): PasteGroup {
  if (!isProgramOutput(paste)) return 'prose';
  return /truncated/i.test(paste) ? 'cut' : 'output';
}

const eachLine = (text: string, f: (line: string) => string): string => text.split('\n').map(f).join('\n');
const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

// The marks a writer puts around a line already copied: quote markers, a whole line's emphasis, the
// inline code's opening backtick. A runner's or launcher's mark goes inside them (it was on the line
// when the user copied it); a fence line is the writer's and gets none.
const writerMarks = /^((?:[ \t]{0,3}>[ \t]?)*(?:\*\*|__|`(?!``))?)/;
const isFenceLine = (line: string): boolean => /^\s*(?:>\s?)*(?:`{3,}|~{3,})/.test(line);

/** `mark` before each line of the program's, inside the writer's own marks. */
function markEachLine(text: string, mark: (index: number) => string): string {
  return text
    .split('\n')
    .map((line, i) => {
      if (isFenceLine(line)) return line;
      const marks = writerMarks.exec(line)![1]!;
      return `${marks}${mark(i)}${line.slice(marks.length)}`;
    })
    .join('\n');
}

// Users' sentences around a pasted log, from issue templates and chat; none names memory or a device.
const openings = [
  'Hi, when I run the script I get the following error:',
  'I am trying to run the example from the README and it fails with:',
  'Same problem here. My log:',
  'Describe the bug\nThe run stops with this output:',
  'Here is the full output:',
  '运行的时候报错如下：',
];
const closings = [
  'Any idea how to fix this? Thanks!',
  'Environment: Ubuntu 22.04, Python 3.10.',
  'Is there a workaround?',
  'Thanks in advance.',
  '请问怎么解决？',
];

function interleaveRanks(text: string, random: () => number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  const next = [0, 0];
  while (next[0]! < lines.length || next[1]! < lines.length) {
    const rank = next[0]! >= lines.length ? 1 : next[1]! >= lines.length ? 0 : random() < 0.5 ? 0 : 1;
    // A rank writes a few lines at a time between the other's.
    const run = 1 + Math.floor(random() * 3);
    for (let k = 0; k < run && next[rank]! < lines.length; k++) {
      out.push(markEachLine(lines[next[rank]!]!, () => `[rank${rank}]: `));
      next[rank]! += 1;
    }
  }
  return out.join('\n');
}

// The lines kept by a cut: from a few lines before the verdict's line (head) or up to a few after it
// (tail); a log without one loses its first or last third.
function cutHead({ text, evidenceLine }: PasteInput): string {
  const lines = text.split('\n');
  const from = evidenceLine === undefined ? Math.floor(lines.length / 3) : Math.max(0, evidenceLine - 1 - 3);
  return lines.slice(from).join('\n');
}
function cutTail({ text, evidenceLine }: PasteInput): string {
  const lines = text.split('\n');
  const to = evidenceLine === undefined ? Math.ceil((lines.length * 2) / 3) : evidenceLine + 3;
  return lines.slice(0, Math.max(1, to)).join('\n');
}

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
const quote = (text: string, marker = '> '): string =>
  eachLine(text, (l) => (l === '' ? marker.trimEnd() : `${marker}${l}`));

/** Every paste form the harness applies, in report order. */
export const pasteForms: readonly PasteForm[] = [
  // Writers' marks (CommonMark 0.31 §5.1 block quotes, §4.5 fences, §4.4 indented code, §6.1 code spans;
  // GitHub's <details> block).
  { name: 'quote', apply: ({ text }) => quote(text) },
  { name: 'quote-nested', apply: ({ text }) => quote(text, '> > ') },
  {
    name: 'fence',
    apply: ({ text, random }) => {
      const fence = pick(['```', '```python', '```shell', '```log', '~~~'], random);
      return `${fence}\n${text}\n${fence.startsWith('~') ? '~~~' : '```'}`;
    },
  },
  {
    name: 'details',
    apply: ({ text }) => `<details><summary>Full log</summary>\n\n\`\`\`\n${text}\n\`\`\`\n</details>`,
  },
  { name: 'indented', apply: ({ text }) => eachLine(text, (l) => (l === '' ? l : `    ${l}`)) },
  { name: 'backticks', apply: ({ text }) => eachLine(text, (l) => (l.trim() === '' ? l : `\`${l}\``)) },
  // Runners' and launchers' marks before each line (GitHub Actions' RFC 3339 stamp, a logger's clock,
  // torchrun --tee's "[rankN]:", srun --label's "N: ", Open MPI --tag-output's "[1,N]<stderr>:", Ray's
  // worker prefix, pdsh's "host: " as DeepSpeed's multi-node launcher writes it).
  {
    name: 'ci-timestamp',
    isProgramMark: true,
    apply: ({ text }) => markEachLine(text, () => '2024-05-01T12:34:56.1234567Z '),
  },
  { name: 'clock-stamp', isProgramMark: true, apply: ({ text }) => markEachLine(text, () => '[10:42:07] ') },
  { name: 'rank-prefix', isProgramMark: true, apply: ({ text }) => markEachLine(text, () => '[rank3]: ') },
  { name: 'srun-label', isProgramMark: true, apply: ({ text }) => markEachLine(text, () => '3: ') },
  { name: 'mpi-tag', isProgramMark: true, apply: ({ text }) => markEachLine(text, () => '[1,3]<stderr>:') },
  {
    name: 'ray-prefix',
    isProgramMark: true,
    apply: ({ text }) => markEachLine(text, () => '(RayTrainWorker pid=12345) '),
  },
  { name: 'pdsh-host', isProgramMark: true, apply: ({ text }) => markEachLine(text, () => 'worker-1: ') },
  {
    name: 'ranks-interleaved',
    isProgramMark: true,
    apply: ({ text, random }) => interleaveRanks(text, random),
  },
  // Channels' rewrites of the characters.
  { name: 'html-escaped', apply: ({ text }) => escapeHtml(text) },
  { name: 'crlf', apply: ({ text }) => text.split('\n').join('\r\n') },
  { name: 'ansi', apply: ({ text }) => eachLine(text, (l) => (l === '' ? l : `\u001b[31m${l}\u001b[0m`)) },
  // A colour code whose ESC a web view or a copy dropped ("[31mERROR[0m", docker build's "[0m[91m").
  { name: 'ansi-bare', apply: ({ text }) => eachLine(text, (l) => (l === '' ? l : `[0m[91m${l}[0m`)) },
  // Smart quotes a chat app or an editor typed over the program's straight ones.
  {
    name: 'smart-quotes',
    apply: ({ text }) =>
      text
        .replace(/"([^"\n]*)"/g, '\u201c$1\u201d')
        .replace(/(\w)'(\w)/g, '$1\u2019$2')
        .replace(/'([^'\n]*)'/g, '\u2018$1\u2019'),
  },
  // Wraps (`fold -w`, textwrap.fill), and a wrapped log quoted in a reply or stamped by a CI runner
  // after a program (rich's console) wrapped it.
  { name: 'hard-80', apply: ({ text }) => hardWrap(text, 80) },
  { name: 'hard-120', apply: ({ text }) => hardWrap(text, 120) },
  { name: 'textwrap-80', apply: ({ text }) => textwrapFill(text, 80) },
  { name: 'quote-wrapped', apply: ({ text }) => quote(textwrapFill(text, 78)) },
  {
    name: 'ci-timestamp-wrapped',
    isProgramMark: true,
    apply: ({ text }) => markEachLine(hardWrap(text, 120), () => '2024-05-01T12:34:56.1234567Z '),
  },
  { name: 'head-cut', apply: cutHead },
  { name: 'tail-cut', apply: cutTail },
  {
    name: 'prose',
    apply: ({ text, random }) => `${pick(openings, random)}\n\n${text}\n\n${pick(closings, random)}`,
  },
];
