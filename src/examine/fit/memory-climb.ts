// A run (a fit trial, or any run) whose memory climbed for its whole length without levelling off:
// a leak, said with its rate, where "no memory failure found" would otherwise be all doctor says.
// The judge of a climb is fit's (src/fit/memory-trend.ts), so fit and doctor call the same thing a leak:
// on the tree's own memory where the record has it (ownBytes), not on PSS, whose share of file-backed
// pages moves as other processes mapping the same files come and go.

import type { DoctorFinding } from '../../doctor/types.js';
import { findLeak } from '../../fit/memory-trend.js';
import { formatBytes } from '../../units.js';
import type { RunView } from '../run/types.js';

/** One finding per process whose memory climbed for the whole run. */
export function findMemoryClimbs(data: RunView): DoctorFinding[] {
  const trial =
    data.origin?.kind === 'fit-trial'
      ? ` (the fit trial of ${String(data.origin.variable)}=${String(data.origin.value)})`
      : '';
  return data.processes.flatMap((p): DoctorFinding[] => {
    const leak = findLeak(
      p.series.map((point) => ({
        atMs: point.timeMs,
        hostBytes: point.hostBytes,
        ownHostBytes: point.ownBytes ?? null,
        gpuBytes: point.gpuBytes,
      })),
    );
    if (!leak) return [];
    const rate = `${formatBytes(leak.bytesPerSecond)}/s`;
    return [
      {
        code: 'memory-leak',
        severity: 'error',
        process: p.name,
        message: `${p.name}${trial}: its ${leak.resource} memory climbed ${rate} for the whole run (+${formatBytes(leak.risingBytes)} in ${leak.seconds.toFixed(1)} s) with no plateau: a leak; given time it reaches any limit, and a longer trial only climbs higher`,
        facts: {
          resource: leak.resource,
          bytesPerSecond: leak.bytesPerSecond,
          risingBytes: leak.risingBytes,
          seconds: leak.seconds,
        },
        fixes: [
          'find what grows every step: a cache filled per sample (a dict on the Dataset written in __getitem__), tensors kept in a list without .item()/.detach(); headroom doctor SCRIPT.py looks for both',
          `at ${rate}, a limit L is reached after (L − the memory at start) ÷ ${rate}: fix the growth before sizing the batch`,
        ],
      },
    ];
  });
}
