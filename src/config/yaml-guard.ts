// YAML read defensively: a config is a few kilobytes a person wrote, so anything else (a binary
// file, megabytes of keys, an alias bomb, nesting thousands deep) gets one located line and exit 2
// within a second, never a stack trace or minutes of parsing.
import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import type { ConfigIssue } from '../errors.js';
import { formatBytes } from '../units.js';

/** The largest config (or estimate spec) headroom reads. */
export const maxYamlBytes = 256 * 1024;
/** Aliases a document may expand (yaml's default is 100 with no message we can show). */
export const maxAliasCount = 1000;
/** Nesting below this is no config a person writes. */
export const maxNestingDepth = 64;

const issueAt = (file: string, line: number, column: number, message: string): ConfigIssue => ({
  location: { file, line, column },
  field: '',
  message,
});

/** What reading gives: the document and its line index, or the located problems. */
export type GuardedYaml =
  | { ok: true; doc: Document; lineCounter: LineCounter; data: unknown }
  | { ok: false; issues: ConfigIssue[] };

/** Line and column (1-based) of a character offset in `text`. */
export function lineOfOffset(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

// Duplicate keys in one map, found in one pass (yaml's own check compares every pair: minutes
// for a map of 100,000 keys); and NUL bytes in values (`"a\0b"`), which no argv or environment
// can carry.
function scanNodes(doc: Document, lineCounter: LineCounter, file: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  visit(doc, {
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string' && scalar.value.includes('\0') && scalar.range) {
        const { line, col } = lineCounter.linePos(scalar.range[0]);
        issues.push(
          issueAt(file, line, col, 'the value holds a NUL byte, which no command or environment can carry'),
        );
      }
    },
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key) && pair.key.range) {
          const { line, col } = lineCounter.linePos(pair.key.range[0]);
          issues.push(issueAt(file, line, col, `duplicate key "${key.slice(0, 80)}"`));
        }
        seen.add(key);
      }
    },
  });
  return issues;
}

function depthOf(doc: Document): number {
  let deepest = 0;
  const walk = (node: unknown, depth: number): void => {
    if (depth > maxNestingDepth) {
      deepest = depth;
      return;
    }
    deepest = Math.max(deepest, depth);
    if (isMap(node)) for (const pair of node.items) walk(isPair(pair) ? pair.value : undefined, depth + 1);
    else if (isSeq(node)) for (const item of node.items) walk(item, depth + 1);
  };
  walk(doc.contents, 0);
  return deepest;
}

/** Parses YAML text that a user wrote, within the limits above; every problem located. */
export function readYaml(text: string, file: string): GuardedYaml {
  const bytes = Buffer.byteLength(text);
  if (bytes > maxYamlBytes) {
    return {
      ok: false,
      issues: [
        issueAt(
          file,
          1,
          1,
          `the file is ${formatBytes(bytes)}; headroom reads files of up to ${formatBytes(maxYamlBytes)}`,
        ),
      ],
    };
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    const { line, column } = lineOfOffset(text, nul);
    return {
      ok: false,
      issues: [issueAt(file, line, column, 'the file holds NUL bytes: a binary file, not YAML')],
    };
  }
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  } catch (error) {
    const message =
      error instanceof RangeError ? `nested more than ${maxNestingDepth} levels deep` : String(error);
    return { ok: false, issues: [issueAt(file, 1, 1, message)] };
  }
  if (doc.errors.length > 0) {
    return {
      ok: false,
      // A file that is not YAML at all produces one error per line: the first five say enough.
      issues: doc.errors.slice(0, 5).map((error) => {
        const start = lineCounter.linePos(error.pos[0]);
        const first = error.message.split('\n')[0] ?? '';
        const message = /call stack/i.test(first)
          ? `nested more than ${maxNestingDepth} levels deep`
          : `YAML syntax: ${first.slice(0, 200)}`;
        return issueAt(file, start.line, start.col, message);
      }),
    };
  }
  if (depthOf(doc) > maxNestingDepth) {
    return { ok: false, issues: [issueAt(file, 1, 1, `nested more than ${maxNestingDepth} levels deep`)] };
  }
  const duplicates = scanNodes(doc, lineCounter, file);
  if (duplicates.length > 0) return { ok: false, issues: duplicates.slice(0, 20) };
  try {
    return { ok: true, doc, lineCounter, data: doc.toJS({ maxAliasCount }) };
  } catch (error) {
    const message =
      error instanceof ReferenceError && /alias/i.test(error.message)
        ? `the file expands more than ${maxAliasCount} YAML aliases (an alias bomb?); write the values out`
        : `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, issues: [issueAt(file, 1, 1, message)] };
  }
}
