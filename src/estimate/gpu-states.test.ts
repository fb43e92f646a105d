// The model's states: which precision the trained parameters are kept in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { trainedPrecision } from './gpu-states.js';
import { parseEstimateSpec } from './load.js';

const spec = (lora: string, precision = 'bf16') =>
  parseEstimateSpec(
    `model:\n  transformer: { layers: 4, hidden: 512, heads: 8, vocab: 32000, seq_len: 256 }\n  lora: { rank: 16, targets: [q, v]${lora} }\ntraining: { precision: ${precision}, optimizer: adamw, batch_size: 1 }\n`,
    'lora.yaml',
  );

const part = (yaml: ReturnType<typeof spec>, name: string) =>
  estimate(yaml).gpu.components.find((c) => c.name === name);

test("PEFT's adapters over a 16-bit model are fp32: their weights, gradients and AdamW states as in an fp32 run", () => {
  // get_peft_model(autocast_adapter_dtype=True), peft 0.12+: bf16/fp16 adapter parameters cast to float32.
  const adapters = 4 * 2 * 2 * 16 * 512; // q and v of 4 layers: A (16 × 512) and B (512 × 16)
  assert.equal(trainedPrecision(spec('')), 'fp32');
  assert.equal(part(spec(''), 'gradients')?.bytes, adapters * 4);
  assert.equal(part(spec(''), 'optimizer states')?.bytes, adapters * 8);
  assert.ok(part(spec(''), 'weights')?.formula.includes(`trained × 4 B`));
  // adapter_dtype: weights (LitGPT, torchtune, unsloth) keeps them in the model's dtype.
  assert.equal(trainedPrecision(spec(', adapter_dtype: weights')), 'bf16');
  assert.equal(part(spec(', adapter_dtype: weights'), 'gradients')?.bytes, adapters * 2);
  // modules_to_save copies are not adapter layers: a run that trains them is counted in the model's dtype.
  assert.equal(trainedPrecision(spec(', modules_to_save: [embed]')), 'bf16');
  // Sharded QLoRA (TRL: autocast_adapter_dtype=False) and torchtune's NF4 keep them 16-bit.
  const qlora = (extra: string) =>
    parseEstimateSpec(
      `model:\n  transformer: { layers: 4, hidden: 512, heads: 8, vocab: 32000, seq_len: 256 }\n  lora: { rank: 16, targets: [q, v] }\n  quantization: { weights: nf4${extra} }\ntraining: { precision: bf16, optimizer: adamw, batch_size: 1 }\nparallel: { gpus: 2, strategy: fsdp_full }\n`,
      'qlora.yaml',
    );
  assert.equal(trainedPrecision(qlora('')), 'bf16');
  assert.equal(trainedPrecision(qlora(', library: torchao')), 'bf16');
  // Under autocast or in fp32 the trained parameters are fp32 already.
  assert.equal(trainedPrecision(spec('', 'amp_bf16')), 'amp_bf16');
});
