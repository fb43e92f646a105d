// `headroom run`: launch the plan's processes (or one ad-hoc command), supervise them, print
// their output live and a summary at the end; exit with the first failure's code, 130 if interrupted.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { ExitCode, HeadroomError, UsageError } from '../errors.js';
import { isInfeasible } from '../plan/plan.js';
import type { Plan, Spec } from '../plan/types.js';
import { openGpuProbe } from '../probe/gpu/open-probe.js';
import type { SimGpuProbe } from '../probe/gpu/sim-backend.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { checkRunDirPath } from '../run-record/run-dir.js';
import { launchSpecsFromPlan } from '../supervise/from-plan.js';
import { supervise } from '../supervise/supervise.js';
import type { SuperviseUpdate } from '../supervise/types.js';
import { parseDurationMs as parseDuration } from '../units.js';
import { addSlurmOptions, isOnSlurm } from './commands/slurm/options.js';
import { collect, loadPlan } from './common.js';
import { dashboardAddress, metricsAddress, type ObserverFlags, startObservers } from './observers.js';
import { colorsFor, toJson } from './output.js';
import { renderFindings, renderPlan } from './render-plan.js';
import { createRunRenderer } from './render-run.js';
import { type AdHocFlags, planAdHoc } from './run-adhoc.js';

interface RunFlags extends Omit<AdHocFlags, 'onOomKill'>, ObserverFlags {
  onOomKill?: string;
  config?: string;
  only?: string[];
  runDir?: string;
  force?: boolean;
  json?: boolean;
  stopGrace?: string;
}

/** `20250102-030405-a1b2c3d4e5f6`: sortable by start time; 48 random bits never collide in practice. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(6).toString('hex')}`;
}

/** Milliseconds from `10s`, `500ms`, `2m` or plain seconds; a usage error otherwise. */
export function parseDurationMs(text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined)
    throw new UsageError(`--stop-grace ${text}: expected a duration such as 10s, 500ms or 2m`);
  return ms;
}

function parseOnOomKill(text: string | undefined): 'stop' | 'warn' | undefined {
  if (text === undefined || text === 'stop' || text === 'warn') return text;
  throw new UsageError(`--on-oom-kill ${text}: expected stop or warn`);
}

async function loadInputs(flags: RunFlags, argv: string[]): Promise<{ spec: Spec; plan: Plan }> {
  if (argv.length > 0) {
    if (flags.config !== undefined) throw new UsageError('give either -c FILE or -- CMD, not both');
    const adHoc = { ...flags, onOomKill: parseOnOomKill(flags.onOomKill) };
    return planAdHoc(argv, adHoc, flags.stopGrace === undefined ? 10_000 : parseDurationMs(flags.stopGrace));
  }
  const adHocOnly = ['framework', 'gpuMemory', 'hostMemory'] as const;
  const misplaced = adHocOnly.find((key) => flags[key] !== undefined);
  if (misplaced)
    throw new UsageError(
      `--${misplaced.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} applies to -- CMD only`,
    );
  return loadPlan({ config: flags.config, gpu: flags.gpu });
}

/**
 * The GPU probe for sampling: the simulated cards when the plan is on simulated cards (from the
 * config, --gpu sim:… or HEADROOM_GPU), else the machine's backend (or none).
 */
async function openRunProbe(plan: Plan): Promise<{ probe: GpuProbe; childEnv: Record<string, string> }> {
  const isSimulated = plan.devices.length > 0 && plan.devices.every((d) => d.simulated);
  const simSpec = plan.devices.map((d) => `sim:${d.totalBytes}`).join(',');
  const probe = await openGpuProbe(isSimulated ? { gpu: simSpec, backend: 'sim' } : {});
  // Children of a simulated run must see the same cards and state directory (sim-backend.ts).
  const childEnv = probe.source === 'sim' ? { ...(probe as SimGpuProbe).environment } : {};
  return { probe, childEnv };
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

async function runCommand(flags: RunFlags, argv: string[]): Promise<void> {
  const { spec, plan } = await loadInputs(flags, argv);
  refuseInfeasible(plan, flags.force === true);
  const only = flags.only?.flatMap((names) => names.split(','));
  const launchSpecs = launchSpecsFromPlan({ spec, plan, baseEnv: process.env, only });
  const runId = newRunId();
  const runDir = resolve(flags.runDir ?? join('.headroom', 'runs', runId));
  checkRunDirPath(runDir);
  const stopGraceMs = flags.stopGrace === undefined ? spec.stopGraceMs : parseDurationMs(flags.stopGrace);
  const dashboard = dashboardAddress(flags.dashboard, flags.host);
  const metrics = metricsAddress(flags.metrics);
  const { probe, childEnv } = await openRunProbe(plan);
  const onOomKill = parseOnOomKill(flags.onOomKill);
  const processes = launchSpecs.map((launch) => ({
    ...launch,
    env: { ...launch.env, ...childEnv },
    ...(onOomKill ? { onOomKill } : {}),
  }));
  // With --json, stdout carries only the summary; the live view goes to stderr.
  const stream = flags.json ? process.stderr : process.stdout;
  // Show what is about to run, with what budgets: the same tables `headroom plan` prints.
  if (plan.devices.length > 0) {
    const colors = colorsFor(stream);
    stream.write(`${renderPlan(plan, colors)}\n${renderFindings(plan.findings, colors)}\n`);
  }
  // The dashboard and /metrics read the run record as it is written (src/observe/).
  const say = (line: string): void => void stream.write(`${line}\n`);
  const observers = await startObservers({ runDir, dashboard, metrics, say });
  const renderer = createRunRenderer({ stream, names: processes.map((p) => p.name) });
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
        argv.length > 0 || spec.file === undefined
          ? { kind: 'ad-hoc', argv }
          : { kind: 'config', file: resolve(spec.file) },
      gpuProbe: probe,
      stopGraceMs,
      output,
      signal: controller.signal,
      killSignal: killer.signal,
    });
    renderer.finish(summary);
    if (flags.json) process.stdout.write(toJson(summary));
    process.exitCode = summary.exitCode;
  } finally {
    for (const signal of stopSignals) process.off(signal, onSignal);
    await observers.close();
    await probe.close();
  }
}

/** Registers `headroom run`. */
export function define(program: Command): void {
  const command = program
    .command('run')
    .description('launch and supervise the planned processes, or one command after --')
    .argument('[command...]', 'an ad-hoc command to run instead of the config (after --)')
    .option('-c, --config <file>', 'config file (default: ./headroom.yaml)')
    .option(
      '--gpu <spec>',
      'declare a GPU: 24GiB, 2x80GiB, sim:24GiB (repeatable; overrides the config)',
      collect,
    )
    .option('--only <names>', 'run only these processes (comma-separated; repeatable)', collect)
    .option('--run-dir <dir>', 'where the run record goes (default: .headroom/runs/<id>)')
    .option('--force', 'run even when the plan does not fit')
    .option('--json', 'print summary.json on stdout at the end (the live view goes to stderr)')
    .option(
      '--stop-grace <duration>',
      'time between SIGTERM and SIGKILL when stopping (default: config, or 10s)',
    )
    .option(
      '--on-oom-kill <action>',
      'when the OOM killer kills a process of a tree (a worker): stop the whole process (default) or warn',
    )
    .option('--framework <name>', 'with -- CMD: jax, torch, tensorflow, other or none')
    .option('--gpu-memory <budget>', 'with -- CMD: GPU budget (8GiB, 30%, rest)')
    .option('--host-memory <size>', 'with -- CMD: host memory limit (16GiB), enforced with a cgroup')
    .option('--dashboard [port]', 'serve a live page of the run (default port 7477; 0: any free port)')
    .option(
      '--host <host>',
      'with --dashboard: address to bind (default 127.0.0.1; others need the printed token)',
    )
    .option('--metrics [addr]', 'serve Prometheus /metrics on [HOST:]PORT (default 127.0.0.1:9477)')
    .option('--on <backend>', 'where to run: local (default) or slurm (one batch job, a step per process)');
  addSlurmOptions(command, { withCommon: false }).action(
    async (argv: string[], flags: RunFlags & { on?: string }) =>
      isOnSlurm(flags.on)
        ? (await import('./commands/slurm/run.js')).runSlurm(flags, argv)
        : runCommand(flags, argv),
  );
}
