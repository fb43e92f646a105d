// cuDNN's report of the card's memory when it failed to initialise.
import type { FactRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** Facts of cuDNN's start-up report. */
export const cudnnFactRules: FactRule[] = [
  {
    family: 'cudnn',
    keywords: ['memory usage:'],
    pattern: /Memory usage: (\d+) bytes free, (\d+) bytes total/,
    source: 'openxla/xla stream_executor/cuda/cuda_dnn.cc CudnnSupport::Init',
    extract: (m) => definedFacts({ freeBytes: intOf(m[1]), totalBytes: intOf(m[2]) }),
  },
];
