// Configs no person means, and configs that mean something else than they say: each gets one
// located line (exit 2) quickly, never a stack trace, and nothing is silently misread.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../errors.js';
import { plan } from '../plan/plan.js';
import { parseSpec } from './load.js';
import { maxAliasCount, maxYamlBytes } from './yaml-guard.js';

function problems(text: string): string[] {
  try {
    parseSpec(text, 'cfg/headroom.yaml');
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected ConfigError, got ${String(error)}`);
    assert.equal(error.exitCode, 2);
    return error.message.split('\n');
  }
  assert.fail('config was accepted');
}

const oneProcess = (fields: string): string =>
  `processes:\n  p:\n    framework: none\n    command: ['true']\n${fields}`;

describe('sizes say their unit', () => {
  test('a bare number is no size: host_memory: 24 is not 24 bytes', () => {
    assert.deepEqual(problems(oneProcess('    host_memory: 24\n')), [
      'cfg/headroom.yaml:5:18: processes.p.host_memory: "24" has no unit: write 24GiB (or 24B for bytes)',
    ]);
    assert.match(
      problems('gpus:\n  - memory: 24\nprocesses:\n  p:\n    framework: jax\n')[0]!,
      /gpus\[0\]\.memory: "24" has no unit: write 24GiB/,
    );
  });

  test('a GPU budget written as a fraction (XLA style) suggests the percent', () => {
    const [line] = problems('processes:\n  p:\n    framework: jax\n    gpu_memory: 0.3\n');
    assert.match(line!, /processes\.p\.gpu_memory: "0\.3" looks like a fraction of the card: write 30%/);
  });

  test('0, sub-byte and absurd sizes are refused, naming the field', () => {
    assert.match(
      problems(oneProcess('    host_memory: 0.5B\n'))[0]!,
      /host_memory: "0\.5B" is 0 B: at least 4 MiB is needed/,
    );
    assert.match(
      problems(oneProcess('    host_memory: 1KiB\n'))[0]!,
      /host_memory: "1KiB" is 1 KiB: at least 4 MiB/,
    );
    assert.match(problems(oneProcess('    host_memory: 999999999TiB\n'))[0]!, /larger than any memory/);
    assert.match(
      problems('gpus:\n  - memory: 24KiB\nprocesses:\n  p:\n    framework: jax\n')[0]!,
      /gpus\[0\]\.memory: "24KiB" is 24 KiB: at least 256 MiB/,
    );
  });

  test('a huge invalid value is not echoed back whole', () => {
    const [line] = problems(oneProcess(`    host_memory: "${'9'.repeat(100_000)}x"\n`));
    assert.ok(line!.length < 300, `${line!.length} characters`);
  });

  test('decimal units are read, and the plan says what it read; a GPU in GB is flagged', () => {
    const spec = parseSpec(
      'gpus:\n  - memory: 24GB\nprocesses:\n  p:\n    framework: jax\n    gpu_memory: 30%\n    host_memory: 16GB\n',
      'cfg/headroom.yaml',
    );
    const result = plan(spec, { devices: spec.gpus, inheritedEnv: {} });
    const card = result.findings.find((f) => f.code === 'gpu-size-decimal');
    assert.match(card?.message ?? '', /gpus\[0\]\.memory: 24GB is read as 22\.35 GiB .* write 24GiB/);
    const note = result.findings.find((f) => f.code === 'decimal-size');
    assert.match(
      note?.message ?? '',
      /gpus\[0\]\.memory 24GB = 22\.35 GiB; processes\.p\.host_memory 16GB = 14\.90 GiB/,
    );
  });

  test('durations past what a timer can hold are refused', () => {
    assert.match(
      problems(oneProcess('').replace('processes:', 'stop_grace: 30d\nprocesses:'))[0]!,
      /stop_grace: "30d" is not a duration/,
    );
    assert.match(
      problems(oneProcess('').replace('processes:', 'stop_grace: 3000000000\nprocesses:'))[0]!,
      /at most 24 days/,
    );
  });
});

describe('files that are not configs', () => {
  test('an alias bomb and thousands of aliases', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
      'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
      'processes: {}',
    ].join('\n');
    assert.match(problems(bomb)[0]!, new RegExp(`more than ${maxAliasCount} YAML aliases`));
    const many = `x: &x 1\n${oneProcess('    env:\n')}${Array.from({ length: 5000 }, (_, i) => `      K${i}: *x\n`).join('')}`;
    assert.match(problems(many)[0]!, /YAML aliases/);
  });

  test('NUL bytes: in a value, and in a binary file', () => {
    assert.match(problems(oneProcess('    cwd: "a\\0b"\n'))[0]!, /:5:10: the value holds a NUL byte/);
    assert.match(problems(`processes:\n\0\x01\x02`)[0]!, /NUL bytes: a binary file, not YAML/);
  });

  test('nesting thousands deep', () => {
    assert.match(
      problems(`processes: ${'['.repeat(3000)}${']'.repeat(3000)}\n`)[0]!,
      /nested more than 64 levels deep/,
    );
  });

  test('a config of megabytes is refused up front, with the cap in the message', () => {
    const big = oneProcess(
      `    env:\n${Array.from({ length: 100_000 }, (_, i) => `      K${i}: v${i}\n`).join('')}`,
    );
    assert.match(problems(big)[0]!, new RegExp(`headroom reads files of up to ${maxYamlBytes / 1024} KiB`));
  });

  test('duplicate keys, found in one pass', () => {
    const env = Array.from({ length: 3000 }, (_, i) => `      K${i}: v\n`).join('');
    assert.deepEqual(problems(oneProcess(`    env:\n${env}      K7: again\n`)), [
      `cfg/headroom.yaml:${6 + 3000}:7: duplicate key "K7"`,
    ]);
  });
});

describe('names and places that cannot be files', () => {
  test('a 300-character process name is refused, and not echoed whole', () => {
    const [line] = problems(
      `processes:\n  ${'p'.repeat(300)}:\n    framework: none\n    command: ['true']\n`,
    );
    assert.match(line!, /process names are at most 64 characters/);
    assert.ok(line!.length < 200, line);
  });
});
