// Leaves its memory cgroup, the way a root process can: `self MB HOLD_MS` writes its own PID into
// the parent group's cgroup.procs, then allocates MB MiB and holds them; `daemon MB HOLD_MS` first
// double-forks (a detached child in its own session), prints that child's PID and exits at once.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [mode, mb, holdMs] = process.argv.slice(2);
if (mode === 'daemon') {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'self', mb, holdMs], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  console.log(`daemon ${child.pid}`);
  process.exit(0);
}
const line = readFileSync('/proc/self/cgroup', 'utf8')
  .split('\n')
  .find((l) => /^\d+:memory:/.test(l));
const path = line?.split(':')[2] ?? '';
writeFileSync(join('/sys/fs/cgroup/memory', dirname(path), 'cgroup.procs'), String(process.pid));
const buffers = [];
for (let i = 0; i < Number(mb); i++) buffers.push(Buffer.alloc(1024 * 1024, 1));
console.log(`escaped and holding ${buffers.length} MiB`);
setTimeout(() => process.exit(0), Number(holdMs));
