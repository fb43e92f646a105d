import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../../test-helpers/diagnose.js';
import { absurdCount, capacityValue, isBlowUp, maxSettable } from './explain-capacity.js';

describe('simulator capacities within sane bounds and the integer type', () => {
  test('a power of two at or above the need, never past a signed 32-bit int', () => {
    assert.equal(capacityValue(16790), 2 ** 15);
    assert.equal(capacityValue(2 ** 30), 2 ** 30);
    assert.equal(capacityValue(2 ** 30 + 1), 1073741824 + 2 ** 20); // 2**31 would overflow: the need rounded up to a MiB
    assert.ok(capacityValue(maxSettable) <= maxSettable);
  });

  test('counts from 2^30 are a blow-up; bytes only past what the setting holds', () => {
    assert.equal(isBlowUp(absurdCount - 1, false), false);
    assert.equal(isBlowUp(absurdCount, false), true);
    assert.equal(isBlowUp(maxSettable, true), false);
    assert.equal(isBlowUp(maxSettable + 1, true), true);
  });

  test('an absurd pair count is a physics blow-up, with NaN advice and no capacity', () => {
    const d = mustDiagnose(
      'PxgAABBManager.cpp (1048) : invalid parameter : The application needs to increase PxgDynamicsMemoryConfig::foundLostAggregatePairsCapacity to 1685662397 , otherwise, the simulation will miss interactions',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.cause, 'physics_blowup');
    assert.match(d.fixes[0]!, /NaN/);
    assert.ok(!d.fixes.some((f) => /capacity\s*=|2\*\*31/.test(f)));
  });

  test('a need that grows over the log: the largest is the one to cover', () => {
    const line = (n: number) =>
      `[Error] [omni.physx.plugin] PhysX error: Patch buffer overflow detected, please increase its size to at least ${n} in the scene desc!`;
    const d = mustDiagnose(line(219146), line(262145));
    assert.equal(d.facts.requiredCount, 219146);
    assert.match(d.fixes[0]!, /gpu_max_rigid_patch_count = 2\*\*19/);
  });

  test('MuJoCo Warp overflows name the setting and the need', () => {
    const d = mustDiagnose('broadphase overflow - please increase nconmax to 140 or naconmax to 1120');
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.framework, 'mujoco');
    assert.equal(d.facts.requiredCount, 140);
    assert.match(d.fixes[0]!, /raise nconmax to at least 140/);
  });
});
