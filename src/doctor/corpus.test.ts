// The real logs: ../shared/corpus (labels) and the project's own test/corpus (issue 23: kind, the
// thread's cause and fix in each header). For each part, the figures the issue measures (kind
// accuracy, false OOMs, causes right, wrong fixes, facts) are printed as a table and asserted.
// Skipped with a message when a part is absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { causeClaimsLine, figuresOf, figuresTable, judgeCase, misses } from './test-helpers/score.js';
import {
  type CorpusPart,
  partDir,
  readPart,
  type TestCorpusPart,
  testCorpusParts,
} from './test-helpers/test-corpus.js';

// Library initialisation failures without memory figures: a full GPU and a broken install print
// the same line, so doctor answers "can't tell" (kind none, cause unknown) with what decides it,
// the same for every library (issue 23). These threads found memory; the answer stays undecided.
const undecidedInShared = [
  'jax_prealloc_conflict-60.txt',
  'jax_prealloc_conflict-62.txt',
  'torch_other_gpu-03.txt',
  'torch_other_gpu-61.txt',
  'torch_other_gpu-62.txt',
];

/** The part kept for validation: never tuned on, its misses never printed (test/corpus/HELDOUT-24-RESULT.md). */
const validationPart: CorpusPart = 'heldout-24';

function printFigures(t: { diagnostic: (line: string) => void }, part: CorpusPart) {
  const cases = readPart(part);
  const outcomes = cases.map((c) => judgeCase(c));
  t.diagnostic(`${partDir(part)}: ${cases.length} logs`);
  for (const line of figuresTable(outcomes).split('\n')) t.diagnostic(line);
  const figures = figuresOf(outcomes);
  t.diagnostic(causeClaimsLine(figures));
  // heldout-24 is the validation part nobody tunes on: its figures are printed, its misses are not, so that
  // running this test never shows an engineer which of its logs fail (session 26: they were read this way).
  if (part !== validationPart) for (const line of misses(outcomes)) t.diagnostic(line);
  return { cases, outcomes, figures };
}

test('the shared corpus (../shared/corpus)', (t) => {
  if (readPart('shared').length === 0) {
    t.skip(`no corpus at ${partDir('shared')} (a bare clone); CI has it`);
    return;
  }
  const { cases, outcomes, figures } = printFigures(t, 'shared');
  assert.deepEqual(
    outcomes.filter((o) => !o.isKindRight).map((o) => o.file),
    undecidedInShared,
    "every kind right but the library init failures without figures, which are can't tell",
  );
  for (const file of undecidedInShared) {
    const d = diagnoseText(cases.find((c) => c.file === file)!.body)[0];
    assert.equal(`${d?.kind}/${d?.cause}`, 'none/unknown', `${file}: can't tell`);
  }
  assert.equal(figures.falseOoms, 0, 'no not_oom file is called a memory failure');
  assert.equal(figures.wrongFixes, 0, 'no fix repeats what the log shows done or contradicts its figures');
  assert.deepEqual(
    outcomes.flatMap((o) => o.missedFacts.map((m) => `${o.file}: ${m}`)),
    [],
    'every stated fact is extracted exactly',
  );
});

// The issue's bars (issue 23 "Done when"), and the figures measured where they do not hold: the
// held-out part was measured once with the rules frozen (test/corpus/HELDOUT.md); these floors are
// those figures, so a change can only keep or raise them. logs/ is what the rules were tuned on.
interface Bar {
  kindRight: number;
  falseOoms: number;
  causesRight: number;
  wrongFixes: number;
  factsRight: number;
}
const issueBars = { kindAccuracy: 0.97, wholeKindAccuracy: 0.98, causeAccuracy: 0.9 };
// Round 5 relabelled the tuned parts by CORPUS-FORMAT's settled rules (test/corpus/RELABELS.md):
// library init failures without figures are can't tell, a bare kill's cause is unknown, the
// monitors' kills (earlyoom, systemd-oomd, the kubelet's eviction) are memory_monitor; causes
// judged changed with them. Round 6 relabelled by two more settled rules (6: a notebook kernel's
// death with no memory evidence is can't tell; 7: a DataLoader worker killed with no killer's
// message is host_oom, cause unknown; 8: a host allocation refused is host_allocation; 9: a device
// out of memory with no figures has cause unknown), rule 3 (a Slurm kill is memory_limit) and rule 5.
const measured: Record<TestCorpusPart, Bar> = {
  // Round 3 (issue 23): 194/199 (97.5%), 0, 62/77, 0, 171/191; round 4: 195/199 (98.0%), 0, 63/77, 0, 173/191.
  // Round 5, relabelled: 198/199 (99.5%), 0, 57/69, 0, 173/191. Round 6, relabelled: 198/199, 0, 57/64.
  logs: { kindRight: 198, falseOoms: 0, causesRight: 57, wrongFixes: 0, factsRight: 175 },
  // Measured once at 79/97, 1 false OOM, 21/36 (HELDOUT.md); round 3: 93/97 (95.9%), 0, 28/36 (77.8%), 0.
  // Round 4: 27/36. One earlyoom log (its kill of a process, labelled host_ram by its gatherer) now
  // reads as the monitor's kill (memory_monitor), as the cause's definition and systemd-oomd's and
  // Ray's kills read; the same rule makes 5 earlyoom causes right in logs/ and heldout-3/ (net +2).
  // Round 5, relabelled: 94/97 (96.9%), 0, 21/28, 0. Round 6, relabelled: 94/97, 0, 20/26.
  heldout: { kindRight: 94, falseOoms: 0, causesRight: 21, wrongFixes: 0, factsRight: 92 },
  // Measured once at 136/161 (84.5%), 2 false OOMs, 28/60, 1 wrong fix (HELDOUT-2-RESULT.md); round 3,
  // tuned against it: 155/161 (96.3%, short of 97%), 1 false OOM (a bare "exit code 137" from a
  // podman flake, short of 0), 41/60 causes (68.3%, short of 90%), 0 wrong fixes; round 4: 157/161
  // (97.5%), 1, 45/60, 0, 211/213.
  // Round 5, relabelled (the podman exit 137 is a bare kill: host_oom, cause unknown): 160/161, 0, 47/59, 0.
  // Round 6, relabelled: 160/161, 0, 46/51. Round 10: a kill told in the user's words beside their
  // words that memory ran out (host/exits.ts retold-kill): 161/161, 0, 46/51; a bare kill beside the
  // host's memory measured ≥ 95% in use is host_ram (host/explain.ts): 47/51.
  'heldout-2': { kindRight: 161, falseOoms: 0, causesRight: 48, wrongFixes: 0, factsRight: 211 },
  // Measured once at 140/165 (84.8%), 0 false OOMs, 23/53 causes, 0 wrong fixes (HELDOUT-3-RESULT.md);
  // round 4, tuned against it: 161/165 (97.6%), 0, 43/53 (81.1%, short of 90%), 0, 167/176.
  // Round 5, relabelled: 163/165 (98.8%), 0, 38/46, 0, 169/176. Round 6, relabelled: 163/165, 0, 36/41.
  // Round 11: PyTorch's tensors past the card with nothing free are its own, spilled by the driver
  // (pytorch/explain.ts, sysmem fallback), not contradictory figures: 37/41.
  // Round 14: the kernel's OOM task-table rows pasted without header or kill line (host/kill.ts): 164/165.
  'heldout-3': { kindRight: 164, falseOoms: 0, causesRight: 38, wrongFixes: 0, factsRight: 169 },
  // Measured once at 129/168 (76.8%), 9 false OOMs, 26/48, 1 wrong fix (HELDOUT-4-RESULT.md); round 5,
  // relabelled and tuned against it: 160/168 (95.2%), 1 (an mmap ENOMEM whose thread found a wrong
  // data path), 23/37, 0, 150/163. Round 6, relabelled: 160/168, 1, 28/34, 0, 151/163.
  // Round 8: a failing step that placed or gathered the model's state is model_state (evidence.ts
  // modelStateStep): 29/34; a bare kill in a Slurm job whose script states its --mem is the job's
  // limit (host/explain.ts explainJobLimitKill): 30/34.
  // Round 9: the last-resort reading (allocation/generic.ts) reads a quoted OOM: 161/168, 1, 30/34.
  // (The false OOM stays: the same /torch_ mmap ENOMEM is host_oom/dataloader_workers in another of
  // its threads, round6-forms.test.ts.)
  // Round 15 (an OOM in the user's sentence with no device word, allocation/generic.ts): 163/168
  // (llama-cpp-11044, "I run into memory errors when using the SYCL backend": not designed on it).
  // Round 20 (round20-forms.test.ts): "batch size N" no byte count, a retold device OOM: 164/168; OOM as a
  // verb ("it always oom in ..."): 165/168.
  'heldout-4': { kindRight: 165, falseOoms: 1, causesRight: 31, wrongFixes: 0, factsRight: 152 },
  // Measured once, 2026-11-27 00:14 UTC, with round 5's rules frozen at 9d61e74 (HELDOUT-5-RESULT.md):
  // 111/122 (91.0%), 3 false OOMs, 9/13 causes, 0 wrong fixes, 143/168 facts; round 4's rules on it:
  // 107/122 (87.7%), 6, 9/13, 0. Round 6, tuned against it and relabelled: 121/122 (99.2%), 0, 12/13, 0, 146/168.
  'heldout-5': { kindRight: 121, falseOoms: 0, causesRight: 12, wrongFixes: 0, factsRight: 148 },
  // Measured once, 2026-11-27 03:22 UTC, with round 6's rules frozen at 63cb5a5 (HELDOUT-6-RESULT.md):
  // 104/124 (83.9%), 0 false OOMs, 10/19 causes, 1 wrong fix (NCCL_DEBUG=INFO told to a log that set it),
  // 83/113 facts; round 5's rules on it: 103/124 (83.1%), 1, 9/19, 1. After it: NCCL_DEBUG joins the
  // settings a fix never repeats (settings.ts): 0 wrong fixes. Round 7, tuned against it by structure
  // (a device allocation call or CUDA's status in any wrapper, ONNX Runtime's arena, the memcg report,
  // round7-forms.test.ts): 124/124, 0, 13/19, 0, 90/113; relabelled by settled rules 8 and 9
  // (test/corpus/RELABELS.md, round 7): 124/124, 0, 14/18, 0, 90/113. Round 10: the renderer's "not
  // enough GPU memory" only with its own names (simulators/rules.ts), so ONNX Runtime's request reads: 91/113.
  // Round 11: the kernel's OOM kill beside words that state a container's memory limit is that limit
  // (log/evidence.ts containerLimitStated, host/explain.ts): 15/18.
  'heldout-6': { kindRight: 124, falseOoms: 0, causesRight: 16, wrongFixes: 0, factsRight: 93 },
  // Measured once, 2026-11-27 05:58 UTC, with round 7's rules frozen at ffa9331 (HELDOUT-7-RESULT.md):
  // 130/141 (92.2%), 1 false OOM (a SYCL work-group local-memory OUT_OF_RESOURCES), 14/21 causes, 1 wrong
  // fix (--max-model-len named to a vLLM command that gives it), 144/175 facts; round 6's rules (8a840ac)
  // on it: 125/141 (88.7%), 1, 11/21, 1, 141/175. After it, one change by structure: an engine argument
  // given as a flag (--max-model-len 4096) is a shown setting, every one on a command line (settings.ts),
  // and the KV-cache fix names a value below it: 0 wrong fixes, nothing else moved. Round 8, tuned
  // against it by structure (round8-forms.test.ts): 141/141, 0, 16/21, 0, 150/175.
  // Round 11: a card's size stated in words stands in for the total (log/evidence.ts statedCardBytes,
  // pytorch/explain.ts): 17/21. Kind 141 -> 140, lowered on purpose: a Ray worker's death with no
  // memory evidence beside it is "can't tell" (resolve.ts resolveRayWorkerDeath; issue 23: not-memory
  // evidence is not read as OOM), and agent-lightning#284's truncated raylet line is only that (its
  // host_oom label rests on the maintainers' label, not on the text); heldout-10's verl#217, the same
  // line with Ray's own list of guesses, was a false OOM.
  'heldout-7': { kindRight: 140, falseOoms: 0, causesRight: 17, wrongFixes: 0, factsRight: 158 },
  // Measured once, 2026-11-27 09:05 UTC, with round 8's rules frozen at 3a5d55e (HELDOUT-8-RESULT.md):
  // 100/124 (80.6%), 2 false OOMs (MLX's wrapped 2^64 allocation size; a Ray worker that died with no
  // error, round 8's new weight-1 rule), 12/17 causes, 0 wrong fixes, 107/138 facts; round 7's rules
  // (28e36b3) on it: 101/124 (81.5%), 1, 12/17, 0, 107/138. After it, tuned against it by structure
  // (round9-forms.test.ts; tuned figures, the slice is spent): 114/124, 0, 14/17, 0, 116/138.
  // Round 9's last-resort reading of any library's OOM words (allocation/generic.ts), a host reading
  // a refused allocation (host_allocation): 118, 0, 15/17, 0, 117/138. Round 10: XNU's low-swap kill
  // (host/kill.ts) and a kill told in the user's words beside memory words: 120/124, 0, 15/17, 0, 118/138.
  // Round 11: a /dev/shm of Docker's 64 MiB default is never roomy (resolve.ts; df after the crash
  // shows it empty), vLLM's Mamba state blocks (allocation/rules.ts): 122/124, 0, 17/17.
  // Round 20: the caching allocator's NVML assert on its OOM path (pytorch/rules.ts): 123/124.
  'heldout-8': { kindRight: 123, falseOoms: 0, causesRight: 17, wrongFixes: 0, factsRight: 122 },
  // Measured once, 2026-11-27 12:05 UTC, with round 9's rules frozen at 3c2ad03 (see
  // HELDOUT-9-RESULT.md): 103/109 (94.5%), 2 false OOMs, 10/16 causes, 0 wrong fixes, 171/181 facts;
  // the session-start rules (3e499f6) on it: 102/109, 2 false OOMs. After it, tuned against it by
  // structure (round10-forms.test.ts; tuned figures, the slice is spent): a refused allocation of
  // 2^60 bytes or more is a corrupt size, Ray's list of possible causes is no kill: 105, 0, 10/16, 0;
  // PhysX's fixed 64K-material table (simulators/rules.ts): 106/109, 0, 11/16, 0, 171/181; a batch
  // of one shown in the log is model_state, not batch_too_large (pytorch/explain.ts): 12/16.
  // Round 10 (round11-forms.test.ts): kills told in the user's words and torch's DataLoader kill
  // retyped: 109/109; a batch of one said in a sentence, a full fine-tune stated: 14/16.
  'heldout-9': { kindRight: 109, falseOoms: 0, causesRight: 14, wrongFixes: 0, factsRight: 173 },
  // Measured once, 2026-11-27 14:42 UTC, with round 10's rules frozen at 88bfb12 (see
  // HELDOUT-10-RESULT.md): 122/128 (95.3%), 2 false OOMs, 7/11 causes, 0 wrong fixes, 201/211 facts;
  // the session-start rules (e74f780) on it: the same. After it, a second shift tuned against it by
  // structure (round11-forms.test.ts; tuned figures, the slice is spent): Intel Gaudi's HPU words and
  // "Allocation of size N failed" (allocation/generic.ts), PyTorch's "Tried to allocate more than
  // 1EB" is a corrupt size (host/facts.ts, resolve.ts), TensorFlow's OOM cut before its shape behind
  // "Resource exhausted:" (tensorflow/rules.ts), MemoryError retold (host/exits.ts): 127/128, 1, 7/11, 0, 202/211;
  // a request above any one GPU's memory with no total (pytorch/explain.ts) and a bare CUDA OOM on a
  // card the user states under 4 GiB (cuda/explain.ts, log/evidence.ts): 9/11; TensorFlow's optimizer
  // node retyped in lower case is a slot update (tensorflow/explain.ts): 10/11.
  // Round 11: a Ray worker's death with no memory evidence is "can't tell" (resolve.ts), and Ray's own
  // list of guesses is not the user's words on memory (log/evidence.ts): 128/128, 0 false OOMs.
  // Round 12's second shift: PyTorch's figures in a paste lower-cased whole (pytorch/rules.ts): 204/211.
  'heldout-10': { kindRight: 128, falseOoms: 0, causesRight: 10, wrongFixes: 0, factsRight: 204 },
  // Measured once, 2026-11-27 17:06 UTC, with round 11's rules frozen at 68e2e0f (see
  // HELDOUT-11-RESULT.md): 128/134 (95.5%), 0 false OOMs, 29/36 causes, 0 wrong fixes, 194/213 facts;
  // the session-start rules (c9050a2) on it: the same. After it, a second shift tuned against it by
  // structure (round12-forms.test.ts; tuned figures, the slice is spent): cudaMallocAsync's figure
  // lines (pytorch/rules.ts torchAllowedFactRules), the one listed process that is this one gives its
  // figure (diagnose.ts, pytorch/numbers.ts), a size stated in a unit matches within its printed
  // digits (test-helpers/corpus.ts): 128/134, 0, 30/36, 0, 210/213 (facts up on heldout-5 .. -9 too);
  // PyTorch's SIGBUS report by its second sentence (host/shm-rules.ts), a launcher's "error code"
  // 137/-9 (host/exits.ts), Windows' 1455 in German (host/exits.ts), Ascend's torch_npu words as the
  // device's (allocation/generic.ts): 133/134, 0, 32/36, 0, 211/213; a DataLoader worker's death
  // kept only as rich's marked raise line (host/exits.ts): 134/134; CANN's "[PID: N]" record prefix
  // (allocation/generic.ts): 212/213 facts.
  // Round 14: with no process listed, unlisted memory names another process only where it is more than
  // PyTorch's own (pytorch/numbers.ts unlistedDominates): ComfyUI#3278 (2.45 GiB unlisted beside 21.55
  // GiB of PyTorch's, the maintainer blamed the desktop) goes to batch_too_large, with co_tenant as its
  // alternative: 31/36 (heldout-12 and -13 gain one each).
  'heldout-11': { kindRight: 134, falseOoms: 0, causesRight: 31, wrongFixes: 0, factsRight: 212 },
  // Measured once, 2026-11-27, by the lead, with round 12's rules frozen at c72c857 (see
  // HELDOUT-12-RESULT.md): 151/160 (94.4%), 1 false OOM, 33/48 causes, 0 wrong fixes, 321/335 facts;
  // the session-start rules (7182de0) on it: 150/160, 1 false OOM, 32/48 causes. After it, a second
  // shift tuned against it by structure (round13-forms.test.ts; tuned figures, the slice is spent):
  // cudaErrorLaunchOutOfResources is a near miss that outranks the user's prose (near-miss/rules.ts),
  // the C allocator's "Cannot malloc <size>" (allocation/generic.ts), numpy's refusal retyped lower-case
  // and bash's job report with "line" in the user's locale (host/exits.ts), PyTorch's SIGBUS handler's
  // two clauses retold (host/shm-rules.ts), transformers' refusal of a bitsandbytes model placed partly
  // off the GPU (allocation/rules.ts), memory that grew "慢慢" (log/evidence.ts): 158/160, 0, 35/48, 0, 322/335;
  // PyTorch's figures retyped lower-case, unspaced or shortened (pytorch/rules.ts): 36/48, 326/335; a batch
  // of one before a sentence's full stop (log/evidence.ts): 37/48; one request above the whole card beside
  // a driver's spill is the request's shape (pytorch/explain.ts): 38/48; ONNX Runtime's arena throw cut
  // short after its location prefix (allocation/rules.ts): 159/160; PyTorch's message broken after its
  // first sentence, "Tried to allocate" on the next line (pending-message.ts continuesWith): 329/335 facts;
  // TensorFlow's BFC report of the request it could not serve (tensorflow/facts.ts): 330/335
  // (heldout-10's facts 202 -> 204 too).
  // Round 14 (unlistedDominates, above): 39/48; a batch of one the user says runs is the batch's
  // (log/evidence.ts batchOneRuns): 40/48.
  // Session 19 (doctor-causes): causes 43 -> 44, a request past a nominal 16 GB card's whole memory
  // with no card sized reads as its shape (cause-alternatives.ts requestPastCommonCardBytes).
  // Session 20 (doctor-causes): free past the request within the card's last blocks is a full card,
  // read by its fill (pytorch/numbers.ts isFullToLastBlocks): causes 44 -> 45.
  'heldout-12': { kindRight: 159, falseOoms: 0, causesRight: 45, wrongFixes: 0, factsRight: 330 },
  // Measured once, 2026-11-27, by the lead (see HELDOUT-13-RESULT.md): the session-start rules (7182de0),
  // round 12's first freeze (c72c857) and its second (9de177c) all gave the same: 110/112 (98.2%),
  // 1 false OOM, 28/42 causes, 0 wrong fixes, 215/220 facts. Third shift, tuned on it: a card under 4
  // GiB by the message's own total with no figure of what the process holds is the card (pytorch/explain.ts,
  // allocation/explain.ts; numbers.ts smallCardBytes), and Theano's device allocation failure raised as
  // Python's MemoryError is the GPU's (allocation/rules.ts): 30/42 causes; a CUDA status and "out of
  // memory" in two sentences are not the status's (cuda/rules.ts): 111/112, 0 false OOMs; PyTorch's
  // class name before "Tried to allocate", the first sentence lost (pytorch/rules.ts): 220/220 facts;
  // every other part unchanged.
  // Round 14 (unlistedDominates, above): 31/42.
  // Round 14: the kernel's OOM task-table rows alone (host/kill.ts; tensorflow-9419): 112/112.
  // Session 20 (doctor-causes): free past the request within the card's last blocks is a full card,
  // read by its fill (pytorch/numbers.ts isFullToLastBlocks): causes 32 -> 34.
  'heldout-13': { kindRight: 112, falseOoms: 0, causesRight: 34, wrongFixes: 0, factsRight: 220 },
  // Measured once, 2026-11-27, by the lead (see HELDOUT-14-RESULT.md): the session-start rules (942a5af),
  // round 14's freeze (e2169d0), 63ea9cb and 48f6e4e all gave the same: 117/128 (91.4%), 2 false OOMs,
  // 35/48 causes (truth among the alternatives 41/48), 0 wrong fixes, 249/259 facts.
  // Tuned on it (round15-forms.test.ts; tuned figures, the slice is spent): ggml's pinned-buffer try
  // refused with a non-memory status is no OOM, the kernel OOM killer's line is the host's beside a GPU
  // (allocation/generic.ts), an OOM in the user's sentence with no device word: 120/128, 1 false OOM.
  // Round 18 (round18-forms.test.ts): LightGBM's "bad allocation" (std::bad_alloc's what() in Microsoft's
  // C++ runtime), a typed "std:bad_alloc", a bare "out of memory" with no side named read as the device's: 126/128, 39/48;
  // "memory allocation error occured" told as an event: 127/128.
  // Session 20 (doctor-causes): free past the request within the card's last blocks is a full card,
  // read by its fill (pytorch/numbers.ts isFullToLastBlocks): causes 38 -> 39.
  'heldout-14': { kindRight: 127, falseOoms: 1, causesRight: 39, wrongFixes: 0, factsRight: 250 },
  // Measured once, 2026-11-27, by the lead (see HELDOUT-15-RESULT.md), at the same four commits: 112/140
  // (80.0%), 0 false OOMs, 12/44 causes (11/44 at 942a5af; truth among the alternatives 20/44, 18 at
  // e2169d0), 0 wrong fixes, 132/166 facts. 65 of its 140 logs are prose only (no error line): 26 of its
  // 28 kind misses are among them; on the 75 with an error line, kind is 73/75.
  // Tuned on it (round15-forms.test.ts): tt-metal's DRAM buffer is the device's, the kernel OOM
  // killer's line the host's (allocation/generic.ts), bash's job report with its "line N:" prefix lost
  // (host/exits.ts), an OOM in the user's sentence with no device word, or the memory said to run out
  // (allocation/generic.ts): 120/140.
  // Round 18 (round18-forms.test.ts): a bare "out of memory"/"OOM" with no side named is the device's: 123/140, 23/44;
  // a limit named by its setting ("exceeds max-model-memory"): 124/140.
  // Round 20 (round20-forms.test.ts, designed on a random half of the spent title/prose misses): the
  // failure as an outcome, the memory used up, a subject that ran out, a kill told in words as a bare
  // kill: 134/140; Vulkan-Hpp's ErrorOutOfHostMemory, an exception quoted inline: 135/140; OOM as a verb: 136/140, 28/41.
  // Session 18: 136 -> 135, a one-line question about "bigger images" that shows no ML or GPU work now
  // reads its bare "out of memory" as the host's (allocation/generic.ts mlSeenFactRule).
  'heldout-15': { kindRight: 135, falseOoms: 0, causesRight: 27, wrongFixes: 0, factsRight: 132 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-16-RESULT.md), at the session's start (9ae182e)
  // and round 16's freeze (19992d8): 134/155 (86.5%), 1 false OOM, 15/48 causes at the start and 23/48
  // at the freeze (truth among the alternatives 35/48), 0 wrong fixes, 157/163 facts; main when it was
  // folded in (8a96727) gave the same. 25 of its 155 logs are prose or title only: 9 of its 21 kind
  // misses are among them; on the 130 with a printed line, kind is 118/130.
  // Tuned on it (round17-forms.test.ts; tuned figures, the slice is spent): a device allocator's
  // bad_alloc (RAPIDS RMM's, Thrust's CUDA backend's) is the device's (allocation/rules.ts): 138/155;
  // one request past Metal's one-buffer limit in MLX's bare words and ggml-metal's, Faiss's assertion on
  // the cudaMalloc call: 141/155, 24/48 causes; torch's "Allocation on device" ending a line (a ComfyUI
  // title), a GPU named by its product line (Intel Arc, GeForce, Radeon; allocation/generic.ts): 143/155;
  // YARN's kill at the container's memory is its limit (host/explain-limits.ts): causes 27/48; gcc's
  // "Killed signal terminated program" (host/exits.ts), OpenCL's status in any case: 145/155, 28/48.
  // Round 18 (round18-forms.test.ts): an OOM told as an event ("suddenly OOM happened"), an error's words
  // retold ("an error saying tensorflow ran out of memory"): 147/155, 29/48; a question after the phrase that
  // asks for a fix, TensorFlow's large-allocation warning beside a notebook kernel's death: 149/155.
  // Round 20: a memory allocation that "fails" after a crash told (round20-forms.test.ts): 150/155.
  // detectron2's "to CPU due to CUDA OOM" (pytorch/rules.ts): 151/155, 34/48.
  // Session 20 (doctor-causes): free past the request within the card's last blocks is a full card,
  // read by its fill (pytorch/numbers.ts isFullToLastBlocks): causes 34 -> 36.
  // Session 21 (doctor-causes): rule 9 applied to two whole logs that are a bare status labelled with the
  // thread's cause, both read right by the default reading (test/corpus/RELABELS.md): causes 36 -> 34.
  'heldout-16': { kindRight: 151, falseOoms: 1, causesRight: 34, wrongFixes: 0, factsRight: 159 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-17-RESULT.md): the session's start (9ae182e)
  // gave 104/135 (77.0%), 6 false OOMs, 8/27 causes (truth among the alternatives 13/27), 0 wrong
  // fixes, 39/42 facts; round 17's freeze (19992d8, and fb4f010 the same) 104/135, 6, 12/27 (14/27),
  // 0, 39/42; the session's last rules (main 56a56ba, when it was folded in) 105/135 (77.8%), 6,
  // 12/27 (14/27), 0, 39/42. Of the six false OOMs, five are cffi's "MemoryError: Cannot allocate
  // write+execute memory for ffi.callback()" (a refusal of W+X pages, not memory exhausted) and one a
  // title-only std::bad_alloc from misused ggml_allocr_free (llama.cpp#4928). 7 of its 135 logs are
  // prose or title only: 3 of its 30 kind misses are among them; on the 128 with a printed line, kind
  // is 100/128 at the freeze, 101/128 at the last rules. Then, tuned on it (round17-forms.test.ts):
  // cffi's write+execute refusal is a near miss (near-miss/rules.ts): 110/135, 1 false OOM.
  // Round 18 (round18-forms.test.ts): a whole "CUDA out of memory" line above lines that do not continue
  // it, a bare "OOM" with no side named, "bad allocation" (CatBoost, LightGBM, ML.NET), 炸显存/显存占满:
  // 122/135, 14/27; Caffe2's "cudaSuccess. 2 vs 0", a question that asks for a fix, earlyoom v0.9-1.2's
  // bracketed share of RAM: 125/135.
  // Round 20: "the cause of my OOM issues", an OOM the user owns (round20-forms.test.ts): 126/135.
  // Session 18: rule 9 applied to 3 title-only bare statuses labelled with the thread's cause
  // (test/corpus/RELABELS.md), no rule changed: causes 17/23 -> 15/20.
  'heldout-17': { kindRight: 126, falseOoms: 1, causesRight: 15, wrongFixes: 0, factsRight: 39 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-18-RESULT.md): the session's start (29b3d70)
  // gave 106/122 (86.9%); round 18's freeze (31d3b30), the never-seen figure, 109/122 (89.3%), 0 false
  // OOMs, 7/18 causes (truth among the alternatives 15/18), 0 wrong fixes, 126/146 facts; main when it
  // was folded in (5503d5f) gave the same. 18 of its 122 logs are title or prose only: 2 of its 13
  // kind misses are among them; on the 104 with a printed line, kind is 97/104.
  // Tuned on it (round19-forms.test.ts; tuned figures, the slice is spent): full-width parentheses and
  // colon folded (paste.ts), torch's DataLoader worker reports retyped or kept as the raise's source
  // line, bash's job report and the shell's word retold (host/exits.ts), nohang's corrective action
  // (host/kill.ts), managedCuda's NPP "Device allocation error" and the driver's CUresult 2
  // (allocation/rules.ts): 118/122, 9/18 causes (17/18 among the alternatives), 129/146 facts; a spill
  // past a nominal 4 GB card's whole memory is the card (pytorch/explain.ts): 10/18; ollama's
  // "available" is the host's free memory, the kernel's kill line with its pid redacted (host/rules.ts):
  // 11/18, 137/146 facts; DeepSpeed's launcher killing its ranks after a child ended with no error of
  // its own, a bare kill (host/exits.ts, resolve.ts resolveLauncherKill): 120/122, 139/146 facts.
  // Round 20: a title naming the failure or a kill (round20-forms.test.ts): 122/122.
  'heldout-18': { kindRight: 122, falseOoms: 0, causesRight: 11, wrongFixes: 0, factsRight: 139 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-19-RESULT.md), never seen by any of the session's
  // four rules engineers: the session's start (29b3d70) gave 93/112 (83.0%); round 18's freeze (31d3b30)
  // 97/112 (86.6%), 0 false OOMs, 11/23 causes (truth among the alternatives 14/23), 0 wrong fixes,
  // 135/137 facts; the session's last rules (e11620d, after the second shift on heldout-18) the same.
  // Session 17 relabelled 13 spent host logs by settled rules 2 and 8 (test/corpus/RELABELS.md), no rule
  // changed: heldout-15 causes 23/44 -> 27/41, heldout-17 15/27 -> 16/23, heldout-19 11/23 -> 12/23 (the
  // measured-once figure stays 11/23: a refused CPU allocation, labelled by the thread's batch, is host_allocation).
  // Round 20 (round20-forms.test.ts, tuned on the spent slice): titles, outcomes, the memory used up, kills
  // told in words: 106/112, 17/23 causes with the relabels (20/23 among the alternatives), 136/137 facts;
  // a kill by the OS, XLA's allocation after the CPU platform is named: 108/112; the phrase with a doubled
  // space: 109/112, 18/23.
  // Session 18: rule 9 applied to 2 title-only bare statuses (test/corpus/RELABELS.md): 18/23 -> 17/21.
  'heldout-19': { kindRight: 109, falseOoms: 0, causesRight: 17, wrongFixes: 0, factsRight: 136 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-20-RESULT.md), never seen by session 17's rules
  // engineers (doctor-rules: kind; doctor-causes: causes): the session's start (9f6bc30) and the freeze
  // (53c6be8) give the same figure (one miss read "can't tell" at the start, the host's OOM at the freeze):
  // 103/119 (86.6%), 1 false OOM (a DeepSpeed rank's segmentation fault, return code -11, read as a host
  // OOM), 8/10 causes (8/10 among the alternatives), 0 wrong
  // fixes, 122/136 facts. Second shift (heldout20-forms.test.ts, built on a random half of its 16 kind
  // misses, the other half aside): 109/119 (91.6%), 1 false OOM, 9/10 causes, 123/136 facts — the
  // built-on half moved 6 of 8, the aside half 0 of 8 (so these are the spent slice's figures, not
  // a never-seen one's); then DeepSpeed's launcher after a rank's own signal other than SIGKILL
  // (resolve.ts resolveLauncherKill; the form the lead's measurement named, its file in the aside
  // half): 110/119 (92.4%), 0 false OOMs.
  // Session 19 (doctor-rules, kind by structure; kind-structure.test.ts): 110 -> 115 (the admission and
  // bare-exception grammars, a source-located line kept apart from a wrap, the kernel's Mem-Info report, a
  // BFC dump's device, a pinned host allocator's side). Session 27: Torch7's "you tried to reallocate 11GB"
  // read as its request (THGeneral.c THRealloc): facts 124 -> 126.
  'heldout-20': { kindRight: 117, falseOoms: 0, causesRight: 9, wrongFixes: 0, factsRight: 126 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-21-RESULT.md), never seen by any of session 17's
  // rules engineers (doctor-rules, doctor-causes, then doctor-h20's second shift on heldout-20): the
  // session's start (9f6bc30), the freeze (53c6be8) and the session's last rules (86178ca) give the same
  // figure, file by file: 99/113 (87.6%), 1 false OOM (a simulator's lost device, its message listing
  // out of memory among the reasons), 8/16 causes (11/16 among the alternatives), 0 wrong fixes, 82/102 facts.
  // Session 18 (spent since): 99 -> 104, five bare "out of memory" lines from programs outside ML read
  // as the host's (allocation/generic.ts mlSeenFactRule), causes 8 -> 9.
  // Session 19 (doctor-rules): 104 -> 111, 1 -> 0 false OOMs (a lost device; "out of memory" listed as a
  // possible reason; the JVM's heap error; the admission grammar; ggml's Metal prefix; a field's value).
  // Session 19 (doctor-causes): causes 10 -> 11, the same request past a common card.
  'heldout-21': { kindRight: 111, falseOoms: 0, causesRight: 11, wrongFixes: 0, factsRight: 85 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-22-RESULT.md), never seen by any of session 18's
  // rules engineers (doctor-rules, doctor-causes, then doctor-h23's second shift on heldout-23): the
  // session's start (d91df5c) gave 94/111 (84.7%); the freeze (6aa9aff) and the session's last rules
  // (ef83280) give the same figure, file by file: 96/111 (86.5%), 2 false OOMs, 8/17 causes (11/17 among
  // the alternatives), 0 wrong fixes, 46/61 facts.
  // Session 19 (doctor-rules): 96 -> 106, 2 -> 1 false OOMs (the driver's soft-check trace; the kill
  // grammar; the admission grammar; a bare MemoryError; a detector's verdict; torch's C++ worker death).
  // Then 106 -> 108, 1 -> 0 false OOMs: a bare kill beside a measurement that memory stayed available is
  // can't tell (resolve.ts resolveKillWithMemoryFree); a paste cut inside "CUDA out of memory" at its end.
  // Lowered 108 -> 106 (and the false OOM back) by the lead's revert of 0d2b6dcf at the session's end: that
  // rule broke wrapped.test.ts (one PyTorch message cut at every column changed cause).
  // Session 21 (doctor-rules): the kill-with-memory-free half of 0d2b6dcf back alone (its cut half was what
  // broke wrapped.test.ts): 106 -> 107, 1 -> 0 false OOMs.
  // Session 21 (doctor-causes): settled rule 3 on one header (a pod OOM killed is memory_limit, not
  // memory_cap; RELABELS.md) and a pod's OOM kill told in words read as its limit: causes 8 -> 9.
  'heldout-22': { kindRight: 108, falseOoms: 0, causesRight: 9, wrongFixes: 0, factsRight: 46 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-23-RESULT.md), never seen by session 18's rules
  // engineers (doctor-rules: kind; doctor-causes: causes): the session's start (d91df5c) gave 75/113
  // (66.4%); the freeze (6aa9aff), the never-seen figure, 90/113 (79.6%), 3 false OOMs, 3/20 causes
  // (8/20 among the alternatives), 0 wrong fixes, 21/28 facts. Drawn by the language, runtime or host
  // program the job ran in: most of it is host memory in programs outside ML.
  // Second shift (spent since; doctor-h23): 90 -> 93, Ray 2.0's "System memory low at node ... killing
  // latest task" monitor kill, and an Emscripten heap abort outside a physics port read as the host's;
  // causes 3 -> 4; 93 -> 96, the shell's "Killed" glued to conda's spinner or ending with a full stop.
  // Session 19 (doctor-rules): 96 -> 105, 3 -> 1 false OOMs (a lost device; the JVM's heap error; the kill
  // grammar; WebGPU as a device).
  // Session 21 (doctor-rules): 105 -> 106, the OOM killer told acting ("the linux oom killer kicks-in").
  // Session 21 (doctor-causes): settled rules 3 and 8 on three headers labelled memory_cap (a cgroup's kill
  // is memory_limit; ENOMEM and MATLAB's refusal with no job limit in the log are host_allocation;
  // RELABELS.md), which doctor already read so: causes 7 -> 10.
  'heldout-23': { kindRight: 106, falseOoms: 1, causesRight: 11, wrongFixes: 0, factsRight: 21 },
  // Measured once, 2026-11-28, by the lead (see HELDOUT-25-RESULT.md), never seen by session 19's rules
  // engineers (doctor-rules: kind; doctor-causes: causes): the session's start (8b6c536) and main at 11:17 UTC
  // (4156e597) give the same figure, file by file: 76/113 (67.3%), 0 false OOMs, 2/3 causes (2/3 among the
  // alternatives), 0 wrong fixes, 27/33 facts. Drawn by the repository the user ran; 70 of its 98 memory logs
  // are labelled from the reporter's words, 8 are a title alone. Spent since: doctor-h25's second shift.
  // heldout-25's second shift: the retold grammar (heldout25-forms.test.ts: "OOM" met with no noun after
  // it, "there is OOM", "causing OOM", a memory run out of or exceeded by its owner or size, a when-clause's
  // main clause, a question spliced on after a comma; the device by "graphic memory", a data-centre GPU's
  // name, 显存; ML work by the training step's words and a model family's name) 76 -> 93; a title's
  // settings list then "OOM on <GPU>", the OOM as a title's closing aside, TensorFlow's OOM hint without
  // its failure line, the failure after a Chinese verb of reporting (doctor-h25's fbb5b041, landed in
  // session 20 by doctor-rules): 93 -> 96 (no file moved elsewhere; heldout-24 81 -> 81).
  // Measured by the lead, 2026-11-28, never seen by any of session 19's rules engineers (doctor-rules,
  // doctor-causes, doctor-h25; see HELDOUT-24-RESULT.md): the session's start (8b6c536), the freeze (67ba7b93)
  // and the session's last rules (75309bc8) give the same figure, file by file: 81/109 (74.3%), 1 false OOM,
  // 5/15 causes (8/15 among the alternatives), 0 wrong fixes, 24/28 facts. Drawn on the issue's breadth
  // matrix; 40 of its files are the reporter's words only (21 right), the 69 with program output 60 (87.0%).
  // doctor-rules2 (session 21): a launcher's return code -7 (SIGBUS), TGI's KV block pool, nvJPEG's
  // allocator status, Vulkan's status without VK_: heldout-24 81 -> 82, heldout-28 68 -> 71, heldout-29 53 -> 54.
  'heldout-24': { kindRight: 82, falseOoms: 1, causesRight: 5, wrongFixes: 0, factsRight: 24 },
  // Session 21 (doctor-rules): 96 -> 97, a kill told with its auxiliary dropped ("process killed without
  // explanation"); 97 -> 98, Chinese 会 after an adverb of persistence ("仍然会在训练几十步后报 OOM") a report.
  'heldout-25': { kindRight: 98, falseOoms: 0, causesRight: 2, wrongFixes: 0, factsRight: 27 },
  // Measured by the lead, 2026-11-28, never seen by session 20's rules engineers (doctor-rules: kind and the
  // paste normaliser; doctor-causes; see HELDOUT-26-RESULT.md and HELDOUT-27-RESULT.md): the session's start
  // (12ae1450), the freeze (52bf4b05) and the session's last rules (aac69232) give the same figures, file by
  // file. heldout-26 (110 GitHub threads on the issue's breadth matrix, every file holding program output):
  // 103/110 (93.6%), 0 false OOMs, 10/14 causes (10/14 among the alternatives), 155/172 facts; 1 wrong fix
  // as judged then (a wrapped PyTorch hint read as the setting applied; the judge reads advice across a
  // wrapped paragraph since 35817caa, so 0 now). heldout-27 (104 threads from user repositories and forums,
  // every file holding program output): 97/104 (93.3%), 1 false OOM (a gunicorn worker timeout whose kill
  // line says "Perhaps out of memory?"), 9/13 causes (11/13 among the alternatives), 0 wrong fixes, 115/134.
  // Session 21 (doctor-causes): a request of the card's whole total is its shape, read from the report that
  // gives the figures (figures-read.test.ts); a program's refusal to load for want of free RAM is
  // host_allocation, not a kill: causes 10 -> 12.
  // Session 21 (doctor-rules, session21-forms.test.ts): heldout-26 103 -> 105 ("exits with code 137"; the
  // shell's "Killed" glued to a log line's figure); heldout-27 97 -> 101, 1 -> 0 false OOMs (gunicorn's
  // WORKER TIMEOUT names the sender; XLA's pinned host allocator; torchelastic's SIGBUS; TensorFlow's OOM
  // with its first letter lost). Then heldout-26 105 -> 107 (MPS's OOM message with its head cut; Arrow's
  // "realloc of size N failed"), heldout-27 101 -> 103 ("RuntimeError bad allocation"; /dev/shm told used up).
  'heldout-26': { kindRight: 107, falseOoms: 0, causesRight: 12, wrongFixes: 0, factsRight: 155 },
  'heldout-27': { kindRight: 103, falseOoms: 0, causesRight: 9, wrongFixes: 0, factsRight: 115 },
  // Measured by the lead, 2026-11-28, never seen by session 21's rules engineers (doctor-rules: kind;
  // doctor-causes; see HELDOUT-28-RESULT.md and HELDOUT-29-RESULT.md): the session's start (f694519e), the
  // freeze (499b3d06) and the session's last rules (844a819a) give the same figures, file by file.
  // heldout-28 (77 GitHub threads drawn by repository, seed 28, every file holding program output): 68/77
  // (88.3%), 0 false OOMs, 3/3 causes, 0 wrong fixes, 23/28 facts. heldout-29 (60 GitHub threads drawn by a
  // query plan, seed 29): 53/60 (88.3%), 0 false OOMs, 2/3 causes, 0 wrong fixes, 19/24 facts.
  // Session 22 (vocabulary-sources.test.ts): heldout-28 71 -> 73 (DALI's CUDABadAlloc, "CUDA allocation failed").
  'heldout-28': { kindRight: 73, falseOoms: 0, causesRight: 3, wrongFixes: 0, factsRight: 23 },
  'heldout-29': { kindRight: 57, falseOoms: 0, causesRight: 2, wrongFixes: 0, factsRight: 19 },
  // Session 22 (see HELDOUT-30-RESULT.md): gathered by the lead after the session's last rule change
  // (2fe04a1d, the vocabulary from the programs' sources), measured once there and at the session's start
  // (be39fa2c): the same figures, file by file. 24 GitHub threads by a query plan (seed 30): 19/24 (79.2%),
  // 0 false OOMs, 3/5 causes, 0 wrong fixes, 7/14 facts; the 5 misses are all among the 14 files flagged
  // unsure before the measurement.
  // After the measurement: 19 -> 20 (abseil's "*** SIGBUS received at time=", host/shm-rules.ts).
  'heldout-30': { kindRight: 21, falseOoms: 0, causesRight: 3, wrongFixes: 0, factsRight: 8 },
  // Session 22 (see HELDOUT-31-RESULT.md): gathered by doctor-gather (42 threads of 39 uncited ML repositories,
  // seed 31), landed after every rule of the session; measured once at the session's start (be39fa2c) and at
  // 22069061: the same figures, file by file. 40/42 (95.2%), 0 false OOMs, 6/6 causes, 0 wrong fixes, 64/67 facts;
  // both misses among the 27 files flagged unsure before the measurement.
  // After the measurement: 40 -> 41 (OpenGL's GL_OUT_OF_MEMORY description, allocation/generic.ts).
  'heldout-31': { kindRight: 41, falseOoms: 0, causesRight: 6, wrongFixes: 0, factsRight: 64 },
  // Session 23 (see HELDOUT-32-RESULT.md, HELDOUT-33-RESULT.md and HELDOUT-34-RESULT.md): three slices gathered
  // while the session's rules changed (the host vocabulary), by engineers who changed no rule, measured once after
  // the last rule change (main 7996a04f) and at the session's start (ad1b6c9e): the same figures, file by file.
  // heldout-32 (80 threads, seed 32, doctor-gather): 79/80 (98.8%), 0 false OOMs, 16/21 causes, 0 wrong fixes,
  // 82/94 facts. heldout-33 (28 threads, seed 33, the lead): 20/28 (71.4%), 1 false OOM (a bare bus error its
  // maintainer put down to alignment, read as /dev/shm by the settled bus-error rule), 2/2 causes, 18/21 facts.
  // heldout-34 (23 threads, seed 34, doctor-gather34): 20/23 (87.0%), 0 false OOMs, 4/6 causes, 15/23 facts.
  // 11 of the 12 kind misses are among the files flagged unsure before the measurement.
  // After the measurement: heldout-33 20 -> 21 (glog's CHECK_EQ on posix_memalign failing with 12, ENOMEM: legacy
  // Paddle's CpuAllocator, host/exits.ts; vocabulary-host.test.ts has it with its EINVAL look-alike).
  'heldout-32': { kindRight: 79, falseOoms: 0, causesRight: 16, wrongFixes: 0, factsRight: 83 },
  'heldout-33': { kindRight: 21, falseOoms: 1, causesRight: 2, wrongFixes: 0, factsRight: 18 },
  'heldout-34': { kindRight: 22, falseOoms: 0, causesRight: 4, wrongFixes: 0, factsRight: 15 },
  // Session 24 (see HELDOUT-35-RESULT.md and HELDOUT-36-RESULT.md): two slices gathered while the session's rules
  // changed (doctor-rules: evidence printed only after a failed allocation, the failure line missing said as such),
  // by engineers who changed no rule, measured once after the last doctor rule change (main 07599a7d) and at the
  // session's start (d4678dfb). heldout-35 (118 threads, seed 35, doctor-gather: topic queries and 60 uncited
  // repositories): 110/118 (93.2%; 109 at the start), 0 false OOMs, 15/19 causes, 0 wrong fixes, 111/129 facts.
  // heldout-36 (60 threads, seed 36, doctor-gather36: the 40 most-used ML repositories): 52/60 (86.7%; 50 at the
  // start), 0 false OOMs, 3/6 causes, 0 wrong fixes, 34/45 facts. All 16 kind misses were flagged unsure before
  // the measurement.
  // Session 30 (doctor-fo5): the NPU runtime's ENOMEM (rknn-llm#62) read as the device's: 115 -> 116.
  'heldout-35': { kindRight: 116, falseOoms: 0, causesRight: 15, wrongFixes: 0, factsRight: 111 },
  'heldout-36': { kindRight: 55, falseOoms: 0, causesRight: 3, wrongFixes: 0, factsRight: 34 },
  // Session 25 (see HELDOUT-37-RESULT.md and HELDOUT-38-RESULT.md): two slices gathered while the session's rules
  // changed (doctor-rules: the API status-code grammar and the kill grammar; doctor-causes: causes and fixes), by
  // engineers who changed no rule, measured once after the last doctor rule change (main 728d4ce0) and at the
  // session's start (58f9424e); the figures are the same at both commits. heldout-37 (88 threads, seed 37,
  // doctor-gather: topic queries and long-tail repositories): 84/88 (95.5%), 0 false OOMs, 9/17 causes, 0 wrong
  // fixes, 75/77 facts. heldout-38 (32 threads, seed 38, doctor-gather38: the newest hardware and releases,
  // 2024-2026): 31/32 (96.9%), 0 false OOMs, 1/1 causes, 0 wrong fixes, 39/43 facts.
  // After the measurement (the lead): the status grammar reads nvdiffrast's "Cuda error: 2[cudaMalloc(...);]"
  // (heldout-37 84 -> 85) and the kill grammar pytest-forked's "running the test CRASHED with signal 9"
  // (heldout-38 31 -> 32); each moved only the file that showed its spelling.
  'heldout-37': { kindRight: 86, falseOoms: 0, causesRight: 9, wrongFixes: 0, factsRight: 75 },
  'heldout-38': { kindRight: 32, falseOoms: 0, causesRight: 1, wrongFixes: 0, factsRight: 39 },
  // Session 26 (see HELDOUT-39-RESULT.md and HELDOUT-40-RESULT.md): two slices gathered while the session's rules
  // changed (doctor-rules: whole-corpus kind forms; doctor-causes: batch-first readings and fixes built knowing
  // what the log shows), by engineers who changed no rule, measured once after the last doctor rule change (main
  // 18afbb85; doctor's last commit a79ca31e) and at the session's start (68e65310); the figures are the same at
  // both commits. heldout-39 (99 threads, seed 39, doctor-gather: failure wordings x contexts and repositories
  // found by name): 89/99 (89.9%), 1 false OOM, 18/24 causes, 0 wrong fixes, 29/38 facts. heldout-40 (54
  // threads, seed 40, doctor-gather40: threads found by the messages programs print): 51/54 (94.4%), 1 false
  // OOM, 4/5 causes, 0 wrong fixes, 33/39 facts.
  // After the measurement (the lead): the shell's "Killed" line with the user's closing quote after it
  // (heldout-39 89 -> 90); it moved only the file that showed the form. Session 27 (doctor-rules): an
  // application's hedged guess ("This usually means it ran out of memory") is no report (heldout-39 90 -> 91,
  // its false OOM gone). Session 27 (doctor-causes): kills read by their killer's own report, Xcode's app
  // killed for memory and cgroup v1's memory+swap counter at its limit: causes 18 -> 21. Session 27
  // (doctor-rules): the C heap's allocator named on the failure line is the host's (CTranslate2's
  // "mkl_malloc: failed to allocate memory" in a CUDA run: 91 -> 92, causes 21 -> 22); the shell's
  // "Killed" in the user's locale folded to English by the paste normaliser, and retold after a verb of
  // meeting ("it always hits 已杀死"): 92 -> 93; /dev/shm's shortage in a program's own words ("Insufficient
  // space in /dev/shm: 160 MiB required, 64 MiB free"): 93 -> 94, causes 22 -> 23; Slurm's OUT_OF_MEMORY
  // state not read after another program's "error:" (a device's status enum): 94 -> 95.
  'heldout-39': { kindRight: 95, falseOoms: 0, causesRight: 23, wrongFixes: 0, factsRight: 29 },
  // Session 27 (doctor-rules): Accelerate's "No executable batch size found, reached zero." (its batch
  // finder's last word after halving on each OOM) read as the device's, batch already at 1: 51 -> 52.
  'heldout-40': { kindRight: 52, falseOoms: 1, causesRight: 4, wrongFixes: 0, factsRight: 33 },
  // Session 27 (see HELDOUT-41-RESULT.md): gathered while the session's first round of rules changed
  // (doctor-rules: a program's hedged guess, C-heap allocators, the localized "Killed", /dev/shm in a
  // program's words, Accelerate's finder at zero, Slurm's state; doctor-causes: killers' own reports, PyTorch
  // before 2.1's unlisted gap, Ollama's plan, the BFC fragmentation hint), by engineers who changed no rule,
  // measured once after that round (main a864ded2) and at the session's start (96a0583f); the figures are the
  // same at both. 100 threads: 2 pages outside GitHub (seed 41, doctor-gather41: the pages corpus is nearly all
  // AI-written explainers) and 98 from ML libraries and apps outside Python's mainstream stacks (seed 411,
  // doctor-gather41b: Julia, R, Rust, C/C++, Java, JS, Swift/MLX, .NET, Go): 86/100 (86.0%), 1 false OOM, 3/6
  // causes, 0 wrong fixes, 28/55 facts. Round two: a runtime's maximum heap (the JVM's -Xmx, ART's per-app
  // heap) is memory_limit (CORPUS-FORMAT rule 10): 5/6 causes. LLDB's EXC_RESOURCE RESOURCE_TYPE_MEMORY stop read
  // as the process's own limit, ONNX Runtime's arena in a Windows build with no GPU provider read as the host's
  // (doctor-rules2): 89/100, 6/6 causes. The figures other runtimes print (ggml-cuda's and Faiss's "on device
  // N", ART's "N free bytes") and a Ray/vLLM prefix's pid read: 30/55 facts (whole corpus 4493 -> 4512 of
  // 4906; the floors of logs and heldout-4 .. -41 raised where they moved). A bare "out of memory" thrown
  // through a JavaScript stack read as the engine's heap: 90/100. A user's bare "memory error" beside a
  // segmentation fault read as that fault (the JVM's SIGSEGV in Graphene): 91/100, 0 false OOMs. An allocation
  // of a buffer or a tensor that failed, the grammar's noun ("Alloc buffer error for cpu backend"): 92/100.
  // Session 30 (doctor-fo5): TensorFlow Lite Micro's tensor arena read as the board's own memory: 96 -> 97.
  'heldout-41': { kindRight: 97, falseOoms: 0, causesRight: 6, wrongFixes: 0, factsRight: 30 },
  // Session 27 (see HELDOUT-42-RESULT.md): held out through both of the session's rounds of rule changes,
  // gathered by engineers who changed no rule, measured once at the session's start (96a0583f), after the first
  // round (a864ded2) and after the second (1b6ff502, fitted to heldout-41's misses: other runtimes' host
  // failures); the kinds are the same at all three, file by file. 114 threads: 52 found by the symptom in the
  // user's own words (seed 42, doctor-gather42) and 62 from RL, robotics and simulation projects (seed 421,
  // doctor-gather42b): 93/114 (81.6%), 1 false OOM, 10/15 causes, 0 wrong fixes, 53/73 facts.
  'heldout-42': { kindRight: 93, falseOoms: 1, causesRight: 10, wrongFixes: 0, factsRight: 53 },
  // Session 28 (see HELDOUT-43-RESULT.md): gathered by three engineers who changed no rule (17 threads from
  // 2024-2026 LLM and diffusion training stacks, seed 43; 67 from vision, audio, tabular, graph and scientific ML,
  // seed 431; 49 from HPC, cluster and scientific ML codes, seed 432), labelled blind by two more from the text
  // alone (test/corpus/blind/), measured once at the session's start (80da9acf: 117/133, 1 false OOM, 9/19
  // causes) and once after its rules (d3a4e010: the kill token, the need-against-have shape, the reporter's
  // account): 119/133 (89.5%), 1 false OOM, 10/19 causes, 0 wrong fixes, 124/145 facts.
  // Session 30 (doctor-fo5): RMM's RMM_ERROR_OUT_OF_MEMORY before the MemoryError cuDF raises it as: 127 -> 128.
  'heldout-43': { kindRight: 128, falseOoms: 1, causesRight: 10, wrongFixes: 0, factsRight: 124 },
  // Session 28's second slice (see HELDOUT-44-RESULT.md): 13 threads opened in 2025-2026 (seed 44; the newest
  // threads were mostly in the corpus already), labelled blind too, held out through the session's second round
  // (doctor-grammar2: a runtime's status string with its code, paste spacing, one slip in the grammar's words;
  // doctor-sim2: engines' own memory words), measured at its start (5fe0a038) and after it (6dc84a86): 11/13 at
  // both, 0 false OOMs, 1/2 causes, 0 wrong fixes, 9/12 facts.
  'heldout-44': { kindRight: 11, falseOoms: 0, causesRight: 1, wrongFixes: 0, factsRight: 9 },
  // Session 29's slices (see HELDOUT-45-RESULT.md, HELDOUT-46-RESULT.md), held out through the session's round of
  // rules (doctor-gpu3, doctor-host3, doctor-side3) and measured at its start (2862d09d) and after it (056afdc5):
  // the same file by file. heldout-45 (RL/simulation, inference engines and non-NVIDIA backends; forums; research
  // code in new repositories): 96/117, 2 false OOMs, 8/12 causes, 0 wrong fixes, 67/88 facts. heldout-46 (research
  // code, new repositories only): 54/64, 0 false OOMs, 6/11 causes, 0 wrong fixes, 48/56 facts.
  'heldout-45': { kindRight: 96, falseOoms: 2, causesRight: 8, wrongFixes: 0, factsRight: 67 },
  'heldout-46': { kindRight: 54, falseOoms: 0, causesRight: 6, wrongFixes: 0, factsRight: 48 },
  // Session 29's third slice (see HELDOUT-47-RESULT.md): 2023-2026 threads from ML repositories new to the corpus,
  // held out through the session's second round of rules (doctor-fo4, doctor-host4, doctor-device4), measured at its
  // start (689fcea5) and after it (14f2527b): 55/57 at both, 0 false OOMs, 13/15 causes, 0 wrong fixes, 108/112 facts.
  // Session 30 (doctor-fo5): the request set in bold ("Tried to allocate **137.36 GiB.**") read: causes 13 -> 14.
  'heldout-47': { kindRight: 55, falseOoms: 0, causesRight: 14, wrongFixes: 0, factsRight: 108 },
  // Session 30's slices (see HELDOUT-48-RESULT.md, HELDOUT-49-RESULT.md), held out on branches through the
  // session's round of rules (doctor-host5, doctor-gpu5, doctor-fo5) and measured at its start (38c36e44) and after
  // it (5b54e589): the same file by file. heldout-48 (2023-2026 threads, ML repositories new to the corpus):
  // 54/61, 1 false OOM, 5/5 causes, 0 wrong fixes, 40/44 facts. heldout-49 (RL/simulation, engines, non-NVIDIA
  // backends, killers other than the kernel): 49/62, 2 false OOMs, 3/4 causes, 0 wrong fixes, 19/27 facts.
  'heldout-48': { kindRight: 54, falseOoms: 1, causesRight: 5, wrongFixes: 0, factsRight: 40 },
  'heldout-49': { kindRight: 49, falseOoms: 2, causesRight: 3, wrongFixes: 0, factsRight: 19 },
};

for (const part of testCorpusParts) {
  test(`the project corpus (test/corpus/${part})`, (t) => {
    if (readPart(part).length === 0) {
      t.skip(`no logs in ${partDir(part)}`);
      return;
    }
    const { figures } = printFigures(t, part);
    const floor = measured[part];
    const kindBar = Math.min(Math.ceil(issueBars.kindAccuracy * figures.files), floor.kindRight);
    assert.ok(
      figures.kindRight >= kindBar,
      `kind right ${figures.kindRight}/${figures.files}, at least ${kindBar}`,
    );
    assert.ok(
      figures.falseOoms <= floor.falseOoms,
      `false OOMs ${figures.falseOoms}, at most ${floor.falseOoms}`,
    );
    assert.equal(figures.wrongFixes, 0, 'no fix repeats what the log shows done or contradicts its figures');
    const causeBar = Math.min(Math.ceil(issueBars.causeAccuracy * figures.causesJudged), floor.causesRight);
    assert.ok(
      figures.causesRight >= causeBar,
      `causes right ${figures.causesRight}/${figures.causesJudged}, at least ${causeBar}`,
    );
    assert.ok(
      figures.factsRight >= floor.factsRight,
      `facts right ${figures.factsRight}, at least ${floor.factsRight}`,
    );
  });
}

test('the project corpus, whole (test/corpus/logs, heldout, heldout-2 .. heldout-49)', (t) => {
  const cases = testCorpusParts.flatMap((part) => readPart(part));
  if (cases.length === 0) {
    t.skip('no logs in test/corpus');
    return;
  }
  const figures = figuresOf(cases.map((c) => judgeCase(c)));
  t.diagnostic(
    `kind right ${figures.kindRight}/${figures.files} (${(figures.kindAccuracy * 100).toFixed(1)}%)`,
  );
  // The issue asks 98%; round 3: 442/457 (96.7%); round 4, with heldout-3: 606/622 (97.4%); round 5,
  // with heldout-4 and relabelled: 775/790 (98.1%), at the issue's bar; with heldout-5 folded in as
  // measured once (111/122): 886/912 (97.1%), below it; round 6, relabelled and tuned on heldout-5 too:
  // 896/912 (98.2%); with heldout-6 folded in as measured once (104/124): 1000/1036 (96.5%), below it;
  // round 7, tuned on heldout-6 too: 1020/1036 (98.5%); with heldout-7 folded in as measured once
  // (130/141): 1150/1177 (97.7%), below it; round 8, tuned on heldout-7 too: 1161/1177 (98.6%); with
  // heldout-8 folded in as measured once (100/124): 1261/1301 (96.9%), below it; tuned on heldout-8
  // too (114/124): 1275/1301 (98.0%), at the issue's bar; round 9 (the last-resort reading,
  // allocation/generic.ts): 1280/1301 (98.4%); with heldout-9 folded in as measured once (103/109):
  // 1383/1410 (98.1%); tuned on heldout-9 too: 1386/1410 (98.3%); round 10 (host kills told in the
  // user's words): 1392/1410 (98.7%); with heldout-10 folded in as measured once (122/128):
  // 1514/1538 (98.4%); tuned on heldout-10 too (127/128): 1519/1538 (98.8%). Round 11: 1521/1538;
  // with heldout-11 folded in as measured once (128/134): 1649/1672 (98.6%); tuned on heldout-11 too
  // (134/134): 1655/1672 (99.0%). Round 12 (a device OOM retold in the user's sentence): 1656/1672;
  // with heldout-12 folded in as measured once (151/160): 1807/1832 (98.6%); tuned on heldout-12 too
  // (159/160): 1815/1832 (99.1%); with heldout-13 folded in as measured once (110/112): 1925/1944 (99.0%); tuned on
  // heldout-13 too (111/112): 1926/1944 (99.1%).
  // Round 14 (the kernel's task-table rows alone): 1928/1944 (99.2%); with heldout-14 (117/128) and
  // heldout-15 (112/140) folded in as measured once: 2157/2212 (97.5%), below the issue's bar; round 15,
  // tuned on them (round15-forms.test.ts): 2169/2212 (98.1%), at it, 2 false OOMs (3 before).
  // Round 16 (round16-forms.test.ts): fairseq's skipped batch and a sentence typed with no space after
  // its full stop, heldout-14 120 -> 122: 2171/2212; with heldout-16 folded in as measured once
  // (134/155): 2305/2367 (97.4%), below the issue's bar, 3 false OOMs. Round 17 (round17-forms.test.ts;
  // a device allocator's bad_alloc), heldout-16 134 -> 138: 2309/2367.
  // Intel's single-allocation limit (ipex; round16-forms.test.ts), heldout-14 122 -> 123: 2310/2367.
  // Round 17: one request past Metal's one-buffer limit; Faiss's assertion on cudaMalloc, heldout-16
  // 138 -> 141: 2313/2367; torch's "Allocation on device" ending a line, a GPU named by its product
  // line, heldout-16 141 -> 143: 2315/2367 (97.8%); gcc's killed compiler, OpenCL's status in any
  // case, heldout-16 143 -> 145: 2317/2367 (97.9%); with heldout-17 folded in as measured once (the
  // session's last rules, 105/135): 2422/2502 (96.8%), below the issue's bar, 9 false OOMs; cffi's
  // write+execute refusal a near miss, heldout-17 105 -> 110: 2427/2502 (97.0%), 4 false OOMs.
  // Round 18 (round18-forms.test.ts, tuned on the spent parts): 2447/2502 (97.8%), 4 false OOMs; then
  // 2453/2502 (98.0%), at the issue's bar (frozen 2194b5d); second shift: 2454/2502; with heldout-18
  // folded in as measured once (round 18's freeze, 109/122): 2563/2624 (97.7%), below the issue's bar,
  // 4 false OOMs; round 19 (round19-forms.test.ts, tuned on heldout-18 too): 2572/2624 (98.0%);
  // DeepSpeed's launcher killing its ranks after a silent child: 2575/2624 (98.1%); with heldout-19
  // folded in as measured once (the session's last rules, 97/112): 2672/2736 (97.7%), below the issue's
  // bar, 4 false OOMs; round 20 (round20-forms.test.ts): 2704/2736 (98.8%), 4 false OOMs; with heldout-20
  // folded in as measured once (the freeze, 103/119): 2807/2855 (98.3%), 5 false OOMs; heldout-20's
  // second shift (heldout20-forms.test.ts): 2813/2855 (98.5%), 5 false OOMs; a launcher's negative
  // return code other than -9 is no OOM kill: 2814/2855 (98.6%), 4 false OOMs; with heldout-21 folded in
  // as measured once (the session's last rules, 99/113): 2913/2968 (98.1%), 5 false OOMs; session 18, a
  // bare "out of memory" outside ML or GPU work is the program's own (allocation/generic.ts
  // mlSeenFactRule): 2917/2968 (98.3%), 5 false OOMs; with heldout-23 folded in as measured once (the
  // freeze, 90/113): 3007/3081 (97.6%), below the issue's bar, 8 false OOMs; heldout-23's second shift
  // (Ray 2.0's monitor kill; an Emscripten heap abort outside a physics port is the host's): 3010/3081 (97.7%); the shell's
  // "Killed" after conda's spinner or with a full stop: 3013/3081 (97.8%); with heldout-22 folded in as
  // measured once (the session's last rules, 96/111): 3109/3192 (97.4%), below the issue's bar, 10 false OOMs.
  // Session 19 (doctor-rules: the kill grammar's SIGKILL spellings, a lost device, "out of memory" listed as a
  // possible reason, the admission grammar; kind-structure.test.ts): 3130/3192 (98.1%), 6 false OOMs; with
  // heldout-25 folded in as measured once (76/113): 3206/3305 (97.0%), below the issue's bar, 6 false OOMs;
  // session 19 (doctor-rules: sides by identifiers, the kernel's Mem-Info report, a detector's verdict and a
  // field's value as reports, a source-located line kept apart from a wrap, torch's C++ worker death):
  // 3216/3305 (97.3%), 6 false OOMs (heldout-25 unchanged at 76/113); heldout-25's second shift (the
  // retold grammar, heldout25-forms.test.ts; heldout-25 76 -> 93): 3233/3305 (97.8%), 6 false OOMs; a kill
  // beside memory measured free, a paste cut inside "CUDA out of memory" (doctor-rules): 3235/3305 (97.9%),
  // 5 false OOMs; with heldout-24 folded in as measured once (the session's last rules, 81/109): 3316/3414
  // (97.1%), below the issue's bar, 6 false OOMs.
  // The lead's revert of 0d2b6dcf at the session's end (it broke wrapped.test.ts): 3314/3414, 7 false OOMs.
  // Session 20: doctor-h25's titles, TensorFlow's hint alone, Chinese verbs of reporting (fbb5b041; heldout-25
  // 93 -> 96, heldout-24 unchanged at 81): 3317/3414 (97.2%), 7 false OOMs.
  // With heldout-26 and heldout-27 folded in as measured once (103/110, 97/104): 3517/3628 (96.9%), below
  // the issue's bar, 8 false OOMs. Session 21 (doctor-rules; kill grammar, torchelastic's SIGBUS, pinned host
  // allocators, a lost first letter; session21-forms.test.ts): 3526/3628 (97.2%), 6 false OOMs; heads cut
  // from MPS's message, Arrow's realloc, /dev/shm in the user's words: 3530/3628 (97.3%); Chinese habitual 会:
  // 3531/3628. With heldout-28 and heldout-29 folded in as measured once (68/77, 53/60): 3652/3765 (97.0%),
  // below the issue's bar, 6 false OOMs.
  // doctor-rules2: 3652 -> 3657 (the -7 return code, KV block pool, nvJPEG, ERROR_OUT_OF_DEVICE_MEMORY).
  // Session 22 (vocabulary from sources): 3657 -> 3659 (a device named as the allocation's noun, DALI's
  // CUDABadAlloc "CUDA allocation failed"; tcmalloc's null report; MLX's metal:: allocator). With heldout-30
  // folded in as measured once (19/24): 3678/3789 (97.1%), 6 false OOMs; abseil's and glog's fatal-signal
  // lines for SIGBUS: 3679/3789. With heldout-31 folded in as measured once (40/42): 3719/3831 (97.1%);
  // OpenGL's GL_OUT_OF_MEMORY description: 3720/3831. Session 23's host vocabulary rules moved no corpus file.
  // With heldout-32, -33 and -34 folded in as measured once (79/80, 20/28, 20/23): 3839/3962 (96.9%), below the
  // issue's bar, 7 false OOMs; glog's CHECK_EQ on posix_memalign (ENOMEM): 3840/3962. Session 24 (doctor-rules:
  // evidence only a failed allocation prints, bash's Killed as pastes leave it, SIGBUS spellings): 3850/3962.
  // With heldout-35 and heldout-36 folded in as measured once (110/118, 52/60): 4012/4140 (96.9%), below the
  // issue's bar, 7 false OOMs. Session 25 (doctor-rules: the status-code and kill grammars; doctor-causes):
  // 4017/4140. With heldout-37 and heldout-38 folded in as measured once (84/88, 31/32): 4132/4260 (97.0%), below
  // the issue's bar, 7 false OOMs. nvdiffrast's status spelling and pytest-forked's kill line: 4134/4260.
  // Session 26 (doctor-rules: TF's pinned host pool by its 64 GiB limit, ggml's init and buffer failures,
  // bitsandbytes' CUDA_CHECK_RETURN, TensorRT's OutOfMemory code, retries printed only after a caught OOM, a
  // MemoryError over TF's pool-growth retries): 4143/4260. With heldout-39 and heldout-40 folded in as measured
  // once (89/99, 51/54): 4283/4413 (97.1%), below the issue's bar, 9 false OOMs. The shell's "Killed" line
  // with a closing quote after it: 4284/4413. Session 27's first round (doctor-rules: a hedged guess is no
  // report, C-heap allocators, the localized "Killed", /dev/shm in a program's words, Accelerate's finder at zero,
  // Slurm's state where Slurm writes it): 4290/4413, 8 false OOMs. With heldout-41 folded in as measured once
  // (86/100): 4376/4513 (97.0%), below the issue's bar, 9 false OOMs. Session 27's second round
  // (doctor-rules2: LLDB's EXC_RESOURCE memory stop, a Windows build's ONNX Runtime arena): 4379/4513. A bare "out of memory" through a
  // JavaScript stack, the engine's own heap: 4380/4513. A bare "memory error" beside a segmentation fault:
  // 4381/4513, 8 false OOMs. An allocation of a buffer or a tensor that failed: 4382/4513. With heldout-42
  // folded in as measured once (93/114): 4475/4627 (96.7%), below the issue's bar, 9 false OOMs. Session 28's
  // kill token, need-against-have shape and reporter's account (and the revert of the any-subject passive
  // kill): 4492/4627. With heldout-43 folded in as measured once (119/133): 4611/4760 (96.9%), 10 false OOMs.
  // The second round (engines' own memory words; a status string with its code, paste spacing, one slip): 4619/4760.
  // With heldout-44 folded in (11/13): 4630/4773 (97.0%), 10 false OOMs. Session 29's round (XLA's OOM listing, an
  // allocator's terse failure, shm set-up failures, host memory at its ceiling, RESOURCE_EXHAUSTED for other
  // resources, a line naming both memories): 4647/4773 (97.4%), 8 false OOMs. With heldout-45 and -46 folded in as
  // measured once (96/117, 54/64): 4797/4954 (96.8%), 10 false OOMs. The session's second round (a clause's
  // polarity, a named kill sender, the shell's signal report as one grammar, C allocators' own failures, "from
  // device", TF's OP_REQUIRES warning as ML work, Metal past its ceiling): 4815/4954 (97.2%), 8 false OOMs. With
  // heldout-47 folded in as measured once (55/57): 4870/5011 (97.2%), 8 false OOMs. Session 30 (doctor-gpu5):
  // Vulkan's VK_ERROR_TOO_MANY_OBJECTS on vkAllocateMemory, the need told against the card and TensorFlow's
  // ResourceExhausted told in English on a named GPU: 4873/5011. doctor-host5: the shell's kill word alone on
  // its line in any case and paste mark, faulthandler's report interleaved: 4876/5011, 8 false OOMs. A paste
  // cut inside its failure line's last words at the log's end (cut-at-edge.ts), the OOM a run "ended up
  // with": 4879/5011. doctor-fo5: the side judge as one module (memory-side.ts), the OS's ENOMEM from a
  // device's runtime and RMM's status read as the device's: 4881/5011. TensorFlow Lite Micro's tensor arena
  // read as the host's: 4882/5011. MLX's resource count refusal untagged in a title, 会 after a clause of
  // time: 4884/5011.
  // doctor-host5: a CUDA status that names no cause (cudaErrorUnknown) explains no allocation failure away:
  // 4885/5011. Ollama's GPU layout unallocatable after its backoff: 4886/5011 (97.5%), 8 false OOMs. With
  // heldout-48 and -49 folded in as measured once (54/61, 49/62): 4989/5134 (97.2%), 11 false OOMs.
  const floor = 4989;
  assert.ok(
    figures.kindRight >= floor,
    `kind right ${figures.kindRight}/${figures.files}, at least ${floor}`,
  );
  t.diagnostic(`the issue's bar: ${Math.ceil(issueBars.wholeKindAccuracy * figures.files)}`);
  // Causes, strict (the header's cause is doctor's cause) and, as a separate figure never folded into
  // it, the header's cause among doctor's cause and its alternatives (cause-alternatives.ts). Round 14:
  // strict 376 -> 378/438; truth among the alternatives 417/438; with heldout-14 and -15 folded in as
  // measured once: strict 425/530, alternatives 478/530; round 15: alternatives 482/530. Round 16
  // (round16-forms.test.ts; tuned on the spent parts): strict 447/530, alternatives 492/530; the
  // per-part floors above stay the measured-once figures where a part did not move, and are raised
  // to round 16's where it did (heldout 21, -2 48, -3 38, -4 31, -6 16, -12 43, -13 32, -14 38, -15 22).
  // With heldout-16 folded in as measured once: strict 470/578, alternatives 527/578; round 17: 475, 532.
  // With heldout-17 folded in as measured once (12/27, 14/27): strict 487/605, alternatives 546/605.
  // Session 16 (stated-card.test.ts): a stated small card decides a figure-less device OOM: 488;
  // with round 18's kind rules merged: 496; the user's word that several processes share the card
  // (log/evidence.ts coTenantStated): 497/605, alternatives 555/605.
  // With heldout-18 folded in as measured once (7/18, 15/18): strict 504/623, alternatives 570/623.
  // Round 19 (round19-forms.test.ts): strict 506/623, alternatives 572/623; with doctor-causes' kill
  // alternatives merged, 577; a spill past a small card is the card: strict 507/623; the kernel's kill
  // line with its pid redacted: 508/623; alternatives 578/623. With heldout-19 folded in as measured
  // once (11/23, 14/23): strict 519/646, alternatives 592/646. Session 17: 13 host logs relabelled by settled
  // rules 2 (a bare kill's cause is unknown) and 8 (a refused allocation is host_allocation, the kernel's
  // kill host_ram; test/corpus/RELABELS.md): strict 525/639, alternatives 595/639. A batch of one with no
  // figure of the card is the step's other dimensions (batch-of-one.test.ts): 527/639, alternatives 596/639.
  // Round 20's kind rules (round20-forms.test.ts): strict 535/639, alternatives 607/639. With heldout-20
  // folded in as measured once (8/10, 8/10): strict 543/649, alternatives 615/649; heldout-20's second
  // shift (a Ray monitor kill with the node's IP redacted): strict 544/649, alternatives 616/649. With
  // heldout-21 folded in as measured once (8/16, 11/16): strict 552/665, alternatives 627/665. Session 18:
  // rule 9 applied to 9 title-only bare statuses of heldout-15..19 labelled with the thread's cause
  // (test/corpus/RELABELS.md; doctor had named the thread's cause for 3, and had it among the alternatives for
  // 8, all by the default reading of a bare status, not by evidence): strict 549/656, alternatives 619/656;
  // session 18's causes rules (co_tenant beside the process's own holding; a request of half the card):
  // alternatives 621/656; with heldout-23 folded in as measured once (3/20, 8/20): strict 552/676,
  // alternatives 629/676; heldout-23's second shift (Ray 2.0's monitor kill): strict 553/676; the causes
  // rules after the freeze (fragmentation beside batch where the reserved-but-unallocated memory alone covers
  // the request; batch and another process open where free memory exceeds the request) and the second
  // shift: alternatives 636/676; with heldout-22 folded in as measured once (8/17, 11/17): strict 561/693,
  // alternatives 647/693. Session 19, with heldout-25 folded in as measured once (2/3, 2/3): strict 563/696,
  // alternatives 650/696; session 19's causes rules (a runtime's own heap cap is memory_cap; a request past a
  // nominal 16 GB card is request_exceeds_device): strict 569/696, alternatives 654/696; with heldout-24 folded
  // in as measured once (5/15, 8/15): strict 574/711, alternatives 662/711. Session 20's causes rules (a
  // card full to its last blocks; a pool share the log sets below its framework's default): strict 580/711;
  // with heldout-26 and heldout-27 folded in as measured once (10/14 and 9/13; 10/14 and 11/13): strict
  // 599/738, alternatives 683/738. Session 21's causes rules (a request of the card's whole total; the report
  // with figures read first; a program's refusal to load for want of RAM is host_allocation): strict
  // 601/738, alternatives 685/738; then settled rules 2 and 9 applied to 9 judged logs (5 bare kills, 4 whole
  // logs that are a bare device status; test/corpus/RELABELS.md; doctor had named the thread's cause for 2,
  // and had it among the alternatives for 7, all by the default reading): strict 599/729, alternatives 676/729;
  // settled rules 3 and 8 on 4 host headers labelled memory_cap (RELABELS.md): 602/729; a pod's OOM kill
  // told in words is its limit, an out-of-memory told only in words keeps host_allocation open: strict
  // 603/729, alternatives 682/729; with session 21's kind rules (doctor-rules) 605/729, 684/729; an Apple
  // GPU's share of unified memory open beside the work, the main process open beside the workers where no
  // spawned worker is shown: alternatives 686/729; with doctor-rules' later kind rules 607/729, 688/729;
  // model_state beside batch_too_large where this process holds more than the other processes: 689/729;
  // a request at least twice a program's own memory setting keeps the machine's RAM open: 690/729.
  // With heldout-28 and heldout-29 folded in as measured once (3/3 and 2/3; 3/3 and 2/3): strict 612/735,
  // alternatives 695/735.
  t.diagnostic(
    `causes right ${figures.causesRight}/${figures.causesJudged}; truth among the alternatives ${figures.causesRightOrAlternative}/${figures.causesJudged}`,
  );
  // With heldout-30 folded in (3/5 strict, 4/5 among alternatives): 615/740, 699/740.
  // With heldout-31 folded in (6/6, 6/6): 621/746, 705/746.
  // With heldout-32, -33 and -34 folded in (16/21, 2/2, 4/6 strict; 20/21, 2/2, 5/6 among alternatives):
  // 643/775, 732/775.
  // With heldout-35 and -36 folded in (15/19, 3/6 strict; 16/19, 4/6 among alternatives): 661/800, 752/800.
  // Session 25's causes rules (doctor-causes): 665/800, 753/800. With heldout-37 and -38 folded in (9/17, 1/1
  // strict; 14/17, 1/1 among alternatives): 675/818, 768/818. Session 26's batch-first readings (doctor-causes:
  // the model blamed in words, a context that could not be created, a request past the stated card,
  // processes told on one card): 680/818, 768/818. With doctor-rules' kind forms and vLLM's own hint at its
  // reserved share kept open (preallocation): 681/818, 770/818. With heldout-39 and -40 folded in (18/24, 4/5
  // strict; 22/24, 4/5 among alternatives): 703/847, 796/847. Session 27's kills read by their killer's own
  // report (doctor-causes: Xcode's app killed for memory, cgroup v1's memory+swap counter at its limit):
  // 706/847, 796/847. Another process read from an unlisted gap (PyTorch before 2.1) keeps this process's
  // own memory outside the pool open: 706/847, 797/847. With doctor-rules' C-heap allocators (faster-whisper's
  // mkl_malloc read as the host's) and a bare kill after Ollama planned more of its model in RAM than the
  // host had free with swap (host_ram): 708/847, 798/847. The BFC allocator's own fragmentation hint keeps
  // fragmentation open beside a full pool's readings: 708/847, 799/847. Slurm's state where Slurm writes it and
  // Accelerate's finder at zero: 709/847, 800/847. With heldout-41 folded in (3/6 strict, 3/6 among
  // alternatives): 712/853, 803/853. A runtime's maximum heap (the JVM's, V8's, ART's) read as memory_limit by
  // CORPUS-FORMAT rule 10, three heldout-23 headers relabelled by it (RELABELS.md): 714/853, 805/853. LLDB's
  // EXC_RESOURCE memory stop read as the app's own limit (doctor-rules2): 715/853, 806/853. With heldout-42
  // folded in (10/15 strict, 13/15 among alternatives): 725/868, 819/868. With heldout-43 folded in (10/19
  // strict, 12/19 among alternatives): 735/887, 831/887. With heldout-44 (1/2, 1/2): 736/889, 832/889.
  // Session 29's round: 737/889, 833/889. With heldout-45 (8/12, 10/12) and -46 (6/11, 10/11): 751/912, 853/912.
  // Its second round: 752/912, 854/912. With heldout-47 (13/15, 13/15): 765/927, 867/927. Session 30: 766, 868.
  // doctor-fo5: a writer's bold around a figure taken off (paste.ts), MP-SENet's 137.36 GiB request read: 767, 869.
  // With heldout-48 (5/5, 5/5) and -49 (3/4, 3/4) folded in: 775/936, 877/936.
  assert.ok(figures.causesRight >= 775, `causes right ${figures.causesRight}, at least 775`);
  assert.ok(
    figures.causesRightOrAlternative >= 877,
    `truth among the alternatives ${figures.causesRightOrAlternative}, at least 877`,
  );
  assert.ok(figures.causesRightOrAlternative >= figures.causesRight);
  // The causes as doctor claimed them (score.ts causeClaimsLine), beside the strict figure. Session 21:
  // decided (a cause named, no alternative) 387/401 right, open (alternatives offered, what decides each)
  // 289/307 offer the truth, 21 not diagnosed (kind missed); with the relabels and rules above, 389/396
  // and 293/312; then 389/395 and 297/315; then 391/397 and 298/316; then 391/396 and 299/317. With
  // heldout-30 .. heldout-34 folded in: 419/424 and 313/333, 18 not diagnosed. With heldout-35 and -36 folded
  // in: 432/438 and 320/344, 18 not diagnosed. With heldout-37 and -38 folded in: 435/441 and 333/358, 19 not
  // diagnosed. Session 26's batch-first readings: 436/442 and 332/357 (a context that could not be created
  // moved from open to decided right; four more open ones now name the truth first). With doctor-rules'
  // kind forms and vLLM's load refusal that names --gpu-memory-utilization kept open (it was decided
  // wrong): 437/442 and 333/358, 18 not diagnosed; decided wrong 6 -> 5. With heldout-39 and -40 folded in
  // (18/18 decided right; 8/10 open offer the truth): 455/460 and 341/368, 19 not diagnosed. Session 27's
  // kills read by their killer's own report: 456/461 and 340/367 (a memory+swap counter at its limit moved
  // from open, the truth among two, to decided right; Xcode's two kills stay open, now naming the truth first).
  // Another process read from the gap a PyTorch message before 2.1 leaves (no process listed, no figure of
  // this process's own use; CUDACachingAllocator.cpp v2.1.0 added both) is no longer decided: this
  // process's own memory outside PyTorch's pool stays open, and the list decides (nvidia-smi). 449/453 and
  // 348/375: seven right ones moved from decided to open (naming the truth first), one decided wrong
  // (another library in the same process) now offers the truth; decided wrong 5 -> 4. With doctor-rules'
  // C-heap allocators and Ollama's plan past the host's free memory (a bare kill moved from open to
  // decided right): 451/455 and 347/373. The BFC allocator's fragmentation hint: 451/455 and 348/373. At
  // session 27's first round's end (a864ded2): 452/456 and 348/373. With heldout-41 folded in (2/4 decided
  // right, 1/1 open offers the truth): 454/460 and 349/374; decided wrong 4 -> 6, both heldout-41's. A
  // runtime's maximum heap read as memory_limit (rule 10): 456/460, decided wrong 6 -> 4. LLDB's EXC_RESOURCE
  // memory stop (the app's own limit, decided right): 457/461. With heldout-42 folded in (8/8 decided right, 5/6
  // open offer the truth): 465/469 and 354/380. With heldout-43 folded in (7/9 decided right, 5/9 open offer
  // the truth): 472/478 and 359/390; decided wrong 4 -> 6, both heldout-43's. With heldout-44 (1/1 decided right,
  // 0/1 open offers the truth): 473/479 and 359/391. Session 29's round: 474/480 and 359/390. With heldout-45
  // and -46 folded in (6/6 decided right; 14/15 open offer the truth): 480/486 and 373/405. Its second round:
  // 481/487 and 373/406. With heldout-47 folded in (2/3 decided right, 11/12 open offer the truth): 483/490 and
  // 384/418; decided wrong 6 -> 7, heldout-47's. Session 30 (faulthandler's interleaved bus error): 484/491.
  // With heldout-48 (3/3 decided right, 2/2 open offer the truth) and -49 (1/1, 2/3) folded in: 488/495 and
  // 389/423.
  t.diagnostic(causeClaimsLine(figures));
  assert.ok(figures.causesDecidedRight >= 488, `decided right ${figures.causesDecidedRight}, at least 488`);
  assert.ok(
    figures.causesDecided - figures.causesDecidedRight <= 7,
    `decided wrong ${figures.causesDecided - figures.causesDecidedRight}, at most 7`,
  );
  assert.ok(
    figures.causesOpenTruthOffered >= 389,
    `open with the truth offered ${figures.causesOpenTruthOffered}, at least 389`,
  );
});
