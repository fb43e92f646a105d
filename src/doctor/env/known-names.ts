// The environment variables doctor knows a reader of, so a near miss ("PERELLOCLACE") can be named with
// its effect: each framework's list is its profile's (src/frameworks/<name>.ts), CUDA's and NCCL's are
// src/frameworks/runtime-variables.ts. Names only: what their values must be is frameworks/env-checks.ts
// and torch-alloc-conf.ts.
import { knownVariableLists, type ReaderVariables } from '../../frameworks/index.js';
import type { KnownVariable } from '../../frameworks/types.js';

export { knownVariableLists };

/** Every known name, for the near-miss judge. */
export const knownVariableNames: readonly string[] = knownVariableLists.flatMap((list) =>
  list.variables.map((v) => v.name),
);

/** Where a known variable is read: its own source, or its list's. */
export const sourceOf = (variable: KnownVariable, list: ReaderVariables): string =>
  variable.source ?? list.source;

/** The known variable of this name, and its list. */
export function knownVariable(name: string): { variable: KnownVariable; list: ReaderVariables } | undefined {
  for (const list of knownVariableLists) {
    const variable = list.variables.find((v) => v.name === name);
    if (variable) return { variable, list };
  }
  return undefined;
}

// Other tools' variables that share a prefix with a framework's (Terraform's TF_*): never a near miss.
export const foreignVariablePattern =
  /^TF_(?:VAR_|LOG|CLI_ARGS|DATA_DIR|WORKSPACE|IN_AUTOMATION|INPUT|PLUGIN_CACHE_DIR|TOKEN_)/;
