// The shell's SIGKILL report as a token wherever a paste leaves it (kill-token.ts), and the English
// verb, data and other killers it must not read. Lines from the corpus's real pastes (test/corpus
// heldout-N/<file>) or written as the printing program prints them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const verdict = (...lines: string[]): string => {
  const d = primary(...lines);
  return d === undefined ? 'none' : `${d.kind}/${d.cause}/${d.code}`;
};

describe("the shell's kill as a token", () => {
  const reads: [string, string][] = [
    // heldout-29/host_oom-ollama-ollama-7478: an issue title quoting the word.
    ['quoted in a title', 'Issue with Reinstalling Ollama: "Killed" Error on ollama serve'],
    // After the colon that introduces what was printed.
    ['quoted after a colon', 'the process stops and only the message: "Killed" at the command prompt'],
    ['backticked after a colon', 'it ends with: `killed`'],
    // macOS bash: strsignal(SIGKILL) is "Killed: 9".
    ['macOS "Killed: 9" in a sentence', 'every time it dies with the error Killed: 9'],
    ["macOS's word quoted", 'every time it dies with the error "Killed: 9"'],
    ['macOS "Killed 9" ending the line', 'the script stops and prints Killed 9'],
    // heldout-30/host_oom-open-mmlab-mmdetection-11800: bash's "<pid> Killed" retold.
    [
      'a pid and the word after a colon',
      'Before the data set is fully prepared, it is displayed: 1576 killed.',
    ],
    // A lost newline glues the word to the output before it (heldout-37 dorado's "written: 0Killed").
    ['glued after a count', 'Output records written: 0Killed'],
    // heldout-3/host_oom-open-mmlab-mmdetection-5263: after a figure with its unit.
    [
      'glued after a figure and its unit',
      '[>>>>>>>>>> ] 1022/5000, 1.5 task/s, elapsed: 673s, ETA: 2621sKilled',
    ],
    // ... or to what came after it.
    ['glued before a number', 'Killed96160'],
    ['glued before a redrawn progress line', 'Killedg: 100%|██████████| 10/10'],
    // heldout-42/host_oom-fizyr-keras-retinanet-637 (read after the slice's measurement).
    ['a number glued after it mid-line', 'then the process outputs : Killed96160.'],
    // llvm Support/Unix/Program.inc: strsignal() as the error message clang's driver prints.
    ["clang's driver", 'clang: error: unable to execute command: Killed'],
    // The word alone on its line as a reporter retyped it, in lower case, its code span's closing
    // tick left on it (heldout-45/host_oom-xhuangcv-hdr-nerf-8-c: "`" then "killed `").
    ['retyped in lower case alone on its line', 'killed `'],
    // An emphasis span opened on the command's line closes after the word (CommonMark §6.2;
    // heldout-47/host_oom-autovision-cloud-ssl-lanes-6-e).
    ['an emphasis span closing after it', 'Killed_'],
    ['an emphasis span opening before it', '*Killed'],
  ];
  for (const [name, line] of reads)
    test(name, () => assert.equal(verdict(line), 'host_oom/unknown/shell-killed', line));

  const statuses: [string, string][] = [
    // 128 + 9 with no noun for the status, as tools print a failed step.
    ['(exit 137)', 'the sidecar step failed (exit 137)'],
    // Rust's ExitStatus before it named the signal, as cargo prints a compiler it ran.
    ['(signal: 9)', "error: process didn't exit successfully: `rustc --crate-name foo` (signal: 9)"],
  ];
  for (const [name, line] of statuses)
    test(name, () => assert.equal(verdict(line), 'host_oom/unknown/sigkill-exit', line));

  // linux mm/oom_kill.c "%s: Killed process %d (%s) ...", cut to its words in a title
  // (heldout-28/host_oom-ollama-ollama-9934).
  test("the kernel OOM killer's words cut in a title", () =>
    assert.equal(
      verdict('ollama v0.6.2 gemma 3 OOM: Killed process'),
      'host_oom/unknown/kernel-oom-kill-cut',
    ));

  const notRead: [string, string][] = [
    // Data, not a report: a quoted key's value, a comparison, a list.
    ['a JSON state', '{"state": "killed", "retries": 2}'],
    ['a comparison in code', 'if job.status == "killed":'],
    ['a list of states', 'states = ("failed", "killed", "done")'],
    // dask's exception class goes on in capitals.
    ['KilledWorker', "KilledWorker: ('shuffle-split-abc', <WorkerState 'tcp://10.0.0.3:4000'>)"],
    // A name in code glued before it.
    ['a method name', 'assert not proc.isKilled()'],
    ['a property at the line end', 'return self.isKilled'],
    ['a JSON key', '{"wasKilled": false}'],
    ['a call in pasted code', '    print("Killed")'],
    // A count, not a pid, and a count after the word.
    ['a tally', 'Summary: 3 killed'],
    ['Killed 9 processes', 'Killed 9 processes that were stuck'],
    // Kubernetes' reason is its own rule's (memory_limit), not a bare kill.
    ['OOMKilled glued', 'Reason: OOMKilled'],
    // Another killer named in the sentence is not a memory kill: a user's Ctrl-C.
    ['SIGTERM exit', 'Worker process 28364 was killed by signal 15'],
    // Exit status 9 is a program's own code, not signal 9.
    ['exit status 9', 'the job failed with exit status 9'],
    // Settings, not a report.
    ['a stop signal setting', 'stop_signal: 9'],
    ['exit 1370', 'failed (exit 1370)'],
    // "Killed" as a sentence's word after an error label goes on.
    ['error, then a sentence', 'error: Killed processes are restarted by the supervisor'],
    // A name in code or a table that starts with the word is not output glued to it.
    ['a field name', 'Killed_count: 3'],
    // The word with more after it on its line is a sentence, not the shell's line.
    ['the verb in a sentence', 'killed by the scheduler after an hour'],
    ['a past tense with its object', 'Killed it with Ctrl-C'],
  ];
  for (const [name, line] of notRead)
    test(`not: ${name}`, () => {
      const got = verdict(line);
      assert.ok(!/shell-killed|kernel-oom-kill-cut/.test(got), `${line}: ${got}`);
    });

  test('the cut report says the killer is named and what would say which memory ran out', () => {
    const d = primary('ollama v0.6.2 gemma 3 OOM: Killed process');
    assert.match(d?.causeText ?? '', /quoted without its pid/);
    assert.doesNotMatch(d?.causeText ?? '', /no killer's message/);
  });

  test('a kernel report wrapped after its words is the whole report, with its figures', () => {
    const d = primary(
      '[2059991.491542] Out of memory: Killed process',
      '25315 (python3) total-vm:53312244kB, anon-rss:31451456kB, file-rss:74816kB',
    );
    assert.equal(d?.code, 'kernel-oom-kill');
  });

  test("the token beside a named other killer is that killer's (CORPUS-FORMAT settled rule 2)", () => {
    const d = primary(
      'slurmstepd: error: *** JOB 1234 ON node1 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***',
      'the job only printed "Killed"',
    );
    assert.notEqual(d?.kind, 'host_oom');
  });
});
