// The family list: each claim (a kind, a code, a layer) has one owner, so which family explains a
// draft never depends on the list's order, and every draft finds one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { memoryKinds } from '../../vocabulary.js';
import type { Draft } from '../candidates.js';
import { diagnoseText } from '../diagnose-text.js';
import { doctorFamilies, familyExplaining, familyNamed, joinedFactKeys, logRules } from './index.js';

const draft = (fields: Partial<Draft>): Draft =>
  ({ code: 'x', kind: 'gpu_oom', framework: 'other', facts: {}, ...fields }) as Draft;

function owners(claimsOf: (name: string) => readonly string[]): Map<string, string[]> {
  const byClaim = new Map<string, string[]>();
  for (const family of doctorFamilies)
    for (const claim of claimsOf(family.name))
      byClaim.set(claim, [...(byClaim.get(claim) ?? []), family.name]);
  return byClaim;
}

describe('doctor families', () => {
  test('names are unique, and a claim of a kind, a code or a layer has one family', () => {
    const names = doctorFamilies.map((f) => f.name);
    assert.deepEqual([...new Set(names)], names);
    for (const claims of [
      (name: string) => familyNamed(name)?.kinds ?? [],
      (name: string) => familyNamed(name)?.codes ?? [],
      (name: string) => familyNamed(name)?.layers ?? [],
      (name: string) => familyNamed(name)?.frameworks ?? [],
    ]) {
      const shared = [...owners(claims)].filter(([, by]) => by.length > 1);
      assert.deepEqual(shared, []);
    }
    assert.equal(doctorFamilies.filter((f) => f.isFallback).length, 1);
  });

  test("every rule is one family's, and every family that claims drafts explains them", () => {
    assert.equal(new Set(logRules).size, logRules.length);
    for (const family of doctorFamilies) {
      const claims = family.layers.length + (family.kinds?.length ?? 0) + (family.codes?.length ?? 0);
      if (claims > 0 || family.isFallback)
        assert.ok(family.explain, `${family.name} claims drafts but explains none`);
    }
  });

  test('each kind has its family; a GPU failure goes by code, then layer, then to the fallback', () => {
    for (const kind of memoryKinds.filter((k) => k !== 'gpu_oom'))
      assert.ok(
        doctorFamilies.some((f) => f.kinds?.includes(kind)),
        `no family explains ${kind}`,
      );
    assert.equal(familyExplaining(draft({ framework: 'torch' })).name, 'pytorch');
    assert.equal(familyExplaining(draft({ framework: 'torch', code: 'library-init-failed' })).name, 'cuda');
    assert.equal(
      familyExplaining(draft({ framework: 'jax', code: 'device-alloc-failed' })).name,
      'allocation',
    );
    assert.equal(familyExplaining(draft({ framework: 'tensorflow', kind: 'host_oom' })).name, 'host');
    assert.equal(familyExplaining(draft({ framework: 'nccl' })).name, 'cuda');
    assert.equal(familyExplaining(draft({ framework: 'physx', kind: 'sim_capacity' })).name, 'simulators');
    assert.equal(familyExplaining(draft({ framework: 'torch', kind: 'none' })).name, 'near-miss');
  });

  test("a draft takes its layer's facts before its kind's", () => {
    assert.deepEqual(joinedFactKeys(draft({ framework: 'tensorflow' })), ['tensorflow', 'xla']);
    assert.deepEqual(joinedFactKeys(draft({ framework: 'torch', kind: 'host_oom' })), ['torch']);
    assert.deepEqual(joinedFactKeys(draft({ framework: 'kernel', kind: 'host_oom' })), ['host']);
    assert.deepEqual(joinedFactKeys(draft({ framework: 'physx' })), []);
  });

  test('a family explains a real report end to end (PyTorch OOM, the kernel OOM killer)', () => {
    const [torch] = diagnoseText(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free.',
    );
    assert.equal(torch?.framework, 'torch');
    assert.equal(torch?.kind, 'gpu_oom');
    const [kernel] = diagnoseText(
      'Out of memory: Killed process 4242 (python) total-vm:54591737856kB, anon-rss:31451456kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:64000kB oom_score_adj:0',
    );
    assert.equal(kernel?.kind, 'host_oom');
  });
});
