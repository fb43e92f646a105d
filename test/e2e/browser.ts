// A real headless Chromium (Debian's `chromium`, driven by playwright-core) for the page tests:
// it records console errors, page errors and every request the page makes.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const candidates = [process.env.HEADROOM_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium binary to drive, or undefined when none is installed. */
export const chromiumPath = candidates.find((path): path is string => Boolean(path) && existsSync(path!));

/** Why the browser tests cannot run here, or undefined when they can. */
export const noBrowser = chromiumPath
  ? undefined
  : 'needs Chromium: apt-get install chromium (or set HEADROOM_CHROMIUM)';

/** A page and what it did: console errors, uncaught errors, requested URLs. */
export interface WatchedPage {
  page: Page;
  errors: string[];
  requests: string[];
}

/** Starts Chromium headless; `--no-sandbox` because tests run as root. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath!, args: ['--no-sandbox'] });
}

/** Opens `url` in a 1280-pixel-wide page and waits until the report script has rendered it. */
export async function openReport(browser: Browser, url: string): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
  await page.waitForSelector('body[data-rendered="true"]', { timeout: 30_000 });
  return { page, errors, requests };
}

interface PageCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}
interface PageDocument {
  querySelectorAll(selector: 'canvas'): Iterable<PageCanvas>;
}

/** For each canvas of the page: how many of its pixels are painted (not transparent, not white). */
export function countPaintedPixels(page: Page): Promise<number[]> {
  // Runs in the page (serialised: no named functions inside, the DOM typed by hand as tsconfig has no DOM lib).
  return page.evaluate(() =>
    [...(globalThis as unknown as { document: PageDocument }).document.querySelectorAll('canvas')].map(
      (canvas) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) return 0;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 0; i < data.length; i += 4) {
          const isWhite = data[i]! > 245 && data[i + 1]! > 245 && data[i + 2]! > 245;
          if (data[i + 3]! > 0 && !isWhite) painted += 1;
        }
        return painted;
      },
    ),
  );
}
