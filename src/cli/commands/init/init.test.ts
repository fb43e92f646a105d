// `headroom init` on the simulated card with the example workloads running: the config it writes names
// each process's command, a framework guess and a starting budget, and `plan` accepts it; a second init
// refuses to overwrite (exit 2, one line); commands after `--` give a config too.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { guessFramework } from '../../../init/guess-framework.js';
import { newSimDir, startWorkload } from '../../../probe/gpu/test-helpers/workloads.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';
import { splitCommands } from './index.js';

describe('headroom init', () => {
  test('from the example workloads running on the simulated card: plan accepts what it writes', async () => {
    const env = { HEADROOM_SIM_DIR: newSimDir(), HEADROOM_GPU: 'sim:24GiB' };
    const cwd = scratchDir('init');
    const learner = startWorkload(
      'fake-jax.mjs',
      ['--step', '256MiB', '--steps', '4', '--interval-ms', '10', '--hold-ms', '-1'],
      {
        ...env,
        XLA_PYTHON_CLIENT_MEM_FRACTION: '0.3',
        XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
        HEADROOM_PROCESS: 'learner',
      },
    );
    const sim = startWorkload('fake-sim.mjs', ['--gpu-memory', '2GiB', '--host-memory', '16MiB'], env);
    try {
      await Promise.all([learner.waitFor(/step 4|holding|ready/i), sim.waitFor(/ready/)]);
      const written = await runHeadroom(['init', '--json'], { env, cwd });
      assert.equal(written.code, 0, written.stderr);
      const data = JSON.parse(written.stdout);
      assert.equal(data.source, 'running');
      const byName = new Map<string, { framework: string; command: string[]; budgetBytes: number }>(
        data.processes.map((p: { name: string }) => [p.name, p]),
      );
      assert.equal(byName.get('learner')?.framework, 'jax');
      assert.equal(byName.get('fake-sim')?.framework, 'other');
      assert.ok(byName.get('fake-sim')!.command.some((a) => a.endsWith('fake-sim.mjs')));
      const yaml = readFileSync(path.join(cwd, 'headroom.yaml'), 'utf8');
      assert.match(yaml, /gpu_memory: \d+MiB {2}# a starting budget: .* in use when init looked/);
      assert.match(yaml, /framework: jax {2}# a guess: its command names jax/);
      const planned = await runHeadroom(['plan', '--json'], { env, cwd });
      assert.equal(planned.code, 0, planned.stdout + planned.stderr);
      assert.deepEqual(
        JSON.parse(planned.stdout)
          .processes.map((p: { name: string }) => p.name)
          .sort(),
        ['fake-sim', 'learner'],
      );

      const again = await runHeadroom(['init'], { env, cwd });
      assert.equal(again.code, 2);
      assert.equal(
        again.stderr,
        'headroom: headroom.yaml exists: headroom init never overwrites a file (pass -o OTHER.yaml, or move it away)\n',
      );
      assert.equal(readFileSync(path.join(cwd, 'headroom.yaml'), 'utf8'), yaml);
    } finally {
      learner.child.kill('SIGKILL');
      sim.child.kill('SIGKILL');
    }
  });

  test('from commands after --, with a card by name: plan accepts it', async () => {
    const cwd = scratchDir('init');
    const { code, stdout, stderr } = await runHeadroom(
      [
        'init',
        '--gpu',
        'rtx-4090',
        '-o',
        'rl.yaml',
        '--',
        'python',
        'learner_jax.py',
        '--',
        'python',
        '-m',
        'torch.distributed.run',
        'train.py',
      ],
      { cwd, env: { HEADROOM_GPU: '' } },
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /wrote rl\.yaml from the commands given/);
    const planned = await runHeadroom(['plan', '-c', 'rl.yaml', '--json'], { cwd });
    assert.equal(planned.code, 0, planned.stdout);
    const processes = JSON.parse(planned.stdout).processes;
    assert.deepEqual(
      processes.map((p: { name: string; framework: string }) => [p.name, p.framework]),
      [
        ['learner_jax', 'jax'],
        ['train', 'torch'],
      ],
    );
  });

  test('an existing file is refused before anything is read (exit 2), and left as it was', async () => {
    const cwd = scratchDir('init');
    writeFileSync(path.join(cwd, 'headroom.yaml'), 'mine\n');
    const { code, stderr } = await runHeadroom(['init', '--', 'python', 'train.py'], { cwd });
    assert.equal(code, 2);
    assert.equal(stderr.trim().split('\n').length, 1);
    assert.equal(readFileSync(path.join(cwd, 'headroom.yaml'), 'utf8'), 'mine\n');
  });

  test('framework guesses: a loaded library wins over the command', () => {
    assert.deepEqual(
      guessFramework(
        ['python', 'train.py'],
        ['7f00 r-xp 00 08:01 1 /venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so'],
      ),
      { framework: 'torch', because: 'loaded libtorch_cuda.so' },
    );
    assert.equal(guessFramework(['python', 'train_tf.py']).framework, 'tensorflow');
    assert.equal(guessFramework(['isaac-sim.sh']).framework, 'other');
  });

  test('commands are split at each --', () => {
    assert.deepEqual(splitCommands(['python', 'a.py', '--', 'python', 'b.py', '-x']), [
      ['python', 'a.py'],
      ['python', 'b.py', '-x'],
    ]);
  });
});
