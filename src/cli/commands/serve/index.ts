// Registers `headroom serve`.
import type { Command } from 'commander';
import { dashboardAddress, defaultDashboardPort, metricsAddress } from '../../observers.js';
import { runServe, type ServeData } from './run.js';

interface ServeFlags {
  latest?: boolean;
  port: string;
  host?: string;
  metrics?: string | boolean;
  json?: boolean;
}

/** Registers `serve` on the program. */
export function define(program: Command): void {
  program
    .command('serve')
    .description('a live local page of a run (read-only), and Prometheus /metrics with --metrics')
    .argument('[run-dir]', 'the run directory to serve')
    .option('--latest', 'serve the latest run under .headroom/runs')
    .option('--port <port>', 'dashboard port (0: any free port)', String(defaultDashboardPort))
    .option('--host <host>', 'address to bind (default 127.0.0.1; others need the printed token)')
    .option('--metrics [addr]', 'also serve Prometheus /metrics on [HOST:]PORT (default 127.0.0.1:9477)')
    .option('--json', 'print where it serves as one JSON line when it starts')
    .action(async (runDir: string | undefined, flags: ServeFlags) => {
      const stopper = new AbortController();
      const onSignal = (signal: NodeJS.Signals): void => stopper.abort(signal);
      const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
      for (const signal of signals) process.once(signal, onSignal);
      try {
        const metrics = metricsAddress(flags.metrics);
        const { exitCode } = await runServe(
          {
            ...(runDir === undefined ? {} : { runDir }),
            isLatest: flags.latest === true,
            dashboard: dashboardAddress(flags.port, flags.host)!,
            ...(metrics ? { metrics } : {}),
          },
          {
            say: (line) => {
              if (!flags.json) process.stdout.write(`${line}\n`);
            },
            onListening: (data: ServeData) => {
              if (flags.json) process.stdout.write(`${JSON.stringify(data)}\n`);
              else process.stdout.write(`serving ${data.runDir} until Ctrl-C\n`);
            },
            stop: stopper.signal,
          },
        );
        process.exitCode = exitCode;
      } finally {
        for (const signal of signals) process.off(signal, onSignal);
      }
    });
}
