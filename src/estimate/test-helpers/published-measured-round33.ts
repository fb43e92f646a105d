// Round 33 of published MEASURED peaks for issue #25 (item 6), gathered in session 26 by estimate-gather after rounds 1
// to 32 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (written here at 09:10 UTC on 2026-11-29, before the first search; seed 33): any training run a user might
// bring — LLM full fine-tunes and pretraining, LoRA/QLoRA, vision (classification, detection, segmentation), diffusion,
// speech, RL policies — from documents of 2023 to 2026 (GitHub issues, pull requests and discussions, squash-commit
// messages, READMEs and docs at a commit, papers' memory tables, blog posts with measured figures) that give a MEASURED
// peak (allocated, reserved or device total, as the source measured) with its config recoverable, and that no earlier
// round, test/gpu/peaks-references* or ../shared/estimation cites (repository moves and renames followed). The eight
// kinds, listed as [LLM full fine-tune or pretraining, LLM LoRA/QLoRA, vision classification, detection, segmentation,
// diffusion, speech, RL policy], are walked in the order Python's random.Random(33).shuffle gave them: speech, LLM full
// fine-tune or pretraining, segmentation, detection, RL policy, LLM LoRA/QLoRA, diffusion, vision classification; in
// each kind the documents are taken in the order the searches return them, up to 3 rows per kind on the first pass,
// then a second pass in the same order towards 20 to 24 rows. At most 2 rows from any of the four harnesses rounds 31
// and 32 drew on most (unsloth's notebooks, torchtitan's commit logs, mmyolo's model zoo, ultralytics), and at most 4
// from any other document or harness; where a source gives more candidates than that, they are picked with
// random.Random(33).sample over the candidates in the source's order, as each case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face
// config that transformers 5.18 builds, a timm or torchvision model, one of the examples/trace factories, or none).
// WHAT IT HOLDS: 13 rows from 13 documents of 10 harnesses — torchtitan commit logs (2 of its cap of 2: the DeepSeek-V3
// debug model under the graph trainer with HybridEP, NOT EXPRESSIBLE; the llama3 debug model under torchft's streaming
// DiLoCo), DeepSpeed-Chat's step-3 PPO log (1, NOT EXPRESSIBLE), the OpenMMLab AI Camp's June-2023 homework
// repositories (3: mmpretrain ResNet-50 on a GTX 1080, mmseg PSPNet on a Colab T4 and on an RTX 4090), xtuner 0.x's
// quick starts (2: an InternLM2-7B QLoRA, an InternLM2-1.8B reward model), a detectron2 Faster R-CNN course
// reproduction (1), ultralytics YOLOv8 runs in a Colab notebook and a thesis's protocol (2 of its cap of 2), verl's
// Seed-OSS-36B GRPO log (1, NOT EXPRESSIBLE), unsloth's Pixtral 12B vision QLoRA notebook (1 of its cap of 2). By kind:
// LLM pretraining or full fine-tune 2, LLM LoRA/QLoRA 2, RL policy 3 (PPO, GRPO, the reward model RLHF trains),
// detection 3, segmentation 2, vision classification 1; speech and diffusion gave no row that could be written (below).
// Measured: allocated 8 (mmengine's, detectron2's, DeepSpeed's, verl's max_memory_allocated), reserved 5 (torchtitan's
// and unsloth's peak reserved, ultralytics' current reserved). Three rows are NOT EXPRESSIBLE (each says why).
// Traceable here: 10, and Pixtral partly — traceModule set on 5 (torchvision_classifiers resnet50 at 30 classes,
// torchvision_detection's detectron2 Faster R-CNN, yolo.py's v8_n twice, pspnet.py's r50_512x1024),
// examples/trace/pspnet.py at 6 classes and 256 × 256 (no factory of that name yet), and stand-in Hugging Face configs
// (the llama3 debug model, OPT-1.3b for the PPO actor, Llama-shaped InternLM2-7B and -1.8B); not: torchtitan's
// DeepSeek-V3 and verl's Seed-OSS run.
// HOW THE DRAW WENT (deviations said plainly): the searches were the search corpora (issues, pages, code), the file
// index (find_string on log formats: "mmengine - INFO - Iter(train) [", "loss_rpn_loc: ", "peak gpu memory: "), and
// `git log --grep` / `git grep` over the repository snapshots here, plus snapshots fetched for the repositories the
// searches named. The kinds were searched in the drawn order (speech first: no writable row); the LLM pick (torchtitan)
// was written first, then the RL row DeepSpeed-Chat's step-3 log met in the same snapshot sweep, ahead of the
// segmentation searches the order puts before it — a deviation of order, not of pick. The 20–24 aim was not reached: 11
// rows by 10:00 UTC, 12 by 10:05, 13 by 10:12. No estimate was run on any row; the checks were checkReferenceRound in a
// scratch test (not committed; 8/8), npm run typecheck and npm run lint.
// LOOKED AT AND LEFT, by kind: SPEECH — unsloth's audio notebooks (Gemma 4 E4B and 12B ASR LoRA: the only two that
// print a peak, their Gemma 4 shapes not resolvable here; Orpheus, Llasa and Spark TTS print none, in every commit), a
// user's copy of unsloth's Whisper notebook (osamaaltaf-pk/LLMs-Unsloth: round 28's output verbatim) and of Oute TTS
// (the 7.215 round 32 left), icefall and ESPnet logs (dynamic duration batches; Zipformer and Conformer outside the
// spec), Whisper fine-tune threads (no figure). LLM — torchtitan's other sampled commits (d54d05a5f #1373 prints two
// runs but no command), xtuner v1's get-started pages (round 30's; my first write of them failed the twin check and was
// dropped before landing), verl's TiledMLP, fused-entropy and other memory commits (kernel micro-benchmarks),
// Liger-Kernel's, axolotl's and DeepSpeed's memory commits (micro-benchmarks, or a model in an outside gist),
// prime-rl's a6000 baselines (the harness round 28 reads). LoRA/QLoRA — unsloth's text and vision notebooks by
// random.Random(33).sample over 53 uncited ones that print a peak (ModernBERT: its data's token lengths unknowable
// here; Gemma 3 4B vision: its SigLIP depth and token counts not settled in the time; the rest not reached),
// fms-acceleration #14 and PEFT #1514 (earlier rounds'), litgpt #553 (the figure not in what the search returns).
// DETECTION — mmyolo's uncited zoo rows (YOLOv6 and YOLOv7: trained in 2022 with mmyolo 0.x, and none expressible),
// detectron2 lab pages (a 2020 Oracle lab; a card detector whose config is cut), fasafa/Sign-Language-Detection
// (YOLO11n: class count and summary not printed), the OpenMMLab camp's RTMDet homework (run on CPUs, or RTMDet outside
// the spec). SEGMENTATION — the camp's other PSPNet logs (mmaigc/mmlab_hw trained on a CPU; xiaomile's is the Colab
// PSPNet row's spec again, cited in that row), a SegFormer-B0 pilot log kept as a test fixture (its config not
// committed), diffusers' HiDream README (memory_allocated at three points, not a peak). VISION CLASSIFICATION — the
// camp's other ResNet-50 fruit30 logs (zdh19821025, wuwulin, Adonis2018: the same spec as the row taken, 2960–3093 MiB
// on an RTX 3080 laptop, a 2080 Ti and a T4), wuwulin's EfficientNetV2-b3 log (5163 MiB on a 2080 Ti: MBConv outside
// the spec, and timm not installed to count or trace it). DIFFUSION — DiffSynth-Studio's, SimpleTuner's and
// musubi-tuner's docs (rounded or earlier rounds'), diffusers' aMUSEd README (round 18's).
import type { PublishedCase } from './published-measured.js';

// --- pytorch/torchtitan commit messages with a training log's "memory:" (kind: LLM full fine-tune or pretraining) ----
// One of the four harnesses rounds 31 and 32 drew on most: at most 2 rows. The search: `git log -E --grep 'memory:
// *[0-9.]+ ?GiB'` over torchtitan's snapshot here (b5bcd76c6, August 2026), since 2023: 51 commits; less the 14 whose
// hash an earlier round cites and the 6 whose pull request an earlier round reads or left (#355, #808, #996, #1672,
// #2389, #2570): 31 candidates, in log order (newest first; the list is the gatherer's /tmp/eg33_titan_cand.txt,
// regenerated by that command). "memory" in torchtitan's step log is the logging rank's peak reserved memory since the
// last log (torchtitan/components/metrics.py, DeviceMemoryMonitor.get_peak_stats: reserved_bytes.all.peak, GiB), one
// GPU's figure. THE PICK: random.Random(33).sample(range(31), 10) = [18, 5, 20, 7, 26, 8, 15, 28, 17, 16]; the first
// two that can be written are taken: 18 (d54d05a5f, #1373, DeepSeek-V3's first commit) prints two runs but neither
// command nor config (left); 5 (115f4c9cf, #3007) and 20 (aae73234d, #1302) are written. The configs are the
// repository's at each commit (its config_registry or train_configs), as the log names them.
const titanCommitDoc = (commit: string, pr: string) =>
  `pytorch/torchtitan commit ${commit.slice(0, 9)} (${pr})`;
const titanCommit = (options: { commit: string; pr: string; title: string; quote: string }) =>
  `${titanCommitDoc(options.commit, options.pr)} "${options.title}" (https://github.com/pytorch/torchtitan/commit/${options.commit}), the message's training log: "${options.quote}"`;
const titanCases: PublishedCase[] = [
  {
    id: 'torchtitan-115f4c9cf-deepseek-v3-debugmodel-graph-trainer-hybridep-fsdp2-tp2-ep2-4xgb200-lbs8-seq2048',
    source: titanCommit({
      commit: '115f4c9cfce6cffde4052c5a9cabf463df709660',
      pr: '#3007',
      title: '[HybridEP] Enable HybridEP with graph_trainer',
      quote: 'INFO - step:  3  loss:  2.48693  grad_norm:  3.0514  memory:  1.93GiB(1.03%)',
    }),
    what: 'reserved',
    unit: 'GiB',
    measured: 1.93,
    config:
      "torchtitan at 115f4c9cf (April 2026), the smoke test of the message: CUDA_HOME=/usr/local/cuda NCCL_GRAPH_REGISTER=0 NGPU=4 MODULE=graph_trainer.deepseek_v3 CONFIG=graph_trainer_deepseek_v3_debugmodel_hybridep ./run_train.sh --compile.mode aot_fx_trace --parallelism.data_parallel_shard_degree=2 --parallelism.tensor_parallel_degree=2 --parallelism.expert_parallel_degree=2 --training.steps=3 on 4 GB200 (187.28 GiB, as logged), with run_train.sh's PYTORCH_ALLOC_CONF=expandable_segments:True; the config (experiments/graph_trainer/deepseek_v3/config_registry.py: deepseek_v3_debugmodel_ep with the graph trainer's compile on, moe_comm_backend hybridep, non_blocking_capacity_factor 1.0): the DeepSeek-V3 debugmodel (torchtitan/models/deepseek_v3/__init__.py _debugmodel: 6 layers of 256, the first dense (MLP 1024), 5 MoE layers of 8 routed experts (MLP 256, top 3, softmax scores) and 2 shared, MLA with 16 heads (q_lora_rank 0, kv_lora_rank 512, q/k heads of 128 + 64 rope, v heads of 128), vocab 2048: dense 23,173,376 + sparse 9,840,640 = 33,014,016 parameters as logged), c4_test, local batch 8 of 2048 tokens, AdamW (lr 8e-4), selective activation checkpointing applied as the graph trainer's SAC pass (\"Applied selective activation checkpointing (SAC) graph pass\"), the whole step traced by aot_fx_trace and CUDA-graphed (\"Applied cudagraph pass\"), the loss compiled (the graph trainer swaps ChunkedCELoss for CrossEntropyLoss, config_registry's comment), SDPA; the mesh dp_shard 2 × tp 2 with ep 2 (simple_fsdp fully_shard, bf16 parameters and fp32 reduction by default), HybridEP's pre-initialised dispatch buffer (hidden 256, 16384 tokens, 4 local experts, as logged); the step log's memory (peak reserved, GiB) of rank 0, one GPU's figure, 1.93 at steps 1 to 3. NOT EXPRESSIBLE: MLA (a 512-wide latent and a 64-wide shared rope key, not GQA heads; the spec gives 16 heads of 192), the first layer's dense MLP, HybridEP's communication buffers, the CUDA-graph memory pool and the traced graph's own saving policy; the spec gives a 6-layer MoE transformer with the logged parameter count; traceable: no (torchtitan's DeepSeek-V3 and graph trainer are not installed here)",
    // Re-said (session 27, estimate-express; spec only, the figure and the config with its gatherer's mark
    // unchanged): model.transformer.mla says the latent attention (kv_rank 512, no q_rank, nope 128, rope 64, v 128)
    // in place of 16 heads of 192, as round 31 re-said the 16B. The first dense layer, HybridEP's buffers, the CUDA
    // graph pool and the graph's saving policy stay unsaid. -3.0% -> +3.7%.
    spec: `model:
  params: 33014016
  transformer: { family: llama, layers: 6, hidden: 256, heads: 16, mla: { kv_rank: 512, nope_dim: 128, rope_dim: 64, v_dim: 128 }, vocab: 2048, ffn: 256, experts: 8, experts_per_token: 3, shared_ffn: 512, tied_embeddings: false, seq_len: 2048, attention: sdpa }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: op, compile: true }
parallel: { gpus: 4, tensor: 2, expert: 2, strategy: fsdp_full, fsdp_wrap: torchtitan, fsdp_version: 2 }
cuda: { expandable_segments: true }`,
  },
  {
    id: 'torchtitan-aae73234d-llama3-debugmodel-ft-streaming-diloco-fsdp2-2xa100-lbs8-seq2048-ac-every-2nd',
    source: titanCommit({
      commit: 'aae73234d5e81487bc996e2bde14f93e87e2a3b7',
      pr: '#1302',
      title: 'support torchft streaming diloco',
      quote:
        '[rank0]:[titan] 2025-06-16 09:39:11,186 - root - INFO - step: 10  loss:  7.0747  memory:  1.35GiB(1.71%)',
    }),
    what: 'reserved',
    unit: 'GiB',
    measured: 1.35,
    config:
      "torchtitan at aae73234d (June 2025), the message's test plan: NGPU=2 ./run_train.sh --fault_tolerance.enable --fault_tolerance.group_size=1 --fault_tolerance.semi_sync_method=diloco --fault_tolerance.sync_steps=2 --fault_tolerance.replica_id=0 --fault_tolerance.fragment_sync_delay=1 --fault_tolerance.fragment_update_alpha=0.0 on 2 NVIDIA PG509-210 (an 80 GB A100 part: 1.35 GiB is 1.71%, 79 GiB), run_train.sh's defaults CONFIG_FILE=torchtitan/models/llama3/train_configs/debug_model.toml and PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; the llama3 debugmodel (6 layers of 256, 16 heads of 16, SwiGLU MLP 768, vocab 2256 (the test tiktoken's 2000 + 256 special tokens; derived from the logged count), untied output: 6,270,208 parameters as logged), c4_test, local batch 8 of 2048 tokens (global 16, no accumulation, as logged), AdamW (lr 8e-4), max_norm 1.0, selective activation checkpointing with selective_ac_option '2' (every second block checkpointed; debug_model.toml), not compiled, SDPA, the standard cross-entropy; FSDP2 over 2 (data_parallel_shard_degree -1; bf16 parameters and fp32 reduction by default), wrapped in torchft's streaming DiLoCo (one replica group, an outer sync every 2 steps; torchft keeps the outer step's copy of the original parameters on the host, assumed from torchft's local_sgd.py); the step log's memory (peak reserved, GiB) of rank 0, one GPU's figure, 1.35 from step 2 to 10 (1.26 at step 1; 0.03 GiB for the model, as logged). A doubt: DiLoCo's outer optimizer and its pseudo-gradient buffers are torchft's, not in the spec (6.3M parameters: a few tens of MB at most); traceable: yes (a LlamaForCausalLM config with 6 layers, hidden_size 256, 16 heads, intermediate_size 768 and vocab 2256 gives 6,270,208 parameters; torchtitan's own model code is not installed here)",
    spec: `model:
  params: 6270208
  transformer: { family: llama, layers: 6, hidden: 256, heads: 16, vocab: 2256, ffn: 768, tied_embeddings: false, seq_len: 2048, attention: sdpa }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: full, checkpoint_every: 2 }
parallel: { gpus: 2, strategy: fsdp_full, fsdp_wrap: torchtitan, fsdp_version: 2 }
cuda: { expandable_segments: true }`,
  },
];

// --- deepspeedai/DeepSpeedExamples DeepSpeed-Chat step-3 RLHF log (kind: RL policy) -------------------------------
// Round 14 reads the harness's step-1, step-2 reward and step-2 DPO logs; the step-3 PPO log (this file) is
// cited by no round. One document, one row. DeepSpeed's ThroughputTimer prints "MemAllocated=…GB,
// MaxMemAllocated=…GB" = round(torch.cuda.max_memory_allocated() / 1024**3, 2) of the logging rank
// (deepspeed/utils/timer.py), here the actor engine's timer: GiB, rank 0's figure.
const dsChatRlhfDoc =
  'deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/training/step3_rlhf_finetuning/training_log_output/actor_opt-1.3b_critic_opt-350m_globalBatchSize64.log';
const dsChatRlhfCase: PublishedCase = {
  id: 'deepspeed-chat-step3-ppo-actor-opt-1.3b-critic-opt-350m-zero2-fp16-hybrid-engine-ema-16xv100',
  source: `${dsChatRlhfDoc} (added in 3a77097a, 2023-04-21, its argument names updated in 91863475, 2023-08-17; https://github.com/deepspeedai/DeepSpeedExamples/blob/918634750a2bc22d93c83f3444d99ae4ed4e71f4/applications/DeepSpeed-Chat/training/step3_rlhf_finetuning/training_log_output/actor_opt-1.3b_critic_opt-350m_globalBatchSize64.log), every "MaxMemAllocated=20.55GB" line, e.g. "[2023-04-18 09:17:45,452] [INFO] [timer.py:199:stop] epoch=0/micro_step=470/global_step=470, RunningAvgSamplesPerSec=88.26850146961942, CurrSamplesPerSec=108.34504064016842, MemAllocated=10.77GB, MaxMemAllocated=20.55GB"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 20.55,
  config:
    "cmd = deepspeed main.py --data_path Dahoas/rm-static --data_split 2,4,4 --actor_model_name_or_path <step-1 output> --critic_model_name_or_path <step-2 output> --num_padding_at_beginning 1 --per_device_generation_batch_size 4 --per_device_training_batch_size 4 --generation_batches 1 --ppo_epochs 1 --max_answer_seq_len 256 --max_prompt_seq_len 256 --actor_learning_rate 9.65e-6 --critic_learning_rate 5e-6 --actor_weight_decay 0. --critic_weight_decay 0. --num_train_epochs 1 --lr_scheduler_type cosine --gradient_accumulation_steps 1 --num_warmup_steps 100 --deepspeed --seed 1234 --enable_hybrid_engine --actor_zero_stage 2 --critic_zero_stage 2 --enable_ema (the log's first line), 16 ranks (global batch 64 ÷ 4) of 31.75 GB total (the log's \"Total memory: 31.748535 (GigaBytes)\": 32 GB V100s), DeepSpeed and transformers of April 2023. PPO with five models per rank (step3_rlhf_finetuning/rlhf_engine.py at 3a77097a): the actor, OPT-1.3b fine-tuned in step 1 (24 layers of 2048, 32 heads, ReLU MLP 8192, vocab 50272, 2050 learned positions, tied: 1,315,758,080 parameters), trained under ZeRO-2 fp16 (fp16 weights and gradients, fp32 master weights and FusedAdam moments partitioned over 16) with DeepSpeed's hybrid engine generating 256 answer tokens after 256 prompt tokens for 4 prompts per rank (a KV cache, max_out_tokens 512); the reference (a frozen fp16 copy of the actor, eval config at ZeRO stage 0), the EMA (a third fp16 copy of the actor, stage 0); the critic, step 2's OPT-350m reward model (24 layers of 1024, 512-wide word embeddings projected in and out, a scalar value head) trained under ZeRO-2 fp16, and the reward model (a frozen fp16 copy of it, stage 0); no activation checkpointing, no LoRA, no offload, sequences of 512 (prompt 256 + answer 256); rank 0's MaxMemAllocated, 20.55 GiB from step 10 to 470 (MemAllocated 10.77). NOT EXPRESSIBLE: the spec has one reference model but not a trained critic beside the actor, a frozen reward model, an EMA copy, or the hybrid engine's generation and its KV cache; the spec gives the actor's PPO step with its frozen fp16 reference over 4 sequences of 512; traceable: yes for the actor (OPTForCausalLM, the facebook/opt-1.3b config, builds in transformers 5.18), not for the whole PPO step",
  // Re-said (session 27, estimate-express; spec only, the figure and the config with its gatherer's mark unchanged):
  // model.critic says the OPT-350m critic trained under the same ZeRO-2 fp16 engine (DeepSpeedExamples
  // dschat/rlhf/rlhf_engine.py _init_critic at 45b4b715; OPTModel of the step-2 config, 331,198,464 parameters
  // with transformers 5.18, and the 512-wide v_head without bias), and two tensors the frozen fp16 copies at ZeRO
  // stage 0: the EMA of the actor and the reward model (_init_ema, _init_reward). The hybrid engine's generation
  // and its KV cache stay unsaid. -28.7% -> -9.5%.
  spec: `model:
  params: 1315758080
  transformer: { family: opt, layers: 24, hidden: 2048, heads: 32, ffn: 8192, vocab: 50272, max_positions: 2050, seq_len: 512, bias: true, lm_head: true, tied_embeddings: true, attention: eager, dropout: true }
  reference: { dtype: fp16, logits: beside_loss }
  critic: { params: 331198976 }
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 4, activation_checkpointing: none, loss: standard, loss_upcast: false }
parallel: { gpus: 16, strategy: zero2 }
tensors:
  - { name: EMA copy of the actor in fp16 whole on each rank, shape: [1315758080], dtype: float16 }
  - { name: reward model in fp16 whole on each rank, shape: [331198976], dtype: float16 }`,
};

// --- OpenMMLab AI Camp (June 2023) homework repositories: mmengine training logs (kinds: vision classification,
// segmentation) ---------------------------------------------------------------------------------------------------
// The camp's students trained MMPretrain, MMDetection and MMSegmentation configs on their own cards (Colab T4s,
// desktop cards) and committed each config with its log. The search (the code corpus: "OpenMMLab AI实战营 作业
// MMSegmentation 训练日志 work_dirs log config", then the repositories it named, fetched here) gave, in order:
// JeffDing/OpenMMLab-Camp (the assignment text, its notebooks' logs too large to be stored), Xuer0313/Openmmlab_AICamp
// (logs not committed), mmaigc/mmlab_hw (homework-2: ResNet-50 on a GTX 1080, written; homework-3 RTMDet and homework-4
// PSPNet ran on the CPU, "CUDA available: False", no memory figure), Adonis2018/mmlabwork (the PSPNet notebook,
// written; its MMPretrain notebook repeats homework-2's config on a T4 at 3093 MiB: left, the same spec as the row
// taken first). mmengine's log line "memory: N" is torch.cuda.max_memory_allocated() // (1024 * 1024), after which
// mmengine resets the peak (mmengine/device/utils.py get_max_cuda_memory, lines 34-38 at v0.7.3 and 41-45 at v0.7.4,
// called by LogProcessor at every logged iteration): MiB, the peak of the iterations since the last log line.
const mmlabHwDoc = 'mmaigc/mmlab_hw homework-2/exp2/20230609_193523/20230609_193523.log';
const mmlabHwCase: PublishedCase = {
  id: 'mmpretrain-camp-resnet50-fruit30-bs32-224-sgd-fp32-gtx1080',
  source: `${mmlabHwDoc} (commit 9a96e61f, 2023-06-09, https://github.com/mmaigc/mmlab_hw/blob/9a96e61f991a762d8cca12a103dd4b4aafa8a6e2/homework-2/exp2/20230609_193523/20230609_193523.log), every one of its 1,100 train lines, e.g. "2023/06/09 19:35:33 - mmengine - INFO - Epoch(train)   [1][ 10/110]  lr: 1.0000e-01  eta: 0:51:09  time: 0.2793  data_time: 0.0133  memory: 2965  loss: 5.7329"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 2965 / 1024,
  config:
    "mmpretrain 1.x with MMEngine 0.7.3, PyTorch 1.10.1+cu113, one NVIDIA GeForce GTX 1080 (the log's environment), not distributed, cudnn_benchmark False; the config dumped in the log (homework-2/exp2/20230609_193523/vis_data/config.py): ImageClassifier, ResNet depth 50 style pytorch (torchvision's layout: 23,508,032 backbone parameters), GlobalAveragePooling, LinearClsHead 2048 → 30 classes (the fruit30 data set): 23,569,502 parameters, initialised from the ImageNet checkpoint, every layer trained (frozen_stages -1, BatchNorm trained); RandomResizedCrop 224 and a horizontal flip, batch 32, SGD lr 0.1 momentum 0.9 weight decay 1e-4, fp32 (no AmpOptimWrapper), 100 epochs of 110 iterations, a validation every epoch (batch 8, 256-edge resize and 224 centre crop); the figure: memory 2965 MiB on every train line (the peak of each 10 iterations, reset after each line); traceable: yes (examples/trace/torchvision_classifiers.py builds torchvision's resnet50 with 30 classes: resnet50_224x224_c30)",
  spec: `model:
  params: 23569502
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
  '{ linear: 30 }',
]
  .map((layer) => `      - ${layer}`)
  .join('\n')}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 32 }`,
  traceModule: 'torchvision_classifiers:resnet50_224x224_c30',
};

const mmlabworkPspDoc = 'Adonis2018/mmlabwork MMSegmentation/README.md';
const mmlabworkPspCase: PublishedCase = {
  id: 'mmseg-camp-pspnet-r50-d8-watermelon-6cls-crop64-pad256-bs8-sgd-fp32-t4',
  source: `${mmlabworkPspDoc} (the exported Colab notebook, commit 1711ce9e, 2023-06-17, https://github.com/Adonis2018/mmlabwork/blob/1711ce9ee548a780164c81fc05548a94ac9610dd/MMSegmentation/README.md), the training cell's log, e.g. "06/17 09:54:06 - mmengine - INFO - Iter(train) [3000/3000]  lr: 9.3294e-03  eta: 0:00:00  time: 0.5506  data_time: 0.0144  memory: 3594  loss: 0.0347"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 3594 / 1024,
  config:
    "mmsegmentation 1.x with MMEngine 0.7.4, PyTorch 2.0.1+cu118, one Tesla T4 (Colab; the log's environment), cudnn_benchmark True; the config printed by cfg.pretty_text in the notebook (saved beside it as pspnet-WatermelonDataset_20230617.py): EncoderDecoder, ResNetV1c-50 with dilations (1, 1, 2, 4) and strides (1, 2, 1, 1) (D8), BatchNorm (SyncBN replaced on one GPU, trained), PSPHead (2048 in, 512 channels, pool scales 1, 2, 3, 6, dropout 0.1) and an auxiliary FCNHead (1024 in, 256 channels, one conv, loss weight 0.4), 6 classes (the Watermelon87 data set): 48,965,484 parameters (examples/trace/pspnet.py's PSPNet(50, 6), counted); the pipeline RandomResize to (2048, 1024) × 0.5–2.0, RandomCrop 64 × 64 (the config's crop_size was set to 256 but the pipeline's RandomCrop kept 64), flip, photometric distortion, and SegDataPreProcessor(size=(256, 256)) padding every image to 256 × 256 (labels padded with 255, ignored): the network sees 8 × 3 × 256 × 256; batch 8, SGD lr 0.01 momentum 0.9, fp32, 3000 iterations, a validation every 400 (whole 2048 × 1024 images, batch 1); the figure: memory 3594 MiB on the 13 train lines the notebook kept (iterations 1700 to 3000, the peak of each 100 iterations), except one line of 10060 at iteration 2100, the window after the iteration-2000 validation and checkpoint (left out as the figure: cudnn_benchmark True, and cuDNN's algorithm search tries large workspaces when it meets new shapes — xiaomile/Openmmlab-AI-Camp-2th 作业4/20230616_181232.log, the same config on an RTX 3090 with PyTorch 1.10, logs 3774 on 29 lines and 11478 only on its first, at iteration 9; that run is not a row, its spec being this one's). A doubt: the 10060 window; traceable: yes (examples/trace/pspnet.py's PSPNet at depth 50 and 6 classes, a 256 × 256 batch; no factory of that name yet, its r50 factories are 512 × 1024 and 769 × 769 with 19 classes)",
  spec: `model:
  segmenter: { decoder: psp, encoder: resnet50_v1c_d8, crop: [256, 256], classes: 6 }
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 8 }`,
};

// --- InternLM/xtuner (0.1.x) zh_cn quick start: InternLM2-chat-7B QLoRA on Colorist (kind: LLM LoRA/QLoRA) --------
// Found by the file index (find_string "mmengine - INFO - Iter(train) [", whose hits named this page's English twin);
// round 30 read xtuner v1's get-started pages, not this 0.x quick start. One row. The log's "memory: N" is mmengine's
// get_max_cuda_memory: torch.cuda.max_memory_allocated() // (1024 * 1024), then reset_peak_memory_stats() (mmengine/
// device/utils.py): MiB, the peak of the 10 iterations since the last line. The config is xtuner's
// internlm2_7b_qlora_colorist_e5.py as of the run (4981bb9f, 2024-01-29), edited by the page only in the model and data
// paths and the prompt template.
const xtunerQuickstartDoc = 'InternLM/xtuner docs/zh_cn/get_started/quickstart.md (commit 7a4fba7f)';
const xtunerQuickstartCase: PublishedCase = {
  id: 'xtuner-0x-quickstart-internlm2-chat-7b-qlora-r64-all-linear-colorist-packed2048-fp16-1gpu',
  source: `${xtunerQuickstartDoc} (2024-01-31, https://github.com/InternLM/xtuner/blob/7a4fba7fecb0748c51c1a84cf19d93316cf396f9/docs/zh_cn/get_started/quickstart.md), the training log: "01/29 21:39:40 - mmengine - INFO - Iter(train) [100/720]  lr: 1.9426e-04  eta: 0:28:09  time: 2.7383  data_time: 0.0070  memory: 13969  loss: 1.9819  grad_norm: 0.9127"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 13969 / 1024,
  config:
    "xtuner train internlm2_7b_qlora_colorist_e5_copy.py on one GPU (the page's single-GPU command; the card not named), January 2024 (xtuner 0.1.x, PEFT 0.7, bitsandbytes assumed 0.42.0, the release of that month); the config (xtuner/configs/internlm/internlm2_7b/internlm2_7b_qlora_colorist_e5.py at 4981bb9f) with the page's edits: Shanghai_AI_Laboratory/internlm2-chat-7b (32 layers of 4096, 32 heads, 8 KV heads, a fused wqkv, SwiGLU MLP 14336, vocab 92544, untied output: 7,737,708,544 parameters) loaded in 4-bit NF4 with double quantization, fp16 compute (BitsAndBytesConfig), prepared by PEFT's prepare_model_for_kbit_training (which upcasts the non-quantized weights — embedding, norms, output head — to fp32); LoRA r 64, alpha 16, dropout 0.1 on every nn.Linear that find_all_linear_names returns (wqkv, wo, w1, w2, w3 and InternLM2's head, named output, which the function does not drop: 157,179,904 adapter parameters, counted); the Colorist data (burkelibbey/colors, local train.jsonl) packed to max_length 2048 (pack_to_max_length: every row 2048 tokens), batch 1, 16-step accumulation, AdamW (lr 2e-4), AmpOptimWrapper fp16 with a dynamic loss scale, activation checkpointing (SupervisedFinetune's default use_activation_checkpointing), attention dispatched to PyTorch SDPA (xtuner's dispatch for torch ≥ 2.0, flash_attn not named), use_varlen_attn False; an EvaluateChatHook generating before training and every 200 iterations; the figure: memory 13969 MiB on the lines of iterations 20 to 100 (12762 at 10). A doubt: the fp32 upcast of the 759M non-quantized parameters (embedding and head: about 3 GB) which the spec's quantization block may not say; traceable: yes as a stand-in (a LlamaForCausalLM of these shapes; InternLM2's own code is remote and not installed)",
  spec: `model:
  params: 7737708544
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 92544, ffn: 14336, fused_qkv: true, tied_embeddings: false, seq_len: 2048, attention: sdpa }
  lora: { rank: 64, alpha: 16, targets: [q, k, v, o, gate, up, down, lm_head], dropout: 0.1 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16, bitsandbytes: '0.42.0' }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 1, grad_accumulation: 16, activation_checkpointing: full }`,
};

// --- kin-mrqz/feature-pyramid-networks-project detectron2_fpn/README.md (HKU COMP3314, November 2025; kind: detection)
// Found by the file index (find_string "loss_rpn_loc: ", the first hit that names a run whose script is committed);
// the other hits were a card-detection lab and two Mask R-CNN walk-throughs whose configs were not readable here.
// One row. detectron2's CommonMetricPrinter prints "max_mem: {}M" = torch.cuda.max_memory_allocated() / 1024 / 1024,
// never reset: the peak since the start of training, MiB (round 6 reads the same printer in detectron2's zoo).
const fpnReproDoc = 'kin-mrqz/feature-pyramid-networks-project detectron2_fpn/README.md';
const fpnReproCase: PublishedCase = {
  id: 'detectron2-faster-rcnn-r50-fpn-1x-coco-1gpu-4img-800-hku-reproduction',
  source: `${fpnReproDoc} (commit 5cd0772, 2025-11-25, https://github.com/kin-mrqz/feature-pyramid-networks-project/blob/5cd0772/detectron2_fpn/README.md), "Sample expected training output": "[11/08 10:14:26 d2.utils.events]:  eta: 5:56:07  iter: 339  total_loss: 0.9507  loss_cls: 0.4049  loss_box_reg: 0.2223  loss_rpn_cls: 0.1361  loss_rpn_loc: 0.1279    time: 0.2416  last_time: 0.2381  data_time: 0.0091  last_data_time: 0.0092   lr: 0.0067932  max_mem: 4212M"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 4212 / 1024,
  config:
    "nohup python train_fpn.py (detectron2_fpn/full-training/train_fpn.py at 5cd0772: DefaultTrainer on one process, so one GPU of the university's farm, not named; detectron2 from git and PyTorch cu121 of late 2025): COCO-Detection/faster_rcnn_R_50_FPN_1x.yaml — Faster R-CNN on the MSRA ResNet-50 (STRIDE_IN_1X1, FrozenBN, stem and res2 frozen) with FPN, RPN and the 2-FC box head, 80 COCO classes (41,699,936 parameters, as round 6 counts this config), then IMS_PER_BATCH 4, BASE_LR 0.02, 90000 iterations, ROI_HEADS.BATCH_SIZE_PER_IMAGE 512, INPUT.MIN_SIZE_TRAIN (800,) (MAX_SIZE_TRAIN 1333 by default): 4 COCO images per step resized to a short side of 800 and padded to a multiple of 32 (at most 800 × 1344 landscape; a batch mixing portrait and landscape pads further, to 1344 × 1344), SGD momentum 0.9, fp32 (AMP off by default); the figure: max_mem 4212 MiB at iteration 339 of 90000, the peak since the start (the README shows this one line). A doubt: the peak of a whole run grows with the largest padded batch and the most ground-truth boxes met, so a line at iteration 339 may sit under the run's final peak; the spec's input is the landscape pad; traceable: yes (examples/trace/torchvision_detection.py: detectron2_faster_rcnn_r50_fpn, torchvision's Faster R-CNN configured as detectron2's baseline)",
  spec: `model:
  detector:
    input: [3, 800, 1344]
    backbone: { depth: 50, stride_in_1x1: true, norm: frozen_batch_norm }
    head: faster_rcnn
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 4 }`,
  traceModule: 'torchvision_detection:detectron2_faster_rcnn_r50_fpn',
};

// --- uzorcic/machinelearning yolov8_train_with_gpu.py (a Colab notebook saved under a .py name, December 2023; kind:
// detection; ultralytics harness: 1 of its 2) --------------------------------------------------------------------
// Found by the code search ("notebook output Ultralytics YOLOv8 train Epoch GPU_mem … Tesla T4"), its first hit; the
// second, fasafa/Sign-Language-Detection (YOLO11n on a Roboflow ASL set), prints neither its class count nor its model
// summary where it was read, and was left. ultralytics 8.0.x's trainer prints GPU_mem = f"{torch.cuda.memory_reserved()
// / 1E9 …:.3g}G" as each batch ends (ultralytics/engine/trainer.py, the progress-bar line): the reserved memory at that
// moment, decimal GB, not a peak; the first epoch's last value is taken, as round 32 took yolov5's tutorial's.
const yolov8ColabDoc = 'uzorcic/machinelearning yolov8_train_with_gpu.py';
const yolov8ColabCase: PublishedCase = {
  traceModule: 'yolo:v8_n_1280x1280_c80_b29_ema',
  id: 'ultralytics-8.0.227-yolov8n-coco128-1280-bs16-amp-t4-colab',
  source: `${yolov8ColabDoc} (commit 26f4556c, 2023-12-18, "Created using Colaboratory", https://github.com/uzorcic/machinelearning/blob/26f4556c8ef47410851c7d547dee965abad991d8/yolov8_train_with_gpu.py; deleted in the next commit), the training cell's progress line "1/100      11.2G      1.503      2.265      1.666        228       1280: 100%|██████████| 8/8", column "GPU_mem"`,
  what: 'reserved',
  unit: 'GB',
  measured: 11.2,
  config:
    "model = YOLO('yolov8n.yaml').load('yolov8n.pt'); model.train(data='coco128.yaml', epochs=100, imgsz=1280, batch=16, device=0) — the printed engine/trainer arguments: Ultralytics YOLOv8.0.227, torch 2.1.0+cu121, one Tesla T4 (15102MiB), amp=True (its check passed), optimizer auto, which chose \"AdamW(lr=0.000119, momentum=0.9) with parameter groups 57 weight(decay=0.0), 64 weight(decay=0.0005), 63 bias(decay=0.0)\" (as logged: 800 iterations, under auto's 10000 for SGD), mosaic 1.0, close_mosaic 10, cache False, deterministic True, workers 8; YOLOv8n (3,157,200 parameters as printed, 80 COCO classes), 16 mosaic images of 1280 × 1280 per batch, the EMA copy (ModelEMA), the TaskAlignedAssigner counting its top k (ultralytics after PR #2481); COCO128 (128 images, 929 boxes: 7.3 an image, 29 for a mosaic of 4, as rounds 25 and 32 took COCO128); the figure: GPU_mem 11.2 GB at the end of the first epoch (8 batches); the 84 epochs the output kept range from 10.1 to 12.3 GB (reserved moves with the densest batch and with validation). A doubt: the densest mosaic of a batch holds more than 29 boxes, and the assigner's buffers scale with it; traceable: yes (examples/trace/yolo.py's v8_n factory at 1280 × 1280, 80 classes, 29 boxes, with the EMA copy)",
  spec: `model:
  yolo: { version: v8, scale: n, classes: 80, input: [3, 1280, 1280], max_objects: 29 }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 16 }`,
};

// --- volcengine/verl commit e90f18c40 (#3347, Seed-OSS 36B), the message's GRPO step log (kind: RL policy, second
// pass) -----------------------------------------------------------------------------------------------------------
// Found by `git log --grep 'max_memory_allocated_gb[:=] ?[0-9]'` over verl's snapshot here: five commits; 16f6c1ee6
// (#1127) is round 32's, 9bc360aa9 (#2049) is a Qwen2.5-VL multimodal run with dynamic batching, 8970cb05f (#1609) and
// ab11fff33 (#2312)
// are refactors whose logged runs' scripts the messages do not name: this one is written.
// verl logs perf/max_memory_allocated_gb = get_torch_device().max_memory_allocated() / (1024**3) after the actor's
// update (verl/workers/fsdp_workers.py line 802 at e90f18c40): GiB, the worker's peak since the process started —
// a process that also holds vLLM.
const verlSeedOssDoc = 'volcengine/verl commit e90f18c40 (#3347)';
const verlSeedOssCase: PublishedCase = {
  id: 'verl-e90f18c40-grpo-seed-oss-36b-fsdp2-param-offload-vllm-tp2-colocated-8xh200',
  source: `${verlSeedOssDoc} "[model] feat: support ByteDance Seed-OSS 36B model" (https://github.com/volcengine/verl/commit/e90f18c40aa639cd25092b78a5ff7e2d2508c088), the message's test log: "(TaskRunner pid=373084) step:2 - … perf/max_memory_allocated_gb:134.74115753173828 - perf/max_memory_reserved_gb:141.615234375 - …"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 134.74115753173828,
  config:
    "verl at e90f18c40 (September 2025), examples/grpo_trainer/run_seed_oss_36b.sh as the commit adds it: python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo on GSM8K (train_batch_size 64, max_prompt_length 512, max_response_length 1024), actor_rollout_ref.model.path=ByteDance-Seed/Seed-OSS-36B-Base (64 layers of 5120, 80 query heads and 8 KV heads of 128 with q/k/v biases, SwiGLU MLP 27648, vocab 155136, untied: 36,151,759,872 parameters, the shapes and count as round 5 gives the Instruct twin), use_remove_padding (packed sequences), gradient checkpointing, fused kernels (the fused linear-cross-entropy), actor lr 1e-6, ppo_mini_batch_size 8, use_dynamic_bsz (ppo_max_token_len_per_gpu left at its default), strategy fsdp2 with param_offload on the actor and the reference, KL loss 0.001 low_var_kl, rollout vLLM with tensor parallel 2, gpu_memory_utilization 0.6, n 2, free_cache_engine; 8 GPUs of one node (141.6 GiB reserved: H200s); the step log: global_seqlen/mean 8467 tokens per GPU (prompt_length/mean 84.8, response_length/mean 444.4, max 1024); the figure: perf/max_memory_allocated_gb 134.74 at step 2, the actor worker's (one GPU's) peak allocated since the process began. NOT EXPRESSIBLE: the vLLM engine colocated in the same process (its weights and a KV cache sized at 60% of the card, released between phases), the rollout and reference log-prob passes, FSDP2 parameter offload moving weights between phases; the spec gives the actor's training step over one packed row of 8467 tokens with the frozen reference; traceable: no (transformers 5.18 has no Seed-OSS model class here; a LlamaForCausalLM stand-in would not hold vLLM)",
  // Re-said (session 27, estimate-express; spec only, the figure and the config with its gatherer's mark unchanged):
  // inference says the vLLM engine in the actor's worker at gpu_memory_utilization 0.6, with sleep mode
  // (verl/workers/rollout/vllm_rollout/vllm_rollout_spmd.py: LLM(enable_sleep_mode=config.free_cache_engine, …)); the
  // card's total is the H200's as torch reports it (src/plan/cards.ts, 150,109,880,320 B). The log-prob passes and
  // the phases' weight moves stay unsaid. -78.2% -> -16.0%.
  spec: `model:
  params: 36151759872
  transformer: { family: llama, layers: 64, hidden: 5120, heads: 80, kv_heads: 8, head_dim: 128, vocab: 155136, ffn: 27648, bias: qkv, tied_embeddings: false, seq_len: 8467, attention: flash }
  reference: { dtype: bf16, logits: none }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: fused, offload: { parameters: cpu } }
parallel: { gpus: 8, strategy: fsdp_full, fsdp_version: 2 }
cuda: { device_memory: 150109880320B }
inference: { engine: vllm, memory_fraction: 0.6, sleep: true }`,
};

// --- Seliah/thesis outputs.md (a thesis's training protocols, January 2024; kind: detection; ultralytics harness: 2
// of its 2) -------------------------------------------------------------------------------------------------------
// The same code search's third hit (after the notebook above and the left YOLO11 README). outputs.md holds two runs of
// yolo_train.ps1 on a Roboflow shelf data set: "epochs=100 Patience=5" (the protocol from epoch 26, stopped at 32) and
// "patience=50 (default) epochs=150" (only its last epoch, after close_mosaic switched mosaic off). The first run's
// first kept line is taken: mosaic still on. GPU_mem as above (reserved, decimal GB, as the batch ends).
const thesisYoloDoc = 'Seliah/thesis outputs.md';
const thesisYoloCase: PublishedCase = {
  traceModule: 'yolo:v8_n_640x640_c1_b25_ema',
  id: 'ultralytics-8.0.227-yolov8n-1cls-shelf-640-bs16-amp-rtx3070',
  source: `${thesisYoloDoc} (commit b86cd775, 2024-01-12, https://github.com/Seliah/thesis/blob/b86cd775983c603795f2f246dc660d3d350e7b84/outputs.md; removed in db66ae0), run "epochs=100 Patience=5", line "26/100      2.24G      1.208     0.8777      1.015        125        640: 100%|██████████| 22/22", column "GPU_mem"`,
  what: 'reserved',
  unit: 'GB',
  measured: 2.24,
  config:
    "yolo.exe task=detect mode=train model=yolov8n.pt data=datasets\\on-shelf-stock-availability-ox04t\\data.yaml workers=12 (yolo_train.ps1 at b86cd775, with epochs=100 patience=5 for this run, as its heading says): Ultralytics YOLOv8.0.227, torch 2.1.2+cu121, one NVIDIA GeForce RTX 3070 (8192MiB), all as printed; the defaults imgsz 640, batch 16, amp True, optimizer auto (AdamW for a run of 2200 iterations, under auto's 10000 for SGD: assumed from ultralytics 8.0.227's rule, the line not kept), mosaic 1.0 with close_mosaic 10; YOLOv8n fine-tuned from COCO to 1 class (Roboflow fyp-ormnr/on-shelf-stock-availability-ox04t v5, sku_yolo8_download.py; 3,005,843 parameters fused as printed, 3,011,043 unfused), 22 batches an epoch (about 350 images), the EMA copy; validation 98 images with 602 boxes (6.1 an image: 25 for a mosaic of 4, assumed as the assigner's boxes); the figure: GPU_mem 2.24 GB at the end of epoch 26 (2.11–2.24 over epochs 26–32). A doubt: shelf images are dense and the densest mosaic of a batch holds far more than 25 boxes; traceable: yes (examples/trace/yolo.py's v8_n factory at 640 × 640, 1 class, 25 boxes, with the EMA copy)",
  spec: `model:
  yolo: { version: v8, scale: n, classes: 1, input: [3, 640, 640], max_objects: 25 }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 16 }`,
};

// --- InternLM/xtuner (0.1.x) zh_cn reward-model quick start: InternLM2-chat-1.8B-SFT reward model on UltraFeedback
// (kind: RL policy — the reward model RLHF trains; second pass; xtuner harness: 2 rows with the quick start above) --
// Found by `git log -G 'Iter\(train\).*memory: [0-9]{4,}' -- docs` over xtuner's snapshot: besides the quick start
// above, the reward-model quick start (docs/zh_cn/reward_model/quick_start.md, added in 2c8b471f, 2024-06-13); the DPO
// quick start beside it prints no log. mmengine's memory as above (MiB, the peak of the last 10 iterations, reset).
const xtunerRewardDoc = 'InternLM/xtuner docs/zh_cn/reward_model/quick_start.md (commit 2c8b471f)';
const xtunerRewardCase: PublishedCase = {
  id: 'xtuner-0x-reward-quickstart-internlm2-chat-1.8b-rm-full-ultrafeedback-4pairs-fp16-1gpu',
  source: `${xtunerRewardDoc} (https://github.com/InternLM/xtuner/blob/2c8b471f63d01949cb95f8ab08805274526779ab/docs/zh_cn/reward_model/quick_start.md), the training log: "06/06 16:12:46 - mmengine - INFO - Iter(train) [   70/15230]  lr: 3.0331e-06  eta: 2:33:18  time: 0.6018  data_time: 0.0025  memory: 42186  loss: 0.6247  acc: 0.7500  chosen_score_mean: 0.0117  rejected_score_mean: 0.0055  num_samples: 4.0000  num_tokens: 815.0000"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 42186 / 1024,
  config:
    "xtuner train ./internlm2_chat_1_8b_reward_full_ultrafeedback_copy.py on one GPU (the page's single-card command; the card not named: 42186 MiB needs a 48 or 80 GB card), June 2024; the config (xtuner/configs/reward_model/internlm/internlm2_chat_1_8b_reward_full_ultrafeedback.py at 069b2475): RewardModel over internlm/internlm2-chat-1_8b-sft — the trunk only (24 layers of 2048, 16 heads, 8 KV heads, a fused wqkv, SwiGLU MLP 8192, vocab 92544: 1,699,579,904 parameters) and a 2048 → 1 value head on the reward token (no vocabulary logits), loaded without a torch_dtype (fp32 weights), every parameter trained; argilla/ultrafeedback-binarized-preferences-cleaned, max_length 2048, not packed (use_varlen_attn False), batch 4 pairs per step (num_samples 4: 4 chosen and 4 rejected sequences that reward_collate_fn pads to the batch's longest; the log's num_tokens is that padded length, labels.shape[1] in xtuner/model/reward.py: 815 to 2049 over the seven lines), 16-step accumulation, AdamW (lr 2e-5), AmpOptimWrapper fp16 with a dynamic loss scale, activation checkpointing (RewardModel's default use_activation_checkpointing), attention dispatched to PyTorch SDPA, the focal ranking loss with a log-barrier penalty; the figure: memory (each 10 iterations' peak allocated, MiB) over the seven lines shown — 18021 at iteration 10 (before the first optimizer step at 16), then 42180, 32121, 42186, 42186, 30238, 42186 — the largest, 42186, taken: the windows whose longest batch reached the 2049-token cap (num_tokens 2049 at iteration 50). A doubt: that the 42186 windows are those of a 2049-token batch is inferred from one logged length; traceable: yes as a stand-in (a LlamaForCausalLM trunk of these shapes; InternLM2's code is remote)",
  spec: `model:
  params: 1699581952
  transformer: { family: llama, layers: 24, hidden: 2048, heads: 16, kv_heads: 8, vocab: 92544, ffn: 8192, fused_qkv: true, lm_head: false, seq_len: 2049, attention: sdpa }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 8, grad_accumulation: 16, activation_checkpointing: full }
cuda: { lengths: capped }`,
};

// --- unslothai/notebooks nb/Pixtral_(12B)-Vision.ipynb (kind: LLM LoRA/QLoRA, a vision-language model; unsloth
// harness:
// 1 of its 2) ------------------------------------------------------------------------------------------------------
// The candidates: the 53 notebooks under nb/ (AMD and Kaggle copies aside) that no earlier round names and whose
// outputs print "Peak reserved memory = N" (directory order; the gatherer's /tmp/eg33_unsloth_cands.txt, regenerated by
// that filter). THE PICK: random.Random(33).sample(range(53), 12) = [36, 10, 40, 14, 17, 30, 41, 34, 33, 11, 46, 39];
// the first two that can be written: 36 (ModernBert.ipynb: the data set's token lengths, which set its 256-pair
// batches, are not knowable here) and 10 (Gemma3_(4B)-Vision.ipynb: its SigLIP depth and token counts not settled in
// the
// time) are left; 40 (this notebook) is written; then 14 and 17 (Gemma 4 26B-A4B and 31B: shapes not resolvable here),
// 30 (LFM2 1.2B: hybrid convolution blocks, shapes not resolvable here), 41 (Qwen2.5-VL 7B: its dynamic-resolution
// image tokens per sample not knowable) and 34 (Meta_Synthetic_Data_Llama3_2_(3B): its peak, 3.441, is what vLLM's
// generation reserved before training; "Peak reserved memory for training = 0.0 GB") are left, and the time ran out.
// Unsloth's stats cell prints
// round(torch.cuda.max_memory_reserved() / 1024**3, 3) after training: GiB, the run's peak reserved, the model load's
// 8.031 GiB in it.
const unslothPixtralDoc = 'unslothai/notebooks nb/Pixtral_(12B)-Vision.ipynb';
const unslothPixtralCase: PublishedCase = {
  id: 'unsloth-notebook-pixtral-12b-qlora-r8-mlp-llava-mix-resize512-fp16-bs1-ga4-t4',
  source: `${unslothPixtralDoc} (outputs first committed in 7df4f7ea, 2025-01-05, https://github.com/unslothai/notebooks/blob/7df4f7ead83ec99a35f84e65acdfdca98688e318/nb/Pixtral_(12B)-Vision.ipynb), "Show final memory and time stats" cell: "Peak reserved memory = 12.643 GB."`,
  what: 'reserved',
  unit: 'GiB',
  measured: 12.643,
  config:
    "Unsloth 2024.11.9 (transformers 4.46.2, torch 2.5.1, xformers 0.0.28, FA2 off) on one Tesla T4 (14.748 GB), as the notebook prints: FastVisionModel.from_pretrained('unsloth/Pixtral-12B-2409', load_in_4bit=True, use_gradient_checkpointing='unsloth') — the Mistral-NeMo decoder (40 layers of 5120, 32 heads and 8 KV heads of 128, SwiGLU MLP 14336, vocab 131072, untied: 12,247,782,400 parameters), the Pixtral ViT (24 layers of 1024, 16 heads, gated MLP 4096, 16-pixel patches: 403,489,792) and the 2-layer projector (31,467,520): 12,682,739,712 parameters, counted from the shapes, in 4-bit NF4 (double quantization assumed, unsloth's bnb-4bit default) with fp16 compute; get_peft_model r 8, alpha 8, dropout 0, finetune_attention_modules False, finetune_mlp_modules True: \"Number of trainable parameters = 18,677,760\" = r 8 on the decoder's gate, up and down projections exactly (so no adapter in the vision tower, assumed frozen without activations kept); unsloth/llava-instruct-mix-vsft-mini (8,552 examples), UnslothVisionDataCollator(resize=512): one 512 × 512 image a sample, 32 × 32 patches (1024 in the ViT) and 1056 image tokens in the decoder with the row breaks; the conversation's text not counted here (assumed about 250 tokens: a sequence of 1300), SFTConfig batch 1 × 4 accumulation, max_length 2048, paged_adamw_8bit, fp16 (a T4), 30 steps, unsloth's offloaded gradient checkpointing; the figure: peak reserved 12.643 GiB (8.031 before training). A doubt: the text length, and whether the vision tower keeps activations (unsloth may mark it as requiring grads for finetune_vision_layers); traceable: partly (transformers 5.18 builds LlavaForConditionalGeneration with a Pixtral vision config of these shapes; not checked here)",
  spec: `model:
  params: 12682739712
  transformer: { family: llama, layers: 40, hidden: 5120, heads: 32, kv_heads: 8, head_dim: 128, vocab: 131072, ffn: 14336, tied_embeddings: false, seq_len: 1300, attention: sdpa }
  vision: { family: llama, layers: 24, hidden: 1024, heads: 16, ffn: 4096, seq_len: 1024, trainable: false, attention: sdpa }
  lora: { rank: 8, alpha: 8, targets: [gate, up, down], dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16 }
training: { precision: fp16, optimizer: paged_adamw_8bit, batch_size: 1, grad_accumulation: 4, activation_checkpointing: full, offload: { activations: cpu } }`,
};

// --- keesh0410/openmm_homework homework_4 (the same camp, June 2023; kind: segmentation, second pass; mmseg harness: 2
// rows) ------------------------------------------------------------------------------------------------------------
// The code search's fourth camp hit (its README shows the config pspnet_r50-d8_4xb2-40k_WaterMelon-512x1024); fetched
// at the end of the session. Four logs of that config on one RTX 4090; the first run's is taken (20230616_144824, from
// iteration 0 to 4000; the later logs resume it). The student kept the Cityscapes head (num_classes 19) and crop: the
// spec is round 4's mmseg Cityscapes PSPNet on one GPU instead of four (not a twin: no DDP, and its own figure).
const campPsp512Doc =
  'keesh0410/openmm_homework homework_4/work_dirs/pspnet_r50-d8_4xb2-40k_WaterMelon-512x1024/20230616_144824/20230616_144824.log';
const campPsp512Case: PublishedCase = {
  traceModule: 'pspnet:r50_512x1024',
  id: 'mmseg-camp-pspnet-r50-d8-512x1024-19cls-watermelon-bs2-sgd-fp32-rtx4090',
  source: `${campPsp512Doc} (commit f5358fc5, 2023-06-19, https://github.com/keesh0410/openmm_homework/tree/f5358fc5634165320c6fd2ccc705452fadc159ec/homework_4), e.g. "2023/06/16 15:00:12 - mmengine - INFO - Iter(train) [ 4000/40000]  lr: 9.1046e-03  eta: 1:41:50  time: 0.1675  data_time: 0.0024  memory: 5930"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 5930 / 1024,
  config:
    "mmsegmentation 1.x with MMEngine 0.7.3, PyTorch 2.0.0, one NVIDIA GeForce RTX 4090 (the log's environment), not distributed (SyncBN reverted to BatchNorm), cudnn_benchmark True; the config dumped in the log: PSPNet on ResNetV1c-50-D8 (dilations 1, 1, 2, 4), PSPHead (512 channels) and the auxiliary FCNHead, num_classes 19 (the Cityscapes base config's, left unchanged on the 6-class Watermelon87 data: 48,975,494 parameters, as round 4 counts it), RandomResize (2048, 1024) × 0.5–2.0 then RandomCrop 512 × 1024, flip, photometric distortion, SegDataPreProcessor size (512, 1024); batch 2, SGD lr 0.01 momentum 0.9, fp32, 40000 iterations with a validation every 4000; the figure: memory 5930 MiB on the 80 lines from iteration 50 to 4000 (the peak of each 50 iterations), after 18586 on the first line (iteration 23: cuDNN's algorithm search, as the PSPNet row above describes); traceable: yes (examples/trace/pspnet.py's r50_512x1024 factory: 19 classes at 512 × 1024)",
  spec: `model:
  segmenter: { decoder: psp, encoder: resnet50_v1c_d8, crop: [512, 1024], classes: 19 }
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }`,
};

// --- THE ROUND ------------------------------------------------------------------------------------------------------
export const round33Cases: PublishedCase[] = [
  ...titanCases,
  dsChatRlhfCase,
  mmlabHwCase,
  mmlabworkPspCase,
  xtunerQuickstartCase,
  fpnReproCase,
  yolov8ColabCase,
  verlSeedOssCase,
  thesisYoloCase,
  xtunerRewardCase,
  unslothPixtralCase,
  campPsp512Case,
];

/** The documents round 33 reads: none is cited by rounds 1 to 32 or ../shared/estimation. */
export const round33Documents: string[] = [
  titanCommitDoc('115f4c9cf', '#3007'),
  titanCommitDoc('aae73234d', '#1302'),
  dsChatRlhfDoc,
  mmlabHwDoc,
  mmlabworkPspDoc,
  xtunerQuickstartDoc,
  fpnReproDoc,
  yolov8ColabDoc,
  verlSeedOssDoc,
  thesisYoloDoc,
  xtunerRewardDoc,
  unslothPixtralDoc,
  campPsp512Doc,
];
