// TensorFlow: no environment variable caps it; it grows on demand (TF_FORCE_GPU_ALLOW_GROWTH) and the
// bootstrap gives its GPU a logical device limit when tensorflow is imported (DESIGN, FACTS Q11).
import { bootstrapEnv } from './bootstrap.js';
import type { FrameworkProfile, KnownVariables } from './types.js';

const MiB = 1024 ** 2;

// tensorflow/core/common_runtime/gpu/gpu_device.cc and gpu_process_state.cc (allow growth, allocator,
// unified memory, reserved system memory), tensorflow/core/platform/default/logging.cc (TF_CPP_*).
const tensorflowVariables: KnownVariables = {
  source:
    'tensorflow core/common_runtime/gpu (gpu_device.cc, gpu_process_state.cc), platform/default/logging.cc',
  variables: [
    {
      name: 'TF_FORCE_GPU_ALLOW_GROWTH',
      unsetEffect: "TensorFlow maps nearly all of the card's free memory when it starts",
    },
    { name: 'TF_GPU_ALLOCATOR', unsetEffect: 'the BFC allocator is used' },
    { name: 'TF_FORCE_UNIFIED_MEMORY', unsetEffect: 'fractions above 1 are refused' },
    { name: 'TF_DEVICE_MIN_SYS_MEMORY_IN_MB', unsetEffect: 'TensorFlow leaves its default reserve free' },
    { name: 'TF_GPU_HOST_MEM_LIMIT_IN_MB' },
    { name: 'TF_CPP_MIN_LOG_LEVEL', source: 'tensorflow/core/platform/default/logging.cc' },
    { name: 'TF_CPP_MAX_VLOG_LEVEL', source: 'tensorflow/core/platform/default/logging.cc' },
    { name: 'TF_ENABLE_ONEDNN_OPTS', source: "tensorflow's C++ runtime (the oneDNN switch)" },
    { name: 'TF_XLA_FLAGS' },
    { name: 'TF_GPU_THREAD_MODE' },
    { name: 'TF_GPU_THREAD_COUNT' },
    { name: 'TF_DETERMINISTIC_OPS' },
    { name: 'TF_CUDNN_DETERMINISTIC' },
    { name: 'TF_USE_LEGACY_KERAS', source: 'tensorflow/python/util/lazy_loader.py' },
  ],
};

export const tensorflow: FrameworkProfile<'tensorflow'> = {
  name: 'tensorflow',
  aliases: [],
  label: 'TensorFlow',
  usesGpu: true,
  distributions: ['tensorflow'],
  defaultPool: null,
  versionGates: [],
  detect: {
    libraries: /libtensorflow_framework\.so|_pywrap_tensorflow_internal\.so|libtensorflow_cc\.so/,
    commandWords: /\b(tensorflow|keras)\b|[-_](tf|tensorflow)\b/i,
  },
  defaultEnforcement: 'cap',
  canCap: true,
  ownKeys: [],
  budgetEnv: ({ process: configProcess, budgetBytes, bootstrapDir, inheritedEnv }) => {
    // Exactly `true`: TF compares with strcmp and ignores anything else (FACTS Q11).
    const env: Record<string, string> = { TF_FORCE_GPU_ALLOW_GROWTH: 'true' };
    const limitMiB = Math.floor(budgetBytes / MiB);
    const boot = (actions: ('tf-cap' | 'peaks')[]) =>
      bootstrapEnv({ bootstrapDir, actions, configEnv: configProcess.env, inheritedEnv });
    if (configProcess.enforce === 'cap' && bootstrapDir !== null) {
      return {
        env: { ...env, ...boot(['tf-cap', 'peaks']) },
        unset: [],
        capBy: 'bootstrap',
        capNote: `headroom's bootstrap sets a ${limitMiB} MiB logical device limit when tensorflow is imported; it grows on demand up to it`,
      };
    }
    return {
      env: { ...env, ...boot(['peaks']) },
      unset: [],
      capBy: 'watch',
      capNote:
        configProcess.enforce === 'cap'
          ? 'no hard cap from outside; grows on demand, watched by headroom'
          : `not capped in-process (enforce: ${configProcess.enforce}); grows on demand, watched by headroom`,
    };
  },
  enforcedBudgetBytes: (budgetBytes) => budgetBytes,
  inProcessCap: ({ capBy, budgetBytes }) => {
    if (capBy !== 'alloc-conf' && capBy !== 'bootstrap') return null;
    const limitMiB = Math.floor(budgetBytes / MiB);
    return { bytes: limitMiB * MiB, by: `TensorFlow's ${limitMiB} MiB device limit` };
  },
  noCapAdvice: (p) =>
    `${p.name}: no environment variable caps TensorFlow and headroom's bootstrap is not available; call tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=${Math.floor(p.budgetBytes / MiB)})]) (MiB, from HEADROOM_GPU_BUDGET_BYTES) before using the GPU; headroom run watches it meanwhile`,
  envVariables: ['TF_FORCE_GPU_ALLOW_GROWTH'],
  knownVariables: tensorflowVariables,
  checks: { config: [], plan: [], inherited: [] },
  doctorFamily: 'tensorflow',
  poolWords: { clients: 'TensorFlow', share: ({ bytes }) => `one ${bytes} device limit` },
  trialEnv: null,
  bootstrap:
    'tf-cap: a logical device limit of the budget when tensorflow is imported; peaks: records the exact GPU peaks at exit',
};
