// Values that frameworks misread, and variables that fight each other (FACTS Q1-Q3, Q7, Q11).

import { quoteInput } from '../units.js';
import { jaxFractionNames, parseJaxFraction } from './jax-fraction.js';

/** A problem with one variable's value: what frameworks make of it, and what to write instead. */
export interface ValueProblem {
  variable: string;
  value: string;
  problem: string;
  fix: string;
}

/** Whether XLA_PYTHON_CLIENT_PREALLOCATE turns preallocation off: jaxlib reads only false, False and 0 so. */
export function isPreallocateOff(value: string | undefined): boolean {
  return value === 'false' || value === 'False' || value === '0';
}

/** Checks one variable's value; undefined when it means what it looks like. */
export function checkEnvValue(variable: string, value: string): ValueProblem | undefined {
  if (
    variable === 'XLA_PYTHON_CLIENT_PREALLOCATE' &&
    !['true', 'false', 'True', 'False', '0', '1'].includes(value)
  ) {
    // jaxlib: preallocate = value not in ('false', 'False', '0'), so FALSE/no/off all mean true.
    return {
      variable,
      value,
      problem: `JAX reads ${quoteInput(value)} as true (only false, False and 0 turn preallocation off)`,
      fix: `write ${variable}=false`,
    };
  }
  if (jaxFractionNames.includes(variable)) {
    const parsed = parseJaxFraction(value);
    if (parsed.grammar === 'invalid') {
      return {
        variable,
        value,
        problem: `${quoteInput(value)} is not a number; jaxlib's float() raises and JAX falls back to CPU`,
        fix: `write a plain decimal such as ${variable}=0.30`,
      };
    }
    const { start } = parsed;
    const cap = parsed.grammar === 'pair' ? parsed.cap : start;
    if (start <= 0 || start > 1 || (parsed.grammar === 'pair' && (cap < start || cap > 1))) {
      return {
        variable,
        value,
        problem:
          parsed.grammar === 'pair'
            ? `${value} is no START-CAP pair XLA accepts (0 < START <= CAP <= 1)`
            : `${value} is outside (0, 1]; above 1 only works with TF_FORCE_UNIFIED_MEMORY=1`,
        fix: `write a fraction of total memory between 0 and 1, such as ${variable}=0.30`,
      };
    }
  }
  if (variable === 'TF_FORCE_GPU_ALLOW_GROWTH' && value !== 'true' && value !== 'false') {
    return {
      variable,
      value,
      problem: `TensorFlow ignores ${quoteInput(value)} (it compares with exactly "true" or "false")`,
      fix: `write ${variable}=true`,
    };
  }
  return undefined;
}

/** JAX allocators that the memory fraction does not cap (FACTS Q3). */
export const uncappedJaxAllocators = ['platform', 'cuda_async'];
