// model.quantization.unquantized_dtype: fp32, what PEFT's prepare_model_for_kbit_training leaves beside 4-bit or
// LLM.int8 linears (peft/utils/other.py: every fp16/bf16 parameter that is not a Params4bit cast to float32; GPTQ,
// AQLM, EETQ, HQQ and torchao models skipped).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const shape =
  'family: llama, ffn: 1536, layers: 4, hidden: 512, heads: 8, vocab: 32000, seq_len: 256, tied_embeddings: true';
const spec = (quantization: string, precision = 'bf16') =>
  parseEstimateSpec(
    `model:\n  transformer: { ${shape} }\n  lora: { rank: 16, targets: [q, v] }\n  quantization: { ${quantization} }\ntraining: { precision: ${precision}, optimizer: adamw, batch_size: 1 }\n`,
    'qlora.yaml',
  );
const part = (yaml: ReturnType<typeof spec>, name: string) =>
  estimate(yaml).gpu.components.find((c) => c.name === name);

test('the unquantized parameters are fp32: 2 B more each than in bf16, the 4-bit linears unchanged', () => {
  const bf16 = part(spec('weights: nf4'), 'weights');
  const fp32 = part(spec('weights: nf4, unquantized_dtype: fp32'), 'weights');
  assert.ok(bf16 && fp32);
  // The tied embedding (32000 × 512) and the norms (2 per layer and the final one, 512 each) stay unquantized.
  const unquantized = 32000 * 512 + (2 * 4 + 1) * 512;
  assert.equal(fp32.bytes - bf16.bytes, 2 * unquantized);
});

test("under 16-bit autocast the fp32 LM head's bf16 cast is kept for backward; under fp32 training there is none", () => {
  const copy = part(spec('weights: nf4, unquantized_dtype: fp32'), 'autocast copy of the fp32 LM head');
  assert.equal(copy?.bytes, 2 * 32000 * 512);
  assert.equal(copy?.phase, 'backward');
  assert.equal(part(spec('weights: nf4'), 'autocast copy of the fp32 LM head'), undefined);
  assert.equal(
    part(spec('weights: nf4, unquantized_dtype: fp32', 'fp32'), 'autocast copy of the fp32 LM head'),
    undefined,
  );
});

test('unquantized_dtype fp32 beside GPTQ or torchao is a located error: prepare_model_for_kbit_training skips them', () => {
  assert.throws(
    () => spec('weights: gptq4, unquantized_dtype: fp32'),
    /qlora\.yaml:4:\d+: model\.quantization\.unquantized_dtype: prepare_model_for_kbit_training casts to fp32 only/,
  );
  assert.throws(
    () => spec('weights: nf4, unquantized_dtype: bf16'),
    /qlora\.yaml:4:\d+: model\.quantization\.unquantized_dtype/,
  );
});
