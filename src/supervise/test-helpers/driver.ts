// supervise() in a process of its own, for tests that kill headroom itself: `node --import tsx
// driver.ts JSON` with JSON = { runDir, runId, keepOnCrash?, processes: [{ name, command, hostMemoryBytes? }] };
// the processes' output goes to stdout.
import { noGpuProbe } from '../../probe/gpu/types.js';
import { simpleLaunchSpec } from '../launch-spec.js';
import { supervise } from '../supervise.js';

interface DriverConfig {
  runDir: string;
  runId: string;
  keepOnCrash?: boolean;
  processes: { name: string; command: string[]; hostMemoryBytes?: number }[];
}

const config = JSON.parse(process.argv[2] ?? '{}') as DriverConfig;
await supervise({
  runDir: config.runDir,
  runId: config.runId,
  gpuProbe: noGpuProbe,
  keepOnCrash: config.keepOnCrash ?? false,
  processes: config.processes.map((p) =>
    simpleLaunchSpec(p.name, p.command, { hostMemoryBytes: p.hostMemoryBytes ?? null }),
  ),
  output: (update) => {
    if (update.kind === 'output') process.stdout.write(update.text);
  },
});
