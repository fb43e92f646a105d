// The text of `gpus`: aligned tables of devices and their processes (the reading itself is
// src/probe/readings/gpus-result.ts).
import type { GpusResult } from '../../../probe/readings/gpus-result.js';
import { formatBytes, formatPercent } from '../../../units.js';
import { renderTable } from '../../output.js';

type Colors = {
  bold: (text: string) => string;
  yellow: (text: string) => string;
  dim: (text: string) => string;
};

/** Aligned tables of devices and processes; says "simulated" whenever the cards are. */
export function renderGpus(
  result: GpusResult,
  colors: Colors,
  budgets?: ReadonlyMap<number, number>,
): string {
  const title = result.simulated
    ? `GPUs (simulated: sim backend, nothing here is real hardware)`
    : `GPUs (${result.source}${result.driverVersion ? `, driver ${result.driverVersion}` : ''})`;
  const size = (bytes: number | null | undefined): string =>
    bytes === null || bytes === undefined ? 'n/a' : formatBytes(bytes);
  const devices = renderTable(
    [
      { header: 'GPU', align: 'right' },
      { header: 'NAME' },
      { header: 'TOTAL', align: 'right' },
      { header: 'USED', align: 'right' },
      { header: 'FREE', align: 'right' },
      { header: 'USED%', align: 'right' },
    ],
    result.devices.map((d) => [
      String(d.index),
      d.name,
      size(d.totalBytes),
      size(d.usedBytes),
      size(d.freeBytes),
      d.usedBytes === null ? 'n/a' : formatPercent(d.usedBytes / d.totalBytes),
    ]),
  );
  const hasBudgets = budgets !== undefined && budgets.size > 0;
  const processes =
    result.processes.length === 0
      ? 'no processes listed on the GPUs'
      : renderTable(
          [
            { header: 'GPU', align: 'right' },
            { header: 'PID', align: 'right' },
            { header: 'GPU MEM', align: 'right' },
            ...(hasBudgets ? [{ header: 'BUDGET', align: 'right' as const }] : []),
            { header: 'HOST MEM', align: 'right' },
            { header: 'COMMAND' },
          ],
          result.processes.map((p) => [
            String(p.device),
            String(p.pid),
            size(p.usedBytes),
            ...(hasBudgets ? [size(budgets.get(p.pid))] : []),
            size(p.hostBytes),
            truncate(p.command ?? '?', 70),
          ]),
        );
  const notes = result.warnings.map((warning) => colors.yellow(`note: ${warning}`));
  return [
    colors.bold(title),
    devices,
    '',
    colors.bold('Processes'),
    processes,
    ...(notes.length ? ['', ...notes] : []),
    '',
  ].join('\n');
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
