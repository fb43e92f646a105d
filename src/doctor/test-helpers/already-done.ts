// The judge's own reading of techniques a log shows already in use, independent of doctor's rules
// (issue 23 item 5: a fix may never tell the user to do what the log shows is already done). Where
// wrong-fixes.ts compares settings written NAME=value, this compares what a fix proposes in words
// ("train adapters only", "load the weights in 8/4-bit", "lower DataLoader(num_workers=...)") with the
// launcher flags, config keys and calls that show the same technique on. Each entry names the
// documentation its spellings come from. Pure.

/** One technique: how a fix proposes it, and how a log shows it already applied. */
interface Technique {
  name: string;
  proposes: RegExp;
  /** A spelling that shows it applied; a message's advice on the same line does not count. */
  shown: RegExp;
  /** The fix proposes something else where this matches (it already says the technique is on). */
  acknowledges?: RegExp;
  source: string;
}

const techniques: readonly Technique[] = [
  {
    name: 'adapters (LoRA)',
    proposes: /\btrain adapters only\b|\b(?:use|switch to|train) (?:a )?(?:LoRA|QLoRA)\b/i,
    // A flag and its value are separated by '=', ':' or a space on a command line (--train_type lora).
    shown:
      /\b(?:finetuning_type|sft_type|train_type|tuner_type|peft_type)["']?\s*[=: ]\s*["']?q?lora\b|\bLoraConfig\(|\bget_peft_model\(|(?<![\w-])--(?:use_)?q?lora(?![\w-])(?![ =]+(?:false|0)\b)/i,
    source:
      'huggingface peft (LoraConfig, get_peft_model); LLaMA-Factory finetuning_type; modelscope ms-swift --train_type/--sft_type',
  },
  {
    name: '4-bit weights',
    proposes: /\bload_in_4bit\b|\b(?:8\/)?4-bit\b/i,
    shown: /\bload_in_4bit["']?\s*[=:]\s*["']?true\b|\bbnb_4bit_quant_type\b/i,
    acknowledges: /\bin 4-bit already\b/i,
    source: 'huggingface transformers BitsAndBytesConfig (load_in_4bit, bnb_4bit_quant_type)',
  },
  {
    name: 'DataLoader workers at 0',
    proposes: /\b(?:lower|halve|reduce)\s+(?:the\s+)?DataLoader\(num_workers/i,
    shown: /\bnum_workers["']?\s*[=:]\s*0\b/i,
    source: 'torch.utils.data.DataLoader (num_workers=0 loads in the main process; it cannot go lower)',
  },
  {
    name: 'model CPU offload',
    proposes: /\benable_(?:model|sequential)_cpu_offload\(\)/,
    shown: /\benable_(?:model|sequential)_cpu_offload\(\)/,
    acknowledges: /\bback on\b/,
    source: 'huggingface diffusers memory optimisation (enable_model_cpu_offload)',
  },
  {
    name: 'mixed precision',
    proposes: /\bmixed precision\b/i,
    shown:
      /(?<![\w-])(?:--)?(?:bf16|fp16)["']?\s*[=: ]\s*["']?(?:true|1)\b|\bmixed_precision["']?\s*[=:]\s*["']?(?:bf16|fp16)\b|\bprecision\s*=\s*["']?(?:16|bf16)(?:-mixed)?\b/i,
    source:
      'huggingface transformers TrainingArguments (bf16, fp16); accelerate config (mixed_precision); Lightning Trainer (precision)',
  },
  {
    name: 'activation checkpointing',
    proposes: /\b(?:activation|gradient) checkpointing\b/i,
    shown:
      /(?<![\w-])(?:--)?gradient[_-]checkpointing["']?\s*[=: ]\s*["']?(?:true|1)\b|\bgradient_checkpointing_enable\(|\bpartition_activations["']?\s*[=:]\s*["']?true\b/i,
    source:
      'huggingface transformers TrainingArguments (gradient_checkpointing), PreTrainedModel.gradient_checkpointing_enable; DeepSpeed activation_checkpointing',
  },
  {
    name: 'DeepSpeed ZeRO-3',
    proposes: /\bZeRO-3\b/,
    shown: /"stage"\s*:\s*3\b|\bzero_stage["']?\s*[=: ]\s*3\b/i,
    acknowledges: /\bZeRO-3 on already\b/,
    source: 'DeepSpeed config json zero_optimization.stage (deepspeed.ai/docs/config-json)',
  },
  {
    // An engine's weights already quantized: vLLM's and aphrodite's --quantization (-q) METHOD, TGI's
    // --quantize METHOD. "A quantized checkpoint" is then done; fewer bits is another proposal.
    name: 'quantized weights',
    proposes: /\ba quantized checkpoint\b/i,
    shown:
      /(?<![\w-])(?:-q|--quantization|--quantize)[= ]["']?(?:gptq|awq|bitsandbytes|fp8|gguf|exl2|marlin|squeezellm|aqlm|eetq|bnb\w*|int[48]\w*)\b|\bquantization["']?\s*[=:]\s*["']?(?:gptq|awq|bitsandbytes|fp8|gguf|exl2|marlin|squeezellm|aqlm)\b|(?:--model(?:[-_]path)?[= ]|\bvllm serve\s+)\S*?[-_](?:gptq|awq|int[48]|w[48]a(?:8|16)|fp8|gguf|exl2|aqlm)\b/i,
    acknowledges: /\bquantized already\b|\bfewer bits\b/i,
    source:
      'vllm vllm/engine/arg_utils.py (--quantization, -q); aphrodite-engine args (-q); huggingface text-generation-inference launcher (--quantize)',
  },
  {
    // The weights already sharded over several GPUs: --tensor-parallel-size (-tp) N > 1, TGI's
    // --num-shard N. Sharding "across GPUs" is then done; more GPUs than N is another proposal.
    name: 'tensor parallelism',
    proposes:
      /\btensor_parallel_size across GPUs\b|--num-shard across GPUs|\bshard the weights \(--tp_size\)/i,
    shown:
      /(?<![\w-])(?:-tp|--tensor-parallel-size|--num-shard|--tp_size)[= ]["']?(?:[2-9]|\d{2,})\b|\btensor_parallel_size["']?\s*[=:]\s*["']?(?:[2-9]|\d{2,})\b/i,
    acknowledges: /\bmore than the \d+ GPUs\b/i,
    source:
      'vllm vllm/engine/arg_utils.py (--tensor-parallel-size, -tp); huggingface text-generation-inference launcher (--num-shard); TensorRT-LLM (--tp_size)',
  },
  {
    name: 'TensorFlow memory growth',
    proposes: /\bset_memory_growth\b|\ballow_growth\b/,
    shown:
      /\bset_memory_growth\([^)]*\bTrue\)|\ballow_growth\s*=\s*True\b|\bTF_FORCE_GPU_ALLOW_GROWTH["']?\s*[=:]\s*["']?true\b/i,
    source: 'tensorflow tf.config.experimental.set_memory_growth; GPUOptions.allow_growth',
  },
];

// A message's or a reader's advice that names a technique without showing it applied ("try setting",
// "Rerunning with num_workers=0 may give better error trace", PyTorch's DataLoader).
const adviceBefore =
  /\b(?:try|trying|consider|recommend\w*|suggest\w*|you (?:can|may|should|could)|please|hint|e\.g\.|such as|rerun\w*|instead of|without)\b[^.]*$/i;

/** Whether `body` shows `pattern` applied somewhere, not as advice on its own line. */
function isShown(body: string, pattern: RegExp): boolean {
  const every = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (const m of body.matchAll(every)) {
    const lineStart = body.lastIndexOf('\n', m.index) + 1;
    if (!adviceBefore.test(body.slice(lineStart, m.index))) return true;
  }
  return false;
}

/** Why each fix proposes a technique the log shows already applied; empty when none does. */
export function techniquesAlreadyDone(body: string, fixes: readonly string[]): string[] {
  const problems: string[] = [];
  for (const fix of fixes)
    for (const t of techniques) {
      if (!t.proposes.test(fix) || t.acknowledges?.test(fix)) continue;
      if (isShown(body, t.shown)) problems.push(`proposes ${t.name}, which the log shows in use: ${fix}`);
    }
  return problems;
}
