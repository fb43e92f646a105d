// `headroom run --on slurm`: the config's plan prepared as one batch job (the node type it fits, each
// step's launch) for the Slurm backend (src/slurm/backend.ts); launch.ts runs it as it runs a local
// run, and the record is the same as a local run's.
import { UsageError } from '../../../errors.js';
import { runOnSlurm, type SlurmRunSummary } from '../../../slurm/backend.js';
import { realSlurmCommands, type SlurmCommands } from '../../../slurm/commands.js';
import type { CommandIo } from '../../io.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import type { SlurmInputs } from '../../shared/slurm/checks.js';
import { requireFit, scriptOptions } from '../../shared/slurm/job-script.js';
import { prepareSlurmJob } from '../../shared/slurm/prepare.js';
import type { PreparedRun } from './launch.js';

/** `run --on slurm`'s inputs beside the Slurm options. */
export interface SlurmRunInputs extends SlurmInputs {
  only: readonly string[];
  argv: readonly string[];
}

/** The config's plan prepared as a Slurm job; nothing is submitted until it runs. */
export async function prepareSlurmRun(
  inputs: SlurmRunInputs,
  io: CommandIo,
  commands: SlurmCommands = realSlurmCommands({ env: io.env }),
): Promise<PreparedRun<SlurmRunSummary>> {
  if (inputs.argv.length > 0) throw new UsageError('--on slurm runs a config (-c FILE), not -- CMD');
  if (inputs.only.length > 0) throw new UsageError('--only is not supported with --on slurm');
  const prepared = await prepareSlurmJob(inputs, commands, { env: io.env, cwd: io.cwd });
  const chosen = requireFit(prepared);
  return {
    names: ['slurm', ...prepared.launches.map((l) => l.name)],
    checkRunDir: (runDir) => {
      // srun reads % in --output as a pattern (srun(1) "filename pattern").
      if (runDir.includes('%'))
        throw new UsageError(`run directory ${runDir}: Slurm cannot write logs to a path with %`);
    },
    preamble: (colors) =>
      `${renderPlan(chosen.job.plan, colors)}\n${renderFindings(chosen.job.findings, colors)}\n`,
    stopSignals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
    // Slurm takes no second signal for a cancelled job (scancel answers "Invalid job id specified"),
    // so a second Ctrl-C cannot hurry it: say what is being waited for instead of seeming stuck.
    onSecondSignal: (say) =>
      say(
        'headroom: the job is cancelled; Slurm stops its processes within its KillWait (scontrol show config) and headroom follows it until then',
      ),
    run: (run) =>
      runOnSlurm({
        runDir: run.runDir,
        runId: run.runId,
        job: chosen.job,
        launches: prepared.launches,
        script: scriptOptions(inputs, prepared, io.cwd),
        commands,
        output: run.output,
        onSubmitted: (jobId) =>
          run.stream.write(
            `submitted batch job ${jobId} (${chosen.nodeType.label}); run record: ${run.runDir}\n`,
          ),
        signal: run.signal,
        onRecordOpened: run.onRecordOpened,
      }),
    close: async () => {},
  };
}
