// CUDA's own variables: visible devices, device order, debugging switches (FACTS Q5, Q13).
import type { DoctorFinding } from '../types.js';
import { type EnvRule, finding } from './finding.js';

/** CUDA_VISIBLE_DEVICES, CUDA_DEVICE_ORDER, CUDA_LAUNCH_BLOCKING, CUDA_MODULE_LOADING. */
export const cuda: EnvRule = (env) => {
  const findings: DoctorFinding[] = [];
  const visible = env.CUDA_VISIBLE_DEVICES;
  if (visible !== undefined) {
    const entries = visible.split(',').map((e) => e.trim());
    const isValid = (e: string) => /^(\d+|GPU-[0-9a-fA-F-]+|MIG-[\w/-]+)$/.test(e);
    if (visible.trim() === '' || visible.trim() === '-1') {
      findings.push(
        finding(
          'cuda-no-visible-devices',
          'warning',
          'CUDA_VISIBLE_DEVICES',
          visible,
          'hides every GPU: frameworks will run on the CPU',
          'unset CUDA_VISIBLE_DEVICES, or list the GPUs to use (e.g. 0)',
        ),
      );
    } else if (!entries.every(isValid) || new Set(entries).size !== entries.length) {
      // CUDA stops at the first invalid or repeated entry and silently drops the rest.
      findings.push(
        finding(
          'env-malformed',
          'warning',
          'CUDA_VISIBLE_DEVICES',
          visible,
          'CUDA stops reading at the first invalid or repeated entry and hides the GPUs after it',
          `write distinct indices or UUIDs separated by commas, e.g. CUDA_VISIBLE_DEVICES=${[...new Set(entries.filter(isValid))].join(',') || '0'}`,
        ),
      );
    }
  }
  const order = env.CUDA_DEVICE_ORDER;
  if (order !== undefined && order !== 'PCI_BUS_ID' && order !== 'FASTEST_FIRST') {
    findings.push(
      finding(
        'env-malformed',
        'warning',
        'CUDA_DEVICE_ORDER',
        order,
        'CUDA knows FASTEST_FIRST and PCI_BUS_ID only',
        'export CUDA_DEVICE_ORDER=PCI_BUS_ID (the numbering nvidia-smi uses)',
      ),
    );
  }
  if (env.CUDA_LAUNCH_BLOCKING === '1') {
    findings.push(
      finding(
        'cuda-launch-blocking',
        'info',
        'CUDA_LAUNCH_BLOCKING',
        '1',
        'every kernel launch waits for the GPU: good for debugging, slow for training',
        'unset CUDA_LAUNCH_BLOCKING when not debugging',
      ),
    );
  }
  if (env.CUDA_MODULE_LOADING === 'EAGER') {
    // PyTorch PR #86509: a context took 666,632,192 B eager vs 287,047,680 B lazy (FACTS Q5).
    findings.push(
      finding(
        'cuda-eager-loading',
        'info',
        'CUDA_MODULE_LOADING',
        'EAGER',
        'loads every kernel at start: each CUDA context takes about twice the memory',
        'unset CUDA_MODULE_LOADING (LAZY is the default since CUDA 12.2)',
      ),
    );
  }
  return findings;
};
