// `headroom run` on this machine: the plan's processes (or one ad-hoc command) prepared for the local
// backend (src/supervise/); launch.ts runs them as it runs every backend's.
import { resolve } from 'node:path';
import { ExitCode, HeadroomError, UsageError } from '../../../errors.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan, Spec } from '../../../plan/types.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import { supervise } from '../../../supervise/supervise.js';
import type { CommandInput } from '../../command.js';
import type { CommandIo } from '../../io.js';
import { planAdHoc } from '../../shared/ad-hoc.js';
import { loadPlan } from '../../shared/load-plan.js';
import { openPlanProbe } from '../../shared/plan-cards.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import { checkLaunchScripts } from '../../shared/script-check.js';
import { renderFinding } from '../doctor/text.js';
import type { PreparedRun } from './launch.js';
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

/** The plan (or -- CMD) prepared to run here: launch specs, the GPU probe to sample, the supervisor. */
export async function prepareLocalRun(input: RunInput, io: CommandIo): Promise<PreparedRun> {
  const { options, rest } = input;
  const { spec, plan } = await loadInputs(input, io);
  refuseInfeasible(plan, options.force);
  const only = options.only.length > 0 ? options.only : undefined;
  const stopGraceMs = options.stopGrace ?? spec.stopGraceMs;
  const probe = await openPlanProbe(plan, io.env);
  // Children of a simulated run must see the same cards and state directory (sim-backend.ts).
  const launchSpecs = await Promise.resolve()
    .then(() => launchSpecsFromPlan({ spec, plan, baseEnv: io.env, only, card: probe.childEnv }))
    .catch(async (error: unknown) => {
      await probe.close();
      throw error;
    });
  const processes = launchSpecs.map((launch) => ({
    ...launch,
    ...(options.onOomKill ? { onOomKill: options.onOomKill } : {}),
  }));
  return {
    names: processes.map((p) => p.name),
    preamble: (colors) => {
      // What is about to run, with what budgets: the same tables `headroom plan` prints.
      const shown =
        plan.devices.length > 0
          ? [`${renderPlan(plan, colors)}\n${renderFindings(plan.findings, colors)}\n`]
          : [];
      // doctor's script check on the Python scripts about to run, in the environment each will get.
      for (const checked of checkLaunchScripts(processes, io.cwd)) {
        const findings = checked.findings.map((f) => renderFinding(f, colors)).join('\n');
        shown.push(
          `${colors.bold(`Script check of ${checked.script} (${checked.process}), as \`headroom doctor ${checked.script}\` would say`)}\n${findings}\n\n`,
        );
      }
      return shown.join('');
    },
    // SIGHUP too: the children have their own sessions, so a closed terminal reaches only headroom;
    // SIGQUIT (Ctrl-\\) must not end headroom and leave the children running.
    stopSignals: ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'],
    // A second stop signal skips the grace period: every tree is killed at once.
    onSecondSignal: (say, kill, signal) => {
      say(`headroom: ${signal} again: killing every process now`);
      kill();
    },
    run: (inputs) =>
      supervise({
        runDir: inputs.runDir,
        runId: inputs.runId,
        processes,
        plan,
        origin:
          rest.length > 0 || spec.file === undefined
            ? { kind: 'ad-hoc', argv: rest }
            : { kind: 'config', file: resolve(io.cwd, spec.file) },
        gpuProbe: probe,
        stopGraceMs,
        keepOnCrash: options.keepOnCrash,
        output: inputs.output,
        signal: inputs.signal,
        killSignal: inputs.killSignal,
        onRecordOpened: inputs.onRecordOpened,
      }),
    close: () => probe.close(),
  };
}
