import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { parseSmapsRollup, parseStatusMemory, readProcessMemory } from './proc-memory.js';
import { type FixtureTree, makeFixtureTree } from './test-helpers/fixture-tree.js';
import { readTreeMemory } from './tree-memory.js';

const rollup = (rssKiB: number, pssKiB: number, swapKiB: number): string =>
  `55d0-7ffe ---p 00000000 00:00 0    [rollup]\nRss:  ${rssKiB} kB\nPss:  ${pssKiB} kB\nPss_Anon: 1 kB\nSwap:  ${swapKiB} kB\nSwapPss:  0 kB\n`;
const status = (rssKiB: number, swapKiB: number): string =>
  `Name:\tnode\nVmRSS:\t  ${rssKiB} kB\nVmSwap:\t  ${swapKiB} kB\n`;

let tree: FixtureTree | undefined;
afterEach(() => tree?.remove());

describe('parsers', () => {
  test('smaps_rollup gives RSS, PSS and swap in bytes (kB means KiB)', () => {
    assert.deepEqual(parseSmapsRollup(rollup(2048, 1024, 4)), {
      rssBytes: 2048 * 1024,
      pssBytes: 1024 * 1024,
      swapBytes: 4096,
      ownBytes: 1024,
    });
  });

  test('its own memory: Pss_Anon + Pss_Shmem (not Pss_File); RssAnon + RssShmem from status; absent where the kernel gives neither', () => {
    const split =
      'Rss:  900 kB\nPss:  600 kB\nPss_Anon:  200 kB\nPss_File:  350 kB\nPss_Shmem:  50 kB\nSwap:  0 kB\n';
    assert.equal(parseSmapsRollup(split)?.ownBytes, 250 * 1024);
    const statusSplit = `${status(300, 0)}RssAnon:\t  120 kB\nRssFile:\t  170 kB\nRssShmem:\t  10 kB\n`;
    assert.equal(parseStatusMemory(statusSplit)?.ownBytes, 130 * 1024);
    assert.equal(parseSmapsRollup('Rss:  900 kB\nPss:  600 kB\n')?.ownBytes, undefined);
    assert.equal(parseStatusMemory(status(100, 0))?.ownBytes, undefined);
  });

  test('status gives RSS and swap; kernel threads have neither', () => {
    assert.deepEqual(parseStatusMemory(status(100, 0)), { rssBytes: 102_400, pssBytes: null, swapBytes: 0 });
    assert.equal(parseStatusMemory('Name:\tkthreadd\n'), undefined);
  });
});

describe('readProcessMemory', () => {
  test('prefers smaps_rollup and falls back to status when it is unreadable', () => {
    tree = makeFixtureTree({ '1/smaps_rollup': rollup(10, 5, 0), '2/status': status(20, 1) });
    assert.equal(readProcessMemory(1, tree.root)?.pssBytes, 5 * 1024);
    assert.deepEqual(readProcessMemory(2, tree.root), {
      pid: 2,
      rssBytes: 20 * 1024,
      pssBytes: null,
      swapBytes: 1024,
    });
  });

  test('a process that has gone is undefined, not an error', () => {
    tree = makeFixtureTree();
    assert.equal(readProcessMemory(99, tree.root), undefined);
  });
});

describe('readTreeMemory', () => {
  test('sums PSS (RSS where PSS is unknown) and swap, skipping vanished PIDs', () => {
    tree = makeFixtureTree({ '1/smaps_rollup': rollup(100, 60, 10), '2/status': status(50, 5) });
    const memory = readTreeMemory([1, 2, 3], tree.root);
    assert.deepEqual(
      memory.processes.map((p) => p.pid),
      [1, 2],
    );
    assert.equal(memory.rssBytes, 150 * 1024);
    assert.equal(memory.pssBytes, 110 * 1024);
    assert.equal(memory.swapBytes, 15 * 1024);
    assert.equal(memory.hostBytes, 125 * 1024);
    // Own: 1's Pss_Anon (1 kB), 2's RSS standing in (status without RssAnon), and the swap.
    assert.equal(memory.ownBytes, (1 + 50 + 15) * 1024);
  });
});
