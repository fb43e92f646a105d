// estimate(spec): every part of the GPU and host memory a training config needs, and the peaks.
import { formatBytes } from '../units.js';
import { blockBytes, defaultContextBytes, defaultFragmentation, defaultWorkspaceBytes } from './cuda.js';
import { evaluateExpr } from './expr.js';
import { activationComponents, countModel, modelStateComponents } from './gpu-model.js';
import { hostComponents } from './host.js';
import type { Breakdown, Component, EstimateSpec, Quantity } from './types.js';

/** Values that replace the spec's for one estimate: vars, or the batch size itself. */
export interface EstimateOverrides {
  vars?: Record<string, number>;
  batchSize?: number;
}

/** A quantity's value with these vars; a fractional size rounds up, so nothing is undercounted. */
export function resolveQuantity(quantity: Quantity, vars: Readonly<Record<string, number>>): number {
  return Math.max(0, Math.ceil(evaluateExpr(quantity.expr, vars) - 1e-9));
}

/** The memory a training config needs, part by part, on the GPU and on the host. */
export function estimate(spec: EstimateSpec, overrides: EstimateOverrides = {}): Breakdown {
  const vars = { ...spec.vars, ...overrides.vars };
  const batch = overrides.batchSize ?? resolveQuantity(spec.training.batchSize, vars);
  const counts = countModel(spec);
  const { framework } = spec;

  const tensors = spec.tensors.map((tensor) => {
    const elements = tensor.shape.reduce((product, dim) => product * resolveQuantity(dim, vars), 1);
    const count = resolveQuantity(tensor.count, vars);
    const eachBytes = elements * tensor.bytesPerElement;
    return {
      tensor,
      count,
      eachBytes,
      roundingBytes: count * (blockBytes(framework, eachBytes) - eachBytes),
    };
  });
  const dynamic = activationComponents(spec, counts, batch);
  const fragmentation = spec.cuda.fragmentation ?? defaultFragmentation;
  const cachedBytes = fragmentation * dynamic.reduce((sum, part) => sum + part.bytes, 0);
  const roundingBytes = tensors.reduce((sum, t) => sum + t.roundingBytes, 0);
  const contextBytes = spec.cuda.contextBytes ?? defaultContextBytes(framework, spec.cuda.moduleLoading);
  const workspaceBytes = spec.cuda.workspaceBytes ?? defaultWorkspaceBytes(framework);

  const gpu: Component[] = [
    {
      name: 'cuda context',
      bytes: contextBytes,
      formula:
        spec.cuda.contextBytes === undefined
          ? `${framework}, ${spec.cuda.moduleLoading} module loading`
          : 'as given',
    },
  ];
  if (workspaceBytes > 0) {
    const formula =
      spec.cuda.workspaceBytes === undefined
        ? '2 handles × (cuBLAS 8,519,680 B + cuBLASLt 4 MiB)'
        : 'as given';
    gpu.push({ name: 'library workspaces', bytes: workspaceBytes, formula });
  }
  gpu.push(...modelStateComponents(spec, counts), ...dynamic);
  for (const { tensor, count, eachBytes } of tensors) {
    const shape = tensor.shape.map((dim) => resolveQuantity(dim, vars)).join(', ');
    gpu.push({
      name: tensor.name,
      bytes: count * eachBytes,
      formula: `${count} × [${shape}] ${tensor.dtype} (${formatBytes(eachBytes)} each)`,
    });
  }
  if (cachedBytes + roundingBytes > 0) {
    const terms = [
      cachedBytes > 0 ? `${Math.round(fragmentation * 100)}% of activations and logits stay cached` : '',
      roundingBytes > 0 ? `${formatBytes(roundingBytes)} block rounding of the tensors above` : '',
    ].filter(Boolean);
    gpu.push({ name: 'allocator cache', bytes: cachedBytes + roundingBytes, formula: terms.join(' + ') });
  }

  // Fractions of a byte come from splitting over tensor-parallel GPUs and the cache fraction.
  for (const part of gpu) part.bytes = Math.ceil(part.bytes);
  const sum = (parts: Component[]): number => parts.reduce((total, part) => total + part.bytes, 0);
  const peakBytes =
    sum(gpu.filter((part) => !part.phase)) +
    Math.max(
      sum(gpu.filter((part) => part.phase === 'backward')),
      sum(gpu.filter((part) => part.phase === 'step')),
    );
  const host = hostComponents(spec, batch);
  return {
    gpu: {
      peakBytes,
      allocatedPeakBytes: peakBytes - contextBytes - Math.ceil(cachedBytes + roundingBytes),
      components: gpu,
    },
    host: { peakBytes: sum(host), components: host },
    inputs: {
      framework,
      params: counts.params,
      trainable: counts.trainable,
      batchSize: batch,
      gradAccumulation: spec.training.gradAccumulation,
      vars,
      precision: spec.training.precision,
      optimizer: spec.training.optimizer,
      convention: spec.training.convention,
    },
  };
}
