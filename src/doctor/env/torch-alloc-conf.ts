// PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF as PyTorch parses them (FACTS Q7): `key:value`
// pairs separated by commas; unknown keys raise "Unrecognized CachingAllocator option".

import { findNearMiss } from '../../config/suggest.js';
import { parseAllocConf } from '../../plan/alloc-conf.js';
import { torchKeyMinVersion } from '../../plan/torch-versions.js';
import { quoteInput } from '../../units.js';

/** One problem in an allocator config string. */
export interface AllocConfProblem {
  severity: 'error' | 'warning' | 'info';
  problem: string;
  fix: string;
}

// c10/cuda/CUDAAllocatorConfig.h getKeys() and docs/source/notes/cuda.rst (main, 2025-26).
const knownKeys = new Set([
  'backend',
  'max_split_size_mb',
  'roundup_power2_divisions',
  'max_non_split_rounding_mb',
  'garbage_collection_threshold',
  'expandable_segments',
  'pinned_use_cuda_host_register',
  'pinned_num_register_threads',
  'pinned_use_background_threads',
  'pinned_reserve_segment_size_mb',
  'release_lock_on_cudamalloc',
  'graph_capture_record_stream_reuse',
  'per_process_memory_fraction',
  // c10/core/AllocatorConfig.cpp in PyTorch 2.13 (the keys its libc10 parses).
  'large_segment_size_mb',
  'pinned_max_cached_size_mb',
  'pinned_max_round_threshold_mb',
]);

const nativeOnly = ['max_split_size_mb', 'roundup_power2_divisions', 'garbage_collection_threshold'];
const booleanKeys = ['expandable_segments', 'pinned_use_cuda_host_register', 'release_lock_on_cudamalloc'];

/**
 * Checks one allocator config value; [] when PyTorch accepts it as meant. `hasFraction`: a per-process
 * fraction is set another way (headroom's bootstrap).
 */
export function checkAllocConf(variable: string, conf: string, hasFraction = false): AllocConfProblem[] {
  const problems: AllocConfProblem[] = [];
  const keys = new Map<string, string>();
  for (const { text: entry, key, value } of parseAllocConf(conf)) {
    if (value === undefined) {
      const guess = entry.replace('=', ':');
      problems.push({
        severity: 'error',
        problem: `"${entry}" is not key:value; PyTorch raises "Unrecognized CachingAllocator option"`,
        fix: `write ${variable}=${guess.includes(':') ? guess : `${entry}:<value>`}`,
      });
      continue;
    }
    keys.set(key, value);
    const nearMiss = knownKeys.has(key) ? undefined : findNearMiss(key, [...knownKeys]);
    if (nearMiss) {
      const meant = nearMiss.name;
      const valueProblem = booleanKeys.includes(meant) && value !== 'True' && value !== 'False';
      const meantValue = valueProblem ? (/^(1|true|yes|on)$/i.test(value) ? 'True' : 'False') : value;
      problems.push({
        severity: 'error',
        problem: `"${key}" is not an option: did you mean ${meant}? PyTorch raises "Unrecognized CachingAllocator option: ${key}" at the first CUDA allocation${valueProblem ? `, and ${meant} takes exactly True or False, not ${quoteInput(value)}` : ''}`,
        fix: `write ${variable}=${conf.replace(entry, `${meant}:${meantValue}`)}`,
      });
    } else if (!knownKeys.has(key)) {
      problems.push({
        severity: 'error',
        problem: `unknown option "${key}"; PyTorch raises "Unrecognized CachingAllocator option: ${key}" at the first CUDA allocation`,
        fix: `remove ${key} from ${variable}`,
      });
    } else if (booleanKeys.includes(key) && value !== 'True' && value !== 'False') {
      problems.push({
        severity: 'error',
        problem: `${key} takes exactly True or False, not ${quoteInput(value)}`,
        fix: `write ${key}:${/^(1|true|yes|on)$/i.test(value) ? 'True' : 'False'}`,
      });
    } else if (key === 'max_split_size_mb' && !(Number.isInteger(Number(value)) && Number(value) >= 20)) {
      // parseMaxSplitSize: "must be >= kLargeBuffer/kMB" (20 MiB).
      problems.push({
        severity: 'error',
        problem: `max_split_size_mb must be a whole number ≥ 20, not ${quoteInput(value)}`,
        fix: 'write max_split_size_mb:128',
      });
    } else if (key === 'garbage_collection_threshold' && !(Number(value) > 0 && Number(value) < 1)) {
      problems.push({
        severity: 'error',
        problem: `garbage_collection_threshold must be between 0 and 1, not ${quoteInput(value)}`,
        fix: 'write garbage_collection_threshold:0.8',
      });
    } else if (key === 'backend' && value !== 'native' && value !== 'cudaMallocAsync') {
      problems.push({
        severity: 'error',
        problem: `backend is native or cudaMallocAsync, not ${quoteInput(value)}`,
        fix: 'write backend:cudaMallocAsync or remove it',
      });
    }
  }
  if (keys.has('per_process_memory_fraction')) {
    problems.push({
      severity: 'warning',
      problem: `per_process_memory_fraction is read only by PyTorch ${torchKeyMinVersion.per_process_memory_fraction} and later (pytorch/pytorch#161035); older releases raise "Unrecognized CachingAllocator option: per_process_memory_fraction" at the first CUDA allocation`,
      fix: 'on older PyTorch remove it and call torch.cuda.set_per_process_memory_fraction(f) (headroom run does that through its bootstrap)',
    });
  }
  if (keys.get('expandable_segments') === 'True' && keys.has('max_split_size_mb')) {
    // should_split() in c10/cuda/CUDACachingAllocator.cpp splits expandable segments whatever the size.
    problems.push({
      severity: 'info',
      problem:
        'max_split_size_mb and expandable_segments are two remedies for the same fragmentation; with expandable segments, blocks are split regardless of max_split_size_mb',
      fix: 'keep expandable_segments:True and remove max_split_size_mb',
    });
  }
  if (keys.get('backend') === 'cudaMallocAsync' && keys.get('expandable_segments') === 'True') {
    problems.push({
      severity: 'warning',
      problem:
        "backend:cudaMallocAsync replaces the native caching allocator, so expandable_segments (a native-allocator option) does nothing; fragmentation is then the CUDA driver pool's",
      fix: 'remove expandable_segments:True, or the backend option to keep the native allocator',
    });
  }
  if (keys.get('backend') === 'cudaMallocAsync') {
    const ignored = nativeOnly.filter((k) => keys.has(k));
    if (ignored.length > 0) {
      problems.push({
        severity: 'warning',
        problem: `backend:cudaMallocAsync ignores ${ignored.join(', ')}`,
        fix: `remove ${ignored.join(', ')} or the backend option`,
      });
    }
  }
  if (keys.has('garbage_collection_threshold') && !keys.has('per_process_memory_fraction') && !hasFraction) {
    // It only runs when a fraction is set (DeviceCachingAllocator::malloc, FACTS Q7).
    problems.push({
      severity: 'info',
      problem: 'garbage_collection_threshold only acts when a per-process memory fraction is set',
      fix: 'also call torch.cuda.set_per_process_memory_fraction(f) (or per_process_memory_fraction:f on recent PyTorch)',
    });
  }
  return problems;
}
