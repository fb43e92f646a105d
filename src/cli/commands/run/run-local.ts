// `headroom run` on this machine: launch the plan's processes (or one ad-hoc command), supervise them,
// show their output live; the summary is the command's data.
import { resolve } from 'node:path';
import { ExitCode, HeadroomError, UsageError } from '../../../errors.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan, Spec } from '../../../plan/types.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import { supervise } from '../../../supervise/supervise.js';
import type { RunSummary, SuperviseUpdate } from '../../../supervise/types.js';
import type { CommandInput } from '../../command.js';
import type { CommandIo } from '../../io.js';
import { colorsFor } from '../../output.js';
import { planAdHoc } from '../../shared/ad-hoc.js';
import { loadPlan } from '../../shared/load-plan.js';
import { dashboardAddress, metricsAddress, startRunObservers } from '../../shared/observers.js';
import { openPlanProbe } from '../../shared/plan-cards.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import { createRunRenderer } from '../../shared/render-run.js';
import { newRunDir } from '../../shared/run-dirs.js';
import { checkLaunchScripts } from '../../shared/script-check.js';
import { renderFinding } from '../doctor/text.js';
import { runOptions } from './options.js';

type RunInput = CommandInput<typeof runOptions>;

async function loadInputs({ options, rest }: RunInput, io: CommandIo): Promise<{ spec: Spec; plan: Plan }> {
  const context = { env: io.env, cwd: io.cwd };
  if (rest.length > 0) {
    if (options.config !== undefined) throw new UsageError('give either -c FILE or -- CMD, not both');
    return planAdHoc(
      {
        argv: rest,
        framework: options.framework,
        gpuMemory: options.gpuMemory,
        gpuClients: options.gpuClients,
        hostMemoryBytes: options.hostMemory,
        gpu: options.gpu,
      },
      context,
    );
  }
  const adHocOnly = ['framework', 'gpuMemory', 'gpuClients', 'hostMemory'] as const;
  const misplaced = adHocOnly.find((key) => options[key] !== undefined);
  if (misplaced) throw new UsageError(`${runOptions[misplaced].flag} applies to -- CMD only`);
  return loadPlan(options, context);
}

function refuseInfeasible(plan: Plan, isForced: boolean): void {
  if (!isInfeasible(plan) || isForced) return;
  const errors = plan.findings.filter((f) => f.severity === 'error').map((f) => f.message);
  throw new HeadroomError({
    code: 'infeasible',
    message: `the plan does not fit:\n${errors.join('\n')}`,
    exitCode: ExitCode.problems,
    hint: 'run `headroom plan` for details, or pass --force to run anyway',
  });
}

/** Runs the plan (or -- CMD) here; resolves with the summary and the first failure's exit code. */
export async function runLocal(
  input: RunInput,
  io: CommandIo,
): Promise<{ data: RunSummary; exitCode: number }> {
  const { options, rest } = input;
  const { spec, plan } = await loadInputs(input, io);
  refuseInfeasible(plan, options.force);
  const only = options.only.length > 0 ? options.only : undefined;
  const probe = await openPlanProbe(plan, io.env);
  // Children of a simulated run must see the same cards and state directory (sim-backend.ts).
  const launchSpecs = await Promise.resolve()
    .then(() => launchSpecsFromPlan({ spec, plan, baseEnv: io.env, only, card: probe.childEnv }))
    .catch(async (error: unknown) => {
      await probe.close();
      throw error;
    });
  const { id: runId, dir: runDir } = newRunDir({ runDir: options.runDir, cwd: io.cwd });
  const stopGraceMs = options.stopGrace ?? spec.stopGraceMs;
  const dashboard = dashboardAddress(options.dashboard, options.host);
  const metrics = metricsAddress(options.metrics);
  const processes = launchSpecs.map((launch) => ({
    ...launch,
    ...(options.onOomKill ? { onOomKill: options.onOomKill } : {}),
  }));
  // With --json, stdout carries only the summary; the live view goes to stderr.
  const stream = options.json ? io.stderr : io.stdout;
  // Show what is about to run, with what budgets: the same tables `headroom plan` prints.
  if (plan.devices.length > 0) {
    const colors = colorsFor(stream, io.env);
    stream.write(`${renderPlan(plan, colors)}\n${renderFindings(plan.findings, colors)}\n`);
  }
  // doctor's script check on the Python scripts about to run, in the environment each will get.
  for (const checked of checkLaunchScripts(processes, io.cwd)) {
    const colors = colorsFor(stream, io.env);
    const findings = checked.findings.map((f) => renderFinding(f, colors)).join('\n');
    stream.write(
      `${colors.bold(`Script check of ${checked.script} (${checked.process}), as \`headroom doctor ${checked.script}\` would say`)}\n${findings}\n\n`,
    );
  }
  // The dashboard and /metrics read the run record as it is written (src/observe/), in a process of
  // their own; what happens to them is an event of the run (held until the record is open).
  const say = (line: string): void => void stream.write(`${line}\n`);
  const { observers, onRecordOpened } = await startRunObservers({ runDir, dashboard, metrics, say }).catch(
    async (error: unknown) => {
      await probe.close();
      throw error;
    },
  );
  const renderer = createRunRenderer({ stream, env: io.env, names: processes.map((p) => p.name) });
  // A stop signal stops the run; it is forwarded to every process group. A second one skips the
  // grace period: every tree is killed at once.
  const controller = new AbortController();
  const killer = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    // Children get SIGINT for Ctrl-C (their KeyboardInterrupt clean-up), SIGTERM for the rest:
    // SIGQUIT would make Python dump core, SIGHUP means nothing to a process in its own session.
    if (!controller.signal.aborted) controller.abort(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    else if (!killer.signal.aborted) {
      stream.write(`headroom: ${signal} again: killing every process now\n`);
      killer.abort(signal);
    }
  };
  // SIGHUP too: the children have their own sessions, so a closed terminal reaches only headroom;
  // SIGQUIT (Ctrl-\\) must not end headroom and leave the children running.
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
  for (const signal of stopSignals) process.on(signal, onSignal);
  try {
    const output = (update: SuperviseUpdate): void => renderer.update(update);
    const summary = await supervise({
      runDir,
      runId,
      processes,
      plan,
      origin:
        rest.length > 0 || spec.file === undefined
          ? { kind: 'ad-hoc', argv: rest }
          : { kind: 'config', file: resolve(io.cwd, spec.file) },
      gpuProbe: probe,
      stopGraceMs,
      keepOnCrash: options.keepOnCrash,
      output,
      signal: controller.signal,
      killSignal: killer.signal,
      onRecordOpened,
    });
    renderer.finish();
    return { data: summary, exitCode: summary.exitCode };
  } finally {
    for (const signal of stopSignals) process.off(signal, onSignal);
    await observers.close();
    await probe.close();
  }
}
