// Reads the project's own corpus, test/corpus/<part>/*.txt (issue 23, test/corpus/CORPUS-FORMAT.md):
// a header of `key: value` lines (source, kind, label, cause, conclusion, fix, facts) above `---`,
// the log exactly as posted below. The facts line is read the way ../shared/corpus's is
// (corpus.ts parseFactsLine), so the same diagnosis facts are compared.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { memoryKinds } from '../../vocabulary.js';
import type { DiagnosisKind } from '../types.js';
import { type CorpusCase, parseFactsLine, readCorpus, repoRoot } from './corpus.js';

/**
 * The parts of test/corpus the tests read: heldout/ since it was measured (test/corpus/HELDOUT.md),
 * heldout-2/ .. heldout-49/ since they were (test/corpus/HELDOUT-2-RESULT.md .. HELDOUT-49-RESULT.md).
 */
export const testCorpusParts = [
  'logs',
  'heldout',
  'heldout-2',
  'heldout-3',
  'heldout-4',
  'heldout-5',
  'heldout-6',
  'heldout-7',
  'heldout-8',
  'heldout-9',
  'heldout-10',
  'heldout-11',
  'heldout-12',
  'heldout-13',
  'heldout-14',
  'heldout-15',
  'heldout-16',
  'heldout-17',
  'heldout-18',
  'heldout-19',
  'heldout-20',
  'heldout-21',
  'heldout-22',
  'heldout-23',
  'heldout-24',
  'heldout-25',
  'heldout-26',
  'heldout-27',
  'heldout-28',
  'heldout-29',
  'heldout-30',
  'heldout-31',
  'heldout-32',
  'heldout-33',
  'heldout-34',
  'heldout-35',
  'heldout-36',
  'heldout-37',
  'heldout-38',
  'heldout-39',
  'heldout-40',
  'heldout-41',
  'heldout-42',
  'heldout-43',
  'heldout-44',
  'heldout-45',
  'heldout-46',
  'heldout-47',
  'heldout-48',
  'heldout-49',
] as const;

/** A part the tests read (testCorpusParts). */
export type TestCorpusPart = (typeof testCorpusParts)[number];

/**
 * The parts the corpus is read in: the parts the tests read, then ../shared/corpus. heldout-2 ..
 * heldout-23 are slices held out from a round of rule changes (test/corpus/HELDOUT-2.md .. HELDOUT-23.md):
 * scored once, at the end, and read by no test until then; a slice not yet measured is in neither list
 * (the lead's measuring checkout adds it to testCorpusParts there, and nowhere else).
 */
export type CorpusPart = TestCorpusPart | 'shared';
export const corpusParts: readonly CorpusPart[] = [...testCorpusParts, 'shared'];

/** test/corpus in this checkout. */
export const testCorpusDir = resolve(repoRoot, 'test', 'corpus');

/** One log with what its thread concluded. */
export interface LabelledCase extends CorpusCase {
  part: CorpusPart;
  /** The header's cause: one of doctor's causes, `unknown`, `none`, or '' when the header has none. */
  cause: string;
  conclusion: string;
  fix: string;
  /** The header's paste forms ("code fence, timestamps", "title-only"); '' when the header has none. */
  paste: string;
}

/** The directory a part is read from. */
export function partDir(part: CorpusPart): string {
  return part === 'shared' ? resolve(repoRoot, '..', 'shared', 'corpus') : join(testCorpusDir, part);
}

function headerField(header: string, name: string): string {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(header)?.[1]?.trim() ?? '';
}

const kinds = new Set<string>(['none', ...memoryKinds]);

/** One file of test/corpus: its header and its log; a header that names no known kind is an error. */
export function parseLabelled(file: string, text: string, part: CorpusPart): LabelledCase {
  const normalized = text.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n---\n');
  if (split < 0) throw new Error(`${file}: no '---' line between the header and the log`);
  const header = normalized.slice(0, split);
  // The log is kept exactly as posted (CRLF included): only the header's line ends are normalised.
  const bodyStart = text.indexOf('---', split) + 3;
  const body = text.slice(bodyStart).replace(/^\r?\n/, '');
  const kind = headerField(header, 'kind');
  if (!kinds.has(kind)) throw new Error(`${file}: kind '${kind}' is none of ${[...kinds].join(', ')}`);
  return {
    file,
    part,
    label: headerField(header, 'label'),
    expectedKind: kind as DiagnosisKind,
    body,
    cause: headerField(header, 'cause'),
    conclusion: headerField(header, 'conclusion'),
    fix: headerField(header, 'fix'),
    paste: headerField(header, 'paste'),
    ...parseFactsLine(headerField(header, 'facts')),
  };
}

/** Every file of a part, sorted by name; [] when the part is absent. */
export function readPart(part: CorpusPart): LabelledCase[] {
  if (part === 'shared') {
    // ../shared/corpus has labels, not kind/cause lines: the kind its label stands for (corpus.ts).
    return readCorpus().map((c) => ({ ...c, part, cause: '', conclusion: '', fix: '', paste: '' }));
  }
  const dir = partDir(part);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => parseLabelled(file, readFileSync(join(dir, file), 'utf8'), part));
}
