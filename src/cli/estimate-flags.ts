// The quick flags of `headroom estimate`, one per spec field, turned into an overlay on the spec.
import { UsageError } from '../errors.js';
import type { FlagOverlay } from '../estimate/load.js';

/** A flag that sets one spec field: `int` values must be whole numbers, `switch` takes no value. */
export interface SpecFlag {
  flag: string;
  path: string;
  kind: 'int' | 'text' | 'switch';
  description: string;
}

// One table drives commander's options, help and the overlay (the vitest way).
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
  { flag: '--layers <n>', path: 'model.transformer.layers', kind: 'int', description: 'transformer layers' },
  { flag: '--hidden <n>', path: 'model.transformer.hidden', kind: 'int', description: 'hidden size' },
  { flag: '--heads <n>', path: 'model.transformer.heads', kind: 'int', description: 'attention heads' },
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
  {
    flag: '--attention <kind>',
    path: 'model.transformer.attention',
    kind: 'text',
    description: 'eager | flash',
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
    description: 'adamw | adam | sgd | sgd_momentum | adafactor | adam8bit | none',
  },
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
    flag: '--dataset-in-memory <size>',
    path: 'host.dataset_in_memory',
    kind: 'text',
    description: 'dataset held in RAM',
  },
  { flag: '--context <size>', path: 'cuda.context', kind: 'text', description: 'CUDA context per process' },
  { flag: '--module-loading <mode>', path: 'cuda.module_loading', kind: 'text', description: 'lazy | eager' },
];

/** commander's attribute for a flag: `--seq-len <n>` → seqLen. */
export function attributeOf(flag: string): string {
  const name = flag.split(' ')[0]?.replace(/^--/, '') ?? '';
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Builds the overlay from parsed flags and `--var NAME=VALUE`s; throws UsageError (exit 2). */
export function overlayFromFlags(flags: Record<string, unknown>, varFlags: string[] = []): FlagOverlay {
  const overlay: FlagOverlay = { values: {}, flagByPath: {} };
  const set = (path: string, value: unknown, flag: string): void => {
    const keys = path.split('.');
    let node = overlay.values;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1) ?? ''] = value;
    overlay.flagByPath[path] = flag;
  };
  for (const spec of specFlags) {
    const value = flags[attributeOf(spec.flag)];
    if (value === undefined) continue;
    const name = spec.flag.split(' ')[0] ?? spec.flag;
    if (spec.kind === 'int' && !/^\d+$/.test(String(value))) {
      throw new UsageError(`${name}: expected a whole number, got "${value}"`);
    }
    set(spec.path, spec.kind === 'int' ? Number(value) : value, name);
  }
  for (const text of varFlags) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(\d+)$/.exec(text);
    if (!match) throw new UsageError(`--var: expected NAME=INTEGER such as B=2, got "${text}"`);
    set(`vars.${match[1]}`, Number(match[2]), '--var');
  }
  return overlay;
}
