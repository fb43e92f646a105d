import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { jaxStartCapGrammarFrom, parseJaxFraction, readJaxFraction } from './jax-fraction.js';
import { isTorchAtLeast, parseTorchVersion } from './torch-versions.js';

const jaxlib = (text: string) => {
  const parsed = parseTorchVersion(text);
  if (!parsed) throw new Error(text);
  return { text, isAtLeast: (minimum: string) => isTorchAtLeast(parsed, minimum) };
};

describe("JAX's fraction grammars", () => {
  test('a bare START, a START-CAP pair, or neither', () => {
    assert.deepEqual(parseJaxFraction('.3'), { grammar: 'bare', start: 0.3 });
    assert.deepEqual(parseJaxFraction('0.3-0.5'), { grammar: 'pair', start: 0.3, cap: 0.5 });
    assert.deepEqual(parseJaxFraction('30%'), { grammar: 'invalid' });
    assert.deepEqual(parseJaxFraction('0.3+'), { grammar: 'invalid' });
  });

  test('below the gate a pair is rejected and a bare fraction is the hard cap it looks like', () => {
    const old = jaxlib('0.10.2');
    assert.equal(readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.30', old), undefined);
    const pair = readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.3-0.3', old);
    assert.equal(pair?.severity, 'error');
    assert.match(pair?.problem ?? '', /jaxlib 0\.10\.2 calls float\(\)/);
    assert.equal(pair?.fix, 'write the bare fraction: export XLA_PYTHON_CLIENT_MEM_FRACTION=0.3');
    // An unknown jaxlib: a warning, the pair may be read or rejected.
    assert.equal(
      readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.3-0.3', undefined)?.severity,
      'warning',
    );
    assert.equal(readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.30', undefined), undefined);
  });

  test('from the gate a bare fraction and a growing pair are growable; a fixed pair is the cap', () => {
    const fresh = jaxlib(jaxStartCapGrammarFrom);
    const bare = readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.30', fresh);
    assert.match(bare?.problem ?? '', /starts at 30% of the card and may grow to 100%, so it is no hard cap/);
    assert.equal(bare?.fix, 'for a hard cap, export XLA_PYTHON_CLIENT_MEM_FRACTION=0.3-0.3');
    assert.match(readJaxFraction('XLA_CLIENT_MEM_FRACTION', '0.3-0.5', fresh)?.problem ?? '', /grow to 50%/);
    assert.equal(readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '0.3-0.3', fresh), undefined);
    // A bare value of 1 is fixed: there is nothing to grow into.
    assert.equal(readJaxFraction('XLA_PYTHON_CLIENT_MEM_FRACTION', '1.0', fresh), undefined);
  });
});
