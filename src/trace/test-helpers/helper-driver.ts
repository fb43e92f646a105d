// Runs the trace helper with the "python" named in argv[2] (a stand-in that records its pid and waits),
// so a test can signal this process alone and see what becomes of the helper.
import { runTraceHelper } from '../helper.js';

const [python, cwd] = process.argv.slice(2) as [string, string];
await runTraceHelper(python, {
  framework: 'torch',
  cwd,
  batchSize: 1,
  precision: 'fp32',
  optimizer: 'sgd',
} as Parameters<typeof runTraceHelper>[1]).catch(() => process.exit(3));
