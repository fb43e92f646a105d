import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../../test-helpers/diagnose.js';

describe('simulators', () => {
  test('collisionStackSize: the exact Isaac Lab setting, never past a signed 32-bit int', () => {
    const d = mustDiagnose(
      '[Error] [omni.physx.plugin] PhysX error: PxGpuDynamicsMemoryConfig::collisionStackSize buffer overflow detected, please increase its size to at least 1484688128 in the scene desc! Contacts have been dropped.',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.requiredBytes, 1484688128);
    // 2**31 would be the next power of two, one past what the setting holds: the need rounded up to a MiB.
    assert.equal(
      d.fixes[0],
      "Isaac Lab: in the env cfg's __post_init__, self.sim.physx.gpu_collision_stack_size = 1,484,783,616 (OmniIsaacGymEnvs: sim.physx.gpu_collision_stack_size in the task yaml)",
    );
    assert.match(d.fixDetails![0]!.because, /PhysX needs at least 1,484,688,128/);
  });

  test('a need above 2 GiB printed negative (%i) is unwrapped', () => {
    const d = mustDiagnose(
      'PxGpuDynamicsMemoryConfig::collisionStackSize buffer overflow detected, please increase its size to at least -1280352880 in the scene desc!',
    );
    assert.equal(d.facts.requiredBytes, 2 ** 32 - 1280352880);
  });

  test('the bare field name, without PxGpuDynamicsMemoryConfig::, is recognised too', () => {
    const d = mustDiagnose(
      '[Error] [omni.physx.plugin] PhysX error: GPU collisionStackSize buffer overflow detected, please increase its size to at least 1484688128 in the scene desc!',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.deepEqual([d.facts.setting, d.facts.requiredBytes], ['collisionStackSize', 1484688128]);
    const pairs = mustDiagnose('GPU foundLostPairsCapacity buffer overflow: increase it to at least 2097152');
    assert.deepEqual([pairs.facts.setting, pairs.facts.requiredCount], ['foundLostPairsCapacity', 2097152]);
  });

  test('SAPIEN / ManiSkill get their own setting names', () => {
    const d = mustDiagnose(
      '[SAPIEN] [critical] PxgDynamicsMemoryConfig::collisionStackSize buffer overflow detected, please increase its size to at least 73774744 in the scene desc!',
    );
    assert.match(d.fixes[0]!, /gpu_memory_config=dict\(collision_stack_size=2\*\*27\)/);
    assert.match(d.fixes[0]!, /sapien\.physx\.set_gpu_memory_config\(collision_stack_size=2\*\*27\)/);
  });

  test('pair capacities are counts; each field is its own diagnosis', () => {
    const d = mustDiagnose(
      '[Error] [omni.physx.plugin] PhysX error: The application needs to increase PxGpuDynamicsMemoryConfig::totalAggregatePairsCapacity to 16790 , otherwise, the simulation will miss interactions',
      '[Error] [omni.physx.plugin] PhysX error: Patch buffer overflow detected, please increase its size to at least 170478 in the scene desc!',
    );
    assert.equal(d.facts.requiredCount, 16790);
    assert.match(d.fixes[0]!, /gpu_total_aggregate_pairs_capacity = 2\*\*15/);
  });

  test('PhysX device allocation failure and the RTX renderer are GPU OOMs', () => {
    const physx = mustDiagnose(
      'PxgCudaDeviceMemoryAllocator fail to allocate memory 100663296 bytes!! Result = 2',
    );
    assert.equal(physx.kind, 'gpu_oom');
    assert.equal(physx.facts.requestedBytes, 100663296);
    assert.equal(physx.cause, 'co_tenant');
    const rtx = mustDiagnose('[Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_OUT_OF_DEVICE_MEMORY');
    assert.equal(rtx.cause, 'renderer_memory');
  });
});
