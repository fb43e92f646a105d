// A log that a terminal, a chat box or a script wrapped says what the log said (issue #12): every
// corpus log re-wrapped (hard at 80, 100 and 120 columns as `fold -w`, word-wrapped at 80 as Python's
// textwrap.fill and `fold -s`) gets the primary diagnosis's kind and cause of the original, no
// not_oom log gets a diagnosis it did not have, and the facts stay the same for at least the pinned
// number of logs. Then single messages cut at every column, a keyword cut in two, and a line exactly
// as wide as the wrap that is a line of its own. Skipped with a message when the corpus is absent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LogClassifier } from './classify.js';
import { diagnoseClassified } from './diagnose.js';
import { diagnoseText } from './diagnose-text.js';
import { ByteClassifier } from './stream/byte-classifier.js';
import { corpusDir, readCorpus } from './test-helpers/corpus.js';
import { foldSpaces, hardWrap, textwrapFill } from './test-helpers/wrap.js';
import type { Diagnosis } from './types.js';

// Each wrap, and how many corpus logs keep every fact of their primary diagnosis through it (of 112;
// before unwrapping: 71, 72, 75, 78 and 78).
const wraps: { name: string; wrap: (text: string) => string; sameFacts: number }[] = [
  { name: 'hard 80', wrap: (t) => hardWrap(t, 80), sameFacts: 111 },
  { name: 'hard 100', wrap: (t) => hardWrap(t, 100), sameFacts: 111 },
  { name: 'hard 120', wrap: (t) => hardWrap(t, 120), sameFacts: 111 },
  { name: 'fold -s 80', wrap: (t) => foldSpaces(t, 80), sameFacts: 111 },
  { name: 'textwrap 80', wrap: (t) => textwrapFill(t, 80), sameFacts: 110 },
];

const verdict = (d: Diagnosis | undefined) => `${d?.kind ?? 'nothing'}/${d?.cause ?? '-'}`;

// The byte path (what `doctor FILE` and the supervisor use), whole.
function diagnoseBytes(text: string): Diagnosis[] {
  const classifier = new LogClassifier();
  const reader = new ByteClassifier(classifier);
  reader.write(Buffer.from(text));
  reader.end();
  return diagnoseClassified(classifier.finish());
}

describe('every corpus log, re-wrapped, says what it said', () => {
  const cases = readCorpus();
  const originals = new Map(cases.map((c) => [c.file, diagnoseText(c.body)]));
  for (const { name, wrap, sameFacts } of wraps) {
    test(name, (t) => {
      if (cases.length === 0) {
        t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
        return;
      }
      const changed: string[] = [];
      const added: string[] = [];
      const factsChanged: string[] = [];
      for (const item of cases) {
        const before = originals.get(item.file)!;
        const after = diagnoseText(wrap(item.body));
        if (verdict(after[0]) !== verdict(before[0]))
          changed.push(`${item.file}: ${verdict(before[0])} -> ${verdict(after[0])}`);
        else if (JSON.stringify(after[0]?.facts) !== JSON.stringify(before[0]?.facts))
          factsChanged.push(
            `${item.file}: ${JSON.stringify(before[0]?.facts)} -> ${JSON.stringify(after[0]?.facts)}`,
          );
        const codes = new Set(before.map((d) => d.code));
        const newCodes = after.filter((d) => !codes.has(d.code)).map((d) => d.code);
        if (item.label === 'not_oom' && newCodes.length > 0)
          added.push(`${item.file}: ${newCodes.join(', ')}`);
      }
      for (const line of factsChanged) t.diagnostic(`facts differ: ${line}`);
      assert.deepEqual(changed, [], 'kind and cause as before');
      assert.deepEqual(added, [], 'no new diagnosis on a not_oom log');
      const same = cases.length - changed.length - factsChanged.length;
      assert.ok(same >= sameFacts, `the same facts for ${same} logs, pinned at ${sameFacts}`);
    });
  }
});

describe('one message, cut at every column', () => {
  const context = [
    'Traceback (most recent call last):',
    '  File "train.py", line 10, in <module>',
    '    loss.backward()',
  ];
  const messages = [
    // PyTorch 2.1+ (c10/cuda/CUDACachingAllocator.cpp): fragmentation by its numbers.
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 21.03 GiB memory in use. Of the allocated memory 14.50 GiB is allocated by PyTorch, and 6.00 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
    'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 2.56 GiB already allocated; 19.25 MiB free; 2.69 GiB reserved in total by PyTorch)',
    '2023-09-15 15:37:48.396554: W external/tsl/tsl/framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) ran out of memory trying to allocate 85.87GiB (rounded to 92198188544)requested by op',
    '[2059991.491542] Out of memory: Killed process 25315 (python3) total-vm:53312244kB, anon-rss:31451456kB, file-rss:74816kB, shmem-rss:12296kB, UID:0 pgtables:69068kB oom_score_adj:0',
  ];
  const key = (d: Diagnosis | undefined) => `${verdict(d)} ${JSON.stringify(d?.facts)}`;

  test('after 0 to 79 characters of something else, hard-wrapped at 80 and 100, word-wrapped at 80', () => {
    const differ: string[] = [];
    for (const message of messages) {
      for (let lead = 0; lead < 80; lead++) {
        // Characters for a hard wrap, words for a word wrap, so that each cut falls everywhere.
        const words = `${'ab '.repeat(Math.floor(lead / 3))}${'a'.repeat(lead % 3)}`;
        const hardLog = [...context, lead === 0 ? message : `${'#'.repeat(lead)} ${message}`].join('\n');
        const wordLog = [...context, lead === 0 ? message : `${words} ${message}`].join('\n');
        const expected = { hard: key(diagnoseText(hardLog)[0]), word: key(diagnoseText(wordLog)[0]) };
        for (const [name, kind, wrapped] of [
          ['hard 80', 'hard', hardWrap(hardLog, 80)],
          ['hard 100', 'hard', hardWrap(hardLog, 100)],
          ['fold -s 80', 'word', foldSpaces(wordLog, 80)],
          ['textwrap 80', 'word', textwrapFill(wordLog, 80)],
        ] as const) {
          const got = key(diagnoseText(wrapped)[0]);
          if (got !== expected[kind])
            differ.push(`${name}, ${lead} before "${message.slice(0, 24)}": ${got}`);
        }
      }
    }
    assert.deepEqual(differ, []);
  });

  test("the issue's case: a PyTorch message pasted over three lines keeps its cause and numbers", () => {
    const [message] = messages;
    const pasted = hardWrap(message!, Math.ceil(message!.length / 3)).split('\n');
    assert.equal(pasted.length, 3);
    const d = diagnoseText(pasted)[0]!;
    assert.equal(d.cause, 'fragmentation');
    assert.equal(d.facts.reservedUnallocatedBytes, 6 * 2 ** 30);
    assert.equal(d.facts.processBytes, Math.floor(21.03 * 2 ** 30));
    assert.deepEqual(diagnoseBytes(pasted.join('\n')), diagnoseText(pasted));
  });
});

describe('keywords and lines at the cut', () => {
  test('a keyword cut in two is found, by the line path and the byte path', () => {
    // PyTorch 1.0's form ("cached"), hard-wrapped at 80 so that the first piece ends in "CUDA out of
    // mem" and no piece holds a keyword: the byte path reads the first piece because its automaton
    // reports a line that ends in a keyword's first part.
    const message =
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 2.56 GiB already allocated; 19.25 MiB free; 1.20 GiB cached)';
    const lead = 'epoch 1 step 10 of 200 loss 0.31'.padEnd(80 - 'RuntimeError: CUDA out of mem'.length);
    const log = ['epoch 1', hardWrap(lead + message, 80), 'done'].join('\n');
    assert.match(log.split('\n')[1]!, /CUDA out of mem$/);
    for (const diagnoses of [diagnoseText(log), diagnoseBytes(log)]) {
      assert.equal(diagnoses[0]?.code, 'torch-cuda-oom');
      assert.equal(diagnoses[0]?.facts.allocatedBytes, Math.round(2.56 * 2 ** 30));
      assert.equal(diagnoses[0]?.evidence.line, 2);
    }
  });

  test('a line exactly as wide as the wrap, then a line that is a failure of its own', () => {
    const log = hardWrap(
      [
        `Metrics: ${'episode/score 0.1 / train/loss 0.04 / '.repeat(3)}fps 39.31`,
        'Writing metrics: /home/u/logdir/dreamer/20251205T175323/scores.jsonl',
        'Killed',
      ].join('\n'),
      68,
    );
    assert.equal(log.split('\n')[2]!.length, 68, 'as wide as the wrap');
    const [d] = diagnoseText(log);
    assert.equal(d?.code, 'shell-killed');
    assert.deepEqual(diagnoseBytes(log), diagnoseText(log));
  });
});
