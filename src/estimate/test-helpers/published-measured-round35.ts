// Round 35 of published MEASURED peaks for issue #25 (item 6), gathered in session 28 by estimate-gather35 after rounds
// 1 to 34 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (written here at 14:44 UTC on 2026-11-29, before the first search; seed 35): any training run a user might
// bring — LLM full fine-tunes and pretraining, LoRA/QLoRA, vision (classification, detection, segmentation), diffusion,
// speech, RL policies — from documents of 2023 to 2026 (GitHub issues, pull requests and discussions, squash-commit
// messages, READMEs and docs at a commit, training logs committed to repositories, papers' memory tables, blog posts
// with measured figures) that give a MEASURED peak (allocated, reserved or device total, as the source measured it)
// with its config recoverable, and that no earlier round, test/gpu/peaks-references* or ../shared/estimation cites
// (repository moves and renames followed). The eight kinds, listed as [LLM full fine-tune or pretraining, LLM
// LoRA/QLoRA, vision classification, detection, segmentation, diffusion, speech, RL policy], are walked in the order
// Python's random.Random(35).shuffle gave them: LLM full fine-tune or pretraining, segmentation, detection, RL policy,
// vision classification, LLM LoRA/QLoRA, speech, diffusion; in each kind the documents are taken in the order the
// searches return them, up to 3 rows per kind on the first pass, then a second pass in the same order towards 20 to 24
// rows (floor 13). Speech, which gave no row in rounds 33 and 34, is searched with other sources first: ESPnet, NeMo,
// SpeechBrain, k2/icefall recipes' committed logs that print a max memory, and Whisper fine-tune blog posts with
// nvidia-smi figures. At most 2 rows from any harness rounds 32 to 34 leaned on (torchtitan's commit logs, unsloth's
// notebooks, mmyolo's model zoo, ultralytics, the OpenMMLab AI Camp's homework repositories, xtuner, ms-swift's example
// scripts, verl, DeepSpeed-Chat, BecTome/OR_FashionParsing's mmseg logs), and at most 4 from any other document or
// harness; where a source or a search gives more candidates than that, they are picked with random.Random(35).sample
// over the candidates in the source's order, as each case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default. `config` ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face
// config that transformers builds, a timm or torchvision model, one of the examples/trace factories, or none). A row
// the spec cannot say is kept and marked NOT EXPRESSIBLE with why.
// WHAT IT HOLDS, HOW THE DRAW WENT and LOOKED AT AND LEFT are written with the last batch.
import type { PublishedCase } from './published-measured.js';

// --- Megatron-LM's report_memory line in committed logs (kind: LLM full fine-tune or pretraining) --------------------
// The search: find_string over the file index for Megatron-LM's "(after 10 iterations) memory (MB) | allocated:"
// (training.py report_memory: torch.cuda.memory_allocated, max_memory_allocated, memory_reserved and
// max_memory_reserved / 2**20 of the printing rank, once, at the first log interval). Its hits, in order: a parser's
// docstring (no run), a GPT-2 124M fp16 pretraining log, a Qwen-tokenizer random-init notes file, a MoE offloading pull
// request (two excerpts), this ms-swift test's docstring, a Chinese how-to's illustrative line (two excerpts), a
// Megatron-Bridge log. Taken in that order up to the kind's 3: the GPT-2 log is left (its 10 first iterations were all
// skipped by the fp16 loss scaler, "number of skipped iterations: 10", so Adam had made no state when the peak was
// printed: a run the spec cannot say), then the others as each block says. ms-swift is a harness round 34 leaned on
// (1 of its 2 here).
const swiftMegatronDoc =
  "ms-swift's Megatron test script (test_to_megatron, test_to_hf, test_pretrain) with a run in its docstring";
const swiftMegatronQwen2Case: PublishedCase = {
  id: 'ms-swift-megatron-core-qwen2-0.5b-pretrain-seq128-mbs1-gbs8-distopt-selective-2gpu',
  source: `${swiftMegatronDoc} (file index id 33443949567: the 2024-07 test of ms-swift's first Megatron support, written by its maintainer (paths under /mnt/nas2/huangjintao.hjt); NOT found in modelscope/ms-swift's history as mirrored here (main, tags and pull requests 1300–1700 grepped), so a fork's or a branch's copy, its address not known), the docstring line "[Rank 0] (after 10 iterations) memory (MB) | allocated: 7253.681640625 | max allocated: 7959.9697265625 | reserved: 8266.0 | max reserved: 8266.0"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 7959.9697265625 / 1024,
  config:
    "ms-swift's test_pretrain (MegatronArguments from Qwen2-0.5B's config; Megatron-LM's pretrain with transformer_impl transformer_engine), arguments as printed: world size 2, data parallel 2, tensor 1, pipeline 1, context 1; Qwen2-0.5B as mcore (24 layers, hidden 896, 14 heads, 2 query groups, kv_channels 64, ffn 4864, swiglu, RMSNorm, add_qkv_bias, no linear bias, rope base 1e6, untie_embeddings_and_output_weights True, vocab 151643 + extra_vocab_size 293 = 151936, divisible by 128: \"number of parameters on (tensor, pipeline) model parallel rank (0, 0): 630167424\"); bf16 params (params_dtype torch.bfloat16) with gradients accumulated and all-reduced in fp32 (accumulate_allreduce_grads_in_fp32 True, grad_reduce_in_fp32), use_distributed_optimizer True (Adam's fp32 main params and moments split over the 2 data-parallel ranks: \"Theoretical memory footprints: weight and optimizer=7211.88 MB\"), optimizer adam (lr 1e-5, weight decay 0.1, clip 1.0), seq_length 128, micro_batch_size 1, global_batch_size 8 (\"setting number of micro-batches to constant 4\"), recompute_granularity selective (Megatron's core-attention recompute), attention_dropout 0 and hidden_dropout 0, use_flash_attn False (Transformer Engine picks its fused attention), alpaca-gpt4-data-zh (1000 samples), loaded from a converted checkpoint; the figure: rank 0's max allocated after the first 10 iterations (one GPU's figure; both ranks hold the same shard sizes), 7959.97 MiB. Assumed: Megatron's own cross-entropy (vocab_parallel), fused Adam as Megatron builds it (apex/TE FusedAdam); traceable: yes as a Hugging Face config (Qwen2ForCausalLM at these sizes with tie_word_embeddings false), not as Megatron's modules",
  spec: `model:
  params: 630167424
  transformer: { family: llama, layers: 24, hidden: 896, heads: 14, kv_heads: 2, ffn: 4864, vocab: 151936, seq_len: 128, bias: qkv, lm_head: true, tied_embeddings: false, attention: flash }
training: { precision: amp_bf16, convention: zero, grad_accum_dtype: fp32, optimizer: adamw, optimizer_impl: fused, batch_size: 1, grad_accumulation: 4, activation_checkpointing: selective, loss: vocab_parallel }
parallel: { gpus: 2, strategy: zero1, gradient_as_bucket_view: true, framework: megatron }`,
};

// The Megatron-LM search's next documents: the ROCm notes (a tiny GPT on two MI355X) are left (their TOML's precision
// and embedding tie are not in the document), the MoE offloading pull request is left (a 14-layer DeepSeek-V3 proxy
// over 64 GPUs with DeepEP; the Qwen3-30B-A3B table gives no GPU count), and this Megatron-Bridge guide is written.
const byocMbridgeDoc = 'verdimrc/playground-nemo-2.0-gh 05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md';
const byocMbridgeCase: PublishedCase = {
  id: 'megatron-bridge-0.2.0rc7-llama3.2-1b-pretrain-mock-seq1024-mbs1-gbs512-distopt-8xh100',
  source: `${byocMbridgeDoc} (commit 598f100faf28ce56e2ac8d81ee7ec95705df25ac, "as of this writing (Wed 07-Oct-2025)", https://github.com/verdimrc/playground-nemo-2.0-gh/blob/598f100faf28ce56e2ac8d81ee7ec95705df25ac/05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md), section "3. Appendix: training log", the line "[Rank 0] (after 10 iterations) memory (MB) | allocated: 9554.87939453125 | max allocated: 12003.60400390625 | reserved: 12232.0 | max reserved: 12232.0"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 12003.60400390625 / 1024,
  config:
    "The guide's train.py: AutoBridge.from_hf_pretrained(\"meta-llama/Llama-3.2-1B\").to_megatron_provider() as the model of llama32_1b_pretrain_config(mock=True, seq_length=1024, ...), then cfg.model.seq_length = cfg.dataset.seq_length = 1024, train_iters 10, torchrun --nproc_per_node=8 on one node of 8 H100 80GB HBM3 (nvidia-smi in the appendix); Megatron-Bridge b30bded5 (v0.2.0rc7), megatron-core 0.15, Transformer Engine 2.9.0.dev0 built from source, NGC PyTorch 25.06. The printed config: Llama31ModelProvider (16 layers, hidden 2048, 32 heads, 8 query groups, kv_channels 64, ffn 8192, SwiGLU, RMSNorm, no biases, share_embeddings_and_output_weights true, vocab 128256: 1.24 B parameters, \"Number of parameters in most loaded shard in billions: 1.2359\"), tensor 1, pipeline 1, context 1 (the provider's, which replaced the recipe's tensor_parallelism=8), so data parallel 8; bf16 params with grad_reduce_in_fp32 true, use_distributed_optimizer true (\"Theoretical memory footprints: weight and optimizer=8839.72 MB\"), Adam (lr 3e-4, eps 1e-5, weight decay 0.1, clip 1.0), micro_batch_size 1, global_batch_size 512 (64 micro-batches a rank), recompute_granularity null (no recompute; recompute_modules [core_attn] is inert without it), attention_backend auto (TE's fused or flash attention), dropout 0, cross_entropy_loss_fusion true (native), gradient_accumulation_fusion true, NullTokenizer mock data; the figure: rank 0's max allocated after the first 10 iterations (one GPU's figure), 12003.60 MiB. A doubt: the printed model.seq_length is the provider's 131072 (RoPE's table), where the script sets 1024 for the data; the figure (12 GB, with 9.55 GB held after the step) fits 1024-token micro-batches. Assumed: Megatron's vocab-parallel cross-entropy (vocab_parallel); traceable: yes as a Hugging Face config (LlamaForCausalLM at Llama-3.2-1B's sizes), not as Megatron's modules",
  spec: `model:
  params: 1235814400
  transformer: { family: llama, layers: 16, hidden: 2048, heads: 32, kv_heads: 8, ffn: 8192, vocab: 128256, seq_len: 1024, lm_head: true, tied_embeddings: true, attention: flash }
training: { precision: amp_bf16, convention: zero, grad_accum_dtype: fp32, optimizer: adamw, optimizer_impl: fused, batch_size: 1, grad_accumulation: 64, activation_checkpointing: none, loss: vocab_parallel }
parallel: { gpus: 8, strategy: zero1, gradient_as_bucket_view: true, framework: megatron }`,
};

// --- mmengine "memory:" lines in a segmentation tutorial (kind: segmentation) ----------------------------------------
// The search: find_string for mmseg's 40k-schedule progress line "Iter(train) [   50/40000]" (after a code-corpus
// query for mmseg logs that returned round 34's BecTome configs and schedule files). Its hits, in order: a Chinese note
// on resuming (illustrative lines, no memory), this blog post. mmengine's "memory" is
// torch.cuda.max_memory_allocated() // 2**20 of the logging rank since the last log (mmengine/device/utils.py
// get_max_cuda_memory, which resets the peak): MiB, one GPU's figure.
const mmsegBlogDoc = 'the blog post "Introduction to Semantic Segmentation using MMSegmentation"';
const mmsegBlogPspCase: PublishedCase = {
  id: 'mmseg-1.x-pspnet-r101-d8-cityscapes-512x1024-bs2-4gpu-sgd-fp32-80k-end',
  source: `${mmsegBlogDoc} (slug introduction-to-semantic-segmentation-using-mmsegmentation, dated 2024-05-25, a Markdown page with front matter in a blog's repository; file index id 41678875454, its repository not named by the index), section "Analizing Training and Validation Results", the line "07/07 14:04:20 - mmengine - INFO - Iter(train) [80000/80000]  lr: 1.0000e-04  eta: 0:00:00  time: 1.2293  data_time: 0.0081  memory: 9595  loss: 0.1310"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 9595 / 1024,
  config:
    "./tools/dist_train.sh configs/pspnet/pspnet_r101-d8_4xb2-80k_cityscapes-512x1024.py 4 (the post's command) with mmsegmentation main (1.x: mmengine, mmcv 2.1.0): PSPNet on ResNet-101-V1c with dilations (1, 1, 2, 4) and strides (1, 2, 1, 1) (output stride 8), PSPHead (channels 512, pool scales 1, 2, 3, 6) and the FCNHead auxiliary head on stage 3 (channels 256), SyncBN, 19 Cityscapes classes; 4 GPUs × 2 images of 512 × 1024 crops (the config's 4xb2), SGD (lr 0.01, momentum 0.9, weight decay 5e-4), fp32, cudnn_benchmark True (configs/_base_/default_runtime.py); the figure: the last progress line of the 80k run, 9595 MiB (the logging rank's peak over iterations 79951–80000, one GPU's figure). A doubt: the post's first lines (\"[50/40000] ... memory: 10445\", then 6112) are from a different 40k run of 2024-05-13, its config not named; only the 80k line of the named config is taken. Assumed: nothing beyond the config's defaults; traceable: partly (examples/trace builds the PSPNet decoder on a dilated ResNet, no factory at R-101 and 512 × 1024)",
  spec: `model:
  segmenter: { decoder: psp, encoder: resnet101_v1c_d8, crop: [512, 1024], classes: 19 }
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }
parallel: { gpus: 4, strategy: ddp }
cuda: { cudnn_benchmark: true }`,
};

// --- ultralytics training output pasted in ultralytics issues (kind: detection; ultralytics harness: 2 of its 2) ------
// The searches: the issues corpus for ultralytics' trainer line and progress header ("engine/trainer: task=detect,
// mode=train, model=yolov8 GPU_mem box_loss cls_loss dfl_loss ...", then a query for one thread's run that returned
// more threads). The threads that print a measured run, in the order the searches returned them: #4215 (a
// yolov8m-pose run of batch 1), #7653 (a 1000-epoch run), #13853 (a yolov8n retrain at 320), #3075 (a yolov8n at 704
// on a GTX 1060), #16302 (a YOLOv10m at 288 on a GTX 1650); #2731's run pastes its trainer line but no progress line.
// THE PICK: random.Random(35).sample(range(5), 5) = [4, 2, 0, 1, 3]: 4 (#16302) is written; 2 (#13853: the thread
// keeps its results.csv and progress lines but not the batch) and 0 (#4215: its config.yaml, hence the keypoint
// shape, is not in the thread, and its one GPU_mem figure is from a third of its only epoch) and 1 (#7653: no trainer
// line in the thread) are left; 3 (#3075) is written. ultralytics' GPU_mem column is torch.cuda.memory_reserved() / 1e9
// when the progress bar is drawn (ultralytics/engine/trainer.py, "G"): decimal GB, reserved, current at the end of
// each batch.
const ultralyticsIssuesDoc = 'ultralytics/ultralytics issues';
const yolo10mGtx1650Case: PublishedCase = {
  id: 'ultralytics-8.2.94-yolov10m-symbols-288-bs4-fp32-gtx1650',
  source: `${ultralyticsIssuesDoc} #16302 ("The parameters BOX(P, R, mAP50, mAP50-95) are always 0 when the batch value is high.", 2024-09-16, https://github.com/ultralytics/ultralytics/issues/16302), the description: "I train the YOLOv10m model ... Amp is disabled because it does not work on this video card. With batch = 4 ... video memory consumption = 1.45 GB ... If you reduce the batch value to 3, then everything works (video memory consumption = 1.2GB)"`,
  what: 'reserved',
  unit: 'GB',
  measured: 1.45,
  config:
    "engine\\trainer: task=detect, mode=train, model=yolov10m.pt, data=./yolo_data_symbol/data.yaml, epochs=200, patience=100, batch=4, imgsz=288, device=cuda, workers=8, name=symbolDetectV10m3 (the printed trainer line, cut in the thread after pretrained): Ultralytics YOLOv8.2.94, Python 3.12.3, torch 2.4.1+cu124, one NVIDIA GeForce GTX 1650 (4096MiB), as printed; AMP disabled (the author's, amp=False), optimizer auto (SGD or AdamW by the iteration count, not printed in the excerpt), the EMA copy, mosaic on; a symbol-detection data set whose class count is not in the thread. The figure: 1.45 GB at batch 4 (the author's \"video memory consumption\", read as the GPU_mem column ultralytics prints, decimal GB reserved); 1.2 GB at batch 3 (the same run's other setting, not a second row). NOT EXPRESSIBLE: YOLOv10 (C2fCIB blocks, a PSA attention block, and the one-to-many and one-to-one heads both trained) is not one of the spec's YOLO versions; the spec below is the nearest YOLOv8-m at the same input, with the class count left at the default and max_objects assumed. traceable: no (no YOLOv10 factory in examples/trace)",
  spec: `model:
  yolo: { version: v8, scale: m, input: [3, 288, 288], max_objects: 20 }
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 4 }`,
};

const yolo8nGtx1060Case: PublishedCase = {
  id: 'ultralytics-8.0-yolov8n-704-bs8-amp-sgd-gtx1060-206k-images',
  source: `${ultralyticsIssuesDoc} #3075 ("Geforce gtx1060 6gb", 2023-06-07, https://github.com/ultralytics/ultralytics/issues/3075), the description's progress line "1/8       2.8G     0.4452      1.629      1.087         18        704: 100%|██████████| 25848/25848 [5:32:46<00:00,  1.29it/s]"`,
  what: 'reserved',
  unit: 'GB',
  measured: 2.8,
  config:
    "model = YOLO('yolov8n.pt'); model.train(data='test.yaml', imgsz=704, epochs=8, batch=8, name='test') (the author's code): one NVIDIA GTX 1060 6 GB with a Ryzen 7 3700X; the ultralytics release of June 2023 (8.0.1xx; not printed in the thread); every other setting the default: AMP on (the AMP check passes on a GTX 1060), optimizer auto → SGD(lr 0.01, momentum 0.9) (25,848 batches × 8 epochs is over auto's 10,000 iterations), mosaic on (epoch 1 of 8 is before close_mosaic), the EMA copy, 8 workers; 206,780 images with 411,952 boxes (2.0 an image on average, from the validation line, which covers the training set's size: 25,848 batches of 8); the figure: GPU_mem 2.8 G at the end of epoch 1 (the only epoch line in the thread). Assumed: the class count (test.yaml is not in the thread; the spec's default 80 is left: the head's class scores at 704 are 8 × 10,164 anchors × 80 in fp32, 26 MB), max_objects 20 (a mosaic of four images of about 2 boxes each, with room for the densest); traceable: yes (examples/trace/yolo.py's v8 factories build yolov8n; no factory at 704 yet)",
  spec: `model:
  yolo: { version: v8, scale: n, input: [3, 704, 704], max_objects: 20 }
training: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 8 }`,
};

// --- LambdaLabsML/distributed-training-guide's 405B chapter (kind: LLM full fine-tune or pretraining, second of the
// kind's first pass) -------------------------------------------------------------------------------------------------
// Found by the issues corpus (its issue #28, "Add reserved bytes to memory in use log statements", returned by a query
// for training logs that print allocated and reserved peaks); the repository was fetched and its Markdown grepped at
// every commit for peak figures: the 405B chapter's "Run statistics" is the only measured peak in the guide (the FSDP
// chapters' "Peak Memory Usage per Layer" table is a description, not a figure). The chapter's train_llm.py logs
// 1e-9 * torch.cuda.memory_stats()["allocated_bytes.all.peak"] as peak_allo_in_gb and resets the peak after each
// logged step: decimal GB, the step's peak, one rank's.
const lambda405bDoc = 'LambdaLabsML/distributed-training-guide 10-training-llama-405b/README.md';
const lambda405bCase: PublishedCase = {
  id: 'lambda-guide-llama3.1-405b-full-fsdp1-cpu-offload-seq4096-bs1-64xh100',
  source: `${lambda405bDoc} (commit d636f78212c49ea0033cfb78945001b64bc287f6, 2024-09-30, "FInalizing", https://github.com/LambdaLabsML/distributed-training-guide/blob/d636f78212c49ea0033cfb78945001b64bc287f6/10-training-llama-405b/README.md; the chapter is 05-training-llama-405b/README.md at aed7489, 2025-10-22, with the same figures), section "Run statistics": "Training with \`--seq-length 4096\` and \`--batch-size 1\` on 64 H100 gpus (8 separate nodes) has the following stats: ... Peak Memory Allocated: 52.9GB, Peak Memory Reserved: 77.9GB"`,
  what: 'allocated',
  unit: 'GB',
  measured: 52.9,
  config:
    "The chapter's launch.sh and train_llm.py at the same commit: torchrun on 8 nodes × 8 H100 (nproc-per-node gpu), --model-name meta-llama/Meta-Llama-3.1-405B --batch-size 1 --seq-length 4096 --cpu-offload on; AutoModelForCausalLM in torch_dtype bfloat16 with attn_implementation flash_attention_2 (126 layers, hidden 16384, 128 heads, 8 key/value heads, ffn 53248, vocab 128256, untied head: 405,853,388,800 parameters); FullyShardedDataParallel (FSDP1) FULL_SHARD over the 64 ranks with transformer_auto_wrap_policy on LlamaDecoderLayer (the embedding, final norm and head in the root unit), sync_module_states, CPUOffload(offload_params=True) (parameters and gradients on the host, so the optimizer steps there), no MixedPrecision policy (bf16 parameters, gradients and AdamW states), apply_activation_checkpointing on every decoder layer, torch.optim.AdamW(fused=True), optimizer.zero_grad(set_to_none=False) under offload; Skylion007/openwebtext packed into 4096-token blocks; the figure: rank 0's peak allocated of a logged step, 52.9 GB (77.9 GB reserved). The README's later note: \"these numbers were produced with pytorch 2.5.1 and an older version of the guide\". Assumed: transformers' loss (the logits upcast to fp32 over 4096 × 128256); traceable: yes as a Hugging Face config (LlamaForCausalLM at Llama 3.1 405B's sizes; the trace holds one rank's share only through the spec's sharding)",
  spec: `model:
  params: 405853388800
  transformer: { family: llama, layers: 126, hidden: 16384, heads: 128, kv_heads: 8, ffn: 53248, vocab: 128256, seq_len: 4096, lm_head: true, tied_embeddings: false, attention: flash }
training:
  precision: bf16
  optimizer: adamw
  optimizer_impl: fused
  batch_size: 1
  activation_checkpointing: full
  zero_grad: zeros
  offload: { parameters: cpu, optimizer: cpu }
parallel: { gpus: 64, strategy: fsdp_full, fsdp_version: 1, fsdp_wrap: layers }`,
};

// --- pytorch/torchtitan commit messages with a training log's "memory:" (kind: LLM full fine-tune or pretraining,
// second pass; torchtitan is a harness rounds 32 to 34 leaned on: at most 2 rows) ------------------------------------
// The search, as round 34's, over torchtitan's snapshot here (b5bcd76c6, 2026-08-21): the commits whose message
// mentions memory and holds a step log's "memory: N GiB" (git log -i --grep memory, then grep -E 'memory: *[0-9.]+
// ?GiB' on each message): 32 not cited by hash in rounds 1 to 34, ../shared/estimation or test/gpu; less the 17 whose
// pull request number ("#NNNN") one of those names (#3177, #2452, #2570, #2510, #2389, #1672, #1625, #1580, #1230,
// #1087, #996, #985, #808, #833, #820, #507, #355): 15 candidates, in log order
// (newest first): 95e42269f, af35cfb15, c95b211bc, 7a3dab724, 114fedc96, 036433a1c, 72f89d206, 36a4b6942, f738a03bf,
// 415f83445, 1ab435318, 986f6800f, 05c181d94, 25ee32fd9, 2b017fdd6. THE PICK: random.Random(35).sample(range(15), 15)
// = [8, 5, 12, 2, 13, 11, 4, 6, 9, 14, 0, 7, 3, 1, 10]: 8 (f738a03bf, #1610) is written. "memory" in torchtitan's
// step log is the logging rank's peak reserved memory since the last log (torchtitan/components/metrics.py,
// DeviceMemoryMonitor.get_peak_stats: reserved_bytes.all.peak, GiB), one GPU's figure; run_train.sh exports
// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.
const titanDsv3Doc = 'pytorch/torchtitan commit f738a03bf (#1610)';
const titanDsv3Case: PublishedCase = {
  id: 'torchtitan-f738a03bf-deepseek-v3-16b-ep8-fsdp2-8xh100-lbs8-seq4096-sac-op-sdpa',
  source: `${titanDsv3Doc} "Switch DeepSeekV3 to Use FlexAttention by Default" (2025-08-22, https://github.com/pytorch/torchtitan/commit/f738a03bf45e1c063aaffa6f7e4df2cfcb47de42), the message's "SDPA:" log: "[rank0]:[titan] 2025-08-20 18:29:46,138 - root - INFO - step: 10  loss: 10.3087  grad_norm:  3.1896  memory: 78.14GiB(82.25%)  tps: 7,008"`,
  what: 'reserved',
  unit: 'GiB',
  measured: 78.14,
  config:
    "CONFIG_FILE=\"./torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml\" ./run_train.sh --training.steps=100 --parallelism.expert_parallel_degree=8 (the message's command; run_train.sh's NGPU 8): the SDPA run, before the commit's switch to FlexAttention, on 8 H100 of 95 GiB (78.14 GiB is 82.25%); deepseek_v3_16b.toml and the 16B flavour at that commit: DeepSeek-V3 layout at 16B (27 layers of 2048, the first dense with inter_dim 10944, 26 MoE layers of 64 routed experts of 1408 with top-6 softmax routing and 2 shared experts (one FFN of 2816), multi-head latent attention with 16 heads, q_lora_rank 0, kv_lora_rank 512, qk_nope 128, qk_rope 64, v 128, vocab 102400, untied output: 15,706,484,224 parameters counted from the shapes, 2.66 B active), local batch 8 of 4096 tokens (global 64, no accumulation, as logged), AdamW (lr 2.2e-4), max_norm 1.0, selective activation checkpointing with selective_ac_option 'op', compile on the loss only (components [\"loss\"]), FSDP2 over 8 (data_parallel_shard_degree -1; bf16 parameters, fp32 reduction) with expert parallel 8 (8 experts a rank, the experts' FSDP degree 1), SDPA's memory-efficient kernel (the message: flash cannot take v_head_dim 128 against q/k 192); the figure: memory at steps 10 to 100 (each the peak reserved since the last log), 78.14 GiB, one GPU's figure (63.55 at step 1). Doubts: the spec gives every layer the MoE block (the first layer's dense MLP of 10944, 67 M parameters, is said as a MoE layer), and the compiled loss is said as the standard one; traceable: partly (no Hugging Face config builds torchtitan's DeepSeek-V3 at these sizes with its MoE kernels; a DeepseekV3ForCausalLM config of these shapes would)",
  spec: `model:
  params: 15706484224
  transformer: { family: llama, layers: 27, hidden: 2048, heads: 16, vocab: 102400, ffn: 1408, experts: 64, experts_per_token: 6, shared_ffn: 2816, mla: { kv_rank: 512, q_rank: 0, nope_dim: 128, rope_dim: 64, v_dim: 128 }, tied_embeddings: false, seq_len: 4096, attention: sdpa }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: op }
parallel: { gpus: 8, expert: 8, strategy: fsdp_full, fsdp_wrap: torchtitan, fsdp_version: 2 }
cuda: { expandable_segments: true }`,
};

// The pick's second, 5 (036433a1c, #2829: a torchft run whose fault-tolerant replica groups and their staged
// checkpoints the spec cannot say), is left; the third, 12 (05c181d94, #219), is written: torchtitan's 2 of 2.
const titan2dDoc = 'pytorch/torchtitan commit 05c181d94 (#219)';
const titan2dCase: PublishedCase = {
  id: 'torchtitan-05c181d94-llama-debugmodel-2l-tp2-sp-fsdp2-dp2-4xh100-bs8-seq2048',
  source: `${titan2dDoc} "Fix 2DParallel test" (2024-04-10, https://github.com/pytorch/torchtitan/commit/05c181d94475a5fd9ba6d5b16fac7f65476c563e), the message's test log: "[rank0]:2024-04-10 15:50:41,652 - root - INFO - step:  2  loss: 10.7703  memory:  6.74GiB(7.09%)  wps: 46,364"`,
  what: 'reserved',
  unit: 'GiB',
  measured: 6.74,
  config:
    "The message's test: NGPU=4 CONFIG_FILE=./train_configs/debug_model.toml with --training.tensor_parallel_degree 2 --model.norm_type=rmsnorm (torchrun on 4 H100 of 95.04 GiB, as logged; no PYTORCH_CUDA_ALLOC_CONF in the shell trace), \"Building 2-D device mesh with ['dp', 'tp'], [2, 2]\"; debug_model.toml and the code at that commit: the llama debugmodel (2 layers of 256, 16 heads, vocab 32000 from the sentencepiece tokenizer, SwiGLU MLP 768 from multiple_of 256, untied output: \"size: 18,089,216 total parameters\"), alpaca, batch 8 of 2048 tokens, AdamW (lr 8e-4), max_norm 1.0, selective activation checkpointing with selective_ac_option '2' (every second block wrapped in checkpoint), compile false; tensor parallel 2 with SequenceParallel on the norms and loss parallel (enable_loss_parallel True by default), then FSDP2 (fully_shard) over dp 2 on each block and the root (the embedding and output in the root unit; the last block not resharded after forward) with MixedPrecisionPolicy(param_dtype bf16, reduce_dtype fp32); the figure: train.py's memory, gpu_mem_stats.max_reserved_gib (reserved_bytes.all.peak, reset after each log; log_freq 1), 6.74 GiB at steps 2 to 10 on rank 0, one GPU's figure (5.76 at step 1). Assumed: SDPA attention (the model's F.scaled_dot_product_attention); traceable: yes as a Hugging Face config (LlamaForCausalLM at these sizes), not under its tensor-parallel plan",
  spec: `model:
  params: 18089216
  transformer: { family: llama, layers: 2, hidden: 256, heads: 16, vocab: 32000, ffn: 768, tied_embeddings: false, seq_len: 2048, attention: sdpa }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: full, checkpoint_every: 2, loss: vocab_parallel }
parallel: { gpus: 4, tensor: 2, sequence_parallel: true, strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2 }`,
};

// The round, in the order the draw walked it.
export const round35Cases: PublishedCase[] = [
  swiftMegatronQwen2Case,
  byocMbridgeCase,
  lambda405bCase,
  titanDsv3Case,
  titan2dCase,
  mmsegBlogPspCase,
  yolo10mGtx1650Case,
  yolo8nGtx1060Case,
];

export const round35Documents: string[] = [
  swiftMegatronDoc,
  byocMbridgeDoc,
  lambda405bDoc,
  titanDsv3Doc,
  titan2dDoc,
  mmsegBlogDoc,
  ultralyticsIssuesDoc,
];
