// The supervisor: a local run through the one orchestration (src/launch/orchestrate.ts) with the local
// backend (local-backend.ts): starts every process in dependency order, samples and enforces memory,
// stops everything on abort, and returns the run's summary (also written to summary.json).
import { statSync } from 'node:fs';
import { HeadroomError } from '../errors.js';
import { realClock } from '../launch/clock.js';
import { orchestrate } from '../launch/orchestrate.js';
import type { LaunchSpec, RunSummary } from '../launch/types.js';
import { compileLinearPattern } from '../linear-pattern.js';
import { becomeChildSubreaper } from '../probe/host/subreaper.js';
import { localBackend } from './local-backend.js';
import { checkStartOrder } from './start-order.js';
import type { SuperviseOptions } from './types.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Rejects launch specs that cannot run: duplicate names, bad dependencies, invalid readyWhen. */
export function checkLaunchSpecs(specs: readonly LaunchSpec[]): void {
  const fail = (message: string): never => {
    throw new HeadroomError({ code: 'launch', message, hint: 'fix the processes in the config' });
  };
  if (specs.length === 0) fail('no process to run');
  const names = specs.map((spec) => spec.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) fail(`two processes are named ${duplicate}`);
  for (const spec of specs) {
    if (spec.command.length === 0) fail(`${spec.name} has no command`);
    // A cwd that is no directory would fail the spawn of one process while the others run on.
    if (spec.cwd !== undefined && !isDirectory(spec.cwd))
      fail(`${spec.name}: cwd ${spec.cwd} is not a directory`);
    try {
      if (spec.readyWhen !== undefined) compileLinearPattern(spec.readyWhen);
    } catch (error) {
      fail(`${spec.name}: ready_when ${(error as Error).message}`);
    }
  }
  const problem = checkStartOrder(specs);
  if (problem) fail(problem);
}

/** Launches and watches `options.processes` until all have ended; returns what summary.json holds. */
export async function supervise(options: SuperviseOptions): Promise<RunSummary> {
  checkLaunchSpecs(options.processes);
  // What double-forks out of a tree comes back to headroom instead of init (best effort).
  becomeChildSubreaper();
  const clock = options.clock ?? realClock;
  return orchestrate({
    backend: localBackend({ ...options, clock }),
    runDir: options.runDir,
    runId: options.runId,
    names: options.processes.map((p) => p.name),
    origin: options.origin ?? null,
    plan: options.plan,
    clock,
    procRoot: options.procRoot,
    output: options.output,
    signal: options.signal,
    onRecordOpened: options.onRecordOpened,
  });
}
