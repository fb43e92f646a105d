// Completion scripts come from the option tables: every command and every flag of it appears in each
// shell's script, `choice` values are offered, and the bash script loads in a real bash and completes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { allCommands } from '../../completion-source.js';
import { commandEntries } from '../../registry.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';
import { shells } from './scripts.js';

const hasBash = spawnSync('bash', ['-c', 'true']).status === 0;

describe('headroom completion', () => {
  test('every command and every flag of it is in each script', async () => {
    const commands = await allCommands();
    assert.deepEqual(
      [...new Set(commands.map((c) => c.name.split(' ')[0]))],
      commandEntries.map((e) => e.name),
    );
    for (const shell of shells) {
      const { code, stdout } = await runHeadroom(['completion', shell], { cwd: scratchDir('completion') });
      assert.equal(code, 0);
      for (const c of commands) {
        for (const word of c.name.split(' ')) assert.ok(stdout.includes(word), `${shell}: command ${c.name}`);
        for (const spec of Object.values(c.options)) {
          const flag = shell === 'fish' ? `-l ${spec.flag.slice(2)}` : spec.flag;
          assert.ok(stdout.includes(flag), `${shell}: ${c.name} ${spec.flag}`);
          for (const choice of spec.choices ?? [])
            assert.ok(stdout.includes(choice), `${shell}: ${spec.flag} ${choice}`);
        }
      }
    }
  });

  test("--processes lists the config's processes and replicas (what env NAME completes to)", async () => {
    const cwd = scratchDir('completion');
    writeFileSync(
      path.join(cwd, 'headroom.yaml'),
      'processes:\n  learner: { framework: jax }\n  actor: { framework: jax, replicas: 2 }\n',
    );
    const { code, stdout } = await runHeadroom(['completion', '--processes'], { cwd });
    assert.equal(code, 0);
    assert.equal(stdout, 'learner\nactor\nactor.0\nactor.1\n');
  });

  test('an unknown shell is a one-line usage error', async () => {
    const { code, stderr } = await runHeadroom(['completion', 'tcsh'], { cwd: scratchDir('completion') });
    assert.equal(code, 2);
    assert.match(stderr, /unknown shell "tcsh": expected one of bash, zsh, fish/);
  });

  test('the bash script loads in real bash and completes commands, flags, choices and process names', {
    skip: hasBash ? false : 'bash is not installed',
  }, async () => {
    const cwd = scratchDir('completion');
    const { stdout: script } = await runHeadroom(['completion', 'bash'], { cwd });
    const file = path.join(cwd, 'headroom.bash');
    writeFileSync(file, script);
    writeFileSync(path.join(cwd, 'headroom.yaml'), 'processes:\n  learner: { framework: jax }\n');
    // A stand-in `headroom` on PATH that answers --processes as the real one does.
    const bin = path.join(cwd, 'bin');
    spawnSync('mkdir', ['-p', bin]);
    writeFileSync(path.join(bin, 'headroom'), '#!/bin/sh\necho learner\n', { mode: 0o755 });
    const complete = (words: string[]): string[] => {
      const run = spawnSync(
        'bash',
        [
          '-c',
          `source "${file}"; complete -p headroom; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _headroom; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } },
      );
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, '');
      const [registered, ...replies] = run.stdout.trim().split('\n');
      assert.match(registered!, /^complete .*-F _headroom headroom$/);
      return replies;
    };
    assert.deepEqual(complete(['headroom', 'pl']), ['plan']);
    assert.ok(complete(['headroom', 'plan', '--']).includes('--shards'));
    assert.deepEqual(complete(['headroom', 'run', '--on', '']), ['local', 'slurm', 'ray']);
    assert.deepEqual(complete(['headroom', 'env', 'le']), ['learner']);
    assert.deepEqual(complete(['headroom', 'slurm', 'sc']), ['script']);
    assert.ok(complete(['headroom', 'slurm', 'script', '--p']).includes('--partition'));
  });
});
