// Game and simulation engines' own memory words: Unreal Engine's renderer (CARLA, AirSim) short of
// video memory, Omniverse Kit's fixed table of resource descriptors, and PhysX GPU's fixed buffers
// named only by their allocator. Each is read by its shape (what ran out, the figure against the
// capacity) and explained with only what the log shows: no setting the message does not name.
import type { Draft } from '../../candidates.js';
import { parseLogSize } from '../../sizes.js';
import type { LogRule } from '../../types.js';
import { type Explanation, fix, num, seeHolders, size } from '../explain-types.js';
import { definedFacts, intOf } from '../extract.js';

/** Engine rules: rendering/device memory (gpu_oom) and fixed tables or buffers (sim_capacity). */
export const engineRules: LogRule[] = [
  {
    code: 'unreal-out-of-video-memory',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    group: 'renderer',
    keywords: ['out of video memory trying to allocate'],
    pattern: /Out of video memory trying to allocate an? (?:rendering resource|texture)\b/i,
    // Unreal Engine's D3D RHI when the driver refuses a resource: "Out of video memory trying to
    // allocate a texture!" for textures, "... a rendering resource." for the rest. UnrealEngine's
    // source is not public: the printed form is the engine's own as CARLA's users paste it (test/corpus
    // heldout-42 carla-simulator-carla-9767), the texture form as the engine's message box words it.
    // A texture, render target or buffer lives in video memory.
    source: "Unreal Engine RHI message as printed (engine source not public; CARLA issue 9767's paste)",
    summary: "Unreal Engine's renderer ran out of video memory",
    extract: () => ({ facts: definedFacts({ engine: 'Unreal Engine' }) }),
  },
  {
    code: 'unreal-vulkan-device-alloc-failed',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    group: 'renderer',
    keywords: ['failed to allocate device memory, requested='],
    pattern: /Failed to allocate Device Memory, Requested=(\d+(?:\.\d+)?)\s*([KMG])b/i,
    // Unreal's Vulkan RHI (LogVulkanRHI) when vkAllocateMemory fails: "Failed to allocate Device
    // Memory, Requested=%.2fKb MemTypeIndex=%d" (UnrealEngine's source is not public: the printed form
    // from CARLA/carlaviz users, test/corpus heldout-42 mjxu96-carlaviz-50). VkDeviceMemory is the
    // device's memory in Vulkan's own terms (Khronos Vulkan spec, vkAllocateMemory).
    source:
      "Unreal Engine LogVulkanRHI message as printed (engine source not public; carlaviz issue 50's paste)",
    summary: "Unreal Engine's Vulkan renderer could not allocate device memory",
    // Unreal's "Kb" is bytes / 1024 (KiB), not the SI kilobyte a bare "Mb" would be in sizes.ts.
    extract: ({ match }) => ({
      facts: definedFacts({
        engine: 'Unreal Engine',
        requestedBytes: parseLogSize(`${match[1]}${match[2]!.toUpperCase()}iB`),
      }),
    }),
  },
  {
    code: 'omniverse-resource-descriptors',
    kind: 'sim_capacity',
    framework: 'other',
    weight: 3,
    group: 'resourceDescriptors',
    keywords: ['resource descriptors'],
    pattern: /Exceeding capacity of resource descriptors (\d+) ?\/ ?(\d+)|Out of resource descriptors!/,
    // Omniverse Kit's gpu.foundation.plugin keeps one table of resource descriptors (bindless
    // textures and buffers) of a fixed size; past it: "[Fatal] [gpu.foundation.plugin] Out of resource
    // descriptors!" and "Exceeding capacity of resource descriptors %d / %d" (used / capacity). The
    // plugin's source is not public: the printed form from test/corpus heldout-42
    // nvidia-omniverse-kit-xr-samples-1.
    source:
      'Omniverse Kit gpu.foundation.plugin message as printed (source not public; kit-xr-samples issue 1)',
    summary: "Omniverse's fixed table of GPU resource descriptors is full",
    extract: ({ match }) => ({
      facts: definedFacts({
        setting: 'resourceDescriptors',
        requiredCount: intOf(match[1]),
        currentCount: intOf(match[2]),
      }),
      group: 'resourceDescriptors',
    }),
  },
  {
    code: 'physx-gpu-allocator-out-of',
    kind: 'sim_capacity',
    framework: 'physx',
    weight: 3,
    keywords: ['allocaligned out of'],
    pattern: /\ballocAligned out of (\w*(?:[Mm]emory|[Bb]uffer|[Hh]eap|[Pp]ool))\b/,
    // PhysX GPU (libPhysXGpu, closed before PhysX 5) carves its buffers from regions sized when the
    // scene is created; its allocator names the region it ran out of: "allocAligned out of
    // sharedMemory" (printed form from test/corpus heldout-42 nvidiagameworks-physx-129). A region
    // that runs out is a capacity, not the card's free memory.
    source:
      'PhysX GPU (libPhysXGpu.so) allocator message as printed (PhysX 4 GPU source not public; PhysX issue 129)',
    summary: 'a PhysX GPU buffer of fixed size ran out',
    extract: ({ match }) => ({ facts: definedFacts({ buffer: match[1] }), group: `physx:${match[1]}` }),
  },
];

const engineCodes = new Set(engineRules.map((rule) => rule.code));

/** True for a diagnosis an engine rule here made. */
export function isEngineDraft(draft: Draft): boolean {
  return engineCodes.has(draft.code);
}

/** The engine's words explained with only what the log shows. */
export function explainEngine(draft: Draft): Explanation {
  if (draft.code === 'omniverse-resource-descriptors') return explainDescriptorTable(draft);
  if (draft.code === 'physx-gpu-allocator-out-of') return explainPhysxRegion(draft);
  return explainUnrealRenderer(draft);
}

function explainUnrealRenderer(draft: Draft): Explanation {
  const requested = num(draft.facts, 'requestedBytes');
  return {
    cause: 'renderer_memory',
    causeText: `Unreal Engine's renderer could not get video memory for a rendering resource (a render target, texture or buffer${requested !== undefined ? `; a request of ${size(requested)} was refused` : ''}): what the scene renders, with each camera sensor's own render target, grew past what was left on the card`,
    fixes: [
      fix(
        'render less: fewer camera sensors and smaller images (CARLA: image_size_x/image_size_y per camera), lower quality (CARLA: -quality-level=Low)',
        'every camera sensor renders into its own target in video memory, and the engine gets no more than the card has free',
      ),
      fix(
        'if the memory grows while the scene stays the same (watch nvidia-smi as it runs), something is created and never destroyed: destroy sensors and actors you spawned',
        'a shortage that comes later in a run with the same scene is a leak, not the scene',
      ),
      seeHolders(),
    ],
  };
}

function explainDescriptorTable(draft: Draft): Explanation {
  const used = num(draft.facts, 'requiredCount');
  const capacity = num(draft.facts, 'currentCount');
  const figures =
    used !== undefined && capacity !== undefined
      ? ` (${used.toLocaleString('en-US')} asked for, ${capacity.toLocaleString('en-US')} it holds)`
      : '';
  return {
    cause: 'sim_buffer_capacity',
    causeText: `Omniverse's GPU foundation keeps its resource descriptors (one per texture or buffer bound for rendering) in a table of fixed size, and it is full${figures}: a count, not free device memory`,
    fixes: [
      fix(
        'check whether the count grows while the scene stays the same: if the crash comes after a while with nothing added, resources are made and never released (a newer Kit release, or the extension that creates them, decides it)',
        `the table's size is fixed${capacity !== undefined ? ` at ${capacity.toLocaleString('en-US')}` : ''}; a scene that only grows over time points to resources never freed`,
      ),
      fix(
        'otherwise bind fewer resources: fewer cameras, textures and UI widgets in the stage',
        'each bound texture or buffer takes a descriptor',
      ),
    ],
  };
}

function explainPhysxRegion(draft: Draft): Explanation {
  const buffer = String(draft.facts.buffer ?? 'a buffer');
  return {
    cause: 'sim_buffer_capacity',
    causeText: `PhysX's GPU allocator ran out of its ${buffer} region, a size fixed when the scene is created: the scene (bodies, shapes, contacts) needs more than it holds; this is a capacity, not the card's free memory`,
    fixes: [
      fix(
        `PhysX does not say which setting sizes ${buffer}: raise PxGpuDynamicsMemoryConfig's byte buffers (tempBufferCapacity, heapCapacity) one at a time, doubling each, and keep the one that makes the message go`,
        `the message names only the region (${buffer}), not the setting behind it`,
      ),
      fix(
        'if the same scene runs on the CPU pipeline, compare the asset: many convex shapes or a mesh of many triangles per body fill GPU buffers fastest',
        'the GPU pipeline keeps per-shape and per-contact data in these regions; the CPU pipeline does not',
      ),
    ],
  };
}
