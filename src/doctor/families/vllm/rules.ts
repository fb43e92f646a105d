// vLLM's start-up refusal: less memory free than its utilization of the card's total. (Its KV-cache errors
// are the allocation family's `kv-cache-too-small`, whose code and figures predate this family.)

import type { LogRule } from '../../types.js';
import { definedFacts } from '../extract.js';

const GiB = 1024 ** 3;
/** vLLM prints sizes with format_gib: round(bytes / GiB, 2). */
export const gibBytes = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Math.round(Number(text) * GiB);

/** vLLM's start-up refusal. */
export const vllmRules: LogRule[] = [
  {
    code: 'vllm-free-memory-at-startup',
    kind: 'gpu_oom',
    framework: 'vllm',
    weight: 3,
    keywords: ['is less than desired gpu memory utilization'],
    pattern:
      /Free memory on device\s*(\S*?)\s*\(([\d.]+)\/([\d.]+) GiB\) on startup is less than desired GPU memory utilization \(([\d.]+), ([\d.]+) GiB\)/,
    // vllm/v1/worker/utils.py request_memory (0.10+; gpu_worker.py init_device before it).
    source: 'vllm-project/vllm vllm/v1/worker/utils.py request_memory',
    summary: 'vLLM refused to start: less memory was free than gpu_memory_utilization × total',
    extract: ({ match }) => ({
      facts: definedFacts({
        device: match[1] || undefined,
        freeBytes: gibBytes(match[2]),
        totalBytes: gibBytes(match[3]),
        utilization: Number(match[4]),
        requestedBytes: gibBytes(match[5]),
      }),
    }),
  },
];
