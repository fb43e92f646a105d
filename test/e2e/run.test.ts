// The built CLI's `run` under signals: SIGINT, a second SIGINT, SIGQUIT stop every process group
// (the rest of `run` is tested in-process, src/cli/commands/run).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliPath as bin, repoRoot as repo } from './cli.js';

const programs = join(repo, 'test/programs');
const scratch = mkdtempSync(join(tmpdir(), 'headroom-e2e-'));
let runCount = 0;

before(() => {
  assert.ok(
    existsSync(join(repo, 'dist/bin/cli.cjs')),
    'dist/bin/cli.cjs is missing: run `npm run build` first',
  );
});
after(() => rmSync(scratch, { recursive: true, force: true }));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startCli(args: string[]): {
  child: ChildProcess;
  finished: Promise<Finished>;
  stdout: () => string;
} {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: scratch,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, finished, stdout: () => stdout };
}

/** Resolves once stdout matches `pattern`; rejects when the CLI ends first, or after timeoutMs (a hang guard). */
async function waitForStdout(
  cli: ReturnType<typeof startCli>,
  pattern: RegExp,
  timeoutMs = 600_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  let hasEnded = false;
  void cli.finished.then(() => {
    hasEnded = true;
  });
  for (;;) {
    const match = pattern.exec(cli.stdout());
    if (match) return match;
    if (hasEnded || Date.now() > deadline)
      throw new Error(`no ${pattern} in stdout (${hasEnded ? 'it ended' : 'a hang?'}):\n${cli.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const newRunDir = (): string => join(scratch, `run-${++runCount}`);
/** The PIDs among `pids` still alive (zombies count as gone). */
const alive = (pids: readonly number[]): number[] =>
  pids.filter(
    (pid) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
  );

/** `headroom run` over ignore-term.mjs, once it and its two SIGTERM-ignoring grandchildren are up. */
async function startIgnoringTerm(
  stopGrace: string,
): Promise<{ cli: ReturnType<typeof startCli>; pids: number[] }> {
  const cli = startCli([
    'run',
    '--stop-grace',
    stopGrace,
    '--run-dir',
    newRunDir(),
    '--',
    process.execPath,
    join(programs, 'ignore-term.mjs'),
  ]);
  const pids = (await waitForStdout(cli, /pids (\d+) (\d+) (\d+)/)).slice(1).map(Number);
  await waitForStdout(cli, /\| ready/);
  return { cli, pids };
}

describe('headroom run -- CMD', () => {
  test('SIGINT stops the command and its grandchildren (which ignore SIGTERM) and exits 130', async () => {
    const { cli, pids } = await startIgnoringTerm('500ms');
    cli.child.kill('SIGINT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /^node\s+interrupted\s+SIGKILL\s/m);
    assert.deepEqual(alive(pids), []);
  });

  test('a second SIGINT skips the grace period: every process is killed at once', async () => {
    const { cli, pids } = await startIgnoringTerm('10m');
    cli.child.kill('SIGINT');
    await waitForStdout(cli, /sent SIGINT to node's process group/);
    cli.child.kill('SIGINT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /SIGINT again: killing every process now/);
    assert.match(stdout, /stopped at once \(a second stop request\): sent SIGKILL/);
    assert.deepEqual(alive(pids), []);
  });

  test('SIGQUIT (Ctrl-\\) stops the run like SIGTERM instead of leaving the children behind', async () => {
    const { cli, pids } = await startIgnoringTerm('300ms');
    cli.child.kill('SIGQUIT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /sent SIGTERM to node's process group/);
    assert.deepEqual(alive(pids), []);
  });
});
