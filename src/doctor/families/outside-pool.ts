// Memory outside a preallocated pool: a library handle (cuBLAS, cuDNN, cuSOLVER), a kernel's
// module, or a simulator (Warp, PhysX) in a process whose framework took its pool up front. The
// fix shrinks or defers the pool; a smaller batch does not, since the pool's size is fixed.
import type { FixDetail } from '../types.js';
import { type ExplainContext, fix, num, seeHolders, size } from './explain-types.js';
import { defaultFraction } from './jax/pool.js';

/** JAX's preallocation as the log shows it, in words, for a cause sentence. */
export function jaxPoolWords(ctx: ExplainContext): string {
  const limit = num(ctx.context, 'jaxLimitBytes');
  const peak = num(ctx.context, 'jaxPeakBytes');
  if (limit !== undefined && peak !== undefined)
    return `JAX holds a pool of ${size(limit)} while its own peak was ${size(peak)}`;
  const fallback = defaultFraction(ctx.context);
  return fallback
    ? `JAX preallocates ${Math.round(fallback.fraction * 100)}% of the card at its first allocation (${fallback.source}, openxla/xla gpu_helpers.cc)`
    : 'JAX preallocates 75% of the card at its first allocation by default (openxla/xla xla_gpu_allocator_config.h)';
}

/** Fixes for a failure outside JAX's preallocated pool: defer or shrink the pool, never grow it. */
export function jaxOutsidePoolFixes(ctx: ExplainContext, what: string): FixDetail[] {
  const limit = num(ctx.context, 'jaxLimitBytes');
  const peak = num(ctx.context, 'jaxPeakBytes');
  const fixes: FixDetail[] = [
    fix(
      'export XLA_PYTHON_CLIENT_PREALLOCATE=false before the process starts (or keep one JAX process per GPU)',
      `${jaxPoolWords(ctx)}; ${what} allocates outside that pool and gets only what is left; without preallocation JAX takes memory as it needs it (openxla/xla xla_gpu_allocator_config.h)`,
    ),
  ];
  const fallback = defaultFraction(ctx.context);
  if (limit !== undefined && peak !== undefined && fallback && !fallback.isOfFree) {
    const total = limit / fallback.fraction;
    const fraction = Math.max(0.05, Math.ceil(((peak * 1.5) / total) * 100) / 100);
    if (fraction < fallback.fraction) {
      fixes.push(
        fix(
          `or cap JAX below its default: export XLA_PYTHON_CLIENT_MEM_FRACTION=${fraction.toFixed(2)}`,
          `JAX's peak was ${size(peak)} of a ${size(total)} card (its ${size(limit)} pool at the default ${fallback.fraction}); ${fraction.toFixed(2)} leaves 1.5× that peak and the rest to ${what}`,
        ),
      );
    }
  }
  fixes.push(seeHolders());
  return fixes;
}

/** Fixes when TensorFlow took the GPU: grow on demand so libraries and other frameworks find room. */
export function tensorflowPoolFixes(what: string): FixDetail[] {
  return [
    fix(
      'export TF_FORCE_GPU_ALLOW_GROWTH=true (exactly "true"), or tf.config.experimental.set_memory_growth(gpu, True) before the first op',
      `TensorFlow takes nearly all free memory at start (free minus a reserve, tensorflow gpu_device.cc); ${what} allocates outside TensorFlow's pool`,
    ),
    seeHolders(),
  ];
}

/** Fixes for a front end whose variables are not JAX's (or not known): generic, no JAX variable. */
export function genericPoolFixes(what: string): FixDetail[] {
  return [
    fix(
      "turn off the framework's preallocation or lower its memory fraction (its own setting) so memory outside its pool is left",
      `${what} allocates outside the framework's pool; a preallocated pool does not shrink with the batch`,
    ),
    seeHolders(),
  ];
}

/** True when the log shows JAX itself (so JAX's variables apply), not another XLA front end. */
export const isJaxFrontEnd = (ctx: ExplainContext): boolean => ctx.frameworks.jax && !ctx.frameworks.reactant;
