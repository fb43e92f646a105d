// `{batch}` / `{VAR}` substitution in the command's arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasPlaceholder, substituteValue } from './template.js';

test('replaces every {batch}, also inside longer arguments', () => {
  const argv = ['python', 'train.py', '--batch-size', '{batch}', '--tag=bs{batch}-x{batch}'];
  assert.deepEqual(substituteValue(argv, 'batch', 64), [
    'python',
    'train.py',
    '--batch-size',
    '64',
    '--tag=bs64-x64',
  ]);
  assert.deepEqual(argv[3], '{batch}', 'the template is left as it was');
});

test('uses the --var name and leaves other braces alone', () => {
  const argv = ['train.py', '--group', '{group_size}', '--batch', '{batch}', '{}'];
  assert.deepEqual(substituteValue(argv, 'group_size', 8), [
    'train.py',
    '--group',
    '8',
    '--batch',
    '{batch}',
    '{}',
  ]);
  assert.equal(hasPlaceholder(argv, 'group_size'), true);
  assert.equal(hasPlaceholder(argv, 'epochs'), false);
});
