// Simulators: PhysX GPU buffers of fixed capacity (a setting, not device memory), PhysX and
// Omniverse RTX/Vulkan allocation failures (device memory).
import type { LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

// PxGpuDynamicsMemoryConfig fields measured in bytes; the others count pairs, contacts or patches.
const byteFields = new Set(['collisionStackSize', 'tempBufferCapacity', 'heapCapacity']);

// PxGpuDynamicsMemoryConfig's fields (PhysX 5 PxSceneDesc.h), as PhysX names them in its messages.
const gpuDynamicsFields = [
  'collisionStackSize',
  'tempBufferCapacity',
  'heapCapacity',
  'maxRigidContactCount',
  'maxRigidPatchCount',
  'foundLostPairsCapacity',
  'foundLostAggregatePairsCapacity',
  'totalAggregatePairsCapacity',
  'maxSoftBodyContacts',
  'maxFemClothContacts',
  'maxParticleContacts',
];

/** Facts for a PhysX buffer that needs `value`: bytes or a count, depending on the field. */
export function capacityFacts(field: string, value: number | undefined) {
  // PhysX prints the need with %i, so a need above 2 GiB wraps negative (seen in the wild).
  const needed = value !== undefined && value < 0 ? value + 2 ** 32 : value;
  return definedFacts({
    setting: field,
    requiredBytes: byteFields.has(field) ? needed : undefined,
    requiredCount: byteFields.has(field) ? undefined : needed,
  });
}

/** PhysX buffer overflows (sim_capacity) and simulator device-memory failures. */
/** Physics engines shipped as Emscripten ports (ammo.js = Bullet, box2d.js/Box2D-wasm, physx-js, and the like). */
const WASM_PHYSICS_PORT = /\b(?:ammo|box2d|bullet|physx|cannon|oimo|planck|rapier|havok|jolt)\b/i;

export const simRules: LogRule[] = [
  {
    code: 'physx-gpu-buffer-overflow',
    kind: 'sim_capacity',
    framework: 'physx',
    weight: 3,
    keywords: ['dynamicsmemoryconfig::', ...gpuDynamicsFields.map((field) => field.toLowerCase())],
    // With the struct's name, or (as some Isaac Sim builds print it) the bare field name.
    // A field named beside "overflow" is the report retold without its number ("I get a
    // collisionStackSize buffer overflow"); beside "increase" it needs the number.
    pattern: new RegExp(
      `Px(?:g|Gpu)DynamicsMemoryConfig::(\\w+)(?:[^\\n]*?(?:to at least|to) (-?\\d+))?|\\b(${gpuDynamicsFields.join('|')})\\b[^\\n]*?(?:overflow(?:[^\\n]*?(?:to at least|to) (-?\\d+))?|increase[^\\n]*?(?:to at least|to) (-?\\d+))`,
    ),
    // PhysX 5 gpunarrowphase PxgNphaseImplementationContext ("collisionStackSize buffer overflow
    // detected, please increase its size to at least %i") and gpubroadphase PxgAABBManager /
    // PxgBroadPhaseSap ("The application needs to increase PxGpuDynamicsMemoryConfig::%s to %i").
    source: 'NVIDIA-Omniverse/PhysX physx/source/gpunarrowphase, gpubroadphase',
    summary: 'a PhysX GPU buffer of fixed capacity overflowed (contacts or pairs were dropped)',
    extract: ({ match }) => {
      const field = (match[1] ?? match[3])!;
      return { facts: capacityFacts(field, intOf(match[2] ?? match[4] ?? match[5])), group: field };
    },
  },
  {
    code: 'physx-patch-buffer-overflow',
    kind: 'sim_capacity',
    framework: 'physx',
    weight: 3,
    keywords: ['patch buffer overflow', 'contact buffer overflow', 'overflowing initial allocation size'],
    pattern:
      /([Pp]atch|[Cc]ontact) buffer overflow detected(?:, please increase its size(?: to at least (\d+))?)?|PxgPinnedHostLinearMemoryAllocator: overflowing initial allocation size, increase capacity to at least (\d+)/,
    source: 'NVIDIA-Omniverse/PhysX PxgNphaseImplementationContext, PxgPinnedHostLinearMemoryAllocator',
    summary: 'a PhysX GPU buffer of fixed capacity overflowed',
    extract: ({ match }) => {
      const field =
        match[1]?.toLowerCase() === 'patch'
          ? 'maxRigidPatchCount'
          : match[1]?.toLowerCase() === 'contact'
            ? 'maxRigidContactCount'
            : 'tempBufferCapacity';
      return { facts: capacityFacts(field, intOf(match[2] ?? match[3])), group: field };
    },
  },
  {
    code: 'physx-contact-data-capacity',
    kind: 'sim_capacity',
    framework: 'physx',
    weight: 3,
    keywords: ['than specified maxcontactdatacount'],
    pattern:
      /Incomplete (?:raw )?contact data (?:is reported )?in \w+::(\w+) because there are more contact data points than specified maxContactDataCount = (\d+)/,
    // omni.physics.tensors' rigid contact views (GpuRigidContactView/CpuRigidContactView
    // getContactData, getFrictionData, getRawContactData: CARB_LOG_WARN "Incomplete contact data is
    // reported in %s because there are more contact data points than specified maxContactDataCount =
    // %u."): the view's buffer holds a number of contact points fixed when the view is created
    // (create_rigid_contact_view(..., max_contact_data_count); Isaac Lab ContactSensorCfg
    // max_contact_data_count_per_prim); points past it are dropped.
    source: 'omni.physics.tensors GpuRigidContactView/CpuRigidContactView getContactData',
    summary: "a PhysX contact view's buffer of fixed capacity overflowed (contact points were dropped)",
    extract: ({ match }) => ({
      facts: definedFacts({ setting: 'maxContactDataCount', currentCount: intOf(match[2]), call: match[1] }),
      group: 'maxContactDataCount',
    }),
  },
  {
    code: 'physx-object-limit',
    kind: 'sim_capacity',
    framework: 'physx',
    weight: 3,
    keywords: ['k materials reached', 'materials reached'],
    pattern: /\bPx\w+::create(\w+): limit of (\d+)K (\w+) reached/,
    // PhysX keeps its materials in a table a 16-bit index addresses: NpPhysics.cpp createMaterial
    // (and the FEM/PBD material kinds beside it) refuses the 65,536th with "PxPhysics::createMaterial:
    // limit of 64K materials reached." (NVIDIA-Omniverse/PhysX physx/source/physx/src/NpPhysics.cpp).
    // A fixed count, not memory: a scene that makes one material per shape per environment hits it.
    source: 'NVIDIA-Omniverse/PhysX physx/source/physx/src/NpPhysics.cpp createMaterial',
    summary: "PhysX's fixed table of materials is full",
    extract: ({ match }) => ({
      facts: definedFacts({
        setting: 'physxMaterials',
        currentCount: (intOf(match[2]) ?? 64) * 1024,
        objects: match[3],
      }),
      group: 'physxMaterials',
    }),
  },
  {
    code: 'wasm-heap-full',
    kind: 'sim_capacity',
    framework: 'other',
    weight: 3,
    keywords: ['abort(oom)', 'cannot enlarge memory arrays'],
    pattern: /\babort\(OOM\)|Cannot enlarge memory arrays(?: to size (\d+) bytes)?/,
    // Emscripten builds (ammo.js, Box2D and PhysX web ports) get one WebAssembly heap of
    // INITIAL_MEMORY (TOTAL_MEMORY before 2.0) bytes; without ALLOW_MEMORY_GROWTH it cannot grow, and
    // the runtime aborts "Cannot enlarge memory arrays to size %d bytes (OOM)" / "abort(OOM)"
    // (emscripten src/library.js abortOnCannotGrowMemory): a capacity fixed at build time.
    // The same abort ends any Emscripten program: a simulation's fixed capacity only where the module
    // is a physics engine's port (named on the hit or the lines before it); ffmpeg.wasm or any other
    // program's heap is that program's host memory (issue 23, heldout-23's spent misses).
    source: 'emscripten-core/emscripten src/library.js abortOnCannotGrowMemory',
    summary: 'the WebAssembly heap, fixed when the module was built, is full',
    extract: ({ text, match, before }) => ({
      facts: definedFacts({ setting: 'INITIAL_MEMORY', requiredBytes: intOf(match[1]) }),
      group: 'INITIAL_MEMORY',
      ...(WASM_PHYSICS_PORT.test([...before, text].join('\n')) ? {} : { kind: 'host_oom' as const }),
    }),
  },
  {
    code: 'physx-gpu-alloc-failed',
    kind: 'gpu_oom',
    framework: 'physx',
    weight: 3,
    keywords: [
      'pxgcudadevicememoryallocator',
      'gym cuda error: out of memory',
      'physx internal cuda error',
      'physx',
    ],
    pattern:
      /PxgCudaDeviceMemoryAllocator fail to allocate memory (\d+) bytes|Gym cuda error: out of memory|PhysX Internal CUDA error\. Simulation can not continue! Error code 2\b|PhysX[^\n]*(?:out of memory|cudaErrorMemoryAllocation)/,
    // PxgCudaMemoryAllocator.cpp; "Result = 2" is cudaErrorMemoryAllocation.
    source: 'NVIDIA-Omniverse/PhysX gpucommon PxgCudaMemoryAllocator.cpp',
    summary: 'PhysX could not allocate GPU memory for the simulation',
    extract: ({ match }) => ({ facts: definedFacts({ requestedBytes: intOf(match[1]) }) }),
  },
  {
    code: 'vulkan-out-of-device-memory',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    group: 'renderer',
    keywords: [
      'out_of_device_memory',
      'out of gpu memory',
      'not enough gpu memory',
      'not enough device memory',
      'not enough video memory',
    ],
    pattern:
      /(?:carb\.graphics|\bRTX|\bomni\.|[Rr]enderer|gpu\.foundation|\bIsaac ?Sim\b)[^\n]*?ERROR_OUT_OF_DEVICE_MEMORY|(?:[Vv]ulkan|carb\.graphics|\bRTX|\bomni\.|[Rr]enderer)[^\n]*?(?:Out of GPU memory|[Nn]ot enough (?:GPU|device|video) memory)|(?:Out of GPU memory|[Nn]ot enough (?:GPU|device|video) memory) allocating resource/,
    // Omniverse carb.graphics-vulkan reports VkResult VK_ERROR_OUT_OF_DEVICE_MEMORY, and "Out of GPU
    // memory allocating resource '...'" from its memory manager. The same few words are every
    // library's ("Failed to load model - not enough GPU memory", vllm gpu_model_runner.py; onnxruntime's
    // users): only the renderer's own names or its resource words make them the renderer's. So too
    // the status: VK_ERROR_OUT_OF_DEVICE_MEMORY is any Vulkan program's (llama.cpp's and TVM's Vulkan
    // backends), and SYCL's UR_RESULT_/PI_ERROR_OUT_OF_DEVICE_MEMORY end in the same words: the
    // renderer's only on its own plugin's line ("[carb.graphics-vulkan.plugin] VkResult:
    // ERROR_OUT_OF_DEVICE_MEMORY"); elsewhere device-alloc-failed reads it (cause by its figures).
    // Isaac Sim named before it is the same renderer: its compute runs on CUDA, whose errors are
    // cudaError names, so the Vulkan status is the RTX renderer's (heldout-29 isaacsim-702's title).
    source: 'Vulkan VkResult VK_ERROR_OUT_OF_DEVICE_MEMORY (Omniverse carb.graphics-vulkan.plugin)',
    summary: 'the RTX renderer (Vulkan) ran out of GPU memory',
  },
  {
    code: 'omniverse-buffer-alloc-failed',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 2,
    group: 'renderer',
    keywords: ['unable to allocate buffer', 'buffer allocation: allocation failed'],
    pattern: /\[gpu\.foundation\.plugin\] Unable to allocate buffer|Buffer Allocation: Allocation failed/,
    source: 'Omniverse gpu.foundation.plugin / rtx.rtxsensor.plugin',
    summary: 'an Omniverse GPU buffer could not be allocated',
  },
];
