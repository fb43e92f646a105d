// Temporary directories for tests, removed when the suite (or test) that made them ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/** A fresh directory under $TMPDIR, removed after the enclosing suite or test (node:test `after`). */
export function scratchDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `headroom-${label}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes a config into a fresh scratch directory and returns its path. */
export function writeConfig(text: string, name = 'headroom.yaml'): string {
  const file = join(scratchDir('config'), name);
  writeFileSync(file, text);
  return file;
}
