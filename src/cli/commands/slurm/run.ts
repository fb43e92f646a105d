// `headroom run --on slurm`: submit the plan as one batch job, follow it live (each step's output,
// Slurm's messages, readiness, ends), and write the same run record as a local run.
import { join, resolve } from 'node:path';
import { UsageError } from '../../../errors.js';
import { checkRunDirPath } from '../../../run-record/run-dir.js';
import { realSlurmCommands, type SlurmCommands } from '../../../supervise/backends/slurm/commands.js';
import { runOnSlurm } from '../../../supervise/backends/slurm/run-on-slurm.js';
import { colorsFor, toJson } from '../../output.js';
import { renderFindings, renderPlan } from '../../render-plan.js';
import { createRunRenderer } from '../../render-run.js';
import { newRunId } from '../../run.js';
import type { SlurmFlags } from './options.js';
import { prepareSlurmJob } from './prepare.js';
import { requireFit, scriptOptions } from './script.js';

export interface SlurmRunFlags extends SlurmFlags {
  runDir?: string;
  only?: string[];
}

/** Runs the config's plan on Slurm; sets process.exitCode like a local run. */
export async function runSlurm(
  flags: SlurmRunFlags,
  argv: string[],
  commands: SlurmCommands = realSlurmCommands(),
) {
  if (argv.length > 0) throw new UsageError('--on slurm runs a config (-c FILE), not -- CMD');
  if (flags.only !== undefined) throw new UsageError('--only is not supported with --on slurm');
  const prepared = await prepareSlurmJob(flags, commands);
  const chosen = requireFit(prepared);
  const runId = newRunId();
  const runDir = resolve(flags.runDir ?? join('.headroom', 'runs', runId));
  // srun reads % in --output as a pattern (srun(1) "filename pattern").
  if (runDir.includes('%'))
    throw new UsageError(`run directory ${runDir}: Slurm cannot write logs to a path with %`);
  checkRunDirPath(runDir);
  const stream = flags.json ? process.stderr : process.stdout;
  const colors = colorsFor(stream);
  stream.write(`${renderPlan(chosen.job.plan, colors)}\n${renderFindings(chosen.job.findings, colors)}\n`);
  const renderer = createRunRenderer({ stream, names: ['slurm', ...prepared.launches.map((l) => l.name)] });
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => controller.abort(signal);
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of stopSignals) process.on(signal, onSignal);
  try {
    const summary = await runOnSlurm({
      runDir,
      runId,
      job: chosen.job,
      launches: prepared.launches,
      script: scriptOptions(flags, prepared),
      commands,
      output: (update) => renderer.update(update),
      onSubmitted: (jobId) =>
        stream.write(`submitted batch job ${jobId} (${chosen.nodeType.label}); run record: ${runDir}\n`),
      signal: controller.signal,
    });
    renderer.finish(summary);
    if (flags.json) process.stdout.write(toJson(summary));
    process.exitCode = summary.exitCode;
  } finally {
    for (const signal of stopSignals) process.off(signal, onSignal);
  }
}
