import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { makeFixtureTree, statLine } from '../probe/host/test-helpers/fixture-tree.js';
import { roleOf, type TreeMember, type TreeMembers, updateMembers } from './tree-members.js';

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

describe('updateMembers', () => {
  test("a fork seen before its exec is read again once it has exec'd, though the exec kept its comm", (t) => {
    // joblib's loky starts a worker as fork + exec of the same python: a sample between the two saw the
    // parent's command line (CI named it 'forked worker'); PF_FORKNOEXEC (0x40) clears at the exec.
    const proc = makeFixtureTree();
    t.after(() => proc.remove());
    const loky =
      '/venv/bin/python -m joblib.externals.loky.backend.popen_loky_posix --process-name LokyProcess-1 --pipe 14';
    const sample = (workerFlags: number, workerCommand: string) => {
      proc.write('10/stat', statLine({ pid: 10, comm: 'python3', ppid: 1 }));
      proc.write('10/cmdline', 'python3\0train.py\0');
      proc.write('11/stat', statLine({ pid: 11, comm: 'python3', ppid: 10, flags: workerFlags }));
      proc.write('11/cmdline', `${workerCommand.split(' ').join('\0')}\0`);
    };
    const members: TreeMembers = new Map();
    const update = () =>
      updateMembers({
        members,
        pids: [10, 11],
        table: [10, 11].map((pid) => ({
          pid,
          comm: 'python3',
          state: 'S',
          ppid: pid === 10 ? 1 : 10,
          pgid: 10,
          startTicks: 1000 + pid,
          flags: pid === 11 ? workerFlags : 0x400000,
        })),
        memory: [],
        nowMs: 0,
        procRoot: proc.root,
      });
    let workerFlags = 0x400040;
    sample(workerFlags, 'python3 train.py');
    update();
    assert.equal(roleOf(members, 10, 11).roleText, 'forked worker');
    workerFlags = 0x400000;
    sample(workerFlags, loky);
    update();
    assert.equal(members.get(11)?.command, loky);
    assert.equal(roleOf(members, 10, 11).roleText, 'joblib worker');
    // Once it has exec'd, its command line is not read again at every sample.
    proc.write('11/cmdline', 'changed\0');
    update();
    assert.equal(members.get(11)?.command, loky);
  });
});

describe('updateMembers, a fork whose command line cannot be read', () => {
  test("a fork that never exec'd, seen as it is torn down (empty cmdline), takes its parent's command line", (t) => {
    // An OOM victim the sampler first sees while the kernel tears it down shows an empty cmdline; a
    // multiprocessing fork worker's command line is its parent's (CI named such a victim 'python3').
    const proc = makeFixtureTree();
    t.after(() => proc.remove());
    proc.write('10/cmdline', 'python3\0workers.py\0' + '4\0');
    proc.write('11/cmdline', '');
    proc.write('12/cmdline', '');
    const members: TreeMembers = new Map();
    const stat = (pid: number, ppid: number, flags: number) => ({
      pid,
      comm: 'python3',
      state: 'S',
      ppid,
      pgid: 10,
      startTicks: 1000 + pid,
      flags,
    });
    updateMembers({
      members,
      pids: [10, 11, 12],
      table: [stat(10, 1, 0x400000), stat(11, 10, 0x400040), stat(12, 10, 0x400000)],
      memory: [],
      nowMs: 0,
      procRoot: proc.root,
    });
    assert.equal(members.get(11)?.command, 'python3 workers.py 4');
    // One that exec'd keeps its own name where its command line cannot be read.
    assert.equal(members.get(12)?.command, 'python3');
  });
});
