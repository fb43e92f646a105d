// Text rendering of `headroom estimate`: breakdown tables, peaks, notes, fits, GPU counts, solve, plan.

import { formatCount } from '../../../estimate/dtypes.js';
import type { EstimateReport } from '../../../estimate/report.js';
import type { TraceComparison } from '../../../estimate/trace.js';
import type { Component } from '../../../estimate/types.js';
import { formatBytes } from '../../../units.js';
import { type Colors, renderTable } from '../../output.js';

const when = { backward: 'forward→backward', step: 'backward→step' } as const;

function partsTable(components: Component[], peakBytes: number, peakNote: string, colors: Colors): string {
  const rows = components.map((part) => [
    part.name,
    formatBytes(part.bytes),
    part.phase ? when[part.phase] : part.isAtLoad ? 'before training' : '',
    part.formula,
  ]);
  rows.push([colors.bold('peak'), colors.bold(formatBytes(peakBytes)), '', peakNote]);
  return renderTable(
    [{ header: 'part' }, { header: 'size', align: 'right' }, { header: 'when' }, { header: 'formula' }],
    rows,
  );
}

function heading(report: EstimateReport): string {
  const { inputs } = report;
  const vars = Object.entries(inputs.vars).map(([name, value]) => `${name}=${value}`);
  const parallel =
    inputs.gpus > 1
      ? `; per GPU of ${inputs.gpus} (${inputs.strategy}${inputs.tensorParallel > 1 ? `, tensor ${inputs.tensorParallel}` : ''})`
      : '';
  return [
    `${inputs.framework}, ${inputs.precision}, ${inputs.optimizer} (${inputs.convention} convention${inputs.optimizer === 'none' ? '' : `, ${inputs.optimizerImpl}`})`,
    `batch ${inputs.batchSize}${inputs.gradAccumulation > 1 ? ` × ${inputs.gradAccumulation} accumulation steps` : ''}${vars.length > 0 ? ` (${vars.join(', ')})` : ''}`,
    `${formatCount(inputs.params)} params${inputs.trainable !== inputs.params ? `, ${formatCount(inputs.trainable)} trained` : ''}${parallel}`,
  ].join('; ');
}

/** The whole human-readable report. */
export function renderEstimate(report: EstimateReport, colors: Colors): string {
  const { inputs } = report;
  const isCpu = inputs.device === 'cpu';
  const live =
    inputs.framework === 'torch' ? 'live tensors (torch.cuda.max_memory_allocated)' : 'live buffers';
  const allocated = `what nvidia-smi shows; ${live} ≈ ${formatBytes(report.gpu.allocatedPeakBytes)}`;
  const hasPhases = [...report.gpu.components, ...report.host.components].some(
    (part) => part.phase === 'step',
  );
  const lines: (string | undefined)[] = isCpu
    ? [colors.bold(`Training on the CPU: ${heading(report)}`)]
    : [
        colors.bold(`GPU: ${heading(report)}`),
        partsTable(report.gpu.components, report.gpu.peakBytes, allocated, colors),
        // FACTS Q1/Q2: JAX's pool takes 75% of the card at the first allocation unless preallocation is off.
        inputs.framework === 'jax'
          ? 'JAX preallocates 75% of the card unless XLA_PYTHON_CLIENT_PREALLOCATE=false: this is what the job needs, not what nvidia-smi shows then.'
          : undefined,
      ];
  const phasesNote = hasPhases
    ? 'forward→backward parts and backward→step parts never coexist: the peak takes the larger.'
    : undefined;
  if (!isCpu) lines.push(phasesNote);
  lines.push(
    '',
    colors.bold('Host'),
    partsTable(report.host.components, report.host.peakBytes, 'resident memory of the process tree', colors),
  );
  if (isCpu) lines.push(phasesNote);
  const missing = report.notEstimated ?? [];
  if (missing.length > 0) {
    lines.push(
      '',
      colors.bold('Not estimated (they grow, and are in no peak above)'),
      ...missing.map((part) =>
        colors.yellow(
          `- ${part.part} (${part.resource}), grows with ${part.growsWith.join(', ')}: add ${part.add}`,
        ),
      ),
    );
  }
  // Notes that a "not estimated" line above already says are not repeated.
  const notes = report.notes.filter((note) => !missing.some((part) => part.note === note));
  if (notes.length > 0) {
    lines.push(
      '',
      colors.bold('Not modelled, or assumed'),
      ...notes.map((note) => colors.yellow(`- ${note}`)),
    );
  }
  if (!isCpu) lines.push('', renderFits(report, colors));
  if (report.gpuCounts) lines.push('', renderGpuCounts(report, colors));
  if (report.solveRefused) lines.push('', colors.red(`Solve: refused: ${report.solveRefused.message}.`));
  if (report.solve) lines.push('', renderSolve(report));
  if (report.gradAccumulation !== undefined) lines.push('', renderPlan(report));
  if (report.trace) lines.push('', renderTrace(report.trace, colors));
  return `${lines.filter((line) => line !== undefined).join('\n')}\n`;
}

/** The largest value that fits as a cell: `any` or `none` in the words given, `at most N` for an upper bound. */
function maxText(
  row: { max?: number | null; isUpperBound?: boolean },
  words: { any: string; none: string },
): string {
  if (row.max === null) return words.any;
  if (row.max === 0) return words.none;
  return row.isUpperBound ? `at most ${row.max}` : String(row.max);
}

function renderFits(report: EstimateReport, colors: Colors): string {
  const name = report.fits[0]?.var ?? 'batch_size';
  const rows = report.fits.map((row) => [
    formatBytes(row.deviceBytes),
    maxText(row, { any: 'any (memory does not grow with it)', none: 'none (1 does not fit)' }),
  ]);
  const perGpu = report.inputs.gpus > 1 ? `, per GPU of ${report.inputs.gpus}` : '';
  const title = colors.bold(`Fits on (largest ${name} whose peak, context included, fits the card${perGpu})`);
  const isUpperBound = report.fits.some((row) => row.isUpperBound);
  const bound = isUpperBound
    ? `\n${colors.yellow(`upper bounds: what grows with ${name} but is not estimated (above) would make each smaller`)}`
    : '';
  return `${title}\n${renderTable(
    [
      { header: 'card', align: 'right' },
      { header: `max ${name}`, align: 'right' },
    ],
    rows,
  )}${bound}`;
}

function renderGpuCounts(report: EstimateReport, colors: Colors): string {
  const rows = report.gpuCounts ?? [];
  const name = rows[0]?.var;
  const columns = [
    { header: 'GPUs', align: 'right' as const },
    { header: 'per-GPU peak', align: 'right' as const },
    { header: 'live tensors', align: 'right' as const },
    { header: 'host', align: 'right' as const },
    ...(name ? [{ header: `max ${name}`, align: 'right' as const }] : []),
  ];
  const cells = rows.map((row) => [
    String(row.gpus),
    formatBytes(row.peakBytes),
    formatBytes(row.allocatedPeakBytes),
    formatBytes(row.hostPeakBytes),
    ...(name ? [maxText(row, { any: 'any', none: 'none' })] : []),
  ]);
  const title = colors.bold(`By GPU count (${report.inputs.strategy}; the spec's batch_size is per GPU)`);
  return `${title}\n${renderTable(columns, cells)}`;
}

function budgetText(gpuBytes: number | null, hostBytes: number | undefined): string {
  const limits = gpuBytes === null ? [] : [`${formatBytes(gpuBytes)} GPU`];
  if (hostBytes !== undefined) limits.push(`${formatBytes(hostBytes)} host`);
  return limits.join(' and ');
}

function renderSolve(report: EstimateReport): string {
  const s = report.solve!;
  const within = budgetText(s.budgetBytes, s.hostBudgetBytes);
  const peaks = (gpuBytes: number | null, hostBytes: number | null): string =>
    [
      s.budgetBytes === null ? '' : `GPU ${formatBytes(gpuBytes ?? 0)}`,
      s.hostBudgetBytes === undefined ? '' : `host ${formatBytes(hostBytes ?? 0)}`,
    ]
      .filter(Boolean)
      .join(', ');
  if (s.firstFailing === null) return `Solve: ${s.var} does not drive memory; any value fits ${within}.`;
  const failing = `${s.var} = ${s.firstFailing} does not (${peaks(s.failingPeakBytes, s.failingHostPeakBytes)})`;
  if (s.value === 0) return `Solve: nothing fits ${within}: ${failing}.`;
  return `Solve: ${s.var} = ${s.value} fits ${within} (${peaks(s.peakBytes, s.hostPeakBytes)}); ${failing}.`;
}

function renderPlan(report: EstimateReport): string {
  const plan = report.gradAccumulation;
  if (!plan) return 'Gradient accumulation: nothing fits, not even a micro-batch of 1.';
  const within = plan.budgetBytes === null ? 'the host budget' : formatBytes(plan.budgetBytes);
  return (
    `Gradient accumulation: ${plan.var} = ${plan.microBatch} × ${plan.steps} steps = ${plan.target} ` +
    `(largest that fits: ${plan.largestFitting}, within ${within}).`
  );
}

const signed = (value: number | null): string =>
  value === null ? '' : `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;

function renderTrace(trace: TraceComparison, colors: Colors): string {
  const how =
    trace.framework === 'jax'
      ? "compiled on shapes, XLA's memory analysis"
      : trace.extrapolation
        ? `fake tensors, ${trace.extrapolation.tracedLayers.join(' and ')} of ${trace.extrapolation.layers} layers traced, extrapolated`
        : 'fake tensors, every layer traced';
  const title = colors.bold(
    `Traced step (${trace.framework} ${trace.version}, ${how}, ${trace.seconds.toFixed(1)} s)`,
  );
  const rows = [
    ...trace.parts.map((part) => [part.name, formatBytes(part.bytes), 'traced: alive at the peak']),
    ...trace.added.map((part) => [part.name, formatBytes(part.bytes), `analytic: ${part.formula}`]),
  ];
  rows.push([
    colors.bold('peak'),
    colors.bold(formatBytes(trace.peakBytes)),
    'traced tensors + analytic parts',
  ]);
  const parts = renderTable(
    [{ header: 'part' }, { header: 'size', align: 'right' }, { header: 'from' }],
    rows,
  );
  const groups = renderTable(
    [
      { header: 'group' },
      { header: 'traced', align: 'right' },
      { header: 'analytic', align: 'right' },
      { header: 'difference', align: 'right' },
    ],
    [
      ...trace.groups.map((g) => [
        g.name,
        formatBytes(g.tracedBytes),
        formatBytes(g.analyticBytes),
        signed(g.differencePercent),
      ]),
      [
        colors.bold('GPU peak'),
        colors.bold(formatBytes(trace.peakBytes)),
        colors.bold(formatBytes(trace.analyticPeakBytes)),
        colors.bold(signed(trace.differencePercent)),
      ],
    ],
  );
  const verdict =
    trace.disagreeing.length > 0
      ? colors.yellow(
          `The trace and the analytic estimate are ${signed(trace.differencePercent)} apart; they disagree on ${trace.disagreeing.join(', ')}.`,
        )
      : `The trace and the analytic estimate agree within 10% (${signed(trace.differencePercent)}).`;
  const modules = trace.modules
    .slice(0, 6)
    .map((m) => `${m.module} ${formatBytes(m.bytes)}`)
    .join(', ');
  return [
    title,
    parts,
    '',
    groups,
    verdict,
    modules ? `Largest at the peak: ${modules}.` : undefined,
    ...trace.notes.map((note) => colors.yellow(`- ${note}`)),
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
