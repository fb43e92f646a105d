import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildArgv } from './spawn.js';

describe('buildArgv', () => {
  test('a string goes to /bin/sh -c; a list is the argv', () => {
    assert.deepEqual(buildArgv('python train.py | tee x', null), [
      '/bin/sh',
      '-c',
      'python train.py | tee x',
    ]);
    assert.deepEqual(buildArgv(['python', 'train.py'], null), ['python', 'train.py']);
  });

  test('with a cgroup, a shell writes its PID to cgroup.procs and then execs the argv unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-argv-'));
    try {
      const procs = join(dir, 'cgroup.procs');
      const [file, ...args] = buildArgv(['/bin/sh', '-c', 'echo "$$ $0 $1"', 'arg zero', 'arg one'], procs);
      const printed = execFileSync(file!, args, { encoding: 'utf8' }).trim();
      const [pid, ...rest] = printed.split(' ');
      assert.equal(readFileSync(procs, 'utf8').trim(), pid, 'exec keeps the PID that joined the group');
      assert.equal(rest.join(' '), 'arg zero arg one');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
