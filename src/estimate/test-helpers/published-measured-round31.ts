// Round 31 of published MEASURED peaks for issue #25 (item 6), gathered in session 24 by estimate-gather after rounds 1
// to 30 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (written here at 03:12 UTC on 2026-11-29, before the first search; seed 31): any training run a user might
// bring — LLM full fine-tunes and pretraining, LoRA/QLoRA, vision (classification, detection, segmentation), diffusion,
// speech, RL policies — from documents of 2023 to 2026 (GitHub issues, pull requests and discussions, squash-commit
// messages, READMEs and docs at a commit, papers' memory tables, blog posts with measured figures) that give a MEASURED
// peak (allocated, reserved or device total, as the source measured) with its config recoverable, and that no earlier
// round, test/gpu/peaks-references* or ../shared/estimation cites (repository moves and renames followed). The eight
// kinds are walked in the order Python's random.Random(31).shuffle gave them: segmentation, diffusion, vision
// classification, LLM LoRA/QLoRA, speech, RL policy, detection, LLM full fine-tune or pretraining; in each kind the
// documents are taken in the order the searches return them, up to 3 rows per kind on the first pass, then a second pass
// in the same order towards 20 to 24 rows. At most 4 rows from any one document or harness; where a source gives more
// candidates than that, they are picked with random.Random(31).sample over the candidates in the source's order, as each
// case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face config
// that transformers 5.18 builds, a timm or torchvision model, one of the examples/trace factories, or none).
import type { PublishedCase } from './published-measured.js';

// --- unslothai/notebooks nb/*.ipynb committed with their outputs, "Show final memory and time stats" (kind: LLM
// LoRA/QLoRA) ----------------------------------------------------------------------------------------------------------
// As rounds 6, 8, 14, 23, 24 and 28 read other notebooks of this repository (at the snapshot bdda2efc7, Aug 2026): a
// model loaded through unsloth's FastLanguageModel / FastModel, LoRA dropout 0, unsloth's gradient checkpointing
// ("unsloth": every decoder layer checkpointed, its input offloaded to host memory until backward), TRL's SFTTrainer
// with adamw_8bit, padding to the longest sample of a batch, unsloth's cross-entropy kernel (read as chunked). The
// printed "Peak reserved memory = N GB." is round(torch.cuda.max_memory_reserved() / 1024**3, 3): GiB, including what
// loading reserved before training ("N GB of memory reserved." above it). One GPU. THE PICK: the 32 uncited notebooks
// of nb/ (AMD- and Kaggle- copies aside) whose committed outputs print a peak and that fine-tune a text language model,
// in the directory's order (CodeForces-cot, ERNIE 4.5 21B-A3B, Falcon-H1 0.5B, FunctionGemma 270M Mobile-Actions,
// FunctionGemma 270M, GLM Flash, Gemma 3N 4B Conversational, Gemma 3 270M, Gemma 3 270M Phone Deployment, Gemma 3 27B,
// Gemma 4 12B/26B-A4B/31B/E2B/E4B Text, Granite 4.0, Granite 4.0 350M, LFM2.5 1.2B Conversational/Text
// Completion/Translation, Liquid LFM2 Conversational, Liquid LFM2 1.2B Conversational, Llama 3 8B Ollama, Meta Synthetic
// Data Llama 3.1 8B and 3.2 3B, Nemotron-3-Nano 30B-A3B (two), Qwen3 0.6B Phone Deployment, Qwen3 4B Instruct QAT,
// Qwen 3.5 27B, gpt-oss 120B, gpt-oss 20B 500K context); random.Random(31).sample(range(32), 3) = [0, 30, 7]; a drawn
// notebook that cannot be written is replaced by the next of random.Random(31).sample(range(32), 5) = [0, 30, 7, 25, 9].
// Replaced: 0, CodeForces-cot (Qwen2.5-Coder-7B QLoRA on an A100 40GB): its stats cell's output is a copy of
// nb/Qwen2.5_(7B)-Alpaca.ipynb's (the same 462.3942 seconds and 7.893 GB, the percentages of a T4's 14.748 GB), which
// round 8 reads, so it is not this notebook's run; 25, Nemotron-3-Nano-30B-A3B (A100 80GB, 76.904): a hybrid of Mamba-2,
// MoE and 6 attention layers, the spec having no state-space layer and its layer shapes not resolved here in the
// time (a deviation). Written: 30 (gpt-oss 120B), 7 (Gemma 3 270M), 9 (Gemma 3 27B). The
// speech notebook Sesame_CSM_(1B)-TTS.ipynb (the only uncited TTS notebook with a printed peak) is left: its peak,
// 6.719, equals what was reserved before training (the Mimi codec's encoding of the data set on the GPU), not a
// training step's.
const unslothNb = (file: string) => `unslothai/notebooks nb/${file}`;
const unsloth = (options: {
  id: string;
  file: string;
  measured: number;
  start: number;
  config: string;
  spec: string;
}): PublishedCase => ({
  id: `unsloth-notebook-${options.id}`,
  source: `${unslothNb(options.file)} (at bdda2efc7, https://github.com/unslothai/notebooks/blob/bdda2efc7ad5ae129ea63cd2065d23c391406283/nb/${options.file}), output "Peak reserved memory = ${options.measured} GB."`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `${options.config}; round(max_memory_reserved / 1024**3, 3), ${options.start} GiB of it reserved before training`,
  spec: options.spec,
});
const sevenProjections = '[q, k, v, o, gate, up, down]';
const unslothCases: PublishedCase[] = [
  unsloth({
    id: 'gpt-oss-120b-multilingual-thinking-qlora-r16-attn-a100-80gb',
    file: 'gpt-oss-(120B)_A100-Fine-tuning.ipynb',
    measured: 67.836,
    start: 59.27,
    config:
      'unsloth/gpt-oss-120b loaded with load_in_4bit True (36 layers, 2880 wide, 64 heads of 64, 8 KV heads, 128 routed experts of MLP 2880 with 4 per token, vocab 201088, untied: 116,829,156,672 parameters, the printed total less the adapters) on one A100-SXM4-80GB, bf16 compute (assumed: the banner reports no switch to float32 on this card), eager attention ("Gpt_Oss does not support SDPA - switching to fast eager"), LoRA r 16 alpha 32 dropout 0 with the seven projections named but only q, k, v, o adapted (the experts are fused: 11,943,936 trainable, as printed), use_gradient_checkpointing "unsloth" (and "smartly offload gradients" as logged), SFTTrainer batch 4 × 1 accumulation step, 30 steps, adamw_8bit; HuggingFaceH4/Multilingual-Thinking (1,000 conversations with their reasoning) in the gpt-oss chat template, max_seq_length 4096, the longest batch assumed to reach it (a doubt: the conversations may be shorter); unsloth 2025.9.1, transformers 4.55.4, PyTorch 2.8.0+cu126. NOT EXPRESSIBLE: the attention sinks and the sliding-window (128) attention of every other layer, how the 4-bit checkpoint stores the fused experts, and the gradient offload; the spec is an MoE decoder in NF4 with bf16 compute (as round 24 wrote gpt-oss 20B); traceable: yes (openai/gpt-oss-120b\'s GptOssForCausalLM config builds in transformers 5.18)',
    spec: `model:
  params: 116829156672
  transformer: { family: llama, layers: 36, hidden: 2880, heads: 64, kv_heads: 8, head_dim: 64, vocab: 201088, ffn: 2880, experts: 128, experts_per_token: 4, tied_embeddings: false, seq_len: 4096, attention: eager }
  lora: { rank: 16, alpha: 32, targets: [q, k, v, o], dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }
training: { precision: bf16, optimizer: adam8bit, batch_size: 4, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
  unsloth({
    id: 'gemma3-270m-it-chessinstruct-lora-r128-fp32-t4',
    file: 'Gemma3_(270M).ipynb',
    measured: 4.268,
    start: 0.832,
    config:
      'unsloth/gemma-3-270m-it through FastModel, not quantized ("Switching to 16bit LoRA"), in float32 on one Tesla T4 ("Using float16 precision for gemma3 won\'t work! Using float32", "Switching to float32 training"): 18 layers, 640 wide, 4 heads of 256, 1 KV head, GeGLU MLP 2048, vocab 262144, tied embeddings, sliding-window (512) attention in five of every six layers: 268,098,176 parameters (the printed total less the adapters); LoRA r 128 alpha 128 dropout 0 on q, k, v, o, gate, up, down (30,375,936 trainable, as printed), use_gradient_checkpointing "unsloth" (and "smartly offload gradients" as logged), batch 8 per device as the training banner prints ("Batch size per device = 8"; the committed cell says 4: the outputs are the run with 8) × 1 accumulation step, 100 steps, adamw_8bit, train_on_responses_only; Thytu/ChessInstruct (the first 10,000) in the gemma3 chat template, max_seq_length 2048, the longest batch assumed to reach it (a doubt: the chess prompts are likely shorter); unsloth 2025.8.9, transformers 4.55.2, PyTorch 2.8.0+cu126. The sliding window does not change memory at these lengths under SDPA\'s masks (assumed); traceable: yes (unsloth/gemma-3-270m-it\'s Gemma3ForCausalLM config builds in transformers 5.18)',
    spec: `model:
  params: 268098176
  transformer: { family: llama, layers: 18, hidden: 640, heads: 4, kv_heads: 1, head_dim: 256, vocab: 262144, ffn: 2048, tied_embeddings: true, seq_len: 2048, attention: sdpa }
  lora: { rank: 128, alpha: 128, targets: ${sevenProjections}, dropout: 0 }
training: { precision: fp32, optimizer: adam8bit, batch_size: 8, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
  unsloth({
    id: 'gemma3-27b-it-finetome-qlora-r8-a100-40gb',
    file: 'Gemma3_(27B)_A100-Conversational.ipynb',
    measured: 25.791,
    start: 19.074,
    config:
      'unsloth/gemma-3-27b-it through FastModel with load_in_4bit True (NF4, double quantization) on one A100-SXM4-40GB, bf16 compute; the language model: 62 layers, 5376 wide, 32 heads of 128, 16 KV heads, GeGLU MLP 21504, vocab 262208, tied embeddings, q/k norms, sliding-window (1024) attention in five of every six layers: 27,009,346,304 parameters counted (the printed 27,489,164,912 less the adapters leaves 423,060,336 for the SigLIP tower and projector); LoRA r 8 alpha 8 dropout 0 on the language layers\' q, k, v, o, gate, up, down (finetune_vision_layers False: 56,758,272 trainable, as printed), gradient checkpointing "unsloth" (FastModel\'s default, assumed; "smartly offload gradients" as logged), batch 2 × 4 accumulation steps, 30 steps, adamw_8bit, train_on_responses_only; mlabonne/FineTome-100k in the gemma-3 chat template, max_seq_length 2048, the longest batch assumed to reach it; unsloth 2025.9.1, transformers 4.55.4, PyTorch 2.8.0+cu126. NOT EXPRESSIBLE: the SigLIP vision tower and projector resident in 4-bit though no image is trained on, and the sliding-window layers; the spec is the language model alone (as round 24 wrote Gemma 3 4B); traceable: yes (google/gemma-3-27b-it\'s text config as a Gemma3ForCausalLM builds in transformers 5.18)',
    spec: `model:
  params: 27009346304
  transformer: { family: llama, layers: 62, hidden: 5376, heads: 32, kv_heads: 16, head_dim: 128, vocab: 262208, ffn: 21504, tied_embeddings: true, seq_len: 2048, attention: sdpa }
  lora: { rank: 8, alpha: 8, targets: ${sevenProjections}, dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }
training: { precision: bf16, optimizer: adam8bit, batch_size: 2, grad_accumulation: 4, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
];

export const round31Cases: PublishedCase[] = [...unslothCases];

/** The documents round 31 reads: none is cited by rounds 1 to 30 or ../shared/estimation. */
export const round31Documents: string[] = [
  unslothNb('gpt-oss-(120B)_A100-Fine-tuning.ipynb'),
  unslothNb('Gemma3_(270M).ipynb'),
  unslothNb('Gemma3_(27B)_A100-Conversational.ipynb'),
];
