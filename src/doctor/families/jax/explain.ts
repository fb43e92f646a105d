// Why JAX (XLA) ran out of GPU memory: several preallocating processes, memory gone before it
// started, a library outside its pool, an impossible request, a model that does not fit, a program
// several times its pool, or a step too large (FACTS Q1-Q5). TensorFlow's own reports are the tensorflow family's.
import type { Draft } from '../../candidates.js';
import type { FixDetail } from '../../types.js';
import {
  type ExplainContext,
  type Explanation,
  fix,
  fractionFor,
  maxJaxPoolFraction,
  num,
  seeHolders,
  size,
} from '../explain-types.js';
import { genericPoolFixes, isJaxFrontEnd, jaxOutsidePoolFixes, jaxPoolWords } from '../outside-pool.js';
import { type PoolAdvice, poolAdvice } from './pool.js';

const MiB = 1024 ** 2;
/** A program this many times its pool is no realistic model for the card: a shape bug. */
export const absurdTimesPool = 10;

function preallocationFixes(ctx: ExplainContext, processCount: number | undefined): FixDetail[] {
  if (!isJaxFrontEnd(ctx)) return genericPoolFixes('each other process');
  const fraction = processCount === undefined ? undefined : fractionFor(processCount);
  return [
    fix(
      fraction === undefined
        ? 'export XLA_PYTHON_CLIENT_PREALLOCATE=false in every JAX process'
        : `export XLA_PYTHON_CLIENT_PREALLOCATE=false XLA_PYTHON_CLIENT_MEM_FRACTION=${fraction} before starting each of the ${processCount} processes`,
      `${jaxPoolWords(ctx)}, once per process; with PREALLOCATE=false the fraction is still a cap (openxla/xla xla_gpu_allocator_config.h)${fraction ? `; ${processCount} × ${fraction} leaves 10% for contexts and libraries (NVML per-process usage; pytorch#86509)` : ''}`,
    ),
    fix(
      'give each process a budget and let headroom set these variables: headroom plan (replicas: N in headroom.yaml), then headroom run',
      'headroom plan splits the card and emits each process its fraction',
    ),
  ];
}

function shrinkFix(ctx: ExplainContext, because: string): FixDetail {
  const sims = ctx.context.simulatorBatch === true ? ' (for MJX/Brax, fewer parallel environments)' : '';
  const remat = isJaxFrontEnd(ctx) ? 'jax.checkpoint (remat)' : 'rematerialisation (checkpointing)';
  return fix(
    `make the step smaller: a smaller batch${sims}, ${remat} on the largest blocks, bf16 activations; or shard it over more devices`,
    because,
  );
}

/** "JAX" when the log shows JAX, else "XLA" (another front end, or none named). */
const clientName = (ctx: ExplainContext): string => (isJaxFrontEnd(ctx) ? 'JAX' : 'XLA');

function bigProgram(draft: Draft, ctx: ExplainContext, advice: PoolAdvice): Explanation {
  const need = advice.needBytes!;
  const pool = advice.poolBytes!;
  const total = advice.totalBytes;
  const times = advice.timesPool!.toFixed(1);
  const card =
    total !== undefined && need > total
      ? `; even the whole card (about ${size(total)}, if the pool is the default share) is ${(need / total).toFixed(1)}× too small`
      : '';
  const source = {
    remat: 'after rematerialising all it could',
    buffers: 'in its buffer assignment',
    io: 'in its inputs and outputs alone',
    request: 'in one request',
  }[advice.needSource!];
  const request = num(draft.facts, 'requestedBytes');
  const single =
    request !== undefined && request > pool
      ? `; its single ${size(request)} buffer (XLA allocates a step's temporaries as one) alone is over the pool`
      : '';
  if (advice.timesPool! >= absurdTimesPool) {
    return {
      cause: 'request_exceeds_device',
      causeText: `the program needs ${size(need)} ${source}, ${times}× the ${size(pool)} ${clientName(ctx)} may use${card}: a shape gone wrong (a broadcast or a batch dimension), not a setting`,
      fixes: [
        fix(
          'check the array shapes that lead to the largest buffers (a broadcast or batch dimension gone wrong); no memory setting or card can fit it',
          `${times}× the pool is no realistic program for this card`,
        ),
      ],
    };
  }
  return {
    cause: 'program_too_large',
    causeText: `the program needs ${size(need)} ${source}, ${times}× the ${size(pool)} ${clientName(ctx)} may use${card}${single}: no memory fraction can fit it`,
    fixes: [
      shrinkFix(
        ctx,
        `the need (${size(need)}) is ${times}× the pool; only a smaller step or more devices change that`,
      ),
      fix(
        `or run it on more devices (shard the batch or the model with jax.sharding) or on a card with at least ${size(need / 0.75)}`,
        `at the default pool of 75% of the card, ${size(need)} needs a card of ${size(need / 0.75)} (openxla/xla gpu_helpers.cc)`,
      ),
    ],
  };
}

// The program is larger than JAX's pool but would fit a larger share of the card.
function poolBelowNeed(draft: Draft, ctx: ExplainContext, advice: PoolAdvice): Explanation {
  const step = stepTooLarge(draft, ctx, advice);
  return {
    cause: 'memory_cap',
    causeText: `the program needs ${size(advice.needBytes!)}, more than JAX's pool of ${size(advice.poolBytes!)} (${advice.currentFraction} of a ${size(advice.totalBytes!)} card) but less than ${advice.suggestedFraction!.toFixed(2)} of the card`,
    // The fraction first: it is what the numbers show would fit.
    fixes: [...step.fixes].reverse(),
  };
}

function stepTooLarge(draft: Draft, ctx: ExplainContext, advice: PoolAdvice): Explanation {
  const request = num(draft.facts, 'requestedBytes');
  const fixes: FixDetail[] = [
    shrinkFix(
      ctx,
      advice.needSource !== undefined && advice.needSource !== 'request'
        ? `the program needs at least ${size(advice.needBytes!)} at once, and activations and temporaries scale with the batch`
        : `${request !== undefined ? `a request of ${size(request)} failed; ` : ''}a step's activations and temporaries scale with the batch`,
    ),
  ];
  if (advice.suggestedFraction !== undefined && isJaxFrontEnd(ctx)) {
    fixes.push(
      fix(
        `if no other process needs this GPU: export XLA_PYTHON_CLIENT_MEM_FRACTION=${advice.suggestedFraction.toFixed(2)}`,
        `the program needs ${size(advice.needBytes!)}; at ${advice.suggestedFraction.toFixed(2)} of the ${size(advice.totalBytes!)} card the pool is ${size(advice.suggestedFraction * advice.totalBytes!)}, above the current ${advice.currentFraction} (openxla/xla gpu_helpers.cc)`,
      ),
    );
  }
  const buffers = num(draft.facts, 'totalAllocationBytes');
  const io = num(draft.facts, 'ioArgumentsBytes');
  const base = num(draft.facts, 'baseLimitBytes');
  const available = num(draft.facts, 'availableBytes');
  const pool = advice.poolBytes !== undefined ? ` (${size(advice.poolBytes)})` : '';
  // XLA's own arithmetic shows what must live through the whole step (inputs and outputs, or the
  // parameters and outputs behind a negative rematerialisation target, hlo_rematerialization.cc)
  // is already over what it may use: the program, not one step's temporaries, does not fit.
  const isIoOver = io !== undefined && base !== undefined && io > base;
  const isNegativeTarget = draft.facts.programExceedsLimit === true;
  const causeText =
    buffers !== undefined
      ? `the compiled program needs ${size(buffers)} at once (parameters, outputs and temporaries)${advice.poolBytes !== undefined ? ` against a pool of ${size(advice.poolBytes)}` : ''}`
      : isIoOver
        ? `the program's inputs and outputs alone (${size(io)}) are more than XLA plans for (${size(base)}), and the pool${pool} is used up${available !== undefined ? ` (${size(available)} available)` : ''}`
        : isNegativeTarget
          ? `the program's parameters and outputs alone are more than the memory ${clientName(ctx)} may use${pool}: XLA's rematerialisation target is below zero, so no schedule of the step fits`
          : `the program needs more than the memory ${clientName(ctx)} has${pool}${request !== undefined ? `; the last request was ${size(request)}` : ''}`;
  const cause =
    buffers === undefined && (isIoOver || isNegativeTarget) ? 'program_too_large' : 'batch_too_large';
  return { cause, causeText, fixes };
}

// The largest pool a JAX process can be given: maxJaxPoolFraction of the card (the rest for contexts
// and libraries). A pool limit of L under the default fraction 0.75 means a card of L / 0.75 (FACTS Q2).
const defaultJaxFraction = 0.75;

/**
 * A request over the pool's limit (the allocator's `bytes_limit`, which XLA also passes to the compiler
 * as the "base limit": FACTS Q2), with no card total in the log: the pool is a fraction of the card, so
 * a larger fraction can fit a request up to maxJaxPoolFraction / 0.75 of a default pool, and more of a
 * smaller one. Measured on an H200 with jax 0.11.2 (test/gpu/check.py): fraction 0.3 gives a 41.94 GiB
 * limit and a 48.93 GiB buffer fails with 139.8 GiB free. Undefined when the request is beyond any pool.
 */
function ownCapBelowCard(
  facts: Draft['facts'],
  requestedBytes: number,
  limitBytes: number,
): Explanation | undefined {
  if (num(facts, 'totalBytes') !== undefined) return undefined;
  const fromPool = num(facts, 'limitBytes') ?? num(facts, 'baseLimitBytes');
  if (fromPool !== limitBytes) return undefined;
  if (requestedBytes > (limitBytes * maxJaxPoolFraction) / defaultJaxFraction) return undefined;
  return {
    cause: 'memory_cap',
    causeText: `one buffer of ${size(requestedBytes)} is larger than the ${size(limitBytes)} this process's XLA pool may use (its memory fraction of the card; the card itself is not in this log): the process hit its own cap`,
    fixes: [
      fix(
        `if the card has room, raise the process's fraction: XLA_PYTHON_CLIENT_MEM_FRACTION ≥ ${size(requestedBytes)} ÷ the card's total (nvidia-smi --query-gpu=memory.total --format=csv), at most ${maxJaxPoolFraction}; in a shared plan, give it a larger gpu_memory`,
        `the pool's limit is ${size(limitBytes)} and the buffer needs ${size(requestedBytes)}; a pool is a fraction of the card, so a larger fraction can hold it`,
      ),
      fix(
        `or check the shapes that lead to the ${size(requestedBytes)} buffer (a batch or broadcast dimension) and make it smaller`,
        `${size(requestedBytes)} in one buffer`,
      ),
    ],
  };
}

/** Picks the cause of an XLA GPU OOM from the request, the pool, the program and the context. */
export function explainXla(draft: Draft, ctx: ExplainContext): Explanation {
  const { facts } = draft;
  const requestedBytes = num(facts, 'requestedBytes');
  const capacityBytes =
    num(facts, 'limitBytes') ??
    num(facts, 'baseLimitBytes') ??
    num(facts, 'rematLimitBytes') ??
    num(facts, 'totalBytes');
  const pids = draft.reportingPids;
  if (draft.code === 'xla-context-oom') {
    return {
      cause: 'co_tenant',
      causeText: `GPU ${facts.device ?? 0} had no memory left even for a CUDA context when the process started: another process (often another JAX process that preallocated) or a scheduler's per-GPU cap holds it`,
      fixes: [seeHolders(facts.device as number | undefined), ...preallocationFixes(ctx, undefined)],
    };
  }
  if (pids.length >= 2 || (ctx.context.processPool !== undefined && ctx.frameworks.jax)) {
    const count = pids.length >= 2 ? pids.length : undefined;
    return {
      cause: 'preallocation',
      causeText:
        count !== undefined
          ? `${count} processes (PID ${pids.join(', ')}) each tried to take most of the same GPU: JAX's default preallocation, once per process`
          : `a pool of ${String(ctx.context.processPool)} workers each preallocates 75% of the same GPU at its first allocation`,
      fixes: preallocationFixes(ctx, count),
    };
  }
  if (num(facts, 'poolGrowthBytes') !== undefined && requestedBytes === undefined) {
    return {
      cause: 'co_tenant',
      causeText: `the driver refused ${size(num(facts, 'poolGrowthBytes')!)} for ${clientName(ctx)}'s pool and no buffer of the program failed: the GPU was already held (another process, often another process that preallocated)`,
      fixes: [seeHolders(facts.device as number | undefined), ...preallocationFixes(ctx, undefined)],
    };
  }
  if (draft.code === 'xla-custom-call-oom' || draft.code === 'xla-kernel-launch-oom') {
    const what =
      draft.code === 'xla-kernel-launch-oom' ? 'loading a kernel' : 'the library behind the custom call';
    return {
      cause: 'outside_pool',
      causeText: isJaxFrontEnd(ctx)
        ? `${what} ran out of memory outside JAX's pool: ${jaxPoolWords(ctx)}, and what it leaves was taken (by another framework in the process, such as TensorFlow, or another process)`
        : `${what} ran out of memory outside the XLA client's pool: XLA front ends preallocate most of the card, and what they leave was taken (by another framework in the process, or another process)`,
      fixes: isJaxFrontEnd(ctx) ? jaxOutsidePoolFixes(ctx, what) : genericPoolFixes(what),
    };
  }
  const advice = poolAdvice(facts, ctx.context);
  if (advice.needSource !== undefined && advice.needSource !== 'request' && (advice.timesPool ?? 0) > 1)
    return advice.suggestedFraction !== undefined && isJaxFrontEnd(ctx)
      ? poolBelowNeed(draft, ctx, advice)
      : bigProgram(draft, ctx, advice);
  if (requestedBytes !== undefined && capacityBytes !== undefined && requestedBytes > capacityBytes) {
    const atOwnCap = ownCapBelowCard(facts, requestedBytes, capacityBytes);
    if (atOwnCap !== undefined) return atOwnCap;
    const reached = num(facts, 'rematReachedBytes');
    return {
      cause: 'request_exceeds_device',
      causeText: `one buffer of ${size(requestedBytes)} is larger than all the memory XLA may use (${size(capacityBytes)})${reached !== undefined ? `, and the program needs ${size(reached)} even after rematerialisation` : ''}: the input or a broadcast is too large for this card, not a setting`,
      fixes: [
        fix(
          `check the shapes that lead to the ${size(requestedBytes)} buffer (a batch or broadcast dimension gone wrong) and make the input smaller, or use a card with more memory; no memory setting can fit it`,
          `${size(requestedBytes)} is more than the ${size(capacityBytes)} limit`,
        ),
      ],
    };
  }
  if (draft.smallestRequestBytes !== undefined && draft.smallestRequestBytes < MiB) {
    return {
      cause: 'preallocation',
      causeText: `allocations of only ${size(draft.smallestRequestBytes)} failed: the GPU was already full before this program's own work (another process, typically another JAX process with the default preallocation)`,
      fixes: [seeHolders(), ...preallocationFixes(ctx, undefined)],
    };
  }
  if (ctx.context.initFrame === true && (requestedBytes ?? 0) < 2 * 1024 ** 3) {
    return {
      cause: 'model_state',
      causeText: `it failed while the model was being initialised (a frame in ${String(ctx.context.initFunction ?? '__init__')}): the parameters (and optimizer state) alone do not fit in what JAX has, before any batch`,
      fixes: [
        fix(
          'use a smaller model, bf16 parameters, or shard the parameters over more devices (model parallelism); or a card with more memory',
          'parameters are allocated once at initialisation, whatever the batch size',
        ),
      ],
    };
  }
  return stepTooLarge(draft, ctx, advice);
}
