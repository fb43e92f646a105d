// Maps a path inside a parsed YAML document to file:line:col, so every config error points somewhere.
import { type Document, isMap, isNode, isPair, isScalar, type LineCounter } from 'yaml';
import type { SourceLocation } from '../errors.js';

export type FieldPath = readonly (string | number)[];

/** Dotted field name for messages: processes.learner.gpu_memory, gpus[0].memory. */
export function formatFieldPath(path: FieldPath): string {
  // A key of a thousand characters is a mistake to point at, not to echo whole.
  const shown = (part: string): string => (part.length > 40 ? `${part.slice(0, 40)}…` : part);
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? shown(part) : `.${shown(part)}`))
    .join('');
}

/** Location of the value at `path`; falls back to the nearest existing ancestor. */
export function locateValue(
  doc: Document,
  lineCounter: LineCounter,
  file: string,
  path: FieldPath,
): SourceLocation {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return at(lineCounter, file, node.range[0]);
  }
  return { file, line: 1, column: 1 };
}

/** Location of the key `key` in the map at `path` (for unknown keys, the key itself is the problem). */
export function locateKey(
  doc: Document,
  lineCounter: LineCounter,
  file: string,
  path: FieldPath,
  key: string,
): SourceLocation {
  const parent = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (isMap(parent)) {
    for (const pair of parent.items) {
      if (isPair(pair) && isScalar(pair.key) && String(pair.key.value) === key && pair.key.range) {
        return at(lineCounter, file, pair.key.range[0]);
      }
    }
  }
  return locateValue(doc, lineCounter, file, path);
}

/** The scalar's text as written (`.30` stays `.30`), for values that must stay text. */
export function sourceText(doc: Document, path: FieldPath): string | undefined {
  const node = doc.getIn(path, true);
  return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
}

function at(lineCounter: LineCounter, file: string, offset: number): SourceLocation {
  const { line, col } = lineCounter.linePos(offset);
  return { file, line, column: col };
}
