// `headroom gpus`: devices and the processes on them, with each process's command and host memory
// (and with -c, its planned name and budget).
import { EnvironmentError, ExitCode } from '../../../errors.js';
import { openGpuProbe } from '../../../probe/gpu/open-probe.js';
import { collectGpus, type GpusResult } from '../../../probe/readings/gpus-result.js';
import { attachBudgets, matchPlannedProcesses } from '../../../probe/readings/planned-match.js';
import { defineCommand } from '../../command.js';
import { pathIn } from '../../io.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { GpusOutput } from '../../schemas/gpus.js';
import { probeOptions } from '../../shared/probe-options.js';
import { renderGpus } from './text.js';

const { gpu, gpuBackend, json } = sharedOptions;

const gpusOptions = defineOptions({
  config: { ...sharedOptions.config, description: "show each process's budget from this config's plan" },
  from: {
    flag: '--from',
    valueName: 'file',
    kind: 'text',
    isRepeatable: true,
    description: 'read recorded nvidia-smi output (-q -x XML, -q text, CSV queries, the table)',
  },
});

/** The reading, and each PID's planned budget when a config was given. */
export interface GpusData {
  result: GpusResult;
  budgets?: ReadonlyMap<number, number>;
}

export const command = defineCommand({
  name: 'gpus',
  description: 'devices and the processes on them, with memory',
  options: { json, ...gpusOptions, gpu, gpuBackend },
  async run({ options }, io) {
    const probe = await openGpuProbe({
      ...probeOptions(options, io.env),
      ...(options.from.length > 0
        ? { from: options.from.map((file) => (file === '-' ? file : pathIn(io.cwd, file))), stdin: io.stdin }
        : {}),
    });
    try {
      if (probe.source === 'none') {
        const reasons = probe.unavailableReasons ?? [];
        throw new EnvironmentError(
          `no GPU backend${reasons.length > 0 ? `: ${reasons.join('; ')}` : ' (--gpu-backend none)'}`,
          'pass --gpu sim:24GiB for a simulated card, or --from FILE to read saved nvidia-smi output',
        );
      }
      const collected = await collectGpus(probe);
      if (options.config === undefined) return { data: { result: collected }, exitCode: ExitCode.ok };
      // Loaded only with -c, so a plain `gpus` never loads the config reader and planner.
      const { loadPlan } = await import('../../shared/load-plan.js');
      const { plan } = await loadPlan(options, { env: io.env, cwd: io.cwd });
      const { processes, budgets } = attachBudgets(collected.processes, matchPlannedProcesses(plan));
      return { data: { result: { ...collected, processes }, budgets }, exitCode: ExitCode.ok };
    } finally {
      await probe.close();
    }
  },
  reporters: {
    text: (data: GpusData, { colors }) => renderGpus(data.result, colors, data.budgets),
    json: (data: GpusData): GpusOutput => data.result,
  },
});
