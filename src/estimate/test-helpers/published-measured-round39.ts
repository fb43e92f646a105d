// Round 39 of published MEASURED peaks for issue #25 (item 6), gathered in session 30 by estimate-gather39 after rounds
// 1 to 37 (round 23, the validation round, opened only to grep its documents; round 38, gathered in this session and
// held out on its own branch, never opened). EVERY case here is HELD OUT: none was scored, estimated or looked at
// through the estimate before the lead's one measurement.
// THE DRAW (written here at 21:05 UTC on 2026-11-29, before the first search; seed 39): any training run a user might
// bring, from documents of 2022 to 2026 that give a MEASURED peak (allocated, reserved or device total, as the source
// measured it) with its config recoverable, and that no earlier round, test/gpu/peaks-references* or
// ../shared/estimation cites (repository moves and renames followed). Rounds 36 and 37 searched the log-line formats
// their headers list (Lightning's, HF Trainer's, mmengine's and mmcv's, torchtune's, Megatron's report_memory,
// detectron2's, YOLOX's, the MetricLogger's, ESPnet's epoch summaries and gpu_max_cached_mem_GB, icefall's, fairseq's,
// verl's, ms-swift's, axolotl's, peft's, unsloth's, DeepSpeed's see_memory_usage Max_MA/Max_CA, CompVis'), so those
// are not searched again; the searches look where earlier rounds did not: log-line formats not yet searched first
// (diffusers' and kohya-ss sd-scripts' and OneTrainer's memory lines, SpeechBrain's, NeMo's, timm's, accelerate's,
// DeepSpeed's other memory lines, PyTorch profiler summaries), then papers' memory tables and READMEs' "GPU memory"
// columns with a config, then the pages corpus. The eight kinds, listed as [LLM full fine-tune or pretraining, LLM
// LoRA/QLoRA, vision classification, detection, segmentation, diffusion, speech, RL policy], are walked in the order
// Python's random.Random(39).shuffle gave them: speech, diffusion, segmentation, LLM LoRA/QLoRA, LLM full fine-tune or
// pretraining, RL policy, vision classification, detection; in each kind the documents are taken in the order the
// searches return them, up to 3 rows per kind on the first pass, then a second pass in the same order towards 16 to 22
// rows (floor 12). At most 2 rows from any harness rounds 36 and 37 leaned on (round 36: axolotl, torchvision's
// references and detection tutorial, Pai-Megatron-Patch, ROCm/rocm-blogs, the Faster R-CNN v2 notebook, ms-swift,
// torchtitan, the OpenMMLab AI Camp; round 37: detectron2, YOLOX, mmdet 2.x / mmcv 1.x logs, Megatron-LM, torchtune,
// the Swin study's mmseg logs, verl), and at most 4 from any other document or harness; where a source or a search
// gives more candidates than that, they are picked with random.Random(39).sample over the candidates in the source's
// order, as each case block says. So that this round and round 38 do not overlap, no row comes from the sources round
// 38 used (ms-swift, prime-rl, diffusers' ControlNet README, ultralytics/YOLOv8, FunASR, OLMo, unsloth-based course
// labs, a CIFAR-100 timm study, real-time segmentation paper digests of STDC/HRNet).
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default. `config` ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face
// config that transformers builds, a timm or torchvision model, one of the examples/trace factories, or none). A row
// the spec cannot say is kept and marked NOT EXPRESSIBLE with why.
import type { PublishedCase } from './published-measured.js';

export const round39Cases: PublishedCase[] = [];

export const round39Documents: string[] = [];
