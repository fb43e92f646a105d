// A real Prometheus (Debian's `prometheus`, config written here, scraping every second on
// 127.0.0.1) against `run --metrics`: seed 000's per-process series exist with their labels, and in
// a run the kernel OOM-kills, the OOM-kill and restart counters go up; a GPU OOM counts as one.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startCli } from './background.js';
import { gpuOomConfig, hostOomConfig, newScratch, noCgroup, seedConfig } from './records.js';

const prometheusPath = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find(
  (path) => spawnSync(path, ['--version']).status === 0,
);
const noPrometheus = prometheusPath ? undefined : 'needs Prometheus: apt-get install prometheus';
const scratch = newScratch('prometheus');
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Prometheus {
  process: ChildProcess;
  /** GET /api/v1/<path> and return `data`. */
  api(path: string): Promise<unknown>;
}

async function startPrometheus(targetPort: number): Promise<Prometheus> {
  const dir = join(scratch, `prometheus-${targetPort}`);
  mkdirSync(dir);
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      '  - job_name: headroom',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${targetPort}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    prometheusPath!,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('prometheus did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const prometheus: Prometheus = {
    process: child,
    api: async (path) => {
      const body = (await (await fetch(`${base}/api/v1/${path}`)).json()) as {
        status: string;
        data: unknown;
      };
      assert.equal(body.status, 'success', JSON.stringify(body));
      return body.data;
    },
  };
  // Prometheus hands new targets to its scrapers at most every 5 s: wait until ours has been tried
  // once (it is down: nothing listens yet), so the run is scraped from its first second.
  for (;;) {
    const { activeTargets } = (await prometheus.api('targets')) as { activeTargets: { health: string }[] };
    if (activeTargets.some((target) => target.health !== 'unknown')) return prometheus;
    if (Date.now() > deadline) throw new Error('prometheus never tried its target');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `config` under `run --metrics` while `prometheus` scrapes it; returns run's exit code. */
async function runScraped(config: string, metricsPort: number, name: string): Promise<number> {
  const cli = startCli(
    ['run', '-c', config, '--run-dir', join(scratch, name), '--metrics', `127.0.0.1:${metricsPort}`],
    { HEADROOM_SIM_DIR: newScratch('prometheus-sim') },
  );
  await cli.waitFor(new RegExp(`metrics: http://127\\.0\\.0\\.1:${metricsPort}/metrics`));
  return cli.exited;
}

type Series = Record<string, string>;
type Vector = { metric: Series; value: [number, string] }[];

describe('run --metrics scraped by a real Prometheus', { skip: noPrometheus }, () => {
  let prometheus: Prometheus | undefined;
  let metricsPort = 0;
  before(async () => {
    metricsPort = await freePort();
    prometheus = await startPrometheus(metricsPort);
  });
  after(() => prometheus?.process.kill('SIGTERM'));

  test('seed 000: per-process GPU memory of sim, learner and actor, labelled', async (t) => {
    assert.equal(await runScraped(seedConfig, metricsPort, 'seed000'), 0);
    const series = (await prometheus!.api(
      `series?match[]=${encodeURIComponent('headroom_process_gpu_memory_bytes')}`,
    )) as Series[];
    const scrapes = (
      await Promise.all(
        ['count_over_time(up[5m])', 'sum_over_time(up[5m])'].map((q) => prometheus!.api(`query?query=${q}`)),
      )
    )
      .map((data) => (data as { result: Vector }).result[0]?.value[1])
      .join(' tried, ')
      .concat(' up');
    t.diagnostic(`${series.length} headroom_process_gpu_memory_bytes series; scrapes: ${scrapes}`);
    for (const name of ['sim', 'learner', 'actor']) {
      const own = series.filter((s) => s.process === name);
      assert.ok(own.length >= 1, `a series for ${name}: ${JSON.stringify(series)}; scrapes ${scrapes}`);
      for (const s of own) {
        assert.equal(s.job, 'headroom');
        assert.equal(s.instance, `127.0.0.1:${metricsPort}`);
        assert.match(s.pid ?? '', /^\d+$/);
        assert.equal(s.gpu, '0');
        assert.match(s.gpu_uuid ?? '', /^GPU-/);
        // Prometheus drops empty label values: a process without replicas has no replica label.
        assert.equal(s.replica, undefined);
      }
    }
    const budgets = (await prometheus!.api(
      `query?query=${encodeURIComponent('max_over_time(headroom_process_gpu_budget_bytes{process="learner"}[5m])')}`,
    )) as { result: Vector };
    // 30% of the 24 GiB card (plan.json's budgetBytes).
    assert.equal(Number(budgets.result[0]?.value[1]), 7730941132);
    const cards = (await prometheus!.api(
      `query?query=${encodeURIComponent('max_over_time(headroom_gpu_memory_total_bytes[5m])')}`,
    )) as { result: Vector };
    assert.equal(Number(cards.result[0]?.value[1]), 24 * 1024 ** 3);
  });

  test('a host OOM kill increments the OOM-kill counter (and the restart counter)', async (t) => {
    if (noCgroup) return t.skip(`no cgroup can be made here: ${noCgroup}`);
    assert.equal(await runScraped(hostOomConfig, metricsPort, 'host-oom'), 137);
    const query = async (expression: string): Promise<Vector> =>
      ((await prometheus!.api(`query?query=${encodeURIComponent(expression)}`)) as { result: Vector }).result;
    const kills = await query('max_over_time(headroom_process_oom_kills_total[5m])');
    const killsOf = (name: string): number => Number(kills.find((r) => r.metric.process === name)?.value[1]);
    t.diagnostic(`learner: ${killsOf('learner')} OOM kill(s) scraped`);
    assert.ok(killsOf('learner') >= 1, JSON.stringify(kills));
    assert.equal(killsOf('actor'), 0);
    const restarts = await query('max_over_time(headroom_process_restarts_total{process="learner"}[5m])');
    assert.ok(Number(restarts[0]?.value[1]) >= 1, JSON.stringify(restarts));
  });

  test('a GPU OOM at its own cap increments the GPU OOM counter of that process only', async (t) => {
    assert.equal(await runScraped(gpuOomConfig, metricsPort, 'gpu-oom'), 1);
    const result = (await prometheus!.api(
      `query?query=${encodeURIComponent('max_over_time(headroom_process_gpu_ooms_total[5m])')}`,
    )) as { result: Vector };
    const oomsOf = (name: string): number =>
      Number(result.result.find((r) => r.metric.process === name)?.value[1]);
    t.diagnostic(`trainer: ${oomsOf('trainer')} GPU OOM(s) scraped`);
    assert.equal(oomsOf('trainer'), 1, JSON.stringify(result.result));
    assert.equal(oomsOf('actor'), 0);
  });
});
