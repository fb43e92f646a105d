// The `gpus` result (one object, also the --json contract of issue #5) and its text rendering.
import { describeProcesses, type ProcessDetails } from '../probe/gpu/process-details.js';
import type { GpuDevice, GpuProbe, GpuSnapshot, GpuSource } from '../probe/gpu/types.js';
import { formatBytes, formatPercent } from '../units.js';
import { renderTable } from './output.js';

type Colors = {
  bold: (text: string) => string;
  yellow: (text: string) => string;
  dim: (text: string) => string;
};

/** What `gpus` reports: devices with used and free bytes, processes with command and host memory of their tree. */
export interface GpusResult {
  source: GpuSource;
  simulated: boolean;
  driverVersion?: string;
  devices: Array<
    Pick<GpuDevice, 'index' | 'name' | 'uuid' | 'totalBytes' | 'usedBytes' | 'freeBytes' | 'simulated'> & {
      reservedBytes?: number | null;
    }
  >;
  processes: ProcessDetails[];
  warnings: string[];
}

/** Takes one snapshot and describes its processes from procRoot. */
export async function collectGpus(probe: GpuProbe, procRoot = '/proc'): Promise<GpusResult> {
  const snapshot = await probe.snapshot();
  return toGpusResult(snapshot, describeProcesses(snapshot, procRoot));
}

/** The result object from a snapshot and its described processes. */
export function toGpusResult(snapshot: GpuSnapshot, processes: ProcessDetails[]): GpusResult {
  return {
    source: snapshot.source,
    simulated: snapshot.simulated,
    ...(snapshot.driverVersion ? { driverVersion: snapshot.driverVersion } : {}),
    devices: snapshot.devices.map(
      ({ index, name, uuid, totalBytes, usedBytes, freeBytes, simulated, reservedBytes }) => ({
        index,
        name,
        uuid,
        totalBytes,
        usedBytes,
        freeBytes,
        simulated,
        ...(reservedBytes !== undefined ? { reservedBytes } : {}),
      }),
    ),
    processes,
    warnings: snapshot.warnings ?? [],
  };
}

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
