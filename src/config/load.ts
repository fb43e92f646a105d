// Reads headroom.yaml: YAML syntax, the schema, then the checks that span fields; every problem located.
import type { Document, LineCounter } from 'yaml';
import type { z } from 'zod';
import { ConfigError, type ConfigIssue } from '../errors.js';
import type { Spec } from '../plan/types.js';
import { describeExpectedType } from './fields.js';
import { type FieldPath, formatFieldPath, locateKey, locateValue } from './locate.js';
import { readUserFile } from './read-text.js';
import { configSchema, gpuSchema, processSchema, type RawConfig } from './schema.js';
import { suggestNearest } from './suggest.js';
import { toSpec } from './to-spec.js';
import { readYaml } from './yaml-guard.js';

/** Reads and validates a config file; throws ConfigError (exit 2) listing every located problem. */
export async function loadSpecFile(file: string): Promise<Spec> {
  const text = await readUserFile(file, 'config', 'pass -c FILE, or create headroom.yaml (see examples/)');
  return parseSpec(text, file);
}

/** Validates config text; `file` is used only in messages. */
export function parseSpec(text: string, file: string): Spec {
  const read = readYaml(text, file);
  if (!read.ok) throw new ConfigError(read.issues);
  const { doc, lineCounter, data } = read;
  if (data === null || data === undefined) {
    throw new ConfigError([
      {
        location: { file, line: 1, column: 1 },
        field: '',
        message: 'the file is empty; it needs at least `processes:`',
      },
    ]);
  }
  // A config is parsed once: compiling zod's fast path for its objects (`new Function`) costs more than
  // it saves, some milliseconds of every `plan` (bench/startup.ts).
  const parsed = configSchema.safeParse(data, { jitless: true });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.flatMap((issue) => describeIssue(issue, doc, lineCounter, file)),
    );
  }
  return toSpec(parsed.data as RawConfig, { file, doc, lineCounter });
}

function describeIssue(
  issue: z.core.$ZodIssue,
  doc: Document,
  lineCounter: LineCounter,
  file: string,
): ConfigIssue[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const valid = validKeysAt(path);
    return issue.keys.map((key) => {
      const suggestion = suggestNearest(key, valid);
      const hint = suggestion ? `; did you mean "${suggestion}"?` : `; valid keys: ${valid.join(', ')}`;
      return {
        location: locateKey(doc, lineCounter, file, path, key),
        field: formatFieldPath([...path, key]),
        message: `unknown key "${key}"${hint}`,
      };
    });
  }
  if (issue.code === 'invalid_key') {
    // A bad key of a record (a process name): point at the key, with the key schema's message.
    const key = String(path.at(-1));
    return [
      {
        location: locateKey(doc, lineCounter, file, path.slice(0, -1), key),
        field: formatFieldPath(path),
        message: issue.issues[0]?.message ?? issue.message,
      },
    ];
  }
  const isMissing = !doc.hasIn(path);
  return [
    {
      location: locateValue(doc, lineCounter, file, path),
      field: formatFieldPath(path),
      message: isMissing ? 'is required' : friendlyMessage(issue, doc.getIn(path)),
    },
  ];
}

// zod says "Invalid input: expected number, received string"; say what was written instead.
function friendlyMessage(issue: z.core.$ZodIssue, written: unknown): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const expected = describeExpectedType(issue.expected);
  return `expected ${expected}, got ${JSON.stringify(written) ?? String(written)}`;
}

// Which keys are valid at a path, for suggestions: top level, a gpu entry, or a process entry.
function validKeysAt(path: FieldPath): string[] {
  if (path.length === 0) return Object.keys(configSchema.shape);
  if (path[0] === 'gpus') return Object.keys(gpuSchema.shape);
  return Object.keys(processSchema.shape);
}
