// The reporter's own words: a memory failure stated only in the sentence of the person who filed the
// log (issue 23, the prose group). Its draft is explained as allocation/generic.ts's retold finding is
// (allocation/explain.ts for a device, host/explain.ts for the host): both are a memory failure told
// in words, with only the figures the sentence gives.
import { explainAllocation } from '../allocation/explain.js';
import { lastExceptionFactRule } from '../allocation/generic.js';
import type { DoctorFamily } from '../types.js';
import { reporterAccountCode, reporterAccountRule } from './reporter-account.js';

/** The prose family. */
export const proseFamily: DoctorFamily = {
  name: 'prose',
  rules: [reporterAccountRule],
  // The log's last exception (a program's own failure), which a retelling does not outrank (resolve.ts).
  factRules: [lastExceptionFactRule],
  layers: [],
  codes: [reporterAccountCode],
  explain: explainAllocation,
};
