// Ignores SIGTERM and SIGINT and starts two grandchildren that ignore them too, one of them
// in its own session (detached: setsid), then prints their PIDs and waits forever.
// `node ignore-term.mjs` (parent) or `node ignore-term.mjs child`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
setInterval(() => {}, 1000);
if (process.argv[2] !== 'child') {
  const self = fileURLToPath(import.meta.url);
  const inGroup = spawn(process.execPath, [self, 'child'], { stdio: 'ignore' });
  const escaped = spawn(process.execPath, [self, 'child'], { stdio: 'ignore', detached: true });
  escaped.unref();
  console.log(`pids ${process.pid} ${inGroup.pid} ${escaped.pid}`);
  console.log('ready');
}
