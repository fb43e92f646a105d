// Seed 000/003 style: a PyTorch trainer beside a JAX actor and a simulator on one simulated card. With
// the in-process cap (enforce: cap, the default) the trainer fails with PyTorch's own OOM at its budget
// and its neighbours run on; without it, it grows past its budget. Run in-process through the dispatcher.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const workload = (name: string) => JSON.stringify(join(repoRoot, 'examples', 'workloads', name));

function config(trainerExtra: string): string {
  return [
    'gpus:',
    '  - memory: 24GiB',
    '    simulated: true',
    'processes:',
    '  sim:',
    `    command: [node, ${workload('fake-sim.mjs')}, --gpu-memory, 4GiB, --host-memory, 16MiB, --duration-ms, '2500']`,
    '    framework: other',
    '    gpu_memory: 6GiB',
    '    ready_when: ^ready',
    '  trainer:',
    `    command: [node, ${workload('fake-torch.mjs')}, --step, 1GiB, --steps, '6', --interval-ms, '100', --host-per-step, 1MiB]`,
    '    framework: torch',
    '    gpu_memory: 4GiB',
    '    depends_on: [sim]',
    ...trainerExtra.split('\n').filter(Boolean),
    '  actor:',
    `    command: [node, ${workload('fake-jax.mjs')}, --steps, '4', --step, 256MiB, --interval-ms, '300', --host-per-step, 1MiB]`,
    '    framework: jax',
    '    gpu_memory: 10%',
    '    depends_on: [sim]',
    '',
  ].join('\n');
}

async function runConfig(text: string) {
  const dir = scratchDir('caps');
  const file = join(dir, 'headroom.yaml');
  writeFileSync(file, text);
  const runDir = join(dir, 'run');
  const result = await runHeadroom(['run', '-c', file, '--run-dir', runDir, '--json'], {
    env: { HEADROOM_SIM_DIR: join(dir, 'sim'), PYTHONPATH: '', HEADROOM_BOOT: '' },
  });
  const plan = JSON.parse(readFileSync(join(runDir, 'plan.json'), 'utf8'));
  const summary = JSON.parse(result.stdout || '{"processes": []}');
  const reasons = Object.fromEntries(
    summary.processes.map((p: { name: string; reason: string }) => [p.name, p.reason]),
  );
  const because = Object.fromEntries(
    summary.processes.map((p: { name: string; because: string }) => [p.name, p.because]),
  );
  const log = readFileSync(join(runDir, 'logs', 'trainer.log'), 'utf8');
  return { result, plan, reasons, because, log };
}

test('the capped torch process fails with its own OOM at its budget; its neighbours run on', async () => {
  const { result, plan, reasons, because, log } = await runConfig(config(''));
  const trainer = plan.processes.find((p: { name: string }) => p.name === 'trainer');
  assert.equal(trainer.capBy, 'bootstrap');
  assert.equal(trainer.env.HEADROOM_BOOT, 'torch-alloc,torch-cap,peaks');
  assert.deepEqual(reasons, { sim: 'exited', trainer: 'gpu-oom', actor: 'exited' }, result.stderr);
  // Its own cap, not a full card: the cause judge says so from PyTorch's numbers (src/verdict/cause.ts).
  assert.match(because.trainer, /^own cap: trainer asked for 1\.00 GiB with .* would not fit under its cap/);
  assert.equal(result.code, 1);
  // 4 GiB of 24 GiB is 0.1666 of total: 3 steps of 1 GiB fit, the 4th is over the cap while the card
  // still has more than 10 GiB free, so the OOM is the cap's, not the card's.
  assert.match(log, /step 3\/6: 3\.00 GiB reserved/);
  assert.doesNotMatch(log, /step 4\/6/);
  const free = /of which ([\d.]+) GiB is free/.exec(log);
  assert.ok(free && Number(free[1]) > 10, log);
  assert.match(log, /torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate 1024\.00 MiB/);
});

test('enforce: warn: nothing caps it in-process, and it grows past its budget', async () => {
  const { result, reasons, log } = await runConfig(config('    enforce: warn'));
  assert.deepEqual(reasons, { sim: 'exited', trainer: 'exited', actor: 'exited' }, result.stderr);
  assert.match(log, /step 6\/6: 6\.00 GiB reserved/);
});
