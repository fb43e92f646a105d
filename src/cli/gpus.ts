// `headroom gpus`: devices and the processes on them, with each process's command and host memory.
import type { Command } from 'commander';
import { EnvironmentError, ExitCode } from '../errors.js';
import { type NoGpuProbe, openGpuProbe } from '../probe/gpu/open-probe.js';
import { collect } from './common.js';
import { addGpuOptions, type GpuFlags, probeOptionsFrom } from './gpu-options.js';
import { colorsFor, toJson } from './output.js';
import { attachBudgets, loadBudgetMatcher } from './plan-budgets.js';
import { collectGpus, renderGpus } from './render-gpus.js';

interface GpusFlags extends GpuFlags {
  json?: boolean;
  config?: string;
  from?: string[];
}

/** Registers `gpus` on the program. */
export function define(program: Command): void {
  addGpuOptions(
    program
      .command('gpus')
      .description('devices and the processes on them, with memory')
      .option('--json', 'print the result as JSON')
      .option('-c, --config <file>', "show each process's budget from this config's plan")
      .option(
        '--from <file>',
        'read recorded nvidia-smi output (-q -x XML, -q text, CSV queries, the table); repeatable',
        collect,
      ),
  ).action(async (flags: GpusFlags) => {
    const probe = await openGpuProbe({
      ...probeOptionsFrom(flags),
      ...(flags.from ? { from: flags.from } : {}),
    });
    try {
      if (probe.source === 'none') {
        const reasons = (probe as NoGpuProbe).reasons;
        throw new EnvironmentError(
          `no GPU backend${reasons.length > 0 ? `: ${reasons.join('; ')}` : ' (--gpu-backend none)'}`,
          'pass --gpu sim:24GiB for a simulated card, or --from FILE to read saved nvidia-smi output',
        );
      }
      const collected = await collectGpus(probe);
      if (flags.config === undefined) {
        process.stdout.write(flags.json ? toJson(collected) : renderGpus(collected, colorsFor()));
      } else {
        const match = await loadBudgetMatcher({ config: flags.config, gpu: flags.gpu });
        const { processes, budgets } = attachBudgets(collected.processes, match);
        const result = { ...collected, processes };
        process.stdout.write(flags.json ? toJson(result) : renderGpus(result, colorsFor(), budgets));
      }
      process.exitCode = ExitCode.ok;
    } finally {
      await probe.close();
    }
  });
}
