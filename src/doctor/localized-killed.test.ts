// The shell's "Killed" in the user's locale (glibc's catalogs) is folded to the English word before
// the rules read a line, so every form the kill grammar reads in English reads the same in any locale.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldLocalizedKilled } from './localized-killed.js';
import { primary } from './test-helpers/diagnose.js';

const codeOf = (...lines: string[]) => primary(...lines)?.code ?? 'none';

describe('foldLocalizedKilled', () => {
  test('writes each localized word as "Killed", glued or alone', () => {
    assert.equal(foldLocalizedKilled('[1]+  已杀死    python x.py'), '[1]+  Killed    python x.py');
    assert.equal(foldLocalizedKilled('ETA: 2621s已杀死'), 'ETA: 2621sKilled');
    assert.equal(foldLocalizedKilled('Getötet'), 'Killed');
    assert.equal(foldLocalizedKilled('Terminado (killed)'), 'Killed');
  });
  test('a word of a script with word breaks only where it stands alone', () => {
    assert.equal(foldLocalizedKilled('o processo Mortos'), 'o processo Mortos');
    assert.equal(foldLocalizedKilled('step 3 Morto'), 'step 3 Killed');
  });
  test('a line with none of the words is the same line', () => {
    const line = 'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB';
    assert.equal(foldLocalizedKilled(line), line);
  });
});

describe('the kill grammar reads the localized word in every form it reads "Killed"', () => {
  for (const [form, line, code] of [
    ['the job report', '[1]+  已杀死    python x.py', 'shell-killed'],
    ["after a progress bar's counter", 'Loading: 45%|████▌     | 45/100 Getötet', 'shell-killed'],
    ['quoted in a sentence', 'I get "已杀死" every time', 'shell-killed'],
    ['retold after a verb of showing', 'then it prints 已杀死.', 'retold-kill'],
    // heldout-39 (tryolabs/luminoth#181, after its measurement): zh_CN's word after "hits", a full-width comma.
    [
      'retold after a verb of meeting',
      'but it always hits 已杀死， i have debugged many times',
      'retold-kill',
    ],
    [
      "DataLoader's worker report",
      'RuntimeError: DataLoader worker (pid 1234) is killed by signal: 已杀死',
      'dataloader-worker-killed',
    ],
  ] as const) {
    test(form, () => assert.equal(codeOf(line), code));
  }
  test('the same verbs before "killed" with an object or an agent are no kill report', () => {
    assert.equal(codeOf('it hit killed the process'), 'none');
    assert.equal(codeOf('I got killed by the boss in the game'), 'none');
  });
});
