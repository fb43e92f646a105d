// `ray script`'s file from the shipped driver: valid Python, the driver's main replaced by one that runs
// the embedded spec, and a spec that reads back exactly (quotes, backslashes and all) in Python.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { simpleLaunchSpec } from '../../supervise/launch-spec.js';
import { packagedRayDriverDir } from '../ray-driver-dir.js';
import { buildRayScript } from './script.js';
import { buildRayLaunchSpec } from './spec.js';

const awkward = `echo "a \\"quoted\\" word" '"""' \\\\ done`;

function script() {
  const spec = buildRayLaunchSpec({
    runId: null,
    address: null,
    launches: [simpleLaunchSpec('learner', awkward, { env: { NOTE: 'back\\slash "q"' } })],
    requests: new Map([
      ['learner', { numGpus: 0.3417, numCpus: 1, memoryBytes: 2 ** 31, nodeId: null, placementGroup: null }],
    ]),
    stopGraceMs: 5000,
    inheritEnv: true,
  });
  const read = (name: string) => readFileSync(join(packagedRayDriverDir, name), 'utf8');
  const text = buildRayScript({
    spec,
    actorsSource: read('actors.py'),
    driverSource: read('driver.py'),
    source: 'headroom.yaml',
    version: '0.0.0',
  });
  return { spec, text };
}

test('ray script: one Python file that compiles and runs the embedded spec', () => {
  const { text } = script();
  const compiled = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], {
    input: text,
  });
  assert.equal(compiled.status, 0, compiled.stderr?.toString());
  assert.match(text, /^class ProcessRunner:$/m);
  assert.match(text, /^class Driver:$/m);
  assert.doesNotMatch(text, /^ {4}main\(\)$/m, "the driver's own main is gone");
  assert.match(text, /\nif __name__ == "__main__":\n {4}sys\.exit\(run\(SPEC\)\)\n$/);
});

test('ray script: the spec reads back in Python as headroom wrote it', () => {
  const { spec, text } = script();
  const literal = /^SPEC = (json\.loads\(r""".*"""\))$/ms.exec(text)?.[1];
  assert.ok(literal);
  const read = spawnSync('python3', ['-c', `import json, sys; sys.stdout.write(json.dumps(${literal}))`], {
    encoding: 'utf8',
  });
  assert.equal(read.status, 0, read.stderr);
  assert.deepEqual(JSON.parse(read.stdout), spec);
  assert.equal(spec.processes[0]?.command, awkward);
  assert.equal(spec.processes[0]?.num_gpus, 0.3417);
});
