// The caching allocator's replay (python/headroom_trace/caching_allocator.py): segment sizes, splitting,
// merging and the steady steps of a traced sequence, as c10/cuda/CUDACachingAllocator.cpp decides them.
// Plain Python (no torch): run with the frameworks Python where there is one, else python3.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { frameworksPython } from '../test-helpers/frameworks.js';
import { packagedTraceDir } from './helper.js';

const python = frameworksPython() ?? 'python3';
const hasPython = spawnSync(python, ['-c', 'pass']).status === 0;
const MiB = 2 ** 20;

/** Runs `body` after `import caching_allocator as ca` and returns what it printed as JSON. */
function run(body: string): unknown {
  const result = spawnSync(python, ['-c', `import json, caching_allocator as ca\n${body}`], {
    cwd: packagedTraceDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

describe('caching allocator replay', { skip: hasPython ? undefined : `no ${python}` }, () => {
  test('segments: 2 MiB for small requests, 20 MiB under 10 MiB, else the request rounded up to 2 MiB', () => {
    const sizes = run(
      `print(json.dumps([ca.segment_size(n) for n in (100, ${MiB}, ${MiB} + 1, ${10 * MiB} - 1, ${10 * MiB}, ${11 * MiB} + 1)]))`,
    );
    assert.deepEqual(sizes, [2 * MiB, 2 * MiB, 20 * MiB, 20 * MiB, 10 * MiB, 12 * MiB]);
  });

  test('a 20 MiB segment serves later mid-size requests from its remainder; a block left within 1 MiB is handed out whole', () => {
    const [reserved, allocated] = run(`a = ca.CachingAllocator()
a.malloc(${2 * MiB}); a.malloc(${5 * MiB}); a.malloc(${15 * MiB} + 512)
print(json.dumps([a.reserved, a.allocated]))`) as number[];
    // 2 + 5 MiB from one 20 MiB segment (13 MiB left, too small for the third); 15.0005 MiB in a 16 MiB
    // segment, unsplit (0.9995 MiB left) and counted whole.
    assert.equal(reserved, 36 * MiB);
    assert.equal(allocated, 2 * MiB + 5 * MiB + 16 * MiB);
  });

  test('a freed block split for a smaller request no longer fits the larger one again: a new segment opens', () => {
    const [reserved, after] = run(`a = ca.CachingAllocator()
big = a.malloc(${100 * MiB}); a.free(big)
small = a.malloc(${60 * MiB})
again = a.malloc(${100 * MiB})
first = a.reserved
a.free(small); a.free(again)
a.malloc(${100 * MiB})
print(json.dumps([first, a.reserved]))`) as number[];
    assert.equal(reserved, 200 * MiB);
    // Freed, the split block merges back whole and serves the request: nothing new is reserved.
    assert.equal(after, 200 * MiB);
  });

  test('steady steps: states made inside the first step split a freed activation block, so the next step opens another segment', () => {
    // (nbytes, born, died, persists): the step starts after clock 0; a 100 MiB activation lives from 1 to
    // 2, a 30 MiB optimizer state is made at 3 and persists.
    const [oneStep, steady] = run(`records = [(${100 * MiB}, 1, 2, False), (${30 * MiB}, 3, None, True)]
print(json.dumps([ca.replay_steady_steps(records, 0, steps=1), ca.replay_steady_steps(records, 0)]))`) as number[][];
    assert.deepEqual(oneStep, [100 * MiB, 100 * MiB]);
    assert.deepEqual(steady, [200 * MiB, 130 * MiB]);
  });
});
