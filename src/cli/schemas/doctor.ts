// `doctor --json`: diagnoses (primary first), findings, and what each target was.
import { z } from 'zod';
import { failureCauseSchema, oomKillSchema } from '../../run-record/schema.js';
import { confidences, memoryKinds } from '../../vocabulary.js';
import { findingSchema } from './plan.js';

const factValue = z.union([z.number(), z.string(), z.boolean()]);

/** One diagnosis: a finding plus what ran out, in which layer, why, the fixes and the evidence. */
export const diagnosisSchema = findingSchema
  .extend({
    kind: z.enum(memoryKinds).meta({ description: 'what ran out' }),
    framework: z
      .string()
      .meta({ description: 'the layer that raised it: torch, jax, cuda, kernel, physx, ...' }),
    summary: z.string(),
    cause: z.string().meta({ description: 'batch_too_large, fragmentation, co_tenant, host_ram, ...' }),
    causeText: z.string(),
    facts: z
      .record(z.string(), factValue)
      .meta({ description: 'numbers and words the text states; sizes in bytes' }),
    fixes: z.array(z.string()),
    fixDetails: z.array(z.object({ fix: z.string(), because: z.string() })),
    evidence: z.object({ line: z.number().int(), text: z.string() }),
    confidence: z.enum(confidences),
    occurrences: z.number().int(),
    holders: z.array(z.object({ pid: z.number().int(), bytes: z.number(), isSelf: z.boolean() })).optional(),
    causeAlternatives: z
      .array(z.object({ cause: z.string(), decidedBy: z.string() }))
      .optional()
      .meta({
        description:
          'other causes the log cannot rule out beside `cause` (which keeps its meaning), each with what would decide it; absent when the evidence decided',
      }),
    failureLineMissing: z.object({ saw: z.string(), toDecide: z.string() }).optional().meta({
      description:
        "the line that reports the failure is not in the log: what it shows instead (an allocator's dump, a cut traceback, a bare kill) and what to paste or run to decide; absent when the failure line is there",
    }),
    othersAtFailure: z
      .array(
        z.object({
          name: z.string(),
          gpuBytes: z.number().nullable(),
          hostBytes: z.number().nullable(),
        }),
      )
      .optional()
      .meta({ description: "a run's process: what each other process of the run held when it failed" }),
    oomKills: z.array(oomKillSchema).optional().meta({
      description: "a run's process: each OOM kill in its tree, as the supervisor recorded it (summary.json)",
    }),
    failureCause: failureCauseSchema.optional().meta({
      description:
        "a run's memory failure: what it ran into (own-cap, card-full, host-limit, unknown), the run's own decision",
    }),
  })
  .meta({ title: 'Diagnosis' });

/** A static finding (environment, Python source) with where it is. */
export const doctorFindingSchema = findingSchema.extend({
  file: z.string().optional(),
  line: z.number().int().optional(),
});

export const doctorOutputSchema = z
  .object({
    diagnoses: z.array(diagnosisSchema),
    findings: z.array(doctorFindingSchema),
    targets: z.array(
      z.object({
        target: z.string(),
        kind: z.enum(['log', 'run', 'script', 'fit']),
        lineCount: z.number().int().optional().meta({ description: 'lines read, for logs' }),
      }),
    ),
  })
  .meta({ title: 'headroom doctor --json' });

/** What `doctor --json` prints. */
export type DoctorOutput = z.output<typeof doctorOutputSchema>;
