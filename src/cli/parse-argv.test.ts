// The argv parser against a small table: every spelling of a flag, repeatable and optional values,
// positionals and the rest after `--`, and the usage errors (exit 2) for what it cannot read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../errors.js';
import { defineOptions } from './option-types.js';
import { parseArgv } from './parse-argv.js';

const options = defineOptions({
  config: { flag: '--config', short: '-c', valueName: 'file', kind: 'text', description: 'config' },
  gpu: { flag: '--gpu', valueName: 'spec', kind: 'text', isRepeatable: true, description: 'gpu' },
  only: { flag: '--only', valueName: 'names', kind: 'list', isRepeatable: true, description: 'only' },
  json: { flag: '--json', kind: 'switch', description: 'json' },
  metrics: { flag: '--metrics', valueName: 'addr', kind: 'text', isValueOptional: true, description: 'm' },
  interval: {
    flag: '--interval',
    valueName: 'duration',
    kind: 'duration',
    bareUnit: 'ms',
    default: '1000',
    description: 'interval',
  },
  min: { flag: '--min', valueName: 'n', kind: 'count', description: 'min' },
});
const command = {
  name: 'demo',
  options,
  arguments: [
    { name: 'name', description: 'a name', isRequired: true },
    { name: 'command', description: 'the rest', isVariadic: true },
  ],
};

describe('parseArgv', () => {
  test('long, short and --flag=value spellings; switches; defaults; typed values', () => {
    const parsed = parseArgv(['learner', '-c', 'a.yaml', '--min=3', '--json'], command);
    assert.deepEqual(parsed.args, { name: 'learner' });
    assert.equal(parsed.options.config, 'a.yaml');
    assert.equal(parsed.options.min, 3);
    assert.equal(parsed.options.json, true);
    assert.equal(parsed.options.interval, 1000, 'the default, read like user input');
    assert.deepEqual(parsed.options.gpu, [], 'a repeatable option not given is empty');
    assert.equal(parseArgv(['x'], command).options.json, false);
  });

  test('repeatable values are collected in order; list values are flattened', () => {
    const parsed = parseArgv(
      ['x', '--gpu', '24GiB', '--gpu', 'sim:8GiB', '--only', 'a,b', '--only', 'c'],
      command,
    );
    assert.deepEqual(parsed.options.gpu, ['24GiB', 'sim:8GiB']);
    assert.deepEqual(parsed.options.only, ['a', 'b', 'c']);
  });

  test('an optional value is taken when the next word is not a flag, else true', () => {
    assert.equal(parseArgv(['x', '--metrics'], command).options.metrics, true);
    assert.equal(parseArgv(['x', '--metrics', '--json'], command).options.metrics, true);
    assert.equal(parseArgv(['x', '--metrics', ':9100'], command).options.metrics, ':9100');
    assert.equal(parseArgv(['x', '--metrics=0.0.0.0:1'], command).options.metrics, '0.0.0.0:1');
  });

  test('everything after -- is the rest, flags included; so are positionals after the first', () => {
    const parsed = parseArgv(['x', '--json', '--', 'python', 'train.py', '--json', '-c', 'y'], command);
    assert.deepEqual(parsed.rest, ['python', 'train.py', '--json', '-c', 'y']);
    assert.equal(parsed.options.config, undefined);
    assert.deepEqual(parseArgv(['x', 'a', 'b'], command).rest, ['a', 'b']);
  });

  test('a required value takes the next word even when it starts with a dash', () => {
    assert.equal(parseArgv(['x', '-c', '-weird.yaml'], command).options.config, '-weird.yaml');
  });

  test('usage errors: unknown flag (with the nearest), missing value, switch with a value, missing or extra arguments', () => {
    assert.throws(() => parseArgv(['x', '--jsno'], command), {
      name: 'UsageError',
      message: "unknown option '--jsno' (Did you mean --json?)",
    });
    assert.throws(() => parseArgv(['x', '--frobnicate'], command), {
      message: "unknown option '--frobnicate'",
    });
    assert.throws(() => parseArgv(['x', '--config'], command), {
      message: "option '--config <file>' needs a value",
    });
    assert.throws(() => parseArgv(['x', '--json=yes'], command), UsageError);
    assert.throws(() => parseArgv([], command), { message: "missing required argument 'name'" });
    const single = { name: 'plan', options, arguments: [] };
    assert.throws(() => parseArgv(['extra'], single), {
      message: 'too many arguments for \'plan\': "extra"',
    });
    assert.throws(() => parseArgv(['--', 'python'], single), UsageError);
  });

  test('-h and --help ask for help, and then nothing is required', () => {
    assert.equal(parseArgv(['--help'], command).isHelp, true);
    assert.equal(parseArgv(['-h', 'x', 'y'], command).isHelp, true);
    assert.equal(parseArgv(['x', '--', '--help'], command).isHelp, false);
  });
});
