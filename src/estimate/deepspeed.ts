// DeepSpeed's model-state estimators, reproduced so headroom's numbers can be checked against theirs
// (deepspeed/runtime/zero/stage_1_and_2.py estimate_zero2_model_states_mem_needs and stage3.py
// estimate_zero3_model_states_mem_needs; docs/code-docs/source/memory.rst). Model states only.

/** Bytes per GPU and per CPU (node) that DeepSpeed says ZeRO needs for the model states. */
export interface DeepSpeedEstimate {
  gpuBytes: number;
  cpuBytes: number;
}

interface Cluster {
  params: number;
  gpusPerNode: number;
  nodes?: number;
  /** DeepSpeed's additional_buffer_factor: 1.5 by default. */
  bufferFactor?: number;
}

/** ZeRO-2: GPU 2P with CPU offload, else 4P + 16P/total_gpus; CPU for the offloaded fp32 states. */
export function estimateZero2(options: Cluster & { cpuOffload: boolean }): DeepSpeedEstimate {
  const { params, gpusPerNode, nodes = 1, bufferFactor = 1.5 } = options;
  const totalGpus = gpusPerNode * nodes;
  if (options.cpuOffload) {
    return { gpuBytes: 2 * params, cpuBytes: params * Math.max(4 * totalGpus, 16) * bufferFactor };
  }
  return {
    gpuBytes: 4 * params + Math.trunc((16 * params) / totalGpus),
    cpuBytes: params * 4 * gpusPerNode * bufferFactor,
  };
}

/**
 * ZeRO-3: every GPU holds the largest layer's fp32 weights (4 × largest_layer_params) plus its share:
 * 18P/total_gpus without offload, 2P/total_gpus with the optimizer offloaded, nothing more with both.
 * `zeroInit` (deepspeed.zero.Init) builds the model sharded, so the CPU never holds it whole.
 */
export function estimateZero3(
  options: Cluster & {
    largestLayerParams: number;
    offloadParams: boolean;
    offloadOptimizer: boolean;
    zeroInit: boolean;
  },
): DeepSpeedEstimate & { largestLayerBytes: number } {
  const { params, gpusPerNode, nodes = 1, bufferFactor = 1.5, largestLayerParams } = options;
  const totalGpus = gpusPerNode * nodes;
  const perNode = 1 / nodes;
  const largestLayerBytes = 4 * largestLayerParams;
  const cpuFor = (bytesPerParam: number): number =>
    options.zeroInit
      ? params * bytesPerParam * perNode * bufferFactor
      : params * Math.max(4 * gpusPerNode, bytesPerParam * perNode) * bufferFactor;
  if (options.offloadOptimizer && options.offloadParams) {
    return { gpuBytes: largestLayerBytes, cpuBytes: cpuFor(18), largestLayerBytes };
  }
  if (options.offloadOptimizer) {
    return {
      gpuBytes: largestLayerBytes + Math.trunc((2 * params) / totalGpus),
      cpuBytes: cpuFor(16),
      largestLayerBytes,
    };
  }
  return {
    gpuBytes: largestLayerBytes + Math.trunc((18 * params) / totalGpus),
    cpuBytes: (options.zeroInit ? largestLayerParams : params) * 4 * gpusPerNode * bufferFactor,
    largestLayerBytes,
  };
}
