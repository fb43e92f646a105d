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
import type { PublishedCase } from './published-measured.js';
