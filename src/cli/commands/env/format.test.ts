import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { dotenvQuote, formatDotenv, formatSh, shellQuote } from './format.js';

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

test('dotenv: single quotes where they suffice, double quotes for quotes and backslashes', () => {
  assert.equal(
    formatDotenv({ A: 'x', B: 'a b', C: `it's "ok"\nnext` }, ['Z']),
    `# unset Z (it contradicts the plan)\nA=x\nB='a b'\nC="it's \\"ok\\"\nnext"\n`,
  );
  assert.equal(dotenvQuote('$(touch PWNED) ${HOME}').text, `'$(touch PWNED) \${HOME}'`);
  assert.match(dotenvQuote('${HOME}').warning ?? '', /python-dotenv expands/);
});

// What each .env reader makes of the file: a real shell (`set -a; . FILE`) and, where Debian's
// python3-dotenv is installed, python-dotenv itself.
function readBackSh(file: string, keys: string[]): string[] {
  const script = `set -a; . "${file}"; for k in ${keys.join(' ')}; do eval "printf '%s\\\\0' \\"\\$$k\\""; done`;
  return execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })
    .split('\0')
    .slice(0, -1);
}

function readBackPythonDotenv(file: string, keys: string[]): string[] | undefined {
  try {
    const out = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import json,sys; from dotenv import dotenv_values; print(json.dumps(dotenv_values(sys.argv[1])))',
        file,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: '/home/nobody' } },
    );
    const values = JSON.parse(out) as Record<string, string>;
    return keys.map((k) => values[k] ?? '<missing>');
  } catch {
    return undefined;
  }
}

test('a .env file round-trips through sh and python-dotenv; nothing in it runs', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-dotenv-'));
  try {
    const injection = `$(touch ${join(dir, 'PWNED')}) \`touch ${join(dir, 'PWNED2')}\``;
    const values: Record<string, string> = { ...tricky, INJECTION: injection };
    delete values.DOLLAR; // `${PATH}`: python-dotenv expands it in any quotes (checked below)
    const file = join(dir, 'process.env');
    writeFileSync(file, formatDotenv(values, []));
    const keys = Object.keys(values);
    // The one value with both a quote or backslash and $: sh reads it exactly, the others are warned about.
    assert.deepEqual(readBackSh(file, keys), Object.values(values));
    assert.equal(existsSync(join(dir, 'PWNED')) || existsSync(join(dir, 'PWNED2')), false, 'nothing ran');
    const fromPython = readBackPythonDotenv(file, keys);
    if (!fromPython) return t.skip('python3-dotenv is not installed (Debian python3-dotenv); sh checked');
    const warned = new Set([...readFileSync(file, 'utf8').matchAll(/^# (\w+): /gm)].map((m) => m[1]));
    keys.forEach((key, i) => {
      if (!warned.has(key)) assert.equal(fromPython[i], values[key], key);
    });
    // ${…} is the one thing python-dotenv cannot be told to leave alone: the output says so.
    writeFileSync(file, formatDotenv({ DOLLAR: tricky.DOLLAR! }, []));
    assert.match(readFileSync(file, 'utf8'), /^# DOLLAR: python-dotenv expands/m);
    assert.deepEqual(readBackSh(file, ['DOLLAR']), [tricky.DOLLAR]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
