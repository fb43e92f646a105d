// The byte path (keyword automaton, lines skipped undecoded) must say exactly what the line path
// says: every corpus log through diagnoseText, through LineSplitter line by line, and through
// ByteClassifier whole and in random chunk sizes, compared deeply; then made-up logs that stress
// what the byte path does differently (long lines, CRLF, broken UTF-8, hits far apart, retired
// keywords, a log without a final newline).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LogClassifier } from '../classify.js';
import { diagnoseClassified } from '../diagnose.js';
import { diagnoseText } from '../diagnose-text.js';
import { corpusDir, readCorpus } from '../test-helpers/corpus.js';
import { seededRandom as random } from '../test-helpers/paste-forms.js';
import { readPart, testCorpusParts } from '../test-helpers/test-corpus.js';
import { hardWrap, textwrapFill } from '../test-helpers/wrap.js';
import type { Diagnosis } from '../types.js';
import { ByteClassifier } from './byte-classifier.js';
import { LineSplitter } from './line-splitter.js';

interface Result {
  diagnoses: Diagnosis[];
  lineCount: number;
}

function chunked(bytes: Buffer, next: () => number, maxChunkBytes: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(next() * maxChunkBytes);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

// The line path: what doctor did before the byte path.
function byLines(chunks: readonly Buffer[], maxLineChars?: number): Result {
  const classifier = new LogClassifier();
  const splitter = new LineSplitter((line) => classifier.push(line), maxLineChars);
  for (const chunk of chunks) splitter.write(chunk);
  splitter.end();
  const classified = classifier.finish();
  return { diagnoses: diagnoseClassified(classified), lineCount: classified.lineCount };
}

// Each chunk is copied into one reused buffer and overwritten after, as the file reader does.
function byBytes(chunks: readonly Buffer[], maxLineChars?: number): Result {
  const classifier = new LogClassifier();
  const reader = new ByteClassifier(classifier, maxLineChars);
  const scratch = Buffer.alloc(chunks.reduce((most, c) => Math.max(most, c.length), 1));
  for (const chunk of chunks) {
    chunk.copy(scratch);
    reader.write(scratch.subarray(0, chunk.length));
    scratch.fill(0x41);
  }
  reader.end();
  const classified = classifier.finish();
  return { diagnoses: diagnoseClassified(classified), lineCount: classified.lineCount };
}

// The line path whole against the byte path whole and in random chunks (and the line path in the
// same chunks, unless `isLinePathWholeOnly`: the corpus is large, and LineSplitter has its own tests).
// `asText`: what diagnoseText says of the same text, which the byte path whole must say too.
function assertSame(
  bytes: Buffer,
  options: {
    seed: number;
    label: string;
    maxLineChars?: number;
    isLinePathWholeOnly?: boolean;
    asText?: Diagnosis[];
  },
): void {
  const { label, maxLineChars } = options;
  const whole = byBytes([bytes], maxLineChars);
  if (options.asText) assert.deepEqual(whole.diagnoses, options.asText, `${label}: as diagnoseText`);
  const expected = byLines([bytes], maxLineChars);
  assert.deepEqual(whole, expected, `${label}: whole`);
  const next = random(options.seed);
  for (const maxChunkBytes of [16, 4096]) {
    const chunks = chunked(bytes, next, maxChunkBytes);
    assert.deepEqual(byBytes(chunks, maxLineChars), expected, `${label}: chunks <= ${maxChunkBytes}`);
    if (options.isLinePathWholeOnly) continue;
    const byLineChunks = byLines(chunks, maxLineChars);
    assert.deepEqual(byLineChunks, expected, `${label}: line path, chunks <= ${maxChunkBytes}`);
  }
}

describe('the byte path reads logs as the line path does', () => {
  test('every corpus log, whole and in random chunks', (t) => {
    const cases = readCorpus();
    if (cases.length === 0) {
      t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
      return;
    }
    let found = 0;
    for (const [i, item] of cases.entries()) {
      const bytes = Buffer.from(item.body, 'utf8');
      // diagnoseText (what the corpus tests pin) splits on \r?\n and keeps a last empty line.
      const expected = diagnoseText(item.body);
      assertSame(bytes, { seed: i + 1, label: item.file, isLinePathWholeOnly: true, asText: expected });
      if (expected.length > 0) found += 1;
    }
    assert.ok(
      found > cases.length / 2,
      'most corpus logs have a diagnosis (the comparison compares something)',
    );
  });

  test("every log of the project's corpus (test/corpus), pasted forms included, whole and in random chunks", (t) => {
    const cases = testCorpusParts.flatMap((part) => readPart(part));
    if (cases.length === 0) {
      t.skip('no logs in test/corpus');
      return;
    }
    for (const [i, item] of cases.entries()) {
      const bytes = Buffer.from(item.body, 'utf8');
      assertSame(bytes, {
        seed: 5000 + i,
        label: item.file,
        isLinePathWholeOnly: true,
        asText: diagnoseText(item.body),
      });
    }
  });

  test('every corpus log wrapped (hard at 80 and 120, textwrap at 80), whole and in random chunks', (t) => {
    const cases = readCorpus();
    if (cases.length === 0) {
      t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
      return;
    }
    const wraps = [
      (text: string) => hardWrap(text, 80),
      (text: string) => hardWrap(text, 120),
      (text: string) => textwrapFill(text, 80),
    ];
    for (const [w, wrap] of wraps.entries()) {
      for (const [i, item] of cases.entries()) {
        const text = wrap(item.body);
        assertSame(Buffer.from(text, 'utf8'), {
          seed: 1000 * (w + 1) + i,
          label: item.file,
          isLinePathWholeOnly: true,
          asText: diagnoseText(text),
        });
      }
    }
  });

  test('corpus logs run together with noise between them, hits far apart, in random chunks', (t) => {
    const cases = readCorpus();
    if (cases.length === 0) {
      t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
      return;
    }
    const next = random(7);
    const noise = (n: number) =>
      Array.from({ length: n }, (_, i) => `step ${i} loss=0.${i} tokens/s=${1000 + i}`).join('\n');
    for (let round = 0; round < 6; round++) {
      const picked = Array.from({ length: 4 }, () => cases[Math.floor(next() * cases.length)]!);
      const text = picked.map((c) => `${noise(Math.floor(next() * 60))}\n${c.body}`).join('\r\n');
      assertSame(Buffer.from(text, 'utf8'), {
        seed: 100 + round,
        label: picked.map((c) => c.file).join('+'),
      });
    }
  });
});

describe('what the byte path does differently, compared with the line path', () => {
  const oom =
    'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 2.56 GiB already allocated; 19.25 MiB free; 2.69 GiB reserved in total by PyTorch)';

  test('lines past the longest kept, with a signature before and after the cut', () => {
    const long = 'x'.repeat(300);
    for (const text of [
      `start\n${long}${oom}\nend\n`,
      `start\n${oom}${long}\nend`,
      `${'é'.repeat(200)}${oom}\n${oom}\n`,
      `${'已'.repeat(120)}\r\n${oom}\r\n`,
      // Cut at 150, the line ends in "CUDA o" as if wrapped there (its bytes do not): the byte path reads it.
      `start\n${'x'.repeat(144)}CUDA o${'y'.repeat(100)}\nut of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 1.20 GiB cached)\nend\n`,
    ]) {
      assertSame(Buffer.from(text, 'utf8'), {
        seed: text.length,
        label: text.slice(0, 20),
        maxLineChars: 150,
      });
    }
  });

  test('broken UTF-8, CR, empty lines, and no final newline', () => {
    const parts = [
      Buffer.from('epoch 1\r\n\n\r\n'),
      Buffer.from([0xe5, 0xb7, 0x0a, 0xf0, 0x9f, 0x98, 0x41, 0x0a, 0xff, 0xfe, 0x80, 0x0a]),
      Buffer.from(`${oom}\r`),
      Buffer.from([0xe5, 0xb7, 0xb2, 0xe6, 0x9d, 0x80, 0xe6, 0xad, 0xbb, 0x0a]), // 已杀死
      Buffer.from('Killed\n\r'),
      Buffer.from([0xe5]),
    ];
    const bytes = Buffer.concat(parts);
    assertSame(bytes, { seed: 3, label: 'broken' });
    assert.equal(byBytes([bytes]).diagnoses[0]?.code, byLines([bytes]).diagnoses[0]?.code);
  });

  test('random bytes around signatures', () => {
    const next = random(11);
    const words = [
      oom,
      'Killed',
      'MemoryError',
      'torch',
      '[rank3]:',
      'jax',
      'Traceback (most recent call last):',
    ];
    for (let round = 0; round < 20; round++) {
      const parts: Buffer[] = [];
      for (let i = 0; i < 200; i++) {
        const roll = next();
        if (roll < 0.05) parts.push(Buffer.from(words[Math.floor(next() * words.length)]!));
        else if (roll < 0.3) parts.push(Buffer.from([0x0a]));
        else if (roll < 0.35) parts.push(Buffer.from([0x0d, 0x0a]));
        else parts.push(Buffer.from([Math.floor(next() * 256)]));
      }
      assertSame(Buffer.concat(parts), {
        seed: 200 + round,
        label: `random round ${round}`,
        maxLineChars: 40,
      });
    }
  });

  test('hits far apart keep the lines before them and a wrapped first half; lanes of a large region agree', () => {
    const next = random(5);
    const lines = Array.from({ length: 60_000 }, (_, i) => `step ${i} loss=0.${i % 977}`);
    const signatures = [
      'Killed',
      'MemoryError',
      'torch.distributed',
      'jax',
      'RuntimeError: CUDA error: device-side assert triggered',
    ];
    for (let i = 0; i < 60; i++) lines[Math.floor(next() * 50_000)] = signatures[i % signatures.length]!;
    lines[30] = 'Traceback (most recent call last):';
    // A kernel line wrapped where its first half holds no keyword: only the rejoin finds it.
    lines[52_000] = '[2612362.231458] python';
    lines[52_001] =
      ' invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null), order=0, oom_score_adj=829';
    lines[58_000] = '  File "train.py", line 12, in <module>';
    lines[58_001] = oom;
    const bytes = Buffer.from(lines.join('\n'));
    assertSame(bytes, { seed: 5, label: 'far' });
    const { diagnoses, lineCount } = byBytes([bytes]);
    assert.equal(lineCount, 60_000);
    assert.equal(diagnoses.find((d) => d.framework === 'torch')?.evidence.line, 58_002);
    assert.ok(
      diagnoses.some((d) => d.facts.invokingProcess === 'python'),
      'the wrapped kernel line is rejoined',
    );
  });
});
