// Text rendering of a plan: a device table, a process table, then the findings.
import { bootVariables } from '../../frameworks/bootstrap.js';
import type { Finding, Plan, PlannedProcess } from '../../plan/types.js';
import { formatGiB, formatPercent } from '../../units.js';
import { type Colors, renderTable } from '../output.js';

// Variables every GPU process gets; the table shows the GPU column instead of repeating them.
const bookkeepingVariables = new Set([
  'CUDA_VISIBLE_DEVICES',
  'CUDA_DEVICE_ORDER',
  'HEADROOM_PROCESS',
  'HEADROOM_GPU_BUDGET_BYTES',
  'HEADROOM_GPU_FRACTION',
  // The bootstrap's switch and path: the CAP column says `bootstrap` instead.
  'PYTHONPATH',
  bootVariables.actions,
  bootVariables.torchAllocKeys,
]);

/** Host-only plans (every process `framework: none`): the processes and their host limits. */
function renderHostOnlyPlan(plan: Plan, colors: Colors): string {
  const rows = plan.processes.map((p) => [
    p.name,
    p.framework,
    p.hostMemoryBytes === null ? '-' : formatGiB(p.hostMemoryBytes),
  ]);
  const table = renderTable(
    [{ header: 'PROCESS' }, { header: 'FRAMEWORK' }, { header: 'HOST LIMIT GiB', align: 'right' }],
    rows,
  );
  return `${colors.bold('Processes')} ${colors.dim('(no GPU: every process is framework: none)')}\n${table}\n`;
}

/** Device and process tables, in GiB with percents of each device's total. */
export function renderPlan(plan: Plan, colors: Colors): string {
  if (plan.devices.length === 0 && plan.processes.every((p) => p.device === null)) {
    return renderHostOnlyPlan(plan, colors);
  }
  const deviceRows = plan.devices.map((d) => [
    String(d.index),
    d.simulated && !d.name.includes('simulated') ? `${d.name} ${colors.yellow('(simulated)')}` : d.name,
    formatGiB(d.totalBytes),
    formatGiB(d.usableBytes),
    d.plannedBytes > d.usableBytes ? colors.red(formatGiB(d.plannedBytes)) : formatGiB(d.plannedBytes),
    formatGiB(d.usableBytes - d.plannedBytes),
  ]);
  const devices = renderTable(
    [
      { header: 'GPU', align: 'right' },
      { header: 'NAME' },
      { header: 'TOTAL GiB', align: 'right' },
      { header: 'USABLE GiB', align: 'right' },
      { header: 'PLANNED GiB', align: 'right' },
      { header: 'LEFT GiB', align: 'right' },
    ],
    deviceRows,
  );
  const totals = new Map(plan.devices.map((d) => [d.index, d.totalBytes]));
  const processRows = plan.processes.map((p) => processRow(p, totals));
  const processes = renderTable(
    [
      { header: 'PROCESS' },
      { header: 'FRAMEWORK' },
      { header: 'GPU', align: 'right' },
      { header: 'BUDGET GiB', align: 'right' },
      { header: '% TOTAL', align: 'right' },
      { header: 'OVERHEAD GiB', align: 'right' },
      { header: 'CAP' },
      { header: 'ENV' },
    ],
    processRows,
  );
  const simulatedNote = plan.devices.some((d) => d.simulated)
    ? `\n${colors.yellow('simulated GPU: no real device behind it; budgets are planned as for a real card')}\n`
    : '';
  return `${colors.bold('Devices')}\n${devices}\n${simulatedNote}\n${colors.bold('Processes')}\n${processes}\n\n${colors.dim('overhead: CUDA context per process, outside every framework pool; `headroom env NAME` prints all variables')}\n${colors.dim("cap: what holds the budget in-process: env (JAX fraction), alloc-conf (PyTorch allocator config), bootstrap (headroom_boot on PYTHONPATH); flag (an inference engine's memory flag, filled into its command); watch: only headroom watching")}\n`;
}

function processRow(p: PlannedProcess, totals: Map<number, number>): string[] {
  const env = Object.entries(p.env)
    .filter(([key]) => !bookkeepingVariables.has(key))
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const hasDevice = p.device !== null;
  return [
    p.name,
    p.framework,
    hasDevice ? String(p.device) : '-',
    hasDevice ? formatGiB(p.budgetBytes) : '-',
    hasDevice && totals.get(p.device!) ? formatPercent(p.fraction) : '-',
    hasDevice ? formatGiB(p.overheadBytes) : '-',
    hasDevice ? p.capBy : '-',
    env || (hasDevice ? '' : 'CUDA_VISIBLE_DEVICES='),
  ];
}

/** Findings as `severity code message`, errors first; a closing line says whether the plan can run. */
export function renderFindings(findings: Finding[], colors: Colors): string {
  const paint = { error: colors.red, warning: colors.yellow, info: colors.cyan } as const;
  const lines = findings.map(
    (f) => `${paint[f.severity](f.severity.padEnd(7))} ${colors.bold(f.code)}  ${f.message}`,
  );
  const errors = findings.filter((f) => f.severity === 'error').length;
  const verdict =
    errors > 0
      ? colors.red(`plan is not feasible: ${errors} error${errors === 1 ? '' : 's'}`)
      : colors.green('plan is feasible');
  return `${lines.length > 0 ? `${colors.bold('Findings')}\n${lines.join('\n')}\n\n` : ''}${verdict}\n`;
}
