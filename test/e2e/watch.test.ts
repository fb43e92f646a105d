// `headroom watch` in a real terminal (tmux): it draws a frame on the alternate screen, and `q` or Ctrl-C
// leaves the terminal as it was (main screen, cursor shown, raw mode off).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../src/probe/gpu/test-helpers/shared.js';
import { newSimDir } from '../../src/probe/gpu/test-helpers/workloads.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const skip = !existsSync(path.join(repoRoot, 'dist', 'bin', 'cli.cjs'))
  ? 'needs the built CLI: run npm run build (npm test does)'
  : hasTmux
    ? undefined
    : 'needs tmux (apt-get install tmux) to drive a real terminal';
// One tmux server per session: a server whose last session ended exits, and a new session started on
// its socket meanwhile fails with "server exited unexpectedly".
const socketOf = (session: string): string => `headroom-test-${process.pid}-${session}`;
let socket = socketOf('none');
const tmux = (...args: string[]): string =>
  execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

// The clock only ends a hang: a loaded CI draws the pane late, never wrong.
async function waitForPane(session: string, pattern: RegExp, timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pane = tmux('capture-pane', '-p', '-t', session);
    if (pattern.test(pane)) return pane;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; pane:\n${pane}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runWatchAndQuit(key: string[], expectedExit: number): Promise<void> {
  const session = `watch${expectedExit}`;
  socket = socketOf(session);
  const command = [
    `cd ${JSON.stringify(repoRoot)}`,
    `HEADROOM_SIM_DIR=${newSimDir()} ${JSON.stringify(process.execPath)} bin/headroom.js watch --gpu sim:24GiB --interval 200`,
    'echo EXIT=$?',
    "stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '",
    'echo',
    'sleep 60',
  ].join('; ');
  tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '30', command);
  try {
    const frame = await waitForPane(session, /headroom watch · sim \(simulated\)/);
    assert.match(frame, /GPU 0\s+simulated GPU\s+\[░+\]\s+0 B \/ 24\.00 GiB/);
    assert.equal(tmux('display', '-p', '-t', session, '#{alternate_on}').trim(), '1');
    tmux('send-keys', '-t', session, ...key);
    const after = await waitForPane(session, /EXIT=\d+[\s\S]*echo/);
    assert.match(after, new RegExp(`EXIT=${expectedExit}`));
    assert.match(after, /(^|\s)icanon echo/, 'raw mode is off');
    assert.doesNotMatch(after, /headroom watch ·/, 'the frame was on the alternate screen');
    assert.equal(tmux('display', '-p', '-t', session, '#{alternate_on} #{cursor_flag}').trim(), '0 1');
  } finally {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
  }
}

test('watch under tmux: a frame, then q restores the terminal', { skip }, async () => {
  await runWatchAndQuit(['q'], 0);
  await runWatchAndQuit(['C-c'], 130);
});
