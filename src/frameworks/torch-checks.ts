// The plan's checks of PyTorch's allocator config as each torch process will see it (FACTS Q7).
import { allocConfNames, allocConfValue, parseAllocConf } from './alloc-conf.js';
import { acceptsKey, type GatedTorchKey, parseTorchVersion, torchKeyMinVersion } from './torch-versions.js';
import type { CheckedProcess, ProfileCheck, ProfileFinding } from './types.js';

// What the child will see: the plan's value, else the inherited one unless the plan removes it.
/** A variable as the child will see it. */
export const childValue = (p: CheckedProcess, name: string, inherited: Record<string, string | undefined>) =>
  p.env[name] ?? (p.unsetEnv.includes(name) ? undefined : inherited[name]);

/** Both names reaching a process, expandable segments with CUDA IPC, keys the declared release rejects. */
export const torchAllocConf: ProfileCheck = ({ processes, specProcesses, inheritedEnv: inherited }) =>
  processes
    .filter((p) => p.framework === 'torch' && p.device !== null)
    .flatMap((p) => {
      const processSpec = specProcesses.find((s) => s.name === p.process);
      const findings: ProfileFinding[] = [];
      const names = allocConfNames.filter((name) => childValue(p, name, inherited) !== undefined);
      if (names.length === 2) {
        findings.push({
          code: 'env-both-torch-conf',
          severity: 'warning',
          process: p.name,
          message: `${p.name}: both PYTORCH_ALLOC_CONF and PYTORCH_CUDA_ALLOC_CONF reach the process, and which one wins differs between PyTorch layers and versions (pytorch c10/cuda/CUDAAllocatorConfig.h); keep only PYTORCH_CUDA_ALLOC_CONF (read by every release)`,
        });
      }
      for (const name of names) {
        const conf = childValue(p, name, inherited) ?? '';
        if (processSpec?.sharesCudaTensors && allocConfValue(conf, 'expandable_segments') === 'True') {
          findings.push({
            code: 'torch-ipc-expandable',
            severity: 'error',
            process: p.name,
            message: `${p.name}: shares_cuda_tensors: true, but ${name} turns on expandable_segments: tensors in expandable segments cannot be shared over CUDA IPC (pytorch/pytorch#165685); remove expandable_segments:True`,
          });
        }
        const version = processSpec?.torchVersion ? parseTorchVersion(processSpec.torchVersion) : undefined;
        const rejected = version
          ? parseAllocConf(conf)
              .map((e) => e.key)
              .filter((key): key is GatedTorchKey => key in torchKeyMinVersion)
              .filter((key) => !acceptsKey(version, key))
          : [];
        for (const key of rejected) {
          findings.push({
            code: 'torch-key-unsupported',
            severity: 'error',
            process: p.name,
            message: `${p.name}: ${name} has ${key}, which PyTorch ${processSpec?.torchVersion} does not know (it needs ${torchKeyMinVersion[key]}+): the first CUDA allocation raises "Unrecognized CachingAllocator option: ${key}"; remove it`,
            facts: { variable: name, key, torchVersion: processSpec?.torchVersion ?? null },
          });
        }
      }
      return findings;
    });

// A torch process the config keeps out of the in-process cap (enforce: warn or kill).
export const torchCap: ProfileCheck = ({ processes, specProcesses }) =>
  processes
    .filter((p) => p.framework === 'torch' && p.device !== null && p.capBy === 'watch')
    .flatMap((p) => {
      const enforce = specProcesses.find((s) => s.name === p.process)?.enforce;
      return enforce === 'cap'
        ? []
        : [
            {
              code: 'torch-cap-in-process',
              severity: 'info' as const,
              process: p.name,
              device: p.device ?? undefined,
              message: `${p.name}: enforce: ${enforce} keeps headroom's cap out of the process; to cap it yourself, call torch.cuda.set_per_process_memory_fraction(float(os.environ["HEADROOM_GPU_FRACTION"])) before the first large allocation, or drop enforce: to let the bootstrap do it`,
            },
          ];
    });
