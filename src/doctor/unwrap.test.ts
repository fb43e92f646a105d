// The judge of wraps (unwrap.ts) on small windows: pieces of a hard wrap join without a separator,
// textwrap's with a space, fold -s's as they are; lines of a table, a structured log, or the widest
// line of a log nobody wrapped stay apart.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldSpaces, hardWrap, textwrapFill } from './test-helpers/wrap.js';
import { cutBetween, joinsOf } from './unwrap.js';

const message =
  'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 2.56 GiB already allocated; 19.25 MiB free; 2.69 GiB reserved in total by PyTorch)';

// The window's lines joined where joinsOf says, a line per whole line.
function rejoined(lines: readonly string[]): string[] {
  const joins = joinsOf(lines, 0);
  const out = [lines[0]!];
  lines.slice(1).forEach((line, i) => {
    const join = joins[i];
    if (join === undefined) out.push(line);
    else out[out.length - 1] += join.separator + line;
  });
  return out;
}

describe('wrapped pieces join back into the line they were cut from', () => {
  test('a hard wrap, a fold -s wrap and a textwrap wrap of one message', () => {
    for (const wrap of [
      (t: string) => hardWrap(t, 80),
      (t: string) => foldSpaces(t, 80),
      (t: string) => textwrapFill(t, 80),
    ]) {
      const pieces = wrap(message).split('\n');
      assert.ok(pieces.length >= 3, 'the message is cut into three pieces or more');
      assert.deepEqual(rejoined(pieces), [message]);
    }
  });

  test('a hard cut inside a word or a number joins without a space, even alone', () => {
    const pieces = hardWrap(`x ${message}`, 100).split('\n');
    assert.equal(pieces.length, 2);
    assert.deepEqual(rejoined(['Traceback (most recent call last):', ...pieces]), [
      'Traceback (most recent call last):',
      `x ${message}`,
    ]);
  });

  test('pieces exactly as wide, cut between words: either wrap, so both joins are offered', () => {
    // Two pieces of 65 characters: a hard wrap at 65, or textwrap's whose lines ended at 65 by chance.
    const lines = [
      'RuntimeError: DataLoader worker (pid 47) is killed by signal: Bus',
      "error. It is possible that dataloader's workers are out of shared",
      'memory. Please try to raise your shared memory limit.',
    ];
    assert.deepEqual(joinsOf(lines, 0), [
      { separator: '', otherSeparator: ' ' },
      { separator: '', otherSeparator: ' ' },
    ]);
    // A piece that begins with a blank shows a hard wrap: no other reading.
    const hard = [`${'a'.repeat(70)} total capacity`, ' of the card is'.padEnd(85, 'y'), 'end'];
    assert.deepEqual(joinsOf(hard, 0), [{ separator: '' }, { separator: '' }]);
    // A piece shorter than the width that ends between words shows textwrap's: a space first.
    const textwrap = [`${'word '.repeat(15)}lastword`, `${'next '.repeat(16)}x`, 'tail of it'];
    assert.equal(joinsOf(textwrap, 0)[0]?.separator, ' ');
  });

  test('the kind of cut: hard at the width, word when the next word would not fit, none otherwise', () => {
    const full = 'a'.repeat(79);
    assert.equal(cutBetween(`${full}b`, 'cdef', 80), 'hard');
    assert.equal(cutBetween(`${'a '.repeat(36)}abcd`, 'efghijklm rest', 80), 'word');
    assert.equal(cutBetween(`${'a '.repeat(36)}abcd`, 'ef rest', 80), undefined, 'the word would have fit');
    assert.equal(cutBetween('Killed', 'a'.repeat(80), 80), undefined, 'a short line is a line of its own');
    assert.equal(cutBetween(`${full}b`, 'x'.repeat(81), 80), undefined, 'longer than the width');
  });
});

describe('lines of their own stay apart', () => {
  test('a table: rows and borders as wide as each other', () => {
    const table = [
      '+-----------------------------------------------------------------------------+',
      '| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |',
      '|-------------------------------+----------------------+----------------------+',
      '| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |',
      '|   0  GeForce GTX 107...  Off  | 00000000:01:00.0  On |                  N/A |',
    ];
    assert.deepEqual(rejoined(table), table);
  });

  test('a structured log whose lines begin alike, and records that begin with a date, a rank or an exception', () => {
    const nccl = Array.from(
      { length: 4 },
      (_, i) =>
        `ins-7df6eojsifuykig9:301845${i}:3024011 [${i}] NCCL INFO Channel 0${i}/0 : 0[0] -> 1[1] via P2P/IPC read`,
    );
    assert.deepEqual(rejoined(nccl), nccl);
    // Lines exactly as wide as the widest (a hard wrap's pieces would be), each followed by a record.
    const wide = (words: string) => `${words} `.padEnd(80, 'x');
    const records = [
      wide('the first line of a warning'),
      '2024-12-14 19:57:44.462633: W external/xla/xla/tsl/framework/bfc_allocator.cc:497]',
      wide('a second line as wide'),
      '[rank0]: torch.OutOfMemoryError: CUDA out of memory.',
      wide('a third line as wide'),
      'torch.OutOfMemoryError: CUDA out of memory.',
      wide('a fourth line as wide'),
      'E1214 19:57:44.464390   17928 pjrt_stream_executor_client.cc:3086] Execution failed',
    ];
    assert.deepEqual(rejoined(records), records);
  });

  test('the widest line of a log nobody wrapped, followed by a sentence', () => {
    const lines = [
      'epoch 1 loss 0.31',
      `2023-04-23 01:00:16.820335: W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator ran out of memory trying to allocate 560.4MiB _EagerConst`,
      'If the cause is memory fragmentation maybe the environment variable will improve the situation.',
    ];
    assert.deepEqual(rejoined(lines), lines);
  });
});
