// A LaunchSpec with the quiet defaults (no limits, no restarts, no dependencies), for ad-hoc
// launches in benches and tests.
import type { LaunchSpec } from '../launch/types.js';

/** A LaunchSpec for `command` with no limits, no restarts and PATH only; override what differs. */
export function simpleLaunchSpec(
  name: string,
  command: string | string[],
  overrides: Partial<LaunchSpec> = {},
): LaunchSpec {
  return {
    name,
    command,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    hostMemoryBytes: null,
    gpuBudgetBytes: null,
    restart: 'no',
    maxRestarts: 0,
    dependsOn: [],
    enforce: 'warn',
    ...overrides,
  };
}
