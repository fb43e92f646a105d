// `headroom serve RUN_DIR|--latest`: the live dashboard (and /metrics) of a run, until interrupted.
import { defineCommand } from '../../command.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import { dashboardAddress, defaultDashboardPort, metricsAddress } from '../../shared/observers.js';
import { runServe } from './run.js';

const serveOptions = defineOptions({
  latest: { flag: '--latest', kind: 'switch', description: 'serve the latest run under .headroom/runs' },
  port: {
    flag: '--port',
    valueName: 'port',
    kind: 'port',
    default: String(defaultDashboardPort),
    description: 'dashboard port (0: any free port)',
  },
  host: sharedOptions.host,
  metrics: sharedOptions.metrics,
  json: { ...sharedOptions.json, description: 'print where it serves as one JSON line when it starts' },
});

export const command = defineCommand({
  name: 'serve',
  description: 'a live local page of a run (read-only), and Prometheus /metrics with --metrics',
  arguments: [{ name: 'run-dir', description: 'the run directory to serve' }],
  options: serveOptions,
  async run({ options, args }, io) {
    const stopper = new AbortController();
    const onSignal = (signal: NodeJS.Signals): void => stopper.abort(signal);
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.once(signal, onSignal);
    try {
      const metrics = metricsAddress(options.metrics);
      const dashboard = dashboardAddress(options.port, options.host);
      return await runServe(
        {
          ...(args['run-dir'] === undefined ? {} : { runDir: args['run-dir'] }),
          isLatest: options.latest,
          ...(dashboard ? { dashboard } : {}),
          ...(metrics ? { metrics } : {}),
          cwd: io.cwd,
        },
        {
          say: (line) => {
            if (!options.json) io.stdout.write(`${line}\n`);
          },
          // Where it serves is said as it starts (the --json output is this one line).
          onListening: (data) => {
            if (options.json) io.stdout.write(`${JSON.stringify(data)}\n`);
            else io.stdout.write(`serving ${data.runDir} until Ctrl-C\n`);
          },
          stop: stopper.signal,
        },
      );
    } finally {
      for (const signal of signals) process.off(signal, onSignal);
    }
  },
  // Everything was said when it started.
  reporters: { text: () => '', json: () => undefined },
});
