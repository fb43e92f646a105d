// Simulators that could not get device memory: PhysX's GPU allocator, NVIDIA Warp, the RTX
// renderer. Their memory is outside any learning framework's pool, so a framework in the same job
// that preallocates (JAX, TensorFlow) is the usual reason; the fixes follow the frameworks shown.
import type { Draft } from '../../candidates.js';
import type { FixDetail } from '../../types.js';
import { type ExplainContext, type Explanation, fix, num, seeHolders, size } from '../explain-types.js';
import { isJaxFrontEnd, jaxOutsidePoolFixes, jaxPoolWords, tensorflowPoolFixes } from '../outside-pool.js';

const planFix = fix(
  'give the simulator gpu_memory: rest in headroom.yaml and start it first (depends_on), then headroom run',
  'headroom plans every process a budget on the card, and starting the simulator first lets it take its buffers before anything else',
);

/** The framework-specific way to leave a simulator room, or a generic one when no framework shows. */
function roomFixes(ctx: ExplainContext, what: string): { fixes: FixDetail[]; holder: string } {
  if (isJaxFrontEnd(ctx)) return { fixes: jaxOutsidePoolFixes(ctx, what), holder: jaxPoolWords(ctx) };
  if (ctx.frameworks.tensorflow)
    return { fixes: tensorflowPoolFixes(what), holder: 'TensorFlow takes nearly all free memory at start' };
  return {
    fixes: [
      seeHolders(),
      fix(
        'create the simulation before any framework that preallocates GPU memory, or cap that framework',
        `${what} allocates its buffers directly from the device; whatever another process or a preallocating framework already holds is not available to it`,
      ),
      planFix,
    ],
    holder: 'another process or a framework that preallocates',
  };
}

/** PhysX, Warp or the renderer could not get device memory. */
export function explainSimGpu(draft: Draft, ctx: ExplainContext): Explanation {
  if (draft.framework === 'other') {
    const render = fix(
      "lower the renderer's load: fewer environments with cameras, smaller camera width/height, or --headless without a viewport",
      "the RTX renderer allocates render targets per camera and per environment, outside any learning framework's pool",
    );
    const extra =
      isJaxFrontEnd(ctx) || ctx.frameworks.tensorflow ? roomFixes(ctx, 'the renderer').fixes : [seeHolders()];
    return {
      cause: 'renderer_memory',
      causeText:
        'the RTX renderer (Vulkan) ran out of GPU memory: render targets for cameras × resolution × environments, or the viewport, grew past what was left',
      fixes: [render, ...extra],
    };
  }
  const what = draft.framework === 'warp' ? 'NVIDIA Warp' : 'PhysX';
  const requested = num(draft.facts, 'requestedBytes');
  const { fixes, holder } = roomFixes(ctx, what);
  const preallocated = isJaxFrontEnd(ctx) || ctx.frameworks.tensorflow;
  return {
    cause: preallocated ? 'outside_pool' : 'co_tenant',
    causeText: `${what} could not get ${requested !== undefined ? size(requested) : 'its buffers'} of device memory: its allocations live outside any framework's pool, and ${holder}${preallocated ? '' : ' already holds the GPU'}`,
    fixes,
  };
}
