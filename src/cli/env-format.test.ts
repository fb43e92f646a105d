import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { formatDotenv, formatSh, shellQuote } from './env-format.js';

const tricky: Record<string, string> = {
  PLAIN: '0.3000',
  SPACES: 'a b  c',
  QUOTES: `it's "quoted"`,
  DOLLAR: '$HOME and ${PATH} and $(echo no)',
  BACKSLASH: 'C:\\new\\table \\\\ end\\',
  NEWLINES: 'line one\nline two\n\ttabbed\n',
  EMPTY: '',
  GLOB: '* ? [a-z] ~',
};

test('eval of the sh output reproduces every value exactly in a real /bin/sh', () => {
  const script = `${formatSh(tricky, [])}\nfor k in ${Object.keys(tricky).join(' ')}; do eval "printf '%s\\\\0' \\"\\$$k\\""; done`;
  const output = execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
  assert.deepEqual(output.split('\0').slice(0, -1), Object.values(tricky));
});

test('unset lines come first, so a contradicting inherited variable is gone', () => {
  const script = `${formatSh({ A: '1' }, ['XLA_CLIENT_MEM_FRACTION'])}printf '%s' "\${XLA_CLIENT_MEM_FRACTION-unset}"`;
  const output = execFileSync('/bin/sh', ['-c', script], {
    encoding: 'utf8',
    env: { XLA_CLIENT_MEM_FRACTION: '0.5', PATH: process.env.PATH },
  });
  assert.equal(output, 'unset');
});

test('simple values stay unquoted for readability', () => {
  assert.equal(shellQuote('0.3000'), '0.3000');
  assert.equal(shellQuote('expandable_segments:True'), 'expandable_segments:True');
  assert.equal(shellQuote(''), "''");
});

test('dotenv quotes and escapes what needs it', () => {
  assert.equal(
    formatDotenv({ A: 'x', B: 'a "b"\nc\\d' }, ['Z']),
    '# unset Z (it contradicts the plan)\nA=x\nB="a \\"b\\"\\nc\\\\d"\n',
  );
});
