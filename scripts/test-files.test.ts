// npm test's file order: every test file once, the costliest known first; and the reporter that
// measures the costs sums each file's top-level tests.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import testCosts, { type TestEvent } from './test-cost-reporter.mjs';
import { heavyTestFiles, orderedTestFiles } from './test-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));

test('every test file is run once, the costliest known first, then the rest by path', () => {
  // Each of the three folders walked on its own: not the repository's node_modules, .git and dist.
  const all = ['src', 'test', 'scripts']
    .flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[]).map((f) => join(dir, f)),
    )
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))
    .sort();
  const ordered = orderedTestFiles();
  assert.deepEqual([...ordered].sort(), all);
  const { seconds } = JSON.parse(readFileSync(join(root, 'scripts', 'test-costs.json'), 'utf8')) as {
    seconds: Record<string, number>;
  };
  const costs = ordered.map((file) => seconds[file] ?? 0);
  assert.deepEqual(
    costs,
    [...costs].sort((a, b) => b - a),
  );
  const unknown = ordered.filter((file) => seconds[file] === undefined);
  assert.deepEqual(unknown, [...unknown].sort());
});

test('every heavy file the runner holds back is a test file it runs', () => {
  const ordered = orderedTestFiles();
  assert.deepEqual(
    heavyTestFiles.filter((file) => !ordered.includes(file)),
    [],
  );
});

test("the cost reporter sums each file's top-level tests, in seconds, files over a second", async () => {
  const event = (file: string, nesting: number, ms: number) => ({
    type: 'test:pass',
    data: { file: join(root, file), nesting, name: 'x', details: { duration_ms: ms } },
  });
  async function* source(): AsyncGenerator<TestEvent> {
    yield event('src/a.test.ts', 0, 1500);
    yield event('src/a.test.ts', 1, 9000); // inside the first: counted there already
    yield event('src/b.test.ts', 0, 4000);
    yield event('src/a.test.ts', 0, 1000);
    yield event('src/c.test.ts', 0, 200);
    yield { type: 'test:diagnostic', data: {} };
  }
  let written = '';
  for await (const text of testCosts(source())) written += text;
  assert.deepEqual(JSON.parse(written).seconds, { 'src/b.test.ts': 4, 'src/a.test.ts': 2.5 });
});
