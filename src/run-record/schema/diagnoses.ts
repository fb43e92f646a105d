// diagnoses.jsonl of the run record (src/run-record/schema.ts): what doctor's classifier made of each
// ended attempt's output, read live by the supervisor.
import { z } from 'zod';
import { confidences, memoryKinds } from '../../vocabulary.js';
import { bytes, time } from './fields.js';

/**
 * One diagnosis of doctor's classifier as the record keeps it: the shape `doctor --json` prints
 * (src/doctor/types.ts Diagnosis); loose, so a newer headroom's fields still read.
 */
export const recordedDiagnosisSchema = z.looseObject({
  code: z.string(),
  kind: z.enum(memoryKinds),
  framework: z.string(),
  severity: z.string(),
  summary: z.string(),
  message: z.string(),
  cause: z.string(),
  causeText: z.string(),
  facts: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  fixes: z.array(z.string()),
  fixDetails: z.array(z.object({ fix: z.string(), because: z.string() })),
  evidence: z.object({ line: z.number().int().nonnegative(), text: z.string() }),
  confidence: z.enum(confidences),
  occurrences: z.number().int().nonnegative(),
});

/**
 * One line of diagnoses.jsonl, appended when an attempt of a process ends: what doctor's classifier
 * made of that attempt's output as the supervisor read it live (the log verdict the judge weighed).
 * `doctor RUN_DIR` and `report` read it instead of classifying the log again.
 */
export const attemptDiagnosesSchema = z.looseObject({
  time,
  process: z.string(),
  /** 1 for the first start, 2 after one restart, ... */
  attempt: z.number().int().positive(),
  /** Lines of output the classifier read (its evidence lines count from this attempt's first). */
  lineCount: z.number().int().nonnegative(),
  /** Output the classifier did not see (the live view skipped it under a flood; the log has it). */
  skippedBytes: bytes,
  /** Primary first; [] when the output said nothing doctor knows. */
  diagnoses: z.array(recordedDiagnosisSchema),
});

export type AttemptDiagnoses = z.output<typeof attemptDiagnosesSchema>;
