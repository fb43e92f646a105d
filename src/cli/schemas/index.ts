// Where each command's --json output schema lives (src/cli/schemas/<name>.ts), loaded on demand, and its
// JSON Schema (zod's toJSONSchema of the schema the command's reporter is typed by).
import type { z } from 'zod';

/** The commands `schema --json-output` knows (`slurm-script` is `slurm script`, `ray-script` `ray script`). */
export const outputSchemaNames = [
  'plan',
  'env',
  'estimate',
  'run',
  'gpus',
  'watch',
  'doctor',
  'fit',
  'report',
  'serve',
  'slurm-script',
  'ray-script',
  'init',
  'completion',
] as const;

export type OutputSchemaName = (typeof outputSchemaNames)[number];

const loaders: Record<OutputSchemaName, () => Promise<z.ZodType>> = {
  plan: async () => (await import('./plan-output.js')).planOutputSchema,
  env: async () => (await import('./env.js')).envOutputSchema,
  estimate: async () => (await import('./estimate.js')).estimateOutputSchema,
  run: async () => (await import('./run.js')).runOutputSchema,
  gpus: async () => (await import('./gpus.js')).gpusOutputSchema,
  watch: async () => (await import('./watch.js')).watchOutputSchema,
  doctor: async () => (await import('./doctor.js')).doctorOutputSchema,
  fit: async () => (await import('./fit.js')).fitOutputSchema,
  report: async () => (await import('./report.js')).reportOutputSchema,
  serve: async () => (await import('./serve.js')).serveOutputSchema,
  'slurm-script': async () => (await import('./slurm-script.js')).slurmScriptOutputSchema,
  'ray-script': async () => (await import('./ray-script.js')).rayScriptOutputSchema,
  init: async () => (await import('./init.js')).initOutputSchema,
  completion: async () => (await import('./completion.js')).completionOutputSchema,
};

/** The zod schema of a command's --json output. */
export function loadOutputSchema(name: OutputSchemaName): Promise<z.ZodType> {
  return loaders[name]();
}

/** Drops `additionalProperties: false` everywhere: the contracts are extended, never narrowed (README). */
function allowNewFields(node: object): Record<string, unknown> {
  const open = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(open)
      : value !== null && typeof value === 'object'
        ? allowNewFields(value)
        : value;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, open(value)]),
  );
}

/**
 * The JSON Schema (draft 2020-12) of a command's --json output: what every output has (required
 * fields, their types); fields added by later versions are allowed.
 */
export async function readOutputSchema(name: OutputSchemaName): Promise<Record<string, unknown>> {
  const { toJSONSchema } = await import('zod');
  const schema = toJSONSchema(await loadOutputSchema(name), { io: 'output', unrepresentable: 'any' });
  return allowNewFields(schema);
}
