// Diagnoses a run: for each failed process, its log's diagnosis (or one made from the run's own
// attribution), what the other processes held at that moment, and the plan change that avoids it.
import { size } from '../explain/types.js';
import type { Diagnosis, Facts } from '../types.js';
import { planChange } from './plan-change.js';
import type { FailedProcess, RunPlan, SampledProcess } from './types.js';

/** What another process held when this one failed. */
export interface HeldAtFailure {
  name: string;
  gpuBytes: number | null;
  hostBytes: number | null;
}

/** A diagnosis of one process of a run. */
export interface RunDiagnosis extends Diagnosis {
  process: string;
  othersAtFailure: HeldAtFailure[];
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

// The run's own attribution (issue 4's reasons), when the log has no framework message.
function fromReason(failed: FailedProcess, framework: Diagnosis['framework']): Diagnosis | undefined {
  const { reason, because = '' } = failed.summary;
  const base = {
    severity: 'error' as const,
    facts: {},
    fixes: [],
    occurrences: 1,
    confidence: 'certain' as const,
    evidence: { line: 0, text: because },
  };
  if (reason === 'oom-killed' || (reason === 'killed-by-headroom' && /host|watchdog/i.test(because))) {
    const summary = 'the process ran out of host memory';
    return {
      ...base,
      code: 'run-host-oom',
      kind: 'host_oom',
      framework: reason === 'oom-killed' ? 'cgroup' : 'other',
      summary,
      message: `${summary}: ${because}`,
      cause: 'memory_limit',
      causeText: because,
    };
  }
  if (reason === 'gpu-oom' || (reason === 'killed-by-headroom' && /GPU/i.test(because))) {
    const summary = 'the process ran out of GPU memory';
    return {
      ...base,
      code: 'run-gpu-oom',
      kind: 'gpu_oom',
      framework,
      summary,
      message: `${summary}: ${because}`,
      cause: 'batch_too_large',
      causeText: because,
    };
  }
  return undefined;
}

function runFacts(failed: FailedProcess): Facts {
  const facts: Facts = {};
  const { peakHostBytes, peakGpuBytes, hostLimitBytes, gpuBudgetBytes, exitCode } = failed.summary;
  if (typeof peakHostBytes === 'number') facts.peakHostBytes = peakHostBytes;
  if (typeof peakGpuBytes === 'number') facts.peakGpuBytes = peakGpuBytes;
  if (typeof hostLimitBytes === 'number') facts.hostLimitBytes = hostLimitBytes;
  if (typeof gpuBudgetBytes === 'number') facts.gpuBudgetBytes = gpuBudgetBytes;
  if (typeof exitCode === 'number') facts.exitCode = exitCode;
  return facts;
}

function describeOthers(others: HeldAtFailure[], kind: Diagnosis['kind']): string {
  const key = kind === 'host_oom' ? 'hostBytes' : 'gpuBytes';
  const parts = others.filter((o) => o[key] !== null).map((o) => `${o.name} ${size(o[key]!)}`);
  return parts.length === 0
    ? ''
    : `; at that moment ${kind === 'host_oom' ? 'host' : 'GPU'} memory was held by ${parts.join(', ')}`;
}

/** Diagnoses every failed process of a run, given each one's log diagnoses. */
export function diagnoseRun(options: {
  failed: readonly FailedProcess[];
  plan: RunPlan | null;
  logDiagnoses: ReadonlyMap<string, Diagnosis[]>;
}): RunDiagnosis[] {
  const { failed, plan, logDiagnoses } = options;
  return failed.flatMap((f): RunDiagnosis[] => {
    const name = f.summary.name;
    const planned = plan?.processes?.find((p) => p.name === name);
    const framework = (
      ['jax', 'torch', 'tensorflow'].includes(String(planned?.framework)) ? planned?.framework : 'other'
    ) as Diagnosis['framework'];
    const fromLog = (logDiagnoses.get(name) ?? []).find((d) => d.kind !== 'none');
    const base = fromLog ?? fromReason(f, framework);
    if (!base) return [];
    const others: HeldAtFailure[] = Object.entries(f.sample?.processes ?? {})
      .filter(([other]) => other !== name)
      .map(([other, held]: [string, SampledProcess]) => ({
        name: other,
        gpuBytes: numberOrNull(held.gpuBytes),
        hostBytes: numberOrNull(held.hostBytes),
      }));
    const self = f.sample?.processes?.[name];
    const facts = { ...base.facts, ...runFacts(f) };
    const change = planChange({
      name,
      diagnosis: { ...base, facts },
      plan,
      others,
      selfGpuBytes: numberOrNull(self?.gpuBytes),
      selfHostBytes: numberOrNull(self?.hostBytes),
    });
    const causeText = `${base.causeText}${describeOthers(others, base.kind)}`;
    return [
      {
        ...base,
        process: name,
        facts,
        causeText,
        message: `${name}: ${base.summary}: ${causeText}`,
        fixes: change ? [change, ...base.fixes] : base.fixes,
        othersAtFailure: others,
      },
    ];
  });
}
