// JAX/XLA variables: values jaxlib misreads, both fraction names, allocators (FACTS Q1-Q3).

import { checkEnvValue, isPreallocateOff } from '../../frameworks/env-checks.js';
import { readJaxFraction } from '../../frameworks/jax-fraction.js';
import { isTorchAtLeast, parseTorchVersion } from '../../frameworks/torch-versions.js';
import { maxJaxPoolFraction } from '../families/explain-types.js';
import type { DoctorFinding } from '../types.js';
import { type Env, type EnvRule, finding } from './finding.js';

// Values JAX, TensorFlow and XLA misread (frameworks/env-checks.ts): they do the opposite of what was meant.
/** Values JAX, TensorFlow and XLA read as something else. */
export const misreadValues: EnvRule = (env) =>
  [
    'XLA_PYTHON_CLIENT_PREALLOCATE',
    'XLA_PYTHON_CLIENT_MEM_FRACTION',
    'XLA_CLIENT_MEM_FRACTION',
    'TF_FORCE_GPU_ALLOW_GROWTH',
  ]
    .filter((v) => env[v] !== undefined)
    .flatMap((variable) => {
      const value = env[variable]!;
      const problem = checkEnvValue(variable, value);
      const isUnifiedOk =
        variable.includes('FRACTION') && Number(value) > 1 && env.TF_FORCE_UNIFIED_MEMORY === '1';
      return problem && !isUnifiedOk
        ? [finding('env-malformed', 'error', variable, value, problem.problem, problem.fix)]
        : [];
    });

/** Both fraction names, the new name alone, allocators that ignore the fraction. */
export const jaxNames: EnvRule = (env) => {
  const findings: DoctorFinding[] = [];
  if (env.XLA_CLIENT_MEM_FRACTION !== undefined && env.XLA_PYTHON_CLIENT_MEM_FRACTION !== undefined) {
    // jaxlib/xla_client.py raises ValueError inside plugin initialize(); JAX falls back to CPU (FACTS Q2, Q6).
    findings.push(
      finding(
        'env-both-fraction-names',
        'error',
        'XLA_CLIENT_MEM_FRACTION',
        env.XLA_CLIENT_MEM_FRACTION,
        'set together with XLA_PYTHON_CLIENT_MEM_FRACTION, jaxlib raises ValueError and JAX silently falls back to CPU',
        'unset XLA_CLIENT_MEM_FRACTION (keep XLA_PYTHON_CLIENT_MEM_FRACTION, which every jaxlib reads)',
      ),
    );
  } else if (env.XLA_CLIENT_MEM_FRACTION !== undefined) {
    findings.push(
      finding(
        'env-new-fraction-name',
        'info',
        'XLA_CLIENT_MEM_FRACTION',
        env.XLA_CLIENT_MEM_FRACTION,
        'only jaxlib ≥ 0.4.32 reads this name; older versions ignore it and take 75%',
        `export XLA_PYTHON_CLIENT_MEM_FRACTION=${env.XLA_CLIENT_MEM_FRACTION} instead (read by every jaxlib)`,
      ),
    );
  }
  const allocator = env.XLA_PYTHON_CLIENT_ALLOCATOR;
  if (
    allocator !== undefined &&
    !['default', 'platform', 'bfc', 'cuda_async', 'vmm', 'address'].includes(allocator)
  ) {
    findings.push(
      finding(
        'env-malformed',
        'error',
        'XLA_PYTHON_CLIENT_ALLOCATOR',
        allocator,
        'not an allocator jaxlib knows (default, platform, bfc, cuda_async); it raises and JAX falls back to CPU',
        'unset XLA_PYTHON_CLIENT_ALLOCATOR (the default is the capped BFC allocator)',
      ),
    );
  } else if (allocator === 'platform' || allocator === 'cuda_async') {
    findings.push(
      finding(
        'jax-allocator-uncapped',
        'warning',
        'XLA_PYTHON_CLIENT_ALLOCATOR',
        allocator,
        'this allocator ignores XLA_PYTHON_CLIENT_MEM_FRACTION, so nothing caps JAX on a shared GPU (jaxlib xla_client.py)',
        'unset XLA_PYTHON_CLIENT_ALLOCATOR to keep the fraction as a hard cap',
      ),
    );
  }
  if (
    env.TF_GPU_ALLOCATOR !== undefined &&
    Object.keys(env).some((k) => k.startsWith('XLA_PYTHON_CLIENT_'))
  ) {
    findings.push(
      finding(
        'env-tf-allocator-for-jax',
        'info',
        'TF_GPU_ALLOCATOR',
        env.TF_GPU_ALLOCATOR,
        'JAX does not read TF_GPU_ALLOCATOR (only TensorFlow does), whatever the JAX docs say',
        'for JAX, export XLA_PYTHON_CLIENT_ALLOCATOR=cuda_async instead',
      ),
    );
  }
  return findings;
};

/** A fraction so high that the CUDA context and library handles, outside XLA's pool, may not fit. */
export const jaxRoom: EnvRule = (env) => {
  const variable =
    env.XLA_CLIENT_MEM_FRACTION !== undefined ? 'XLA_CLIENT_MEM_FRACTION' : 'XLA_PYTHON_CLIENT_MEM_FRACTION';
  const value = env[variable];
  const fraction = Number(value);
  if (value === undefined || !(fraction > maxJaxPoolFraction && fraction <= 1)) return [];
  const leftPercent = Math.round((1 - fraction) * 100);
  const growing = isPreallocateOff(env.XLA_PYTHON_CLIENT_PREALLOCATE);
  return [
    finding(
      'jax-fraction-no-room',
      'warning',
      variable,
      value,
      `${growing ? 'with XLA_PYTHON_CLIENT_PREALLOCATE=false the fraction still caps the pool (openxla/xla gpu_helpers.cc), so it may grow' : 'the pool takes'} to ${Math.round(fraction * 100)}% of the card, leaving about ${leftPercent}% for this process's CUDA context and cuBLAS/cuDNN handles (outside XLA's pool, 0.3-1.5 GiB, NVML per-process usage; pytorch#86509) and for every other process`,
      `export ${variable}=${maxJaxPoolFraction.toFixed(2)} or lower (or the fraction headroom plan gives this process on a shared card)`,
    ),
  ];
};

/**
 * The fraction as the installed jaxlib (`jaxlibVersion`, read by the CLI; undefined: unknown) reads it:
 * a START-CAP pair an older jaxlib rejects, a bare fraction a newer one lets grow (frameworks/jax-fraction.ts).
 */
export function jaxFractionGrammar(env: Env, jaxlibVersion: string | undefined): DoctorFinding[] {
  const parsed = jaxlibVersion === undefined ? undefined : parseTorchVersion(jaxlibVersion);
  const version =
    jaxlibVersion !== undefined && parsed !== undefined
      ? { text: jaxlibVersion, isAtLeast: (minimum: string) => isTorchAtLeast(parsed, minimum) }
      : undefined;
  return ['XLA_PYTHON_CLIENT_MEM_FRACTION', 'XLA_CLIENT_MEM_FRACTION'].flatMap((variable) => {
    const value = env[variable];
    const reading = value === undefined ? undefined : readJaxFraction(variable, value, version);
    return reading
      ? [finding('jax-fraction-grammar', reading.severity, variable, value, reading.problem, reading.fix)]
      : [];
  });
}
