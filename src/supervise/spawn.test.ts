import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { simpleLaunchSpec } from './launch-spec.js';
import { buildArgv, isCgroupJoinShell, spawnChild } from './spawn.js';

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

  test('the joining shell is told from the program it execs, so a program that left its group is not pulled back', () => {
    assert.equal(
      isCgroupJoinShell(buildArgv(['python3', 'train.py'], '/sys/fs/cgroup/x/cgroup.procs')),
      true,
    );
    assert.equal(isCgroupJoinShell(['python3', 'train.py']), false);
    assert.equal(isCgroupJoinShell(buildArgv('echo $$ > "$1"; shift; exec "$@"', null)), false);
  });
});

test('a spawn that fails at once (a cwd that is a file) is a spawn error, not a crash', async () => {
  const spec = simpleLaunchSpec('x', ['true'], { cwd: '/etc/hostname' });
  const fd = openSync('/dev/null', 'w');
  try {
    const { child, exited } = spawnChild({ spec, argv: ['true'], output: { fd, readFd: fd } });
    assert.equal(child, null);
    const status = await exited;
    assert.equal(status.exitCode, 127);
    assert.match(status.spawnError ?? '', /ENOTDIR.*cwd \/etc\/hostname/);
  } finally {
    closeSync(fd);
  }
});
