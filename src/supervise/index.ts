// The supervisor's public surface.
export { launchSpecsFromPlan } from './from-plan.js';
export { checkLaunchSpecs, supervise } from './supervise.js';
export type * from './types.js';
