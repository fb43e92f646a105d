// `doctor RUN_DIR` reads what the supervisor's classifier made of each process's output
// (diagnoses.jsonl) instead of classifying the log again, and gives what classifying it would give;
// a restarted process's log, and a record without the file, are read whole as before. Every corpus
// log printed by a child is also judged by the supervisor as doctor judges the file (one verdict).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { diagnoseText } from '../doctor/diagnose-text.js';
import { corpusDir, readCorpus } from '../doctor/test-helpers/corpus.js';
import { attemptDiagnosesSchema } from '../run-record/schema.js';
import {
  cleanUpRuns,
  launch,
  program,
  runPrintingLogs,
  runSupervised,
  type SupervisedRun,
} from '../supervise/test-helpers/supervised.js';
import { kindForReason } from '../vocabulary.js';
import { examineTarget } from './examine.js';

after(cleanUpRuns);

const oomLine =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free. Including non-PyTorch memory, this process has 23.63 GiB memory in use. Of the allocated memory 22.98 GiB is allocated by PyTorch, and 203.52 MiB is reserved by PyTorch but unallocated.';

const readEntries = (runDir: string) =>
  readFileSync(join(runDir, 'diagnoses.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => attemptDiagnosesSchema.parse(JSON.parse(line)));

// Run reports as JSON text, with the run directory (a temp path) left as it is on both sides.
const reportJson = async (runDir: string): Promise<string> => JSON.stringify(await examineTarget(runDir));

// One supervised run of every corpus log (hundreds of children) serves both corpus tests below.
let corpusRun: Promise<SupervisedRun> | undefined;
const printedCorpus = (cases: ReturnType<typeof readCorpus>): Promise<SupervisedRun> =>
  (corpusRun ??= runPrintingLogs(cases));

describe('every corpus log printed by a child that then exits 1', () => {
  test('the supervisor gives it the kind doctor gives the file', async (t) => {
    const cases = readCorpus();
    if (cases.length === 0) return t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
    const run = await printedCorpus(cases);
    const disagreements = cases.flatMap((item, i) => {
      const expected = diagnoseText(item.body)[0]?.kind ?? 'none';
      const got = run.processNamed(`log${i}`);
      const kind = kindForReason(got.reason);
      return kind === expected
        ? []
        : [`${item.file}: doctor ${expected}, run ${got.reason} (${got.because})`];
    });
    assert.deepEqual(disagreements, []);
  });

  test('the recorded diagnoses are what reading its log gives', async (t) => {
    const cases = readCorpus();
    if (cases.length === 0) return t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
    const run = await printedCorpus(cases);
    const entries = readEntries(run.runDir);
    assert.deepEqual(
      entries.map((e) => [e.process, e.attempt, e.skippedBytes]).sort(),
      cases.map((_, i) => [`log${i}`, 1, 0]).sort(),
    );
    const fromRecord = await reportJson(run.runDir);
    rmSync(join(run.runDir, 'diagnoses.jsonl'));
    const fromLogs = await reportJson(run.runDir);
    assert.equal(fromRecord, fromLogs);
  });
});

describe('diagnoses.jsonl', () => {
  test('doctor RUN_DIR takes the recorded diagnoses, not the log', async () => {
    const run = await runSupervised([
      launch(
        'train',
        program('steps.mjs', 'error:Traceback (most recent call last):', `error:${oomLine}`, 'exit:1'),
      ),
    ]);
    const [entry] = readEntries(run.runDir);
    assert.equal(entry?.process, 'train');
    assert.equal(entry?.diagnoses[0]?.code, 'torch-cuda-oom');
    // The log no longer says it: the diagnosis still comes, from the record.
    writeFileSync(join(run.runDir, 'logs', 'train.log'), 'nothing to see\n');
    const report = await examineTarget(run.runDir);
    assert.equal(report.diagnoses[0]?.code, 'torch-cuda-oom');
    assert.equal(report.diagnoses[0]?.evidence.line, 2);
    // A record without the file (headroom 0.2's) is read from its log.
    rmSync(join(run.runDir, 'diagnoses.jsonl'));
    const fromLog = await examineTarget(run.runDir);
    assert.notEqual(fromLog.diagnoses[0]?.code, 'torch-cuda-oom');
  });

  test("a restarted process's log holds every attempt: it is read whole", async () => {
    const run = await runSupervised([
      launch('train', program('steps.mjs', `error:${oomLine}`, 'exit:1'), {
        restart: 'on-failure',
        maxRestarts: 1,
      }),
    ]);
    assert.deepEqual(
      readEntries(run.runDir).map((e) => [e.process, e.attempt, e.lineCount]),
      [
        ['train', 1, 1],
        ['train', 2, 1],
      ],
    );
    // The whole log holds both attempts' reports, which no single attempt's diagnosis counts.
    const once = readEntries(run.runDir)[0]?.diagnoses[0]?.occurrences ?? 0;
    const report = await examineTarget(run.runDir);
    assert.equal(report.diagnoses[0]?.code, 'torch-cuda-oom');
    assert.equal(report.diagnoses[0]?.occurrences, 2 * once);
  });
});
