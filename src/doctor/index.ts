// doctor's public API: the pure classifier and checks, and the adapters that feed them.
export { type ClassifiedLog, type ClassifierOptions, LogClassifier } from './classify.js';
export { diagnoseClassified } from './diagnose.js';
export { diagnoseText, isMemoryFailure } from './diagnose-text.js';
export { checkEnvironment, type Env, envRules } from './env/env-rules.js';
export { checkAllocConf } from './env/torch-alloc-conf.js';
export { examineTarget, type TargetKind, type TargetReport } from './examine.js';
export { LineSplitter } from './line-splitter.js';
export { diagnoseLogFile, diagnoseStream, openLog, type StreamedDiagnosis } from './read-log.js';
export { logFactRules, logRules } from './rules/index.js';
export { diagnoseRun, type HeldAtFailure, type RunDiagnosis } from './run/diagnose-run.js';
export { planChange } from './run/plan-change.js';
export { isRunDirectory, readRunRecord } from './run/read-run.js';
export { checkPythonSource } from './script/check-script.js';
export { parseLogSize } from './sizes.js';
export type * from './types.js';
