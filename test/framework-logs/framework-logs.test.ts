// Real frameworks' failure texts (#23): the fixtures in cpu/ were printed by the real PyTorch 2.13,
// JAX 0.10, TensorFlow 2.21 and numpy from the local package index, on this machine's CPU, under a real
// address-space limit, cgroup limit or small /dev/shm; those in gpu-h200/ by test/gpu/check.py on an H200.
// doctor must read every one right, and each CPU program is run again here: a release that changes its
// wording (the anchor line) or how doctor reads it fails this test. UPDATE_FRAMEWORK_LOGS=1 rewrites cpu/.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnoseText } from '../../src/doctor/diagnose-text.js';
import { frameworksPython, skipUnlessFrameworks } from '../../src/test-helpers/frameworks.js';
import { frameworkLogsDir, producedBy, programs, readFixture, runProgram } from './record.js';

function reading(text: string): { kind: string; cause: string } {
  const primary = diagnoseText(text)[0];
  return { kind: primary?.kind ?? 'none', cause: primary?.cause ?? 'none' };
}

function kindMatches(expected: string, actual: string): boolean {
  return expected.split('|').includes(actual);
}

for (const folder of ['cpu', 'gpu-h200']) {
  const dir = join(frameworkLogsDir, folder);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    test(`doctor reads ${folder}/${file} as its header says`, () => {
      const fixture = readFixture(join(dir, file));
      const got = reading(fixture.body);
      assert.ok(
        kindMatches(fixture.header.kind ?? '', got.kind),
        `${file}: kind ${got.kind}, expected ${fixture.header.kind}`,
      );
      assert.equal(got.cause, fixture.header.cause, `${file}: cause`);
    });
  }
}

for (const program of programs) {
  const skip = program.needs.length > 0 ? skipUnlessFrameworks(...program.needs) : skipUnlessFrameworks();
  test(`the real ${program.program}.py fails as cpu/${program.name}.txt recorded`, { skip }, (t) => {
    const python = frameworksPython()!;
    const run = runProgram(python, program);
    if (!run.ok) {
      t.skip(run.reason);
      return;
    }
    const file = join(frameworkLogsDir, 'cpu', `${program.name}.txt`);
    if (process.env.UPDATE_FRAMEWORK_LOGS === '1') {
      const header = [
        `program: test/framework-logs/programs/${program.program}.py`,
        `produced-by: ${producedBy(python, program.versions)}`,
        `run: ${program.runWords}`,
        `kind: ${program.kind}`,
        `cause: ${program.cause}`,
        `anchor: ${program.anchor.source}`,
      ];
      writeFileSync(file, `${header.join('\n')}\n---\n${run.output}`);
    }
    assert.match(
      run.output,
      program.anchor,
      `the framework no longer prints ${program.anchor}:\n${run.output.slice(-2000)}`,
    );
    const got = reading(run.output);
    assert.ok(kindMatches(program.kind, got.kind), `kind ${got.kind}, expected ${program.kind}`);
    assert.equal(got.cause, program.cause);
    const recorded = readFixture(file);
    assert.match(recorded.body, program.anchor, `cpu/${program.name}.txt lacks its anchor`);
  });
}
