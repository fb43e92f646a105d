// The plan's checks of PyTorch's allocator config as each torch process will see it (FACTS Q7).
import { allocConfNames, allocConfValue, parseAllocConf } from './alloc-conf.js';
import type { CheckContext, Rule } from './checks.js';
import { acceptsKey, type GatedTorchKey, parseTorchVersion, torchKeyMinVersion } from './torch-versions.js';
import type { Finding, PlannedProcess } from './types.js';

// What the child will see: the plan's value, else the inherited one unless the plan removes it.
/** A variable as the child will see it. */
export const childValue = (p: PlannedProcess, name: string, inherited: CheckContext['inheritedEnv']) =>
  p.env[name] ?? (p.unsetEnv.includes(name) ? undefined : inherited[name]);

/** Both names reaching a process, expandable segments with CUDA IPC, keys the declared release rejects. */
export const torchAllocConf: Rule = ({ processes, spec, inheritedEnv: inherited }) =>
  processes
    .filter((p) => p.framework === 'torch' && p.device !== null)
    .flatMap((p) => {
      const processSpec = spec.processes.find((s) => s.name === p.process);
      const findings: Finding[] = [];
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
