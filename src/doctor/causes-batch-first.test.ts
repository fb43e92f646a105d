// The largest cause-miss form on first sight (issue 23 item 5, session 26): "batch first" where the log
// itself settles on the model, a request past the card, or another process. Each case reads a
// structure the log gives: the reporter's words blaming the model, a CUDA context that could not be
// created, a single request against the card the log states, other processes told on one card.
// The excerpts are real logs' forms (the threads named), cut to the lines that matter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { nothingShown } from './shown.js';
import { modelWeightsFix } from './stated-readings.js';

const alternativesOf = (log: string) => diagnoseText(log)[0]?.causeAlternatives?.map((a) => a.cause) ?? [];

test("the reporter's words that the model is too large for the card put the model's state first, the batch open (ai-dynamo/dynamo#634)", () => {
  const log = [
    'Try to run a model which is too big for a single GPU (without increasing TP). It will fail.',
    'torch.OutOfMemoryError: CUDA out of memory.',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'model_state');
  // No figure of this process's own: another process is as open as the batch.
  assert.deepEqual(alternativesOf(log).slice(0, 2), ['co_tenant', 'batch_too_large']);
  assert.match(d!.fixes[0]!, /^make the model's state fit: /);
});

test('the same words beside an XLA figure of the free memory: model first (vllm-project/vllm#20644)', () => {
  const log =
    'When a model is too large to fit in HBM, the error raised by XLA is not informative (e.g. `Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 896.00M. That was not possible. There are 295.08M free.; (0x0x0_HBM0)`).';
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'model_state');
  assert.ok(alternativesOf(log).includes('batch_too_large'));
  // A TPU is opened by one process at a time: no other process is offered.
  assert.ok(!alternativesOf(log).includes('co_tenant'));
});

test('a question about the model, or words that blame the batch too, leave the batch first', () => {
  const asked = 'Is the model too big for my GPU?\ntorch.OutOfMemoryError: CUDA out of memory.';
  assert.equal(diagnoseText(asked)[0]?.cause, 'batch_too_large');
  const both =
    'The model is too large, and the batch size is too large too.\ntorch.OutOfMemoryError: CUDA out of memory.';
  assert.equal(diagnoseText(both)[0]?.cause, 'batch_too_large');
});

test("the model's fix never repeats what the log shows done: quantized already, sharded over N GPUs already", () => {
  const plain = modelWeightsFix(nothingShown).fix;
  assert.match(plain, /bf16 or 8\/4-bit weights \(a quantized checkpoint\) or a smaller model/);
  const shown = modelWeightsFix({ ...nothingShown, quantizedMethod: 'awq', tensorParallelGpus: 2 }).fix;
  assert.match(shown, /a smaller model \(the weights are awq-quantized already\)/);
  assert.match(shown, /more than the 2 GPUs it uses/);
  assert.doesNotMatch(shown, /quantized checkpoint|several GPUs/);
  const precision = modelWeightsFix({ ...nothingShown, isMixedPrecision: true }).fix;
  assert.doesNotMatch(precision, /bf16/);
});

test('TensorFlow that cannot create its CUDA context had nothing on the card: another process (tensorflow/tensorboard#1194)', () => {
  const log = [
    '2018-05-17 19:44:32.427365: E tensorflow/core/common_runtime/direct_session.cc:167] Internal: failed initializing StreamExecutor for CUDA device ordinal 0: Internal: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY; total memory reported: 12652838912',
    '  File "/usr/local/lib/python2.7/dist-packages/tensorboard/program.py", line 166, in main',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.kind, 'gpu_oom');
  assert.equal(d?.cause, 'co_tenant');
  assert.ok(!d!.fixes.some((f) => /lower the batch/.test(f)), d!.fixes.join('\n'));
});

test('one request past what the card the log states gives one allocation: its shape first, the batch open (facebookresearch/faiss#648)', () => {
  const log = [
    'On a 16G GPU, this crashes with',
    "Faiss assertion 'cudaMalloc(p, size) == cudaSuccess' failed in void faiss::gpu::allocMemorySpace(faiss::gpu::MemorySpace, void**, size_t) at utils/MemorySpace.cpp:20; details: Failed to cudaMalloc 16000000000 bytes",
    'Aborted',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'request_exceeds_device');
  assert.deepEqual(alternativesOf(log), ['batch_too_large']);
  // Half the card is not past it: the batch stays first.
  const half = log.replace('16000000000', '8000000000');
  assert.equal(diagnoseText(half)[0]?.cause, 'batch_too_large');
});

test('several processes told on one card with an adjective and a verb between: another process first (NVIDIA/gpu-operator#2880)', () => {
  const log = [
    'Over time, multiple inference processes accumulate on the same physical GPU and eventually consume almost all available GPU memory.',
    'The result is a CUDA out-of-memory error during a subsequent model deployment.',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'co_tenant');
  assert.ok(alternativesOf(log).includes('batch_too_large'));
});

test("vLLM's load refusal that names --gpu-memory-utilization keeps the engine's reserved share open (SemiAnalysisAI/InferenceX#1461)", () => {
  const log = [
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1008.00 MiB.',
    'GPU 2 has a total capacity of 139.81 GiB of which 993.44 MiB is free.',
    'Including non-PyTorch memory, this process has 138.83 GiB memory in use.',
    '[gpu_model_runner.py:4957] Failed to load model — not enough GPU memory.',
    'Try lowering --gpu-memory-utilization to free memory for weights, …',
  ].join('\n');
  assert.equal(diagnoseText(log)[0]?.cause, 'model_state');
  assert.ok(alternativesOf(log).includes('preallocation'));
  // A user's own words about the setting are not the engine's message.
  const asked = log.replace('Try lowering --gpu-memory-utilization', 'I tried --gpu-memory-utilization 0.9');
  assert.ok(!alternativesOf(asked).includes('preallocation'));
});
