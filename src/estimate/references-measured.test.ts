// Measured runs of ../shared/estimation/references.json: the whole estimate against what people saw.
// Every case within 15% and the median within 5%; every error measured is printed as a test diagnostic.
// Before and after the TP/PP/ZeRO-3 work of 2026-11-26 (estimate-model), unchanged, every row: 25 cases
// (with issue #13's host run), median 2.4%, worst +10.9% (LitGPT QLoRA Llama-2-7B mb 1), 17 within 5%.
// After round 3's work (2026-11-26 23:00 UTC): median 2.0%, worst +9.3% (LitGPT QLoRA Llama-2-13B mb 1),
// 21 within 5%.
// 2026-11-28 (estimate-model, issue 25): a frozen linear keeps no input (layer-activations.ts; measured on an H200
// with HF + PEFT and counted on CPU with torch 2.13) moved LitGPT's 2023 resource table the other way: median
// 2.0% -> 5.2%, worst -20.6% (phi-1.5 mb 4), 12 within 5%, and this bar was loosened for its nine LoRA rows.
// Session 20 found what those rows keep (counted with torch 2.13 on CPU against lit-gpt 8641822's own model,
// layer-activations.ts): LoRA on q and v of LitGPT's fused QKV keeps the adapters' output through zero_pad's
// index_copy, and v, a view of the fused output, keeps that output whole; and the NF4 rows' specs now say what
// lit-gpt asks of Lightning's BitsandbytesPrecision (bf16 compute, every Linear quantized, the head too). Median
// 5.2% -> 2.5%, worst -20.6% -> -11.6% (phi-1.5 NF4 inference), 12 -> 21 within 5%: the bar is 15% and 5% again.
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { defaultContextBytes } from './cuda.js';
import { estimate } from './estimate.js';
import { bytesPerParam } from './model-states.js';
import { measuredCases, medianAbsoluteError } from './test-helpers/measured-cases.js';
import {
  assertClose,
  expectedAt,
  noReferencesMessage,
  referenceCase,
  relativeError,
  specOf,
} from './test-helpers/references.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

function report(t: TestContext, label: string, estimated: number, measured: number): void {
  t.diagnostic(
    `${label}: measured ${measured}, estimated ${estimated.toFixed(2)}, error ${(relativeError(estimated, measured) * 100).toFixed(1)}%`,
  );
}

test('every measured case within 15%, the median within 5% (issue #13; `npm run bench -- estimate-accuracy`)', (t) => {
  const cases = measuredCases();
  for (const c of cases) {
    report(t, `${c.id} (${c.unit})`, c.estimated, c.measured);
    assertClose(c.estimated, c.measured, `${c.id}: ${c.spec}`, { tolerance: 0.15 });
  }
  const median = medianAbsoluteError(cases);
  t.diagnostic(`median absolute error ${(median * 100).toFixed(1)}% over ${cases.length} cases`);
  assert.ok(median <= 0.05, `median ${median}`);
  if (!referenceCase('hf-v100-bert-large-vanilla-bs4')) t.diagnostic(noReferencesMessage);
});

test('hf-v100-cuda-context-kernels: 1343 MiB for the eager context', (t) => {
  const c = referenceCase('hf-v100-cuda-context-kernels');
  if (!c) return t.skip(noReferencesMessage);
  const estimated = defaultContextBytes('torch', 'eager') / MiB;
  report(t, c.id, estimated, expectedAt(c, 'gpu_memory_used_MiB'));
  assertClose(estimated, expectedAt(c, 'gpu_memory_used_MiB'), c.id, { tolerance: 0.15 });
});

test('cuda-context cases: the defaults sit in references.md §9 ranges (errors printed, not asserted)', (t) => {
  const lazy = defaultContextBytes('torch', 'lazy') / MiB;
  const eager = defaultContextBytes('torch', 'eager') / MiB;
  assert.ok(lazy >= 250 && lazy <= 450, 'modern stacks: ~250–450 MiB');
  assert.ok(eager >= 0.6 * 1024 && eager <= 1.5 * 1024, 'old stacks or eager loading: ~0.6–1.5 GiB');
  const lazyCases: [string, string[]][] = [
    ['cuda-context-pytorch-pr86509-lazy-vs-eager', ['used_MiB_lazy']],
    ['cuda-context-rtx6000ada-torch2.10', ['nvidia_smi_MiB']],
    ['cuda-context-rtx3090-torch2.7', ['nvidia_smi_MiB']],
  ];
  const eagerCases: [string, string[]][] = [
    ['cuda-context-pytorch-pr86509-lazy-vs-eager', ['used_MiB_default']],
    ['cuda-context-rtx3090-vs-2080ti', ['implied_context_MiB', 'GTX2080Ti_torch1.6_cu101']],
    ['cuda-context-rtx3090-vs-2080ti', ['implied_context_MiB', 'RTX3090_torch1.7.1_cu110']],
    ['cuda-context-titanv-pytorch1.3-vs-pycuda', ['pytorch_used_MB']],
    ['cuda-context-k80-pytorch0.4', ['per_process_MiB_each_gpu']],
  ];
  for (const [cases, estimated] of [
    [lazyCases, lazy],
    [eagerCases, eager],
  ] as const) {
    for (const [id, keys] of cases) {
      const c = referenceCase(id);
      if (!c) return t.skip(noReferencesMessage);
      report(t, `${id} ${keys.at(-1)}`, estimated, expectedAt(c, ...keys));
    }
  }
});

test('litgpt-lora-1gpu-a100-40gb: micro-batch 4 of Llama-2-7B does not fit 40 GB, micro-batch 2 does', (t) => {
  const c = referenceCase('litgpt-lora-1gpu-a100-40gb');
  if (!c) return t.skip(noReferencesMessage);
  assert.equal((c.expected.max_gpu_ram_GB as Record<string, unknown>)['Llama-2-7B_mb4'], 'OOM');
  const at = (batch: number) =>
    estimate(
      specOf(`model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, fused_qkv: true, attention: flash, seq_len: 1304 }
  lora: { rank: 8, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
training: { precision: bf16, batch_size: ${batch}, loss: chunked }`),
    ).gpu.peakBytes;
  // Micro-batch 4 comes out at 44.6 GiB (47.9 GB), over the 40 GB card, as the table's OOM says; 2 at 28.8 GiB.
  assert.ok(at(4) > 40 * GiB, 'micro-batch 4 is over 40 GiB');
  assert.ok(at(2) < 40 * GiB, 'micro-batch 2 fits 40 GiB');
});

test('scottlogic-pytorch-per-param-costs: AMP costs ~2 bytes/param over fp32', (t) => {
  const c = referenceCase('scottlogic-pytorch-per-param-costs');
  if (!c) return t.skip(noReferencesMessage);
  const total = (precision: 'fp32' | 'amp_bf16') => {
    const bytes = bytesPerParam(precision, 'adamw', 'hf');
    return bytes.weights + bytes.gradients + bytes.optimizer;
  };
  assert.equal(total('amp_bf16') - total('fp32'), expectedAt(c, 'amp_extra_bytes_per_param_approx'));
});
