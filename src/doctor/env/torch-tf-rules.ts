// PyTorch's allocator config (FACTS Q7) and TensorFlow's allocator variables (FACTS Q11).
import type { DoctorFinding } from '../types.js';
import { isBootstrapCapping } from './bootstrap-rules.js';
import { type EnvRule, finding } from './finding.js';
import { checkAllocConf } from './torch-alloc-conf.js';

/** TF_GPU_ALLOCATOR and TF_DEVICE_MIN_SYS_MEMORY_IN_MB values. */
export const tensorflow: EnvRule = (env) => {
  const findings: DoctorFinding[] = [];
  const allocator = env.TF_GPU_ALLOCATOR;
  if (allocator !== undefined && !['cuda_malloc_async', 'cuda_malloc', 'memory_guard'].includes(allocator)) {
    findings.push(
      finding(
        'env-malformed',
        'warning',
        'TF_GPU_ALLOCATOR',
        allocator,
        'TensorFlow knows cuda_malloc_async, cuda_malloc and memory_guard; anything else keeps the BFC allocator',
        'export TF_GPU_ALLOCATOR=cuda_malloc_async',
      ),
    );
  }
  const minMiB = env.TF_DEVICE_MIN_SYS_MEMORY_IN_MB;
  if (minMiB !== undefined && !/^\d+$/.test(minMiB)) {
    findings.push(
      finding(
        'env-malformed',
        'warning',
        'TF_DEVICE_MIN_SYS_MEMORY_IN_MB',
        minMiB,
        'must be a whole number of MiB',
        'write a whole number, e.g. TF_DEVICE_MIN_SYS_MEMORY_IN_MB=2048',
      ),
    );
  }
  return findings;
};

/** PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF: both set, malformed, caching disabled. */
export const torch: EnvRule = (env) => {
  const findings: DoctorFinding[] = [];
  if (env.PYTORCH_ALLOC_CONF !== undefined && env.PYTORCH_CUDA_ALLOC_CONF !== undefined) {
    findings.push(
      finding(
        'env-both-torch-conf',
        'warning',
        'PYTORCH_ALLOC_CONF',
        env.PYTORCH_ALLOC_CONF,
        'PYTORCH_CUDA_ALLOC_CONF is also set, and which one wins differs between PyTorch layers and versions (pytorch c10/cuda/CUDAAllocatorConfig.h)',
        'unset PYTORCH_ALLOC_CONF and keep PYTORCH_CUDA_ALLOC_CONF (read by every version)',
      ),
    );
  }
  if (env.PYTORCH_ALLOC_CONF !== undefined && env.PYTORCH_CUDA_ALLOC_CONF === undefined) {
    findings.push(
      finding(
        'torch-alloc-conf-new-name',
        'warning',
        'PYTORCH_ALLOC_CONF',
        env.PYTORCH_ALLOC_CONF,
        'PyTorch 2.9.1 ignores this name for expandable_segments on CUDA (pytorch/pytorch#183387) and releases before 2.9 do not read it at all; PYTORCH_CUDA_ALLOC_CONF is read by every release (pytorch c10/cuda/CUDAAllocatorConfig.h)',
        `export PYTORCH_CUDA_ALLOC_CONF=${env.PYTORCH_ALLOC_CONF} and unset PYTORCH_ALLOC_CONF`,
      ),
    );
  }
  for (const variable of ['PYTORCH_CUDA_ALLOC_CONF', 'PYTORCH_ALLOC_CONF']) {
    const value = env[variable];
    if (value === undefined) continue;
    for (const p of checkAllocConf(variable, value, isBootstrapCapping(env))) {
      findings.push(
        finding(
          p.severity === 'error' ? 'env-malformed' : 'torch-alloc-conf',
          p.severity,
          variable,
          value,
          p.problem,
          p.fix,
        ),
      );
    }
  }
  if (env.PYTORCH_NO_CUDA_MEMORY_CACHING === '1') {
    findings.push(
      finding(
        'torch-caching-disabled',
        'warning',
        'PYTORCH_NO_CUDA_MEMORY_CACHING',
        '1',
        'disables the caching allocator: every tensor is a cudaMalloc/cudaFree (slow; meant for debugging)',
        'unset PYTORCH_NO_CUDA_MEMORY_CACHING',
      ),
    );
  }
  return findings;
};
