import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExprError, evaluateExpr, exprVars, parseExpr } from './expr.js';

const evaluate = (text: string, vars: Record<string, number> = {}) => evaluateExpr(parseExpr(text), vars);

test('integers, vars, precedence, parentheses, unary minus', () => {
  assert.equal(evaluate('263'), 263);
  assert.equal(evaluate('B*G', { B: 2, G: 4 }), 8);
  assert.equal(evaluate('1 + 2 * 3'), 7);
  assert.equal(evaluate('(1 + 2) * 3'), 9);
  assert.equal(evaluate('10 - 4 - 3'), 3);
  assert.equal(evaluate('-B + 5', { B: 2 }), 3);
  assert.equal(evaluate('T // 4', { T: 50 }), 12);
  assert.equal(evaluate('T / 4', { T: 50 }), 12.5);
  assert.equal(evaluate('2*(T+1)//3', { T: 50 }), 34);
});

test('the vars an expression uses, once each, in order', () => {
  assert.deepEqual(exprVars(parseExpr('B*G + B*(T//2)')), ['B', 'G', 'T']);
  assert.deepEqual(exprVars(parseExpr('4')), []);
});

test('errors carry the offset of the problem', () => {
  const errorOf = (run: () => unknown): ExprError => {
    try {
      run();
    } catch (error) {
      assert.ok(error instanceof ExprError);
      return error;
    }
    assert.fail('no error');
  };
  assert.deepEqual(
    [errorOf(() => parseExpr('B*')).message, errorOf(() => parseExpr('B*')).offset],
    ['expression ends too early', 2],
  );
  assert.equal(errorOf(() => parseExpr('B $ G')).offset, 2);
  assert.equal(errorOf(() => parseExpr('(B + 1')).message, 'missing ")"');
  assert.equal(errorOf(() => parseExpr('B G')).message, 'unexpected "G"');
  const undefinedVar = errorOf(() => evaluate('B * QQ', { B: 1 }));
  assert.deepEqual([undefinedVar.varName, undefinedVar.offset], ['QQ', 4]);
  assert.equal(errorOf(() => evaluate('4 // (B - 1)', { B: 1 })).message, 'division by zero');
});
