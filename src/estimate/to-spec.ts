// From schema-valid raw data to an EstimateSpec: defaults filled in, vars and dtypes checked, located.
import { suggestNearest } from '../config/suggest.js';
import { ConfigError, type ConfigIssue } from '../errors.js';
import { dtypeBytes, dtypeNames } from './dtypes.js';
import { ExprError, evaluateExpr } from './expr.js';
import type { HfConfig } from './hf-config.js';
import type { RawEstimate } from './schema.js';
import { toModel } from './to-spec-model.js';
import type { EstimateSpec, OptimizerImpl, ParallelSpec, Precision, Quantity, Strategy } from './types.js';

/** Maps a field path (and optionally a key in it, or a character offset) to where it was written. */
export type Locate = (
  path: (string | number)[],
  key?: string,
  offset?: number,
) => Pick<ConfigIssue, 'location' | 'field'>;

/** The var every expression may use for the GPU count (parallel.gpus). */
export const gpusVar = 'gpus';

/** Fills defaults and checks what spans fields (vars used in shapes, dtypes); throws ConfigError. */
export function toEstimateSpec(
  raw: RawEstimate,
  source: { file: string | undefined; locate: Locate; config?: HfConfig },
): EstimateSpec {
  const issues: ConfigIssue[] = [];
  const report = (path: (string | number)[], message: string, offset?: number): void => {
    issues.push({ ...source.locate(path, undefined, offset), message });
  };
  if (raw.vars && gpusVar in raw.vars) report(['vars', gpusVar], `"${gpusVar}" is set by parallel.gpus`);
  const parallel = toParallel(raw, report);
  const vars = raw.vars ?? {};
  const withGpus = { ...vars, [gpusVar]: parallel.gpus };
  const checkQuantity = (quantity: Quantity, path: (string | number)[], isCount = false): void => {
    try {
      const value = evaluateExpr(quantity.expr, withGpus);
      if (value < 0) report(path, `"${quantity.text}" is negative with these vars`);
      // A batch (like every count) has at least one: 0 would estimate a step that trains on nothing.
      else if (isCount && value < 1)
        report(path, `"${quantity.text}" is ${value}: expected a whole number ≥ 1`);
    } catch (error) {
      if (!(error instanceof ExprError)) throw error;
      const known = Object.keys(raw.vars ?? {});
      // One-letter names are all one edit apart: list them instead of guessing.
      const nearest =
        error.varName && error.varName.length > 1
          ? suggestNearest(error.varName, [...known, gpusVar])
          : undefined;
      const hint = nearest
        ? `; did you mean "${nearest}"?`
        : known.length > 0
          ? `; vars: ${known.join(', ')}`
          : '; define it under vars:';
      report(path, `${error.message} in "${quantity.text}"${error.varName ? hint : ''}`, error.offset);
    }
  };

  const model = toModel(raw.model, source.config, report);
  const ep = parallel.expert ?? 1;
  if (ep > 1) {
    const experts = model.transformer?.experts ?? 0;
    if (experts === 0)
      report(['parallel', 'expert'], 'needs a mixture of experts (model.transformer.experts)');
    else if (experts % ep !== 0)
      report(['parallel', 'expert'], `${ep} does not divide the ${experts} experts`);
    if (!parallel.strategy.startsWith('fsdp'))
      report(
        ['parallel', 'expert'],
        'is modelled with fsdp_full or fsdp_grad_op (torchtitan: the experts sharded by EP and FSDP together)',
      );
  }
  const batchSize = raw.training?.batch_size ?? literal(1);
  checkQuantity(batchSize, ['training', 'batch_size'], true);
  const tensors = (raw.tensors ?? []).map((tensor, i) => {
    tensor.shape.forEach((dim, j) => {
      checkQuantity(dim, ['tensors', i, 'shape', j]);
    });
    const count = tensor.count ?? literal(1);
    checkQuantity(count, ['tensors', i, 'count']);
    const dtype = tensor.dtype ?? 'float32';
    const bytesPerElement = dtypeBytes(dtype);
    if (bytesPerElement === undefined) {
      const nearest = suggestNearest(dtype, dtypeNames);
      report(
        ['tensors', i, 'dtype'],
        `unknown dtype "${dtype}"${nearest ? `; did you mean "${nearest}"?` : ''}`,
      );
    }
    return {
      name: tensor.name,
      shape: tensor.shape,
      dtype,
      bytesPerElement: bytesPerElement ?? 0,
      count,
      ...(tensor.covers ? { covers: tensor.covers } : {}),
    };
  });
  const training = toTraining(raw, parallel.strategy, report);
  if (
    model.quantization &&
    training.optimizer !== 'none' &&
    !model.lora &&
    raw.model.trainable === undefined
  ) {
    report(
      ['model', 'quantization'],
      'quantized weights are frozen: give model.lora (or model.trainable) to train',
    );
  }
  const device = raw.device ?? 'cuda';
  if (device === 'cpu' && parallel.gpus > 1) report(['parallel', 'gpus'], 'device: cpu trains on one host');
  if (raw.inference && device === 'cpu')
    report(['inference'], 'an inference engine shares a GPU: needs device: cuda');
  if (raw.inference && raw.cuda?.device_memory === undefined)
    report(
      ['inference'],
      "the engine's memory_fraction is a share of the card's total: give cuda.device_memory (e.g. 40355MiB, torch.cuda.mem_get_info()[1])",
    );
  if (raw.cuda?.device_memory === 0)
    report(['cuda', 'device_memory'], "give the card's total (e.g. 40355MiB), not 0");
  if (issues.length > 0) throw new ConfigError(issues);

  return {
    file: source.file,
    framework: raw.framework ?? 'torch',
    device,
    vars,
    model,
    training: { ...training, batchSize },
    parallel,
    tensors,
    host: toHost(raw.host, report),
    cuda: {
      contextBytes: raw.cuda?.context,
      moduleLoading: raw.cuda?.module_loading ?? 'lazy',
      workspaceBytes: raw.cuda?.workspaces,
      fragmentation: raw.cuda?.fragmentation,
      isExpandableSegments: raw.cuda?.expandable_segments ?? false,
      isVariableLengths: raw.cuda?.lengths === 'variable',
      isCappedLengths: raw.cuda?.lengths === 'capped',
      ...(raw.cuda?.device_memory === undefined ? {} : { deviceBytes: raw.cuda.device_memory }),
      ...(raw.cuda?.cudnn_benchmark === undefined ? {} : { isCudnnBenchmark: raw.cuda.cudnn_benchmark }),
    },
    ...(raw.inference
      ? {
          inference: {
            engine: raw.inference.engine,
            memoryFraction: raw.inference.memory_fraction,
            cardBytes: raw.cuda?.device_memory ?? 0,
            isSameProcess: (raw.inference.process ?? 'same') === 'same',
            isSleeping: raw.inference.sleep ?? false,
          },
        }
      : {}),
  };
}

// parallel:, or the older training.zero_stage / data_parallel (ZeRO stage N over data_parallel GPUs).
function toParallel(raw: RawEstimate, report: (path: string[], message: string) => void): ParallelSpec {
  const given = raw.parallel ?? {};
  const legacyStage = raw.training?.zero_stage;
  const legacyGpus = raw.training?.data_parallel;
  if (raw.parallel && (legacyStage !== undefined || legacyGpus !== undefined)) {
    report(
      ['training', legacyStage === undefined ? 'data_parallel' : 'zero_stage'],
      'give parallel: or zero_stage/data_parallel, not both',
    );
  }
  const tensor = given.tensor ?? 1;
  const context = given.context ?? 1;
  const pipeline = given.pipeline ?? 1;
  const model = tensor * context * pipeline;
  const gpus = given.gpus ?? (legacyGpus ?? 1) * model;
  if (gpus % tensor !== 0) report(['parallel', 'tensor'], `${tensor} does not divide the ${gpus} GPUs`);
  else if (gpus % model !== 0) {
    report(
      ['parallel', given.pipeline === undefined ? 'context' : 'pipeline'],
      `tensor × context × pipeline (${model}) does not divide the ${gpus} GPUs`,
    );
  }
  if (given.expert !== undefined && gpus % given.expert !== 0)
    report(['parallel', 'expert'], `${given.expert} does not divide the ${gpus} GPUs`);
  if (given.micro_batches !== undefined && pipeline === 1)
    report(['parallel', 'micro_batches'], 'needs parallel.pipeline > 1');
  if (given.optimizer_instances !== undefined && given.optimizer_instances > 1) {
    const dp = gpus / (tensor * pipeline);
    // Megatron-LM arguments.py: --num-distributed-optimizer-instances needs --use-distributed-optimizer.
    if (given.framework !== 'megatron' || given.strategy !== 'zero1')
      report(
        ['parallel', 'optimizer_instances'],
        "is Megatron's distributed optimizer: needs framework: megatron and strategy: zero1",
      );
    else if (dp % given.optimizer_instances !== 0)
      report(
        ['parallel', 'optimizer_instances'],
        `${given.optimizer_instances} does not divide the ${dp} data-parallel ranks`,
      );
  }
  if (given.virtual_stages !== undefined && given.virtual_stages > 1) {
    if (pipeline === 1) report(['parallel', 'virtual_stages'], 'needs parallel.pipeline > 1');
    // Megatron interleaves 1F1B only (forward_backward_pipelining_with_interleaving); GPipe has no interleaved form.
    else if (given.schedule === 'gpipe')
      report(['parallel', 'virtual_stages'], 'interleaves the 1f1b schedule; schedule is gpipe');
  }
  const legacyStrategy: Strategy = legacyStage ? (`zero${legacyStage}` as Strategy) : 'ddp';
  const strategy = given.strategy ?? legacyStrategy;
  if (given.deepspeed && !strategy.startsWith('zero'))
    report(['parallel', 'deepspeed'], 'needs parallel.strategy zero1, zero2 or zero3');
  else if (given.deepspeed?.zero_init !== undefined && strategy !== 'zero3')
    report(
      ['parallel', 'deepspeed', 'zero_init'],
      'needs parallel.strategy zero3 (only ZeRO-3 partitions parameters)',
    );
  return {
    gpus,
    strategy,
    tensor,
    // torchtitan's tensor parallel plan always shards norms by sequence (SequenceParallel on
    // attention_norm/ffn_norm/norm: torchtitan/models/llama/parallelize_llama.py apply_tp), and Megatron's
    // recipes set --sequence-parallel with TP (Korthikanti et al. 2022, arXiv:2205.05198 §4.2.2).
    isSequenceParallel: tensor > 1 && (given.sequence_parallel ?? true),
    context,
    ...(given.expert !== undefined && given.expert > 1 ? { expert: given.expert } : {}),
    pipeline,
    // Megatron and torchtitan need at least as many micro-batches as stages to fill the pipeline.
    microBatches: given.micro_batches ?? pipeline,
    schedule: given.schedule ?? '1f1b',
    virtualStages: given.virtual_stages ?? 1,
    optimizerInstances: given.optimizer_instances ?? 1,
    pipelineStage: given.pipeline_stage ?? 'peak',
    // Megatron's DDP keeps each gradient only in its contiguous buffer (main_grad): a bucket view.
    isBucketView: given.gradient_as_bucket_view ?? given.framework === 'megatron',
    isMegatron: given.framework === 'megatron',
    fsdpWrap: given.fsdp_wrap ?? 'layers',
    // The wraps other than `layers` are FSDP2 recipes' (torchtitan, torchtune); `layers` is FSDP1's
    // transformer_auto_wrap_policy as HF Trainer, accelerate and Lightning apply it by default.
    // `model` (no policy) is FSDP1's default too (FullyShardedDataParallel(model) wraps the root alone).
    fsdpVersion: given.fsdp_version ?? (['layers', 'model'].includes(given.fsdp_wrap ?? 'layers') ? 1 : 2),
    ...(given.fsdp_upcast === true ? { isFsdpUpcast: true } : {}),
    ncclBytes: given.nccl_buffers,
    deepSpeed: {
      version: given.deepspeed?.version
        ? (given.deepspeed.version.split('.').map(Number).concat(0).slice(0, 3) as [number, number, number])
        : undefined,
      isOverlapComm: given.deepspeed?.overlap_comm,
      // deepspeed/runtime/zero/config.py: reduce_bucket_size = 5e8 elements.
      reduceBucketElements: given.deepspeed?.reduce_bucket_size ?? 5e8,
      // deepspeed/runtime/zero/config.py: sub_group_size = 1e9 elements.
      subGroupElements: given.deepspeed?.sub_group_size ?? 1e9,
      // deepspeed/runtime/zero/config.py: stage3_max_reuse_distance = 1e9 elements.
      maxReuseElements: given.deepspeed?.max_reuse_distance ?? 1e9,
      isZeroInit: given.deepspeed?.zero_init ?? true,
    },
  };
}

/**
 * The precision the model states are held in. Under parallel.fsdp_upcast, accelerate's prepare holds FSDP's
 * 16-bit parameters as fp32 shards with a 16-bit compute (accelerate v1.12.0 utils/fsdp_utils.py
 * fsdp2_prepare_model: `if accelerator.mixed_precision != "no" ...: model = model.to(torch.float32)`, "We
 * upcast the model according to `deepspeed`'s implementation"; accelerator.py prepare_model does the same to
 * FSDP1's trainable flat parameters): what mixed_bf16 / mixed_fp16 say.
 */
function upcastPrecision(
  raw: RawEstimate,
  strategy: Strategy,
  report: (path: string[], message: string) => void,
): Precision {
  const precision = raw.training?.precision ?? 'fp32';
  if (raw.parallel?.fsdp_upcast !== true) return precision;
  if (!strategy.startsWith('fsdp'))
    report(['parallel', 'fsdp_upcast'], `needs strategy fsdp_full or fsdp_grad_op, not ${strategy}`);
  if (precision === 'bf16') return 'mixed_bf16';
  if (precision === 'fp16') return 'mixed_fp16';
  report(
    ['parallel', 'fsdp_upcast'],
    `upcasts 16-bit parameters: needs training.precision bf16 or fp16, not ${precision}`,
  );
  return precision;
}

function toTraining(
  raw: RawEstimate,
  strategy: Strategy,
  report: (path: string[], message: string) => void,
): Omit<EstimateSpec['training'], 'batchSize'> {
  const training = raw.training ?? {};
  const precision = upcastPrecision(raw, strategy, report);
  const optimizer = training.optimizer ?? 'adamw';
  // DeepSpeed keeps 16-bit weights and gradients with an fp32 master copy: the ZeRO paper's layout.
  const isDeepSpeed = strategy.startsWith('zero');
  const convention = training.convention ?? (isDeepSpeed && precision.startsWith('amp') ? 'zero' : 'hf');
  // LOMO and AdaLomo fuse each parameter's update into its gradient's hook: the optimizer runs in backward.
  const isFusedIntoBackward = optimizer === 'lomo' || optimizer === 'adalomo';
  if (isFusedIntoBackward && training.optimizer_in_backward === false)
    report(
      ['training', 'optimizer_in_backward'],
      `${optimizer} always updates in backward (its gradient hooks)`,
    );
  const isOptimizerInBackward = training.optimizer_in_backward ?? isFusedIntoBackward;
  if (training.galore && !['adam', 'adamw', 'adam8bit'].includes(optimizer))
    report(
      ['training', 'galore'],
      `needs optimizer adamw, adam or adam8bit (GaLore's AdamW and 8-bit AdamW), not ${optimizer}`,
    );
  // The states a dtype can be named for: torch-style moments (the 8-bit, 4-bit, paged and factored ones have their own).
  if (
    training.optimizer_states_dtype !== undefined &&
    !['adam', 'adamw', 'sgd_momentum', 'lion'].includes(optimizer)
  )
    report(
      ['training', 'optimizer_states_dtype'],
      `names the moments of adamw, adam, sgd_momentum or lion, not ${optimizer}'s`,
    );
  const gradAccumulation = training.grad_accumulation ?? 1;
  if (isOptimizerInBackward && gradAccumulation > 1) {
    // torchtune refuses it: the step runs as each gradient is produced, so nothing accumulates; LOMO's and
    // AdaLomo's hooks likewise apply and free each gradient within the backward that made it.
    report(
      [
        'training',
        isFusedIntoBackward && training.optimizer_in_backward === undefined
          ? 'grad_accumulation'
          : 'optimizer_in_backward',
      ],
      isFusedIntoBackward
        ? `${optimizer} updates each parameter as its gradient is produced: no grad_accumulation > 1`
        : 'cannot be combined with grad_accumulation > 1',
    );
  }
  const offload = training.offload ?? {};
  const isOffloading = Object.values(offload).some((where) => where === 'cpu');
  if (raw.device === 'cpu' && isOffloading) {
    report(['training', 'offload'], 'device: cpu keeps everything on the host already');
  }
  // verl's and ms-swift's layer-group handler finds its layers as FSDP units (enable_activation_offloading asserts
  // strategy fsdp or fsdp2).
  if (offload.activations === 'cpu_layers' && !strategy.startsWith('fsdp')) {
    report(
      ['training', 'offload', 'activations'],
      `cpu_layers needs parallel.strategy fsdp_full or fsdp_grad_op, not ${strategy}`,
    );
  }
  // FSDP's CPUOffload and DeepSpeed's offload_param both shard the weights first (ZeRO-3 / FULL_SHARD).
  if (offload.parameters === 'cpu' && !['zero3', 'fsdp_full', 'fsdp_grad_op'].includes(strategy)) {
    report(['training', 'offload', 'parameters'], 'needs parallel.strategy zero3, fsdp_full or fsdp_grad_op');
  }
  if (training.float8?.all_gather && training.float8.recipe !== 'tensorwise') {
    // torchao: enable_fsdp_float8_all_gather is supported for tensorwise scaling only.
    report(['training', 'float8', 'all_gather'], 'float8 all-gather needs recipe: tensorwise');
  }
  // YAML reads 4.50 as the number 4.5: a number cannot say a minor version with a trailing zero.
  if (typeof training.transformers === 'number')
    report(
      ['training', 'transformers'],
      `write the version as a string ("${training.transformers}" or e.g. "4.50"): YAML reads a number, and 4.50 as 4.5`,
    );
  if (training.donate !== undefined && (raw.framework ?? 'torch') !== 'jax') {
    report(['training', 'donate'], 'is a JAX setting (jax.jit donate_argnums): needs framework: jax');
  }
  const checkpointing = training.activation_checkpointing ?? 'none';
  if (training.checkpoint_every !== undefined && checkpointing === 'none') {
    report(['training', 'checkpoint_every'], 'needs activation_checkpointing full, op or selective');
  }
  if (training.checkpoint_layers !== undefined && checkpointing === 'none') {
    report(['training', 'checkpoint_layers'], 'needs activation_checkpointing full, op or selective');
  }
  if (training.checkpoint_layers !== undefined && training.checkpoint_every !== undefined) {
    report(['training', 'checkpoint_layers'], 'say checkpoint_every or checkpoint_layers, not both');
  }
  return {
    precision,
    optimizer,
    optimizerImpl:
      training.optimizer_impl ??
      (raw.device === 'cpu'
        ? // _default_to_fused_or_foreach picks foreach only for tensors on CUDA (and XPU).
          'for_loop'
        : defaultOptimizerImpl(optimizer, raw.framework ?? 'torch', convention, isDeepSpeed)),
    isOptimizerInBackward,
    ...(training.first_iteration === true ? { isFirstIteration: true } : {}),
    // GaLore's projected optimizers (galore_torch GaLoreAdamW, GaLoreAdamW8bit): Adam moments only.
    ...(training.galore
      ? {
          galore: {
            rank: training.galore.rank,
            targets: training.galore.targets ?? ['q', 'k', 'v', 'o', 'gate', 'up', 'down'],
          },
        }
      : {}),
    ...(training.optimizer_states_dtype !== undefined
      ? { stateDtypeBytes: training.optimizer_states_dtype === 'fp32' ? 4 : 2 }
      : {}),
    offloadOptimizer: offload.optimizer === 'cpu',
    offloadActivations: offload.activations === 'cpu' || offload.activations === 'cpu_layers',
    ...(offload.activations === 'cpu_layers' ? { isLayerGroupOffload: true } : {}),
    offloadParameters: offload.parameters === 'cpu',
    // FSDP CPUOffload(offload_params=True) moves the gradients to the host with the parameters.
    offloadGradients: offload.gradients === 'cpu' || offload.parameters === 'cpu',
    isCompiled: training.compile === true || training.compile === 'layers',
    // torchtitan compiles each TransformerBlock (components "model") and, as its own torch.compile(loss_fn)
    // (components "loss", torchtitan/components/loss.py build_cross_entropy_loss), the loss function.
    isLossCompiled: training.compile === true || training.compile === 'loss',
    // Not transformer_engine under parallel.framework: megatron, though it is Megatron-Core's default
    // --transformer-impl: on the tuned Megatron rows (session 30) it moved one row toward its figure (a 0.21B MQA
    // model, +12.7% -> -1.5%) and four away (to -5.8% and -23.0% the most), so what else those runs hold is not
    // known; the key says it where a run is known to use TE's layers.
    kernels: training.kernels ?? 'eager',
    checkpointEvery: training.checkpoint_every ?? 1,
    ...(training.checkpoint_layers !== undefined ? { checkpointLayers: training.checkpoint_layers } : {}),
    float8: training.float8
      ? { recipe: training.float8.recipe, isAllGatherFloat8: training.float8.all_gather ?? false }
      : undefined,
    // torch.optim.Optimizer.zero_grad(set_to_none=True) is the default since PyTorch 2.0.
    zeroGrad: training.zero_grad ?? 'set_to_none',
    // Megatron-LM's GPT computes its loss with the vocab-parallel cross-entropy whatever the tensor-parallel
    // size (megatron/core/models/common/language_module/language_module.py compute_language_model_loss:
    // tensor_parallel.vocab_parallel_cross_entropy, or its fused form under --cross-entropy-loss-fusion, at
    // NVIDIA/Megatron-LM d98e8a64; so did the 2021 forks: BigScience's Megatron-DeepSpeed
    // megatron/model/gpt_model.py post_language_model_processing and CrossEntropy at 0035f06a), so a spec that
    // names parallel.framework: megatron and no loss gets it rather than transformers' upcast copy.
    loss: training.loss ?? (raw.parallel?.framework === 'megatron' ? 'vocab_parallel' : 'standard'),
    // transformers' ForCausalLMLoss (`logits.float()`), torchtune's `self.output(h).float()` and
    // torchtitan's `pred.float()` upcast; under autocast log_softmax and nll_loss run in fp32 anyway.
    isLossUpcast: training.loss_upcast ?? true,
    // transformers ForCausalLMLoss (src/transformers/loss/loss_utils.py): from v4.46.0 (where loss_utils.py
    // begins) it shifted the logits, `shift_logits = logits[..., :-1, :].contiguous()` (a copy); PR #35646
    // ("Optimize ForCausalLMLoss by removing unnecessary contiguous() call", merged 2025-01-13, after
    // v4.48.0, so first in v4.49.0) pads the labels instead (`labels = nn.functional.pad(labels, (0, 1),
    // value=ignore_index)`, still so at 5.18.0), so no copy of the logits. Not stated: the copy.
    isLossShiftCopy:
      training.transformers === undefined || !isVersionAtLeast(String(training.transformers), [4, 49]),
    gradAccumBytes:
      training.grad_accum_dtype === undefined ? undefined : training.grad_accum_dtype === 'fp32' ? 4 : 2,
    isCheckpointedInputGrad: training.checkpointed_inputs_require_grad ?? true,
    // jax.jit donates nothing unless donate_argnums / donate_argnames says so (JAX docs, "Buffer donation").
    isDonated: training.donate ?? false,
    convention,
    gradAccumulation,
    activationCheckpointing: checkpointing,
    epochs: training.epochs ?? 1,
  };
}

/**
 * torch.optim's Adam, AdamW and SGD default to foreach on CUDA tensors (_default_to_fused_or_foreach);
 * transformers' Adafactor and Lion implementations loop over tensors; bitsandbytes' 8-bit and paged
 * optimizers, DeepSpeed's FusedAdam (the zero and eleuther conventions) and XLA-compiled optax steps
 * run fused kernels.
 */
export function defaultOptimizerImpl(
  optimizer: EstimateSpec['training']['optimizer'],
  framework: EstimateSpec['framework'],
  convention: EstimateSpec['training']['convention'],
  isDeepSpeed: boolean,
): OptimizerImpl {
  if (framework === 'jax' || isDeepSpeed || convention === 'zero' || convention === 'eleuther')
    return 'fused';
  if (optimizer === 'adafactor' || optimizer === 'lion' || optimizer === 'lomo' || optimizer === 'adalomo')
    return 'for_loop';
  if (optimizer === 'adam8bit' || optimizer === 'adam4bit' || optimizer.startsWith('paged')) return 'fused';
  return 'foreach';
}

function toHost(
  raw: RawEstimate['host'],
  report: (path: string[], message: string) => void,
): EstimateSpec['host'] {
  const dataloader = raw?.dataloader ?? {};
  const dataset = raw?.dataset;
  if (dataset?.bytes !== undefined && raw?.dataset_in_memory !== undefined) {
    report(['host', 'dataset_in_memory'], 'give dataset.bytes or dataset_in_memory, not both');
  }
  if (dataset?.storage !== undefined && raw?.dataset_shared !== undefined) {
    report(['host', 'dataset_shared'], 'give dataset.storage or dataset_shared, not both');
  }
  return {
    workers: dataloader.workers ?? 0,
    // torch.utils.data.DataLoader: prefetch_factor defaults to 2 when num_workers > 0.
    prefetchFactor: dataloader.prefetch_factor ?? 2,
    sampleBytes: dataloader.sample_bytes ?? 0,
    pinMemory: dataloader.pin_memory ?? false,
    // fork is the default start method on Linux before Python 3.14 (forkserver from 3.14).
    workerStart: dataloader.start ?? 'fork',
    isPersistentWorkers: dataloader.persistent_workers ?? false,
    datasetBytes: dataset?.bytes ?? raw?.dataset_in_memory ?? 0,
    // dataset_shared: true meant "one copy", what numpy arrays give.
    datasetStorage: dataset?.storage ?? (raw?.dataset_shared ? 'numpy' : 'python_objects'),
    cacheBytes: dataset?.cache ?? 0,
    processBytes: raw?.process,
    workerBytes: raw?.worker,
  };
}

function literal(value: number): Quantity {
  return { text: String(value), expr: { kind: 'int', value } };
}

/** A "MAJOR.MINOR[.PATCH]" version is at least [major, minor]. */
function isVersionAtLeast(version: string, [major, minor]: readonly [number, number]): boolean {
  const [have = 0, haveMinor = 0] = version.split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}
