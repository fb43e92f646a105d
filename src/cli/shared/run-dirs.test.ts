// New run directories (run, fit) and the record a command works on (report, serve).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { UsageError } from '../../errors.js';
import { scratchDir } from '../../test-helpers/scratch.js';
import { defaultFitsDir, newRunDir, resolveRunDir } from './run-dirs.js';

test('a new run directory is the one given, or a fresh id under .headroom/runs (or another parent)', () => {
  const cwd = scratchDir('new-run-dir');
  const fresh = newRunDir({ cwd });
  assert.equal(fresh.dir, join(cwd, '.headroom', 'runs', fresh.id));
  const fit = newRunDir({ cwd, parentDir: defaultFitsDir });
  assert.equal(fit.dir, join(cwd, '.headroom', 'fits', fit.id));
  assert.equal(newRunDir({ cwd, runDir: 'mine' }).dir, join(cwd, 'mine'));
});

test('a new run directory that is not empty, or is a file, is refused before anything runs', () => {
  const cwd = scratchDir('new-run-dir-refused');
  mkdirSync(join(cwd, 'full'));
  writeFileSync(join(cwd, 'full', 'x'), '');
  writeFileSync(join(cwd, 'file'), '');
  assert.throws(
    () => newRunDir({ cwd, runDir: 'full' }),
    (e: unknown) =>
      e instanceof UsageError && e.message === `run directory ${join(cwd, 'full')}: it is not empty`,
  );
  assert.throws(() => newRunDir({ cwd, runDir: 'file' }), /it is a file, not a directory/);
});

test('any one file of a record (or its logs/) makes a directory a run record', () => {
  const cwd = scratchDir('record-dir');
  for (const entry of ['plan.json', 'samples.jsonl', 'logs']) {
    const dir = join(cwd, entry);
    mkdirSync(dir);
    if (entry === 'logs') mkdirSync(join(dir, 'logs'));
    else writeFileSync(join(dir, entry), '');
    assert.equal(resolveRunDir({ runDir: entry, cwd }), dir);
  }
  mkdirSync(join(cwd, 'empty'));
  assert.throws(
    () => resolveRunDir({ runDir: 'empty', cwd }),
    /not a run record \(no run\.json, plan\.json, samples\.jsonl, events\.jsonl, summary\.json or logs\/\)/,
  );
});
