// Starts N children that each allocate MiB and hold it; prints "all allocated" once they
// have, holds for holdMs, then ends them and exits: `node children.mjs N MiB holdMs`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const count = Number(process.argv[2] ?? 4);
const mib = process.argv[3] ?? '100';
const holdMs = Number(process.argv[4] ?? 2000);
const allocate = fileURLToPath(new URL('./allocate.mjs', import.meta.url));
let allocated = 0;
const children = Array.from({ length: count }, () => {
  const child = spawn(process.execPath, [allocate, mib, '600000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.once('data', () => {
    allocated += 1;
    if (allocated === count) {
      console.log('all allocated');
      setTimeout(() => {
        for (const c of children) c.kill('SIGKILL');
        process.exit(0);
      }, holdMs);
    }
  });
  return child;
});
