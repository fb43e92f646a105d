// CUDA and its libraries: allocation failures inside cuBLAS, cuDNN, NCCL and the CUDA runtime, memory
// outside the framework's pool; it explains every GPU failure no other family claims.
import type { DoctorFamily } from '../types.js';
import { cardShownFactRule } from './card-shown.js';
import { explainBareCudaOom, explainLibrary } from './explain.js';
import { cudnnFactRules } from './facts.js';
import { cudaLibraryRules } from './rules.js';

const libraryCodes: readonly string[] = ['library-init-failed', 'library-alloc-failed'];

/** The cuda family. */
export const cudaFamily: DoctorFamily = {
  name: 'cuda',
  rules: cudaLibraryRules,
  factRules: [...cudnnFactRules, cardShownFactRule],
  layers: ['cuda'],
  // A library's start-up or workspace failure is library memory outside the framework's pool, not its batch.
  codes: libraryCodes,
  isFallback: true,
  joinedFacts: { keys: ['cudnn'], layers: ['cudnn', 'cublas'] },
  explain: (draft, context) =>
    draft.framework === 'cuda' && !libraryCodes.includes(draft.code)
      ? explainBareCudaOom(draft, context)
      : explainLibrary(draft, context),
};
