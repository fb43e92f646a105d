// User patterns are matched in bounded time or refused when read, naming the construct; the line
// that makes `^(a+)+$` backtrack for hours is answered (a supervised run: test/e2e/observers.test.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { parseSpec } from './config/load.js';
import { ConfigError } from './errors.js';
import { compileLinearPattern, PatternError } from './linear-pattern.js';
import { cpuBounded, hangBackstopMs } from './test-helpers/cpu-limit.js';

// 35 `a`s and a `!`: 2^35 ways to split the run between the two `+` for a backtracking engine.
const evilLine = `${'a'.repeat(35)}!`;

test('^(a+)+$ is accepted (the linear engine can run it) and answers the 35-character line', () => {
  // In a process of its own, stopped at 30 CPU-s: a match that backtracks for hours would block this one.
  const probe = spawnSync(
    ...cpuBounded(30, process.execPath, [
      ...process.execArgv,
      '--input-type=module',
      '-e',
      `const { compileLinearPattern } = await import(${JSON.stringify(new URL('./linear-pattern.ts', import.meta.url).href)});
const pattern = compileLinearPattern('^(a+)+$');
console.log(JSON.stringify([pattern.test('${evilLine}'), pattern.test('${'a'.repeat(35)}'), pattern.test('a'.repeat(4096) + '!')]));`,
    ]),
    { encoding: 'utf8', timeout: hangBackstopMs },
  );
  assert.equal(probe.signal, null, 'the match did not end within 30 CPU-s');
  assert.deepEqual(JSON.parse(probe.stdout), [false, true, false], probe.stderr);
  for (const ok of ['listening on \\d+', '(a|a)*b', '[(?=\\1]x', 'step \\d{1,16}', '(?<port>\\d+)'])
    assert.ok(compileLinearPattern(ok) instanceof RegExp, ok);
  assert.equal(compileLinearPattern('listening on (\\d+)').exec('db listening on 5432')?.[1], '5432');
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
