// Round 30 of published MEASURED peaks for issue #25 (item 6), gathered in session 23 by estimate-gather30 after rounds
// 1 to 29. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before the lead's
// one measurement.
// THE DRAW (round 28's rules with seed 30, written to the gatherer's notes at 01:28 UTC on 2026-11-29, before the first
// search): 30 candidate repositories and documentation sites that no earlier round, test/gpu/peaks-references* or
// ../shared/estimation cites, shuffled with Python's random.Random(30).shuffle and taken in that order; at most 4 rows
// from any one document; where a document gives more than 4 candidates, the 4 are picked with random.Random(30).sample
// over the candidates in the document's order, as each case block says. The order: DiffSynth-Studio, NeMo, nanoGPT,
// LOMO, bitsandbytes, open_clip, alpaca-lora, Qwen2.5, InternVL, sd-scripts, ChatGLM-6B, SimpleTuner, nanotron,
// musubi-tuner, EasyContext, Open-Sora, verl, timm, Firefly, LLaVA, OpenRLHF, mistral-finetune, xtuner, gpt-neox,
// flash-attention, LLaMA-Factory, maxtext, llm.c, Megablocks, ai-toolkit.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here.
// LOOKED AT AND LEFT (in draw order): DiffSynth-Studio docs/en/Training/Offload_Training.md (a toy 10-layer MLP at
// "4GB VRAM usage", rounded, how read not said); NeMo, nanoGPT, LOMO, bitsandbytes, open_clip and alpaca-lora (no
// measured training peak with its config in their documents at the fetched snapshots); Qwen2.5's full-parameter figure
// (its DeepSpeed config is "PATH-TO-DS-CONFIG" and the GPU count is not given).
import type { PublishedCase } from './published-measured.js';

// --- QwenLM/Qwen2.5 examples/llama-factory/finetune-zh.md ("add fine-tuning readme for llama-factory", #982, commit
// b6c9f8a9, 2024-10-15; unchanged in the figures at 2b567c63) ----------------------------------------------------------
// "使用上述训练配置，各个方法实测的显存占用如下" (with the training configs above, the measured GPU memory of each
// method): "全量参数训练：42.18GB", "LoRA训练：20.17GB", "QLoRA训练: 10.97GB". The configs are the directory's
// qwen2-7b-lora-sft.yaml and qwen2-7b-qlora-sft.yaml under LLaMA-Factory 0.8.4.dev0 (the version the page installs):
// Qwen/Qwen2-7B-Instruct (28 layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, q/k/v bias, untied:
// 7,615,616,512 parameters), LoRA r 16 alpha 16 dropout 0.05 on all linears (lora_target: all), cutoff_len 1024,
// per_device_train_batch_size 1, gradient_accumulation_steps 16, bf16 true; QLoRA adds quantization_bit 4 through
// bitsandbytes. LLaMA-Factory's defaults of that version (assumed): the model loaded in bf16, gradient checkpointing on
// (disable_gradient_checkpointing false), flash_attn "auto" (SDPA), the trainable adapters upcast to fp32, HF Trainer
// optim adamw_torch, 4-bit as NF4 with double quantization and bf16 compute. One GPU (the LoRA and QLoRA commands run
// without torchrun). How the figure was read is not said: read as the device total (nvidia-smi, GB) — assumed. The data
// is the user's own chat jsonl ("PATH-TO-YOUR-TRAIN-DATA"): seq_len is the cutoff, not known to be reached (capped).
// Both rows taken (2 of 3; the full-parameter row left, see the header).
const qwen25LlamaFactoryDoc = 'QwenLM/Qwen2.5 examples/llama-factory/finetune-zh.md';
const qwen2_7bShape =
  'family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false, seq_len: 1024, attention: sdpa';
const qwen25LlamaFactory = (options: {
  method: 'lora' | 'qlora';
  quote: string;
  measured: number;
}): PublishedCase => ({
  id: `qwen25-llamafactory-qwen2-7b-instruct-${options.method}-r16-all-bs1-cutoff1024-bf16`,
  source: `${qwen25LlamaFactoryDoc} (https://github.com/QwenLM/Qwen2.5/blob/b6c9f8a9767b02abd883b2a3b42708957264e61a/examples/llama-factory/finetune-zh.md), "使用上述训练配置，各个方法实测的显存占用如下": "${options.quote}"`,
  what: 'device total',
  unit: 'GB',
  measured: options.measured,
  config: `llamafactory-cli train qwen2-7b-${options.method}-sft.yaml (LLaMA-Factory 0.8.4.dev0, October 2024) on one GPU (not named): Qwen/Qwen2-7B-Instruct (7,615,616,512 parameters) in bf16${options.method === 'qlora' ? ', quantized on load to 4 bits by bitsandbytes (NF4 with double quantization and bf16 compute: LLaMA-Factory defaults, assumed)' : ''}, LoRA r 16 alpha 16 dropout 0.05 on every linear of the decoder layers (lora_target: all; adapters upcast to fp32, LLaMA-Factory default), batch 1 × 16 accumulation steps, cutoff_len 1024 over the user's own chat data (the longest batch not known to reach it), bf16 autocast, adamw_torch (HF default), gradient checkpointing of every decoder layer (LLaMA-Factory default, assumed), SDPA (flash_attn auto, assumed), transformers of autumn 2024 (the older copying loss over fp32-upcast logits); the page's "GB" read as the device total (nvidia-smi; how it was read is not said); traceable: yes (Qwen/Qwen2-7B-Instruct's Qwen2ForCausalLM config builds in transformers 5.18)`,
  spec: `model:
  params: 7615616512
  transformer: { ${qwen2_7bShape} }
  lora: { rank: 16, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0.05, adapter_dtype: fp32 }${options.method === 'qlora' ? '\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }' : ''}
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 16, activation_checkpointing: full, loss: standard }
cuda: { lengths: capped }`,
});

export const round30Cases: PublishedCase[] = [
  qwen25LlamaFactory({ method: 'lora', quote: 'LoRA训练：20.17GB', measured: 20.17 }),
  qwen25LlamaFactory({ method: 'qlora', quote: 'QLoRA训练: 10.97GB', measured: 10.97 }),
];

/** The documents round 30 reads: none is cited by rounds 1 to 29 or ../shared/estimation. */
export const round30Documents = [qwen25LlamaFactoryDoc];
