// Reads ../shared/estimation/references.json for the reference-case tests; they skip when it is absent.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEstimateSpec } from '../load.js';
import type { EstimateSpec } from '../types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const referencesFile = path.resolve(repoRoot, '..', 'shared', 'estimation', 'references.json');

/** Why a reference test is skipped. */
export const noReferencesMessage = `needs ${referencesFile} (absent in a bare clone)`;

/** One case of references.json; `expected` is read by key path in each test. */
export interface ReferenceCase {
  id: string;
  kind: 'derived' | 'measured';
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
}

let cache: Map<string, ReferenceCase> | undefined;

/** The case with this id, or undefined when the reference file is absent. */
export function referenceCase(id: string): ReferenceCase | undefined {
  if (!existsSync(referencesFile)) return undefined;
  cache ??= new Map(
    (JSON.parse(readFileSync(referencesFile, 'utf8')) as ReferenceCase[]).map((c) => [c.id, c]),
  );
  const found = cache.get(id);
  assert.ok(found, `no case ${id} in references.json`);
  return found;
}

/** A number at a dotted path of a case's `expected` (keys may contain dots: pass an array). */
export function expectedAt(reference: ReferenceCase, ...keys: string[]): number {
  const value = keys.reduce<unknown>(
    (node, key) => (node as Record<string, unknown>)[key],
    reference.expected,
  );
  assert.equal(typeof value, 'number', `${reference.id}: expected.${keys.join('.')} is not a number`);
  return value as number;
}

/** Relative error of `actual` against `expected`. */
export function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : (actual - expected) / expected;
}

/**
 * Asserts `actual` is within `tolerance` (1% by default) of `expected`, or prints the same as the
 * source did when it rounded to `decimals` (a printed 0.25 GiB cannot be checked to 1%).
 */
export function assertClose(
  actual: number,
  expected: number,
  label: string,
  options: { tolerance?: number; decimals?: number } = {},
): void {
  const error = relativeError(actual, expected);
  const isSamePrinted =
    options.decimals !== undefined && actual.toFixed(options.decimals) === expected.toFixed(options.decimals);
  assert.ok(
    Math.abs(error) <= (options.tolerance ?? 0.01) || isSamePrinted,
    `${label}: got ${actual}, expected ${expected} (${(error * 100).toFixed(3)}%)`,
  );
}

/** A spec from YAML text, for tests. */
export function specOf(yaml: string): EstimateSpec {
  return parseEstimateSpec(yaml, 'test.yaml');
}
