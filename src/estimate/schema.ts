// The schema of an estimate spec (YAML or flags): one zod definition, located errors in load.ts.
import { z } from 'zod';
import { byteCountField, sizeField } from '../config/fields.js';
import { quoteInput } from '../units.js';
import { ExprError, parseExpr } from './expr.js';
import {
  cnnLayerSchema,
  cnnSchema,
  detectorBackboneSchema,
  detectorSchema,
  loraSchema,
  modelSchema,
  oneOf,
  quantizationSchema,
  transformerSchema,
  unetSchema,
  visionSchema,
  yoloSchema,
} from './schema-model.js';
import {
  checkpointings,
  conventions,
  coverableParts,
  datasetStorages,
  estimateFrameworks,
  fsdpWraps,
  layerKernels,
  loraTargets,
  losses,
  optimizerImpls,
  optimizers,
  pipelineSchedules,
  precisions,
  type Quantity,
  strategies,
  workerStarts,
} from './types.js';

export { buffersField, countField, modelSchema, transformerSchema } from './schema-model.js';

/** An integer or an expression of vars: `4`, `B*G`, `(T+1)//2`. */
export const quantityField = z
  .union([z.number(), z.string()], { error: 'expected an integer or an expression of vars such as B*G' })
  .transform((value, ctx): Quantity => {
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0) return { text: String(value), expr: { kind: 'int', value } };
      ctx.addIssue({ code: 'custom', message: `expected a whole number, got ${value}` });
      return z.NEVER;
    }
    try {
      return { text: value, expr: parseExpr(value) };
    } catch (error) {
      if (!(error instanceof ExprError)) throw error;
      ctx.addIssue({
        code: 'custom',
        message: `${quoteInput(value)}: ${error.message} at character ${error.offset + 1}`,
      });
      return z.NEVER;
    }
  });

// A count, worded as every count is (cli/values.ts, config/schema.ts).
const positiveInt = z
  .number({ error: 'expected a whole number ≥ 1' })
  .int({ error: 'expected a whole number ≥ 1' })
  .min(1, { error: 'expected a whole number ≥ 1' });

/** training.offload: what moves to host memory. */
export const offloadSchema = z.strictObject({
  optimizer: oneOf(['cpu', 'none'] as const).optional(),
  activations: oneOf(['cpu', 'cpu_layers', 'none'] as const)
    .meta({
      description:
        "cpu: every saved tensor copied to the host as it is saved, the last few kept until their copies finish (torchtune's OffloadActivations, unsloth's offloaded checkpoints); cpu_layers: each decoder layer's saved tensors offloaded as one group, copied out when the next layer commits and brought back as backward reaches it (verl's AsyncDoubleBufferGroupOffloadHandler, ms-swift's activation_cpu_offload under FSDP): the last layer's group, never offloaded, through the loss, then one layer's at a time",
    })
    .optional(),
  parameters: oneOf(['cpu', 'none'] as const)
    .meta({
      description:
        'FSDP CPUOffload(offload_params=True), ZeRO-Infinity offload_param: weights (and gradients) on the host',
    })
    .optional(),
  gradients: oneOf(['cpu', 'none'] as const)
    .meta({ description: 'gradients copied to the host as backward makes them (torchao offload_gradients)' })
    .optional(),
});

/** training.float8: torchao Float8 training of the linear layers (torchtitan --model.converters float8). */
export const float8Schema = z.strictObject({
  recipe: oneOf(['tensorwise', 'rowwise', 'mxfp8'] as const).meta({
    description:
      "torchao's float8 scaling: tensorwise or rowwise (torchao.float8), or mxfp8 (torchao.prototype.mx_formats, torchtitan's quantize.linear.mx converter: float8 e4m3 data with an e8m0 scale per 32 elements)",
  }),
  all_gather: z
    .boolean()
    .meta({
      description: 'FSDP2 all-gathers float8 weights (enable_fsdp_float8_all_gather; tensorwise only)',
    })
    .optional(),
});

/** training: precision, optimizer and its implementation, batch, checkpointing, loss, gradients. */
export const trainingSchema = z.strictObject({
  precision: oneOf(precisions).optional(),
  optimizer: oneOf(optimizers)
    .meta({
      description:
        "the optimizer; 'none' is no training step at all (forward only: no gradients, nothing kept for a backward). A backward with no optimizer step (a benchmark's loss.backward() alone) is 'sgd': its step keeps no state and allocates nothing. lomo (LOMO: SGD fused into backward, no state) and adalomo (AdaLomo: fp32 factored second moments) update each parameter in its gradient's hook: optimizer_in_backward, no grad_accumulation",
    })
    .optional(),
  optimizer_impl: oneOf(optimizerImpls).optional(),
  optimizer_states_dtype: oneOf(['fp32', 'bf16', 'fp16'] as const)
    .meta({
      description:
        "the dtype of the optimizer's states when the framework is told it (Megatron --use-precision-aware-optimizer with --exp-avg-dtype/--exp-avg-sq-dtype bf16, DeepSpeed bf16_optimizer_states): Adam's two moments (SGD's momentum, Lion's) in it, any fp32 master copy unchanged; default: the precision's (fp32 beside fp32 or master weights)",
    })
    .optional(),
  optimizer_in_backward: z.boolean().optional(),
  first_iteration: z
    .boolean()
    .meta({
      description:
        "true: the figure is the first iteration's peak (Megatron-LM's report_memory at --log-interval 1, a max after step 1), when the optimizer's moments do not exist yet beside forward and backward: torch.optim's Adam, apex's and Transformer Engine's FusedAdam create them in their first step() (torch/optim/adam.py _init_group: `if len(state) == 0`), while an fp32 master copy (Megatron's distributed optimizer, DeepSpeed) is made when the optimizer is built. Default false: a steady step",
    })
    .optional(),
  galore: z
    .strictObject({
      rank: positiveInt.meta({
        description: 'the projection rank (GaLore --rank; ms-swift galore_rank 128)',
      }),
      targets: z
        .array(oneOf(loraTargets))
        .min(1)
        .meta({
          description:
            'the weight matrices projected (default every linear of a block: q k v o gate up down)',
        })
        .optional(),
    })
    .meta({
      description:
        'GaLore: the optimizer of each targeted weight keeps its states in a rank-r projection of the gradient (r × the longer side per state) beside the projection matrix (r × the shorter side), with an SVD of the gradient every update_proj_gap steps',
    })
    .optional(),
  offload: offloadSchema.optional(),
  zero_grad: oneOf(['set_to_none', 'zeros', 'after_forward'] as const)
    .meta({
      description:
        "how the loop clears gradients: set_to_none (default since PyTorch 2.0: zero_grad() before the forward frees them, so they live from backward to step), zeros (zero_grad(set_to_none=False): kept always), after_forward (zero_grad() called between the forward and backward, as in `logits = model(x); loss = ...; optimizer.zero_grad(); loss.backward()`: the previous step's gradients live through the whole forward)",
    })
    .optional(),
  loss: oneOf(losses)
    .meta({
      description:
        "the loss over the logits: standard (cross-entropy over upcast logits, as transformers computes it), chunked (torchtune, LitGPT), fused (Liger/Unsloth fused linear cross-entropy), chunked_head (torchtitan's ChunkedLossWrapper), vocab_parallel (Megatron-LM's vocab-parallel cross-entropy without --cross-entropy-loss-fusion: one fp32 copy of the logits, worked in place into the softmax it keeps and the gradient), vocab_parallel_fused (with --cross-entropy-loss-fusion: the same steps compiled, each in-place graph adding one fp32 logits-sized transient), loss_parallel (PyTorch's torch.distributed.tensor.parallel.loss_parallel over the LM head's vocab-sharded output, torchtitan's loss under tensor parallelism: three fp32 logits beside the input in forward, four beside the kept log-probabilities in backward, 16 B per logit of the shard), loss_parallel_logits_kept (the same while the loop keeps fp32 logits through backward, as torchtitan did from 2024-03-05 to 2024-06-12: 20 B), standard_logits_kept (F.cross_entropy over fp32 logits the model returns itself, held by the loop through backward, as torchtrain/torchtitan did until 2024-06-12 without loss parallelism: 16 B), unsloth_fused (unsloth_zoo's UnslothFusedLoss, which unsloth's compiled models run when the LM head is fp32 or trained: the head and loss per chunk, compiled, one chunk's fp32 logits at a time, the chunk sized to half the memory free at its first call — give cuda.device_memory, else the whole batch is one chunk); default: vocab_parallel under parallel.framework: megatron, else standard",
    })
    .optional(),
  checkpointed_inputs_require_grad: z
    .boolean()
    .meta({
      description:
        "under activation_checkpointing: full, the checkpointed layers' inputs require grad (default true). false: reentrant checkpointing (transformers' gradient_checkpointing_enable() default) over frozen embeddings without enable_input_require_grads(): the layers record no graph, keep nothing and their adapters get no gradient",
    })
    .optional(),
  donate: z
    .boolean()
    .meta({
      description:
        "JAX: the jitted train step donates its parameters and optimizer state (jax.jit donate_argnums), so XLA writes the new ones over the old. Default false, jax.jit's default: the old and the new parameters and states are both alive at the step",
    })
    .optional(),
  loss_upcast: z
    .boolean()
    .meta({
      description:
        'the loss upcasts 16-bit logits to fp32 (default true: transformers, torchtune, torchtitan; false: a plain F.cross_entropy on bf16/fp16 logits without autocast)',
    })
    .optional(),
  transformers: z
    .union([z.string().regex(/^\d+\.\d+(\.\d+)?$/, 'a version: MAJOR.MINOR[.PATCH]'), z.number().positive()])
    .meta({
      description:
        "the transformers release whose model computes the loss (its ForCausalLMLoss), e.g. '5.17.0'. From 4.49 the labels are padded and shifted, not the logits: no shifted fp32 copy of the logits, so a standard loss over upcast logits peaks at 12 B per logit, not the logits' bytes + 12, with the model's outputs dropped before backward (transformers' Trainer, trl); a loop that keeps `outputs` through backward (PEFT's MetaMathQA run.py) keeps the 16-bit logits too, as many bytes as the copy: leave it unstated. Default: not stated, the older (copying) loss",
    })
    .optional(),
  convention: oneOf(conventions).optional(),
  grad_accum_dtype: oneOf(['fp32', 'bf16', 'fp16'] as const)
    .meta({
      description:
        "the dtype gradients accumulate in, where the framework decides it: Megatron's main_grad buffer (fp32 under --bf16: accumulate_allreduce_grads_in_fp32), DeepSpeed data_types.grad_accum_dtype; default: the precision and convention's",
    })
    .optional(),
  batch_size: quantityField.optional(),
  grad_accumulation: positiveInt.optional(),
  activation_checkpointing: oneOf(checkpointings).optional(),
  checkpoint_every: positiveInt
    .meta({ description: 'checkpoint only every k-th layer (torchtitan selective_ac_option: k)' })
    .optional(),
  checkpoint_layers: positiveInt
    .meta({
      description:
        "checkpoint only the first N layers (of each pipeline stage), the others keep everything: mmengine's activation_checkpointing list of blocks, Megatron's --recompute-method block --recompute-num-layers N",
    })
    .optional(),
  compile: z
    .union([z.boolean(), z.literal('layers'), z.literal('loss')], {
      error: 'expected true, false, layers or loss',
    })
    .meta({
      description:
        "torch.compile: true = the model and its loss; layers = each block only (torchtitan's compile.components ['model']); loss = the loss function only (torchtitan's components ['loss']: the cross-entropy keeps the 16-bit logits and their gradient, 4 B per logit)",
    })
    .optional(),
  kernels: oneOf(layerKernels)
    .meta({
      description:
        "the layers' kernels: eager (default: the model's own PyTorch ops) or liger (Liger-Kernel's fused RMSNorm, RoPE and SwiGLU, as apply_liger_kernel_to_* and transformers' use_liger_kernel install them: the norm keeps its input and an fp32 rstd per row, the SwiGLU product keeps gate and up only; its fused linear cross-entropy is loss: fused) or transformer_engine (Megatron-Core's Transformer Engine layers, --transformer-impl transformer_engine: TE's LayerNormLinear keeps the norm's input, its output and an fp32 rsigma per row, Megatron's fused SwiGLU keeps fc1's output only; given, not assumed, for a Megatron run)",
    })
    .optional(),
  float8: float8Schema.optional(),
  epochs: positiveInt
    .meta({ description: 'epochs covered (worker copies and caches grow over them)' })
    .optional(),
  zero_stage: z.number().int().min(0).max(3).optional(),
  data_parallel: positiveInt.optional(),
});

/** parallel.deepspeed: the zero_optimization settings and the DeepSpeed release that size its buffers. */
export const deepSpeedSchema = z.strictObject({
  version: z
    .string()
    .regex(/^\d+\.\d+(\.\d+)?$/, { error: 'expected a release such as 0.14.4' })
    .meta({
      description:
        'the DeepSpeed release (0.14.1–0.16.x stage the fp32 partition on the GPU in an offloaded step)',
    })
    .optional(),
  overlap_comm: z
    .boolean()
    .meta({ description: 'zero_optimization.overlap_comm (default: stage 3 only)' })
    .optional(),
  reduce_bucket_size: z
    .number()
    .int()
    .min(1)
    .meta({ description: 'zero_optimization.reduce_bucket_size in elements (default 5e8)' })
    .optional(),
  sub_group_size: z
    .number()
    .int()
    .min(1)
    .meta({
      description: 'zero_optimization.sub_group_size in elements (default 1e9): ZeRO-3 steps one at a time',
    })
    .optional(),
  max_reuse_distance: z
    .number()
    .int()
    .min(0)
    .meta({
      description:
        'zero_optimization.stage3_max_reuse_distance in elements (default 1e9): ZeRO-3 keeps gathered the parameters used again within it',
    })
    .optional(),
  zero_init: z
    .boolean()
    .meta({
      description:
        'ZeRO-3 only: the model was built under deepspeed.zero.Init, already partitioned (default true: HF Trainer and accelerate do so under ZeRO-3); false: a model loaded whole (from_pretrained, then deepspeed.initialize) is moved to the GPU whole, in 16-bit under bf16/fp16, before ZeRO-3 partitions it',
    })
    .optional(),
});

/** parallel: GPUs, strategy and tensor parallelism; the estimate is per GPU. */
export const parallelSchema = z.strictObject({
  gpus: positiveInt.optional(),
  strategy: oneOf(strategies).optional(),
  tensor: positiveInt.optional(),
  sequence_parallel: z
    .boolean()
    .meta({
      description:
        'with tensor > 1: norms, dropout and the residual stream split by sequence over the tensor ranks (default true, as torchtitan and Megatron --sequence-parallel)',
    })
    .optional(),
  context: positiveInt
    .meta({ description: 'context-parallel degree: each GPU holds seq_len / context tokens' })
    .optional(),
  pipeline: positiveInt.meta({ description: 'pipeline stages' }).optional(),
  expert: positiveInt
    .meta({
      description:
        "expert-parallel degree (torchtitan expert_parallel_degree): each rank holds experts / expert of every MoE layer's routed experts and gets its tokens by all-to-all; with fsdp_*",
    })
    .optional(),
  micro_batches: positiveInt
    .meta({ description: 'micro-batches per step (pipeline); training.batch_size is one micro-batch' })
    .optional(),
  schedule: oneOf(pipelineSchedules).optional(),
  optimizer_instances: positiveInt
    .meta({
      description:
        "Megatron's --num-distributed-optimizer-instances with framework megatron and strategy zero1: the distributed optimizer replicated this many times, each instance sharding the main parameters and states over data-parallel ranks / instances (default 1)",
    })
    .optional(),
  virtual_stages: positiveInt
    .meta({
      description:
        "model chunks per pipeline rank under Megatron's interleaved 1F1B schedule (--num-virtual-stages-per-pipeline-rank; layers / (pipeline × --num-layers-per-virtual-pipeline-stage)): rank r keeps 2(p − r − 1) + (v − 1)p + 1 chunk micro-batches of layers / (p·v) layers in flight (default 1: the plain schedule)",
    })
    .optional(),
  pipeline_stage: oneOf(['first', 'last', 'peak'] as const)
    .meta({
      description:
        "with pipeline > 1, the stage estimated: peak (default: the first or the last, whichever needs more), first (under 1F1B it keeps pipeline micro-batches' activations in flight; no LM head or loss: the output layer is built on the last stage only) or last (one micro-batch in flight under 1F1B, its layers plus the LM head — a copy of tied embeddings — and the loss: the rank Megatron-LM's mem-max-allocated-bytes is logged from)",
    })
    .optional(),
  gradient_as_bucket_view: z.boolean().optional(),
  framework: oneOf(['megatron'] as const)
    .meta({
      description:
        "megatron: Megatron-LM's own DDP and distributed optimizer (strategy zero1 = --use-distributed-optimizer, ddp without it): the gradients live only in its contiguous grad buffer and are reduced from it (gradient_as_bucket_view defaults to true, no DeepSpeed reduce buckets), and its vocab-parallel loss (training.loss defaults to vocab_parallel); default: torch DDP, or DeepSpeed under zero1/2/3",
    })
    .optional(),
  fsdp_wrap: oneOf(fsdpWraps)
    .meta({
      description:
        'FSDP units: layers (default; the block class wrapped, the embedding and head left in the root unit, which stays gathered from forward to the end of backward: HF Trainer/accelerate, Lightning, llama-recipes) torchtitan (embedding, blocks and [norm, output] each a unit) or layers_embedding_head (blocks, embedding and head each a unit, the root holding the final norm: torchtune custom_sharded_layers [tok_embeddings, output]) or model (no auto_wrap_policy: the whole model one unit, gathered from the start of forward to the end of backward, its gradients unsharded until the reduce-scatter: Fabric/Lightning strategy="fsdp" without a policy)',
    })
    .optional(),
  fsdp_version: z
    .union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' })
    .meta({
      description:
        "FSDP1 (FullyShardedDataParallel: HF Trainer, accelerate and Lightning by default) or FSDP2 (fully_shard: torchtitan, torchtune, accelerate fsdp_version 2); default 1 with fsdp_wrap layers, else 2. Under CPU offload FSDP1 keeps each unit's sharded gradient on the GPU until backward ends",
    })
    .optional(),
  fsdp_upcast: z
    .boolean()
    .meta({
      description:
        "true: accelerate's prepare (HF Trainer, TRL, axolotl, ms-swift) under bf16 or fp16 mixed precision upcasts FSDP's 16-bit parameters to fp32 before sharding, the compute still in 16 bits: the shards, their gradients and the optimizer's states are fp32 (precision bf16 or fp16 then counts as mixed_bf16 or mixed_fp16). FSDP2 through accelerate 1.12 upcasts every parameter, frozen ones too (fsdp2_prepare_model: model.to(torch.float32)); FSDP2 from accelerate 1.13 and FSDP1 the trainable ones only, so there it is true for a full fine-tune and false for LoRA (PEFT's adapters are fp32 already). Default false: torchtitan, torchtune, Lightning, fully_shard called directly",
    })
    .optional(),
  nccl_buffers: z.optional(sizeField),
  deepspeed: deepSpeedSchema.optional(),
});

/** tensors[]: anything else held on the GPU, `count` separate tensors of a shape. */
export const tensorSchema = z.strictObject({
  name: z.string().min(1),
  shape: z.array(quantityField),
  dtype: z.string().optional(),
  count: quantityField.optional(),
  covers: oneOf(coverableParts)
    .meta({ description: 'the part this tensor stands for: activations (no transformer shape) or logits' })
    .optional(),
});

/** host.dataloader: torch.utils.data.DataLoader's settings and one sample's bytes. */
export const dataloaderSchema = z.strictObject({
  workers: z.number().int().min(0).optional(),
  prefetch_factor: positiveInt.optional(),
  sample_bytes: z.optional(byteCountField),
  pin_memory: z.boolean().optional(),
  start: oneOf(workerStarts)
    .meta({ description: 'multiprocessing_context: fork (Linux default)' })
    .optional(),
  persistent_workers: z.boolean().optional(),
});

/** host.dataset: a dataset held in RAM, how it is stored, and a per-sample cache. */
export const datasetSchema = z.strictObject({
  bytes: z.optional(sizeField),
  storage: oneOf(datasetStorages).optional(),
  cache: z.optional(
    sizeField.check(z.meta({ description: 'what a per-sample cache holds once every sample was loaded' })),
  ),
});

/** host: the loader, a dataset held in RAM, and the process sizes when they are known. */
export const hostSchema = z.strictObject({
  dataloader: dataloaderSchema.optional(),
  dataset: datasetSchema.optional(),
  dataset_in_memory: z.optional(sizeField),
  dataset_shared: z.boolean().optional(),
  process: z.optional(sizeField),
  worker: z.optional(sizeField),
});

/** cuda: per-process overheads; defaults by framework in cuda.ts. */
export const cudaSchema = z.strictObject({
  context: z.optional(sizeField),
  module_loading: oneOf(['lazy', 'eager'] as const).optional(),
  workspaces: z.optional(sizeField),
  fragmentation: z.number().min(0).max(1).optional(),
  expandable_segments: z.boolean().optional(),
  cudnn_benchmark: z
    .boolean()
    .meta({
      description:
        "torch.backends.cudnn.benchmark: on, cudnnFind keeps the fastest convolution algorithm, which can hold a large workspace at the step's peak (cudnn-benchmark.ts). Default: the harness's (mmsegmentation's model.segmenter: on, as its default_runtime.py sets it; elsewhere off)",
    })
    .optional(),
  device_memory: z.optional(sizeField).meta({
    description:
      "the card's memory as torch reports it (torch.cuda.get_device_properties(0).total_memory or torch.cuda.mem_get_info()[1], e.g. 14.74GiB on a T4, 40355MiB on an A100 40GB): what a loss that sizes itself to the free memory reads (training.loss: unsloth_fused), and the total an inference engine's memory_fraction is a share of (inference)",
  }),
  lengths: oneOf(['fixed', 'variable', 'capped'] as const)
    .meta({
      description:
        "the batches' shapes from step to step, and what the sequence length stands for: fixed (default: padded to one length, packed, or images of one size); variable (each batch padded only to its own longest sample, as transformers' DataCollatorForSeq2Seq and most SFT harnesses do, and seq_len is a length the run's longest batches reach, e.g. a max_length below the data's long tail): the caching allocator then keeps about half of the forward→backward parts cached beside them, not 3–20%; capped (each batch padded to its own longest sample, but seq_len is only the cap, max_seq_length, that the run's batches are not known to reach): every part is priced at the cap and the cache keeps the fixed-shape fraction, since the cap already stands above the shorter steps whose blocks the allocator keeps — one allowance, never both (cuda.ts defaultFragmentation)",
    })
    .optional(),
});

/** inference: an inference engine sharing the trainer's card (RL rollouts). */
export const inferenceSchema = z.strictObject({
  engine: oneOf(['vllm', 'sglang'] as const).meta({ description: 'vllm or sglang' }),
  memory_fraction: z
    .number({ error: 'expected a fraction of the card, above 0 and at most 1' })
    .gt(0, { error: 'expected a fraction of the card, above 0 and at most 1' })
    .max(1, { error: 'expected a fraction of the card, above 0 and at most 1' })
    .meta({
      description:
        "the share of the card's total (cuda.device_memory) the engine sizes itself to: vLLM's gpu_memory_utilization (weights, KV cache and its profiled peak: vllm/v1/worker/gpu_worker.py requested_memory), SGLang's mem_fraction_static",
    }),
  // The card's total is cuda.device_memory: one key answers "how large is this run's card" for every part.
  process: oneOf(['same', 'separate'] as const)
    .meta({
      description:
        "same (default: TRL vllm_mode colocate, verl's hybrid engine — the trainer's memory counters include the engine) or separate (TRL vllm_mode server, a rollout worker of its own: a co-tenant, not in this process)",
    })
    .optional(),
  sleep: z
    .boolean()
    .meta({
      description:
        "vLLM enable_sleep_mode / SGLang release_memory_occupation between rollouts: frees the card during the training step, but in the same process PyTorch's counters keep the engine's memory (vllm #17117), so it is counted still (default false)",
    })
    .optional(),
});

/** The whole spec; every section but model is optional. */
export const estimateSchema = z.strictObject({
  framework: oneOf(estimateFrameworks).optional(),
  device: oneOf(['cuda', 'cpu'] as const).optional(),
  vars: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.number().int().min(0)).optional(),
  model: modelSchema,
  training: trainingSchema.optional(),
  parallel: parallelSchema.optional(),
  tensors: z.array(tensorSchema).optional(),
  host: hostSchema.optional(),
  cuda: cudaSchema.optional(),
  inference: inferenceSchema.optional(),
});

/** A spec as validated, before defaults. */
export type RawEstimate = z.output<typeof estimateSchema>;

/** Valid keys of each section, for "did you mean" on unknown keys (path without indices). */
export const sectionKeys: Record<string, string[]> = {
  '': Object.keys(estimateSchema.shape),
  model: Object.keys(modelSchema.shape),
  'model.transformer': Object.keys(transformerSchema.shape),
  'model.lora': Object.keys(loraSchema.shape),
  'model.quantization': Object.keys(quantizationSchema.shape),
  'model.cnn': Object.keys(cnnSchema.shape),
  'model.cnn.layers': Object.keys(cnnLayerSchema.shape),
  'model.detector': Object.keys(detectorSchema.shape),
  'model.detector.backbone': Object.keys(detectorBackboneSchema.shape),
  'model.yolo': Object.keys(yoloSchema.shape),
  'model.unet': Object.keys(unetSchema.shape),
  'model.vision': Object.keys(visionSchema.shape),
  training: Object.keys(trainingSchema.shape),
  'training.offload': Object.keys(offloadSchema.shape),
  'training.float8': Object.keys(float8Schema.shape),
  parallel: Object.keys(parallelSchema.shape),
  'parallel.deepspeed': Object.keys(deepSpeedSchema.shape),
  tensors: Object.keys(tensorSchema.shape),
  host: Object.keys(hostSchema.shape),
  'host.dataloader': Object.keys(dataloaderSchema.shape),
  'host.dataset': Object.keys(datasetSchema.shape),
  cuda: Object.keys(cudaSchema.shape),
  inference: Object.keys(inferenceSchema.shape),
};

/** The JSON Schema of an estimate spec as written (`headroom schema estimate`; for editors too). */
export function estimateJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(estimateSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'headroom estimate spec',
  };
}
