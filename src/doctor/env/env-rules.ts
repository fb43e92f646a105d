// `doctor --env`: the environment as JAX, PyTorch, TensorFlow and CUDA will read it (FACTS Q1-Q7,
// Q11). Each rule is a small pure function of the variables; frameworks/env-checks.ts does the values.
import type { DoctorFinding } from '../types.js';
import { bootstrap } from './bootstrap-rules.js';
import { cuda } from './cuda-rules.js';
import type { Env, EnvRule } from './finding.js';
import { jaxNames, jaxRoom, misreadValues } from './jax-rules.js';
import { nearMissNames } from './near-miss-rules.js';
import { tensorflow, torch } from './torch-tf-rules.js';

export type { Env } from './finding.js';

/** Every environment rule, in the order their findings are listed. */
export const envRules: readonly EnvRule[] = [
  nearMissNames,
  misreadValues,
  jaxNames,
  jaxRoom,
  torch,
  tensorflow,
  cuda,
  bootstrap,
];

/** Checks an environment; findings come errors first, then warnings, then info. */
export function checkEnvironment(env: Env): DoctorFinding[] {
  const order = { error: 0, warning: 1, info: 2 } as const;
  return envRules.flatMap((rule) => rule(env)).sort((a, b) => order[a.severity] - order[b.severity]);
}
