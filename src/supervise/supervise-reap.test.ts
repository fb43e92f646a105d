// Reaping (issue #22 item 4): as a child subreaper headroom adopts what double-forks out of a tree;
// every adopted process that ends is reaped, tracked or not, so zombies cannot pile up.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { cleanUpRuns, launch, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

// Counts zombies whose parent is headroom ($PPID of the shell headroom started), from /proc.
const countZombies = `
const parent = Number(process.argv[1]);
const count = () => {
  let zombies = 0;
  for (const entry of require('node:fs').readdirSync('/proc')) {
    try {
      const stat = require('node:fs').readFileSync('/proc/' + entry + '/stat', 'latin1');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' && Number(ppid) === parent) zombies += 1;
    } catch {}
  }
  return zombies;
};
const started = Date.now();
const poll = () => {
  const zombies = count();
  if (zombies <= 10 || Date.now() - started > 20000) console.log('zombies ' + zombies);
  else setTimeout(poll, 250);
};
poll();`;

test('1000 `(cmd &)` leave at most 10 zombies behind while the run goes on', {
  timeout: 120_000,
}, async () => {
  // Each `(true &)` forks a subshell that forks `true` and exits at once: `true` ends as an orphan
  // that headroom adopted. Counted from a second after the last, while the process still runs, until
  // at most 10 are left or 20 s have passed (a loaded machine delays the supervisor, not the count).
  const script = `i=0; while [ $i -lt 1000 ]; do (true &); i=$((i+1)); done; sleep 1; '${process.execPath}' -e "${countZombies.replaceAll('"', '\\"').replaceAll('$', '\\$')}" $PPID`;
  const run = await runSupervised([launch('forker', ['/bin/sh', '-c', script])], { sampleIntervalMs: 500 });
  assert.equal(run.processNamed('forker').reason, 'exited', run.processNamed('forker').because);
  const zombies = Number(/zombies (\d+)/.exec(run.outputOf('forker'))?.[1]);
  assert.ok(zombies <= 10, `${zombies} zombies`);
  const reaped = run.events.find((e) => e.type === 'reaped');
  assert.ok(reaped && (reaped.count as number) >= 990, JSON.stringify(reaped));
});
