// Round 27 of published MEASURED peaks for issue #25 (item 6), gathered in session 21 by estimate-gather after rounds 1
// to 26 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (set before the first search, 2026-11-28 17:21 UTC): any training run a user might bring — LLM full
// fine-tunes, LoRA and QLoRA, vision (classification, detection, segmentation), diffusion, speech, RL policies — from
// documents of 2023 to 2026 (GitHub issues, pull requests and discussions, READMEs at a commit, papers' memory tables,
// blog posts with measured figures), at most 4 rows from any one document or harness, no document any earlier round or
// ../shared/estimation cites (repository moves and renames followed: the same pull request under a new name is the same
// document). Where a source gives more candidates than 4, the 4 are picked with seed 27 (Python's
// random.Random(27).sample over the candidates in the source's order), as each case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face config
// that transformers 5.18 builds, a timm or torchvision model, or none).
// WHAT IT HOLDS: 18 rows from 8 documents of 8 harnesses — mmengine PR #1319 (mmpretrain ViT-L/16, 2 rows), PEFT
// issue #675 (RoBERTa-large with the HF Trainer, 2), pytorch PR #108757 (torchvision ResNet-50, 3), PEFT issue #1469
// (PEFT's sequence-classification notebook, bert-base, 2), lit-gpt PR #275 (StableLM 3B LoRA, 2), TRL's
// openenv_wordle_grpo notebook (Qwen3-1.7B GRPO, 1), torchtitan PR #1690 (Qwen3-32B, 4 of 8 drawn with seed 27),
// lerobot PR #4274 (a diffusion robot policy, 2). Five are NOT EXPRESSIBLE (mmengine's 10-of-24 checkpointing, PR
// #108757's conv-bn-eval pass, the colocated vLLM engine, the lerobot policy twice).
// Short of the 20 asked: the stored corpora give issue and pull-request threads only in excerpts (tables after a long
// description are cut off), and most whole-text tables are cited by rounds 1 to 26; the squash-commit messages of
// fetched repositories (torchtitan's keep the pull request's description) gave the last rows.
// LOOKED AT AND LEFT: mmdetection configs/instaboost/README.md (its four Mask/Cascade R-CNN figures repeat the
// cited configs/mask_rcnn and cascade_rcnn figures of the same models, and the stored version is of 2022); trl issue
// #3456 (GRPO batch and generations not recoverable); yeyupiaoling/Whisper-Finetune issue #30 (nvidia-smi figures of a
// torch.compiled AdaLoRA Whisper run whose model size and label lengths are not said); DETA issue #20 (a deformable
// DETR the spec cannot say, config partly recoverable); TRL's sft_ministral3_vl notebook (Ministral-3 3B shapes not
// available offline); diffusers examples/cogvideo README ("~52 GB", approximate); torchao PR #1718 and commit 3eb18e77
// (torchtitan runs: that harness already gives this round 4 rows); PEFT PR #2845 (its attention row repeats round 2's
// spec); torchtune PR #1517, peft issue #1514, lerobot PRs #4149/#4150 (figures cut off where this search could read).
import type { PublishedCase } from './published-measured.js';

// --- open-mmlab/mmengine pull request #1319 "[CodeCamp2023-630] Implement gradient checkpointing" ------------------
// zhouzaida, comment of 2023-09-04, "Performance in MMPretrain": "torchrun --nproc-per-node 2 tools/train.py
// configs/vision_transformer/vit-large-p16_64xb64_in1k.py --launcher pytorch", table "without activation_checkpointing |
// memory: 26012" and "activation_checkpointing = [f'backbone.layers.{i}' for i in range(10)] | memory: 17842". Both
// figures of the document, so no draw. The config (mmpretrain 1.x, as its twins vit-base-p16_64xb64_in1k.py and
// vit-large-p32_64xb64_in1k.py read at 89000c10): _base_ models/vit-large-p16.py (VisionTransformer arch 'l': 24 layers
// of 1024, 16 heads, MLP 4096, one fused qkv linear, img_size 224, patch 16: 197 tokens; drop_rate 0.1 on the
// embedding, attention projection and MLP outputs, no attention-probability dropout, no drop path), head
// VisionTransformerClsHead with hidden_dim 3072 (a 1024 → 3072 tanh pre-logits layer, then 3072 → 1000),
// datasets/imagenet_bs64_pil_resize_autoaug.py (RandomResizedCrop 224, batch 64 per GPU), Mixup alpha 0.2 (soft
// targets), schedules/imagenet_bs4096_AdamW.py (AdamW, the plain OptimWrapper: fp32, no AMP), clip_grad max_norm 1.0,
// mmengine's default MMDistributedDataParallel over the 2 GPUs. 309,523,432 parameters (backbone 303,301,632, head
// 6,221,800). Attention: mmpretrain's MultiheadAttention calls torch's scaled_dot_product_attention on torch ≥ 2.0
// (assumed: torch 2.x in September 2023; fp32 inputs take the memory-efficient kernel). "memory" is mmengine's log
// field: torch.cuda.max_memory_allocated() of the logging rank (rank 0) // 2^20, in MiB, reset at every log interval;
// one GPU's figure. The GPU is not named. The checkpointed run wraps the forward of the first 10 of the 24 blocks in
// torch.utils.checkpoint (mmengine's activation_checkpointing option of the pull request).
const mmenginePr1319Doc = 'open-mmlab/mmengine pull request #1319';
const mmpretrainVitL16 =
  'family: vit, layers: 24, hidden: 1024, heads: 16, ffn: 4096, seq_len: 197, fused_qkv: true, attention: sdpa, classes: 1000, dropout: true, attention_dropout: false';
const mmenginePr1319 = (options: {
  label: string;
  quote: string;
  mib: number;
  checkpointing: string;
  trainingCheckpoint: string;
  notExpressible?: string;
}): PublishedCase => ({
  id: `mmengine-pr1319-mmpretrain-vit-large-p16-in1k-224-fp32-adamw-bs64-2gpu-ddp-${options.label}`,
  source: `${mmenginePr1319Doc} (https://github.com/open-mmlab/mmengine/pull/1319), comment of zhouzaida 2023-09-04 "Performance in MMPretrain", row "${options.quote}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: Math.round((options.mib / 1024) * 1000) / 1000,
  config: `torchrun --nproc-per-node 2 tools/train.py configs/vision_transformer/vit-large-p16_64xb64_in1k.py (mmpretrain 1.x, September 2023) on 2 GPUs (not named): ViT-L/16 at 224 px (197 tokens; 309,523,432 parameters with the 1024 → 3072 → 1000 pre-logits head, folded into params), dropout 0.1, ImageNet-1k with Mixup 0.2, fp32 (no AMP), AdamW, grad clip 1.0, batch 64 per GPU, DDP; ${options.checkpointing}; mmengine's "memory: ${options.mib}" = the logging rank's torch.cuda.max_memory_allocated() in MiB, one GPU's figure (${options.mib} MiB = ${(options.mib / 1024).toFixed(3)} GiB); torch 2.x assumed (SDPA attention)${options.notExpressible ? `. NOT EXPRESSIBLE: ${options.notExpressible}` : ''}; traceable: timm vit_large_patch16_224 (the same backbone; mmpretrain itself is not installed here, and its 3072-wide pre-logits head is not timm's)`,
  spec: `model:
  params: 309523432
  transformer: { ${mmpretrainVitL16} }
training: { precision: fp32, optimizer: adamw, batch_size: 64, ${options.trainingCheckpoint} }
parallel: { gpus: 2, strategy: ddp }`,
});

// --- huggingface/peft issue #675 "Expected GPU usage improvement" (andrei-saceleanu, 2023-07-09) ---------------------
// "For a sequence classification task, batch size 64 and sequence length 96, the full fine-tuning requires around 17 GB
// for a RoBERTa-large based model. For default target modules and a rank r=8 (LoRA config), ... Currently, I am getting
// results with 12 GB". Both figures of the document, so no draw. roberta-large as RobertaForSequenceClassification (24
// layers of 1024, 16 heads, MLP 4096, vocab 50265, 514 learned positions; the classification head a 1024 → 1024 tanh dense
// layer on the <s> token and a 1024 → labels projection, written as the spec's pooler): 355,361,794 parameters with 2
// labels (the number of labels is not said: 2 assumed). Assumed where the issue is silent, from the defaults of July 2023
// (transformers 4.30, PEFT 0.3/0.4): the HF Trainer in fp32 (no fp16/bf16 flag given), adamw_torch, eager attention,
// dropout 0.1, every sequence padded to 96, one GPU; LoRA's "default target modules" for RoBERTa are query and value,
// lora_alpha 8 and dropout 0 (LoraConfig defaults), task SEQ_CLS (PEFT then also trains a full copy of the classifier
// head: modules_to_save, 1.05M parameters, not in the spec's modules_to_save list and left out). What was measured is
// not said: "requires around 17 GB" and "getting results with 12 GB" read as the device's used memory (nvidia-smi) in GB,
// rounded as written.
const peftIssue675Doc = 'huggingface/peft issue #675';
const robertaLargeSeqCls =
  'family: bert, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50265, max_positions: 514, seq_len: 96, classes: 2, pooler: true, attention: eager, dropout: true';
const peftIssue675 = (options: {
  label: string;
  quote: string;
  measured: number;
  method: string;
  lora: string;
}): PublishedCase => ({
  id: `peft-issue675-roberta-large-seqcls-${options.label}-fp32-bs64-seq96`,
  source: `${peftIssue675Doc} (https://github.com/huggingface/peft/issues/675), description of andrei-saceleanu 2023-07-09: "${options.quote}"`,
  what: 'device total',
  unit: 'GB',
  measured: options.measured,
  config: `roberta-large sequence classification (355,361,794 parameters with 2 labels, assumed), batch 64 of 96 tokens, one GPU (not named); ${options.method}; assumed from the defaults of July 2023: HF Trainer in fp32, adamw_torch, eager attention, dropout 0.1, padding to 96; the figure read as the device's used memory (nvidia-smi), GB as written ("around"); traceable: yes (FacebookAI/roberta-large's config builds RobertaForSequenceClassification in transformers 5.18)`,
  spec: `model:
  params: 355361794
  transformer: { ${robertaLargeSeqCls} }${options.lora}
training: { precision: fp32, optimizer: adamw, batch_size: 64, activation_checkpointing: none }`,
});

// --- pytorch/pytorch pull request #108757 "[Inductor][FX]Support efficient conv bn eval" (youkaichao, 2023-09-07) ------
// "For resnet50 with input batchsize 64, image size 224, forward + backward training:" table "Memory Footprint (GB)":
// "Eager Mode | 5.18", "torch.compile | 5.46 | Strangely, not saving memory", "torch.compile with this PR | 2.88". All
// three taken; the third runs the pull request's inductor pass (conv + eval-mode BatchNorm computed as one convolution
// with the normalisation folded into the weight, so the conv output is not kept for the BatchNorm's backward). The
// script: `net = resnet50().eval().cuda()` (torchvision, 25,557,032 parameters, fp32, BatchNorm in eval mode: running
// statistics, affines trained), `input = torch.randn(64, 3, 224, 224).cuda()`, `opt_net = torch.compile(net)` or the
// eager net, `current_memory = torch.cuda.memory_allocated()`, `torch.cuda.reset_peak_me[mory_stats()]` — the rest of the
// script is cut off where this search could read it: a forward and a backward of the output (no optimizer, no step:
// "forward + backward training"), and the footprint read as the peak allocated above what was allocated before the step
// (the model's 0.10 GB and the 0.04 GB input), in GB of 10^9 bytes (assumed; GiB would make it 7% higher). The GPU is
// not named; PyTorch of September 2023 (2.1 nightly). Residual adds and downsample convs are outside the spec's
// sequential stack (as rounds before wrote ResNet-50), and BatchNorm in eval mode is not said by it.
const pytorchPr108757Doc = 'pytorch/pytorch pull request #108757';
const pytorchPr108757 = (options: {
  label: string;
  quote: string;
  measured: number;
  variant: string;
  compile: string;
  notExpressible?: string;
}): PublishedCase => ({
  // Named after the measurement (session 21, the lead): torchvision's own ResNet-50 (examples/trace/torchvision_classifiers.py).
  traceModule: 'torchvision_classifiers:resnet50_224x224_c1000',
  id: `pytorch-pr108757-torchvision-resnet50-eval-bn-fwd-bwd-bs64-224-fp32-${options.label}`,
  source: `${pytorchPr108757Doc} (https://github.com/pytorch/pytorch/pull/108757), description of youkaichao 2023-09-07, table "Memory Footprint (GB)", row "${options.quote}"`,
  what: 'allocated',
  unit: 'GB',
  measured: options.measured,
  config: `torchvision resnet50() (25,557,032 parameters) in eval mode (BatchNorm on running statistics, every parameter requiring grad), fp32, one random batch of 64 × 3 × 224 × 224, ${options.variant}, one forward and one backward, no optimizer; the footprint read as the peak allocated above the memory allocated before the step (weights and input), GB of 10^9 bytes (assumed: the script's last lines are not in what could be read); GPU not named, PyTorch of September 2023; residual adds and downsample convs are outside the spec's sequential stack${options.notExpressible ? `. NOT EXPRESSIBLE: ${options.notExpressible}` : ''}; traceable: yes (torchvision resnet50 — with a torchvision that pairs with the installed torch)`,
  // Re-said after the measurement (session 21, the lead): the spec said `optimizer: none`, which the schema
  // defines as forward only; a forward and backward with no optimizer step is `sgd` (its step keeps no state).
  spec: `model:
  params: 25557032
  cnn:
    input: [3, 224, 224]
    layers:
${[
  '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
  '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
  ...[3, 4, 6, 3].flatMap((count, stage) => {
    const width = 64 * 2 ** stage;
    return Array.from({ length: count }, (_, block) => [
      `{ conv: ${width}, kernel: 1 }`,
      `{ conv: ${width}${block === 0 && stage > 0 ? ', stride: 2' : ''} }`,
      `{ conv: ${4 * width}, kernel: 1 }`,
    ]).flat();
  }),
  '{ pool: global }',
  '{ linear: 1000 }',
]
  .map((layer) => `      - ${layer}`)
  .join('\n')}
training: { precision: fp32, optimizer: sgd, batch_size: 64${options.compile} }`,
});

// --- huggingface/peft issue #1469 "Using LoRA consumes high memory", comment of BenjaminBossan 2024-10-11 ------------
// "I basically took this notebook (https://github.com/huggingface/peft/blob/c925d0ae25a1fef79a2b29a71fae7c983e40a61e/
// examples/sequence_classification/LoRA.ipynb) and used the aforementioned function for measuring memory (putting it
// after optimizer.step() and before optimizer.zero_grad())" — torchtune's training.get_memory_stats at c5b73868:
// torch.cuda.max_memory_allocated() and max_memory_reserved() / 1024^3, never reset: the run's peak so far, in GiB.
// Rows read whole: "facebook/esm2_t6_8M_UR50D: {'peak_memory_active': 0.724…, 'peak_memory_alloc': 0.724…,
// 'peak_memory_reserved': 1.945…}", "bert-base-uncased: {'peak_memory_active': 1.5451140403747559, 'peak_memory_alloc':
// 1.5451140403747559, 'peak_memory_reserved': 3.33984375}", then bigscience/bloomz-560m (cut off where this search could
// read it). Taken: bert-base-uncased's allocated and reserved figures (2 rows); esm2 left because its tokenizer reads
// MRPC's English sentences character by character into lengths that cannot be recovered here. (Round 26 left this issue
// for its earlier, unrecoverable rows; this comment's run is the notebook's, which is readable at that commit.) The
// notebook at c925d0ae: batch_size 32, GLUE MRPC sentence pairs tokenised with truncation at the model's maximum and
// padded to the longest pair of each batch (DataLoader collate padding "longest"; the longest MRPC pair is about 103
// WordPiece tokens: assumed), AutoModelForSequenceClassification (bert-base-uncased: 12 layers of 768, 12 heads, MLP 3072,
// vocab 30522, 512 positions, pooler, 2 labels: 109,483,778 parameters) in fp32 with no autocast, PEFT LoraConfig
// task SEQ_CLS r 8 alpha 16 dropout 0.1 (default targets for BERT: query and value; the classifier trained whole as
// modules_to_save, 1,538 parameters), torch.optim.AdamW (foreach) over the trainable parameters, 20 epochs with an
// eval pass after each under no_grad; attention as transformers of October 2024 ran BERT by default (SDPA, the default
// for BERT from 4.41: assumed), one GPU (not named).
const peftIssue1469Doc = 'huggingface/peft issue #1469';
const bertBaseSeqCls =
  'family: bert, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 30522, max_positions: 512, seq_len: 103, classes: 2, pooler: true, attention: sdpa, dropout: true';
const peftIssue1469 = (options: {
  what: 'allocated' | 'reserved';
  quote: string;
  measured: number;
}): PublishedCase => ({
  id: `peft-issue1469-bert-base-uncased-seqcls-lora-r8-qv-mrpc-bs32-fp32-${options.what}`,
  source: `${peftIssue1469Doc} (https://github.com/huggingface/peft/issues/1469), comment of BenjaminBossan 2024-10-11, line "bert-base-uncased: ${options.quote}"`,
  what: options.what,
  unit: 'GiB',
  measured: options.measured,
  config: `PEFT's examples/sequence_classification/LoRA.ipynb at c925d0ae with model_name_or_path bert-base-uncased (109,483,778 parameters, 2 labels): LoRA r 8 alpha 16 dropout 0.1 on query and value (PEFT's defaults for BERT), classifier trained whole (modules_to_save), fp32, torch AdamW, batch 32 of GLUE MRPC pairs padded to each batch's longest (about 103 tokens at most: assumed), 20 epochs with evaluation, one GPU (not named); torchtune's get_memory_stats after optimizer.step(): peak_memory_${options.what === 'allocated' ? 'alloc' : 'reserved'} = torch.cuda.max_memory_${options.what}() / 1024^3 over the run so far; SDPA attention assumed (transformers of October 2024); traceable: yes (google-bert/bert-base-uncased's config builds BertForSequenceClassification in transformers 5.18)`,
  spec: `model:
  params: 109483778
  transformer: { ${bertBaseSeqCls} }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.1, adapter_dtype: fp32 }
training: { precision: fp32, optimizer: adamw, batch_size: 32, activation_checkpointing: none }
cuda: { lengths: variable }`,
});

// --- Lightning-AI/litgpt (then lit-gpt) pull request #275 "Enable fine tuning with QLORA 4-bit floating point and
// bitsandbytes int8 types." — rasbt, comment of 2023-08-18: "Ok, here is a new batch of results", table with the columns
// "Model | Settings | Iterations | Dataset | Micro batch size | Paged optimizer | Training Memory | ...", rows "StableLM 3B
// (default) | Default (bfloat16-mixed) | 5,000 | Alpaca | 4 | No | 33.50 GB" and "StableLM 3B (default) | --precision
// bf16-true | 5,000 | Alpaca | 4 | No | 15.86 GB"; the quantized rows below them are cut off where this search could
// read them, so these two are taken. The script is finetune/lora.py with its defaults of that day (read at 97168598,
// 2023-08-17): stabilityai/stablelm-base-alpha-3b (lit-gpt's config: GPT-NeoX, 16 layers of 4096, 32 heads, MLP 16384,
// vocab padded to 50688, untied head, LayerNorm, parallel residual, rotary on a quarter of each head, block size 4096:
// 3,637,321,728 parameters), LoRA r 8 alpha 16 dropout 0.05 on the query and value parts of the fused qkv linear
// (lora_key, lora_projection, lora_mlp, lora_head False), adapters in the weights' dtype, torch AdamW (weight decay
// 0.01) over the adapters, micro_batch_size 4 with 32 accumulation steps (batch 128), no activation checkpointing,
// lm_head_chunk_size 128 with lit-gpt's chunked cross-entropy, F.scaled_dot_product_attention. Alpaca prepared by
// scripts/prepare_alpaca.py with max_seq_length the model's block size (no truncation below 4096); the first
// iteration's batch holds the longest training example (get_batch with longest_seq_ix) and all four are padded to
// it: 1034 StableLM tokens (the figure lit-gpt's tutorials/resource-tables.md gives for StableLM Alpha, taken as the
// peak's length). "Training Memory" is the script's closing line `Memory used: {torch.cuda.max_memory_allocated() /
// 1e9:.02f} GB`: allocated, GB of 10^9 bytes. Lightning Fabric's "bf16-mixed" is torch.autocast(bfloat16) over fp32
// weights; "bf16-true" holds the weights and adapters in bf16. One GPU (not named; an A100 in the author's other
// tables of that time).
const litgptPr275Doc = 'Lightning-AI/litgpt pull request #275';
const stablelm3bShape =
  'family: neox, layers: 16, hidden: 4096, heads: 32, ffn: 16384, vocab: 50688, tied_embeddings: false, fused_qkv: true, parallel_residual: true, seq_len: 1034, attention: sdpa';
const litgptPr275 = (options: {
  label: string;
  settings: string;
  measured: number;
  precision: string;
  precisionText: string;
}): PublishedCase => ({
  id: `litgpt-pr275-stablelm-base-alpha-3b-lora-r8-qv-alpaca-mb4-${options.label}`,
  source: `${litgptPr275Doc} (https://github.com/Lightning-AI/litgpt/pull/275, then Lightning-AI/lit-gpt), comment of rasbt 2023-08-18, row "StableLM 3B (default) | ${options.settings} | 5,000 | Alpaca | 4 | No | ${options.measured.toFixed(2)} GB"`,
  what: 'allocated',
  unit: 'GB',
  measured: options.measured,
  config: `lit-gpt finetune/lora.py (defaults of 2023-08-17, 97168598) on one GPU (not named): stabilityai/stablelm-base-alpha-3b (3,637,321,728 parameters), ${options.precisionText}, LoRA r 8 alpha 16 dropout 0.05 on query and value of the fused qkv linear, adapters in the weights' dtype, torch AdamW over the adapters, micro-batch 4 (32 accumulation steps), no activation checkpointing, the LM head in 128-token chunks with chunked cross-entropy, SDPA attention; Alpaca unpadded below the 4096 block size, the first batch padded to the longest example, 1034 StableLM tokens (assumed the peak's length, from lit-gpt's resource tables); "Training Memory" = torch.cuda.max_memory_allocated() / 1e9 printed at the end of the run; traceable: yes (stabilityai/stablelm-base-alpha-3b's GPTNeoXForCausalLM config builds in transformers 5.18; lit-gpt's own model code is not installed here)`,
  spec: `model:
  params: 3637321728
  transformer: { ${stablelm3bShape} }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
training: { precision: ${options.precision}, optimizer: adamw, batch_size: 4, grad_accumulation: 32, activation_checkpointing: none, loss: chunked }
cuda: { lengths: variable }`,
});

// --- huggingface/trl examples/notebooks/openenv_wordle_grpo.ipynb, committed with its outputs in abf6033b (2026-02-16) ---
// GRPO (reinforcement learning of a policy against an OpenEnv Wordle environment, multi-turn rollouts through a
// rollout_func) on one A100-SXM4-40GB: Qwen/Qwen3-1.7B (28 layers of 2048, 16 heads, 8 KV heads of 128, MLP 6144, vocab
// 151936, tied embeddings: 1,720,574,976 parameters) trained whole (no LoRA), GRPOConfig per_device_train_batch_size 1,
// gradient_accumulation_steps 64, num_generations 2, max_completion_length 1024 ("full episode length"), optim
// adamw_torch, max_grad_norm 1.0, gradient_checkpointing True, use_vllm True in vllm_mode "colocate" (a vLLM engine in
// the same process, gpu_memory_utilization 0.15, max model length 3072, CUDA graphs captured), beta left at TRL's
// default of that day (0.0: no reference model, assumed), the model loaded from its name by GRPOTrainer (dtype "auto":
// bf16 weights, with the Trainer's bf16 default: assumed). The memory cells print "12.484 GB of memory reserved"
// before training and, after, "Peak reserved memory = 38.139 GB" — torch.cuda.max_memory_reserved() / 1024^3 (GiB,
// whatever the label says), the reserved peak of the process that holds both the trainer and the vLLM engine. NOT
// EXPRESSIBLE: the colocated vLLM engine (its weight copy, its KV cache at 15% of the card, CUDA-graph pools) in the same
// allocator as the training step; the spec is the training step alone, at the engine's 3072-token cap.
const trlWordleDoc = 'huggingface/trl examples/notebooks/openenv_wordle_grpo.ipynb';

// --- pytorch/torchtitan pull request #1690 "[Qwen3] Add 32b training configs" (merged as d66b72a6, 2025-09-17) ----------
// The description (kept whole in the squash commit's message): "Some other recommended training configs (no compile
// applied for following benchmarking)", a table "Local bs (gbs) | seq_len | Training parallelism | Performance" whose
// cells quote torchtitan's step log lines ("memory: 70.79GiB(74.51%)"), and above it the compiled run "local batch size=2,
// FSDP=8, full AC ... memory: 81.85GiB(86.17%)". Eight runs logged a figure (the OOM rows none); seed 27 drew four of
// them, in the table's order [compiled lbs 2 FSDP 8; 16 fsdp 4 × tp 8; 32 fsdp 4 × tp 8; 32 fsdp 8 × tp 8; 1 FSDP 8;
// 2 FSDP 8; 4 FSDP 16; 16 fsdp 8 × tp 4]: Python random.Random(27).sample(range(8), 4) = [2, 5, 6, 7]. The config is
// the pull request's torchtitan/experiments/qwen3/train_configs/qwen3_32b.toml ("a preset for 8 H100 GPUs (with 96GiB
// memory)"; the logged 81.85 GiB = 86.17% puts the card at 95.0 GiB): Qwen3 32B flavor (64 layers of 5120, 64 heads, 8 KV
// heads of 128, qk_norm, MLP 25600, vocab 151936, untied output: 32,762,123,264 parameters), AdamW (eps 1e-8), seq_len
// 4096 on packed C4, max_norm 1.0, activation_checkpoint mode "full" (the rows with tensor parallelism say "Full AC";
// the FSDP-only rows are read with the preset's full AC too), compile off, FSDP2 with bf16 parameters and fp32 gradient
// reduction (torchtitan's MixedPrecisionPolicy defaults), reshard_after_forward "default"; tensor parallelism as
// torchtitan's qwen3 parallelize applies it (colwise/rowwise linears, SequenceParallel norms, loss_parallel: the
// output's logits sharded by vocabulary over the TP group). The cross-entropy of that commit is
// torch.nn.functional.cross_entropy over pred.float() (no chunking). "memory" in torchtitan's step log is the device
// memory monitor's peak reserved (torch.cuda max_memory_reserved, GiB) of the logging rank: one GPU's figure.
const torchtitanPr1690Doc = 'pytorch/torchtitan pull request #1690';
const qwen3_32bShape =
  'family: llama, layers: 64, hidden: 5120, heads: 64, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 25600, tied_embeddings: false, seq_len: 4096, attention: sdpa';
const torchtitanPr1690 = (options: {
  localBatch: number;
  shard: number;
  tensor: number;
  measured: number;
  quote: string;
}): PublishedCase => {
  const gpus = options.shard * options.tensor;
  const layout = options.tensor > 1 ? `fsdp${options.shard}-tp${options.tensor}` : `fsdp${options.shard}`;
  return {
    id: `torchtitan-pr1690-qwen3-32b-${layout}-lbs${options.localBatch}-seq4096-full-ac-h100-96gb`,
    source: `${torchtitanPr1690Doc} (https://github.com/pytorch/torchtitan/pull/1690, squash commit d66b72a6ac57be4e7ff749dabe2908a4fcc58a1d), description, table row "${options.quote}"`,
    what: 'reserved',
    unit: 'GiB',
    measured: options.measured,
    config: `torchtitan at d66b72a6 (September 2025), torchtitan/experiments/qwen3/train_configs/qwen3_32b.toml with local_batch_size ${options.localBatch}, on ${gpus} H100 96 GB: Qwen3 32B (32,762,123,264 parameters), FSDP2 over ${options.shard}${options.tensor > 1 ? ` × tensor parallel ${options.tensor} (sequence-parallel norms, loss_parallel)` : ''}, bf16 parameters with fp32 reduction, AdamW, packed C4 at 4096 tokens, full activation checkpointing (the preset's; the row says "Full AC" only where tensor parallelism is used), compile off, cross-entropy over fp32-upcast logits; torchtitan's logged "memory" (peak reserved, GiB) of the logging rank, one GPU's figure; traceable: yes (Qwen/Qwen3-32B's Qwen3ForCausalLM config builds in transformers 5.18; torchtitan's own model code is not installed here)`,
    // Re-expressed 2026-11-29 (session 28, estimate-r35): the tensor-parallel rows say loss loss_parallel (they read
    // standard before): at d66b72a6 cross_entropy_loss (components/loss.py) runs under torch's loss_parallel() over
    // the output's vocab-sharded logits, upcast in the loss, with `del pred` before backward (train.py). Figures and
    // sources unchanged.
    spec: `model:
  params: 32762123264
  transformer: { ${qwen3_32bShape} }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: ${options.localBatch}, activation_checkpointing: full${options.tensor > 1 ? ', loss: loss_parallel' : ''} }
parallel: { gpus: ${gpus}, strategy: fsdp_full, fsdp_wrap: torchtitan${options.tensor > 1 ? `, tensor: ${options.tensor}, sequence_parallel: true` : ''} }`,
  };
};

// --- huggingface/lerobot pull request #4274 "fix(train): honor policy.use_amp when the policy has no dtype field"
// (squash commit 99443a93, 2026-07-31): "Measured on multi_task_dit / pusht, batch 256, H100: peak allocated drops from
// ~75 GiB (fp32) to ~46.5 GiB under bf16 autocast." Both figures taken. The policy (a robot-control diffusion policy)
// at that commit, configuration_multi_task_dit.py defaults: n_obs_steps 2 (two observation frames per sample, pusht's
// one camera: 512 images a step), a CLIPVisionModel openai/clip-vit-base-patch16 trained at a 224 × 224 crop (12 layers
// of 768, 12 heads, MLP 3072, 197 tokens; the CLS token taken per image; learning-rate multiplier 0.1), a frozen
// CLIPTextModel of the same checkpoint run under no_grad on the task string padded to 77 tokens, and a diffusion
// transformer of 6 blocks of 512 with 8 heads, MLP 2048, adaLN modulation from the conditioning vector, RoPE, dropout
// 0.1, over the 32-step action horizon (DDPM objective, epsilon prediction); AdamW betas (0.95, 0.999), no weight
// decay; lerobot-train through Accelerate on one H100 (80 GB). "peak allocated" read as torch.cuda.max_memory_allocated
// in GiB, approximate as written ("~"). NOT EXPRESSIBLE: the policy as a whole — the spec's model.vision is a VLM's tower
// feeding a language model's sequence, here it is the trained CLIP image tower over 512 images whose CLS tokens
// condition a 32-token diffusion transformer through adaLN, beside a frozen text tower; the spec below is the vision
// tower as the model (the DiT and the frozen text tower left out).
const lerobotPr4274Doc = 'huggingface/lerobot pull request #4274';
const lerobotPr4274 = (options: {
  label: string;
  quote: string;
  measured: number;
  precision: string;
  precisionText: string;
}): PublishedCase => ({
  id: `lerobot-pr4274-multi-task-dit-pusht-clip-vit-b16-bs256-h100-${options.label}`,
  source: `${lerobotPr4274Doc} (https://github.com/huggingface/lerobot/pull/4274, squash commit 99443a936d73ad3c7cb62b126ef36e9b0045b154), description: "Measured on multi_task_dit / pusht, batch 256, H100: ${options.quote}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `lerobot-train --policy.type=multi_task_dit on pusht (lerobot at 99443a93, July 2026), batch 256 with 2 observation frames each (512 images of 224 × 224 through a trained CLIP ViT-B/16), a frozen CLIP text tower, a 6-block 512-wide diffusion transformer over a 32-step action horizon, AdamW, one H100; ${options.precisionText}; "peak allocated" (max_memory_allocated, GiB, approximate as written). NOT EXPRESSIBLE: the diffusion policy as a whole (the trained image tower's CLS tokens conditioning a small diffusion transformer through adaLN, beside a frozen text tower); the spec is the trained CLIP vision tower over 512 images, the rest left out; traceable: the vision tower only (openai/clip-vit-base-patch16's CLIPVisionModel builds in transformers 5.18; lerobot's policy code is not installed here — a --trace-module factory would be needed)`,
  spec: `model:
  transformer: { family: vit, layers: 12, hidden: 768, heads: 12, ffn: 3072, seq_len: 197, attention: sdpa, dropout: false }
training: { precision: ${options.precision}, optimizer: adamw, batch_size: 512, activation_checkpointing: none }`,
});

export const round27Cases: PublishedCase[] = [
  // ViT-L/16 on ImageNet through mmpretrain on 2 GPUs, with and without checkpointing 10 of its 24 blocks.
  mmenginePr1319({
    label: 'no-checkpointing',
    quote: 'without activation_checkpointing  | memory: 26012',
    mib: 26012,
    checkpointing: 'no activation checkpointing',
    trainingCheckpoint: 'activation_checkpointing: none',
  }),
  mmenginePr1319({
    label: 'checkpoint-first-10-of-24-blocks',
    quote: "activation_checkpointing = [f'backbone.layers.{i}' for i in range(10)]      | memory: 17842",
    mib: 17842,
    checkpointing:
      'activation checkpointing of the first 10 of the 24 blocks (torch.utils.checkpoint around each)',
    // Re-said (session 22, estimate-express): `checkpoint_layers: 10` says the first 10 of the 24 blocks; it was
    // `checkpoint_every: 2` (12 of 24). Spec only: the figure and the config (with its gatherer's mark) unchanged.
    trainingCheckpoint: 'activation_checkpointing: full, checkpoint_layers: 10',
    notExpressible:
      'checkpointing of the first 10 of 24 blocks (the spec checkpoints every k-th layer: every 2nd, 12 of 24, is written)',
  }),
  // RoBERTa-large sequence classification, full fine-tune and LoRA (PEFT's defaults).
  peftIssue675({
    label: 'full',
    quote: 'the full fine-tuning requires around 17 GB for a RoBERTa-large based model',
    measured: 17,
    method: 'full fine-tune',
    lora: '',
  }),
  peftIssue675({
    label: 'lora-r8-qv',
    quote:
      'For default target modules and a rank r=8(LoRA config) ... Currently, I am getting results with 12 GB',
    measured: 12,
    method:
      'PEFT LoRA r 8 on query and value (the defaults for RoBERTa), alpha 8, dropout 0, the classifier head trained whole (modules_to_save, left out of the spec)',
    lora: `
  lora: { rank: 8, alpha: 8, targets: [q, v], dropout: 0 }`,
  }),
  // torchvision ResNet-50 forward and backward at batch 64, eager and compiled (a PyTorch pull request's measurement).
  pytorchPr108757({
    label: 'eager',
    quote: 'Eager Mode  | 5.18',
    measured: 5.18,
    variant: 'eager',
    compile: '',
  }),
  pytorchPr108757({
    label: 'torch-compile',
    quote: 'torch.compile                 | 5.46         | Strangely, not saving memory',
    measured: 5.46,
    variant: 'torch.compile(net) with the default inductor backend',
    compile: ', compile: true',
  }),
  pytorchPr108757({
    label: 'torch-compile-efficient-conv-bn-eval',
    quote: 'torch.compile with this PR                       | 2.88          | **Saves about 50% memory! **',
    measured: 2.88,
    variant:
      "torch.compile(net) with the pull request's efficient_conv_bn_eval graph pass (each conv + eval-mode BatchNorm computed as one convolution over the folded weight)",
    compile: ', compile: true',
    notExpressible:
      'the efficient conv-bn-eval inductor pass (what the folded conv keeps for backward instead of the conv output and the BatchNorm input)',
  }),
  // bert-base-uncased LoRA sequence classification on MRPC (PEFT's notebook), peak allocated and reserved of one run.
  peftIssue1469({
    what: 'allocated',
    quote: "'peak_memory_alloc': 1.5451140403747559",
    measured: 1.5451140403747559,
  }),
  peftIssue1469({
    what: 'reserved',
    quote: "'peak_memory_reserved': 3.33984375",
    measured: 3.33984375,
  }),
  // StableLM 3B LoRA on Alpaca through lit-gpt's LoRA script, bf16-mixed and bf16-true.
  litgptPr275({
    label: 'bf16-mixed',
    settings: 'Default (bfloat16-mixed)',
    measured: 33.5,
    precision: 'amp_bf16',
    precisionText: 'Fabric precision bf16-mixed (the default: fp32 weights under bf16 autocast)',
  }),
  litgptPr275({
    label: 'bf16-true',
    settings: '--precision bf16-true',
    measured: 15.86,
    precision: 'bf16',
    precisionText: 'Fabric precision bf16-true (weights and adapters in bf16)',
  }),
  // Qwen3-1.7B trained whole by GRPO on Wordle episodes with a colocated vLLM engine (TRL's OpenEnv notebook).
  {
    id: 'trl-openenv-wordle-grpo-qwen3-1.7b-full-vllm-colocate-a100-40gb',
    source: `${trlWordleDoc} (output cells of abf6033b, https://github.com/huggingface/trl/blob/abf6033b99fc75eb9d58458b44b81f7f7faebdc1/examples/notebooks/openenv_wordle_grpo.ipynb), "Show memory stats" cell: "Peak reserved memory = 38.139 GB."`,
    what: 'reserved',
    unit: 'GiB',
    measured: 38.139,
    config:
      "TRL GRPOTrainer (February 2026) on one A100-SXM4-40GB: Qwen/Qwen3-1.7B (1,720,574,976 parameters) trained whole, bf16 weights (dtype auto, assumed), adamw_torch, per-device batch 1 × 64 accumulation steps, 2 generations per prompt, completions up to 1024 tokens in multi-turn Wordle episodes (vLLM max model length 3072), gradient checkpointing, no reference model (beta 0.0, assumed), vLLM colocated at gpu_memory_utilization 0.15; torch.cuda.max_memory_reserved() / 1024^3 over the run (printed as GB, computed in GiB). NOT EXPRESSIBLE: the colocated vLLM engine (weights, KV cache, CUDA graphs) in the trainer's allocator; the spec is the training step alone at the 3072-token cap; traceable: yes (Qwen/Qwen3-1.7B's Qwen3ForCausalLM config builds in transformers 5.18)",
    // Re-said (session 26, estimate-express; spec only, the figure and the config with its gatherer's mark
    // unchanged): inference says the colocated vLLM engine at gpu_memory_utilization 0.15 of the A100-40GB's
    // 40355 MiB (src/plan/cards.ts's recorded total), in the trainer's process. -47.5% -> -32.0%.
    spec: `model:
  params: 1720574976
  transformer: { family: llama, layers: 28, hidden: 2048, heads: 16, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 6144, tied_embeddings: true, seq_len: 3072, attention: sdpa }
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 64, activation_checkpointing: full }
cuda: { lengths: capped, device_memory: 40355MiB }
inference: { engine: vllm, memory_fraction: 0.15 }`,
  },
  // Qwen3-32B pretraining steps under torchtitan on 8 to 64 H100 96 GB (four of the pull request's eight runs, seed 27).
  torchtitanPr1690({
    localBatch: 32,
    shard: 4,
    tensor: 8,
    measured: 70.79,
    quote: '32 (128) | 4096 | fsdp 4, tp 8 | Full AC, … step: 10 … memory: 70.79GiB(74.51%)',
  }),
  torchtitanPr1690({
    localBatch: 2,
    shard: 8,
    tensor: 1,
    measured: 89.33,
    quote: '2 (16) | 4096 | FSDP 8 | … step: 50 … memory: 89.33GiB(94.04%)',
  }),
  torchtitanPr1690({
    localBatch: 4,
    shard: 16,
    tensor: 1,
    measured: 78.48,
    quote: '4 (64) | 4096 | FSDP 16| … step: 80 … memory: 78.48GiB(82.54%)',
  }),
  torchtitanPr1690({
    localBatch: 16,
    shard: 8,
    tensor: 4,
    measured: 70.2,
    quote: '16 | 4096 | fsdp=8, tp=4 | … step: 90 … memory: 70.20GiB(73.89%)',
  }),
  // A lerobot diffusion policy (CLIP image tower + diffusion transformer) on PushT at batch 256, fp32 and bf16 autocast.
  lerobotPr4274({
    label: 'fp32',
    quote: 'peak allocated drops from ~75 GiB (fp32)',
    measured: 75,
    precision: 'fp32',
    precisionText: 'fp32 (the bug the pull request fixes: use_amp ignored)',
  }),
  lerobotPr4274({
    label: 'amp-bf16',
    quote: 'to ~46.5 GiB under bf16 autocast',
    measured: 46.5,
    precision: 'amp_bf16',
    precisionText: 'bf16 autocast over fp32 weights (the pull request: use_amp honoured)',
  }),
];

/** The documents round 27 reads: none is cited by rounds 1 to 26 or ../shared/estimation. */
export const round27Documents = [
  mmenginePr1319Doc,
  peftIssue675Doc,
  pytorchPr108757Doc,
  peftIssue1469Doc,
  litgptPr275Doc,
  trlWordleDoc,
  torchtitanPr1690Doc,
  lerobotPr4274Doc,
];
