// Round 8 of the published measured peaks (test-helpers/published-measured-round8.ts), gathered held out
// by one engineer while another changed the model. These tests check their shape — each names its
// source, what was measured, its config, and a spec that parses — and that they are new to rounds 1 to 7
// and ../shared/estimation. No accuracy figure here: the round is measured once, by the lead, with the
// model frozen.
import { round8Cases } from './test-helpers/published-measured-round8.js';
import { checkReferenceRound } from './test-helpers/reference-round-checks.js';
import { casesBefore } from './test-helpers/reference-rounds.js';

const earlierCases = casesBefore(8);

// The documents each round-8 source comes from: none may be cited by rounds 1 to 7 or ../shared.
const unslothNotebooks = [
  'Llama3.1_(8B)-Alpaca.ipynb',
  'Mistral_v0.3_(7B)-Alpaca.ipynb',
  'Mistral_Nemo_(12B)-Alpaca.ipynb',
  'Mistral_Small_(22B)-Alpaca.ipynb',
  'Qwen2.5_(7B)-Alpaca.ipynb',
  'Qwen3_(14B)-Alpaca.ipynb',
  'Gemma2_(2B)-Alpaca.ipynb',
  'Gemma2_(9B)-Alpaca.ipynb',
  'Llama3.3_(70B)_A100-Conversational.ipynb',
  'Qwen2.5_Coder_(14B)-Conversational.ipynb',
  'Phi_4-Conversational.ipynb',
  'Llama3.2_(1B_and_3B)-Conversational.ipynb',
  'Qwen3_(32B)_A100-Reasoning-Conversational.ipynb',
  'Mistral_(7B)-Text_Completion.ipynb',
];
const peftResultFiles = [
  'adalora--llama-3.2-3B-rank32.json',
  'boft--llama-3.2-3B-default.json',
  'ia3--llama-3.2-3B-default.json',
  'loha--llama-3.2-3B-rank32.json',
  'vera--llama-3.2-3B-default.json',
];
const round8Documents = [
  ...unslothNotebooks.map((notebook) => `unslothai/notebooks nb/${notebook} `),
  'google/flax issue #5026',
  'linkedin/Liger-Kernel examples/huggingface/README.md',
  'huggingface/trl examples/notebooks/grpo_trl_lora_qlora.ipynb',
  'open-mmlab/mmaction2 configs/recognition_audio/resnet/README.md',
  'open-mmlab/mmaction2 configs/recognition/tanet/README.md',
  'pytorch/torchtitan pull request #1884',
  'cloneofsimo/min-max-gpt pull request #10',
  'open-mmlab/mmdetection configs/retinanet/README.md',
  ...peftResultFiles.map((file) => `huggingface/peft method_comparison/MetaMathQA/results/${file} `),
];

checkReferenceRound({
  name: 'round 8',
  cases: round8Cases,
  documents: round8Documents,
  earlierCases,
  minCases: 30,
  minDocuments: 15,
  isSpecUnique: true,
});
