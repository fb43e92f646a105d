// The plan (src/plan/torch-versions.ts) and the bootstrap (_headroom_boot/versions.py) must compare
// PyTorch releases the same way, or a key the plan gates would reach a release that rejects it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTorchAtLeast, parseTorchVersion } from '../../src/frameworks/torch-versions.js';
import { bootstrapDir, findPython, noPythonMessage, runPython } from './python.js';

const python = findPython();
const versions = [
  '1.13.0a0+gitunknown',
  '2.0.1',
  '2.1.0',
  '2.1.0rc2',
  '2.1.0a0+git32f93b1',
  '2.4.1+cu121',
  '2.9.1',
  '2.10.0',
  '2.10.0.dev20251201',
  'nightly',
];
const minimums = ['2.1', '2.10', '1.13'];

test('the plan and the bootstrap agree on every release', {
  skip: python === undefined ? noPythonMessage : false,
}, () => {
  const pairs = versions.flatMap((v) => minimums.map((m) => [v, m] as const));
  const code = [
    'import json, sys',
    'from _headroom_boot import versions',
    `pairs = json.loads(${JSON.stringify(JSON.stringify(pairs))})`,
    'print(json.dumps([versions.at_least(versions.parse(v), m) for v, m in pairs]))',
  ].join('\n');
  const result = runPython(python!, code, { PYTHONPATH: bootstrapDir });
  assert.equal(result.stderr, '');
  const fromPython = JSON.parse(result.stdout) as boolean[];
  const fromPlan = pairs.map(([v, m]) => {
    const parsed = parseTorchVersion(v);
    return parsed === undefined ? false : isTorchAtLeast(parsed, m);
  });
  assert.deepEqual(fromPython, fromPlan);
  assert.ok(fromPlan.includes(true) && fromPlan.includes(false));
});
