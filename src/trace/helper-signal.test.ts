// A signal sent to headroom alone while --trace runs (kill, a timeout wrapper, a scheduler's SIGTERM)
// ends the helper too, and headroom dies of that signal: no Python left running on its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runnableSource } from '../test-helpers/runnable-source.js';

const driver = runnableSource(fileURLToPath(new URL('./test-helpers/helper-driver.ts', import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), 'headroom-trace-signal-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Running, not a zombie: once headroom dies, its killed helper is reparented to the machine's init,
// which may reap it late (seen under load in a CI run), and kill(pid, 0) succeeds on a zombie.
const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self/stat');
  }
};

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to headroom alone ends the trace helper and headroom dies of it`, async () => {
    const pidFile = join(dir, `helper-${signal}.pid`);
    const python = join(dir, `python-${signal}`);
    writeFileSync(python, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 60\n`);
    chmodSync(python, 0o755);
    const headroom = spawn(process.execPath, [...process.execArgv, driver, python, dir], { stdio: 'ignore' });
    // The shell creates the file before it writes the pid: wait for the whole line, not the file.
    const writtenPid = (): number => {
      const text = existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '';
      return /^\d+\n$/.test(text) ? Number(text) : 0;
    };
    for (let i = 0; i < 200 && writtenPid() === 0; i++) await sleep(50);
    const helperPid = writtenPid();
    assert.ok(helperPid > 0, 'the helper wrote its pid');
    assert.ok(isAlive(helperPid), 'the helper runs');
    const ended = new Promise<NodeJS.Signals | null>((resolve) => headroom.on('exit', (_c, s) => resolve(s)));
    headroom.kill(signal);
    assert.equal(await ended, signal);
    for (let i = 0; i < 100 && isAlive(helperPid); i++) await sleep(50);
    assert.equal(isAlive(helperPid), false, 'the helper is gone');
  });
}
