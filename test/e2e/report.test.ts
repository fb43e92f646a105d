// `headroom report` on real run records (seed 000 on a simulated card; a learner OOM-killed by its
// cgroup), opened from a file:// URL in real headless Chromium: no console error, every chart's
// canvas painted, every event listed, no request beyond the file itself, a screenshot written; a
// day-long record thinned to the charts' points.
// UPDATE_SCREENSHOTS=1 also copies the seed 000 screenshot to docs/report.png (the README's).
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { countPaintedPixels, launchBrowser, noBrowser, openReport } from './browser.js';
import { repoRoot, runCli } from './cli.js';
import { hostOomConfig, newScratch, noCgroup, recordRun, seedConfig } from './records.js';

const scratch = newScratch('report');
let browser: Browser | undefined;
before(async () => {
  if (!noBrowser) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const countLines = (path: string): number =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;

/** Writes the report of `runDir`, opens it, checks what every report must satisfy; returns the page. */
async function checkReport(runDir: string, name: string) {
  const output = join(scratch, `${name}.html`);
  const written = runCli(['report', runDir, '-o', output, '--json']);
  assert.equal(written.code, 0, written.stderr);
  assert.equal(JSON.parse(written.stdout).output, output);
  const url = pathToFileURL(output).href;
  const opened = await openReport(browser!, url);
  const { page } = opened;
  assert.deepEqual(opened.errors, [], 'no console or page errors');
  // Charts: one per card, two per process with GPU memory (host, GPU); each painted.
  const painted = await countPaintedPixels(page);
  assert.ok(painted.length >= 3, `${painted.length} canvases`);
  for (const [i, pixels] of painted.entries())
    assert.ok(pixels > 2000, `canvas ${i} has ${pixels} painted pixels`);
  // Every event of events.jsonl is a row of the events table.
  const eventRows = await page.locator('#events tbody tr').count();
  assert.equal(eventRows, countLines(join(runDir, 'events.jsonl')));
  const screenshot = join(scratch, `${name}.png`);
  await page.screenshot({ path: screenshot, fullPage: true });
  assert.ok(statSync(screenshot).size > 10_000, 'a screenshot was written');
  // The page's only request is the page itself: scripts, styles and data are inline.
  assert.deepEqual(opened.requests, [url]);
  return { ...opened, screenshot, painted };
}

let seedRun = '';

describe('headroom report in a real browser', { skip: noBrowser }, () => {
  test('seed 000 on a simulated card: plan, summary, one card chart and two charts per process', async () => {
    const { runDir, code, stderr } = recordRun({ scratch, config: seedConfig, name: 'seed000' });
    assert.equal(code, 0, stderr);
    seedRun = runDir;
    const { page, painted, screenshot } = await checkReport(runDir, 'seed000');
    assert.equal(painted.length, 1 + 3 * 2);
    const summary = await page.locator('#summary tbody').innerText();
    for (const name of ['sim', 'learner', 'actor']) assert.match(summary, new RegExp(`${name}\\s+exited`));
    const plan = await page.locator('#plan').innerText();
    assert.match(plan, /learner\s+jax\s+0\s+7\.20 GiB\s+30\.0%/);
    // The budgets and limits are drawn: each chart's legend names them.
    const legends = await page.locator('.u-legend').allInnerTexts();
    assert.equal(legends.filter((text) => /GPU budget/.test(text)).length, 3);
    assert.equal(legends.filter((text) => /host limit/.test(text)).length, 2, 'learner and actor have one');
    assert.match(await page.locator('header').innerText(), /simulated GPU/);
    await page.close();
    if (process.env.UPDATE_SCREENSHOTS === '1')
      copyFileSync(screenshot, join(repoRoot, 'docs', 'report.png'));
  });

  test('a record cut short by a crash (half a sample line, no summary.json) still makes a page', async (t) => {
    if (!seedRun) return t.skip('needs the seed 000 record of the test before');
    const runDir = join(scratch, 'cut-short');
    cpSync(seedRun, runDir, { recursive: true });
    rmSync(join(runDir, 'summary.json'));
    const samples = readFileSync(join(runDir, 'samples.jsonl'), 'utf8');
    writeFileSync(join(runDir, 'samples.jsonl'), samples.slice(0, Math.floor(samples.length / 2)));
    const { page } = await checkReport(runDir, 'cut-short');
    assert.match(await page.locator('#status').innerText(), /no summary\.json/);
    await page.close();
  });

  test('a day-long record is thinned: the page says so, draws every chart, and stays small', async (t) => {
    if (!seedRun) return t.skip('needs the seed 000 record of the test before');
    const runDir = join(scratch, 'day-long');
    cpSync(seedRun, runDir, { recursive: true });
    // The seed run's samples repeated over 24 h at run's 2 Hz: 172,800 samples. Each sample is written
    // once around a marker for its time, which each line fills in (the same lines as JSON.stringify of
    // the sample with its new time, without 172,800 stringifies of 800 bytes).
    const lines = countLines(join(runDir, 'samples.jsonl'));
    const samples = readFileSync(join(runDir, 'samples.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { time: string });
    const startMs = Date.parse(samples[0]!.time);
    const marker = JSON.stringify('\u0000time\u0000');
    const around = samples.map((sample) =>
      JSON.stringify({ ...sample, time: JSON.parse(marker) }).split(marker),
    );
    const day = Array.from({ length: 172_800 }, (_, i) => {
      const [before, after] = around[i % lines]!;
      return `${before}${JSON.stringify(new Date(startMs + i * 500).toISOString())}${after}`;
    });
    writeFileSync(join(runDir, 'samples.jsonl'), `${day.join('\n')}\n`);
    const { page } = await checkReport(runDir, 'day-long');
    assert.match(await page.locator('header').innerText(), /each chart point the highest of 44 samples/);
    assert.ok(statSync(join(scratch, 'day-long.html')).size < 2 * 1024 ** 2, 'the page stays under 2 MiB');
    await page.close();
  });

  test('a host OOM kill: the kill and the restart are marked, and doctor diagnoses host memory', async (t) => {
    if (noCgroup) return t.skip(`no cgroup can be made here: ${noCgroup}`);
    const { runDir, code, stderr } = recordRun({ scratch, config: hostOomConfig, name: 'host-oom' });
    assert.equal(code, 137, stderr);
    const { page } = await checkReport(runDir, 'host-oom');
    const marks = await page.locator('#events tbody td:nth-child(3)').allInnerTexts();
    assert.equal(marks.filter((mark) => mark === 'OOM kill').length, 2, marks.join(' '));
    assert.equal(marks.filter((mark) => mark === 'restart').length, 1, marks.join(' '));
    assert.match(
      await page.locator('#summary tbody').innerText(),
      /learner\s+oom-killed\s+certain\s+SIGKILL\s+1\s+2/,
    );
    assert.match(await page.locator('#diagnosis').innerText(), /learner: the process ran out of host memory/);
    await page.close();
  });
});
