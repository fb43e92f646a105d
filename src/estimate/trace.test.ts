// The traced step beside the analytic breakdown (compareTrace): what is added, the difference, and
// which groups disagree. The traced figures are those the helper gave for the tiny Llama fixture.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import {
  compareTrace,
  partKind,
  perRankTrace,
  type TraceResult,
  tracedHolding,
  untracedParamsShare,
} from './trace.js';

const spec = parseEstimateSpec(
  `model: { params: 7B }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 1 }`,
  'x.yaml',
);
const breakdown = estimate(spec);
const part = (name: string): number => breakdown.gpu.components.find((p) => p.name === name)?.bytes ?? 0;

// A trace whose parts equal the analytic ones at the step: the totals agree.
function traceLike(scale: Partial<Record<string, number>> = {}): TraceResult {
  const parts = {
    parameters: part('weights'),
    gradients: part('gradients'),
    'optimizer states': part('optimizer states'),
    temporaries: part('optimizer step temporaries'),
  };
  for (const [name, factor] of Object.entries(scale)) {
    parts[name as keyof typeof parts] = Math.round(parts[name as keyof typeof parts] * (factor ?? 1));
  }
  return {
    framework: 'torch',
    peakBytes: Object.values(parts).reduce((sum, bytes) => sum + bytes, 0),
    parts,
    modules: [],
    seconds: 1,
    version: '2.13.0',
    python: 'python3',
    peakPhase: 'step',
  };
}

describe('compareTrace', () => {
  test('the analytic parts no trace sees are added: context and workspaces as estimated', () => {
    const compared = compareTrace(breakdown, traceLike());
    assert.deepEqual(
      compared.added.map((p) => [p.name, p.bytes]),
      [
        ['cuda context', part('cuda context')],
        ['library workspaces', part('library workspaces')],
        ['allocator cache', part('allocator cache')],
      ],
    );
    assert.equal(
      compared.peakBytes,
      compared.tensorBytes + compared.added.reduce((sum, p) => sum + p.bytes, 0),
    );
  });

  test('within 10%: no group is named', () => {
    const compared = compareTrace(breakdown, traceLike({ 'optimizer states': 1.05 }));
    assert.ok(Math.abs(compared.differencePercent) <= 10, String(compared.differencePercent));
    assert.deepEqual(compared.disagreeing, []);
  });

  test('over 10% apart: the groups that disagree are named, the others not', () => {
    const compared = compareTrace(breakdown, traceLike({ 'optimizer states': 0.25 }));
    assert.ok(compared.differencePercent < -10, String(compared.differencePercent));
    assert.deepEqual(compared.disagreeing, ['optimizer states']);
    const optimizer = compared.groups.find((g) => g.name === 'optimizer states');
    assert.equal(optimizer?.differencePercent, -75);
  });

  test("a trace that replayed the caching allocator takes the step's cache from it, not the analytic fraction", () => {
    const GiB = 2 ** 30;
    const traced = traceLike();
    const allocator = { reservedBytes: traced.peakBytes + 3 * GiB, allocatedBytes: traced.peakBytes + GiB };
    const compared = compareTrace(breakdown, { ...traced, allocator });
    const cache = compared.added.find((p) => p.name === 'allocator cache');
    assert.equal(cache?.bytes, 2 * GiB);
    assert.match(cache?.formula ?? '', /replayed/);
    // One rank's states swapped in: the replay was of the unsharded step, so the analytic cache stands.
    const rank = perRankTrace(
      breakdown,
      { ...traced, allocator, stages: { step: { peakBytes: 1, parts: {} } } },
      'x',
    );
    assert.equal(rank.allocator, undefined);
    assert.equal(
      compareTrace(breakdown, rank).added.find((p) => p.name === 'allocator cache')?.bytes,
      part('allocator cache'),
    );
  });

  test("the groups compare the analytic parts of the trace's peak moment (step: no activations)", () => {
    const compared = compareTrace(breakdown, traceLike());
    const weights = compared.groups.find((g) => g.name === 'weights');
    assert.equal(weights?.tracedBytes, part('weights'));
    const gradients = compared.groups.find((g) => g.name === 'gradients');
    assert.equal(gradients?.analyticBytes, part('gradients'));
  });
});

test("the spec's own tensors no traced model holds (a second model) are added as the analytic model sizes them", () => {
  const withTeacher = estimate(
    parseEstimateSpec(
      `model: { params: 7B }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 1 }
tensors:
  - { name: teacher weights, shape: [7000000000], dtype: bfloat16 }`,
      'x.yaml',
    ),
  );
  const compared = compareTrace(withTeacher, traceLike(), ['teacher weights']);
  const teacher = compared.added.find((p) => p.name === 'teacher weights');
  assert.equal(teacher?.bytes, 14e9);
  assert.match(teacher?.formula ?? '', /not in the traced model/);
  assert.equal(
    compareTrace(withTeacher, traceLike()).added.some((p) => p.name === 'teacher weights'),
    false,
  );
});

test("the spec's parameters beyond the traced model's (a vision tower) add their share of the per-parameter parts of the peak's moment", () => {
  // nanoVLM-like: 222M parameters given, a 30-layer SmolLM2-135M shape the trace builds (134.5M).
  const vlm = parseEstimateSpec(
    `model:
  params: 222081600
  transformer: { family: llama, layers: 30, hidden: 576, heads: 9, kv_heads: 3, vocab: 49152, ffn: 1536, tied_embeddings: true, seq_len: 128, attention: sdpa }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 4 }`,
    'x.yaml',
  );
  const share = untracedParamsShare(vlm);
  assert.ok(share > 0.39 && share < 0.4, String(share));
  const vlmBreakdown = estimate(vlm);
  const bytesOf = (name: string) => vlmBreakdown.gpu.components.find((p) => p.name === name)?.bytes ?? 0;
  const compared = compareTrace(vlmBreakdown, { ...traceLike(), peakPhase: 'step' }, [], share);
  const added = (name: string) => compared.added.find((p) => p.name === `${name} (parameters not traced)`);
  assert.equal(added('weights')?.bytes, Math.ceil(bytesOf('weights') * share));
  assert.equal(added('optimizer states')?.bytes, Math.ceil(bytesOf('optimizer states') * share));
  assert.equal(added('gradients')?.bytes, Math.ceil(bytesOf('gradients') * share));
  // At a backward peak the step's parts (gradients, here) are not alive yet.
  const atBackward = compareTrace(vlmBreakdown, { ...traceLike(), peakPhase: 'backward' }, [], share);
  assert.equal(
    atBackward.added.some((p) => p.name === 'gradients (parameters not traced)'),
    false,
  );
  // A shape that counts what the spec gives: nothing to add.
  assert.equal(untracedParamsShare(spec), 0);
});

test("model.vision's tower activations are added to a trace built from a config.json (the language model only), not to a module's", () => {
  const vlm = parseEstimateSpec(
    `model:
  params: 222081600
  transformer: { family: llama, layers: 30, hidden: 576, heads: 9, kv_heads: 3, vocab: 49152, ffn: 1536, tied_embeddings: true, seq_len: 128, attention: sdpa }
  vision: { layers: 12, hidden: 768, heads: 12, ffn: 3072, seq_len: 196, fused_qkv: true, attention: sdpa }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 64 }`,
    'x.yaml',
  );
  const vlmBreakdown = estimate(vlm);
  const tower = vlmBreakdown.gpu.components.find((p) => p.name === 'activations (vision tower)');
  assert.ok(tower && tower.bytes > 0);
  const backward = { ...traceLike(), peakPhase: 'backward' as const };
  const fromConfig = compareTrace(vlmBreakdown, backward, [], 0, true);
  assert.equal(fromConfig.added.find((p) => p.name === tower.name)?.bytes, tower.bytes);
  // A module builds the whole network; at the step's peak the tower's activations are freed.
  assert.equal(
    compareTrace(vlmBreakdown, backward, [], 0, false).added.some((p) => p.name === tower.name),
    false,
  );
  const atStep = compareTrace(vlmBreakdown, { ...traceLike(), peakPhase: 'step' }, [], 0, true);
  assert.equal(
    atStep.added.some((p) => p.name === tower.name),
    false,
  );
});

test("gradients kept across micro-batches stand in for the traced micro-batch's own at its peak", () => {
  const accumulated = parseEstimateSpec(
    `model: { params: 7B }
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 4 }`,
    'x.yaml',
  );
  const b = estimate(accumulated);
  const kept = b.gpu.components.find((p) => p.name === 'gradients');
  assert.ok(kept && kept.phase === undefined, 'accumulated gradients have no phase');
  const traced = Math.round(kept.bytes / 4);
  const trace: TraceResult = {
    ...traceLike(),
    parts: { parameters: 1, gradients: traced, activations: 1 },
    peakPhase: 'backward',
  };
  const added = compareTrace(b, trace).added.find((p) => p.name === 'kept gradients');
  assert.equal(added?.bytes, kept.bytes - traced);
  // One micro-batch freed by zero_grad: nothing kept to add.
  assert.equal(
    compareTrace(breakdown, { ...traceLike(), peakPhase: 'backward' }).added.some(
      (p) => p.name === 'kept gradients',
    ),
    false,
  );
});

test("zero_grad after the forward: the last step's gradients, which a one-step trace never holds, are added beside its forward's end", () => {
  const late = parseEstimateSpec(
    `model: { params: 1B }
training: { precision: fp32, optimizer: adamw, batch_size: 1, zero_grad: after_forward }`,
    'x.yaml',
  );
  const b = estimate(late);
  const last = b.gpu.components.find((p) => p.name === "last step's gradients");
  assert.ok(last);
  const stage = (peakBytes: number) => ({ peakBytes, parts: {} });
  const trace = (forward: number, peak: number): TraceResult => ({
    ...traceLike(),
    peakBytes: peak,
    peakPhase: 'backward',
    stages: { forward: stage(forward), backward: stage(peak) },
  });
  // The forward's end with them rises above the traced backward peak by the difference.
  const added = (t: TraceResult) => compareTrace(b, t).added.find((p) => p.name === last.name)?.bytes;
  assert.equal(added(trace(100, 150)), last.bytes - 50);
  // A backward peak above the forward's end with them: nothing to add.
  assert.equal(added(trace(100, 100 + last.bytes + 1)), undefined);
  // zero_grad before the forward (the default): none.
  assert.equal(
    compareTrace(breakdown, trace(100, 150)).added.some((p) => p.name === last.name),
    false,
  );
});

test('the load moment before the first step (ZeRO-3 without zero.Init) is the peak when larger than the traced step', () => {
  const loaded = parseEstimateSpec(
    `model: { params: 8B }
training: { precision: bf16, optimizer: adamw, batch_size: 1 }
parallel: { gpus: 8, strategy: zero3, deepspeed: { zero_init: false } }`,
    'x.yaml',
  );
  const b = estimate(loaded);
  const load = b.gpu.components.find((p) => p.isAtLoad);
  assert.ok(load);
  const small: TraceResult = {
    ...traceLike(),
    peakBytes: 1024,
    parts: { activations: 1024 },
    peakPhase: 'backward',
  };
  const compared = compareTrace(b, small);
  assert.equal(compared.load?.bytes, load.bytes);
  assert.ok(
    compared.load && compared.peakBytes === compared.load.peakBytes && compared.load.peakBytes > load.bytes,
  );
  assert.match(compared.notes.join(' '), /the peak is the model's load/);
  // No load moment without it.
  assert.equal(compareTrace(breakdown, traceLike()).load, undefined);
});

test("model.reference's frozen model is added as the analytic model sizes it: its weights, a teacher's logits at a backward peak", () => {
  const distilled = parseEstimateSpec(
    `model:
  params: 1B
  reference: { params: 2B, dtype: bf16, logits: kept }
  transformer: { family: llama, layers: 2, hidden: 256, heads: 4, vocab: 1000, ffn: 512, seq_len: 64 }
training: { precision: bf16, optimizer: adamw, batch_size: 1 }`,
    'x.yaml',
  );
  const b = estimate(distilled);
  const bytesOf = (name: string) => b.gpu.components.find((p) => p.name === name)?.bytes;
  const atBackward = compareTrace(b, { ...traceLike(), peakPhase: 'backward' });
  const added = (c: ReturnType<typeof compareTrace>, name: string) =>
    c.added.find((p) => p.name === name)?.bytes;
  assert.ok((bytesOf('reference model weights') ?? 0) > 0);
  assert.equal(added(atBackward, 'reference model weights'), bytesOf('reference model weights'));
  assert.equal(added(atBackward, 'teacher logits'), bytesOf('teacher logits'));
  // At the optimizer step the teacher's logits are gone; its weights stay.
  const atStep = compareTrace(b, { ...traceLike(), peakPhase: 'step' });
  assert.equal(added(atStep, 'teacher logits'), undefined);
  assert.equal(added(atStep, 'reference model weights'), bytesOf('reference model weights'));
});

test("the untraced parameters' share of parts sharded over 3 GPUs is whole bytes, as every --json size is", () => {
  const sharded = parseEstimateSpec(
    `model:
  params: 222081601
  transformer: { family: llama, layers: 30, hidden: 576, heads: 9, kv_heads: 3, vocab: 49152, ffn: 1536, tied_embeddings: true, seq_len: 128, attention: sdpa }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 4 }
parallel: { gpus: 3, strategy: zero3 }`,
    'x.yaml',
  );
  const compared = compareTrace(
    estimate(sharded),
    { ...traceLike(), peakPhase: 'step' },
    [],
    untracedParamsShare(sharded),
  );
  assert.ok(compared.added.some((p) => p.name === 'weights (parameters not traced)'));
  for (const part of compared.added) assert.ok(Number.isInteger(part.bytes), `${part.name}: ${part.bytes}`);
  assert.ok(Number.isInteger(compared.peakBytes), String(compared.peakBytes));
});

describe('perRankTrace', () => {
  const sharded = estimate(
    parseEstimateSpec(
      `model: { params: 7B }
training: { precision: bf16, optimizer: adamw, batch_size: 1 }
parallel: { gpus: 8, strategy: zero3 }`,
      'x.yaml',
    ),
  );
  const shardedPart = (name: string): number =>
    sharded.gpu.components.find((p) => p.name === name)?.bytes ?? 0;
  const GB = 1e9;
  // The unsharded step's stages: backward holds the activations, the step the whole model's states.
  const unsharded: TraceResult = {
    framework: 'torch',
    peakBytes: 84 * GB,
    parts: { parameters: 14 * GB, gradients: 14 * GB, 'optimizer states': 56 * GB },
    modules: [],
    seconds: 1,
    version: '2.13.0',
    python: 'python3',
    peakPhase: 'step',
    stages: {
      // The unsharded backward peaks late, under the whole model's gradients; what is not states
      // peaked early, beside the loss: that moment is the rank's.
      backward: {
        peakBytes: 91 * GB,
        parts: {
          parameters: 14 * GB,
          gradients: 13 * GB,
          'optimizer states': 56 * GB,
          activations: 1 * GB,
          temporaries: 1 * GB,
        },
        working: {
          parameters: 14 * GB,
          gradients: 1 * GB,
          'optimizer states': 56 * GB,
          activations: 5 * GB,
          temporaries: 1 * GB,
        },
      },
      step: {
        peakBytes: 98 * GB,
        parts: { parameters: 14 * GB, gradients: 14 * GB, 'optimizer states': 56 * GB, temporaries: 14 * GB },
      },
    },
  };

  test("the traced activations stay, the states are the rank's: backward is the peak once sharded", () => {
    const rank = perRankTrace(sharded, unsharded, 'zero3 over 8 GPUs');
    assert.equal(rank.peakPhase, 'backward');
    assert.equal(rank.parts.activations, 5 * GB);
    assert.equal(rank.parts.temporaries, 1 * GB);
    assert.equal(rank.parts['optimizer states'], shardedPart('optimizer states'));
    assert.ok(rank.parts.parameters !== undefined && rank.parts.parameters >= shardedPart('weights'));
    assert.equal(
      rank.peakBytes,
      Object.values(rank.parts).reduce((sum, bytes) => sum + bytes, 0),
    );
    assert.match(compareTrace(sharded, rank).notes.join('\n'), /one rank's figure.*zero3 over 8 GPUs/);
  });

  test("FSDP1 under parameter offload: the end of backward, every gradient shard beside the first layer, is the analytic model's moment", () => {
    const offloaded = estimate(
      parseEstimateSpec(
        `model: { transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 1024 } }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, offload: { parameters: cpu, gradients: cpu, optimizer: cpu } }
parallel: { gpus: 2, strategy: fsdp_full }`,
        'x.yaml',
      ),
    );
    const small = { inputs: 8192, activations: 1 * GB, temporaries: 1 * GB };
    const trace: TraceResult = {
      ...unsharded,
      stages: {
        backward: { peakBytes: 2 * GB, parts: { ...small }, working: { ...small } },
        step: { peakBytes: 1 * GB, parts: { inputs: 8192 } },
      },
    };
    const rank = perRankTrace(offloaded, trace, 'fsdp_full over 2 GPUs');
    const shards = offloaded.gpu.components.find((p) => p.name === 'sharded gradients (FSDP1 offload)');
    assert.ok(shards && (rank.parts.gradients ?? 0) >= shards.bytes, JSON.stringify(rank.parts));
    assert.match(rank.perRank ?? '', /the end of backward/);
  });

  test('a trace without stages (an older helper) is left as it is', () => {
    const { stages: _, ...old } = unsharded;
    assert.deepEqual(perRankTrace(sharded, old, 'zero3 over 8 GPUs'), old);
  });
});

test('every analytic part of every reference spec (rounds 1 to 22, the H200 sets) has a kind: none is double-counted or dropped by the trace unseen', async () => {
  const { casesBefore } = await import('./test-helpers/reference-rounds.js');
  const { specOf } = await import('./test-helpers/references.js');
  const h200 = await import('../../test/gpu/peaks-references.js');
  const h200b = await import('../../test/gpu/peaks-references-2.js');
  const cases = [...casesBefore(23), ...h200.roundh200Cases, ...h200b.roundh200bCases];
  const unknown = new Set<string>();
  let parts = 0;
  for (const c of cases) {
    const s = specOf(c.spec);
    const tensors = new Set(s.tensors.map((tensor) => tensor.name));
    for (const component of estimate(s).gpu.components) {
      parts += 1;
      if (!tensors.has(component.name) && partKind(component) === undefined) unknown.add(component.name);
    }
  }
  assert.ok(parts > 5000, `${parts} parts`);
  assert.deepEqual([...unknown], []);
});

test('one rule over kinds: the outside parts and a second model are added, the step held, per-parameter parts held or shared, trainable state whole for a frozen trace', () => {
  const context = {
    untraced: [],
    covering: [],
    untracedParamsShare: 0,
    isConfigTrace: true,
    isFrozenTrace: false,
  };
  assert.equal(tracedHolding('outside', context), 'added');
  assert.equal(tracedHolding('second model', context), 'added');
  assert.equal(tracedHolding('step', context), 'held');
  assert.equal(tracedHolding('weights', context), 'share');
  assert.equal(tracedHolding('trainable state', context), 'share');
  assert.equal(tracedHolding('trainable state', { ...context, isFrozenTrace: true }), 'added');
  assert.equal(tracedHolding('vision tower', context), 'added');
  assert.equal(tracedHolding('vision tower', { ...context, isConfigTrace: false }), 'held');
  // A frozen trace (no parameter trained): the analytic gradients and optimizer states are added.
  const trainable = estimate(
    parseEstimateSpec(
      `model: { params: 7B, trainable: 10M }
training: { precision: bf16, optimizer: adamw, batch_size: 1 }`,
      'x.yaml',
    ),
  );
  const frozen = compareTrace(trainable, { ...traceLike(), peakPhase: 'step' }, [], 0, false, true);
  const bytesOf = (name: string) => trainable.gpu.components.find((p) => p.name === name)?.bytes;
  assert.equal(frozen.added.find((p) => p.name === 'optimizer states')?.bytes, bytesOf('optimizer states'));
  assert.equal(frozen.added.find((p) => p.name === 'gradients')?.bytes, bytesOf('gradients'));
  assert.equal(
    compareTrace(trainable, { ...traceLike(), peakPhase: 'step' }).added.some((p) => p.name === 'gradients'),
    false,
  );
});
