// Who sent a kill, as the reporter names it (kill-sender.ts): the system's names decide host memory,
// any other named sender decides against it, and memory named beside another sender keeps it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import { namesOtherSender, otherCauseInClause } from './kill-sender.js';

describe("who killed, in the reporter's words", () => {
  test('the system by its names is no other sender', () => {
    for (const rest of [
      ' by the OS',
      ' by the kernel',
      ' by Linux',
      ' by the OOM killer',
      ' by oom-killer',
      ' by the operating system',
    ])
      assert.equal(namesOtherSender(rest), false, rest);
  });
  test('another sender is, unless memory is named beside it', () => {
    assert.equal(namesOtherSender(' by the scheduler after 24 hours'), true);
    assert.equal(namesOtherSender(' by systemd after the stop timeout'), true);
    assert.equal(namesOtherSender(' by Kubernetes for exceeding its memory limit'), false);
  });
  test("a sender written as code is still named: Ray's own ray.kill, a quoted kill -9", () => {
    // ray 2.58.0 gcs_server: "The actor is dead because it was killed by `ray.kill`." (RLinf/RLinf#728).
    assert.equal(namesOtherSender(' by `ray.kill`'), true);
    assert.equal(namesOtherSender(" by 'kill -9'"), true);
    // The system quoted is still the system; memory named beside a quoted sender keeps it memory.
    assert.equal(namesOtherSender(' by the `oom-killer`'), false);
    assert.equal(namesOtherSender(' by `kubelet` for exceeding its memory limit'), false);
    assert.notEqual(primary('The actor is dead because it was killed by `ray.kill`.')?.kind, 'host_oom');
  });
  test('another cause in the clause', () => {
    assert.equal(otherCauseInClause.test(' after exceeding the time limit'), true);
    assert.equal(otherCauseInClause.test(' because I closed the terminal'), true);
    assert.equal(otherCauseInClause.test(' after loading the third shard'), false);
  });
  test('the whole reading: the system as sender is host memory, a person is not', () => {
    assert.equal(primary('the training was killed by the kernel')?.kind, 'host_oom');
    assert.notEqual(primary('the training was killed by me with Ctrl-C')?.kind, 'host_oom');
    assert.notEqual(primary('the training was killed by the scheduler after 24 hours')?.kind, 'host_oom');
  });
});
