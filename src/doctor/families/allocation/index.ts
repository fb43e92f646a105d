// The allocation-failure grammar: a device allocation that failed, in any framework's or vendor's
// words (and an inference engine's KV cache too small), explained from its figures alone.
import type { DoctorFamily } from '../types.js';
import { apiStatusRule, vgpuLimitRule } from './api-status.js';
import { explainAllocation } from './explain.js';
import {
  failureEvidenceRules,
  paddleDeviceKernelFactRule,
  paddleDeviceMemoryErrorCode,
} from './failure-evidence.js';
import {
  accessFaultSeenFactRule,
  deviceSeenFactRule,
  genericOutOfMemoryCode,
  genericOutOfMemoryRule,
  jsStackSeenFactRule,
  mlSeenFactRule,
  retoldDeviceOomCode,
  retoldDeviceOomRule,
} from './generic.js';
import { allocatedOverCeilingCode, allocatedOverCeilingRule } from './over-ceiling.js';
import { allocationFactRules, allocationRules } from './rules.js';
import { terseAllocationFailureCode, terseAllocationFailureRule } from './terse-failure.js';

/** The allocation family. */
export const allocationFamily: DoctorFamily = {
  name: 'allocation',
  rules: [
    ...allocationRules,
    apiStatusRule,
    vgpuLimitRule,
    ...failureEvidenceRules,
    genericOutOfMemoryRule,
    retoldDeviceOomRule,
    terseAllocationFailureRule,
    allocatedOverCeilingRule,
  ],
  factRules: [
    ...allocationFactRules,
    deviceSeenFactRule,
    mlSeenFactRule,
    jsStackSeenFactRule,
    accessFaultSeenFactRule,
    paddleDeviceKernelFactRule,
  ],
  layers: [],
  codes: [
    'device-alloc-failed',
    apiStatusRule.code,
    vgpuLimitRule.code,
    'quantized-model-offloaded',
    'kv-cache-too-small',
    'taichi-pool-exhausted',
    'paddle-allocator-throw',
    'kv-block-allocator-empty',
    paddleDeviceMemoryErrorCode,
    genericOutOfMemoryCode,
    retoldDeviceOomCode,
    terseAllocationFailureCode,
    allocatedOverCeilingCode,
  ],
  explain: explainAllocation,
};
