// summary.json's line for one process, for tests that need a record without running anything.
import type { ProcessSummary } from '../schema.js';

/** A process that exited 0 under no limit and measured nothing, with `fields` over that. */
export function endedProcess(name: string, fields: Partial<ProcessSummary> = {}): ProcessSummary {
  return {
    name,
    reason: 'exited',
    confidence: 'certain',
    because: 'exit code 0',
    exitCode: 0,
    signal: null,
    restarts: 0,
    peakHostBytes: 0,
    peakGpuBytes: null,
    peakCgroupBytes: null,
    hostLimitBytes: null,
    hostEnforcement: 'none',
    gpuBudgetBytes: null,
    oomKills: [],
    budgetExceeded: null,
    cgroupEscapes: [],
    hostLimitProblem: null,
    cause: null,
    log: `logs/${name}.log`,
    startedAt: null,
    endedAt: new Date().toISOString(),
    ...fields,
  };
}
