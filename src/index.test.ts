// The library entry: the README's example, taken from README.md as it is, typechecks against the built
// package (`import ... from 'headroom'`) and prints what the README says; and the entry lists its names
// (no `export *`, no test helper).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import ts from 'typescript';
import * as headroom from './index.js';
import { repoRoot } from './probe/gpu/test-helpers/shared.js';

/** The ```ts block under "## As a library". */
function readmeExample(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## As a library'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  assert.ok(match, 'README.md has a ```ts example under "## As a library"');
  return match[1]!;
}

// Inside the package, so that `from 'headroom'` resolves through package.json "exports" (dist/).
mkdirSync(join(repoRoot, '.headroom'), { recursive: true });
const dir = mkdtempSync(join(repoRoot, '.headroom', 'readme-example-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const notBuilt = existsSync(join(repoRoot, 'dist', 'index.d.ts'))
  ? undefined
  : 'needs the built package: run npm run build (npm test does)';

test("the README's library example typechecks and prints what the README says", { skip: notBuilt }, () => {
  const file = join(dir, 'example.ts');
  writeFileSync(file, readmeExample());
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
    noEmit: true,
    skipLibCheck: true,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(problems, []);
  // Run as tsc would emit it (TypeScript's own transpiler, loaded above), by plain node: not tsx, whose
  // start-up cost more than the example.
  const emitted = join(dir, 'example.mjs');
  writeFileSync(
    emitted,
    ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText,
  );
  const output = execFileSync(process.execPath, [emitted], { cwd: dir, encoding: 'utf8' });
  const lines = output.trim().split('\n');
  assert.deepEqual(lines.slice(0, 3), [
    'learner 24.00 GiB 0.3000',
    'actor.0 8.00 GiB 0.1000',
    'actor.1 8.00 GiB 0.1000',
  ]);
  assert.match(lines[3] ?? '', /^gpu_oom 2147483648 /);
});

test('the entry exports its names one by one: no test oracle, no internals', () => {
  const source = readFileSync(join(repoRoot, 'src', 'index.ts'), 'utf8');
  assert.doesNotMatch(source, /export \*/);
  const names = Object.keys(headroom);
  for (const name of [
    'plan',
    'parseSpec',
    'estimate',
    'solve',
    'diagnoseText',
    'examineTarget',
    'supervise',
    'openGpuProbe',
    'runSearch',
    'createTrialRunner',
    'readRecord',
    'runSummarySchema',
    'frameworkProfiles',
    'profileOf',
    'buildChildEnv',
    'markerNames',
  ])
    assert.ok(names.includes(name), name);
  for (const name of names) assert.doesNotMatch(name, /oracle|simulate|fake|^test|Test$/i, name);
});
