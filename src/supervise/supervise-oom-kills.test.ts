// OOM kills inside a supervised tree, with real Python workers, a real cgroup limit and the real
// kernel OOM killer: every kill is named, whatever the parent does afterwards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cgroupUnavailable, cleanUpRuns, launch, MiB, runSupervised } from './test-helpers/supervised.js';

const noCgroup = cgroupUnavailable();
after(cleanUpRuns);

// The interpreter itself, not a version manager's shim (pyenv's `python3` is a bash script running
// `pyenv-which` before it execs): only the program's own processes are in the tree the kernel sees.
const python = (() => {
  try {
    const code = 'import multiprocessing, sys; print(sys.executable)';
    return execFileSync('python3', ['-c', code], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
const script = (name: string): string =>
  fileURLToPath(new URL(`../../test/programs/${name}`, import.meta.url));
const skipReason = noCgroup
  ? `no cgroup can be made here: ${noCgroup}`
  : python
    ? undefined
    : 'no python3 here';

describe('an OOM kill inside the tree', () => {
  test('a multiprocessing worker killed while the parent exits 0: named, and the run fails', async (t) => {
    if (skipReason) return t.skip(skipReason);
    // The victim dies within a fraction of a second, before a loaded machine's sampler may see it; the
    // parent joins worker 0 first (10 s), so the victim stays a zombie that long, for headroom to read
    // its parent and command line when the kernel's report arrives (at load 40 a 3 s hold was outrun once).
    const run = await runSupervised([
      launch('train', [python!, script('workers.py'), '4', '2', '600', '10'], { hostMemoryBytes: 256 * MiB }),
    ]);
    const train = run.processNamed('train');
    assert.equal(train.reason, 'oom-killed', train.because);
    assert.equal(train.confidence, 'certain');
    assert.equal(train.oomKills.length, 1);
    const [kill] = train.oomKills;
    assert.equal(kill?.role, 'worker');
    assert.equal(kill?.source, 'kernel-log');
    assert.match(kill?.command ?? '', /workers\.py/);
    assert.ok(kill?.pid && kill.pid !== run.events.find((e) => e.type === 'spawn')?.pid);
    assert.match(train.because, new RegExp(`pid ${kill?.pid} .*limit 256 MiB`));
    assert.notEqual(run.summary.exitCode, 0);
    const event = run.events.find((e) => e.type === 'oom-kill');
    assert.equal(event?.pid, kill?.pid);
    assert.match(event?.message ?? '', /was killed by the OOM killer \(host limit 256 MiB\)/);
  });

  test('a worker killed before any sample saw it is still named by its command line (a fork: its parent’s)', async (t) => {
    if (skipReason) return t.skip(skipReason);
    // Samples 2 s apart: the worker is born and killed before the first (as a loaded machine's sampler
    // misses one; CI read 'python3' here). The parent joins worker 0 first (30 s), so the victim is
    // left a zombie, which names its parent and says it never exec'd.
    const run = await runSupervised(
      [
        launch('train', [python!, script('workers.py'), '4', '2', '600', '30'], {
          hostMemoryBytes: 256 * MiB,
        }),
      ],
      { sampleIntervalMs: 2000 },
    );
    const train = run.processNamed('train');
    assert.equal(train.reason, 'oom-killed', train.because);
    const [kill] = train.oomKills;
    assert.equal(kill?.source, 'kernel-log');
    assert.equal(kill?.role, 'worker');
    assert.match(kill?.command ?? '', /workers\.py 4 2 600 30$/);
    // The sentence shortens a long command line with "…" (the full one is kill.command, above), so how
    // much of the script's path it keeps depends on where the checkout lies.
    assert.match(
      train.because,
      new RegExp(`forked worker pid ${kill?.pid} \\(python3? \\S*(?:workers\\.py|…)`),
    );
  });

  test('a Pool whose worker is killed hangs; headroom stops it, with the kill as the reason', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const run = await runSupervised([
      launch('pool', [python!, script('workers.py'), '4', '1', '600', '1', 'pool'], {
        hostMemoryBytes: 256 * MiB,
      }),
    ]);
    const pool = run.processNamed('pool');
    assert.equal(pool.reason, 'oom-killed', pool.because);
    // headroom stops the hung pool; on a loaded machine the kernel may take the main process too
    // before the stop lands. Either way the worker's kill is named and the run fails with 137.
    assert.match(pool.because, /on_oom_kill: stop|the main process pid \d+/);
    assert.ok(
      pool.oomKills.some((k) => k.role === 'worker' && k.source === 'kernel-log'),
      JSON.stringify(pool.oomKills),
    );
    assert.equal(run.summary.exitCode, 137);
  });

  test('on_oom_kill: warn lets the process go on; a clean exit stays clean and the kills are still listed', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const run = await runSupervised([
      launch('forks', [python!, script('forks.py'), '12', '100', '2'], {
        hostMemoryBytes: 512 * MiB,
        onOomKill: 'warn',
      }),
    ]);
    const forks = run.processNamed('forks');
    assert.equal(forks.reason, 'exited', forks.because);
    const killedLine = /(\d+) of 12 children were killed/.exec(run.outputOf('forks'));
    const killed = Number(killedLine?.[1]);
    assert.ok(killed >= 1, run.outputOf('forks'));
    // Every kill the children's parent saw is one headroom named, with its PID.
    assert.equal(forks.oomKills.length, killed, JSON.stringify(forks.oomKills));
    assert.ok(forks.oomKills.every((k) => k.pid !== null && k.role === 'worker'));
    assert.match(forks.because, /after the OOM killer killed .*on_oom_kill: warn/);
    assert.equal(run.summary.exitCode, 0);
  });

  test('an outside kill -9 of a parent whose worker was OOM-killed earlier is that signal, not its OOM kill', async (t) => {
    if (skipReason) return t.skip(skipReason);
    let rootPid = 0;
    const run = await runSupervised(
      [
        launch('train', [python!, script('workers.py'), '2', '1', '600', '30'], {
          hostMemoryBytes: 256 * MiB,
          onOomKill: 'warn',
        }),
      ],
      {
        onUpdate: (update) => {
          if (update.kind !== 'event') return;
          if (update.event.type === 'spawn') rootPid = Number(update.event.pid);
          if (update.event.type === 'oom-kill' && rootPid > 0) process.kill(rootPid, 'SIGKILL');
        },
      },
    );
    const train = run.processNamed('train');
    assert.equal(train.signal, 'SIGKILL');
    assert.equal(train.reason, 'signal', train.because);
    assert.match(train.because, /from outside headroom.*earlier, the OOM killer killed/);
    assert.equal(train.oomKills.length, 1);
  });
});
