// `report --json`: where the page was written and what went into it.
import { z } from 'zod';

export const reportOutputSchema = z
  .object({
    runDir: z.string(),
    output: z.string().meta({ description: 'the HTML file written' }),
    bytes: z.number().int(),
    processes: z.number().int(),
    samples: z.number().int(),
    samplesPerPoint: z.number().int().meta({
      description: 'samples per chart point: above 1 when a long run was thinned, each point the highest',
    }),
    events: z.number().int(),
    diagnoses: z.number().int(),
    problems: z.array(z.string()).meta({ description: "what the record's reader found missing or damaged" }),
    fit: z
      .object({ var: z.string(), recommended: z.number().int(), trials: z.number().int() })
      .optional()
      .meta({ description: 'for a fit directory (fit.json): the search the page shows' }),
  })
  .meta({ title: 'headroom report --json' });

/** What `report --json` prints. */
export type ReportOutput = z.output<typeof reportOutputSchema>;
