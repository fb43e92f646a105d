// The live dashboard: `serve` on a real run record (access token off loopback, 401 without it,
// nothing outside the run served), and `run --dashboard` followed live in headless Chromium.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startCli } from './background.js';
import { countPaintedPixels, launchBrowser, noBrowser, openReport } from './browser.js';
import { newScratch, recordRun, seedConfig } from './records.js';

const scratch = newScratch('dashboard');
// A finished seed 000 record for `serve`: the one the live test (the first below) made when it ran to
// its end; else one recorded here, so that `serve`'s tests never depend on the browser's.
let seedRun = '';
function finishedSeedRun(): string {
  if (!seedRun) {
    const { runDir, code, stderr } = recordRun({ scratch, config: seedConfig, name: 'seed000' });
    assert.equal(code, 0, stderr);
    seedRun = runDir;
  }
  return seedRun;
}
after(() => rmSync(scratch, { recursive: true, force: true }));

/** GET with the path sent exactly as written (no `..` folding), and an optional Host header. */
function get(port: number, path: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = host ? { host } : {};
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('run --dashboard in a real browser', { skip: noBrowser }, () => {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  test('the page follows seed 000 as it runs, to its summary', async () => {
    const runDir = join(scratch, 'live');
    const cli = startCli(['run', '-c', seedConfig, '--run-dir', runDir, '--dashboard', '0'], {
      HEADROOM_SIM_DIR: newScratch('dashboard-sim'),
    });
    try {
      const url = (await cli.waitFor(/dashboard: (http:\/\/\S+)/))[1]!;
      const opened = await openReport(browser!, url);
      const { page } = opened;
      // Samples arrive while the page is open; the run ends and its summary reaches the page.
      await page.waitForFunction(
        () => /ended/.test(String(Reflect.get(globalThis, 'document').getElementById('status')?.textContent)),
        undefined,
        { timeout: 60_000 },
      );
      assert.equal(await cli.exited, 0);
      assert.deepEqual(opened.errors, []);
      const painted = await countPaintedPixels(page);
      assert.equal(painted.length, 1 + 3 * 2);
      for (const pixels of painted) assert.ok(pixels > 2000, `painted ${pixels}`);
      const events = readFileSync(join(runDir, 'events.jsonl'), 'utf8').trim().split('\n').length;
      assert.equal(await page.locator('#events tbody tr').count(), events);
      assert.match(await page.locator('#summary tbody').innerText(), /learner\s+exited/);
      // Same origin only: the page itself and its event stream.
      const origin = new URL(url).origin;
      assert.deepEqual(
        opened.requests.filter((r) => !r.startsWith(origin)),
        [],
      );
      // A picture to look at, asked for by KEEP_SCREENSHOTS (nothing asserts it; ~0.3 CPU-s of Chromium's).
      if (process.env.KEEP_SCREENSHOTS)
        await page.screenshot({ path: process.env.KEEP_SCREENSHOTS, fullPage: true });
      await page.close();
      seedRun = runDir;
    } finally {
      await cli.stop();
    }
  });
});

describe('headroom serve', () => {
  test('off loopback: the token is required (401 without), and only the run’s own files are served', async () => {
    // A copy of the real record with one planted symlink pointing out of it.
    const runDir = join(scratch, 'served');
    cpSync(finishedSeedRun(), runDir, { recursive: true });
    symlinkSync('/etc/passwd', join(runDir, 'logs', 'escape.log'));
    const cli = startCli(['serve', runDir, '--host', '0.0.0.0', '--port', '0', '--json']);
    try {
      const started = JSON.parse((await cli.waitFor(/^\{.*\}$/m))[0]);
      const url = new URL(started.dashboardUrl);
      const port = Number(url.port);
      const token = url.searchParams.get('token') ?? '';
      assert.ok(token.length >= 20, `a random token: ${started.dashboardUrl}`);
      const withToken = (path: string): string => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;
      assert.equal((await get(port, '/')).status, 401);
      assert.equal((await get(port, '/events')).status, 401);
      assert.equal((await get(port, '/run/summary.json')).status, 401);
      assert.equal((await get(port, '/?token=wrong')).status, 401);
      const page = await get(port, withToken('/'));
      assert.equal(page.status, 200);
      assert.match(page.body, /id="headroom-model"/);
      const summary = await get(port, withToken('/run/summary.json'));
      assert.equal(summary.status, 200);
      assert.deepEqual(
        JSON.parse(summary.body),
        JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')),
      );
      assert.equal((await get(port, withToken('/run/logs/learner.log'))).status, 200);
      for (const path of [
        '/run/../../../../etc/passwd',
        '/run/logs/../../../../etc/passwd',
        '/run/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '/run/..%2f..%2f..%2fetc%2fpasswd',
        '/run/logs/escape.log',
        '/run/logs/',
        '/run/logs',
        '/run/',
        '/run/report.html',
        '/etc/passwd',
      ]) {
        const answer = await get(port, withToken(path));
        assert.equal(answer.status, 404, path);
        assert.doesNotMatch(answer.body, /root:/, path);
      }
    } finally {
      assert.equal(await cli.stop(), 130);
    }
  });

  test('on loopback: no token, but a foreign Host header is refused (DNS rebinding)', async () => {
    const cli = startCli(['serve', finishedSeedRun(), '--port', '0', '--json']);
    try {
      const url = new URL(JSON.parse((await cli.waitFor(/^\{.*\}$/m))[0]).dashboardUrl);
      assert.equal(url.hostname, '127.0.0.1');
      assert.equal(url.search, '');
      assert.equal((await get(Number(url.port), '/')).status, 200);
      assert.equal((await get(Number(url.port), '/', `evil.example:${url.port}`)).status, 403);
    } finally {
      await cli.stop();
    }
  });

  test('serve without a run directory or --latest is a usage error', async () => {
    const cli = startCli(['serve']);
    assert.equal(await cli.exited, 2);
    assert.match(cli.output(), /run directory or --latest/);
  });
});
