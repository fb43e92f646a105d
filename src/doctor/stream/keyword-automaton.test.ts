import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logFactRules, logRules } from '../families/index.js';
import { KeywordIndex, minimalKeywords, minKeywordHeadChars, triggerOf } from '../keyword-index.js';
import { canonicalize, caselessBlocks, KeywordAutomaton } from './keyword-automaton.js';
import { tailTriggerOf } from './keyword-tail.js';

const keywords = [...new KeywordIndex(logRules).keywords, ...new KeywordIndex(logFactRules).keywords];
const trigger = triggerOf(keywords);
// What the automaton may report beyond the trigger: a line holding a keyword's first 12 bytes.
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const prefixes = new RegExp(
  keywords.map((k) => escapeRegExp(Buffer.from(k).subarray(0, 12).toString('latin1'))).join('|'),
  'i',
);
// The same first 12 bytes as text (whole characters), for lines whose cased non-ASCII letters the
// latin1 pattern cannot fold.
const prefixesText = new RegExp(
  keywords
    .map((k) =>
      escapeRegExp(
        Buffer.from(k)
          .subarray(0, 12)
          .toString('utf8')
          .replace(/\ufffd$/, ''),
      ),
    )
    .join('|'),
  'i',
);
// Or a line that ends (before a CR) in a keyword's first minKeywordHeadChars bytes or more.
const heads = new RegExp(
  `(?:${minimalKeywords(keywords)
    .flatMap((k) => {
      const bytes = Buffer.from(k).subarray(0, 12);
      return Array.from({ length: bytes.length - minKeywordHeadChars + 1 }, (_, i) =>
        escapeRegExp(bytes.subarray(0, minKeywordHeadChars + i).toString('latin1')),
      );
    })
    .join('|')})$`,
  'i',
);
// The same heads as text (whole characters), for the same lines.
const headsText = new RegExp(
  `(?:${minimalKeywords(keywords)
    .flatMap((k) => {
      const bytes = Buffer.from(k).subarray(0, 12);
      return Array.from({ length: bytes.length - minKeywordHeadChars + 1 }, (_, i) =>
        bytes.subarray(0, minKeywordHeadChars + i).toString('utf8'),
      )
        .filter((head) => !head.endsWith('\ufffd'))
        .map(escapeRegExp);
    })
    .join('|')})$`,
  'i',
);
const endsInKeywordHead = tailTriggerOf(keywords);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

// Characters that case-fold in surprising ways (long s, Kelvin sign, dotted I, sharp s, micro) and
// the Chinese "killed" keywords, among letters, digits and keyword pieces with their case flipped.
function randomLine(next: () => number): string {
  const odd = ['ſ', 'K', 'İ', 'ı', 'ß', 'µ', 'é', '已', '杀', '死', '殺', '\t', '\r', '\ufffd'];
  let line = '';
  while (line.length < 10 + next() * 80) {
    const roll = next();
    if (roll < 0.15) {
      const keyword = keywords[Math.floor(next() * keywords.length)]!;
      const piece = keyword.slice(0, 1 + Math.floor(next() * keyword.length));
      line += [...piece].map((c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
    } else if (roll < 0.25) line += odd[Math.floor(next() * odd.length)];
    else line += String.fromCharCode(32 + Math.floor(next() * 95));
  }
  return line;
}

// A short line with one whole keyword in random letters: keywords cover most bytes, so one spans
// wherever a lane of the automaton hands over.
function denseLine(next: () => number): string {
  const filler = () =>
    String.fromCharCode(
      ...Array.from({ length: Math.floor(next() * 4) }, () => 48 + Math.floor(next() * 10)),
    );
  return `${filler()}${keywords[Math.floor(next() * keywords.length)]!}${filler()}`;
}

test('the automaton finds every line the trigger finds, and only lines holding a keyword start or ending in one', () => {
  const automaton = new KeywordAutomaton(keywords);
  for (let round = 0; round < 12; round++) {
    const next = random(round + 1);
    // Large enough for four lanes, with lane ends falling at different places each round.
    const lines = Array.from({ length: (round % 2 ? 12_000 : 3000) + round * 37 }, () =>
      (round % 2 ? denseLine : randomLine)(next),
    );
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const ends: number[] = [];
    automaton.collect(bytes, 0, bytes.length, ends);
    // Line number of each reported offset, walking the newlines once.
    const reported = new Set<number>();
    let line = 0;
    let lineEnd = bytes.indexOf(0x0a);
    for (const end of ends) {
      // A keyword ends before `end`; a keyword's first part ends the line whose newline `end` is.
      while (lineEnd < end - (bytes[end] === 0x0a ? 0 : 1)) {
        line += 1;
        lineEnd = bytes.indexOf(0x0a, lineEnd + 1);
      }
      reported.add(line);
    }
    assert.equal(reported.size, ends.length, 'one report per line');
    lines.forEach((line, i) => {
      if (trigger.test(line) || endsInKeywordHead(line.replace(/\r$/, '')))
        assert.ok(reported.has(i), `round ${round}: line ${i} missed: ${line}`);
      // A carriage return keeps the automaton's state: it reads the line as if there were none.
      const withoutCr = line.replace(/\r/g, '');
      const latin1 = Buffer.from(withoutCr).toString('latin1');
      // A cased non-ASCII keyword ("Getötet") differs from its other case in its UTF-8 bytes, which
      // the latin1 patterns cannot fold: a line with non-ASCII letters is right when the trigger finds
      // a keyword's first 12 bytes in it, or it ends in a keyword's first part (both as text).
      const isFoldedByTrigger =
        /[^\x00-\x7f]/.test(line) && (prefixesText.test(withoutCr) || headsText.test(withoutCr));
      if (reported.has(i))
        assert.ok(prefixes.test(latin1) || heads.test(latin1) || isFoldedByTrigger, `line ${i}: ${line}`);
    });
    assert.ok(reported.size > lines.length / 10, 'the lines hold keywords (the test tests something)');
  }
});

test('ASCII letters fold onto ASCII only, as in a case-insensitive RegExp without the u flag', () => {
  const automaton = new KeywordAutomaton(['swap', 'killed', '已杀死']);
  const holds = (line: string) => {
    const ends: number[] = [];
    const bytes = Buffer.from(`${line}\n`);
    automaton.collect(bytes, 0, bytes.length, ends);
    return ends.length > 0;
  };
  assert.ok(holds('no SWAP space'));
  assert.ok(holds('Killed'));
  assert.ok(holds('进程已杀死'));
  assert.ok(!holds('ſwap')); // long s: its upper case is ASCII S, which the RegExp does not take
  assert.ok(!holds('\u212Ailled')); // Kelvin sign
  assert.ok(!holds('kil\nled'));
  assert.ok(holds('process was kill\ned'), 'a line ending in four bytes of a keyword is reported');
  assert.ok(holds('process was kill\r\ned'), 'before a CRLF too');
  assert.equal(/swap/i.test('ſwap'), false);
});

test('a character that a case-insensitive RegExp folds onto another folds onto a cased one', () => {
  // keyword-automaton.ts takes a character without case as its only spelling; this holds it to that.
  for (let code = 128; code < 0x10000; code++) {
    const ch = String.fromCharCode(code);
    const canonical = canonicalize(ch);
    if (canonical !== ch)
      assert.ok(/\p{Cased}/u.test(canonical), `U+${code.toString(16)} folds onto ${canonical}`);
  }
});

test('the blocks the variant table skips hold no character a case-insensitive RegExp folds', () => {
  // keyword-automaton.ts builds its table of case variants without these blocks; none may fold.
  for (const [from, to] of caselessBlocks) {
    for (let code = from; code <= to; code++) {
      const ch = String.fromCharCode(code);
      assert.equal(canonicalize(ch), ch, `U+${code.toString(16)}`);
      for (const other of [ch.toUpperCase(), ch.toLowerCase()])
        assert.ok(other === ch || other.length !== 1, `U+${code.toString(16)} has case`);
    }
  }
});

test('the Cyrillic keyword tail is spelt with every letter a case-insensitive RegExp takes for it', () => {
  // "бито" (shell-killed): т and о have the Cyrillic small-letter variants U+1C84/U+1C85 and U+1C82.
  const automaton = new KeywordAutomaton(['бито']);
  const ends: number[] = [];
  const line = Buffer.from('Процесс уби\u1c85\u1c82\n');
  const spelled = Buffer.from('Процесс убито\n');
  assert.ok(/бито/i.test('уби\u1c85\u1c82'), 'the RegExp takes them');
  automaton.collect(line, 0, line.length, ends);
  assert.equal(ends.length, 1);
  const plain: number[] = [];
  automaton.collect(spelled, 0, spelled.length, plain);
  assert.equal(plain.length, 1);
});
