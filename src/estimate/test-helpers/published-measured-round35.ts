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
