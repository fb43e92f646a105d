// `headroom estimate --trace`: the traced step beside the analytic estimate, through the CLI, with the
// real torch 2.13 and transformers (skipped with the reason where the frameworks venv is absent).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { estimate } from '../../../estimate/estimate.js';
import { trainedPrecision } from '../../../estimate/gpu-states.js';
import { parseEstimateSpec } from '../../../estimate/load.js';
import type { TraceResult } from '../../../estimate/trace.js';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { frameworksPython, skipUnlessFrameworks } from '../../../test-helpers/frameworks.js';
import type { WarmPython } from '../../../test-helpers/warm-python.js';
import { startWarmTracePython } from '../../../trace/test-helpers/warm-trace.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';
import { configOfSpec, perRankReason, traceOfSpec, traceRefusal, traceRequestOf } from './trace.js';

const tinyLlama = join(repoRoot, 'src', 'trace', 'fixtures', 'tiny-llama.json');
const skip = skipUnlessFrameworks('torch', 'transformers');

describe('headroom estimate --trace', { skip }, () => {
  // --python: the frameworks Python, warm (torch and transformers imported once for the file; each
  // trace is still python/headroom_trace/trace_torch.py run afresh, in a fork of it).
  let warm: WarmPython;
  let python = '';
  before(async () => {
    warm = await startWarmTracePython();
    python = warm.python;
  });
  after(() => warm?.stop());
  const args = ['estimate', '--model-config', tinyLlama, '--seq-len', '64', '--batch-size', '4'];

  test('--json: the traced parts, the analytic parts added, the peak and the difference', async () => {
    const { code, stdout, stderr } = await runHeadroom([...args, '--trace', '--python', python, '--json']);
    assert.equal(code, 0, stderr);
    const { trace, gpu } = JSON.parse(stdout);
    assert.equal(trace.framework, 'torch');
    assert.match(trace.version, /^2\./);
    const names = trace.parts.map((part: { name: string }) => part.name);
    // Batch 4 of 64 tokens on a 0.2M-parameter model: the peak is in forward or backward, activations lead.
    for (const part of ['parameters', 'inputs', 'activations']) assert.ok(names.includes(part), names);
    const added = trace.added.map((part: { name: string }) => part.name);
    assert.deepEqual(added.slice(0, 2), ['cuda context', 'library workspaces']);
    const sum = (parts: { bytes: number }[]): number => parts.reduce((total, part) => total + part.bytes, 0);
    assert.equal(trace.tensorBytes, sum(trace.parts));
    assert.equal(trace.peakBytes, trace.tensorBytes + sum(trace.added));
    assert.equal(trace.analyticPeakBytes, gpu.peakBytes);
    assert.equal(
      trace.differencePercent,
      Math.round(((trace.peakBytes - gpu.peakBytes) / gpu.peakBytes) * 1000) / 10,
    );
    assert.ok(
      trace.modules.some((m: { module: string }) => m.module === 'model.layers.0'),
      trace.modules,
    );
  });

  test('text: the traced step table, the groups against the analytic parts, and a verdict', async () => {
    const { code, stdout } = await runHeadroom([...args, '--trace', '--python', python]);
    assert.equal(code, 0);
    assert.match(stdout, /Traced step \(torch 2\.\d+\.\d+\S*, fake tensors, /);
    assert.match(stdout, /^weights +\S+ \S+ +\S+ \S+ +[+-]\d+\.\d%$/m);
    assert.match(
      stdout,
      /The trace and the analytic estimate (agree within 10%|are [+-]\d+\.\d% apart; they disagree on )/,
    );
  });

  test('no config.json: the model model.transformer describes is built and traced, the same as from its config.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-trace-shape-'));
    try {
      // tiny-llama.json's shape, written as a spec.
      const spec = join(dir, 'spec.yaml');
      writeFileSync(
        spec,
        'model:\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 4, kv_heads: 2, ffn: 176, vocab: 512, seq_len: 64 }\ntraining: { batch_size: 4 }\n',
      );
      const fromShape = await runHeadroom(['estimate', '-c', spec, '--trace', '--python', python, '--json']);
      assert.equal(fromShape.code, 0, fromShape.stderr);
      const fromConfig = await runHeadroom([...args, '--trace', '--python', python, '--json']);
      const shaped = JSON.parse(fromShape.stdout).trace;
      assert.equal(shaped.tensorBytes, JSON.parse(fromConfig.stdout).trace.tensorBytes);
      assert.match(shaped.notes[0], /built from model\.transformer as a transformers "llama" config/);
      // A shape the trace cannot build (a BERT encoder with no head) says so and what to give instead.
      writeFileSync(
        spec,
        'model:\n  transformer: { family: bert, layers: 2, hidden: 64, heads: 4, vocab: 512, seq_len: 64 }\n',
      );
      const bert = await runHeadroom(['estimate', '-c', spec, '--trace', '--python', python]);
      assert.equal(bert.code, 2);
      assert.match(
        bert.stderr,
        /this is a BERT that is neither .*: give --model-config config\.json or --trace-module/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('no model to trace: one line, exit 2', async () => {
    const { code, stdout, stderr } = await runHeadroom([
      'estimate',
      '--params',
      '7B',
      '--trace',
      '--python',
      python,
    ]);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /--trace needs the model: --model-config/);
  });

  test("a failing model under --json: exit 2, the stack's tail in error.detail, nothing on stderr", async () => {
    const { code, stdout, stderr } = await runHeadroom(
      ['estimate', '--params', '1M', '--trace-module', 'broken_policy:build', '--python', python, '--json'],
      { cwd: join(repoRoot, 'src', 'trace', 'fixtures') },
    );
    assert.equal(code, 2);
    assert.equal(stderr, '');
    const { error } = JSON.parse(stdout);
    assert.equal(error.code, 'trace');
    assert.match(
      error.message,
      /^broken_policy:build: the training step failed under the trace: RuntimeError/,
    );
    assert.match(error.detail, /broken_policy\.py/);
  });

  test("a sharded strategy is traced as one rank: the unsharded step's activations, the rank's states", async () => {
    const { code, stdout, stderr } = await runHeadroom([
      ...args,
      '--gpus',
      '8',
      '--strategy',
      'zero3',
      '--trace',
      '--python',
      python,
      '--json',
    ]);
    assert.equal(code, 0, stderr);
    const { trace, gpu } = JSON.parse(stdout);
    assert.match(trace.notes.join('\n'), /one rank's figure: .*\(zero3 over 8 GPUs\)/);
    const names = trace.parts.map((part: { name: string }) => part.name);
    assert.ok(names.includes('activations'), names);
    // The tiny model's rank states are the analytic model's: the two agree within a per cent.
    assert.ok(
      Math.abs(trace.peakBytes - gpu.peakBytes) / gpu.peakBytes < 0.01,
      `${trace.peakBytes} ${gpu.peakBytes}`,
    );
  });

  test('tensor parallelism and inference are refused; a paged optimizer is traced with its states paged', async () => {
    const tensor = await runHeadroom([
      ...args,
      '--gpus',
      '2',
      '--tensor-parallel',
      '2',
      '--trace',
      '--python',
      python,
    ]);
    assert.equal(tensor.code, 2);
    assert.match(tensor.stderr, /tensor parallelism \(tensor 2\) splits them/);
    const paged = await runHeadroom([
      ...args,
      '--optimizer',
      'paged_adamw',
      '--trace',
      '--python',
      python,
      '--json',
    ]);
    assert.equal(paged.code, 0, paged.stderr);
    assert.match(JSON.parse(paged.stdout).trace.notes.join('\n'), /paged_adamw's states in unified memory/);
    const inference = await runHeadroom([...args, '--optimizer', 'none', '--trace', '--python', python]);
    assert.equal(inference.code, 2);
    assert.match(inference.stderr, /inference \(optimizer: none; the trace runs a training step\)/);
  });
});

describe('headroom estimate --trace, jax', { skip: skipUnlessFrameworks('jax') }, () => {
  test('an XLA-compiled step beside the analytic estimate: arguments and the rest', async () => {
    const python = frameworksPython() ?? 'python3';
    const { code, stdout, stderr } = await runHeadroom(
      [
        'estimate',
        '--framework',
        'jax',
        '--params',
        '1.2M',
        '--batch-size',
        '256',
        '--trace-module',
        'jax_mlp:build',
        '--python',
        python,
        '--json',
      ],
      { cwd: join(repoRoot, 'examples', 'trace') },
    );
    assert.equal(code, 0, stderr);
    const { trace } = JSON.parse(stdout);
    assert.equal(trace.framework, 'jax');
    assert.deepEqual(trace.parts.map((part: { name: string }) => part.name).slice(0, 2), [
      'arguments',
      'outputs',
    ]);
    assert.deepEqual(
      trace.groups.map((group: { name: string }) => group.name),
      ['arguments: weights and optimizer states', 'outputs, temporaries and code: the rest'],
    );
    assert.equal(trace.added[0].name, 'cuda context');
  });
});

// The trace options of the refusal and request tests below: tiny llama, traced in this folder.
const options = {
  python: 'python3',
  modelConfig: tinyLlama,
  module: undefined,
  isFull: false,
  inputs: [],
  cwd: '.',
};

test('what the helper would trace as something else is refused: an optimizer step in backward, a trainable count', () => {
  const refusal = (training: string, model = '') =>
    traceRefusal(
      parseEstimateSpec(`model: { params: 1B${model} }\ntraining: { ${training} }`, 'x.yaml'),
      options,
    );
  assert.equal(refusal('optimizer: adamw'), undefined);
  assert.match(refusal('optimizer: adamw, optimizer_in_backward: true') ?? '', /optimizer_in_backward/);
  assert.match(refusal('optimizer: adamw', ', trainable: 200M') ?? '', /model\.trainable without lora/);
  assert.match(
    refusal('optimizer: adamw, offload: { activations: cpu }') ?? '',
    /activation offloading without full checkpointing/,
  );
  assert.equal(
    refusal('optimizer: adamw, activation_checkpointing: full, offload: { activations: cpu }'),
    undefined,
  );
  // States off the GPU: traced, with the rank's states from the analytic model.
  assert.equal(refusal('optimizer: adamw, offload: { optimizer: cpu }'), undefined);
});

test("the request asks for the shifted logits' copy as the spec's transformers (before 4.49, or unstated) made it", () => {
  const request = (
    training: string,
    transformer = 'family: llama, layers: 2, hidden: 64, heads: 4, vocab: 512, ffn: 176, seq_len: 64',
  ) =>
    traceRequestOf(
      parseEstimateSpec(
        `model: { params: 1B, transformer: { ${transformer} } }\ntraining: { ${training} }`,
        'x.yaml',
      ),
      { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1],
      options,
    );
  assert.equal(request('precision: bf16, optimizer: adamw').lossShiftCopy, true, 'unstated: the copy');
  assert.equal(request('precision: bf16, optimizer: adamw, transformers: "4.48.3"').lossShiftCopy, true);
  assert.equal(
    'lossShiftCopy' in request('precision: bf16, optimizer: adamw, transformers: "4.49.0"'),
    false,
  );
  // Only transformers' standard loss over upcast logits copies them (loss.ts lossBytesPerLogit).
  assert.equal('lossShiftCopy' in request('precision: bf16, optimizer: adamw, loss: fused'), false);
  assert.equal('lossShiftCopy' in request('precision: bf16, optimizer: adamw, loss_upcast: false'), false);
  // A masked LM's loss shifts nothing.
  const bertMlm = 'family: bert, layers: 2, hidden: 64, heads: 4, vocab: 512, ffn: 256, seq_len: 64';
  assert.equal('lossShiftCopy' in request('precision: bf16, optimizer: adamw', bertMlm), false);
});

test("the request carries training.loss_upcast: false, so the helper's loss keeps 16-bit logits as the model returns them", () => {
  const request = (training: string) =>
    traceRequestOf(
      parseEstimateSpec(`model: { params: 1B }\ntraining: { ${training} }`, 'x.yaml'),
      { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1],
      options,
    );
  assert.equal(request('precision: bf16, optimizer: adamw, loss_upcast: false').lossUpcast, false);
  assert.equal('lossUpcast' in request('precision: bf16, optimizer: adamw'), false);
  assert.equal(request('optimizer: adamw, loss: fused').loss, 'fused');
  assert.equal('loss' in request('optimizer: adamw'), false, 'the standard loss is the helper default');
  // Megatron's own cross-entropy (python/headroom_trace/megatron_loss.py), not transformers' upcast and log-softmax.
  assert.equal(request('optimizer: adamw, loss: vocab_parallel').loss, 'vocab_parallel');
  assert.equal(request('optimizer: adamw, loss: vocab_parallel_fused').loss, 'vocab_parallel_fused');
  assert.equal(request('optimizer: adamw, loss: standard_logits_kept').loss, 'standard_logits_kept');
  assert.equal('loss' in request('optimizer: adamw, loss: loss_parallel'), false);
  assert.equal(
    request('optimizer: adam8bit').optimizer,
    'adamw',
    'a bitsandbytes optimizer is stepped as AdamW',
  );
});

test("lm_head: false runs no loss of the model's own: the logits summed and held when a tensors: entry covers them, else the bare model", () => {
  const spec = (tensors: string) =>
    parseEstimateSpec(
      `model:\n  params: 1B\n  transformer: { family: gpt, layers: 2, hidden: 64, heads: 4, vocab: 100, seq_len: 32, lm_head: false }\ntraining: { precision: fp16, optimizer: sgd, batch_size: 2 }${tensors}`,
      'x.yaml',
    );
  const covered = spec(
    '\ntensors:\n  - { name: logits and their gradient, shape: [2, 32, 100], dtype: float16, count: 2, covers: logits }',
  );
  const request = (s: ReturnType<typeof spec>) =>
    traceRequestOf(s, { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1], options);
  assert.equal(request(covered).objective, 'logits');
  assert.equal(request(spec('')).objective, 'hidden');
  // Built as its LM class either way (the head's weights are in model.params): BioGPT's generic layer.
  const derived = configOfSpec(covered);
  assert.ok(derived && 'config' in derived, JSON.stringify(derived));
  assert.equal(derived.modelType, 'biogpt');
  const withHead = parseEstimateSpec(
    'model:\n  params: 1B\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 4, vocab: 100, seq_len: 32 }\ntraining: { optimizer: adamw }',
    'x.yaml',
  );
  assert.equal('objective' in request(withHead), false, "the model's own loss over labels");
});

test('amp under a convention with 16-bit weights (zero) traces 16-bit parameters, the fp32 master from the analytic model', () => {
  const spec = (training: string) =>
    parseEstimateSpec(`model: { params: 1B }\ntraining: { optimizer: adamw, ${training} }`, 'x.yaml');
  const request = (training: string) =>
    traceRequestOf(
      spec(training),
      { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1],
      options,
    );
  assert.equal(request('precision: amp_bf16, convention: zero').weightsDtype, 'bf16');
  assert.equal(request('precision: amp_fp16, convention: eleuther').weightsDtype, 'fp16');
  // The engine casts the module and runs no autocast: the plain 16-bit dtype (softmax, norms in 16 bits).
  assert.equal(request('precision: amp_bf16, convention: zero').precision, 'bf16');
  assert.equal(request('precision: amp_fp16, convention: eleuther').precision, 'fp16');
  assert.equal(request('precision: amp_bf16, convention: hf').precision, 'amp_bf16');
  // hf's amp keeps fp32 weights and autocast's 16-bit copies: traced as they are.
  assert.equal('weightsDtype' in request('precision: amp_bf16, convention: hf'), false);
  assert.equal('weightsDtype' in request('precision: bf16, convention: zero'), false);
  assert.match(perRankReason(spec('precision: amp_bf16, convention: zero')) ?? '', /16-bit weights/);
  assert.equal(perRankReason(spec('precision: amp_bf16, convention: hf')), undefined);
});

test("a bf16 model under DeepSpeed ZeRO on one GPU takes the rank's fp32 master and states from the analytic model", () => {
  const spec = (text: string) => parseEstimateSpec(`model: { params: 1B }\ntraining: { ${text} }`, 'x.yaml');
  assert.match(
    perRankReason(spec('optimizer: adamw, precision: bf16 }\nparallel: { gpus: 1, strategy: zero3')) ?? '',
    /fp32 master partition and fp32 states/,
  );
  assert.match(
    perRankReason(spec('optimizer: adamw, precision: fp16 }\nparallel: { gpus: 1, strategy: zero2')) ?? '',
    /fp32 master/,
  );
  // Plain bf16 (no ZeRO) and SGD without momentum keep their states as traced.
  assert.equal(perRankReason(spec('optimizer: adamw, precision: bf16')), undefined);
  assert.equal(
    perRankReason(spec('precision: bf16, optimizer: sgd }\nparallel: { gpus: 1, strategy: zero3')),
    undefined,
  );
});

test("checkpointing full every k-th block and torchtitan's op-level policy are traced, Megatron's selective refused; FSDP mixed precision is the 16-bit step with the rank's fp32 states", () => {
  const spec = (training: string, parallel = '') =>
    parseEstimateSpec(
      `model: { params: 1B }\ntraining: { optimizer: adamw, ${training} }${parallel}`,
      'x.yaml',
    );
  const request = (s: ReturnType<typeof spec>) =>
    traceRequestOf(s, { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1], options);
  const every = spec('activation_checkpointing: full, checkpoint_every: 2');
  assert.equal(traceRefusal(every, options), undefined);
  assert.equal(request(every).checkpointEvery, 2);
  assert.equal(traceRefusal(spec('activation_checkpointing: op'), options), undefined);
  assert.equal(request(spec('activation_checkpointing: op')).checkpointing, 'op');
  assert.match(traceRefusal(spec('activation_checkpointing: selective'), options) ?? '', /Megatron/);
  assert.match(
    traceRefusal(spec('activation_checkpointing: op, checkpoint_every: 2'), options) ?? '',
    /checkpoint_every with op/,
  );
  const mixed = spec('precision: mixed_bf16', '\nparallel: { gpus: 8, strategy: fsdp_full }');
  assert.equal(traceRefusal(mixed, options), undefined);
  assert.equal(request(mixed).precision, 'bf16');
  assert.equal(request(mixed).weightsDtype, 'bf16');
  // One GPU too: the fp32 master, gradients and states are the analytic model's.
  assert.match(perRankReason(spec('precision: mixed_bf16')) ?? '', /FSDP keeps fp32 parameters/);
});

test("model.lora.adapter_dtype and model.quantization.bitsandbytes reach the helper: PEFT's fp32 adapters, or adapters in the weights' dtype; bitsandbytes 0.43.2's matmul keeps no input", () => {
  const spec = (lora: string, rest = '') =>
    parseEstimateSpec(
      `model:\n  params: 1B\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 4, vocab: 100, seq_len: 32 }\n  lora: { rank: 8, targets: [q, v]${lora} }${rest}\ntraining: { optimizer: adamw, precision: bf16 }`,
      'x.yaml',
    );
  const request = (s: ReturnType<typeof spec>) =>
    traceRequestOf(s, { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1], options);
  // PEFT's default fp32 adapters are traced under the Trainer's 16-bit autocast, the tuner layers alone
  // (tracedPrecision and adapterRequestOf say why); `fp32` ones without it; `weights` ones need none.
  assert.equal(request(spec('')).precision, 'bf16');
  assert.equal('weightsDtype' in request(spec('')), false);
  assert.equal(request(spec('')).lora?.adapterAutocast, 'bf16');
  assert.equal(request(spec(', adapter_dtype: fp32')).precision, 'bf16');
  assert.equal(request(spec(', adapter_dtype: fp32')).lora?.adapterDtype, 'fp32');
  assert.equal(request(spec(', adapter_dtype: fp32')).lora?.adapterAutocast, undefined);
  const weights = request(spec(', adapter_dtype: weights'));
  assert.equal(weights.precision, 'bf16');
  assert.equal(weights.lora?.adapterDtype, 'weights');
  assert.equal(weights.lora?.adapterAutocast, undefined);
  // The adapters the analytic states keep 16-bit (gpu-states.ts hasPeftFp32Adapters) are built 16-bit too:
  // sharded QLoRA (TRL's autocast_adapter_dtype=False) and torchao's NF4 (torchtune's default dtype).
  const sharded = (rest: string) =>
    parseEstimateSpec(
      `model:\n  params: 1B\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 4, vocab: 100, seq_len: 32 }\n  lora: { rank: 8, targets: [q, v] }\n  quantization: { weights: nf4${rest} }\ntraining: { optimizer: adamw, precision: bf16 }\nparallel: { gpus: 2, strategy: fsdp_full }`,
      'x.yaml',
    );
  assert.equal(trainedPrecision(sharded('')), 'bf16');
  assert.equal(request(sharded('')).lora?.adapterDtype, 'weights');
  assert.equal(request(sharded('')).lora?.adapterAutocast, undefined);
  assert.equal(request(sharded(', library: torchao')).lora?.adapterDtype, 'weights');
  // modules_to_save copies are no tuner layers: PEFT's adapters beside them stay fp32 under the autocast.
  assert.equal(request(spec(', modules_to_save: [embed]')).lora?.adapterAutocast, 'bf16');
  const quantized = (version: string) =>
    request(spec(', adapter_dtype: weights', `\n  quantization: { weights: nf4${version} }`)).quantized;
  assert.equal(quantized(", bitsandbytes: '0.45.0'")?.keepsNoInput, true);
  assert.equal(quantized(", bitsandbytes: '0.43.1'")?.keepsNoInput, undefined);
  assert.equal(quantized('')?.keepsNoInput, undefined);
});

test("transformer.attention math is traced on SDPA's math path; eager as eager; the others as SDPA", () => {
  const request = (attention: string) =>
    traceRequestOf(
      parseEstimateSpec(
        `model:\n  transformer: { family: llama, layers: 2, hidden: 64, heads: 4, vocab: 100, seq_len: 32, attention: ${attention} }\ntraining: { optimizer: adamw, precision: bf16 }`,
        'x.yaml',
      ),
      { inputs: { batchSize: 2 } } as Parameters<typeof traceRequestOf>[1],
      options,
    ).attention;
  assert.equal(request('math'), 'math');
  assert.equal(request('eager'), 'eager');
  assert.equal(request('flash'), 'sdpa');
});

test("GaLore's projected optimizer states come from the analytic model, not the traced full-rank AdamW", () => {
  const spec = parseEstimateSpec(
    'model: { params: 1B }\ntraining: { optimizer: adamw, precision: bf16, galore: { rank: 128 } }',
    'x.yaml',
  );
  assert.match(perRankReason(spec) ?? '', /GaLore's rank-128 optimizer states/);
});

test("the allocator's replay of the traced step is the cache only of a fixed-shape run: cuda.lengths variable, expandable segments, a given fragmentation and a convolutional network keep the analytic one", () => {
  const trace: TraceResult = {
    framework: 'torch',
    peakBytes: 1,
    parts: { parameters: 1 },
    modules: [],
    seconds: 1,
    version: '2.13.0',
    python: 'python3',
    allocator: { reservedBytes: 3, allocatedBytes: 1 },
  };
  const kept = (cuda: string) => {
    const spec = parseEstimateSpec(
      `model: { params: 1B }\ntraining: { optimizer: adamw, precision: bf16 }${cuda}`,
      'x.yaml',
    );
    return traceOfSpec(spec, estimate(spec), trace).allocator !== undefined;
  };
  assert.equal(kept(''), true);
  assert.equal(kept('\ncuda: { lengths: variable }'), false);
  assert.equal(kept('\ncuda: { expandable_segments: true }'), false);
  assert.equal(kept('\ncuda: { fragmentation: 0.1 }'), false);
  // A convolutional network's cuDNN workspaces go through the caching allocator on CUDA, never in a CPU
  // trace's replay: the analytic cache stands.
  const yolo = parseEstimateSpec(
    'model:\n  yolo: { version: v8, scale: n, classes: 80, input: [3, 640, 640] }\ntraining: { optimizer: sgd_momentum, precision: amp_fp16, batch_size: 2 }',
    'yolo.yaml',
  );
  assert.equal(traceOfSpec(yolo, estimate(yolo), trace).allocator, undefined);
});
