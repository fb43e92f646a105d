// `headroom ray script`: the plan as one Python file (headroom's Ray driver, its actors and the plan's
// RayLaunchSpec) for people who run it themselves with `python` on a Ray cluster.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ExitCode } from '../../../errors.js';
import { buildRayScript } from '../../../launch/ray/script.js';
import { buildRayLaunchSpec } from '../../../launch/ray/spec.js';
import { packagedRayDriverDir } from '../../../launch/ray-driver-dir.js';
import type { Finding } from '../../../plan/types.js';
import { headroomVersion } from '../../../version.js';
import { defineCommand } from '../../command.js';
import { rayOptions, sharedOptions } from '../../options.js';
import type { RayScriptOutput } from '../../schemas/ray-script.js';
import { prepareRay } from '../../shared/ray/prepare.js';

const { config, gpu, force, json } = sharedOptions;

export const command = defineCommand({
  name: 'ray script',
  description:
    'print the plan as a Python file that runs it on a Ray cluster (python FILE): an actor per process, num_gpus from its bytes',
  options: {
    config,
    gpu: { ...gpu, description: "declare the cluster's GPUs: 24GiB, sim:24GiB" },
    force,
    json,
    ...rayOptions,
    cpusPerProcess: sharedOptions.cpusPerProcess,
  },
  async run({ options }, io) {
    // The script's processes inherit the Ray worker's environment; only the plan's variables are written.
    const ray = await prepareRay(options, io, { inherited: {}, isLiveRequired: false });
    const spec = buildRayLaunchSpec({
      runId: null,
      address: ray.address,
      launches: ray.launches,
      requests: ray.requests,
      groups: ray.groups,
      cards: ray.cards,
      stopGraceMs: ray.spec.stopGraceMs,
      inheritEnv: true,
    });
    const read = (name: string): string => readFileSync(join(packagedRayDriverDir, name), 'utf8');
    const script = buildRayScript({
      spec,
      actorsSource: read('actors.py'),
      driverSource: read('driver.py'),
      source: ray.spec.file ? resolve(io.cwd, ray.spec.file) : 'the command line',
      version: headroomVersion,
    });
    const data: RayScriptOutput = {
      address: ray.address,
      processes: ray.launches.map((launch) => {
        const request = ray.requests.get(launch.name);
        return {
          name: launch.name,
          numGpus: request?.numGpus ?? 0,
          numCpus: request?.numCpus ?? 1,
          memoryBytes: request?.memoryBytes ?? null,
          nodeId: request?.nodeId ?? null,
        };
      }),
      findings: ray.placement.findings as Finding[],
      script,
    };
    return { data, exitCode: ExitCode.ok };
  },
  reporters: {
    text: (data: RayScriptOutput) => data.script,
    json: (data: RayScriptOutput): RayScriptOutput => data,
  },
});
