// `headroom fit` over examples/fit/grow.mjs, for the in-process and the end-to-end fit tests.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const grow = fileURLToPath(new URL('../../examples/fit/grow.mjs', import.meta.url));

/** One trial step of 250 ms: the quickest workload that still allocates. */
export const quickGrow = ['--steps', '1', '--step-ms', '250'];

/** Returns `fit(args, workload)`: `headroom fit --run-dir <fresh under scratch> ARGS -- node grow.mjs --batch {batch} WORKLOAD...` */
export function growFitter(
  scratch: string,
): (args: string[], workload: string[]) => { argv: string[]; runDir: string } {
  let runCount = 0;
  return (args, workload) => {
    const runDir = join(scratch, `fit-${++runCount}`);
    const argv = [
      'fit',
      '--run-dir',
      runDir,
      ...args,
      '--',
      process.execPath,
      grow,
      '--batch',
      '{batch}',
      ...workload,
    ];
    return { argv, runDir };
  };
}
