import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../../test-helpers/scratch.js';
import { readEnvironVariable, readEnvironVariables, readProcessLabel } from './process-label.js';

test('reads HEADROOM_PROCESS from a fake /proc/PID/environ', () => {
  const procRoot = scratchDir('proc');
  mkdirSync(join(procRoot, '42'));
  writeFileSync(join(procRoot, '42', 'environ'), 'PATH=/bin\0HEADROOM_PROCESS=actor.1\0X=a=b\0');
  assert.equal(readProcessLabel(42, procRoot), 'actor.1');
  assert.equal(readEnvironVariable(42, 'X', procRoot), 'a=b');
  assert.equal(readEnvironVariable(42, 'MISSING', procRoot), undefined);
  assert.equal(readProcessLabel(43, procRoot), undefined);
  assert.deepEqual(readEnvironVariables(42, ['HEADROOM_PROCESS', 'X', 'MISSING'], procRoot), {
    HEADROOM_PROCESS: 'actor.1',
    X: 'a=b',
  });
  assert.deepEqual(readEnvironVariables(43, ['X'], procRoot), {});
});

test('a real child and its grandchild carry the label they were started with', async () => {
  const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
    env: { ...process.env, HEADROOM_PROCESS: 'learner' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
    );
    assert.equal(readProcessLabel(child.pid!), 'learner');
    assert.equal(readProcessLabel(grandchild), 'learner');
    process.kill(grandchild, 'SIGKILL');
  } finally {
    child.kill('SIGKILL');
  }
});
