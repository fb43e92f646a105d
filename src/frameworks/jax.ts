// JAX (jaxlib's XLA client): a fraction of the card's total caps XLA's pool from the environment
// (DESIGN "Planning rules", FACTS Q1-Q3, Q6), in the grammar the installed jaxlib reads (jax-fraction.ts).
import { bootstrapEnv, bootVariables } from './bootstrap.js';
import { uncappedJaxAllocators } from './env-checks.js';
import { flooredFractionBytes, formatFraction } from './fraction.js';
import { fixedPairOf, jaxFractionNames, jaxStartCapGrammarFrom } from './jax-fraction.js';
import type { FrameworkProfile, KnownVariables, ProfileCheck, ProfileFinding } from './types.js';

// Several preallocating JAX processes on one card: each grabs its whole budget at its first allocation.
const sharedPreallocation: ProfileCheck = ({ processes, specProcesses }) => {
  const preallocating = processes.filter(
    (p) =>
      p.framework === 'jax' &&
      p.device !== null &&
      specProcesses.find((s) => s.name === p.process)?.preallocate,
  );
  const byDevice = new Map<number | null, typeof preallocating>();
  for (const p of preallocating) byDevice.set(p.device, [...(byDevice.get(p.device) ?? []), p]);
  return [...byDevice.entries()]
    .filter(([, group]) => group.length > 1)
    .map(([device, group]) => ({
      code: 'jax-preallocate-shared',
      severity: 'warning',
      device: device ?? undefined,
      message: `${group.map((p) => p.name).join(', ')} preallocate on GPU ${device}: each grabs its whole budget at its first allocation, and one that starts on a crowded GPU silently gets a smaller pool (XLA backs off by 0.9x); set preallocate: false unless start order is controlled`,
    }));
};

// What the config's env: writes for a JAX process that fights the plan's fraction.
const writtenEnv: ProfileCheck = ({ processes, specProcesses, inheritedEnv }) =>
  processes
    .filter((p) => p.framework === 'jax')
    .flatMap((p) => {
      const written = specProcesses.find((s) => s.name === p.process)?.env ?? {};
      const findings: ProfileFinding[] = [];
      if ('XLA_CLIENT_MEM_FRACTION' in written) {
        findings.push({
          code: 'env-both-fraction-names',
          severity: 'error',
          process: p.name,
          message: `${p.name}: env XLA_CLIENT_MEM_FRACTION together with the plan's XLA_PYTHON_CLIENT_MEM_FRACTION makes jaxlib raise ValueError; remove it and use gpu_memory:`,
        });
      }
      // Not overridden by the plan, so an inherited value reaches the child too.
      const allocator = written.XLA_PYTHON_CLIENT_ALLOCATOR ?? inheritedEnv.XLA_PYTHON_CLIENT_ALLOCATOR;
      if (allocator !== undefined && uncappedJaxAllocators.includes(allocator)) {
        findings.push({
          code: 'jax-allocator-uncapped',
          severity: 'warning',
          process: p.name,
          message: `${p.name}: XLA_PYTHON_CLIENT_ALLOCATOR=${allocator} ignores the memory fraction, so the budget is not enforced; use the default (bfc) allocator`,
        });
      }
      return findings;
    });

// The new fraction name inherited beside the plan's old one.
const inheritedBothNames: ProfileCheck = ({ processes, inheritedEnv }) =>
  processes.some((p) => p.framework === 'jax') && inheritedEnv.XLA_CLIENT_MEM_FRACTION !== undefined
    ? [
        {
          code: 'env-both-fraction-names',
          severity: 'warning',
          message:
            'your environment has XLA_CLIENT_MEM_FRACTION; with XLA_PYTHON_CLIENT_MEM_FRACTION also set, jaxlib raises ValueError and JAX falls back to CPU; headroom removes it from the JAX processes it starts (unset it in your shell)',
        },
      ]
    : [];

// jaxlib/xla_client.py (_gpu_backend_factory: PREALLOCATE, MEM_FRACTION, ALLOCATOR), jax/_src/config.py
// (each jax_* flag reads os.getenv(name.upper()) at import: JAX_*), https://docs.jax.dev/en/latest/gpu_memory_allocation.html (FACTS Q1-Q3, Q6).
const jaxConfig = 'jax/_src/config.py (the jax_* flag of that name)';

const jaxVariables: KnownVariables = {
  source: 'jaxlib xla_client.py (XLA_PYTHON_CLIENT_*), docs.jax.dev gpu_memory_allocation',
  variables: [
    {
      name: 'XLA_PYTHON_CLIENT_PREALLOCATE',
      unsetEffect: 'preallocation stays on (75% of the card at the first allocation)',
    },
    {
      name: 'XLA_PYTHON_CLIENT_MEM_FRACTION',
      unsetEffect: "XLA's pool stays at 75% of the card",
    },
    { name: 'XLA_CLIENT_MEM_FRACTION', unsetEffect: "XLA's pool stays at 75% of the card" },
    {
      name: 'XLA_PYTHON_CLIENT_ALLOCATOR',
      unsetEffect: 'the default BFC allocator (capped by the fraction) is used',
    },
    {
      name: 'XLA_FLAGS',
      unsetEffect: 'XLA runs with its default flags',
      source: 'openxla/xla xla/debug_options_flags.cc',
    },
    {
      name: 'JAX_PLATFORMS',
      unsetEffect: 'JAX picks the first backend it finds (GPU before CPU)',
      source: 'jax/_src/config.py (jax_platforms)',
    },
    { name: 'JAX_ENABLE_X64', unsetEffect: '64-bit types stay off', source: jaxConfig },
    { name: 'JAX_DEBUG_NANS', source: jaxConfig },
    { name: 'JAX_DISABLE_JIT', source: jaxConfig },
    { name: 'JAX_TRACEBACK_FILTERING', source: jaxConfig },
    {
      name: 'JAX_COMPILATION_CACHE_DIR',
      unsetEffect: 'compiled programs are not cached on disk',
      source: jaxConfig,
    },
    { name: 'JAX_DEFAULT_MATMUL_PRECISION', source: jaxConfig },
    { name: 'JAX_LOG_COMPILES', source: jaxConfig },
    { name: 'JAX_DEFAULT_DEVICE', source: jaxConfig },
  ],
};

export const jax: FrameworkProfile<'jax'> = {
  name: 'jax',
  aliases: [],
  label: 'JAX',
  usesGpu: true,
  distributions: ['jaxlib'],
  // XLA preallocates 75% of the card by default (xla_gpu_allocator_config.h; FACTS: folklore).
  defaultPool: { fraction: 0.75, allocator: 'XLA' },
  versionGates: [
    {
      setting: 'XLA_PYTHON_CLIENT_MEM_FRACTION as a START-CAP pair (a bare fraction grows from it)',
      distribution: 'jaxlib',
      from: jaxStartCapGrammarFrom,
    },
  ],
  // Its wheels' libraries (jaxlib, the CUDA plugin), and the libraries built on it.
  detect: {
    libraries: /xla_extension\.so|libjax_common\.so|jaxlib\/.*\.so|jax_cuda\d*_plugin|xla_cuda_plugin\.so/,
    commandWords: /\b(jax|jaxlib|flax|optax|brax)\b|[-_]jax\b/i,
  },
  defaultEnforcement: 'cap',
  canCap: true,
  ownKeys: ['preallocate'],
  budgetEnv: ({ process: configProcess, fraction, bootstrapDir, inheritedEnv }) => {
    const unset: string[] = [];
    // Both names set makes jaxlib raise ValueError (FACTS Q2), and the backend silently falls back to CPU.
    if (
      inheritedEnv.XLA_CLIENT_MEM_FRACTION !== undefined &&
      !('XLA_CLIENT_MEM_FRACTION' in configProcess.env)
    ) {
      unset.push('XLA_CLIENT_MEM_FRACTION');
    }
    const env: Record<string, string> = {
      // A bare decimal: the hard cap every released jaxlib reads (jax-fraction.ts).
      XLA_PYTHON_CLIENT_MEM_FRACTION: fraction,
      // jaxlib: preallocate = value not in ('false', 'False', '0'); only exactly `false` is safe (FACTS Q1).
      XLA_PYTHON_CLIENT_PREALLOCATE: configProcess.preallocate ? 'true' : 'false',
      // Fail loudly instead of falling back to CPU when the CUDA plugin rejects a setting (FACTS Q6).
      JAX_PLATFORMS: 'cuda',
    };
    const hasBootstrap = bootstrapDir !== null;
    if (hasBootstrap) {
      // A jaxlib that reads START-CAP takes a bare fraction as growable: the bootstrap writes the pair
      // there, reading the installed version without importing jax (python/headroom_boot).
      env[bootVariables.jaxFraction] = `${fixedPairOf(fraction)}@${jaxStartCapGrammarFrom}`;
    }
    Object.assign(
      env,
      bootstrapEnv({
        bootstrapDir,
        actions: ['jax-cap', 'peaks'],
        configEnv: configProcess.env,
        inheritedEnv,
      }),
    );
    const grammar = hasBootstrap
      ? `; written ${fixedPairOf(fraction)} by the bootstrap where jaxlib ≥ ${jaxStartCapGrammarFrom} would read a bare fraction as growable`
      : `; a hard cap below jaxlib ${jaxStartCapGrammarFrom}, growable to the whole card from it (no bootstrap to write ${fixedPairOf(fraction)})`;
    return {
      env,
      unset,
      capBy: 'env',
      capNote: `${
        configProcess.preallocate
          ? `XLA pool capped at ${fraction} of total, grabbed at the first allocation`
          : `XLA pool capped at ${fraction} of total, grown on demand`
      }${grammar}`,
    };
  },
  enforcedBudgetBytes: (budgetBytes, totalBytes) =>
    totalBytes === 0 ? budgetBytes : flooredFractionBytes(budgetBytes, totalBytes),
  inProcessCap: ({ capBy, budgetBytes, totalBytes }) =>
    // XLA_PYTHON_CLIENT_MEM_FRACTION of total caps the pool (FACTS Q2).
    capBy === 'env'
      ? {
          bytes: flooredFractionBytes(budgetBytes, totalBytes),
          by: `XLA_PYTHON_CLIENT_MEM_FRACTION=${formatFraction(budgetBytes / totalBytes)}`,
        }
      : null,
  noCapAdvice: (p) =>
    `${p.name}: nothing caps this JAX process; set gpu_memory: so the plan gives it a fraction`,
  envVariables: [...jaxFractionNames, 'XLA_PYTHON_CLIENT_PREALLOCATE', 'XLA_PYTHON_CLIENT_ALLOCATOR'],
  knownVariables: jaxVariables,
  checks: { config: [writtenEnv], plan: [sharedPreallocation], inherited: [inheritedBothNames] },
  doctorFamily: 'jax',
  poolWords: { clients: 'JAX', share: ({ percent }) => `one ${percent} fraction` },
  trialEnv: {
    // FACTS Q1, Q3: without preallocation and with the `platform` allocator, XLA holds only live buffers
    // and frees them at once, so the measured peak is the program's need rather than the pool's size.
    env: { XLA_PYTHON_CLIENT_PREALLOCATE: 'false', XLA_PYTHON_CLIENT_ALLOCATOR: 'platform' },
    note: "JAX trials ran with XLA_PYTHON_CLIENT_PREALLOCATE=false and XLA_PYTHON_CLIENT_ALLOCATOR=platform, so each peak is what the program needs, not the size of XLA's pool (jaxlib xla_client.py); `platform` has no cap and is slow: train with the plan's settings",
  },
  bootstrap:
    'jax-cap: writes the START-CAP pair into XLA_PYTHON_CLIENT_MEM_FRACTION where the installed jaxlib reads it; peaks: records the exact GPU peaks at exit',
};
