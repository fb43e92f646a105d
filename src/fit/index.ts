// fit's public surface: the strategies, the search loop, the trial runner and the result.
export { memoryReasons } from '../vocabulary.js';
export { classifyTrial, type TrialVerdict } from './classify.js';
export { type EffectiveSplit, splitEffectiveBatch } from './effective.js';
export { boundaryToleranceAt, findBoundary, isBoundarySettled } from './history.js';
export { createTrialRunner, type TrialRunnerOptions } from './io/run-trial.js';
export { fitLine, isLinear, type LinearModel, predictLimit } from './linear-fit.js';
export { findRisingMemory, type MemorySample } from './memory-trend.js';
export { estimateNoise, type NoiseEstimate } from './noise.js';
export { type OracleWorkload, oracleTrueLimit, oracleWithLimit, runOracleTrial } from './oracle.js';
export { type FitResult, type MemoryModelReport, summarizeFit } from './result.js';
export { observe, runSearch, type SearchEnd, type SearchOptions } from './search.js';
export { type SimulatedSearch, simulateSearch } from './simulate.js';
export { isStrategyName, strategies, strategyNames } from './strategies.js';
export { hasPlaceholder, placeholderFor, substituteValue } from './template.js';
export {
  type EarlyStop,
  judgeRunningTrial,
  type TrialHints,
  trialHintsFor,
} from './trial-stop.js';
export type * from './types.js';
export { hostNeedBytes } from './types.js';
