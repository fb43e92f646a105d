// User patterns run in linear time or are refused when read, naming the construct; a supervised
// process printing the line that makes `^(a+)+$` backtrack for hours does not stall the run.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseSpec } from './config/load.js';
import { ConfigError } from './errors.js';
import { compileLinearPattern, PatternError } from './linear-pattern.js';
import { cleanUpRuns, launch, program, runSupervised } from './supervise/test-helpers/supervised.js';

after(cleanUpRuns);

// 35 `a`s and a `!`: 2^35 ways to split the run between the two `+` for a backtracking engine.
const evilLine = `${'a'.repeat(35)}!`;

test('^(a+)+$ is compiled for the linear-time engine and answers the 35-character line', () => {
  const pattern = compileLinearPattern('^(a+)+$');
  assert.ok(pattern.flags.includes('l'), 'V8’s non-backtracking engine');
  assert.equal(pattern.test(evilLine), false);
  assert.equal(pattern.test('a'.repeat(35)), true);
  for (const ok of ['listening on \\d+', '(a|a)*b', '[(?=\\1]x', 'step \\d{1,16}', '(?<port>\\d+)'])
    assert.ok(compileLinearPattern(ok).flags.includes('l'), ok);
});

test('what the linear engine cannot run is refused in one line naming the construct', () => {
  const refused = (source: string, construct: RegExp): void =>
    assert.throws(
      () => compileLinearPattern(source),
      (error: unknown) =>
        error instanceof PatternError && construct.test(error.message) && !error.message.includes('\n'),
      source,
    );
  refused('(\\w+) \\1', /cannot be matched in linear time: it uses a backreference \(\\1\)/);
  refused('(?<w>\\w+) \\k<w>', /a backreference \(\\k<w>\)/);
  refused('ready(?= now)', /a lookahead \(\(\?=…\)/);
  refused('(?<!not )ready', /a lookbehind \(\(\?<!…\)/);
  refused('x{1000}', /a counted repetition \(\{1000\}\) over 16/);
  refused('(?:a{5}){5}', /counted repetitions that nest to more than 16 copies/);
  refused('([a-z', /^not a valid regular expression \(/);
});

test('a config whose ready_when cannot run in linear time is refused with file, line and field', () => {
  try {
    parseSpec(
      'processes:\n  db:\n    framework: none\n    command: ["true"]\n    ready_when: "(\\\\w+) \\\\1"\n',
      'cfg/headroom.yaml',
    );
    assert.fail('config was accepted');
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    assert.match(
      error.message,
      /^cfg\/headroom\.yaml:5:17: processes\.db\.ready_when: cannot be matched in linear time: it uses a backreference \(\\1\)/,
    );
  }
});

test('a process printing the catastrophic line for ^(a+)+$ does not stall the run; its dependent starts', {
  timeout: 60_000,
}, async () => {
  const run = await runSupervised([
    launch('app', program('steps.mjs', 'print:app up'), { dependsOn: ['db'] }),
    launch(
      'db',
      program('steps.mjs', `print:${evilLine}`, 'sleep:200', `print:${'a'.repeat(35)}`, 'sleep:200'),
      {
        readyWhen: '^(a+)+$',
      },
    ),
  ]);
  const order = run.events
    .filter((e) => e.type === 'ready' || e.type === 'spawn')
    .map((e) => `${e.type}:${e.process}`);
  assert.deepEqual(order, ['spawn:db', 'ready:db', 'spawn:app']);
  assert.equal(run.summary.exitCode, 0);
});
