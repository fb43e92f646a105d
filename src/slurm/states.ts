// Slurm's job and step states (slurm/slurm.h `enum job_states`; sacct(1) "JOB STATE CODES").

/** States after which a job or step will not change again. */
const finalStates = new Set([
  'COMPLETED',
  'CANCELLED',
  'FAILED',
  'TIMEOUT',
  'NODE_FAIL',
  'PREEMPTED',
  'BOOT_FAIL',
  'DEADLINE',
  'OUT_OF_MEMORY',
]);

/** True when the state (`CANCELLED by 0` counts as CANCELLED) is an end. */
export function isFinalState(state: string): boolean {
  return finalStates.has(state.split(' ')[0] ?? '');
}

// Slurm reports an OOM kill in the step's memory cgroup as ExitCode 0:125 (its SIG_OOM, 253, masked
// to 7 bits), seen on Slurm 22.05.8 with task/cgroup (test/slurm/README.md).
export const oomExitSignal = 125;
