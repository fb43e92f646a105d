// `headroom run --on slurm`: submit the plan as one batch job, follow it live (each step's output,
// Slurm's messages, readiness, ends), and write the same run record as a local run.
import { UsageError } from '../../../errors.js';
import { runOnSlurm } from '../../../slurm/backend.js';
import { realSlurmCommands, type SlurmCommands } from '../../../slurm/commands.js';
import type { RunSummary } from '../../../supervise/types.js';
import type { CommandIo } from '../../io.js';
import { colorsFor } from '../../output.js';
import { dashboardAddress, metricsAddress, startRunObservers } from '../observers.js';
import { renderFindings, renderPlan } from '../render-plan.js';
import { createRunRenderer } from '../render-run.js';
import { newRunDir } from '../run-dirs.js';
import type { SlurmInputs } from './checks.js';
import { requireFit, scriptOptions } from './job-script.js';
import { prepareSlurmJob } from './prepare.js';

/** `run --on slurm`'s inputs: the Slurm options, the run directory, and where the live view goes. */
export interface SlurmRunInputs extends SlurmInputs {
  runDir?: string;
  /** A live page and /metrics, read from the run record as the job is followed (as for a local run). */
  dashboard?: number | true;
  host?: string;
  metrics?: string | true;
  only: readonly string[];
  argv: readonly string[];
  isJson: boolean;
}

/** Runs the config's plan on Slurm; the summary and the exit code, like a local run. */
export async function runSlurm(
  inputs: SlurmRunInputs,
  io: CommandIo,
  commands: SlurmCommands = realSlurmCommands({ env: io.env }),
): Promise<{ data: RunSummary; exitCode: number }> {
  if (inputs.argv.length > 0) throw new UsageError('--on slurm runs a config (-c FILE), not -- CMD');
  if (inputs.only.length > 0) throw new UsageError('--only is not supported with --on slurm');
  // Flags are checked before Slurm is asked anything.
  const dashboard = dashboardAddress(inputs.dashboard, inputs.host);
  const metrics = metricsAddress(inputs.metrics);
  const context = { env: io.env, cwd: io.cwd };
  const prepared = await prepareSlurmJob(inputs, commands, context);
  const chosen = requireFit(prepared);
  const { id: runId, dir: runDir } = newRunDir({ runDir: inputs.runDir, cwd: io.cwd });
  // srun reads % in --output as a pattern (srun(1) "filename pattern").
  if (runDir.includes('%'))
    throw new UsageError(`run directory ${runDir}: Slurm cannot write logs to a path with %`);
  const stream = inputs.isJson ? io.stderr : io.stdout;
  const colors = colorsFor(stream, io.env);
  stream.write(`${renderPlan(chosen.job.plan, colors)}\n${renderFindings(chosen.job.findings, colors)}\n`);
  const renderer = createRunRenderer({
    stream,
    env: io.env,
    names: ['slurm', ...prepared.launches.map((l) => l.name)],
  });
  const controller = new AbortController();
  // Slurm takes no second signal for a cancelled job (scancel answers "Invalid job id specified"),
  // so a second Ctrl-C cannot hurry it: say what is being waited for instead of seeming stuck.
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted)
      stream.write(
        'headroom: the job is cancelled; Slurm stops its processes within its KillWait (scontrol show config) and headroom follows it until then\n',
      );
    controller.abort(signal);
  };
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const say = (line: string): void => void stream.write(`${line}\n`);
  // In a process of their own: a flood of connections cannot take the job's watcher down.
  const { observers, onRecordOpened } = await startRunObservers({ runDir, dashboard, metrics, say });
  for (const signal of stopSignals) process.on(signal, onSignal);
  try {
    const summary = await runOnSlurm({
      runDir,
      runId,
      job: chosen.job,
      launches: prepared.launches,
      script: scriptOptions(inputs, prepared, io.cwd),
      commands,
      output: (update) => renderer.update(update),
      onSubmitted: (jobId) =>
        stream.write(`submitted batch job ${jobId} (${chosen.nodeType.label}); run record: ${runDir}\n`),
      signal: controller.signal,
      onRecordOpened,
    });
    renderer.finish();
    return { data: summary, exitCode: summary.exitCode };
  } finally {
    for (const signal of stopSignals) process.off(signal, onSignal);
    await observers.close();
  }
}
