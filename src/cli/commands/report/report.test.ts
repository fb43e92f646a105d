// `headroom report` without a run directory, run in-process in a directory of its own (the page in a
// real browser: test/e2e/report.test.ts).
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

test('report without a run directory uses the latest run under .headroom/runs', async () => {
  const cwd = scratchDir('report-latest');
  const empty = await runHeadroom(['report'], { cwd });
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /no run under \.headroom\/runs/);
  const runsDir = join(cwd, '.headroom', 'runs');
  mkdirSync(runsDir, { recursive: true });
  const runDir = join(runsDir, 'r1');
  assert.equal((await runHeadroom(['run', '--run-dir', runDir, '--', 'true'], { cwd })).code, 0);
  const latest = await runHeadroom(['report', '--json'], { cwd });
  assert.equal(latest.code, 0, latest.stderr);
  assert.equal(JSON.parse(latest.stdout).output, join(runDir, 'report.html'));
});

test('report accepts a record cut short to its plan.json, as doctor does (one judge of run records)', async () => {
  const runDir = scratchDir('report-plan-only');
  writeFileSync(join(runDir, 'plan.json'), '{"devices":[],"processes":[],"findings":[]}');
  const report = await runHeadroom(['report', runDir, '--json']);
  assert.equal(report.code, 0, report.stderr);
  assert.match(JSON.parse(report.stdout).problems.join('\n'), /no summary\.json/);
  assert.equal((await runHeadroom(['doctor', runDir])).code, 0);
});

test('report never writes through a link planted as report.html: the link is replaced, its target untouched', async () => {
  const cwd = scratchDir('report-link');
  const runDir = join(cwd, 'run');
  assert.equal((await runHeadroom(['run', '--run-dir', runDir, '--', 'true'], { cwd })).code, 0);
  const victim = join(cwd, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  symlinkSync(victim, join(runDir, 'report.html'));
  const report = await runHeadroom(['report', runDir, '--json'], { cwd });
  assert.equal(report.code, 0, report.stderr);
  assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
  assert.equal(lstatSync(join(runDir, 'report.html')).isFile(), true);
  assert.match(readFileSync(join(runDir, 'report.html'), 'utf8'), /^<!doctype html>/i);
  // `-o` naming a link: the same.
  symlinkSync(victim, join(cwd, 'page.html'));
  assert.equal((await runHeadroom(['report', runDir, '-o', 'page.html'], { cwd })).code, 0);
  assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
  assert.equal(lstatSync(join(cwd, 'page.html')).isFile(), true);
});
