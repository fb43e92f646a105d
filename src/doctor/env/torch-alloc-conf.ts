// PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF as PyTorch parses them (FACTS Q7): `key:value`
// pairs separated by commas; unknown keys raise "Unrecognized CachingAllocator option".

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
]);

const nativeOnly = ['max_split_size_mb', 'roundup_power2_divisions', 'garbage_collection_threshold'];
const booleanKeys = ['expandable_segments', 'pinned_use_cuda_host_register', 'release_lock_on_cudamalloc'];

/** Splits `a:1,b:[x:1,y:2]` into entries, keeping bracketed lists whole. */
function splitEntries(conf: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of conf) {
    if (char === '[') depth += 1;
    if (char === ']') depth -= 1;
    if (char === ',' && depth === 0) {
      entries.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim() !== '') entries.push(current.trim());
  return entries.filter(Boolean);
}

/** Checks one allocator config value; [] when PyTorch accepts it as meant. */
export function checkAllocConf(variable: string, conf: string): AllocConfProblem[] {
  const problems: AllocConfProblem[] = [];
  const keys = new Map<string, string>();
  for (const entry of splitEntries(conf)) {
    const colon = entry.indexOf(':');
    if (colon < 0) {
      const guess = entry.replace('=', ':');
      problems.push({
        severity: 'error',
        problem: `"${entry}" is not key:value; PyTorch raises "Unrecognized CachingAllocator option"`,
        fix: `write ${variable}=${guess.includes(':') ? guess : `${entry}:<value>`}`,
      });
      continue;
    }
    const key = entry.slice(0, colon).trim();
    const value = entry.slice(colon + 1).trim();
    keys.set(key, value);
    if (!knownKeys.has(key)) {
      problems.push({
        severity: 'error',
        problem: `unknown option "${key}"; PyTorch raises "Unrecognized CachingAllocator option: ${key}" at the first CUDA allocation`,
        fix: `remove ${key} from ${variable}`,
      });
    } else if (booleanKeys.includes(key) && value !== 'True' && value !== 'False') {
      problems.push({
        severity: 'error',
        problem: `${key} takes exactly True or False, not "${value}"`,
        fix: `write ${key}:${/^(1|true|yes|on)$/i.test(value) ? 'True' : 'False'}`,
      });
    } else if (key === 'max_split_size_mb' && !(Number.isInteger(Number(value)) && Number(value) >= 20)) {
      // parseMaxSplitSize: "must be >= kLargeBuffer/kMB" (20 MiB).
      problems.push({
        severity: 'error',
        problem: `max_split_size_mb must be a whole number ≥ 20, not "${value}"`,
        fix: 'write max_split_size_mb:128',
      });
    } else if (key === 'garbage_collection_threshold' && !(Number(value) > 0 && Number(value) < 1)) {
      problems.push({
        severity: 'error',
        problem: `garbage_collection_threshold must be between 0 and 1, not "${value}"`,
        fix: 'write garbage_collection_threshold:0.8',
      });
    } else if (key === 'backend' && value !== 'native' && value !== 'cudaMallocAsync') {
      problems.push({
        severity: 'error',
        problem: `backend is native or cudaMallocAsync, not "${value}"`,
        fix: 'write backend:cudaMallocAsync or remove it',
      });
    }
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
  if (keys.has('garbage_collection_threshold') && !keys.has('per_process_memory_fraction')) {
    // It only runs when a fraction is set (DeviceCachingAllocator::malloc, FACTS Q7).
    problems.push({
      severity: 'info',
      problem: 'garbage_collection_threshold only acts when a per-process memory fraction is set',
      fix: 'also call torch.cuda.set_per_process_memory_fraction(f) (or per_process_memory_fraction:f on recent PyTorch)',
    });
  }
  return problems;
}
