// Issue 23, heldout-23's second shift (designed on a random half of that spent slice's kind misses,
// the other half put aside): Ray 2.0's first raylet memory-monitor kill (ray-2.0.0
// src/ray/raylet/node_manager.cc), and Emscripten's heap abort (emscripten src/library.js
// abortOnCannotGrowMemory) read by what the module is: a physics port's fixed capacity, or any other
// program's host memory. Written afresh with their look-alikes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe("Ray 2.0's raylet memory monitor", () => {
  test('"System memory low at node ... killing latest task" is the monitor kill', () => {
    const hit = primary(
      '(raylet, ip=10.0.0.5) [2022-09-22 10:00:00,000 E 12 12] (raylet) node_manager.cc:2966: System memory low at node with IP 10.0.0.5. Used memory (30.10GB) / total capacity (31.50GB) (0.95555) exceeds threshold 0.95, killing latest task with name f and task ID 1a to avoid running out of memory.',
    );
    assert.equal(hit?.kind, 'host_oom');
    assert.equal(hit?.cause, 'memory_monitor');
  });
  test('look-alike: a dashboard line about low memory kills nothing', () => {
    assert.equal(kindOf('System memory low at node with IP 10.0.0.5 may slow the job'), 'none');
  });
});

describe("Emscripten's heap abort, by what the module is", () => {
  test('a physics port (ammo.js) is a capacity fixed at build time', () => {
    assert.equal(
      kindOf('ammo.js:73 Uncaught Error: abort(OOM). Build with -s ASSERTIONS=1 for more info.'),
      'sim_capacity',
    );
  });
  test('any other program (ffmpeg.wasm) is its host memory', () => {
    assert.equal(
      kindOf('[fferr] worker: Uncaught RuntimeError: abort(OOM). Build with -s ASSERTIONS=1 for more info.'),
      'host_oom',
    );
  });
});

describe('the shell\'s "Killed" in two more paste shapes', () => {
  test("glued to conda's spinner, and alone with a full stop", () => {
    assert.equal(kindOf('Solving environment: \\ Killed'), 'host_oom');
    assert.equal(kindOf('Collecting package metadata: / Killed'), 'host_oom');
    assert.equal(kindOf('Killed.'), 'host_oom');
  });
  test('look-alikes: a spinner before other words, "Killed." opening a name', () => {
    assert.equal(kindOf('Killed.count = 0 after the sweep'), 'none');
    assert.equal(kindOf('Solving environment: \\ done'), 'none');
  });
});
