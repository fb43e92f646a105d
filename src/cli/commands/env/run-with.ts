// `env NAME -- CMD`: runs CMD with the process's variables set at spawn, standing in front of it (as a
// container's PID 1, say), and passes its exit code (128 + signal) through.
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { UsageError } from '../../../errors.js';
import { fillPlaceholders } from '../../../frameworks/engine-command.js';
import { buildChildEnv } from '../../../plan/child-env.js';
import type { Plan, PlannedProcess } from '../../../plan/types.js';
import type { CommandIo } from '../../io.js';
import { planCardEnv } from '../../shared/plan-cards.js';

/** Runs `command` with `target`'s environment, as `run` would give it; resolves with its exit code. */
export function runWith(
  plan: Plan,
  target: PlannedProcess,
  command: string[],
  io: CommandIo,
): Promise<number> {
  // The same cards a run of this plan shows its children (a simulated card's variables included).
  const env = buildChildEnv({ inherited: io.env, planned: target, card: planCardEnv(plan, io.env) });
  // `env actor -- vllm serve m --gpu-memory-utilization {gpu_memory_utilization}` gets the plan's value.
  const values =
    target.placeholders ?? (target.device === null ? {} : { budget_bytes: String(target.budgetBytes) });
  const [file, ...args] = fillPlaceholders(command, values) as [string, ...string[]];
  // headroom stays in front of the child (as a container's PID 1, say), so signals sent to headroom
  // alone must reach it: `docker stop` sends SIGTERM to PID 1 only. A terminal sends Ctrl-C, Ctrl-\
  // and a hangup to the whole foreground group, child included, so at a terminal only SIGTERM is
  // passed on (forwarding the rest would deliver them twice).
  const forwarded: NodeJS.Signals[] = io.stdin.isTTY
    ? ['SIGTERM']
    : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
  // The handlers go in before the spawn: installed after it, a signal arriving in between would kill
  // headroom by its default action and leave the child it had just started running on its own (the
  // window estimate --trace had, a6349ca3). A signal that comes before the child exists is passed on
  // as soon as it does.
  let child: ChildProcess | undefined;
  const early: NodeJS.Signals[] = [];
  const handlers = new Map<NodeJS.Signals, () => void>();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as NodeJS.Signals[]) {
    const handler = forwarded.includes(signal)
      ? () => (child ? child.kill(signal) : early.push(signal))
      : () => {};
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  const release = (): void => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
  return new Promise((resolve, reject) => {
    // The child writes straight to headroom's own stdout and stderr when they are the process's;
    // captured streams (tests) get its output piped.
    const isOwn = io.stdout === process.stdout && io.stderr === process.stderr;
    let started: ChildProcess;
    try {
      started = spawn(file, args, {
        env,
        cwd: io.cwd,
        stdio: isOwn ? 'inherit' : ['inherit', 'pipe', 'pipe'],
      });
    } catch (error) {
      release();
      throw error;
    }
    child = started;
    for (const signal of early) started.kill(signal);
    if (!isOwn) {
      started.stdout?.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
    }
    started.on('error', (error: NodeJS.ErrnoException) => {
      release();
      reject(
        new UsageError(
          `cannot run ${file}: ${error.code === 'ENOENT' ? 'command not found' : error.message}`,
        ),
      );
    });
    started.on('close', (code, signal) => {
      release();
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}
