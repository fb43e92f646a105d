// The quick flags of `headroom estimate`, one per spec field: one table drives commander's options,
// help and the overlay (the vitest way).

/**
 * A flag that sets one spec field: `int` values must be whole numbers, `number` any number, `list` is
 * comma-separated, `switch` takes no value (and sets `value`, default true).
 */
export interface SpecFlag {
  flag: string;
  path: string;
  kind: 'int' | 'number' | 'text' | 'list' | 'switch';
  description: string;
  value?: unknown;
}

/** Every quick flag, in the order `--help` lists them. */
export const specFlags: SpecFlag[] = [
  { flag: '--framework <name>', path: 'framework', kind: 'text', description: 'torch | jax' },
  {
    flag: '--params <count>',
    path: 'model.params',
    kind: 'text',
    description: 'parameter count: 335M, 1.5B',
  },
  {
    flag: '--trainable <count>',
    path: 'model.trainable',
    kind: 'text',
    description: 'trainable parameters (default all)',
  },
  { flag: '--buffers <size|count>', path: 'model.buffers', kind: 'text', description: 'persistent buffers' },
  {
    flag: '--model-config <file>',
    path: 'model.config',
    kind: 'text',
    description: "a Hugging Face config.json (local): the model's shape and parameter count",
  },
  {
    flag: '--family <name>',
    path: 'model.transformer.family',
    kind: 'text',
    description: 'gpt | llama | neox | bert | t5 | vit (layer defaults)',
  },
  { flag: '--layers <n>', path: 'model.transformer.layers', kind: 'int', description: 'transformer layers' },
  { flag: '--hidden <n>', path: 'model.transformer.hidden', kind: 'int', description: 'hidden size' },
  { flag: '--heads <n>', path: 'model.transformer.heads', kind: 'int', description: 'attention heads' },
  {
    flag: '--kv-heads <n>',
    path: 'model.transformer.kv_heads',
    kind: 'int',
    description: 'key/value heads (grouped-query attention)',
  },
  { flag: '--head-dim <n>', path: 'model.transformer.head_dim', kind: 'int', description: 'per-head size' },
  { flag: '--seq-len <n>', path: 'model.transformer.seq_len', kind: 'int', description: 'sequence length' },
  { flag: '--vocab <n>', path: 'model.transformer.vocab', kind: 'int', description: 'vocabulary size' },
  {
    flag: '--ffn <n>',
    path: 'model.transformer.ffn',
    kind: 'int',
    description: 'MLP hidden size (default 4 × hidden)',
  },
  {
    flag: '--lm-head',
    path: 'model.transformer.lm_head',
    kind: 'switch',
    description: 'the model keeps logits',
  },
  { flag: '--mlp <kind>', path: 'model.transformer.mlp', kind: 'text', description: 'gelu | swiglu' },
  { flag: '--norm <kind>', path: 'model.transformer.norm', kind: 'text', description: 'layernorm | rmsnorm' },
  {
    flag: '--tie-embeddings',
    path: 'model.transformer.tie_embeddings',
    kind: 'switch',
    description: 'the LM head shares the embedding matrix',
  },
  {
    flag: '--attention <kind>',
    path: 'model.transformer.attention',
    kind: 'text',
    description: 'eager | sdpa | flash',
  },
  { flag: '--lora-rank <n>', path: 'model.lora.rank', kind: 'int', description: 'LoRA rank (frozen base)' },
  { flag: '--lora-alpha <n>', path: 'model.lora.alpha', kind: 'number', description: 'LoRA alpha' },
  {
    flag: '--lora-targets <list>',
    path: 'model.lora.targets',
    kind: 'list',
    description: 'q,k,v,o,gate,up,down (default q,v)',
  },
  { flag: '--lora-dropout <p>', path: 'model.lora.dropout', kind: 'number', description: 'LoRA dropout' },
  {
    flag: '--quantization <format>',
    path: 'model.quantization.weights',
    kind: 'text',
    description: 'frozen weights: nf4 | fp4 | int8 | gptq4 | awq4',
  },
  {
    flag: '--double-quant',
    path: 'model.quantization.double_quant',
    kind: 'switch',
    description: 'NF4/FP4 double quantization',
  },
  {
    flag: '--compute-dtype <dtype>',
    path: 'model.quantization.compute_dtype',
    kind: 'text',
    description: 'quantized layers compute in fp32 | bf16 | fp16',
  },
  {
    flag: '--precision <p>',
    path: 'training.precision',
    kind: 'text',
    description: 'fp32 | amp_fp16 | amp_bf16 | bf16 | fp16',
  },
  {
    flag: '--optimizer <name>',
    path: 'training.optimizer',
    kind: 'text',
    description:
      'adamw | adam | sgd | sgd_momentum | adafactor | adam8bit | paged_adamw | paged_adamw_8bit | lion | none',
  },
  {
    flag: '--optimizer-impl <impl>',
    path: 'training.optimizer_impl',
    kind: 'text',
    description: 'foreach | for_loop | fused',
  },
  {
    flag: '--optimizer-in-backward',
    path: 'training.optimizer_in_backward',
    kind: 'switch',
    description: 'the step runs as each gradient is produced',
  },
  {
    flag: '--offload-optimizer',
    path: 'training.offload.optimizer',
    kind: 'switch',
    value: 'cpu',
    description: 'optimizer states in host memory',
  },
  {
    flag: '--offload-activations',
    path: 'training.offload.activations',
    kind: 'switch',
    value: 'cpu',
    description: 'saved activations in host memory',
  },
  {
    flag: '--zero-grad <mode>',
    path: 'training.zero_grad',
    kind: 'text',
    description: 'set_to_none | zeros',
  },
  { flag: '--loss <kind>', path: 'training.loss', kind: 'text', description: 'standard | chunked | fused' },
  { flag: '--epochs <n>', path: 'training.epochs', kind: 'int', description: 'epochs (host growth)' },
  { flag: '--device <name>', path: 'device', kind: 'text', description: 'cuda | cpu (train on the host)' },
  {
    flag: '--convention <name>',
    path: 'training.convention',
    kind: 'text',
    description: 'hf | zero | eleuther | accelerate',
  },
  {
    flag: '--batch-size <n|expr>',
    path: 'training.batch_size',
    kind: 'text',
    description: 'micro-batch size, or an expression of vars',
  },
  {
    flag: '--grad-accumulation <n>',
    path: 'training.grad_accumulation',
    kind: 'int',
    description: 'accumulation steps',
  },
  {
    flag: '--activation-checkpointing <kind>',
    path: 'training.activation_checkpointing',
    kind: 'text',
    description: 'none | selective | full',
  },
  { flag: '--zero-stage <n>', path: 'training.zero_stage', kind: 'int', description: 'ZeRO stage 0-3' },
  {
    flag: '--data-parallel <n>',
    path: 'training.data_parallel',
    kind: 'int',
    description: 'GPUs ZeRO shards over',
  },
  { flag: '--gpus <n>', path: 'parallel.gpus', kind: 'int', description: 'GPUs (the estimate is per GPU)' },
  {
    flag: '--strategy <name>',
    path: 'parallel.strategy',
    kind: 'text',
    description: 'ddp | zero1 | zero2 | zero3 | fsdp_full | fsdp_grad_op',
  },
  {
    flag: '--tensor-parallel <n>',
    path: 'parallel.tensor',
    kind: 'int',
    description: 'tensor-parallel size',
  },
  {
    flag: '--workers <n>',
    path: 'host.dataloader.workers',
    kind: 'int',
    description: 'DataLoader num_workers',
  },
  {
    flag: '--prefetch-factor <n>',
    path: 'host.dataloader.prefetch_factor',
    kind: 'int',
    description: 'DataLoader prefetch_factor',
  },
  {
    flag: '--sample-bytes <size>',
    path: 'host.dataloader.sample_bytes',
    kind: 'text',
    description: 'bytes of one sample as collated',
  },
  {
    flag: '--pin-memory',
    path: 'host.dataloader.pin_memory',
    kind: 'switch',
    description: 'DataLoader pin_memory=True',
  },
  {
    flag: '--worker-start <method>',
    path: 'host.dataloader.start',
    kind: 'text',
    description: 'fork | spawn | forkserver',
  },
  {
    flag: '--persistent-workers',
    path: 'host.dataloader.persistent_workers',
    kind: 'switch',
    description: 'DataLoader persistent_workers=True',
  },
  {
    flag: '--dataset-in-memory <size>',
    path: 'host.dataset_in_memory',
    kind: 'text',
    description: 'dataset held in RAM',
  },
  {
    flag: '--dataset-storage <kind>',
    path: 'host.dataset.storage',
    kind: 'text',
    description: 'python_objects | numpy | arrow | mmap',
  },
  { flag: '--context <size>', path: 'cuda.context', kind: 'text', description: 'CUDA context per process' },
  { flag: '--module-loading <mode>', path: 'cuda.module_loading', kind: 'text', description: 'lazy | eager' },
  {
    flag: '--expandable-segments',
    path: 'cuda.expandable_segments',
    kind: 'switch',
    description: 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
  },
];
