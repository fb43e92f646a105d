// Round 37 of published MEASURED peaks for issue #25 (item 6), gathered in session 29 by estimate-gather37 after rounds
// 1 to 36 (round 23, the validation round, opened only to grep its documents). EVERY case here is HELD OUT: none was
// scored, estimated or looked at through the estimate before the lead's one measurement.
// THE DRAW (written here at 18:31 UTC on 2026-11-29, before the first search; seed 37): any training run a user might
// bring, from documents of 2022 to 2026 (committed training logs found by their log-line formats — Lightning's, HF
// Trainer's, mmengine's, torchtune's, NeMo's, fairseq's, ESPnet's memory lines — papers' memory tables, blog posts and
// forum threads in the pages corpus with nvidia-smi or max_memory_allocated figures beside a config, GitHub issues,
// READMEs and docs at a commit) that give a MEASURED peak (allocated, reserved or device total, as the source measured
// it) with its config recoverable, and that no earlier round, test/gpu/peaks-references* or ../shared/estimation cites
// (repository moves and renames followed). Earlier rounds mined the obvious harnesses, and round 36 found nothing for
// RL policy, speech or diffusion, so the searches look where earlier rounds did not: log-line formats not yet searched
// through find_string first, then the pages corpus, then papers. The eight kinds, listed as [LLM full fine-tune or
// pretraining, LLM LoRA/QLoRA, vision classification, detection, segmentation, diffusion, speech, RL policy], are walked
// in the order Python's random.Random(37).shuffle gave them: detection, RL policy, vision classification, LLM full
// fine-tune or pretraining, speech, diffusion, segmentation, LLM LoRA/QLoRA; in each kind the documents are taken in the
// order the searches return them, up to 3 rows per kind on the first pass, then a second pass in the same order towards
// 20 to 24 rows (floor 13). At most 2 rows from any harness rounds 34 to 36 leaned on (round 36's header names those of
// 33 to 35 — torchtitan's commit logs, unsloth's notebooks, ultralytics, the OpenMMLab AI Camp's homework repositories,
// xtuner, ms-swift, verl, DeepSpeed-Chat, BecTome/OR_FashionParsing's mmseg logs,
// StochasticResult/DL_SLM_Gemma2b_LoRA_Fine-Tuning, mmyolo's model zoo — and round 36 itself leaned on ROCm/rocm-blogs,
// axolotl, Pai-Megatron-Patch and torchvision's references' MetricLogger runs), and at most 4 from any other document or
// harness; where a source or a search gives more candidates than that, they are picked with random.Random(37).sample
// over the candidates in the source's order, as each case block says.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default. `config` ends with a `traceable` note: whether the model's code is available to trace here (a Hugging Face
// config that transformers builds, a timm or torchvision model, one of the examples/trace factories, or none). A row
// the spec cannot say is kept and marked NOT EXPRESSIBLE with why.
import type { PublishedCase } from './published-measured.js';

export const round37Cases: PublishedCase[] = [];

export const round37Documents: string[] = [];
