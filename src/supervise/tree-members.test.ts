import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { roleOf, type TreeMember, type TreeMembers } from './tree-members.js';

function member(pid: number, ppid: number, command: string, comm = 'python'): TreeMember {
  return {
    pid,
    ppid,
    comm,
    command,
    startTicks: 0,
    rssBytes: 0,
    pssBytes: 0,
    rank: null,
    lastSeenMs: 0,
    goneAtMs: null,
  };
}

function tree(...list: TreeMember[]): TreeMembers {
  return new Map(list.map((m) => [m.pid, m]));
}

describe('roleOf', () => {
  test("a joblib worker is loky's worker command, not any command that mentions joblib", () => {
    const members = tree(
      member(10, 1, 'python train.py'),
      // joblib 1.x's loky worker, as /proc/PID/cmdline gives it (checked with joblib's real Parallel(n_jobs=2)).
      member(
        11,
        10,
        '/venv/bin/python -m joblib.externals.loky.backend.popen_loky_posix --process-name LokyProcess-1 --pipe 14',
      ),
      member(12, 10, 'python -m loky.backend.popen_loky_posix --pipe 9'),
      // A program a worker started, given a path that happens to say joblib.
      member(13, 11, 'node fake-jax.mjs --until-file /tmp/joblib-jax-train-x/all-holding'),
      member(14, 10, 'python run_joblib_jobs.py'),
    );
    assert.equal(roleOf(members, 10, 11).roleText, 'joblib worker');
    assert.equal(roleOf(members, 10, 12).roleText, 'joblib worker');
    assert.equal(roleOf(members, 10, 13).roleText, 'child process');
    assert.equal(roleOf(members, 10, 14).roleText, 'child process');
  });
});
