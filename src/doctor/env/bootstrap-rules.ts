// headroom's own bootstrap (python/headroom_boot): whether it is on PYTHONPATH, switched on, and has
// what it needs. Its contract with the plan is src/plan/bootstrap-env.ts.
import { allocConfValue } from '../../plan/alloc-conf.js';
import { bootVariables, hasBootstrapPath } from '../../plan/bootstrap-env.js';
import type { DoctorFinding } from '../types.js';
import { type Env, type EnvRule, finding } from './finding.js';

const actionsOf = (env: Env): string[] =>
  (env[bootVariables.actions] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** True when the bootstrap will apply torch's per-process fraction in a process with this environment. */
export function isBootstrapCapping(env: Env): boolean {
  return hasBootstrapPath(env.PYTHONPATH) && actionsOf(env).includes('torch-cap');
}

/** HEADROOM_BOOT without the bootstrap on PYTHONPATH, a cap without its number, what it will do. */
export const bootstrap: EnvRule = (env) => {
  const actions = actionsOf(env);
  if (actions.length === 0) return [];
  const findings: DoctorFinding[] = [];
  const onPath = hasBootstrapPath(env.PYTHONPATH);
  if (!onPath) {
    findings.push(
      finding(
        'headroom-bootstrap-missing',
        'warning',
        bootVariables.actions,
        env[bootVariables.actions],
        actions.some((a) => a !== 'peaks')
          ? "asks for headroom's bootstrap, but no headroom_boot directory is on PYTHONPATH, so nothing applies the GPU cap"
          : "asks for headroom's bootstrap, but no headroom_boot directory is on PYTHONPATH, so the framework's exact GPU peaks are not recorded",
        'take the whole environment from headroom: eval "$(headroom env NAME)", or headroom env NAME -- CMD',
      ),
    );
    return findings;
  }
  const fraction = Number(env.HEADROOM_GPU_FRACTION);
  if (actions.includes('torch-cap') && !(fraction > 0 && fraction <= 1)) {
    findings.push(
      finding(
        'env-malformed',
        'error',
        'HEADROOM_GPU_FRACTION',
        env.HEADROOM_GPU_FRACTION,
        "headroom's bootstrap needs a fraction in (0, 1] to cap PyTorch; it will print one line and leave the process uncapped",
        'take the whole environment from headroom: eval "$(headroom env NAME)"',
      ),
    );
  }
  const conf = env.PYTORCH_CUDA_ALLOC_CONF ?? env.PYTORCH_ALLOC_CONF;
  const confFraction = allocConfValue(conf, 'per_process_memory_fraction');
  const doing = [
    actions.includes('torch-cap') &&
      (confFraction === undefined
        ? `PyTorch: set_per_process_memory_fraction(${env.HEADROOM_GPU_FRACTION}) when torch initialises CUDA`
        : `PyTorch: stands down, the allocator config's per_process_memory_fraction:${confFraction} caps it`),
    actions.includes('torch-alloc') &&
      `PyTorch: adds ${env[bootVariables.torchAllocKeys] ?? 'nothing'} (key@first release) where the installed torch accepts it`,
    actions.includes('tf-cap') &&
      `TensorFlow: a ${Math.floor(Number(env.HEADROOM_GPU_BUDGET_BYTES) / 1024 ** 2)} MiB logical device limit when tensorflow is imported`,
  ].filter((d): d is string => typeof d === 'string');
  const isCapping = doing.length > 0;
  if (actions.includes('peaks'))
    doing.push(
      env.HEADROOM_PEAKS_FILE
        ? `at exit, the framework's own peak GPU counters into ${env.HEADROOM_PEAKS_FILE}`
        : "at exit, the framework's own peak GPU counters into the run record (under headroom run, which names the file; here none is named, so nothing is written)",
    );
  findings.push(
    finding(
      'headroom-bootstrap',
      'info',
      bootVariables.actions,
      env[bootVariables.actions],
      `headroom's bootstrap is on PYTHONPATH and will ${isCapping ? 'cap this process in-process' : 'record its exact GPU peaks'}: ${doing.join('; ')}`,
      isCapping
        ? 'nothing to do; to opt out, set enforce: warn for the process in headroom.yaml'
        : 'nothing to do',
    ),
  );
  return findings;
};
