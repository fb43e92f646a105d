// /metrics at a run's end: the server waits for one more scrape (two of the scraper's intervals, at
// most the cap) so the last counts are read, and does not wait for a scraper that never came.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseListenAddress } from './listen-address.js';
import { createMetrics } from './registry.js';
import { lastScrapeWaitMs, serveMetrics } from './serve-metrics.js';

test('the wait for a last scrape: none without a scraper, the cap after one scrape, two intervals after more', () => {
  assert.equal(lastScrapeWaitMs([], 5000), 0);
  assert.equal(lastScrapeWaitMs([1000], 5000), 5000);
  assert.equal(lastScrapeWaitMs([1000, 2000], 5000), 2000);
  // Prometheus' default 15 s interval: the run's end waits the cap, not 30 s.
  assert.equal(lastScrapeWaitMs([0, 15_000], 5000), 5000);
});

const scrape = async (url: string): Promise<string> => (await fetch(url)).text();

test('nextScrape resolves when a scrape that came after it is answered, and that scrape has the last count', async () => {
  const metrics = createMetrics();
  const server = await serveMetrics(metrics, parseListenAddress('127.0.0.1:0', '--metrics'));
  try {
    assert.equal(await server.nextScrape(5000), false, 'nobody scraped: no wait');
    // Two scrapes 250 ms apart: the wait below is then two of those intervals (500 ms), which the scrape
    // after it meets however busy the machine (back to back, the window was twice a few ms; a loaded
    // machine missed it once in ten runs of npm test's light files).
    await scrape(server.url);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await scrape(server.url);
    const counter = metrics.registry.getSingleMetric('headroom_process_gpu_ooms_total');
    assert.ok(counter, 'the GPU OOM counter is registered');
    const waited = server.nextScrape(5000);
    // The run's last increment lands after the wait began; the scrape that ends the wait reads it.
    (counter as { inc(labels: Record<string, string>): void }).inc({ process: 'trainer', replica: '' });
    const body = await scrape(server.url);
    assert.equal(await waited, true);
    assert.match(body, /^headroom_process_gpu_ooms_total\{process="trainer",replica=""\} 1$/m);
  } finally {
    await server.close();
  }
});

test('a scraper that stopped coming is waited for two of its intervals, then not', async () => {
  const server = await serveMetrics(createMetrics(), parseListenAddress('127.0.0.1:0', '--metrics'));
  try {
    await scrape(server.url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await scrape(server.url);
    const started = Date.now();
    assert.equal(await server.nextScrape(5000), false);
    // It did wait: two intervals of at least 50 ms each.
    assert.ok(Date.now() - started >= 90, `waited ${Date.now() - started} ms`);
  } finally {
    await server.close();
  }
});
