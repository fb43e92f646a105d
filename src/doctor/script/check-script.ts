// `doctor SCRIPT.py`: static checks of a Python source for the seed mistakes, each with its line.
import { isBootstrapCapping } from '../env/bootstrap-rules.js';
import type { Env } from '../env/finding.js';
import type { DoctorFinding } from '../types.js';
import { checkDataLoaders } from './dataloader.js';
import { checkDatasetCaches } from './dataset-cache.js';
import { checkEnvTiming, checkScriptValues } from './env-timing.js';
import { checkKeptGraphs } from './kept-graphs.js';
import { checkPools } from './pools.js';
import { readStatements, type Statement } from './python-source.js';

/** What the script check may know of the machine it runs on. */
export interface ScriptCheckOptions {
  /** CPUs here, to say what "one worker per CPU" comes to. */
  cpuCount?: number;
}

/**
 * Checks one Python source; findings come sorted by line. `env` is the environment the script will run
 * in (doctor passes its own): the values exported there are the ones its workers inherit, and advice
 * knows when headroom's bootstrap already caps PyTorch.
 */
export function checkPythonSource(
  source: string,
  file = '<script>',
  env: Env = {},
  options: ScriptCheckOptions = {},
): DoctorFinding[] {
  const statements = readStatements(source);
  const { assignments, findings } = checkEnvTiming(statements, file);
  const isCapped = isBootstrapCapping(env);
  return [
    ...findings,
    ...checkScriptValues(assignments, file),
    ...checkPools({
      statements,
      assignments,
      file,
      env,
      isBootstrapCapped: isCapped,
      ...(options.cpuCount === undefined ? {} : { cpuCount: options.cpuCount }),
    }),
    ...checkDataLoaders(statements, file),
    ...checkDatasetCaches(statements, file),
    ...checkKeptGraphs(statements, file),
    ...(isCapped ? checkOwnTorchFraction(statements, file, env) : []),
  ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

// A script that sets its own fraction replaces the one headroom's bootstrap applied at CUDA init.
function checkOwnTorchFraction(statements: readonly Statement[], file: string, env: Env): DoctorFinding[] {
  return statements
    .filter((s) => /\bset_per_process_memory_fraction\(/.test(s.code))
    .map((s) => ({
      code: 'script-own-torch-fraction',
      severity: 'info',
      file,
      line: s.line,
      message: `line ${s.line}: the script sets its own per-process fraction, which replaces the HEADROOM_GPU_FRACTION=${env.HEADROOM_GPU_FRACTION} headroom's bootstrap applied at CUDA initialisation`,
      fixes: ['remove the call to keep the planned budget, or change gpu_memory: in headroom.yaml'],
    }));
}
