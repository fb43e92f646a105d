// `env NAME -- CMD` and `run` start the same process with the same environment, byte for byte
// (plan/child-env.ts builds both), a simulated card's variables included; a run adds only its own
// markers (the run's id and peaks file), which exist only under a run. The entries are compared as a
// set: under run the cgroup-joining /bin/sh (supervise/spawn.ts) execs the program with the environ
// rebuilt in its own order.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { markerNames } from '../../../plan/child-env.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

// The child copies its own /proc/self/environ: the bytes the kernel was given at exec, in their order.
const dumpEnviron = (out: string): string[] => [
  process.execPath,
  '-e',
  "require('node:fs').writeFileSync(process.argv[1], require('node:fs').readFileSync('/proc/self/environ'))",
  out,
];

const entriesOf = (bytes: Buffer): string[] => bytes.toString('utf8').split('\0').filter(Boolean);

describe('env NAME -- CMD and run give one process the same environment', () => {
  const dir = scratchDir('same-env');
  const config = join(dir, 'headroom.yaml');
  const fromRun = join(dir, 'run.environ');
  const fromEnv = join(dir, 'env.environ');
  writeFileSync(
    config,
    [
      'gpus:',
      '  - memory: 24GiB',
      '    simulated: true',
      'processes:',
      '  learner:',
      `    command: ${JSON.stringify(dumpEnviron(fromRun))}`,
      '    framework: jax',
      '    gpu_memory: 30%',
      '    env:',
      '      RUN_NOTE: kept as written',
      '  sim:',
      '    command: ["true"]',
      '    framework: other',
      '    gpu_memory: rest',
      '',
    ].join('\n'),
  );
  // Everything the children could inherit is fixed here: the same for both launchers.
  const { HEADROOM_GPU: _card, ...inherited } = process.env;
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(inherited).filter((e): e is [string, string] => e[1] !== undefined)),
    NO_COLOR: '1',
    // A shell's PWD is its directory (the cgroup-joining shell under run sets it so too).
    PWD: dir,
    HEADROOM_SIM_DIR: join(dir, 'sim'),
    XLA_CLIENT_MEM_FRACTION: '0.9',
  };

  test('the same bytes in the same order; a run adds only HEADROOM_RUN and HEADROOM_PEAKS_FILE', async () => {
    const ran = await runHeadroom(
      ['run', '-c', config, '--only', 'learner', '--run-dir', join(dir, 'run'), '--json'],
      {
        exactEnv: env,
        cwd: dir,
      },
    );
    assert.equal(ran.code, 0, ran.stderr);
    const direct = await runHeadroom(['env', '-c', config, 'learner', '--', ...dumpEnviron(fromEnv)], {
      exactEnv: env,
      cwd: dir,
    });
    assert.equal(direct.code, 0, direct.stderr);

    const runEntries = entriesOf(readFileSync(fromRun));
    const envEntries = entriesOf(readFileSync(fromEnv));
    const runOnly = new Set<string>([markerNames.run, markerNames.peaksFile]);
    const nameOf = (entry: string): string => entry.slice(0, entry.indexOf('='));
    assert.deepEqual(runEntries.filter((e) => runOnly.has(nameOf(e))).map(nameOf), [
      markerNames.run,
      markerNames.peaksFile,
    ]);
    const runWithoutMarkers = runEntries.filter((e) => !runOnly.has(nameOf(e)));
    const bytesOf = (entries: string[]): Buffer => Buffer.from([...entries].sort().join('\0'));
    assert.deepEqual([...runWithoutMarkers].sort(), [...envEntries].sort());
    assert.equal(bytesOf(runWithoutMarkers).compare(bytesOf(envEntries)), 0);

    // What both must hold: the simulated card, the marker once, the plan's cap, no contradicting name.
    const asMap = new Map(envEntries.map((e) => [nameOf(e), e.slice(e.indexOf('=') + 1)]));
    assert.equal(asMap.get('HEADROOM_GPU'), 'sim:24GiB');
    assert.equal(asMap.get('HEADROOM_SIM_DIR'), join(dir, 'sim'));
    assert.equal(envEntries.filter((e) => nameOf(e) === markerNames.process).length, 1);
    assert.equal(asMap.get(markerNames.process), 'learner');
    assert.equal(asMap.get('XLA_PYTHON_CLIENT_MEM_FRACTION'), '0.3000');
    assert.equal(asMap.get('RUN_NOTE'), 'kept as written');
    assert.equal(asMap.has('XLA_CLIENT_MEM_FRACTION'), false);
    assert.ok(readdirSync(join(dir, 'run')).includes('summary.json'));
  });
});
