// `headroom init`: writes a commented headroom.yaml from the GPU processes running now (their command
// lines, a framework guessed from what they loaded or their command, their current memory as a starting
// budget, marked as such), or from commands given after `--` (`init -- python learner.py -- python
// actor.py`). It never overwrites a file: the config is created exclusively (O_EXCL), else exit 2.
import { existsSync, writeFileSync } from 'node:fs';
import { readGpuFlags } from '../../../config/gpu-flags.js';
import { EnvironmentError, ExitCode, UsageError } from '../../../errors.js';
import { guessFramework } from '../../../init/guess-framework.js';
import {
  type InitDevice,
  type InitInput,
  type InitProcess,
  nameFromArgv,
  renderInitConfig,
  startingBudgetBytes,
  uniqueNames,
} from '../../../init/render.js';
import { formatBytes } from '../../../units.js';
import { defineCommand } from '../../command.js';
import { pathIn } from '../../io.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { InitOutput } from '../../schemas/init.js';
import { probeOptions } from '../../shared/probe-options.js';

const initOptions = defineOptions({
  output: {
    flag: '--output',
    short: '-o',
    valueName: 'file',
    kind: 'text',
    description: 'the config to write (default: ./headroom.yaml); an existing file is never overwritten',
  },
  gpu: {
    ...sharedOptions.gpu,
    description:
      'the card: sim:24GiB reads the simulated card; with -- CMD, a card to declare (24GiB, a100-40gb)',
  },
  gpuBackend: sharedOptions.gpuBackend,
  json: sharedOptions.json,
});

/** `a -- b c -- d` → [[a], [b, c], [d]]: each command given after `--`. */
export function splitCommands(rest: readonly string[]): string[][] {
  const commands: string[][] = [[]];
  for (const word of rest) {
    if (word === '--') commands.push([]);
    else commands.at(-1)!.push(word);
  }
  return commands.filter((c) => c.length > 0);
}

function fromCommands(commands: string[][]): InitProcess[] {
  const names = uniqueNames(commands.map(nameFromArgv));
  return commands.map((argv, i) => ({ name: names[i]!, argv, guess: guessFramework(argv) }));
}

// Declared with --gpu (or HEADROOM_GPU), else what the probe sees; none is fine: the file says to add one.
async function devicesForCommands(
  gpu: readonly string[],
  env: Record<string, string | undefined>,
  backend: object,
) {
  if (gpu.length > 0) return readGpuFlags(gpu).devices;
  if (env.HEADROOM_GPU) return readGpuFlags([env.HEADROOM_GPU], 'HEADROOM_GPU=').devices;
  const { detectDevices } = await import('../../../probe/gpu/open-probe.js');
  return (await detectDevices({ env, ...backend })).devices;
}

const refuse = (shown: string): UsageError =>
  new UsageError(
    `${shown} exists: headroom init never overwrites a file (pass -o OTHER.yaml, or move it away)`,
  );

export const command = defineCommand({
  name: 'init',
  description:
    'write a commented headroom.yaml from the GPU processes running now, or from the commands given after -- (each command after its own --)',
  arguments: [
    { name: 'command', description: 'after --: commands to configure, separated by --', isVariadic: true },
  ],
  options: initOptions,
  async run({ options, rest }, io): Promise<{ data: InitOutput; exitCode: number }> {
    const shown = options.output ?? 'headroom.yaml';
    const file = pathIn(io.cwd, shown);
    if (existsSync(file)) throw refuse(shown);
    const commands = splitCommands(rest);
    let input: InitInput;
    if (commands.length > 0) {
      const declared = await devicesForCommands(
        options.gpu,
        io.env,
        options.gpuBackend ? { backend: options.gpuBackend } : {},
      );
      const devices: InitDevice[] = declared.map(({ index, name, totalBytes, simulated }) => ({
        index,
        name,
        totalBytes,
        simulated,
      }));
      input = { source: 'commands', devices, processes: fromCommands(commands) };
    } else {
      const { discoverRunning } = await import('./discover.js');
      const found = await discoverRunning(probeOptions(options, io.env));
      if (found.source === 'none')
        throw new EnvironmentError(
          'no GPU backend here to read the running processes from',
          'give the commands instead: headroom init -- python train.py (or --gpu sim:24GiB for the simulated card)',
        );
      if (found.processes.length === 0)
        throw new EnvironmentError(
          'no process is using a GPU now',
          'start your jobs and run init again, or give the commands: headroom init -- python train.py',
        );
      input = {
        source: 'running',
        devices: found.devices,
        processes: found.processes,
        gpuSource: found.source,
      };
    }
    const yaml = renderInitConfig(input);
    try {
      writeFileSync(file, yaml, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw refuse(shown);
      throw new EnvironmentError(`cannot write ${shown}: ${(error as Error).message}`);
    }
    return {
      data: {
        file: shown,
        source: input.source,
        devices: input.devices,
        processes: input.processes.map((p) => ({
          name: p.name,
          command: p.argv,
          framework: p.guess.framework,
          frameworkBecause: p.guess.because,
          ...(p.pid === undefined ? {} : { pid: p.pid }),
          ...(p.usedBytes === undefined
            ? {}
            : { usedBytes: p.usedBytes, budgetBytes: startingBudgetBytes(p.usedBytes) }),
        })),
        config: yaml,
      },
      exitCode: ExitCode.ok,
    };
  },
  reporters: {
    text: (data) => {
      const from = data.source === 'running' ? 'the GPU processes running now' : 'the commands given';
      const rows = data.processes.map((p) => {
        const budget =
          p.budgetBytes === undefined
            ? 'gpu_memory: rest'
            : `gpu_memory ${formatBytes(p.budgetBytes)} (${formatBytes(p.usedBytes ?? 0)} in use)`;
        return `  ${p.name}  ${p.framework} (${p.frameworkBecause})  ${budget}`;
      });
      return [
        `wrote ${data.file} from ${from}:`,
        ...rows,
        `next: check the guesses, then headroom plan -c ${data.file}`,
        '',
      ].join('\n');
    },
    json: (data) => data,
  },
});
