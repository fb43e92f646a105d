// `npm run bench [-- name]`: runs one benchmark by name, or all of them. Each lives in its own
// file and is imported only when run; add new ones to the table.
const benches: Record<string, () => Promise<{ main: (args: string[]) => Promise<void> }>> = {
  'run-output': () => import('./run-output.js'),
  'gpu-sampling': () => import('./gpu-sampling.js'),
  'doctor-large-log': () => import('./doctor-large-log.js'),
  'fit-strategies': () => import('./fit-strategies.js'),
  'fit-vs-lightning': () => import('./fit-vs-lightning.js'),
  'estimate-accuracy': () => import('./estimate-accuracy.js'),
  'estimate-trace': () => import('./estimate-trace.js'),
  'slow-reader': () => import('./slow-reader.js'),
  startup: () => import('./startup.js'),
  'bootstrap-startup': () => import('./bootstrap-startup.js'),
};

import { takeCpuPriority } from './cpu-priority.js';

const argv = process.argv.slice(2);
if (argv.includes('--cpu-priority')) process.stdout.write(`# ${takeCpuPriority()}\n`);
const [name, ...args] = argv.filter((arg) => arg !== '--cpu-priority');
const selected = name === undefined ? Object.keys(benches) : [name];
for (const key of selected) {
  const load = benches[key];
  if (!load) {
    process.stderr.write(`unknown bench ${key}; known: ${Object.keys(benches).join(', ')}\n`);
    process.exitCode = 2;
    break;
  }
  process.stdout.write(`# ${key}\n`);
  await (await load()).main(args);
}
