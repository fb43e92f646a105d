// Each engine's knob from the plan's bytes: floored so the engine is never granted more than its budget.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { knobValue } from './engine-knob.js';
import { sglangKnob } from './sglang.js';
import { tensorrtLlmKnob } from './tensorrt-llm.js';
import { vllmKnob } from './vllm.js';

const GiB = 1024 ** 3;
const card = 24 * GiB;

test('vLLM: a fraction of the total, 4 decimals floored; ceil(fraction × total), as vLLM requests it, stays within the budget', () => {
  const value = knobValue(vllmKnob, { budgetBytes: 7 * GiB, totalBytes: card, freeAtStartBytes: 10 * GiB });
  assert.equal(value.text, '0.2916');
  assert.equal(value.baseBytes, card, 'what is free does not matter to vLLM');
  assert.ok(value.grantedBytes <= 7 * GiB && 7 * GiB - value.grantedBytes < card / 10_000);
  assert.equal(value.problem, undefined);
});

test('an exact share is not lost to float error, and every budget on every card is granted at most its bytes', () => {
  assert.equal(
    knobValue(vllmKnob, { budgetBytes: 0.3 * 80 * GiB, totalBytes: 80 * GiB, freeAtStartBytes: 0 }).text,
    '0.3000',
  );
  for (let budgetBytes = 1; budgetBytes < card; budgetBytes += 97_654_321) {
    for (const knob of [vllmKnob, sglangKnob, tensorrtLlmKnob]) {
      const value = knobValue(knob, { budgetBytes, totalBytes: card, freeAtStartBytes: card - 3 * GiB });
      assert.ok(value.grantedBytes <= budgetBytes, `${knob.placeholder} ${budgetBytes}`);
    }
  }
});

test('SGLang and TensorRT-LLM: a fraction of what is free when they start, so the same budget is a larger fraction on a fuller card', () => {
  const alone = knobValue(sglangKnob, { budgetBytes: 6 * GiB, totalBytes: card, freeAtStartBytes: 23 * GiB });
  const crowded = knobValue(sglangKnob, {
    budgetBytes: 6 * GiB,
    totalBytes: card,
    freeAtStartBytes: 12 * GiB,
  });
  assert.equal(alone.text, '0.2608');
  assert.equal(crowded.text, '0.5000');
  assert.equal(crowded.baseBytes, 12 * GiB);
  assert.equal(
    knobValue(tensorrtLlmKnob, { budgetBytes: 6 * GiB, totalBytes: card, freeAtStartBytes: 12 * GiB }).text,
    '0.5000',
  );
});

test('a budget the base cannot give, or one that floors to 0, is a problem the plan reports', () => {
  const over = knobValue(tensorrtLlmKnob, {
    budgetBytes: 12 * GiB,
    totalBytes: card,
    freeAtStartBytes: 8 * GiB,
  });
  assert.equal(over.text, '1.0000');
  assert.match(over.problem ?? '', /more than the 8589934592 bytes/);
  const tiny = knobValue(vllmKnob, { budgetBytes: 1024, totalBytes: card, freeAtStartBytes: card });
  assert.equal(tiny.text, '0.0000');
  assert.match(tiny.problem ?? '', /under 1\/10000/);
  assert.match(
    knobValue(sglangKnob, { budgetBytes: GiB, totalBytes: card, freeAtStartBytes: 0 }).problem ?? '',
    /nothing is free/,
  );
});

test("what an engine holds outside its fraction, when the command gives it: TensorRT-LLM's weights leave its base and its budget, SGLang's activations its budget", () => {
  // TensorRT-LLM: 12 GiB free at start, 4 GiB of weights and buffers, an 8 GiB budget: KV = 4 GiB of the 8 GiB left.
  const trt = knobValue(tensorrtLlmKnob, {
    budgetBytes: 8 * GiB,
    totalBytes: card,
    freeAtStartBytes: 12 * GiB,
    outsideBytes: 4 * GiB,
  });
  assert.deepEqual([trt.text, trt.baseBytes, trt.grantedBytes], ['0.5000', 8 * GiB, 4 * GiB]);
  // SGLang: 2 GiB of activations on top of its static share, out of an 8 GiB budget: 6 of 12 GiB free.
  const sglang = knobValue(sglangKnob, {
    budgetBytes: 8 * GiB,
    totalBytes: card,
    freeAtStartBytes: 12 * GiB,
    outsideBytes: 2 * GiB,
  });
  assert.deepEqual([sglang.text, sglang.baseBytes], ['0.5000', 12 * GiB]);
  assert.match(
    knobValue(tensorrtLlmKnob, {
      budgetBytes: 4 * GiB,
      totalBytes: card,
      freeAtStartBytes: 12 * GiB,
      outsideBytes: 5 * GiB,
    }).problem ?? '',
    /is its whole budget/,
  );
});
