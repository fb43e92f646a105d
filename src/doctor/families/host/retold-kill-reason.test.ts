// The retold kill with its auxiliary dropped and memory named as its reason (exits.ts
// retoldElidedPassive): the kill grammar's reason decides, as kill-sender.ts's sender does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe('a kill told with memory as its reason', () => {
  test('memory named right after "due to" or "because of" reads as the host out of RAM', () => {
    for (const line of ['worker killed due to OOM', 'process killed because of high memory']) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
      assert.equal(d.code, 'retold-kill', line);
    }
  });

  test('another reason named there is not memory', () => {
    assert.equal(primary('process killed due to a bug'), undefined);
    assert.equal(primary('process killed due to timeout'), undefined);
  });
});
