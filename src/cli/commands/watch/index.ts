// `headroom watch`: a live view of devices, per-process GPU and host memory, budgets and recent
// history; on a machine without a GPU backend, the host's RAM and its largest process trees.
import { openGpuProbe } from '../../../probe/gpu/open-probe.js';
import { matchPlannedProcesses } from '../../../probe/readings/planned-match.js';
import { sampleGpus, sampleHost } from '../../../probe/readings/watch-sample.js';
import { defineCommand } from '../../command.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import { metricsAddress } from '../../shared/observers.js';
import { probeOptions } from '../../shared/probe-options.js';
import { watchLoop } from './loop.js';
import { sortKeys } from './model.js';

const { gpu, gpuBackend, json, metrics } = sharedOptions;

const watchOptions = defineOptions({
  interval: {
    flag: '--interval',
    valueName: 'duration',
    kind: 'duration',
    bareUnit: 'ms',
    default: '1000',
    description: 'time between samples: 500ms, 2s (a bare number is milliseconds)',
  },
  count: { flag: '--count', valueName: 'n', kind: 'count', description: 'stop after n frames' },
  sort: {
    flag: '--sort',
    valueName: 'key',
    kind: 'choice',
    choices: sortKeys,
    description: `sort processes by ${sortKeys.join(', ')} (default gpu; host without a GPU)`,
  },
  json: { ...json, description: 'print one JSON line per sample instead of a screen' },
  config: { ...sharedOptions.config, description: "show each process's budget from this config's plan" },
});

export const command = defineCommand({
  name: 'watch',
  description: 'live view of devices, processes and their memory (s sorts, q or Ctrl-C quits)',
  options: { ...watchOptions, metrics, gpu, gpuBackend },
  async run({ options }, io) {
    const metricsAt = metricsAddress(options.metrics);
    let match: ReturnType<typeof matchPlannedProcesses> | undefined;
    if (options.config !== undefined) {
      // Loaded only with -c, so a plain `watch` never loads the config reader and planner.
      const { loadPlan } = await import('../../shared/load-plan.js');
      match = matchPlannedProcesses((await loadPlan(options, { env: io.env, cwd: io.cwd })).plan);
    }
    const probe = await openGpuProbe(probeOptions(options, io.env));
    // No GPU backend (the seed 004 user's machine): watch the host instead of refusing.
    const isHostOnly = probe.source === 'none';
    const noGpu = isHostOnly
      ? [`no GPU backend: ${(probe.unavailableReasons ?? []).join('; ') || 'none asked for'}`]
      : [];
    const read = isHostOnly ? async () => sampleHost(noGpu) : () => sampleGpus(probe, match);
    const exporter = metricsAt
      ? await (await import('./metrics.js')).startWatchMetrics(metricsAt)
      : undefined;
    if (exporter) io.stderr.write(`metrics: ${exporter.url}\n`);
    try {
      const exitCode = await watchLoop(
        {
          probe,
          read,
          intervalMs: options.interval,
          count: options.count ?? Number.POSITIVE_INFINITY,
          isJson: options.json,
          isHostOnly,
          sortKey: options.sort ?? (isHostOnly ? 'host' : 'gpu'),
          onReading: exporter?.observe,
        },
        io,
      );
      return { data: null, exitCode };
    } finally {
      await exporter?.close();
    }
  },
  // The frames and the JSON lines were written as they were read: nothing is left to print.
  reporters: { text: () => '', json: () => undefined },
});
