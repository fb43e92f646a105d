// `fit --json`: the contract's fields first (var, best, firstFailing, strategy, trials[]), then the
// recommended answer, the boundary, the limits, the memory lines, the noise, warnings and notes.
import { z } from 'zod';
import { exitReasons } from '../../vocabulary.js';

const bytes = z.number().meta({ description: 'bytes' });
const resource = z.enum(['host', 'gpu']);

const trialSchema = z.object({
  value: z.number().int(),
  ok: z.boolean().meta({ description: 'ran without a memory failure and kept the margin free' }),
  reason: z.enum([
    ...exitReasons,
    'until-line',
    'time-limit',
    'levelled-off',
    'over-margin',
    'over-limit',
    'held-at-limit',
  ]),
  peakHostBytes: bytes.nullable(),
  peakGpuBytes: bytes.nullable(),
  seconds: z.number(),
  peakCgroupBytes: bytes.nullable().optional(),
  outcome: z.enum(['pass', 'over-margin', 'memory', 'other', 'interrupted']),
  because: z.string(),
  isSettled: z.boolean().optional().meta({ description: 'false: stopped while its memory still rose' }),
  rising: z.object({ resource, risingBytes: bytes, windowSeconds: z.number() }).nullable().optional(),
  leak: z
    .object({ resource, bytesPerSecond: bytes, risingBytes: bytes, seconds: z.number() })
    .nullable()
    .optional()
    .meta({ description: 'memory climbed for the whole trial with no plateau, at bytesPerSecond' }),
  stoppedEarly: z
    .object({
      kind: z.literal('levelled-off'),
      resource,
      levelBytes: bytes,
      expectedBytes: bytes.nullable(),
      levelSeconds: z.number(),
      ownBytes: bytes.optional().meta({
        description:
          "host: the trial tree's own memory (anonymous + shmem + swap) it held level at; its level is judged on this, not on PSS, whose share of file-backed pages (libraries) moves as other processes mapping them start and exit. levelBytes stays the sampled peak (PSS + swap)",
      }),
    })
    .nullable()
    .optional()
    .meta({ description: 'headroom stopped it once its memory levelled off: its answer was known' }),
  failedRank: z
    .object({
      rank: z.number().int(),
      localRank: z.number().int().nullable(),
      pid: z.number().int().nullable(),
      cause: z.string(),
    })
    .nullable()
    .optional()
    .meta({
      description: 'the rank a multi-rank trial (--launcher) failed on: RANK, LOCAL_RANK, PID, cause',
    }),
  crossedLimit: z.object({ resource, needBytes: bytes, limitBytes: bytes }).optional().meta({
    description:
      'headroom stopped it once its need passed the limit it is judged against (margin 0): too big, known',
  }),
  addressSpace: z
    .object({
      limitBytes: bytes,
      peakBytes: bytes.nullable(),
      isHostLimit: z.boolean(),
      heapGivenBackBytes: bytes.optional(),
      roomBytes: bytes.optional(),
      roomSource: z.enum(['assumed', 'measured']).optional(),
    })
    .nullable()
    .optional()
    .meta({
      description:
        "the trial's RLIMIT_AS (/proc/PID/limits) and address-space peak (VmPeak); isHostLimit: it binds before the host limit, so it is the host budget",
    }),
  warmStart: z.object({ warmedSeconds: z.number().nonnegative() }).optional().meta({
    description:
      'set when the trial started before its value was known (a warm start) and waited after its imports this long; seconds counts from its value',
  }),
  forked: z.object({ pid: z.number().int(), problem: z.string().optional() }).optional().meta({
    description:
      "set when the trial was a fork of fit's warm interpreter (the script's imports paid once, not per trial): the fork's PID; problem: why it could not join the trial's cgroup",
  }),
  isHostPeakAtLimit: z.boolean().optional().meta({
    description:
      'true when its cgroup peak reached the host limit and it still ran (the kernel reclaimed to keep it under): its peak is the limit, not its need, and is not a point on the memory line',
  }),
  isRepeat: z.boolean().optional(),
  isFreshCheck: z.boolean().optional().meta({
    description:
      'the answer run once more as a fresh process after forks only (a fork shares its interpreter’s address-space layout)',
  }),
  bought: z
    .string()
    .optional()
    .meta({ description: 'what this trial added: the answer, the boundary, the noise' }),
  runDir: z.string().optional(),
  outputTail: z.array(z.string()).optional(),
});

export const fitOutputSchema = z
  .object({
    var: z.string(),
    best: z.number().int().meta({ description: '= recommended' }),
    firstFailing: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'the smallest value that ran out of memory' }),
    strategy: z.enum(['guided', 'power', 'binsearch', 'halving']),
    trials: z.array(trialSchema),
    recommended: z
      .number()
      .int()
      .meta({ description: 'the largest value that ran and kept the margin (0: none)' }),
    largestPassed: z.number().int().nullable(),
    isBoundarySettled: z.boolean(),
    isAnswerSettled: z.boolean().optional().meta({
      description: 'the search ended on its own with an answer: what lies above it cannot change it',
    }),
    firstUnsettled: z.number().int().nullable(),
    end: z.enum(['settled', 'non-memory-failure', 'not-settled', 'interrupted', 'max-trials']),
    exitCode: z.number().int(),
    marginPercent: z.number(),
    limits: z.array(
      z.object({
        resource,
        limitBytes: bytes,
        usableBytes: bytes,
        source: z.enum(['flag', 'card', 'default', 'rlimit-as']),
        roomBytes: bytes.optional().meta({
          description:
            'under a binding RLIMIT_AS at margin 0: kept free under it (usableBytes is the limit less this)',
        }),
        roomSource: z.enum(['assumed', 'measured']).optional().meta({
          description:
            "assumed: the 1% floor; measured: the widest spread between the search's runs of one value, where wider",
        }),
      }),
    ),
    models: z.array(
      z.object({
        resource,
        limitBytes: bytes,
        usableBytes: bytes,
        interceptMiB: z.number(),
        perValueMiB: z.number(),
        rSquared: z.number(),
        pointCount: z.number().int(),
        isLinear: z.boolean(),
        predictedLimit: z.number().int().nullable(),
      }),
    ),
    noise: z.object({ fraction: z.number(), source: z.enum(['assumed', 'residuals', 'repeats', 'layout']) }),
    effective: z
      .object({
        targetBatch: z.number().int(),
        microBatch: z.number().int(),
        accumulationSteps: z.number().int(),
        effectiveBatch: z.number().int(),
        ranks: z
          .number()
          .int()
          .optional()
          .meta({ description: 'ranks each running a micro-batch (a multi-rank job)' }),
      })
      .nullable(),
    launcher: z
      .object({ name: z.enum(['torchrun', 'accelerate']), nprocPerNode: z.number().int() })
      .nullable()
      .optional()
      .meta({ description: 'the launcher every trial ran under; the value searched is per rank' }),
    baseBytes: z.object({ host: bytes.optional(), gpu: bytes.optional() }).nullable().optional().meta({
      description:
        "what a trial held before its value (a warm start at its gate, imports done): the memory line's intercept is at least this, so the second value can go farther",
    }),
    failure: trialSchema.nullable(),
    warnings: z.array(z.string()),
    notes: z.array(z.string()),
  })
  .meta({ title: 'headroom fit --json' });

/** What `fit --json` prints. */
export type FitOutput = z.output<typeof fitOutputSchema>;
