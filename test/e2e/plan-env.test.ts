// The built CLI for `plan` and `env`: streams and exit codes, errors as text or as JSON, colour on a
// terminal only, and `eval "$(headroom env ...)"` in a real shell. The commands' behaviour is tested
// in-process beside them (src/cli/commands/plan, env).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cliPath, repoRoot, runCli, writeConfig } from './cli.js';

const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('headroom plan (built CLI)', () => {
  test('a mistyped config exits 2 with file:line:col and the field, and no stack trace', () => {
    const file = writeConfig('processes:\n  learner:\n    framework: jax\n    gpu_memroy: 30%\n');
    const { code, stdout, stderr } = runCli(['plan', '-c', file, '--gpu', '24GiB']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      `headroom: ${file}:4:5: processes.learner.gpu_memroy: unknown key "gpu_memroy"; did you mean "gpu_memory"?\n`,
    );
  });

  test('under --json the same error is one JSON object on stdout, nothing on stderr, exit 2', () => {
    const file = writeConfig('processes:\n  learner:\n    framework: jax\n    gpu_memroy: 30%\n');
    const { code, stdout, stderr } = runCli(['plan', '-c', file, '--gpu', '24GiB', '--json']);
    assert.equal(code, 2);
    assert.equal(stderr, '');
    assert.deepEqual(JSON.parse(stdout), {
      error: {
        code: 'config',
        message: `${file}:4:5: processes.learner.gpu_memroy: unknown key "gpu_memroy"; did you mean "gpu_memory"?`,
        file,
        line: 4,
        column: 5,
        field: 'processes.learner.gpu_memroy',
      },
    });
    const usage = runCli(['plan', '--frobnicate', '--json']);
    assert.equal(usage.code, 2);
    assert.equal(JSON.parse(usage.stdout).error.code, 'usage');
  });

  test('an infeasible plan exits 1 with the plan on stdout; a feasible one 0', () => {
    assert.equal(runCli(['plan', '-c', seed000]).code, 0);
    const { code, stdout, stderr } = runCli(['plan', '-c', seed000, '--gpu', '4GiB']);
    assert.equal(code, 1);
    assert.match(stdout, /plan is not feasible/);
    assert.equal(stderr, '');
  });

  test('colour on a terminal only, and never with NO_COLOR', {
    skip: !hasScript && 'needs script(1)',
  }, () => {
    const onTerminal = (env: Record<string, string>): string =>
      execFileSync('script', ['-qec', `${process.execPath} ${cliPath} plan -c ${seed000}`, '/dev/null'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...env },
      });
    assert.match(onTerminal({}), /\u001b\[32mplan is feasible/);
    assert.doesNotMatch(onTerminal({ NO_COLOR: '1' }), /\u001b\[/);
    const piped = spawnSync(process.execPath, [cliPath, 'plan', '-c', seed000], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm' },
    });
    assert.doesNotMatch(piped.stdout, /\u001b\[/, 'no colour on a pipe');
  });
});

describe('headroom env (built CLI)', () => {
  const tricky = `it's a "test" with $HOME, \`ticks\`, back\\\\slash\nand a second line`;
  const file = writeConfig(
    `gpus:\n  - memory: 24GiB\nprocesses:\n  learner:\n    framework: jax\n    gpu_memory: 30%\n    env:\n      RUN_NOTE: ${JSON.stringify(tricky)}\n  actor:\n    framework: jax\n    gpu_memory: 10%\n    replicas: 2\n`,
  );

  test('eval "$(headroom env ...)" reproduces every value exactly', () => {
    const script = `eval "$(node ${JSON.stringify(join(repoRoot, 'bin', 'headroom.js'))} env -c ${JSON.stringify(file)} learner)" && printf '%s\\0%s\\0%s' "$RUN_NOTE" "$XLA_PYTHON_CLIENT_MEM_FRACTION" "$XLA_PYTHON_CLIENT_PREALLOCATE"`;
    const output = execFileSync('/bin/sh', ['-c', script], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.deepEqual(output.split('\0'), [tricky, '0.3000', 'false']);
  });

  test('env NAME -- CMD gives the command the terminal streams and passes its exit code', () => {
    const result = runCli([
      'env',
      '-c',
      file,
      'actor.0',
      '--',
      'sh',
      '-c',
      'printf out; printf err >&2; exit 7',
    ]);
    assert.deepEqual([result.code, result.stdout, result.stderr], [7, 'out', 'err']);
  });
});
