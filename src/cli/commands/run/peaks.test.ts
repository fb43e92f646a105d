// Exact peaks through `headroom run` (issue #21): a workload that holds 8 GiB on the simulated card for
// 150 ms is reported at 8 GiB, source simulated-card, whatever the samples saw; the table says the source.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runSummarySchema } from '../../../run-record/schema.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const GiB = 1024 ** 3;
const spike = fileURLToPath(new URL('../../../../test/programs/gpu-spike.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'headroom-run-peaks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('8 GiB held for 150 ms on the simulated card: the summary says 8 GiB from the simulated card', async () => {
  const runDir = join(scratch, 'spike');
  const result = await runHeadroom(
    [
      'run',
      '--gpu',
      'sim:24GiB',
      '--gpu-memory',
      '12GiB',
      '--run-dir',
      runDir,
      '--',
      process.execPath,
      spike,
      String(8 * GiB),
      '150',
      String(1 * GiB),
      '1200',
    ],
    { env: { HEADROOM_SIM_DIR: join(scratch, 'sim') } },
  );
  assert.equal(result.code, 0, result.stderr);
  const summary = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
  const [only] = summary.processes;
  assert.equal(only?.peakGpuBytes, 8 * GiB);
  assert.equal(only?.peakGpuSource, 'simulated-card');
  assert.equal(only?.exactPeaks?.length, 1);
  assert.equal(only?.exactPeaks?.[0]?.framework, 'sim');
  // The samples (every 500 ms) saw the 1 GiB it held after the spike; they are kept, labelled, beside it.
  assert.ok((only?.peakSampledGpuBytes ?? 0) >= 1 * GiB);
  const table = result.stderr + result.stdout;
  assert.match(table, /8\.00 GiB \(simulated-card\)/);
  assert.match(table, /node: GPU peak 8\.00 GiB from the simulated card's exact record; samples saw at most/);
  assert.match(table, /^peaks: simulated-card: .*; sampled: headroom's samples every 500 ms/m);
});

// Two GPU clients in one process's tree (joblib's workers): summed only when they held the card together.
for (const [how, joiner, expected, clients] of [
  ['one after another', ';', 6, 1],
  ['at the same time', '&', 10, 2],
] as const) {
  test(`two clients ${how}: the exact peak is ${expected} GiB from ${clients} client(s)`, async () => {
    const runDir = join(scratch, `clients-${clients}`);
    const one = (gib: number) => `"${process.execPath}" "${spike}" ${gib * GiB} 150 0 400`;
    const script = `${one(6)} ${joiner} ${one(4)}; wait`;
    const result = await runHeadroom(
      ['run', '--gpu', 'sim:24GiB', '--gpu-memory', '20GiB', '--run-dir', runDir, '--', 'sh', '-c', script],
      { env: { HEADROOM_SIM_DIR: join(scratch, `sim-${clients}`) } },
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
    const [only] = summary.processes;
    assert.equal(only?.exactPeaks?.length, 2);
    assert.ok(
      only?.exactPeaks?.every((line) => typeof line.started === 'string'),
      'each line says when it started',
    );
    assert.equal(only?.peakGpuBytes, expected * GiB);
    const table = result.stderr + result.stdout;
    if (clients > 1) assert.match(table, /the sum of 2 GPU clients' own peaks/);
    else assert.doesNotMatch(table, /the sum of \d GPU clients/);
  });
}
