// What the whole log shows, beside any failure: which frameworks, a traceback, command lines, worker
// pools, /dev/shm's size. Facts of the `context` table that every family's explanation reads.
import type { DoctorFamily } from '../types.js';
import { contextFactRules } from './context.js';
import { evidenceRules } from './evidence.js';

/** The log family: facts only. */
export const logFamily: DoctorFamily = {
  name: 'log',
  rules: [],
  factRules: [...contextFactRules, ...evidenceRules],
  layers: [],
};
