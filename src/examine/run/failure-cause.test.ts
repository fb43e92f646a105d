import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RunPlan } from '../../run-record/schema.js';
import { overBudgetFixes } from './failure-cause.js';

const GiB = 1024 ** 3;

const planWith = (neighbour: { framework: string; capBy: string }): RunPlan => ({
  devices: [{ index: 0, totalBytes: 24 * GiB, usableBytes: 23.5 * GiB, plannedBytes: 23.5 * GiB }],
  processes: [
    { name: 'learner', framework: 'jax', capBy: 'env', device: 0, budgetBytes: 7 * GiB, overheadBytes: GiB },
    { name: 'sim', ...neighbour, device: 0, budgetBytes: 10 * GiB, overheadBytes: GiB },
  ],
  findings: [],
});

describe("a neighbour's overuse: its own options, through its framework's knobs", () => {
  test('framework: other has no cap to offer: its budget, or enforce: kill with what stopping it ends', () => {
    const fixes = overBudgetFixes({
      name: 'sim',
      usedBytes: 12 * GiB,
      plan: planWith({ framework: 'other', capBy: 'watch' }),
      victim: 'learner',
    }).map((f) => f.fix);
    assert.ok(
      fixes.every((fix) => !/enforce: cap/.test(fix)),
      fixes.join('\n'),
    );
    assert.match(fixes[0]!, /^give sim the budget it used: gpu_memory: 11GiB for sim \(was 10\.00 GiB\)/);
    assert.match(
      fixes.at(-1)!,
      /^or enforce: kill for sim: .*learner keeps its share, but the run then fails with sim killed-by-headroom/,
    );
  });

  test('an uncapped PyTorch neighbour is offered its framework cap first', () => {
    const fixes = overBudgetFixes({
      name: 'sim',
      usedBytes: 12 * GiB,
      plan: planWith({ framework: 'torch', capBy: 'watch' }),
    }).map((f) => f.fix);
    assert.match(
      fixes[0]!,
      /^enforce: cap for sim: PyTorch's per-process fraction then holds it to its budget/,
    );
  });

  test('a JAX neighbour already capped went over outside its pool: its context allowance', () => {
    const fixes = overBudgetFixes({
      name: 'sim',
      usedBytes: 12 * GiB,
      plan: planWith({ framework: 'jax', capBy: 'env' }),
    }).map((f) => f.fix);
    assert.match(fixes[0]!, /already caps its pool: .*raise context_overhead/);
    assert.ok(fixes.every((fix) => !/enforce: cap/.test(fix)));
  });
});
