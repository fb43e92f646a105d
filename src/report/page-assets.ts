// Reads what the report page inlines: uPlot's browser build and stylesheet from node_modules, and
// the page's own script and styles from assets/report/ (shipped with the package).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PageAssets } from './html.js';

const require = createRequire(import.meta.url);
// src/report/ and dist/report/ are both two levels below the package root.
const assetsDir = new URL('../../assets/report/', import.meta.url);

let cached: PageAssets | undefined;

/** The page's scripts and styles, read once per process. */
export function readPageAssets(): PageAssets {
  cached ??= {
    // uPlot's IIFE build defines the global `uPlot` the page script uses (uplot/dist/uPlot.iife.min.js).
    chartLibraryJs: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    chartLibraryCss: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
    chartsJs: readFileSync(new URL('charts.js', assetsDir), 'utf8'),
    pageJs: readFileSync(new URL('page.js', assetsDir), 'utf8'),
    pageCss: readFileSync(new URL('page.css', assetsDir), 'utf8'),
  };
  return cached;
}
