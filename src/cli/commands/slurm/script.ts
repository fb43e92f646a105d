// `headroom slurm script`: the sbatch script for the plan, for people who submit jobs themselves.
import { ExitCode } from '../../../errors.js';
import type { Finding } from '../../../plan/types.js';
import { realSlurmCommands } from '../../../slurm/commands.js';
import { buildScript } from '../../../slurm/script.js';
import { defineCommand } from '../../command.js';
import { sharedOptions, slurmOptions } from '../../options.js';
import type { SlurmScriptOutput } from '../../schemas/slurm-script.js';
import { requireFit, scriptOptions } from '../../shared/slurm/job-script.js';
import { prepareSlurmJob } from '../../shared/slurm/prepare.js';

const { config, gpu, force, json } = sharedOptions;

export interface ScriptData {
  partition: string | null;
  nodeType: string;
  findings: Finding[];
  script: string;
}

export const command = defineCommand({
  name: 'slurm script',
  description:
    "print the sbatch script for the plan (submit it with sbatch); the partition's nodes decide shards and sizes",
  options: {
    config,
    gpu: { ...gpu, description: "declare the nodes' GPUs: 24GiB, sim:24GiB (when Slurm does not say)" },
    force,
    json,
    ...slurmOptions,
  },
  async run({ options }, io) {
    const prepared = await prepareSlurmJob(options, realSlurmCommands({ env: io.env }), {
      env: io.env,
      cwd: io.cwd,
    });
    const chosen = requireFit(prepared);
    const script = buildScript({
      job: chosen.job,
      launches: prepared.launches,
      script: scriptOptions(options, prepared, io.cwd),
    });
    const data: ScriptData = {
      partition: prepared.partition,
      nodeType: chosen.nodeType.label,
      findings: chosen.job.findings,
      script,
    };
    return { data, exitCode: ExitCode.ok };
  },
  reporters: {
    text: (data: ScriptData) => data.script,
    json: (data: ScriptData): SlurmScriptOutput => data,
  },
});
