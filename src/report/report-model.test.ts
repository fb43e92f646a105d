// The report model and page from small records: series per process, what else was on a card, marks,
// a process that appears mid-run, and a page whose inlined data cannot close its script element.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEvent, parsePlan, parseSample } from '../observe/parse-record.js';
import type { RecordSample, RunRecordData } from '../observe/record-types.js';
import { buildReportModel, ReportModelBuilder } from './build-model.js';
import { renderReportHtml } from './html.js';
import { summaryRows } from './plan-rows.js';

const GiB = 1024 ** 3;
const plan = parsePlan({
  devices: [{ index: 0, name: 'sim', simulated: true, totalBytes: 24 * GiB, usableBytes: 23.5 * GiB }],
  processes: [
    { name: 'learner', framework: 'jax', device: 0, budgetBytes: 7 * GiB, hostMemoryBytes: 2 * GiB },
    { name: 'loader', framework: 'none', device: null, budgetBytes: 0 },
  ],
  findings: [],
})!;
const at = (second: number, learnerGpu: number, cardUsed: number): RecordSample =>
  parseSample({
    time: `2026-01-01T00:00:0${second}.000Z`,
    processes: {
      learner: { pid: 1, rssBytes: GiB, pssBytes: GiB, swapBytes: 0, hostBytes: GiB, gpuBytes: learnerGpu },
    },
    gpus: [{ index: 0, uuid: 'GPU-1', usedBytes: cardUsed, totalBytes: 24 * GiB }],
  })!;

test('a record becomes series per process, the others on each card, marks and limits', () => {
  const record: RunRecordData = {
    runDir: '/runs/r',
    plan,
    samples: [at(1, 2 * GiB, 5 * GiB), at(2, 3 * GiB, 3 * GiB)],
    events: [
      parseEvent({
        time: '2026-01-01T00:00:00.000Z',
        type: 'spawn',
        process: 'learner',
        message: 'started',
      })!,
      parseEvent({
        time: '2026-01-01T00:00:03.000Z',
        type: 'oom',
        kind: 'host',
        process: 'learner',
        message: 'killed',
      })!,
    ],
    summary: null,
    meta: null,
    problems: [],
  };
  const model = buildReportModel(record);
  assert.deepEqual(model.timesSec, [1, 2]);
  assert.deepEqual(model.series.learner?.gpuBytes, [2 * GiB, 3 * GiB]);
  assert.deepEqual(model.series.loader?.hostBytes, [null, null], 'planned but never sampled');
  assert.deepEqual(model.cardOthers['0'], [3 * GiB, 0], 'card used minus what headroom processes hold');
  assert.equal(model.cards[0]?.uuid, 'GPU-1', 'the UUID the plan lacked comes from the samples');
  assert.deepEqual(
    model.marks.map((m) => [m.timeSec, m.mark, m.label]),
    [
      [0, 'start', 'start'],
      [3, 'oom-kill', 'OOM kill'],
    ],
  );
  assert.equal(model.processes.find((p) => p.name === 'loader')?.gpuBudgetBytes, null, 'no GPU, no budget');
  assert.equal(model.processes.find((p) => p.name === 'learner')?.hostLimitBytes, 2 * GiB);
});

test('a process that first appears in a sample changes the layout; later samples are rows', () => {
  const builder = new ReportModelBuilder({ runDir: '/r', originMs: Date.parse('2026-01-01T00:00:00Z') });
  builder.setPlan(plan);
  assert.equal(builder.addSample(at(1, GiB, GiB)).kind, 'row');
  const surprise = parseSample({ time: '2026-01-01T00:00:02Z', processes: { extra: { hostBytes: 5 } } })!;
  assert.equal(builder.addSample(surprise).kind, 'layout');
  const change = builder.addSample(at(3, GiB, GiB));
  assert.equal(change.kind, 'row');
  assert.deepEqual(builder.model().series.extra?.hostBytes, [null, 5, null]);
  if (change.kind === 'row') assert.equal(change.row.values.extra?.hostBytes, null);
});

test("a long run is thinned to the charts' points, each the highest of its samples, so no peak is lost", () => {
  const samples = [0, 1, 2, 3, 4, 5, 6].map((second) =>
    at(second, second === 4 ? 9 * GiB : GiB, second === 4 ? 10 * GiB : 2 * GiB),
  );
  const record: RunRecordData = {
    runDir: '/runs/r',
    plan,
    samples,
    events: [],
    summary: null,
    meta: null,
    problems: [],
  };
  const model = buildReportModel(record, { maxPoints: 3 });
  assert.equal(model.samplesPerPoint, 3);
  assert.deepEqual(model.timesSec, [0, 3, 6]);
  assert.deepEqual(model.series.learner?.gpuBytes, [GiB, 9 * GiB, GiB], 'the 9 GiB peak survives');
  assert.deepEqual(model.series.loader?.hostBytes, [null, null, null], 'nothing held stays nothing');
  assert.deepEqual(model.cardOthers['0'], [GiB, GiB, GiB]);
  assert.equal(buildReportModel(record).samplesPerPoint, 1, 'a short run keeps every sample');
});

test('the page inlines everything, and data cannot end its script element', () => {
  const model = buildReportModel({
    runDir: '/r',
    plan: null,
    samples: [],
    events: [],
    summary: null,
    meta: null,
    problems: [],
  });
  model.runId = '</script><script>alert(1)</script>';
  const assets = { chartLibraryJs: 'var uPlot;', chartLibraryCss: '', chartsJs: '', pageJs: '', pageCss: '' };
  const html = renderReportHtml({ model, assets });
  assert.equal(html.match(/<\/script>/g)?.length, 4, 'the model, uPlot, charts and the page');
  assert.match(html, /connect-src 'none'/);
  assert.doesNotMatch(html, /<title>[^<]*<script/);
  assert.match(renderReportHtml({ model, assets, live: { eventsUrl: '/events' } }), /connect-src 'self'/);
});

test('summary rows: each peak with its source; a record without sources reads as sampled', () => {
  const MiB = 1024 ** 2;
  const rows = summaryRows({
    processes: [
      {
        name: 'trainer',
        reason: 'oom-killed',
        peakHostBytes: 480 * MiB,
        peakHostSource: 'cgroup',
        sampledHost: {
          rssBytes: 818 * MiB,
          pssBytes: 565 * MiB,
          hostBytes: 565 * MiB,
          samples: 9,
          intervalMs: 500,
        },
        peakGpuBytes: 8192 * MiB,
        peakGpuSource: 'framework',
      },
      { name: 'old', reason: 'exited', peakHostBytes: 64 * MiB, peakGpuBytes: null },
    ],
  } as unknown as Parameters<typeof summaryRows>[0]);
  assert.deepEqual(
    rows.map((r) => [r.name, r.peakHostSource, r.peakGpuSource, r.sampledRssBytes, r.sampledPssBytes]),
    [
      ['trainer', 'cgroup', 'framework', 818 * MiB, 565 * MiB],
      ['old', 'sampled', null, null, null],
    ],
  );
});
