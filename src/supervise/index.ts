// The supervisor's public surface.

export type * from '../launch/types.js';
export { launchSpecsFromPlan } from './from-plan.js';
export { checkLaunchSpecs, supervise } from './supervise.js';
export type * from './types.js';
