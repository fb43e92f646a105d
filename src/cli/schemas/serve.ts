// `serve --json`: one line when it starts, saying where it serves.
import { z } from 'zod';

export const serveOutputSchema = z
  .object({
    runDir: z.string(),
    dashboardUrl: z.string().nullable().meta({ description: 'with a token when bound beyond 127.0.0.1' }),
    metricsUrl: z.string().nullable(),
  })
  .meta({ title: 'headroom serve --json (one line, at start)' });

/** The line `serve --json` prints. */
export type ServeOutput = z.output<typeof serveOutputSchema>;
