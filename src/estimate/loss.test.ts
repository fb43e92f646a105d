// The loss rules of loss.ts that size themselves, each against its source or measurement.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { lossBytesPerLogit, unslothChunkedLossPart, unslothChunkTokens } from './loss.js';

const GiB = 1024 ** 3;
const vocab = 262144;

test("unsloth_fused keeps one chunk's logits in the head's dtype: its compiled step writes the gradient over them", () => {
  // Measured with torch 2.13 on CPU (Inductor): 4.03 B per logit of peak with an fp32 head, 2.03 B with bf16.
  assert.equal(lossBytesPerLogit('unsloth_fused', 4), 4);
  assert.equal(lossBytesPerLogit('unsloth_fused', 2), 2);
});

test('unsloth_fused chunks: n = max(4 · round(L / (4 · target)), 1), target half the free memory (get_chunk_size)', () => {
  // 5,720 tokens of fp32 logits over Gemma 3's vocabulary are 5.59 GiB: under the free 13.17 GiB, one chunk.
  assert.equal(unslothChunkTokens({ tokens: 5720, vocab, freeBytes: 13.17 * GiB }), 5720);
  // 16,384 tokens (16 GiB): round(16 / (4 · 6.585)) = 1, so 4 chunks of 4,096.
  assert.equal(unslothChunkTokens({ tokens: 16384, vocab, freeBytes: 13.17 * GiB }), 4096);
  // A nearly full card: round(16 / (4 · 0.5)) = 8, so 32 chunks of 512.
  assert.equal(unslothChunkTokens({ tokens: 16384, vocab, freeBytes: 1 * GiB }), 512);
  // Without the free memory: the whole batch is one chunk.
  assert.equal(unslothChunkTokens({ tokens: 16384, vocab }), 16384);
});

test('the loss part is scaled to one chunk, and said so', () => {
  const part = { name: 'logits and loss', bytes: 4 * 16384 * vocab, formula: '4 B per logit' };
  const chunked = unslothChunkedLossPart(part, { tokens: 16384, vocab, freeBytes: 13.17 * GiB });
  assert.equal(chunked.bytes, 4 * 4096 * vocab);
  assert.match(chunked.formula ?? '', /4096 of 16384 tokens \(4 chunks/);
  assert.equal(unslothChunkedLossPart(part, { tokens: 16384, vocab, freeBytes: 40 * GiB }), part);
});

test("loss_parallel: torch's vocab-sharded cross-entropy peaks at 16 B per logit, 20 with the loop's fp32 logits kept", () => {
  assert.equal(lossBytesPerLogit('loss_parallel', 2), 16);
  assert.equal(lossBytesPerLogit('loss_parallel', 4), 16);
  assert.equal(lossBytesPerLogit('loss_parallel_logits_kept', 2), 20);
  assert.ok(
    lossBytesPerLogit('loss_parallel', 2) > lossBytesPerLogit('vocab_parallel', 2),
    "not Megatron's in-place loss",
  );
});

test('loss_parallel matches a real PyTorch 2.13 step on CPU (a one-rank mesh, peak resident memory) within 2%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'loss_parallel_torch.py');
  for (const [kind, loss] of [
    ['kept', 'loss_parallel_logits_kept'],
    ['freed', 'loss_parallel'],
  ] as const) {
    const run = spawnSync(frameworksPython() ?? 'python3', [helper, kind], {
      encoding: 'utf8',
      timeout: hangBackstopMs,
    });
    assert.equal(run.status, 0, run.stderr);
    const measured = (JSON.parse(run.stdout.trim()) as { bytesPerLogit: number }).bytesPerLogit;
    const rule = lossBytesPerLogit(loss, 2);
    t.diagnostic(`${kind}: torch ${measured.toFixed(2)} B per logit, the rule ${rule}`);
    assert.ok(Math.abs(measured / rule - 1) < 0.02, `${kind}: torch ${measured}, the rule ${rule}`);
  }
});

test('a compiled loss function (compile: loss, torchtitan\'s components ["loss"]) keeps the 16-bit logits and their gradient: 4 B per logit, as a real PyTorch 2.13 Inductor step on CPU keeps', (t) => {
  assert.equal(lossBytesPerLogit('standard', 2, { isCompiled: true }), 4);
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'compiled_loss_torch.py');
  const run = spawnSync(frameworksPython() ?? 'python3', [helper, 'compiled'], {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(run.status, 0, run.stderr);
  const measured = (JSON.parse(run.stdout.trim()) as { bytesPerLogit: number }).bytesPerLogit;
  t.diagnostic(`compiled: torch ${measured.toFixed(2)} B per logit, the rule 4`);
  // The first call compiles: Inductor's own memory (tens of MB) rides on the peak, up to 0.2 B per logit here.
  assert.ok(measured >= 4 * 0.98 && measured <= 4 * 1.08, `compiled: torch ${measured}, the rule 4`);
});

test('compile: loss compiles the loss alone: the logits part at 4 B per logit, the layers as eager', () => {
  const partsOf = (compile: string) =>
    estimate(
      parseEstimateSpec(
        `model: { transformer: { family: llama, layers: 2, hidden: 256, heads: 4, ffn: 768, vocab: 32000, seq_len: 512, attention: sdpa } }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 2${compile} }`,
        'loss.yaml',
      ),
    ).gpu.components;
  const bytesOf = (parts: ReturnType<typeof partsOf>, name: string) =>
    parts.find((p) => p.name === name)?.bytes;
  const eager = partsOf('');
  const lossOnly = partsOf(', compile: loss');
  const logits = 512 * 2 * 32000;
  assert.equal(bytesOf(lossOnly, 'logits and loss'), 4 * logits);
  assert.equal(bytesOf(eager, 'logits and loss'), 14 * logits);
  assert.equal(bytesOf(lossOnly, 'activations'), bytesOf(eager, 'activations'), 'the layers stay eager');
  assert.notEqual(
    bytesOf(partsOf(', compile: layers'), 'logits and loss'),
    4 * logits,
    'layers leave the loss eager',
  );
  const parallelFormula = estimate(
    parseEstimateSpec(
      `model: { transformer: { family: llama, layers: 2, hidden: 256, heads: 4, ffn: 768, vocab: 32000, seq_len: 512, attention: sdpa } }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 2, compile: loss, loss: loss_parallel }
parallel: { gpus: 2, tensor: 2, strategy: fsdp_full }`,
      'loss.yaml',
    ),
  ).gpu.components.find((p) => p.name === 'logits and loss')?.formula;
  assert.match(
    parallelFormula ?? '',
    /16 B per logit \(loss_parallel cross-entropy, compiled: priced as eager/,
  );
});

test("standard_logits_kept: the loop's fp32 logits beside the cross-entropy, 16 B per logit, as a real PyTorch 2.13 step on CPU keeps", (t) => {
  assert.equal(lossBytesPerLogit('standard_logits_kept', 2), 16);
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'standard_loss_torch.py');
  const run = spawnSync(frameworksPython() ?? 'python3', [helper], {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(run.status, 0, run.stderr);
  const measured = (JSON.parse(run.stdout.trim()) as { bytesPerLogit: number }).bytesPerLogit;
  t.diagnostic(`torch ${measured.toFixed(2)} B per logit, the rule 16`);
  assert.ok(Math.abs(measured / 16 - 1) < 0.02, `torch ${measured}, the rule 16`);
});
