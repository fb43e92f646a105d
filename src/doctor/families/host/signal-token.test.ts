// The shell's report of a signal in each shell's spelling (signal-token.ts), read for SIGBUS by the
// bus-error rule, and the near misses it must not read. Lines from the corpus's real pastes
// (test/corpus heldout-N/<file>) or written as the printing shell prints them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import { coreDumpedReport, signalWords, zshReport } from './signal-token.js';

const verdict = (...lines: string[]): string => {
  const d = primary(...lines);
  return d === undefined ? 'none' : `${d.kind}/${d.code}`;
};

describe("the shell's report of SIGBUS in any spelling", () => {
  const reads: [string, string][] = [
    // heldout-46/shm-gligen-gligen-70-d: zsh's job report, a title.
    ["zsh's job report", '# [1] 37400 bus error (core dumped) python gligen_inference.py'],
    ["zsh's job report with its current-job mark", '[1]  + 37400 bus error  python train.py'],
    ["zsh's report with no job table", 'zsh: bus error  python train.py'],
    // heldout-46/shm-andreas128-srflow-17-d: the shell's words inside the reporter's sentence.
    [
      'inside a sentence',
      'there will be a Bus error (core dumped) after training for a while. What should I do?',
    ],
    // heldout-46/shm-dailenson-sdt-60-d: a lost space glues the suffix on.
    [
      'glued to its suffix',
      'when I used provided dataset to train (GPU),it comes wrong:bus error(core dumped)',
    ],
    // heldout-28/shm-mic-dkfz-nnunet-1626: a title with the program's name after it.
    ['followed by the program', 'Bus error (core dumped) nnUNet'],
  ];
  for (const [name, line] of reads) {
    test(name, () => assert.equal(verdict(line), 'shm/bus-error'));
  }

  const notRead: [string, string][] = [
    // bash's non-interactive report: the tuned labels split on it (signal-token.ts), so left alone.
    // heldout-23/none-njeirath-brenda-web-95.
    [
      "bash's script-line report",
      '`./brenda-go: line 2: 2099 Bus error                     (core dumped) /usr/local/blender -b x.blend`',
    ],
    // heldout-2/none-wilicc-gpu-burn-1: a PCIe bus error is the kernel's AER report, not a signal.
    [
      'a PCIe bus error',
      '[74785.660380] pcieport 0000:00:02.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer',
    ],
    ['the words without the shell around them', 'I think this is a bus error in my config'],
    ['another word ending in the same letters', 'symbus error (core dumped)'],
  ];
  for (const [name, line] of notRead) {
    test(`not: ${name}`, () => assert.notEqual(verdict(line), 'shm/bus-error'));
  }
});

describe('the grammar is one for every signal', () => {
  test("zsh's spelling of each signal", () => {
    assert.match('[2]  - 4242 segmentation fault  ./a.out', new RegExp(zshReport(signalWords.SEGV)));
    assert.match('zsh: abort      python x.py', new RegExp(zshReport(signalWords.ABRT)));
  });
  test("glibc's spelling with the core-dump suffix", () => {
    const segv = new RegExp(coreDumpedReport(signalWords.SEGV));
    assert.match('it crashes with Segmentation fault (core dumped) at step 3', segv);
    assert.doesNotMatch('./run.sh: line 3:  911 Segmentation fault      (core dumped) ./a.out', segv);
    assert.match('Aborted (core dumped)', new RegExp(coreDumpedReport(signalWords.ABRT)));
  });
});
