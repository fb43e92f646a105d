// `estimate --trace`: what a traced training step holds at its peak (python/headroom_trace), put
// beside the analytic estimate. The trace sees every tensor; it cannot see what is outside tensors
// (the CUDA context, library workspaces, the allocator's cache, NCCL's buffers), so those come from
// the analytic model. Pure: the helper's result comes in, the comparison goes out.
import { countParams } from './inventory.js';
import { loraParams } from './lora.js';
import type { Breakdown, Component, EstimateSpec } from './types.js';

/** What the helper returns: the bytes alive at the traced peak, by part and by module. */
export interface TraceResult {
  framework: 'torch' | 'jax';
  peakBytes: number;
  /** torch: parameters, buffers, inputs, gradients, optimizer states, activations, temporaries;
   * jax: arguments, outputs, temporaries, generated code (XLA's memory_analysis()). */
  parts: Record<string, number>;
  modules: { module: string; bytes: number }[];
  seconds: number;
  version: string;
  python: string;
  /** When the traced peak came: forward, backward, or the optimizer step (torch). */
  peakPhase?: 'forward' | 'backward' | 'step';
  /** Repeated blocks traced at a few depths and extrapolated to the model's (undefined: traced whole). */
  extrapolation?: { layers: number; tracedLayers: number[] };
  /** Each stage's own peak and its parts (torch): what perRankTrace swaps a rank's states into. */
  stages?: Partial<
    Record<
      'forward' | 'backward' | 'step',
      {
        peakBytes: number;
        parts: Record<string, number>;
        /** The parts alive when what is not the model's states peaked in this stage. */
        working?: Record<string, number>;
      }
    >
  >;
  /** Set by perRankTrace: the traced step's model states were replaced by one rank's (in words). */
  perRank?: string;
  /** torch: the caching allocator replayed on the traced allocations over steady steps
   * (python/headroom_trace/allocator_replay.py replay_steady_steps): its reserved peak, and its allocated peak in whole blocks. */
  allocator?: { reservedBytes: number; allocatedBytes: number };
}

/** One group of parts, traced and analytic, and how far apart. */
export interface TraceGroup {
  name: string;
  tracedBytes: number;
  analyticBytes: number;
  /** (traced − analytic) / analytic × 100; null when the analytic part is 0. */
  differencePercent: number | null;
}

/** The `trace` object of `estimate --json`. */
export interface TraceComparison {
  framework: 'torch' | 'jax';
  version: string;
  python: string;
  seconds: number;
  /** Bytes of the tensors alive at the traced peak, by part. */
  parts: { name: string; bytes: number }[];
  tensorBytes: number;
  /** The analytic parts no tensor trace sees, added to the traced tensors. */
  added: { name: string; bytes: number; formula: string }[];
  /** tensorBytes plus the added parts: the traced estimate of the GPU peak. */
  peakBytes: number;
  analyticPeakBytes: number;
  /** (peakBytes − analyticPeakBytes) / analyticPeakBytes × 100. */
  differencePercent: number;
  groups: TraceGroup[];
  /** The groups more than 10% apart, when the totals are more than 10% apart (empty otherwise). */
  disagreeing: string[];
  /** The modules holding the most at the peak (their repeated block, or the top two levels). */
  modules: { module: string; bytes: number }[];
  /** When the traced peak came; the groups compare the analytic parts of that moment. */
  peakPhase?: 'forward' | 'backward' | 'step';
  extrapolation?: { layers: number; tracedLayers: number[] };
  /** The analytic load moment before the first step (the whole model on the GPU before ZeRO-3 partitions
   * it): its part, and the device's bytes then (with the context and NCCL's buffers); peakBytes is the
   * larger of it and the traced step. */
  load?: { name: string; bytes: number; peakBytes: number };
  notes: string[];
}

/** Totals further apart than this name the parts that disagree (the threshold). */
export const disagreementPercent = 10;

// Analytic parts outside any single process's tensors, added to a trace as they are.
const outsideTensors = new Set(['cuda context', 'library workspaces', 'nccl buffers', 'gradient buckets']);

// Which analytic components and traced parts stand for the same memory.
const groupOfAnalytic = (name: string): string | undefined => {
  if (outsideTensors.has(name) || name === 'allocator cache') return undefined;
  if (name === 'weights' || name === 'dequantized weights') return 'weights';
  if (name.startsWith('gradients')) return 'gradients';
  if (name.startsWith('optimizer states')) return 'optimizer states';
  return 'activations and temporaries';
};
const groupOfTraced: Record<string, string> = {
  parameters: 'weights',
  buffers: 'weights',
  gradients: 'gradients',
  'optimizer states': 'optimizer states',
  inputs: 'activations and temporaries',
  activations: 'activations and temporaries',
  temporaries: 'activations and temporaries',
};
const groupNames = ['weights', 'gradients', 'optimizer states', 'activations and temporaries'];

// XLA reports a step's buffers as arguments (parameters, optimizer state, batch), outputs (the new
// ones, unless donated), temporaries and code: the analytic weights and states stand for the first.
const jaxModelStates = 'arguments: weights and optimizer states';
const jaxWorking = 'outputs, temporaries and code: the rest';
const groupOfAnalyticJax = (name: string): string | undefined => {
  const group = groupOfAnalytic(name);
  if (group === undefined) return undefined;
  return group === 'weights' || group === 'optimizer states' ? jaxModelStates : jaxWorking;
};
const groupOfTracedJax = (name: string): string => (name === 'arguments' ? jaxModelStates : jaxWorking);

const percent = (value: number, reference: number): number | null =>
  reference === 0 ? null : Math.round(((value - reference) / reference) * 1000) / 10;

/**
 * The share of the spec's parameters its model.transformer does not count (model.params beyond the
 * shape's own count and the adapters, by more than 2%: the shape's count leaves out small parts such as
 * biases a family's layer does not model): a vision tower, a detection head or a second network the trace
 * does not build.
 */
export function untracedParamsShare(spec: EstimateSpec): number {
  const { transformer, params, lora } = spec.model;
  if (!transformer || params === undefined || params <= 0) return 0;
  const built = countParams(transformer) + (lora ? loraParams(transformer, lora) : 0);
  return params > built * 1.02 ? (params - built) / params : 0;
}

/**
 * What an analytic part is, for a trace: what decides whether the traced step already holds it.
 * - `outside`: beyond any process's tensors or the step (the CUDA context, library workspaces, NCCL's and
 *   DDP's buffers): added as they are.
 * - `cache`: the caching allocator's reserve: added (torch).
 * - `load`: the moment before the first step: its own peak (compareTrace's load).
 * - `weights`, `trainable state`: per parameter: held for the parameters the traced model builds and trains;
 *   the share it does not build (untracedParamsShare) is added; a trace that trains nothing (a frozen model
 *   with a trainable count: `isFrozenTrace`) takes the trainable state whole from the analytic model.
 * - `untraced state`: kept by a library step the helper does not run (AdaLoRA's importance EMAs, made by
 *   update_and_allocate after the step): added.
 * - `step`: what the traced model's own step makes (activations, the loss, a tuner's ΔW): held.
 * - `second model`: model.reference, never in the traced model: added at the moments it lives.
 * - `vision tower`: model.vision's tower: added to a trace built from a config.json (the language model
 *   only), held by a --trace-module network.
 * - `spec tensor`: a `tensors:` entry: held when it covers a traced part, added otherwise.
 */
export type PartKind =
  | 'outside'
  | 'cache'
  | 'load'
  | 'weights'
  | 'trainable state'
  | 'untraced state'
  | 'step'
  | 'second model'
  | 'vision tower'
  | 'spec tensor';

// The analytic parts by kind (estimate.ts, cuda.ts, gpu-states.ts, gpu-activations.ts, parallel.ts, lora.ts,
// deepspeed.ts name them); a part named here by no kind is `step` and says so in the trace's notes
// (trace.test.ts checks every part of every reference spec has its kind).
const kindsByName: Record<Exclude<PartKind, 'load' | 'spec tensor'>, readonly (string | RegExp)[]> = {
  outside: [
    'cuda context',
    'library workspaces',
    'nccl buffers',
    'gradient buckets',
    'ring attention buffers',
    // cuda.cudnn_benchmark (cudnn-benchmark.ts): cudnnFind's workspace on the GPU, which no CPU trace allocates.
    'cuDNN workspace (benchmark mode)',
    // parallel.framework megatron (gpu-activations.ts): the head's weight-gradient placeholder Megatron's linear
    // hands autograd beside main_grad, which a traced step of the Hugging Face model never makes.
    "LM head's weight gradient (Megatron)",
  ],
  cache: ['allocator cache'],
  weights: [
    'weights',
    'dequantized weights',
    'quantization scales',
    'autocast weight copies',
    'gathered parameters',
    'gathered root unit',
    'gathered LM head',
    'unsharded parameters',
    'parameters kept for reuse',
    /^(fp|float)\d+ casts$/,
  ],
  'trainable state': [
    /^gradients/,
    /^optimizer states/,
    'optimizer step temporaries',
    "last step's gradients",
    // JAX: the step's new parameters and optimizer state beside the old (XLA's outputs, not donated).
    'new weights and states (not donated)',
    'unsharded gradients',
    'sharded gradients (FSDP1 offload)',
    /^fp\d+ (sub-group|partition) gradients$/,
    /^fp\d+ partition staged/,
  ],
  'untraced state': ['AdaLoRA importance EMAs', 'EMA copy of the model'],
  // inference: an engine in the trainer's process (inference-engine.ts), which no traced step holds; model.critic's
  // states (critic.ts): PPO's value model, which the traced policy step does not build.
  'second model': [
    'reference model weights',
    'teacher logits',
    'reference logits',
    /^inference engine \(/,
    /^critic (weights|gradients|optimizer states)/,
    // model.unet's frozen side models (unet.ts), which a traced UNet step does not build.
    'frozen text encoder weights',
    'frozen VAE weights',
  ],
  'vision tower': ['activations (vision tower)', 'vision tower output'],
  step: [
    'activations',
    'embeddings and head inputs',
    'logits and loss',
    'logits',
    'backward working set',
    'forward working set',
    'recomputed layer',
    'input batch',
    'input images',
    'attention bias',
    'activations in flight',
    'offload stash',
    'offloaded layers in flight',
    'DoRA weight temporaries',
    'prefix keys and values',
    /^(LoHa|LoKr|FourierFT) /,
    /^SwiGLU intermediates/,
    /^activations \((backbone|FPN and dense head|RoI heads)\)$/,
    // model.detector: the dense head's MaxIoUAssigner (no-grad, after the forward).
    'anchor assigner working set',
    // model.yolo: the network's and the loss's saved tensors, the assigner's no-grad working set after the forward.
    /^activations \(YOLO (backbone, neck and head|loss)\)$/,
    'task-aligned assigner working set',
    // model.segmenter's heads (SETR, UPerNet): what a traced step of the whole segmenter holds.
    'input images and label maps',
    /^(activations|backward working set) \(segmentation heads\)$/,
    'activations (MiT encoder)',
    // model.segmenter decoders fcn, psp, aspp, sep_aspp: the dilated ResNetV1c's saved tensors (dilated-resnet.ts).
    'activations (ResNetV1c-D8 encoder)',
    /logits resized to the crop for the loss$/,
    // model.unet (unet.ts): the UNet's saved tensors, its recomputed block and backward working set, the latents.
    /^(activations|recomputed block|backward working set) \(UNet\)$/,
    'activations (text encoder)',
    'input latents',
    /^MLM logits over/,
  ],
};

/** The kind of one analytic part of `breakdown` (undefined: no kind names it). */
export function partKind(part: Component): PartKind | undefined {
  if (part.isAtLoad) return 'load';
  for (const [kind, names] of Object.entries(kindsByName) as [PartKind, readonly (string | RegExp)[]][]) {
    if (names.some((name) => (typeof name === 'string' ? name === part.name : name.test(part.name))))
      return kind;
  }
  return undefined;
}

/** What the trace knows besides its result: which parts it cannot hold. */
export interface TraceContext {
  /** The spec's `tensors:` entries no traced model holds (no `covers`): added as given. */
  untraced: readonly string[];
  /** The spec's `tensors:` entries that cover a part the traced step makes: held. */
  covering: readonly string[];
  /** The share of the spec's parameters the traced model does not build (untracedParamsShare). */
  untracedParamsShare: number;
  /** Built from a config.json (the language model only), not a --trace-module network. */
  isConfigTrace: boolean;
  /** The traced model trained nothing (model.trainable without adapters: its base frozen). */
  isFrozenTrace: boolean;
}

/**
 * How a part of `kind` meets the traced step: `held` (the trace has it), `added` (whole, as the analytic
 * model sizes it, at the moments it lives), `share` (held for the traced parameters, the untraced share
 * added). The one rule of what the trace already holds.
 */
export function tracedHolding(kind: PartKind, context: TraceContext): 'held' | 'added' | 'share' {
  switch (kind) {
    case 'outside':
    case 'cache':
    case 'untraced state':
    case 'second model':
      return 'added';
    case 'load':
    case 'step':
      return 'held';
    case 'weights':
      return 'share';
    case 'trainable state':
      return context.isFrozenTrace ? 'added' : 'share';
    case 'vision tower':
      return context.isConfigTrace ? 'added' : 'held';
    case 'spec tensor':
      return 'added';
  }
}

/** A part's kind as this trace sees the spec's tensors: one covering a traced part is the step's. */
function contextKind(part: Component, context: TraceContext): PartKind | undefined {
  if (context.covering.includes(part.name)) return 'step';
  if (context.untraced.includes(part.name)) return 'spec tensor';
  return partKind(part);
}

/**
 * The traced step beside the analytic breakdown of the same spec. Every analytic part has a kind
 * (partKind), and one rule (tracedHolding) says whether the traced step holds it, or it is added as the
 * analytic model sizes it at the moment the trace peaked. `untraced` names the spec's own `tensors:`
 * entries that no traced model holds (a second model, a buffer: those without `covers`).
 * `untracedParamsShare` is the share of the spec's parameters the traced model does not build (model.params
 * counts a vision tower, a head or a second network beside the transformer the trace builds from its
 * config): that share of the per-parameter parts is added too (their activations stay unknown to both).
 * Not with a per-rank trace, whose model states are already the analytic ones of every parameter.
 * `isConfigTrace`: the model was built from a config.json (the language model only), so model.vision's
 * tower is added as the analytic model sizes it; a --trace-module builds the whole network.
 * `isFrozenTrace`: the traced model trained nothing (model.trainable without adapters), so the trainable
 * parameters' gradients and optimizer states are the analytic model's.
 */
export function compareTrace(
  breakdown: Breakdown,
  trace: TraceResult,
  untraced: readonly string[] = [],
  untracedParamsShare = 0,
  isConfigTrace = false,
  isFrozenTrace = false,
  covering: readonly string[] = [],
): TraceComparison {
  const parts = Object.entries(trace.parts)
    .filter(([, bytes]) => bytes > 0)
    .map(([name, bytes]) => ({ name, bytes }));
  const tensorBytes = trace.peakBytes;
  const components = breakdown.gpu.components;
  const context: TraceContext = { untraced, covering, untracedParamsShare, isConfigTrace, isFrozenTrace };
  const moment = trace.peakPhase === 'step' ? 'step' : 'backward';
  // An analytic part alive when the trace peaked: one beside the loss only at the end of forward, one
  // with no phase throughout, the others in their phase.
  const isAtTracedPeak = (part: Component): boolean =>
    part.isLossOnly ? trace.peakPhase === 'forward' : part.phase === undefined || part.phase === moment;
  const why: Partial<Record<PartKind, string>> = {
    'spec tensor': 'tensors: in the spec; not in the traced model',
    'second model': 'model.reference: not in the traced model; analytic',
    'vision tower': 'model.vision: the tower is not in the traced model; analytic',
    'untraced state': 'kept by a step the trace does not run; analytic',
    'trainable state':
      "the traced model trains nothing (model.trainable without adapters): the trainable parameters'; analytic",
    cache: 'analytic',
  };
  const added: TraceComparison['added'] = [];
  const shares: TraceComparison['added'] = [];
  const unknown: string[] = [];
  let cache: TraceComparison['added'][number] | undefined;
  for (const part of components) {
    const known = contextKind(part, context);
    if (known === undefined) unknown.push(part.name);
    const kind = known ?? 'step';
    const holding = tracedHolding(kind, context);
    if (holding === 'share') {
      if (untracedParamsShare <= 0 || trace.perRank !== undefined) continue;
      if (part.phase && part.phase !== moment) continue;
      shares.push({
        name: `${part.name} (parameters not traced)`,
        // Whole bytes, as every analytic part is (estimate.ts rounds each part up).
        bytes: Math.ceil(part.bytes * untracedParamsShare),
        formula: `${Math.round(untracedParamsShare * 1000) / 10}% of the spec's parameters are not in the traced model (model.params beyond its config's count): that share of ${part.name}, ${part.formula} (analytic)`,
      });
      continue;
    }
    if (holding !== 'added') continue;
    const reason = why[kind];
    const entry = {
      name: part.name,
      bytes: part.bytes,
      formula: reason ? `${part.formula} (${reason})` : part.formula,
    };
    if (kind === 'cache') {
      // The allocator's cache and block rounding (cuda.ts): a fraction of what the forward→backward phase
      // allocates and frees, reserved at any later moment of the step too (torch's caching allocator).
      // A trace that replayed the caching allocator on its own allocations has the step's cache itself.
      if (trace.framework === 'torch') cache = trace.allocator ? replayedCache(trace.allocator) : entry;
    } else if (kind === 'outside' || kind === 'spec tensor' || isAtTracedPeak(part)) {
      added.push(entry);
    }
  }
  added.push(...shares);
  // Gradients kept through the step's forward and backward (accumulation over micro-batches, Megatron's
  // grad buffer, zero_grad(set_to_none=False): gpu-states.ts gives them no phase). The helper traces one
  // micro-batch after zero_grad(set_to_none=True), so its gradients appear only as backward makes them;
  // a later micro-batch accumulates into the kept ones in place (torch AccumulateGrad), so at the traced
  // peak the kept gradients stand in for the traced ones: the difference is added.
  const kept = components.find((part) => part.name === 'gradients' && part.phase === undefined);
  if (trace.framework === 'torch' && kept && trace.perRank === undefined && !isFrozenTrace) {
    const traced = trace.parts.gradients ?? 0;
    const missing = Math.ceil(kept.bytes * (1 - untracedParamsShare)) - traced;
    if (missing > 0) {
      added.push({
        name: 'kept gradients',
        bytes: missing,
        formula: `${kept.formula}: alive through forward and backward, the traced micro-batch's ${Math.round(traced / 2 ** 20)} MiB of them at its peak taken off (analytic)`,
      });
    }
  }
  // zero_grad() after the forward (training.zero_grad: after_forward, gpu-states.ts): the last step's
  // gradients live through the forward until it runs. The helper traces one step from no gradients, so
  // its forward never holds them: they are added at the traced forward's end (its stage peak), as far as
  // that moment rises above the traced peak.
  const last = components.find((part) => part.name === "last step's gradients");
  if (trace.framework === 'torch' && last && trace.perRank === undefined && !isFrozenTrace) {
    const forwardBytes =
      trace.stages?.forward?.peakBytes ?? (trace.peakPhase === 'forward' ? tensorBytes : 0);
    const lastBytes = Math.ceil(last.bytes * (1 - untracedParamsShare));
    const missing = forwardBytes + lastBytes - tensorBytes;
    if (missing > 0) {
      added.push({
        name: "last step's gradients",
        bytes: missing,
        formula: `${last.formula}: beside the traced forward's end (${Math.round(forwardBytes / 2 ** 20)} MiB), above the traced peak by this much (analytic)`,
      });
    }
  }
  if (cache) added.push(cache);
  const stepPeakBytes = tensorBytes + added.reduce((sum, part) => sum + part.bytes, 0);
  // The load moment before the first step (estimate.ts loadPart: ZeRO-3 without zero.Init moves the whole
  // model to the GPU before partitioning it), beside the context and NCCL's own buffers: no traced step
  // sees it, so it is the analytic model's, and the peak when larger than the traced step.
  const load = components.find((part) => part.isAtLoad);
  const loadPeakBytes = load
    ? load.bytes +
      components
        .filter((part) => part.name === 'cuda context' || part.name === 'nccl buffers')
        .reduce((sum, part) => sum + part.bytes, 0)
    : 0;
  const isLoadPeak = loadPeakBytes > stepPeakBytes;
  const peakBytes = Math.max(stepPeakBytes, loadPeakBytes);
  const analyticPeakBytes = breakdown.gpu.peakBytes;

  // The analytic parts of the moment the trace peaked (forward→backward or backward→step); without
  // it, the analytic peak's own phase (estimate.ts peakOf).
  const phases = { backward: 0, step: 0 };
  for (const part of components) if (part.phase) phases[part.phase] += part.bytes;
  const peakPhase =
    trace.peakPhase === 'step'
      ? 'step'
      : trace.peakPhase !== undefined || phases.backward >= phases.step
        ? 'backward'
        : 'step';
  const isJax = trace.framework === 'jax';
  const analyticByGroup = new Map<string, number>();
  for (const part of components) {
    const group = isJax ? groupOfAnalyticJax(part.name) : groupOfAnalytic(part.name);
    if (!group || (part.phase && part.phase !== peakPhase)) continue;
    analyticByGroup.set(group, (analyticByGroup.get(group) ?? 0) + part.bytes);
  }
  const tracedByGroup = new Map<string, number>();
  for (const { name, bytes } of parts) {
    const group = isJax ? groupOfTracedJax(name) : (groupOfTraced[name] ?? 'activations and temporaries');
    tracedByGroup.set(group, (tracedByGroup.get(group) ?? 0) + bytes);
  }
  const groups = (isJax ? [jaxModelStates, jaxWorking] : groupNames).map((name) => {
    const tracedBytes = tracedByGroup.get(name) ?? 0;
    const analyticBytes = analyticByGroup.get(name) ?? 0;
    return { name, tracedBytes, analyticBytes, differencePercent: percent(tracedBytes, analyticBytes) };
  });
  const differencePercent = percent(peakBytes, analyticPeakBytes) ?? 0;
  const isApart = Math.abs(differencePercent) > disagreementPercent;
  const disagreeing = isApart
    ? groups
        .filter((g) =>
          g.differencePercent === null
            ? g.tracedBytes > 0
            : Math.abs(g.differencePercent) > disagreementPercent,
        )
        .map((g) => g.name)
    : [];
  const notes: string[] = [];
  if (trace.framework === 'torch') {
    notes.push(
      'traced on fake CPU tensors (a CPU-only torch cannot run backward on fake CUDA ones): the kernels chosen are the CPU ones, so a CUDA kernel that keeps other temporaries (flash attention, cuDNN) may differ; sizes are rounded to the CUDA allocator’s 512 B blocks',
    );
  }
  if (isJax) {
    notes.push(
      'XLA’s memory analysis of the compiled step (jax.jit(step).lower(...).compile().memory_analysis()): arguments + outputs not aliased to donated arguments + temporaries + generated code; compiled for the backend of the Python that traced it',
    );
  }
  if (trace.perRank) notes.push(trace.perRank);
  if (unknown.length > 0) {
    notes.push(`analytic parts of no known kind, taken as held by the traced step: ${unknown.join(', ')}`);
  }
  if (load && isLoadPeak) {
    notes.push(
      `the peak is the model's load (${load.name}, ${Math.round(load.bytes / 2 ** 20)} MiB, analytic: ${load.formula}), not the traced step`,
    );
  }
  if (trace.extrapolation) {
    notes.push(
      `the repeated blocks were traced at ${trace.extrapolation.tracedLayers.join(' and ')} layers and extrapolated to ${trace.extrapolation.layers}`,
    );
  }
  return {
    framework: trace.framework,
    version: trace.version,
    python: trace.python,
    seconds: trace.seconds,
    parts,
    tensorBytes,
    added,
    peakBytes,
    analyticPeakBytes,
    differencePercent,
    groups,
    disagreeing,
    modules: trace.modules.slice(0, 12),
    ...(trace.peakPhase ? { peakPhase: trace.peakPhase } : {}),
    ...(trace.extrapolation ? { extrapolation: trace.extrapolation } : {}),
    ...(load ? { load: { name: load.name, bytes: load.bytes, peakBytes: loadPeakBytes } } : {}),
    notes,
  };
}

/** The allocator's cache as the replay of the traced allocations left it: reserved less allocated blocks. */
function replayedCache(allocator: NonNullable<TraceResult['allocator']>): TraceComparison['added'][number] {
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  return {
    name: 'allocator cache',
    bytes: Math.max(0, allocator.reservedBytes - allocator.allocatedBytes),
    formula: `the caching allocator replayed on the traced allocations over steady steps: ${gib(allocator.reservedBytes)} reserved less ${gib(allocator.allocatedBytes)} allocated in whole blocks (traced)`,
  };
}

// The analytic parts that are one rank's model states as its sharding, offload or paging leaves them
// on the GPU (gpu-states.ts, parallel.ts, deepspeed.ts): what perRankTrace puts in place of the whole
// model's traced parameters, gradients and optimizer states. DeepSpeed's and FSDP's gradient buckets
// are added to every trace as they are (outsideTensors), so they are not here.
const rankStateParts = new Set([
  'weights',
  'quantization scales',
  'dequantized weights',
  'gradients',
  'optimizer states',
  'optimizer step temporaries',
  'gathered parameters',
  'gathered root unit',
  'gathered LM head',
  'unsharded parameters',
  'unsharded gradients',
  'parameters kept for reuse',
  'sharded gradients (FSDP1 offload)',
  'fp32 sub-group gradients',
  'fp32 partition gradients',
]);
const isRankState = (name: string): boolean =>
  rankStateParts.has(name) || name.startsWith('fp32 partition staged');
// The traced parts that are the whole model's states (one process holding all of them).
const tracedStateParts = new Set(['parameters', 'gradients', 'optimizer states']);
// Which traced part a rank's state stands in for (so the groups still compare like with like).
const tracedPartOf = (name: string): string =>
  name.includes('gradients') ? 'gradients' : name.startsWith('optimizer') ? 'optimizer states' : 'parameters';

/**
 * One rank of a sharded (ZeRO, FSDP), offloaded or paged run, from a trace of the unsharded step at the
 * rank's micro-batch: each stage keeps what the trace saw besides the model's states (inputs, buffers,
 * activations, the backward's temporaries) and takes the rank's states from the analytic model, whose
 * sharding arithmetic is the framework's own (gpu-states.ts, parallel.ts); the step's own moment is the
 * rank's states and step temporaries alone (the whole model's optimizer temporaries are not the rank's).
 * The peak is the largest stage. Without stages (an older helper), the trace is returned as it is.
 */
export function perRankTrace(breakdown: Breakdown, trace: TraceResult, why: string): TraceResult {
  if (!trace.stages || trace.framework !== 'torch') return trace;
  const states = breakdown.gpu.components.filter((part) => isRankState(part.name));
  let best:
    | { stage: 'forward' | 'backward' | 'step'; bytes: number; parts: Record<string, number> }
    | undefined;
  for (const stage of ['forward', 'backward', 'step'] as const) {
    const traced = trace.stages[stage];
    if (!traced) continue;
    const parts: Record<string, number> = {};
    // Forward and backward at the moment the rest peaked (activations, the loss, temporaries): the
    // unsharded step's own peak comes later, when its whole model's gradients outweigh them.
    const tracedParts = stage === 'step' ? traced.parts : (traced.working ?? traced.parts);
    for (const [name, bytes] of Object.entries(tracedParts)) {
      if (tracedStateParts.has(name)) continue;
      // The step's temporaries are the whole model's optimizer temporaries: the rank's come from its states.
      if (stage === 'step' && (name === 'temporaries' || name === 'activations')) continue;
      parts[name] = (parts[name] ?? 0) + bytes;
    }
    const phase = stage === 'step' ? 'step' : 'backward';
    for (const part of states) {
      if (part.phase !== undefined && part.phase !== phase) continue;
      const name = tracedPartOf(part.name);
      parts[name] = (parts[name] ?? 0) + part.bytes;
    }
    const bytes = Object.values(parts).reduce((sum, value) => sum + value, 0);
    if (!best || bytes > best.bytes) best = { stage, bytes, parts };
  }
  // The end of backward, when every gradient the rank keeps is there beside the first layer's backward
  // (FSDP1's offloaded shards, gradients freed only by zero_grad): the unsharded trace peaks there under
  // its whole model's gradients, so it cannot show the rank's; that moment is the analytic model's
  // (estimate.ts peakOf), with the traced inputs and buffers.
  const backwardStage = trace.stages.backward;
  const endParts: Record<string, number> = {};
  for (const name of ['inputs', 'buffers']) {
    const bytes = backwardStage?.parts[name] ?? 0;
    if (bytes > 0) endParts[name] = bytes;
  }
  for (const part of breakdown.gpu.components) {
    if (outsideTensors.has(part.name) || part.name === 'allocator cache') continue;
    const isRank = isRankState(part.name);
    if (part.isAtBackwardEnd !== true && !(isRank && part.phase === undefined)) continue;
    const name = isRank ? tracedPartOf(part.name) : 'activations';
    endParts[name] = (endParts[name] ?? 0) + part.bytes;
  }
  const endBytes = Object.values(endParts).reduce((sum, value) => sum + value, 0);
  let endNote = '';
  if (best && backwardStage && endBytes > best.bytes) {
    best = { stage: 'backward', bytes: endBytes, parts: endParts };
    endNote =
      "; its peak is the end of backward, every gradient the rank keeps beside the first layer, which the unsharded trace cannot show: that moment is the analytic model's";
  }
  if (!best) return trace;
  // The allocator's replay was of the unsharded step's own allocations, not of this rank's.
  const { allocator: _unsharded, ...unsharded } = trace;
  return {
    ...unsharded,
    peakBytes: best.bytes,
    parts: best.parts,
    peakPhase: best.stage,
    perRank: `one rank's figure: the step was traced unsharded at the rank's micro-batch, and its parameters, gradients and optimizer states replaced by the rank's as the analytic model shards, offloads or pages them (${why})${endNote}`,
  };
}
