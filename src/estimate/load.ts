// Parses an estimate spec from YAML text and/or flags; every problem located to file:line:col or a
// flag. Pure: io/read-spec.ts reads the files.
import path from 'node:path';
import { type Document, LineCounter } from 'yaml';
import type { z } from 'zod';
import { describeExpectedType } from '../config/fields.js';
import { formatFieldPath, locateKey, locateValue } from '../config/locate.js';
import { suggestNearest } from '../config/suggest.js';
import { readYaml } from '../config/yaml-guard.js';
import { ConfigError, type ConfigIssue, type SourceLocation } from '../errors.js';
import { type HfConfig, readHfConfig } from './hf-config.js';
import { locateJsonKey, parseJsonObject } from './json-text.js';
import { estimateSchema, type RawEstimate, sectionKeys } from './schema.js';
import { type Locate, toEstimateSpec } from './to-spec.js';
import type { EstimateSpec } from './types.js';

/** Values given as flags, shaped like the YAML, and which flag set each dotted path. */
export interface FlagOverlay {
  values: Record<string, unknown>;
  flagByPath: Record<string, string>;
}

type Path = (string | number)[];

/** A model's config.json as read by the caller: where it is (for messages) and its text. */
export interface ModelConfigText {
  file: string;
  text: string;
}

/** Where model.config points: a flag's path as given, a file's relative to the file; undefined if none. */
export function modelConfigPathIn(
  text: string | undefined,
  file: string | undefined,
  overlay: FlagOverlay = { values: {}, flagByPath: {} },
): string | undefined {
  const fromFlag = (overlay.values.model as Record<string, unknown> | undefined)?.config;
  if (typeof fromFlag === 'string') return fromFlag;
  if (text === undefined || file === undefined) return undefined;
  const written = writtenConfigPath(text);
  return written === undefined ? undefined : path.join(path.dirname(file), written);
}

// model.config as written in the spec text, if it is there (problems are reported by the parse).
function writtenConfigPath(text: string): string | undefined {
  try {
    const read = readYaml(text, 'spec');
    const written = read.ok
      ? (read.data as { model?: { config?: unknown } } | null)?.model?.config
      : undefined;
    return typeof written === 'string' ? written : undefined;
  } catch {
    return undefined;
  }
}

/** The config.json's fields, or a ConfigError located in that file. */
export function parseModelConfig(config: ModelConfigText): HfConfig {
  const read = readHfConfig(parseJsonObject(config.text, config.file, 'model.config'));
  if (read.issues.length > 0) {
    throw new ConfigError(
      read.issues.map((issue) => ({
        location: locateJsonKey(config.text, config.file, issue.key),
        field: issue.key,
        message: issue.message,
      })),
    );
  }
  return read;
}

/**
 * Validates spec text (or flags alone when `text` is undefined); `file` is used only in messages.
 * A spec with model.config needs that file's text in `modelConfig` (this function reads no files).
 */
export function parseEstimateSpec(
  text: string | undefined,
  file: string | undefined,
  overlay: FlagOverlay = { values: {}, flagByPath: {} },
  modelConfig?: ModelConfigText,
): EstimateSpec {
  const where = file ?? 'command line';
  // The same guarded reader as headroom.yaml: size, aliases, nesting, NUL bytes, duplicate keys.
  const read = text === undefined ? undefined : readYaml(text, where);
  if (read && !read.ok) throw new ConfigError(read.issues);
  const doc: Document | undefined = read?.ok ? read.doc : undefined;
  const lineCounter = read?.ok ? read.lineCounter : new LineCounter();
  const fromFile: unknown = (read?.ok ? read.data : undefined) ?? {};
  if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)) {
    throw new ConfigError([
      { location: { file: where, line: 1, column: 1 }, field: '', message: 'expected a map' },
    ]);
  }
  const data = mergeDeep(fromFile as Record<string, unknown>, overlay.values);

  const locate: Locate = (path, key, offset) => {
    const full = key === undefined ? path : [...path, key];
    const isInFile = doc?.hasIn(full) ?? false;
    const flag = flagFor(overlay, full, !isInFile);
    if (flag || !doc) return { location: { file: 'command line' }, field: flag ?? formatFieldPath(path) };
    const location =
      key === undefined
        ? locateValue(doc, lineCounter, where, path)
        : locateKey(doc, lineCounter, where, path, key);
    return {
      location: shift(location, doc, path, offset),
      field: formatFieldPath(key ? [...path, key] : path),
    };
  };
  const parsed = estimateSchema.safeParse(data);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.flatMap((issue) => describe(issue, data, locate)));
  }
  const raw = parsed.data as RawEstimate;
  if (raw.model.config !== undefined && modelConfig === undefined) {
    throw new ConfigError([
      { ...locate(['model', 'config']), message: 'the config.json was not read (use loadEstimateSpec)' },
    ]);
  }
  const config = raw.model.config === undefined || !modelConfig ? undefined : parseModelConfig(modelConfig);
  return toEstimateSpec(raw, { file, locate, config });
}

function describe(issue: z.core.$ZodIssue, data: unknown, locate: Locate): ConfigIssue[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const valid = sectionKeys[path.filter((p) => typeof p === 'string').join('.')] ?? [];
    return issue.keys.map((key) => {
      const suggestion = suggestNearest(key, valid);
      const hint = suggestion ? `; did you mean "${suggestion}"?` : `; valid keys: ${valid.join(', ')}`;
      return { ...locate(path, key), message: `unknown key "${key}"${hint}` };
    });
  }
  const written = path.reduce<unknown>(
    (node, part) => (node as Record<string | number, unknown>)?.[part],
    data,
  );
  const expected = issue.code === 'invalid_type' ? describeExpectedType(issue.expected) : '';
  const message =
    written === undefined
      ? 'is required'
      : issue.code === 'invalid_type'
        ? `expected ${expected}, got ${JSON.stringify(written)}`
        : issue.message;
  return [{ ...locate(path), message }];
}

// A flag's value is reported as the flag, also for problems inside it (a bad `--batch-size B*`), and
// for problems of a section only flags wrote (model.lora from `--lora-rank`).
function flagFor(overlay: FlagOverlay, path: Path, isSectionFromFlags = true): string | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const flag = overlay.flagByPath[path.slice(0, depth).join('.')];
    if (flag) return flag;
  }
  if (!isSectionFromFlags) return undefined;
  const prefix = `${path.join('.')}.`;
  const inside = Object.keys(overlay.flagByPath).find((key) => key.startsWith(prefix));
  return inside === undefined ? undefined : overlay.flagByPath[inside];
}

// Points inside a plain scalar (`B*X` → the X) when the problem is at a known character.
function shift(
  location: SourceLocation,
  doc: Document,
  path: Path,
  offset: number | undefined,
): SourceLocation {
  const node = doc.getIn(path, true) as { type?: string } | undefined;
  if (offset === undefined || node?.type !== 'PLAIN' || location.column === undefined) return location;
  return { ...location, column: location.column + offset };
}

function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    const isMap = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && !Array.isArray(v);
    merged[key] = isMap(current) && isMap(value) ? mergeDeep(current, value) : value;
  }
  return merged;
}
