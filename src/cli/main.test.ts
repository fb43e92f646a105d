// The dispatcher: version, help, unknown commands, and errors as one line of text or as the
// `{ "error": ... }` object under --json, with the error's exit code; a bug prints its stack (exit 70).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, EnvironmentError } from '../errors.js';
import { headroomVersion } from '../version.js';
import { describeError, internalErrorExitCode, isJsonRequested } from './error-output.js';
import { commandEntries } from './registry.js';
import { runHeadroom } from './test-helpers/run-in-process.js';

describe('the dispatcher', () => {
  test('--version, -V and --help; help lists every command of the registry', async () => {
    assert.deepEqual(await runHeadroom(['--version']), {
      code: 0,
      stdout: `${headroomVersion}\n`,
      stderr: '',
    });
    assert.equal((await runHeadroom(['-V'])).stdout, `${headroomVersion}\n`);
    const help = await runHeadroom(['--help']);
    assert.equal(help.code, 0);
    for (const entry of commandEntries)
      assert.match(help.stdout, new RegExp(`^  ${entry.name} +${entry.summary.slice(0, 10)}`, 'm'));
    const planHelp = await runHeadroom(['plan', '--help']);
    assert.match(planHelp.stdout, /^Usage: headroom plan \[options\]/);
    assert.match(planHelp.stdout, /-c, --config <file>/);
    const slurm = await runHeadroom(['slurm']);
    assert.match(slurm.stdout, /^ {2}slurm script /m);
  });

  test('an unknown command suggests the nearest, exit 2', async () => {
    const { code, stdout, stderr } = await runHeadroom(['plna']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      "headroom: unknown command 'plna' (Did you mean plan?)\nhint: headroom --help lists the commands\n",
    );
    assert.match(
      (await runHeadroom(['slurm', 'scrpt'])).stderr,
      /unknown command 'scrpt' \(Did you mean script\?\)/,
    );
  });

  test('under --json every error is JSON on stdout with the same exit code; nothing on stderr', async () => {
    const usage = await runHeadroom(['plan', '--frobnicate', '--json']);
    assert.deepEqual(
      [usage.code, usage.stderr, JSON.parse(usage.stdout)],
      [
        2,
        '',
        {
          error: {
            code: 'usage',
            message: "unknown option '--frobnicate'",
            hint: 'headroom plan --help lists its options',
          },
        },
      ],
    );
    const environment = await runHeadroom(['plan', '-c', '/nonexistent/headroom.yaml', '--json']);
    assert.equal(environment.code, 2);
    assert.deepEqual(JSON.parse(environment.stdout), {
      error: {
        code: 'environment',
        message: 'cannot read config /nonexistent/headroom.yaml: no such file',
        hint: 'pass -c FILE, or create headroom.yaml (see examples/)',
      },
    });
    assert.equal(
      isJsonRequested(['run', '--', 'python', '--json']),
      false,
      '--json after -- is the command’s',
    );
  });

  test('a config error under --json carries file, line, column, field, and every issue when several', () => {
    const issues = [
      {
        location: { file: 'h.yaml', line: 4, column: 5 },
        field: 'processes.a.gpu_memroy',
        message: 'unknown key',
      },
      {
        location: { file: 'h.yaml', line: 6, column: 3 },
        field: 'processes.b',
        message: 'needs a framework',
      },
    ];
    const { stdout, stderr, exitCode } = describeError(new ConfigError(issues, 'see examples/'), true);
    assert.equal(exitCode, 2);
    assert.equal(stderr, '');
    const { error } = JSON.parse(stdout);
    assert.deepEqual(
      [error.code, error.file, error.line, error.column, error.field, error.hint],
      ['config', 'h.yaml', 4, 5, 'processes.a.gpu_memroy', 'see examples/'],
    );
    assert.equal(error.issues.length, 2);
    assert.deepEqual(error.issues[1], {
      file: 'h.yaml',
      line: 6,
      column: 3,
      field: 'processes.b',
      message: 'needs a framework',
    });
  });

  test('text errors: one line and a hint; a bug: its stack and a request to report it, exit 70', () => {
    const known = describeError(new EnvironmentError('no GPU', 'pass --gpu 24GiB'), false);
    assert.deepEqual(known, {
      stdout: '',
      stderr: 'headroom: no GPU\nhint: pass --gpu 24GiB\n',
      exitCode: 2,
    });
    const bug = describeError(new TypeError('x is undefined'), false);
    assert.equal(bug.exitCode, internalErrorExitCode);
    assert.match(
      bug.stderr,
      /^headroom: internal error \(a bug; please report it with this output\)\nTypeError: x is undefined\n\s+at /,
    );
    assert.deepEqual(JSON.parse(describeError(new TypeError('x'), true).stdout), {
      error: { code: 'internal', message: 'x' },
    });
  });
});
