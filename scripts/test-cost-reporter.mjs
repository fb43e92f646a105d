// A node --test reporter that writes what each test file cost, for scripts/test-costs.json (which
// scripts/test-files.ts orders `npm test` by): the seconds of its top-level tests, summed, for every
// file over one second. Run beside the usual reporter (after `npm run build`):
//   node scripts/test.mjs --costs scripts/test-costs.json
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildRoot = join(root, '.test-build');

// Plain JavaScript: node --test loads a reporter before any --import hook (tsx) is in place.
/** @param {AsyncIterable<import('./test-cost-reporter.d.mts').TestEvent>} source */
export default async function* testCosts(source) {
  const msByFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.nesting !== 0 || !event.data.file) continue;
    // A build in .test-build/ (npm test runs those) is named by its `.ts` file.
    const built = relative(buildRoot, event.data.file);
    const file = built.startsWith('..') ? relative(root, event.data.file) : built.replace(/\.js$/, '.ts');
    msByFile.set(file, (msByFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  const seconds = Object.fromEntries(
    [...msByFile]
      .filter(([, ms]) => ms >= 1000)
      .sort((a, b) => b[1] - a[1])
      .map(([file, ms]) => [file, Math.round(ms / 100) / 10]),
  );
  const note =
    'seconds of each test file (its top-level tests summed, files over 1 s) in a full run; scripts/test-cost-reporter.mjs writes it';
  yield `${JSON.stringify({ note, measuredAt: new Date().toISOString(), seconds }, null, 2)}\n`;
}
