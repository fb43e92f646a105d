// TensorRT-LLM's executor that could not create a component (the model, the KV cache, ...) for lack of
// memory: _ExecutorMemoryMonitor._maybe_explain_if_oom prints the failure, then the component, the
// card's total and the free memory before it, one per line.

import type { FactRule, LogRule } from '../../types.js';
import { definedFacts } from '../extract.js';

const GiB = 1024 ** 3;
const source =
  'NVIDIA/TensorRT-LLM tensorrt_llm/_torch/pyexecutor/py_executor_creator.py _ExecutorMemoryMonitor';

/** TensorRT-LLM's start-up memory failure: its first line, or the line naming the component. */
export const tensorrtLlmRules: LogRule[] = [
  {
    code: 'tensorrt-llm-executor-oom',
    kind: 'gpu_oom',
    framework: 'tensorrt-llm',
    weight: 3,
    keywords: [
      'executor creation failed due to insufficient gpu memory',
      'the following component could not be created',
    ],
    pattern:
      /Executor creation failed due to insufficient GPU memory|The following component could not be created: ([^\n]+)/,
    source,
    summary: 'TensorRT-LLM could not create its executor: a component did not fit in the free GPU memory',
    extract: ({ match }) => ({ facts: definedFacts({ component: match[1]?.trim() }) }),
  },
];

/** The card's total and the free memory before the failed component, printed on the lines after it. */
export const tensorrtLlmFactRules: FactRule[] = [
  {
    family: 'tensorrt-llm',
    keywords: ['total gpu memory (gib)', 'free gpu memory before component creation attempt'],
    pattern: /(Total GPU memory|Free GPU memory before component creation attempt) \(GiB\): ([\d.]+)/,
    source,
    extract: (m) => ({
      [m[1]?.startsWith('Total') ? 'totalBytes' : 'freeBytes']: Math.round(Number(m[2]) * GiB),
    }),
  },
];
