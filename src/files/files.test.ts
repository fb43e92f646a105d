// Writers never write through a link; readers read only regular files, never block, never read past a cap.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../test-helpers/scratch.js';
import { RecordFileError, readRecordFile } from './read-file.js';
import { openAppendNoFollow, writeFileAtomic, writeFileExclusive } from './write-file.js';

const makeFifo = (path: string): void => {
  execFileSync('mkfifo', [path]);
};

test('writeFileAtomic replaces a link planted at the target and leaves its target alone', () => {
  const dir = scratchDir('files');
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  symlinkSync(victim, join(dir, 'report.html'));
  writeFileAtomic(join(dir, 'report.html'), '<html></html>\n');
  assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
  assert.equal(lstatSync(join(dir, 'report.html')).isSymbolicLink(), false);
  assert.equal(readFileSync(join(dir, 'report.html'), 'utf8'), '<html></html>\n');
  // No temporary file stays behind.
  assert.deepEqual(readdirSync(dir).sort(), ['report.html', 'victim.txt']);
});

test('writeFileAtomic removes its temporary file when it cannot rename', () => {
  const dir = scratchDir('files');
  mkdirSync(join(dir, 'report.html'));
  writeFileSync(join(dir, 'report.html', 'kept'), 'x');
  // A non-empty directory at the target: the rename fails, the directory stays, the temporary file goes.
  assert.throws(() => writeFileAtomic(join(dir, 'report.html'), 'new'), { code: 'EISDIR' });
  assert.deepEqual(readdirSync(dir), ['report.html']);
  assert.deepEqual(readdirSync(join(dir, 'report.html')), ['kept']);
});

test('openAppendNoFollow refuses a link, a FIFO, and (exclusive) an existing file', () => {
  const dir = scratchDir('files');
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  symlinkSync(victim, join(dir, 'events.jsonl'));
  assert.throws(() => openAppendNoFollow(join(dir, 'events.jsonl')), { code: 'ELOOP' });
  makeFifo(join(dir, 'samples.jsonl'));
  // No reader on the FIFO: a blocking open would wait forever; this one fails at once.
  assert.throws(() => openAppendNoFollow(join(dir, 'samples.jsonl')), { code: 'ENXIO' });
  assert.throws(() => openAppendNoFollow(victim, { isExclusive: true }), { code: 'EEXIST' });
  assert.throws(() => writeFileExclusive(victim, 'x'), { code: 'EEXIST' });
  assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
  const fd = openAppendNoFollow(join(dir, 'logs.log'));
  writeSync(fd, 'a line\n');
  closeSync(fd);
  assert.equal(readFileSync(join(dir, 'logs.log'), 'utf8'), 'a line\n');
});

test('readRecordFile: a FIFO, /dev/zero and /dev/urandom behind links, a file over the cap are refused in one line', () => {
  const dir = scratchDir('files');
  makeFifo(join(dir, 'events.jsonl'));
  symlinkSync('/dev/zero', join(dir, 'summary.json'));
  symlinkSync('/dev/urandom', join(dir, 'run.json'));
  writeFileSync(join(dir, 'big.json'), Buffer.alloc(2048, 0x20));
  writeFileSync(join(dir, 'plan.json'), '{}\n');
  const refused = (file: string, pattern: RegExp, maxBytes?: number): void => {
    assert.throws(
      () => readRecordFile(join(dir, file), maxBytes),
      (error: unknown) =>
        error instanceof RecordFileError &&
        error.exitCode === 2 &&
        pattern.test(error.message) &&
        !error.message.includes('\n'),
    );
  };
  refused('events.jsonl', /events\.jsonl: it is a FIFO; headroom reads only regular files/);
  refused('summary.json', /summary\.json: it is a symbolic link/);
  refused('run.json', /run\.json: it is a symbolic link/);
  refused('big.json', /big\.json: it is 2 KiB; headroom reads at most 1 KiB of it/, 1024);
  // A directory is no file either.
  refused('.', /it is a directory/);
  assert.equal(readRecordFile(join(dir, 'missing.json')), null);
  assert.equal(readRecordFile(join(dir, 'plan.json'))?.toString(), '{}\n');
  assert.equal(readRecordFile(join(dir, 'big.json'), 2048)?.length, 2048);
});
