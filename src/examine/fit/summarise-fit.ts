// `doctor FIT_DIR`: the search a fit ran, read from its fit.json: the answer, each trial (value,
// verdict, peak, settled, what it bought), and what to look at (a leak, a failure that is not
// memory, the warnings the fit gave).

import type { DoctorFinding } from '../../doctor/types.js';
import type { FitResult } from '../../fit/result.js';
import type { TrialRecord } from '../../fit/types.js';
import { formatBytes } from '../../units.js';

function peakOf(trial: TrialRecord): string {
  const peaks = [
    trial.peakGpuBytes === null ? null : `GPU ${formatBytes(trial.peakGpuBytes)}`,
    trial.peakHostBytes === null ? null : `host ${formatBytes(trial.peakHostBytes)}`,
  ].filter((p): p is string => p !== null);
  return peaks.length > 0 ? `peak ${peaks.join(', ')}` : 'no peak measured';
}

function answerOf(fit: FitResult): string {
  const { var: variable } = fit;
  const answer =
    fit.recommended > 0
      ? `${variable} ${fit.recommended} fits${fit.marginPercent > 0 ? ` with ${fit.marginPercent}% of each limit kept free` : ''}`
      : `no ${variable} fits`;
  const passed = fit.largestPassed === null ? 'none ran' : `${fit.largestPassed} ran`;
  const failing =
    fit.firstFailing === null ? 'none ran out of memory' : `${fit.firstFailing} ran out of memory`;
  const boundary = fit.isBoundarySettled
    ? 'settled'
    : fit.isAnswerSettled
      ? 'not narrowed further: no value there could change the answer'
      : 'not settled';
  const seconds = fit.trials.reduce((sum, t) => sum + t.seconds, 0);
  return `${answer} (search ${fit.end}, ${fit.trials.length} trials, ${seconds.toFixed(1)} s, strategy ${fit.strategy}); boundary: ${passed}, ${failing} — ${boundary}`;
}

/** The findings that summarise one fit directory's search. */
export function summariseFit(fit: FitResult, fitDir: string): DoctorFinding[] {
  const { var: variable } = fit;
  const findings: DoctorFinding[] = [
    {
      code: 'fit-answer',
      severity: fit.recommended > 0 ? 'info' : 'error',
      file: fitDir,
      message: answerOf(fit),
      facts: { recommended: fit.recommended, trials: fit.trials.length, end: fit.end },
    },
  ];
  fit.trials.forEach((trial, index) => {
    const settled = trial.isSettled === false ? 'not settled' : 'settled';
    const bought = trial.bought ? `; bought: ${trial.bought}` : '';
    findings.push({
      code: 'fit-trial',
      severity: 'info',
      message: `#${index + 1} ${variable}=${trial.value}: ${trial.outcome} (${trial.reason}), ${peakOf(trial)}, ${settled}, ${trial.seconds.toFixed(1)} s${bought}`,
      facts: { value: trial.value, outcome: trial.outcome, isSettled: trial.isSettled !== false },
      ...(trial.runDir ? { fixes: [`headroom doctor ${trial.runDir}`] } : {}),
    });
  });
  for (const trial of fit.trials.filter((t) => t.leak)) {
    const leak = trial.leak!;
    findings.push({
      code: 'fit-leak',
      severity: 'error',
      message: `${variable}=${trial.value}: its ${leak.resource} memory climbed ${formatBytes(leak.bytesPerSecond)}/s for the whole trial (+${formatBytes(leak.risingBytes)} in ${leak.seconds.toFixed(1)} s) with no plateau: a leak, not a trial too short`,
      facts: { value: trial.value, bytesPerSecond: leak.bytesPerSecond },
      fixes: [
        `find what grows every step${trial.runDir ? ` (headroom doctor ${trial.runDir})` : ''}: a cache filled per sample, tensors kept in a list without .item(); then fit again`,
      ],
    });
  }
  if (fit.failure) {
    findings.push({
      code: 'fit-failure',
      severity: 'error',
      message: `${variable}=${fit.failure.value} failed for a reason other than memory (${fit.failure.reason}): ${fit.failure.because}`,
      ...(fit.failure.runDir ? { fixes: [`headroom doctor ${fit.failure.runDir}`] } : {}),
    });
  }
  // The fit's own warnings, except the leak ones said above.
  for (const warning of fit.warnings.filter((w) => !/a leak, not a trial too short/.test(w))) {
    findings.push({ code: 'fit-warning', severity: 'warning', message: warning });
  }
  return findings;
}
