// The `nvidia-smi` GpuProbe: two CSV queries per snapshot (devices, then compute processes), joined by GPU
// UUID. Also the `file` probe, which reads recorded nvidia-smi output once (`gpus --from FILE`).
import { execFile } from 'node:child_process';
import { accessSync, constants, createReadStream } from 'node:fs';
import path from 'node:path';
import { EnvironmentError } from '../../errors.js';
import { attachLocalPids } from './pid-namespace.js';
import { mergeSmiOutputs, parseSmiOutput } from './smi-parse.js';
import type { ParsedSmi } from './smi-values.js';
import type { GpuDevice, GpuProbe, GpuSnapshot } from './types.js';

// Fields every driver since R450 knows (memory.reserved is newer, so it is left out); MiB without units.
export const queryGpuArgs = [
  '--query-gpu=index,name,uuid,memory.total,memory.used,memory.free',
  '--format=csv,nounits',
];
export const queryAppsArgs = [
  '--query-compute-apps=gpu_uuid,pid,process_name,used_gpu_memory',
  '--format=csv,nounits',
];

/** Runs nvidia-smi with arguments and resolves with its standard output. */
export type SmiRunner = (args: string[]) => Promise<string>;

/** The full path of an executable found on PATH, or undefined. */
export function findOnPath(
  command: string,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** Runs a real nvidia-smi; its failure ("couldn't communicate with the NVIDIA driver") is an EnvironmentError. */
export function runSmi(executable: string, timeoutMs = 10_000): SmiRunner {
  return (args) =>
    new Promise((resolve, reject) => {
      execFile(
        executable,
        args,
        { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          const firstLine =
            `${stdout}\n${stderr}`.split('\n').find((line) => line.trim() !== '') ?? error.message;
          reject(new EnvironmentError(`nvidia-smi failed: ${firstLine.trim()}`));
        },
      );
    });
}

/** A probe that asks nvidia-smi at every snapshot; its PIDs, like NVML's, are host PIDs. */
export function createSmiProbe(options: { run: SmiRunner; procRoot?: string }): GpuProbe {
  return {
    source: 'nvidia-smi',
    snapshot: async () => {
      const [gpus, apps] = await Promise.all([options.run(queryGpuArgs), options.run(queryAppsArgs)]);
      const merged = mergeSmiOutputs([
        parseSmiOutput(gpus, { file: 'nvidia-smi --query-gpu' }),
        parseSmiOutput(apps, { file: 'nvidia-smi --query-compute-apps' }),
      ]);
      const snapshot = toSnapshot(merged, 'nvidia-smi');
      const local = await attachLocalPids(snapshot.processes, options.procRoot);
      return {
        ...snapshot,
        processes: local.processes,
        warnings: [...(snapshot.warnings ?? []), ...local.warnings],
      };
    },
    close: async () => {},
  };
}

/** Recorded nvidia-smi output is kilobytes; more is no recording. */
export const maxRecordingBytes = 16 * 1024 * 1024;

const why = (error: NodeJS.ErrnoException): string =>
  error.code === 'ENOENT'
    ? 'no such file'
    : error.code === 'EISDIR'
      ? 'it is a directory; pass a file of saved nvidia-smi output'
      : error.code === 'EACCES'
        ? 'permission denied'
        : (error.code ?? error.message);

// `-` is standard input, as for `doctor -`: `nvidia-smi -q -x | headroom gpus --from -`.
async function readRecording(file: string, stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const source = file === '-' ? stdin : createReadStream(file);
  try {
    for await (const chunk of source) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxRecordingBytes) {
        throw new EnvironmentError(
          `${file === '-' ? 'stdin' : file}: more than 16 MiB; recorded nvidia-smi output is far smaller`,
        );
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof EnvironmentError) throw error;
    throw new EnvironmentError(`cannot read ${file}: ${why(error as NodeJS.ErrnoException)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A probe over recorded files (any format parseSmiOutput reads); several files are merged by GPU UUID. */
export async function createFileProbe(
  files: readonly string[],
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<GpuProbe> {
  const parts: ParsedSmi[] = [];
  for (const file of files) {
    const text = await readRecording(file, stdin);
    parts.push(parseSmiOutput(text, { file: file === '-' ? 'stdin' : file }));
  }
  const snapshot = toSnapshot(parts.length === 1 && parts[0] ? parts[0] : mergeSmiOutputs(parts), 'file');
  return { source: 'file', snapshot: async () => snapshot, close: async () => {} };
}

// A damaged or hand-edited recording can say a card uses more than it has; such readings are
// dropped with a warning rather than shown as negative free memory or percentages past 100.
function saneReadings(parsed: ParsedSmi): { devices: GpuDevice[]; warnings: string[] } {
  const warnings: string[] = [];
  const devices = parsed.devices.map((device) => {
    const isBad = (bytes: number | null | undefined): boolean =>
      bytes !== null &&
      bytes !== undefined &&
      (!Number.isFinite(bytes) || bytes < 0 || bytes > device.totalBytes);
    if (!isBad(device.usedBytes) && !isBad(device.freeBytes)) return device;
    warnings.push(
      `GPU ${device.index}: the recording says ${device.usedBytes ?? '?'} B used and ${device.freeBytes ?? '?'} B free of ${device.totalBytes} B total; those readings are left out`,
    );
    return { ...device, usedBytes: null, freeBytes: null };
  });
  return { devices, warnings };
}

function toSnapshot(parsed: ParsedSmi, source: 'nvidia-smi' | 'file'): GpuSnapshot {
  const processes = parsed.processes.map(({ gpuUuid: _uuid, ...process }) => process);
  const sane = saneReadings(parsed);
  return {
    source,
    simulated: false,
    devices: sane.devices,
    processes,
    warnings: [...parsed.warnings, ...sane.warnings],
    ...(parsed.driverVersion ? { driverVersion: parsed.driverVersion } : {}),
  };
}
