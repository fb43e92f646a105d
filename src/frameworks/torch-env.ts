// PyTorch's environment for one process: allocator keys only where they are safe, and what caps it.
// - A key goes into PYTORCH_CUDA_ALLOC_CONF only when the release accepts it (torch-versions.ts): from
//   `torch_version:` in the config, or, unknown, through the bootstrap, which reads the installed
//   version at process start (importlib.metadata, no torch import) and adds only what it accepts.
// - expandable_segments never for a process that shares CUDA tensors: tensors in expandable segments
//   cannot be sent over CUDA IPC (FACTS Q7; pytorch/pytorch#165685, IPC support only with #130890).
// - The old name PYTORCH_CUDA_ALLOC_CONF: read by every release, while PYTORCH_ALLOC_CONF is ignored
//   for expandable_segments on CUDA in 2.9.1 (pytorch/pytorch#183387) and unread before 2.9 (FACTS Q7).
import { allocConfValue, appendAllocConf, parseAllocConf } from './alloc-conf.js';
import { type BootAction, bootVariables } from './bootstrap.js';
import { acceptsKey, parseTorchVersion, torchKeyMinVersion } from './torch-versions.js';
import type { CapMethod, Enforcement } from './types.js';

export interface TorchEnvOptions {
  /** The fraction as the plan prints it (`0.3000`). */
  fraction: string;
  torchVersion: string | undefined;
  sharesCudaTensors: boolean;
  enforce: Enforcement;
  hasBootstrap: boolean;
  configEnv: Record<string, string>;
  inheritedEnv: Record<string, string | undefined>;
}

export interface TorchEnv {
  env: Record<string, string>;
  unset: string[];
  actions: BootAction[];
  capBy: CapMethod;
  capNote: string;
}

// The allocator already decides segments: its own expandable_segments, or the cudaMallocAsync backend.
const decidesSegments = (conf: string): boolean =>
  parseAllocConf(conf).some(
    (e) => e.key === 'expandable_segments' || (e.key === 'backend' && e.value === 'cudaMallocAsync'),
  );

/** Allocator config, bootstrap actions and cap method for one torch process. */
export function torchEnv(options: TorchEnvOptions): TorchEnv {
  const { fraction, configEnv, inheritedEnv } = options;
  const current = (name: string): string | undefined => configEnv[name] ?? inheritedEnv[name];
  const cudaConf = current('PYTORCH_CUDA_ALLOC_CONF');
  const newConf = current('PYTORCH_ALLOC_CONF');
  // CUDAAllocatorConfig reads the old name first (FACTS Q7).
  const existing = cudaConf ?? newConf ?? '';
  const ownFraction = allocConfValue(existing, 'per_process_memory_fraction');
  const version = options.torchVersion === undefined ? undefined : parseTorchVersion(options.torchVersion);
  const isCapped = options.enforce === 'cap';
  const wantsSegments = !options.sharesCudaTensors && !decidesSegments(existing);
  const viaConf =
    isCapped &&
    ownFraction === undefined &&
    version !== undefined &&
    acceptsKey(version, 'per_process_memory_fraction');

  const env: Record<string, string> = {};
  const unset: string[] = [];
  const actions: BootAction[] = [];
  // Entries written now (known release) or handed to the bootstrap (unknown release).
  const direct: string[] = [];
  const gated: string[] = [];
  if (wantsSegments && version !== undefined && acceptsKey(version, 'expandable_segments')) {
    direct.push('expandable_segments:True');
  }
  if (wantsSegments && version === undefined && options.hasBootstrap) {
    gated.push(`expandable_segments:True@${torchKeyMinVersion.expandable_segments}`);
  }
  if (viaConf) direct.push(`per_process_memory_fraction:${fraction}`);

  if (direct.length > 0 || gated.length > 0) {
    // One name in the child: fold a lone PYTORCH_ALLOC_CONF into the old name.
    if (cudaConf === undefined && newConf !== undefined) unset.push('PYTORCH_ALLOC_CONF');
    const conf = appendAllocConf(existing, direct);
    if (conf !== '') env.PYTORCH_CUDA_ALLOC_CONF = conf;
  }
  if (gated.length > 0) {
    env[bootVariables.torchAllocKeys] = gated.join(',');
    actions.push('torch-alloc');
  }

  let capBy: CapMethod = 'watch';
  let capNote: string;
  if (ownFraction !== undefined) {
    capBy = 'alloc-conf';
    capNote = `capped by the allocator config's own per_process_memory_fraction:${ownFraction}`;
  } else if (viaConf) {
    capBy = 'alloc-conf';
    capNote = `caching allocator capped at ${fraction} of total (per_process_memory_fraction in PYTORCH_CUDA_ALLOC_CONF, PyTorch ≥ ${torchKeyMinVersion.per_process_memory_fraction})`;
  } else if (isCapped && options.hasBootstrap) {
    capBy = 'bootstrap';
    actions.push('torch-cap');
    capNote = `headroom's bootstrap calls torch.cuda.set_per_process_memory_fraction(${fraction}) when torch initialises CUDA`;
  } else if (isCapped) {
    capNote = `nothing caps it in-process: call torch.cuda.set_per_process_memory_fraction(${fraction}) (HEADROOM_GPU_FRACTION)`;
  } else {
    capNote = `not capped in-process (enforce: ${options.enforce}); headroom watches it against its budget`;
  }
  return { env, unset, actions, capBy, capNote };
}
