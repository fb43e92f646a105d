// The shape and the check shared by doctor's vocabulary tables written from the programs' sources
// (families/vocabulary-*.test.ts): each entry is a message as a program prints it, the source of its
// template, and the kind test/corpus/CORPUS-FORMAT.md gives it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from './diagnose.js';

export type Kind = 'gpu_oom' | 'host_oom' | 'shm' | 'none';

export interface VocabularyEntry {
  id: string;
  program: string;
  source: string;
  template: string;
  lines: string[];
  kind: Kind;
}

/** A GitHub link to `path` in `owner/repo@tag`, with a line anchor where the file was read at the tag. */
export const gh = (repoAtTag: string, path: string, line?: number): string =>
  `https://github.com/${repoAtTag.replace('@', '/blob/')}/${path}${line ? `#L${line}` : ''}`;

const kindOf = (lines: string[]): string => primary(...lines)?.kind ?? 'none';

/**
 * One test per entry. `expectedMiss` names the entries doctor reads wrong: a known miss stays listed
 * until a rule reads it right, and then the test fails until it is struck from the list.
 */
export function checkVocabulary(
  title: string,
  vocabulary: readonly VocabularyEntry[],
  expectedMiss: ReadonlySet<string>,
): void {
  describe(title, () => {
    test('the table is broad and well formed', () => {
      assert.ok(vocabulary.length >= 60, `${vocabulary.length} entries`);
      const ids = new Set(vocabulary.map((e) => e.id));
      assert.equal(ids.size, vocabulary.length, 'ids are unique');
      for (const e of vocabulary)
        assert.match(e.source, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[^/]+\//);
      for (const id of expectedMiss) assert.ok(ids.has(id), `expectedMiss names ${id}, not in the table`);
    });
    for (const entry of vocabulary) {
      test(`${entry.program}: ${entry.id} -> ${entry.kind}`, () => {
        const got = kindOf(entry.lines);
        if (expectedMiss.has(entry.id)) {
          assert.notEqual(got, entry.kind, `${entry.id} is read right now: strike it from expectedMiss`);
        } else {
          assert.equal(got, entry.kind, `${entry.id}: ${entry.lines.join(' | ')}`);
        }
      });
    }
  });
}
