// The /metrics registry fed from a run record's updates: gauges labelled from the plan, counters that
// exist from the start and go up with restarts and OOM kills, nothing left over when the run ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEvent, parsePlan, parseSample, parseSummary } from '../observe/parse-record.js';
import { feedRecordMetrics } from './from-record.js';
import { parseListenAddress } from './listen-address.js';
import { labelsOfInstance } from './observation.js';
import { createMetrics } from './registry.js';

const GiB = 1024 ** 3;
const plan = parsePlan({
  devices: [{ index: 0, name: 'sim', totalBytes: 24 * GiB }],
  processes: [
    { name: 'actor.1', process: 'actor', replica: 1, device: 0, budgetBytes: 2 * GiB, hostMemoryBytes: GiB },
  ],
})!;
const line = (text: string, name: string): string | undefined =>
  text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

test('samples become labelled gauges; restarts and OOM kills count; the end clears the gauges', async () => {
  const metrics = createMetrics();
  const feed = feedRecordMetrics(metrics);
  feed({ kind: 'plan', plan });
  let text = await metrics.render();
  assert.equal(
    line(text, 'headroom_process_oom_kills_total'),
    'headroom_process_oom_kills_total{process="actor",replica="1"} 0',
  );
  feed({
    kind: 'sample',
    sample: parseSample({
      time: '2026-01-01T00:00:01Z',
      processes: {
        'actor.1': { pid: 42, rssBytes: 3, pssBytes: 2, swapBytes: 0, hostBytes: 2, gpuBytes: GiB },
      },
      gpus: [{ index: 0, uuid: 'GPU-9', usedBytes: 5 * GiB, totalBytes: 24 * GiB }],
    })!,
  });
  for (const type of ['restart', 'oom-kill']) {
    feed({
      kind: 'event',
      event: parseEvent({ time: '2026-01-01T00:00:02Z', type, process: 'actor.1', message: '' })!,
    });
  }
  text = await metrics.render();
  assert.equal(
    line(text, 'headroom_process_gpu_memory_bytes'),
    `headroom_process_gpu_memory_bytes{process="actor",replica="1",pid="42",gpu="0",gpu_uuid="GPU-9"} ${GiB}`,
  );
  assert.match(line(text, 'headroom_process_gpu_budget_bytes') ?? '', / 2147483648$/);
  assert.match(line(text, 'headroom_process_host_limit_bytes') ?? '', / 1073741824$/);
  assert.match(line(text, 'headroom_process_host_rss_bytes') ?? '', / 3$/);
  assert.equal(
    line(text, 'headroom_gpu_memory_used_bytes'),
    `headroom_gpu_memory_used_bytes{gpu="0",gpu_uuid="GPU-9",name="sim"} ${5 * GiB}`,
  );
  assert.match(line(text, 'headroom_process_restarts_total') ?? '', /} 1$/);
  assert.match(line(text, 'headroom_process_oom_kills_total') ?? '', /} 1$/);
  feed({ kind: 'summary', summary: parseSummary({ processes: [] })! });
  text = await metrics.render();
  assert.equal(line(text, 'headroom_process_gpu_memory_bytes'), undefined);
  assert.match(line(text, 'headroom_process_oom_kills_total') ?? '', /} 1$/, 'counters stay');
  assert.match(text, /# TYPE headroom_process_oom_kills_total counter/);
});

test('a GPU OOM counts once per start, whether the record marks it at the exit (v2) or also before it (v1)', async () => {
  const metrics = createMetrics();
  const feed = feedRecordMetrics(metrics);
  feed({ kind: 'plan', plan });
  const event = (type: string, fields: Record<string, unknown> = {}) =>
    feed({
      kind: 'event',
      event: parseEvent({ time: '2026-01-01T00:00:02Z', type, process: 'actor.1', message: '', ...fields })!,
    });
  assert.match(line(await metrics.render(), 'headroom_process_gpu_ooms_total') ?? '', /} 0$/);
  event('spawn');
  event('exit', { reason: 'gpu-oom' });
  assert.match(line(await metrics.render(), 'headroom_process_gpu_ooms_total') ?? '', /} 1$/);
  event('spawn');
  event('oom', { kind: 'gpu' });
  event('exit', { reason: 'gpu-oom' });
  event('spawn');
  event('exit', { reason: 'failed' });
  assert.equal(
    line(await metrics.render(), 'headroom_process_gpu_ooms_total'),
    'headroom_process_gpu_ooms_total{process="actor",replica="1"} 2',
  );
});

test('instance names and listen addresses', () => {
  assert.deepEqual(labelsOfInstance('actor.12'), { process: 'actor', replica: '12' });
  assert.deepEqual(labelsOfInstance('sim'), { process: 'sim', replica: '' });
  assert.deepEqual(parseListenAddress('9477', '--metrics'), { host: '127.0.0.1', port: 9477 });
  assert.deepEqual(parseListenAddress('0.0.0.0:0', '--metrics'), { host: '0.0.0.0', port: 0 });
  assert.deepEqual(parseListenAddress('[::1]:80', '--metrics'), { host: '::1', port: 80 });
  assert.throws(
    () => parseListenAddress('host:99999', '--metrics'),
    /--metrics host:99999: expected PORT or HOST:PORT/,
  );
  assert.throws(() => parseListenAddress('nope', '--metrics'), /expected PORT/);
});
