// `env NAME --json` (or `--format json`): the process's variables, name to value.
import { z } from 'zod';

export const envOutputSchema = z
  .record(z.string(), z.string())
  .meta({ title: 'headroom env --json', description: 'the variables headroom sets for the process' });

/** What `env --json` prints. */
export type EnvOutput = z.output<typeof envOutputSchema>;
