// Text rendering of `headroom estimate`: breakdown tables, peaks, fits table, solve and plan.

import { formatCount } from '../estimate/dtypes.js';
import type { EstimateReport } from '../estimate/report.js';
import type { Component } from '../estimate/types.js';
import { formatBytes } from '../units.js';
import { type colorsFor, renderTable } from './output.js';

type Colors = ReturnType<typeof colorsFor>;

const when = { backward: 'forward→backward', step: 'optimizer step' } as const;

function partsTable(components: Component[], peakBytes: number, peakNote: string, colors: Colors): string {
  const rows = components.map((part) => [
    part.name,
    formatBytes(part.bytes),
    part.phase ? when[part.phase] : '',
    part.formula,
  ]);
  rows.push([colors.bold('peak'), colors.bold(formatBytes(peakBytes)), '', peakNote]);
  return renderTable(
    [{ header: 'part' }, { header: 'size', align: 'right' }, { header: 'when' }, { header: 'formula' }],
    rows,
  );
}

/** The whole human-readable report. */
export function renderEstimate(report: EstimateReport, colors: Colors): string {
  const { inputs } = report;
  const vars = Object.entries(inputs.vars).map(([name, value]) => `${name}=${value}`);
  const heading = [
    `${inputs.framework}, ${inputs.precision}, ${inputs.optimizer} (${inputs.convention} convention)`,
    `batch ${inputs.batchSize}${inputs.gradAccumulation > 1 ? ` × ${inputs.gradAccumulation} accumulation steps` : ''}${vars.length > 0 ? ` (${vars.join(', ')})` : ''}`,
    `${formatCount(inputs.params)} params${inputs.trainable !== inputs.params ? `, ${formatCount(inputs.trainable)} trained` : ''}`,
  ].join('; ');
  const live =
    inputs.framework === 'torch' ? 'live tensors (torch.cuda.max_memory_allocated)' : 'live buffers';
  const allocated = `what nvidia-smi shows; ${live} ≈ ${formatBytes(report.gpu.allocatedPeakBytes)}`;
  const hasPhases = report.gpu.components.some((part) => part.phase === 'step');
  const lines = [
    colors.bold(`GPU: ${heading}`),
    partsTable(report.gpu.components, report.gpu.peakBytes, allocated, colors),
    hasPhases
      ? 'forward→backward parts and optimizer-step parts never coexist: the peak takes the larger.'
      : undefined,
    // With a parameter count alone nothing scales with the batch; say so rather than let "any" mislead.
    report.gpu.components.some((part) => part.name === 'activations') ||
    report.fits.every((row) => row.max !== null)
      ? undefined
      : colors.yellow(
          'activations not estimated: give model.transformer (layers, hidden, heads, seq_len) or list them under tensors:',
        ),
    // FACTS Q1/Q2: JAX's pool takes 75% of the card at the first allocation unless preallocation is off.
    inputs.framework === 'jax'
      ? 'JAX preallocates 75% of the card unless XLA_PYTHON_CLIENT_PREALLOCATE=false: this is what the job needs, not what nvidia-smi shows then.'
      : undefined,
    '',
    colors.bold('Host'),
    partsTable(report.host.components, report.host.peakBytes, 'resident memory of the process tree', colors),
    '',
    renderFits(report, colors),
  ];
  if (report.solve) lines.push('', renderSolve(report));
  if (report.gradAccumulation !== undefined) lines.push('', renderPlan(report));
  return `${lines.filter((line) => line !== undefined).join('\n')}\n`;
}

function renderFits(report: EstimateReport, colors: Colors): string {
  const name = report.fits[0]?.var ?? 'batch_size';
  const rows = report.fits.map((row) => [
    formatBytes(row.deviceBytes),
    row.max === null
      ? 'any (memory does not grow with it)'
      : row.max === 0
        ? 'none (1 does not fit)'
        : String(row.max),
  ]);
  const title = colors.bold(`Fits on (largest ${name} whose peak, context included, fits the card)`);
  return `${title}\n${renderTable(
    [
      { header: 'card', align: 'right' },
      { header: `max ${name}`, align: 'right' },
    ],
    rows,
  )}`;
}

function renderSolve(report: EstimateReport): string {
  const s = report.solve!;
  const limits = [`${formatBytes(s.budgetBytes)} GPU`];
  if (s.hostBudgetBytes !== undefined) limits.push(`${formatBytes(s.hostBudgetBytes)} host`);
  const within = limits.join(' and ');
  const peaks = (gpuBytes: number | null, hostBytes: number | null): string =>
    `GPU ${formatBytes(gpuBytes ?? 0)}${s.hostBudgetBytes === undefined ? '' : `, host ${formatBytes(hostBytes ?? 0)}`}`;
  if (s.firstFailing === null) return `Solve: ${s.var} does not drive memory; any value fits ${within}.`;
  const failing = `${s.var} = ${s.firstFailing} does not (${peaks(s.failingPeakBytes, s.failingHostPeakBytes)})`;
  if (s.value === 0) return `Solve: nothing fits ${within}: ${failing}.`;
  return `Solve: ${s.var} = ${s.value} fits ${within} (${peaks(s.peakBytes, s.hostPeakBytes)}); ${failing}.`;
}

function renderPlan(report: EstimateReport): string {
  const plan = report.gradAccumulation;
  if (!plan) return 'Gradient accumulation: nothing fits, not even a micro-batch of 1.';
  return (
    `Gradient accumulation: ${plan.var} = ${plan.microBatch} × ${plan.steps} steps = ${plan.target} ` +
    `(largest that fits: ${plan.largestFitting}, within ${formatBytes(plan.budgetBytes)}).`
  );
}
