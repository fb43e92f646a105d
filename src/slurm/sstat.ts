// Live memory of running job steps, from `sstat --parsable2`: what jobacct_gather last read of each
// step's tasks (and of its GPUs, where the cluster gathers them) (every JobAcctGatherFrequency seconds, 30 by default), so a Slurm run's record gets
// samples as a local run's does.
import { numberedLines, SlurmOutputError, splitFields } from './output-error.js';
import { parseSlurmSize } from './sacct.js';

export const sstatFields = ['JobID', 'MaxRSS', 'TRESUsageInTot'] as const;

/** sstat's arguments for running steps (`123.0`): no header, `|` between fields. */
export const sstatArgs = (stepIds: readonly string[]): string[] => [
  '-j',
  stepIds.join(','),
  '--parsable2',
  '--noheader',
  '-o',
  sstatFields.join(','),
];

/** One running step's memory. */
export interface StepUsage {
  /** `123.0` */
  stepId: string;
  /** What the step's tasks hold now (TRESUsageInTot's `mem`, summed over tasks); null when not given. */
  memBytes: number | null;
  /** The largest resident set any task has had so far; null when not given. */
  maxRssBytes: number | null;
  /**
   * GPU memory the step's processes hold (TRESUsageInTot's `gres/gpumem`), where the cluster gathers it
   * (gres.conf AutoDetect=nvml and AccountingStorageTRES=gres/gpu, slurm.conf(5)); null elsewhere.
   */
  gpuMemBytes: number | null;
}

/** Parses sstat's rows; a field that does not read is an error naming the line and field. */
export function parseStepUsage(text: string): StepUsage[] {
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = splitFields({ command: 'sstat', line, text: record, names: sstatFields });
    const size = (field: string, value: string): number | null => {
      const bytes = parseSlurmSize(value);
      if (bytes === undefined)
        throw new SlurmOutputError({ command: 'sstat', line, field, message: `"${value}" is not a size` });
      return bytes;
    };
    // TRESUsageInTot: `cpu=00:00:00,energy=0,fs/disk=1685837,mem=17120K,pages=3,vmem=17292K`.
    const tres = (key: string): number | null => {
      const value = new RegExp(`(?:^|,)${key}=([^,]*)`).exec(fields.TRESUsageInTot ?? '')?.[1];
      return value === undefined ? null : size('TRESUsageInTot', value);
    };
    return {
      stepId: fields.JobID ?? '',
      memBytes: tres('mem'),
      maxRssBytes: size('MaxRSS', fields.MaxRSS ?? ''),
      gpuMemBytes: tres('gres/gpumem'),
    };
  });
}
