// Splits nvidia-smi's `--format=csv` output into rows keyed by field name. Values are separated by ", " and
// never quoted; loops append samples and may repeat the header before each one; a log still being written
// can end mid-line (fixtures/nvidia-smi/SOURCES.md, "CSV quirks").
import { type SmiSource, smiParseError } from './smi-values.js';

/** One data line: its 1-based line number and values by normalised field name (`memory.total`, `pid`). */
export interface CsvRow {
  line: number;
  values: Map<string, string>;
}

/** Rows of one CSV output, and whether the header was guessed (noheader output). */
export interface CsvRows {
  fields: string[];
  rows: CsvRow[];
  warnings: string[];
  isHeaderGuessed: boolean;
}

// A header field is a lowercase query name with an optional unit: `memory.used [MiB]`, `pci.bus_id`.
const headerFieldPattern = /^[a-z_][a-z0-9_.]*( \[[^\]]*\])?$/i;
// Field names that only a header would contain; one of them marks a line as a header.
const knownFields = new Set([
  'timestamp',
  'name',
  'index',
  'uuid',
  'pid',
  'gpu_name',
  'gpu_uuid',
  'memory.total',
  'memory.used',
  'memory.free',
  'process_name',
  'used_gpu_memory',
  'used_memory',
  'pci.bus_id',
  'gpu_bus_id',
  'driver_version',
  'count',
]);

/** Splits CSV text into keyed rows; a truncated last line is skipped with a warning, other bad lines are errors. */
export function readCsvRows(text: string, source: SmiSource): CsvRows {
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  const warnings: string[] = [];
  const rows: CsvRow[] = [];
  let fields: string[] | undefined;
  let isHeaderGuessed = false;
  lines.forEach((raw, i) => {
    const lineNumber = i + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(', ').map((cell) => cell.trim());
    if (isHeader(cells)) {
      fields = cells.map(normalizeField);
      return;
    }
    if (!fields) {
      fields = guessFields(cells, source, lineNumber);
      isHeaderGuessed = true;
      warnings.push(`no header line: columns taken as ${fields.join(', ')}`);
    }
    const isLastLine = i === lines.length - 1 || lines.slice(i + 1).every((rest) => rest.trim() === '');
    const values = fitCells(cells, fields);
    if (values) {
      rows.push({ line: lineNumber, values });
    } else if (isLastLine && !endsWithNewline && cells.length < fields.length) {
      warnings.push(`${source.file}:${lineNumber}: the file ends in the middle of this line; skipped`);
    } else {
      throw smiParseError(
        source,
        lineNumber,
        `expected ${fields.length} values (${fields.join(', ')}), found ${cells.length}`,
      );
    }
  });
  if (!fields) throw smiParseError(source, undefined, 'empty CSV');
  return { fields, rows, warnings, isHeaderGuessed };
}

/** `memory.used [MiB]` → `memory.used`. */
export function normalizeField(text: string): string {
  return text
    .replace(/\s*\[[^\]]*\]$/, '')
    .trim()
    .toLowerCase();
}

/** True for a CSV header line: query field names, at least one that nvidia-smi's queries are known to use. */
export function isHeaderLine(line: string): boolean {
  return isHeader(line.split(', ').map((cell) => cell.trim()));
}

function isHeader(cells: string[]): boolean {
  return (
    cells.every((cell) => headerFieldPattern.test(cell)) &&
    cells.some((cell) => knownFields.has(normalizeField(cell)))
  );
}

// Process names may contain ", " (nvidia-smi does not quote): extra cells are joined back into the name.
function fitCells(cells: string[], fields: string[]): Map<string, string> | undefined {
  let fitted = cells;
  const nameAt = fields.findIndex((field) => field === 'process_name' || field === 'name');
  if (cells.length > fields.length && nameAt !== -1) {
    const extra = cells.length - fields.length;
    fitted = [
      ...cells.slice(0, nameAt),
      cells.slice(nameAt, nameAt + extra + 1).join(', '),
      ...cells.slice(nameAt + extra + 1),
    ];
  }
  if (fitted.length !== fields.length) return undefined;
  return new Map(fields.map((field, i) => [field, fitted[i] ?? '']));
}

// `--format=csv,noheader` gives values only; guess the few columns that identify themselves.
function guessFields(cells: string[], source: SmiSource, line: number): string[] {
  const sizes = cells.filter((cell) => /^\d+(\.\d+)? MiB$/.test(cell)).length;
  const guessed = cells.map((cell, i) => {
    if (/^GPU-[0-9a-f-]+$/i.test(cell)) return 'uuid';
    if (/^[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]$/i.test(cell)) return 'pci.bus_id';
    if (/^\d+(\.\d+)? MiB$/.test(cell) && sizes === 1) return 'memory.total';
    if (/^\d+$/.test(cell) && i === 0) return 'index';
    if (/[a-z]/i.test(cell) && !/^\d/.test(cell)) return 'name';
    return '';
  });
  if (guessed.includes('') || new Set(guessed).size !== guessed.length) {
    throw smiParseError(
      source,
      line,
      'a CSV without a header line whose columns cannot be told apart; run nvidia-smi with --format=csv (keeping the header)',
    );
  }
  return guessed;
}
