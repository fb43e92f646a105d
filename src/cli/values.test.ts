// One parser per value kind: sizes and durations through units.ts, counts and numbers range-checked
// where they are parsed (no 1e308 interval, no NaN), and the old spellings of the time flags.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { maxDurationMs } from '../units.js';
import type { OptionSpec } from './option-types.js';
import { describeChoices, parseOptionText } from './values.js';

const spec = (fields: Partial<OptionSpec> & Pick<OptionSpec, 'kind'>): OptionSpec => ({
  flag: '--x',
  description: '',
  ...fields,
});

describe('durations', () => {
  const interval = spec({ flag: '--interval', kind: 'duration', bareUnit: 'ms' });
  const trial = spec({ flag: '--trial-seconds', kind: 'duration', bareUnit: 's' });
  const grace = spec({ flag: '--stop-grace', kind: 'duration', bareUnit: 's', min: 0 });

  test('every time flag takes units; a bare number keeps its old unit', () => {
    assert.deepEqual(
      ['500ms', '2s', '1m', '250'].map((text) => parseOptionText(interval, text)),
      [500, 2000, 60_000, 250],
      '--interval 250 is 250 ms, as it always was',
    );
    assert.deepEqual(
      ['90', '1.5', '90s', '2m', '500ms'].map((text) => parseOptionText(trial, text)),
      [90_000, 1500, 90_000, 120_000, 500],
      '--trial-seconds 90 is 90 s',
    );
    assert.equal(parseOptionText(grace, '0'), 0, 'a zero grace is allowed where min is 0');
  });

  test('out of range or malformed: a usage error naming the flag and the value', () => {
    for (const text of ['1e308', 'NaN', '-1', 'soon', '0', '0ms', '2147484s', `${maxDurationMs + 1}ms`]) {
      assert.throws(() => parseOptionText(interval, text), { name: 'UsageError' }, text);
    }
    assert.throws(() => parseOptionText(trial, '3000000'), {
      message: /^--trial-seconds 3000000: expected a duration above 0 ms and at most 2147483 s/,
    });
  });
});

describe('sizes, counts, numbers, percents, ports, patterns, lists, choices', () => {
  test('sizes go through readSize: a unit is required, at least min bytes', () => {
    const size = spec({ flag: '--host-memory', kind: 'size', min: 4 * 1024 ** 2 });
    assert.equal(parseOptionText(size, '16GiB'), 16 * 1024 ** 3);
    assert.equal(parseOptionText(size, '24GB'), 24e9);
    assert.throws(() => parseOptionText(size, 'lots'), { message: /^--host-memory: "lots" is not a size/ });
    assert.throws(() => parseOptionText(size, '24'), { message: /has no unit: write 24GiB/ });
    assert.throws(() => parseOptionText(size, '1MiB'), { message: /at least 4 MiB is needed/ });
  });

  test('counts are whole numbers in range; numbers and percents are finite', () => {
    const count = spec({ flag: '--nodes', kind: 'count' });
    assert.equal(parseOptionText(count, '3'), 3);
    for (const text of ['0', '-1', '1.5', '1e3', 'x', '99999999999999999999'])
      assert.throws(() => parseOptionText(count, text), { name: 'UsageError' }, text);
    assert.equal(parseOptionText(spec({ kind: 'count', min: 0 }), '0'), 0);
    assert.deepEqual(parseOptionText(spec({ flag: '--gpu-counts', kind: 'counts' }), '1, 2,8'), [1, 2, 8]);
    assert.throws(() => parseOptionText(spec({ flag: '--gpu-counts', kind: 'counts' }), '1,0'), {
      message: '--gpu-counts 1,0: expected whole numbers ≥ 1 separated by commas',
    });
    assert.equal(parseOptionText(spec({ kind: 'number' }), '0.1'), 0.1);
    assert.throws(() => parseOptionText(spec({ kind: 'number' }), '1e308'), { name: 'UsageError' });
    const margin = spec({ flag: '--margin', kind: 'percent', max: 99 });
    assert.deepEqual([parseOptionText(margin, '5'), parseOptionText(margin, '12.5%')], [0.05, 0.125]);
    for (const text of ['100', '-1', 'NaN', 'five'])
      assert.throws(() => parseOptionText(margin, text), { name: 'UsageError' });
  });

  test('ports, patterns, lists and choices', () => {
    const port = spec({ flag: '--port', kind: 'port' });
    assert.equal(parseOptionText(port, '0'), 0);
    assert.throws(() => parseOptionText(port, '65536'), {
      message: '--port 65536: expected a whole number from 0 to 65535',
    });
    assert.ok(parseOptionText(spec({ kind: 'pattern' }), '^ready') instanceof RegExp);
    assert.throws(() => parseOptionText(spec({ flag: '--until-line', kind: 'pattern' }), '('), {
      message: /^--until-line "\(": not a valid regular expression/,
    });
    assert.deepEqual(parseOptionText(spec({ kind: 'list' }), 'q, v,,o'), ['q', 'v', 'o']);
    const on = spec({ flag: '--on', kind: 'choice', choices: ['local', 'slurm'] });
    assert.throws(() => parseOptionText(on, 'kubernetes'), {
      message: '--on kubernetes: expected local or slurm',
    });
    assert.equal(describeChoices(['sh', 'dotenv', 'json']), 'one of sh, dotenv, json');
  });
});
