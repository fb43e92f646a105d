// `headroom ray script`: headroom's Ray driver and its actors (python/headroom_ray) as one Python file
// with the plan's RayLaunchSpec inside, for people who run it themselves with `python` on a Ray
// cluster. The same driver `run --on ray` runs: it coordinates the processes itself, so the file needs
// neither headroom nor its package. Pure: the sources come in as text.
import type { RayLaunchSpec } from './spec.js';

/** The driver's own entry point, replaced by one that runs the embedded spec. */
const driverMain = 'if __name__ == "__main__":\n    main()\n';

/** The file: a header, the actors, the driver, the spec, and a main that runs it. */
export function buildRayScript(options: {
  spec: RayLaunchSpec;
  actorsSource: string;
  driverSource: string;
  /** What the header says it was made from: the config file. */
  source: string;
  version: string;
}): string {
  const { driverSource } = options;
  if (!driverSource.endsWith(driverMain)) throw new Error('the Ray driver does not end with its main');
  // A raw triple-quoted string holds any JSON but a run of three quotes or a trailing backslash;
  // JSON escapes quotes, so neither can occur.
  const specText = JSON.stringify(options.spec, null, 1);
  return [
    '#!/usr/bin/env python3',
    `# headroom ${options.version}: the plan of ${options.source} as Ray actors (headroom ray script).`,
    '# Run it with the Python that has Ray, on a machine of the cluster:',
    '#   python THIS_FILE [--address HOST:PORT] [--log-dir DIR]',
    '# (without --address: RAY_ADDRESS, else a new local cluster). One actor per process asks Ray for its',
    '# num_gpus (its bytes over the card, rounded up), num_cpus and memory (host_memory), on its node; each',
    "# child's output is printed as `[name] line`. Ctrl-C stops every process (SIGKILL after the grace).",
    '',
    '# --- headroom_ray/actors.py ----------------------------------------------------------------------',
    options.actorsSource.trimEnd(),
    '',
    '',
    '# --- headroom_ray/driver.py ----------------------------------------------------------------------',
    driverSource.slice(0, -driverMain.length).trimEnd(),
    '',
    '',
    '# --- the plan ------------------------------------------------------------------------------------',
    `SPEC = json.loads(r"""${specText}""")`,
    '',
    'if __name__ == "__main__":',
    '    sys.exit(run(SPEC))',
    '',
  ].join('\n');
}
