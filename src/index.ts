// The library entry: headroom by name, for programs that plan, estimate, diagnose, supervise and fit
// without the CLI (README "As a library"). Each name is listed: nothing here is a test helper.

// Config and plan: headroom.yaml in, budgets and environments out (pure).
export { parseGpuFlags } from './config/gpu-flags.js';
export { loadSpecFile, parseSpec } from './config/load.js';
export { configJsonSchema } from './config/schema.js';
// Diagnose: what a log, a run record, a script or an environment says went wrong.
export { diagnoseText, isMemoryFailure } from './doctor/diagnose-text.js';
export { checkEnvironment } from './doctor/env/env-rules.js';
export { diagnoseLogFile } from './doctor/io/read-log.js';
export { checkPythonSource } from './doctor/script/check-script.js';
export type {
  Cause,
  Diagnosis,
  DiagnosisKind,
  DoctorFinding,
  DoctorReport,
  Evidence,
  Facts,
  FactValue,
  FixDetail,
  Layer,
} from './doctor/types.js';
// Errors, exit codes and units, as the CLI uses them.
export { ConfigError, EnvironmentError, ExitCode, HeadroomError, UsageError } from './errors.js';
// Estimate: the memory a training config needs, part by part; what fits a budget (pure).
export { estimate } from './estimate/estimate.js';
export { loadEstimateFile } from './estimate/io/read-spec.js';
export { parseEstimateSpec } from './estimate/load.js';
export {
  buildReport,
  type EstimateReport,
  type GpuCountRow,
  type ReportOptions as EstimateReportOptions,
} from './estimate/report.js';
export {
  type Budget,
  type FitsRow,
  fitsTable,
  type GradAccumulationPlan,
  planGradAccumulation,
  type SolveResult,
  solve,
} from './estimate/solve.js';
export type { Breakdown, Component, EstimateSpec } from './estimate/types.js';
export { examineTarget, type TargetKind, type TargetReport } from './examine/examine.js';
export { createTrialRunner, type TrialRunnerOptions } from './fit/io/run-trial.js';
// Fit: the search for the largest value that fits, over trials run by the supervisor.
export { type FitResult, type MemoryModelReport, summarizeFit } from './fit/result.js';
export { runSearch, type SearchEnd, type SearchOptions } from './fit/search.js';
export { isStrategyName, strategies, strategyNames } from './fit/strategies.js';
export type {
  ResourceLimit,
  SearchBounds,
  Strategy,
  StrategyName,
  TrialOutcome,
  TrialRecord,
} from './fit/types.js';
// Frameworks: one profile each (its environment for a budget, how it caps, its checks); the list and lookup by name or alias.
export { type FrameworkProfile, frameworkProfiles, frameworks, profileOf } from './frameworks/index.js';
// What a launched process is and what a run reports, whichever backend runs it.
export type {
  LaunchSpec,
  ProcessStatus,
  ProcessSummary,
  RunEvent,
  RunSummary,
  SuperviseUpdate,
} from './launch/types.js';
// The run record: its schema (a contract with a version) and the tolerant readers.
export { findLatestRun, isRecordDirectory, readRecord } from './observe/read-record.js';
export type { RunRecordData } from './observe/record-types.js';
// A child's environment, as every launcher builds it (inherited, planned, card, overrides, run markers).
export { buildChildEnv, type ChildEnvInput, markerNames } from './plan/child-env.js';
export { isInfeasible, type PlanOptions, plan } from './plan/plan.js';
export type {
  BudgetSpec,
  CapMethod,
  DeviceSpec,
  Enforcement,
  Finding,
  Framework,
  Plan,
  PlannedDevice,
  PlannedProcess,
  ProcessSpec,
  Severity,
  Spec,
} from './plan/types.js';
// Probes: what is on the GPUs (NVML, nvidia-smi, recorded files, simulated cards) and the host.
export { detectDevices, type OpenGpuProbeOptions, openGpuProbe } from './probe/gpu/open-probe.js';
export {
  type GpuBackendName,
  type GpuDevice,
  type GpuProbe,
  type GpuProcess,
  type GpuSnapshot,
  type GpuSource,
  gpuBackendNames,
  noGpuProbe,
} from './probe/gpu/types.js';
export { collectGpus, type GpusResult } from './probe/readings/gpus-result.js';
export { attachBudgets, matchPlannedProcesses, type PlannedMatch } from './probe/readings/planned-match.js';
export {
  forEachEvent,
  forEachSample,
  type RunMeta,
  type RunRecordFiles,
  type RunSample,
  readRunFiles,
  recordVersion,
  runEventSchema,
  runMetaSchema,
  runSampleSchema,
  runSummarySchema,
} from './run-record/index.js';
// Supervise: launch processes with their planned environment and limits, sample, judge, record.
export { launchSpecsFromPlan } from './supervise/from-plan.js';
export { checkLaunchSpecs, supervise } from './supervise/supervise.js';
export type { SuperviseOptions } from './supervise/types.js';
export { formatBytes, parseBytes, parseDurationMs, parsePercent, readSize } from './units.js';
export {
  type Confidence,
  confidences,
  type ExitReason,
  exitReasons,
  type MemoryKind,
  memoryReasons,
} from './vocabulary.js';
