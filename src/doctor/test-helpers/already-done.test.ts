// The judge's technique check (already-done.ts): a fix that proposes a technique the log shows in
// use is counted wrong; the same words as a message's advice, or turned off, are not in use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { techniquesAlreadyDone } from './already-done.js';

const adapters =
  'make the model state smaller or spread it: train adapters only (LoRA, or freeze the backbone), or shard them';
const workers = 'lower DataLoader(num_workers=...) (halve it; 0 loads in the main process)';

test('a technique shown in use makes the fix that proposes it wrong', () => {
  for (const log of [
    'swift sft --train_type lora --model m',
    'finetuning_type: lora',
    'model = get_peft_model(model, LoraConfig(r=8))',
  ])
    assert.equal(techniquesAlreadyDone(log, [adapters]).length, 1, log);
  for (const log of ['DataLoader(ds, num_workers=0)', '② (when num_workers=0)'])
    assert.equal(techniquesAlreadyDone(log, [workers]).length, 1, log);
  assert.equal(
    techniquesAlreadyDone('tf.config.experimental.set_memory_growth(gpu, True)', [
      'tf.config.experimental.set_memory_growth(gpu, True) before any op',
    ]).length,
    1,
  );
});

test('advice, a technique turned off, or another value is not in use', () => {
  for (const log of ['--train_type full', '--use_lora False', 'you should try LoraConfig(r=8)'])
    assert.deepEqual(techniquesAlreadyDone(log, [adapters]), [], log);
  for (const log of [
    'Rerunning with num_workers=0 may give better error trace.',
    'DataLoader(ds, num_workers=4)',
  ])
    assert.deepEqual(techniquesAlreadyDone(log, [workers]), [], log);
});

test('a fix that says the technique is on already proposes something else', () =>
  assert.deepEqual(
    techniquesAlreadyDone('"zero_optimization": {"stage": 3}', [
      'with ZeRO-3 on already, offload its optimizer states and parameters to the CPU',
    ]),
    [],
  ));
