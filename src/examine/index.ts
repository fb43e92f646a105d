// What `doctor` does with a target (a log file, a run directory, a fit directory, a script): reads it
// and diagnoses it with doctor's classifier and the run's verdicts. Above doctor/ and verdict/.
export { examineTarget, type TargetKind, type TargetReport } from './examine.js';
export { diagnoseRun, type HeldAtFailure, type RunDiagnosis } from './run/diagnose-run.js';
export { planChange } from './run/plan-change.js';
export { isRunDirectory, readRunView } from './run/read-run.js';
