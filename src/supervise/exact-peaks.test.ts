// Exact peaks folded into the summary from what the tree's GPU clients append to peaks.jsonl: summed over
// the clients of an attempt, the highest attempt over restarts, a bad file costing the exact peaks only.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { cleanUpRuns, launch, MiB, program, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

test('two clients in one attempt are summed; over restarts the highest attempt is the peak', async () => {
  const run = await runSupervised([
    // Attempt 1: clients of 3 GiB and 1 GiB (4 GiB), exit 1; attempt 2: one client of 3.5 GiB, exit 0.
    launch('learner', [process.execPath, '-e', attempts()], { restart: 'on-failure', maxRestarts: 1 }),
  ]);
  const learner = run.processNamed('learner');
  assert.equal(learner.restarts, 1);
  assert.equal(learner.peakGpuBytes, 4096 * MiB);
  assert.equal(learner.peakGpuSource, 'framework');
  assert.equal(learner.exactPeaks?.length, 3);
});

// The first attempt leaves a marker file; the second finds it.
function attempts(): string {
  const writer = JSON.stringify(program('write-peak.mjs')[1]);
  return [
    "const { existsSync, writeFileSync } = require('node:fs');",
    "const { execFileSync } = require('node:child_process');",
    "const marker = process.env.HEADROOM_PEAKS_FILE + '.attempt';",
    'const again = existsSync(marker);',
    "writeFileSync(marker, '');",
    `const args = again ? ['0', '${3584 * MiB}'] : ['1', '${3072 * MiB}@101', '${1024 * MiB}@102'];`,
    `try { execFileSync(process.execPath, [${writer}, ...args], { stdio: 'inherit' }); } catch { process.exit(1); }`,
  ].join('\n');
}

test('a peaks file made a link by a child: a warning, the sampled peaks stand, the run ends normally', async () => {
  const run = await runSupervised([launch('odd', program('write-peak.mjs', 0, 'link'))]);
  const odd = run.processNamed('odd');
  assert.equal(odd.reason, 'exited', odd.because);
  assert.equal(odd.peakGpuSource ?? null, null, 'no GPU measured: no source');
  assert.deepEqual(odd.exactPeaks, []);
  assert.ok(run.events.some((e) => e.type === 'warning' && /exact peaks not read/.test(e.message)));
});

test('lines that are not peaks are left out', async () => {
  const run = await runSupervised([launch('junk', program('write-peak.mjs', 0, 'junk', String(512 * MiB)))]);
  const junk = run.processNamed('junk');
  assert.equal(junk.peakGpuBytes, 512 * MiB);
  assert.equal(junk.exactPeaks?.length, 1);
});
