// `gpus -c FILE`: live processes matched to their planned budgets through HEADROOM_PROCESS.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newSimDir, startWorkload } from '../../src/probe/gpu/test-helpers/workloads.js';
import { repoRoot, runCli } from './cli.js';

const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

test('a planned process on a simulated card shows its name and budget; others show none', async () => {
  const env = { HEADROOM_SIM_DIR: newSimDir(), HEADROOM_GPU: 'sim:24GiB' };
  const planned = startWorkload('fake-sim.mjs', ['--gpu-memory', '2GiB', '--host-memory', '16MiB'], {
    ...env,
    HEADROOM_PROCESS: 'sim',
  });
  const stranger = startWorkload('fake-sim.mjs', ['--gpu-memory', '1GiB', '--host-memory', '16MiB'], env);
  try {
    await planned.waitFor(/ready/);
    await stranger.waitFor(/ready/);
    const json = runCli(['gpus', '--gpu', 'sim:24GiB', '-c', seed000, '--json'], { env });
    assert.equal(json.code, 0, json.stderr);
    const processes = JSON.parse(json.stdout).processes as {
      pid: number;
      process: string | null;
      budgetBytes: number | null;
    }[];
    const simBudget = JSON.parse(runCli(['plan', '-c', seed000, '--json']).stdout).processes[0].budgetBytes;
    assert.deepEqual(
      processes.map((p) => [p.pid, p.process, p.budgetBytes]).sort(),
      [
        [planned.child.pid, 'sim', simBudget],
        [stranger.child.pid, null, null],
      ].sort(),
    );
    const text = runCli(['gpus', '--gpu', 'sim:24GiB', '-c', seed000], { env });
    assert.match(text.stdout, /BUDGET/);
    // The sim's budget in examples/rl-isaac: what 1 GiB contexts, the reserve and the JAX budgets leave.
    assert.match(text.stdout, /10\.90 GiB/);
  } finally {
    planned.child.kill('SIGKILL');
    stranger.child.kill('SIGKILL');
  }
});
