import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { UsageError } from '../errors.js';
import { checkRunDirPath, claimRunDir } from './run-dir.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-run-dir-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The one-line message a bad run directory gets (a UsageError: exit 2, no stack). */
function refusal(path: string): string {
  try {
    claimRunDir(path, '{}');
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    assert.doesNotMatch(error.message, /\n/);
    return error.message;
  }
  assert.fail(`${path} was accepted`);
}

describe('claimRunDir', () => {
  test('makes missing parents and the directory, and writes run.json first', () => {
    const dir = join(scratch, 'a', 'b', 'run');
    assert.equal(claimRunDir(dir, '{"recordVersion":2}\n'), dir);
    assert.equal(readFileSync(join(dir, 'run.json'), 'utf8'), '{"recordVersion":2}\n');
  });

  test('takes an empty directory the user made; a second claim of it is refused', () => {
    const dir = join(scratch, 'empty');
    mkdirSync(dir);
    claimRunDir(dir, '{}');
    assert.match(refusal(dir), /another run is using it|not empty/);
  });

  test('two claims racing for one directory: exactly one wins', () => {
    const dir = join(scratch, 'race');
    mkdirSync(dir);
    const outcomes = [0, 1].map(() => {
      try {
        claimRunDir(dir, '{}');
        return 'claimed';
      } catch {
        return 'refused';
      }
    });
    assert.deepEqual(outcomes.sort(), ['claimed', 'refused']);
  });

  test('every kind of wrong path gets one line naming what is wrong', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    assert.match(refusal(file), /it is a file, not a directory/);
    assert.match(refusal(join(file, 'sub')), /a part of the path is a file/);
    const dangling = join(scratch, 'dangling');
    symlinkSync(join(scratch, 'nowhere'), dangling);
    assert.match(refusal(dangling), /a symbolic link to nothing/);
    assert.match(refusal('/dev/null'), /under \/proc, \/sys or \/dev/);
    assert.match(refusal('/proc/x'), /under \/proc, \/sys or \/dev/);
    assert.match(refusal('/sys/fs/cgroup/x'), /under \/proc, \/sys or \/dev/);
    assert.match(refusal(join(scratch, 'n'.repeat(300))), /longer than 255 bytes/);
    assert.match(refusal(`${scratch}/x\0y`), /NUL byte/);
    const full = join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'mine.txt'), 'keep');
    assert.match(refusal(full), /it is not empty/);
    assert.equal(readFileSync(join(full, 'mine.txt'), 'utf8'), 'keep', 'nothing the user wrote is touched');
  });

  test('a symbolic link to an empty directory is a fine run directory', () => {
    const target = join(scratch, 'target');
    mkdirSync(target);
    const link = join(scratch, 'link');
    symlinkSync(target, link);
    assert.equal(checkRunDirPath(link), link);
  });
});
