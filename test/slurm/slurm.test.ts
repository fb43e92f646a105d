// headroom on a real Slurm (issue 16): a two-node cluster started here by start-cluster.sh
// (slurmctld, slurmd, slurmdbd and MariaDB, munge), the built CLI submitting to it, and Slurm's own
// accounting deciding how each step ended. Skips, saying why, where the machine cannot run Slurm.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  runEventSchema,
  runMetaSchema,
  runSampleSchema,
  runSummarySchema,
} from '../../src/run-record/schema.js';
import { repoRoot, runCli } from '../e2e/cli.js';

const startScript = join(repoRoot, 'test', 'slurm', 'start-cluster.sh');
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const hasSlurm =
  spawnSync('sh', ['-c', 'command -v slurmctld && command -v slurmdbd && command -v mariadbd']).status === 0;
const skip = !existsSync(join(repoRoot, 'dist', 'bin', 'cli.cjs'))
  ? 'needs the built CLI: run npm run build (npm test does)'
  : !isRoot
    ? 'needs root to run slurmd (it makes memory cgroups)'
    : !existsSync('/sys/fs/cgroup/memory')
      ? 'needs the cgroup v1 memory controller for Slurm to enforce --mem'
      : !hasSlurm && !hasApt
        ? 'needs Slurm (slurm-wlm, slurmdbd, mariadb-server, munge) or apt-get to install it'
        : undefined;
if (skip) console.log(`# skipping the Slurm tests: ${skip}`);

const work = mkdtempSync(join(tmpdir(), 'headroom-slurm-'));
const clusterDir = join(work, 'cluster');
const simDir = join(work, 'sim');
const env = { SLURM_CONF: join(clusterDir, 'etc', 'slurm.conf'), HEADROOM_SIM_DIR: simDir };
const slurm = (command: string, args: string[]): string =>
  execFileSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
const cli = (args: string[]) => runCli(args, { env });
/** `run --on slurm -c CONFIG --run-dir RUN_DIR` and more. */
const runOnSlurmArgs = (config: string, runDir: string, ...more: string[]): string[] => [
  'run',
  '--on',
  'slurm',
  '-c',
  config,
  '--run-dir',
  runDir,
  ...more,
];
const reasons = (summary: { processes: { name: string; reason: string }[] }) =>
  Object.fromEntries(summary.processes.map((p) => [p.name, p.reason]));

function writeConfig(name: string, text: string): string {
  const file = join(work, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
}

describe('headroom on a real Slurm', { skip, timeout: 15 * 60_000 }, () => {
  before(() => {
    // Installs the packages when missing (minutes on a fresh machine), then starts in seconds.
    execFileSync('bash', [startScript, clusterDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 10 * 60_000,
    });
  });
  after(() => {
    if (existsSync(clusterDir))
      execFileSync('bash', [startScript, '--stop', clusterDir], { stdio: 'inherit' });
    rmSync(work, { recursive: true, force: true });
  });

  test('seed 000 as one job on a simulated 24 GiB card: three steps exit, logs and record as a local run', (t) => {
    const runDir = join(work, 'seed');
    const config = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
    const { code, stdout, stderr } = cli(runOnSlurmArgs(config, runDir, '--json'));
    assert.equal(code, 0, stderr);
    assert.match(stderr, /^submitted batch job \d+/m);
    assert.match(stderr, /^learner +\| step 6\/6/m);
    const summary = JSON.parse(stdout);
    assert.deepEqual(reasons(summary), { sim: 'exited', learner: 'exited', actor: 'exited' });
    for (const name of ['sim', 'learner', 'actor']) {
      const log = readFileSync(join(runDir, 'logs', `${name}.log`), 'utf8');
      assert.match(log, name === 'sim' ? /^ready$/m : /^done$/m, `${name}: ${log}`);
    }
    // The same record as a local run (the record's schema), with Slurm's step IDs in the events.
    const read = (file: string): unknown => JSON.parse(readFileSync(join(runDir, file), 'utf8'));
    assert.equal(runSummarySchema.parse(read('summary.json')).runId, summary.runId);
    assert.deepEqual(runMetaSchema.parse(read('run.json')).processes, ['sim', 'learner', 'actor']);
    const events = readFileSync(join(runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => runEventSchema.parse(JSON.parse(line)) as Record<string, string>);
    const exits = events
      .filter((e) => e.type === 'exit')
      .map((e) => [e.process, String(e.slurmStepId).split('.')[0]]);
    assert.deepEqual(exits.map(([name]) => name).sort(), ['actor', 'learner', 'sim']);
    assert.ok(exits.every(([, job]) => job === summary.slurm.jobId));
    assert.ok(events.some((e) => e.type === 'ready' && e.process === 'sim'));
    assert.ok(existsSync(join(runDir, 'plan.json')) && existsSync(join(runDir, 'slurm', 'job.sbatch')));
    assert.deepEqual(
      summary.processes.map((p: { slurm: { gpu: unknown } }) => p.slurm.gpu),
      [50, 35, 15].map((shards) => ({ kind: 'shards', shards })),
    );
    // sstat's readings of the running steps are samples, as a local run's are; the peaks include them.
    const samples = readFileSync(join(runDir, 'samples.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => runSampleSchema.parse(JSON.parse(line)));
    const sampled = new Set(samples.flatMap((sample) => Object.keys(sample.processes)));
    t.diagnostic(`${samples.length} samples from sstat, of ${[...sampled].join(', ')}`);
    assert.ok(samples.length >= 1 && sampled.has('sim'), `samples of: ${[...sampled].join(', ')}`);
    for (const sample of samples)
      for (const [name, held] of Object.entries(sample.processes)) {
        assert.ok(['sim', 'learner', 'actor'].includes(name));
        assert.ok((held.hostBytes ?? 0) > 0, `${name} holds ${held.hostBytes} bytes`);
        const peak = summary.processes.find((p: { name: string }) => p.name === name).peakHostBytes;
        assert.ok(peak >= (held.hostBytes ?? 0), `${name}: peak ${peak} below a sample ${held.hostBytes}`);
      }
  });

  test("a step past its --mem is oom-killed, a CUDA OOM is gpu-oom, from sacct and the step's log", () => {
    const config = writeConfig(
      'ooms',
      `gpus:
  - memory: 24GiB
    simulated: true
processes:
  hog:
    command: [node, ${join(repoRoot, 'test', 'programs', 'allocate.mjs')}, '400']
    framework: none
    host_memory: 96MiB
  torch:
    command: [node, ${join(repoRoot, 'examples', 'workloads', 'fake-torch.mjs')}, --step, 30GiB, --steps, '1']
    framework: torch
    gpu_memory: 20%
    host_memory: 512MiB
  probe:
    command: 'echo "devices=$CUDA_VISIBLE_DEVICES shards=$SLURM_SHARDS_ON_NODE fraction=$XLA_PYTHON_CLIENT_MEM_FRACTION"'
    framework: jax
    gpu_memory: 10%
    host_memory: 64MiB
`,
    );
    const runDir = join(work, 'ooms');
    const { code, stdout, stderr } = cli(runOnSlurmArgs(config, runDir, '--json'));
    // The first failure's: 137 for the OOM kill, 1 for torch's exit; both end within a second.
    assert.ok(code === 137 || code === 1, `exit ${code}\n${stderr}`);
    const summary = JSON.parse(stdout);
    assert.deepEqual(reasons(summary), { hog: 'oom-killed', torch: 'gpu-oom', probe: 'exited' });
    const hog = summary.processes.find((p: { name: string }) => p.name === 'hog');
    assert.equal(hog.confidence, 'likely'); // counted in the cgroup; Slurm names no victim
    assert.equal(hog.slurm.state, 'OUT_OF_MEMORY');
    assert.deepEqual([hog.exitCode, hog.signal], [null, 'SIGKILL']);
    assert.match(hog.because, /limit 96 MiB.*sacct says OUT_OF_MEMORY, ExitCode 0:125$/);
    // Slurm, not the plan, chose the device; the plan's fraction reached the step.
    const probe = readFileSync(join(runDir, 'logs', 'probe.log'), 'utf8');
    assert.match(probe, /^devices=0 shards=\d+ fraction=0\.1000$/m);
  });

  test('Ctrl-C cancels the job: every step is interrupted and nothing is left in squeue; /metrics meanwhile', async () => {
    const config = writeConfig(
      'long',
      `gpus:
  - memory: 24GiB
    simulated: true
processes:
  sim:
    command: [node, ${join(repoRoot, 'examples', 'workloads', 'fake-sim.mjs')}, --gpu-memory, 4GiB, --duration-ms, '-1']
    framework: other
    gpu_memory: 50%
    ready_when: ^ready
  learner:
    command: [node, ${join(repoRoot, 'examples', 'workloads', 'fake-jax.mjs')}, --steps, '100000', --step, 1KiB, --interval-ms, '200']
    framework: jax
    gpu_memory: 30%
    host_memory: 1GiB
    depends_on: [sim]
  stubborn:
    command: [sh, -c, 'trap "" TERM INT; while :; do sleep 0.2; done']
    framework: none
`,
    );
    const runDir = join(work, 'long');
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'headroom.js'), ...runOnSlurmArgs(config, runDir, '--metrics', '0')],
      {
        env: { ...process.env, NO_COLOR: '1', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!/^learner +\| step 2\//m.test(output)) {
      assert.ok(Date.now() < deadline, `timed out waiting for the learner; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const jobId = /submitted batch job (\d+)/.exec(output)?.[1] ?? '';
    // --metrics serves the record as it is written: sstat's samples of the running steps.
    const metricsUrl = /metrics: (http:\S+)/.exec(output)?.[1] ?? '';
    let scraped = '';
    while (!/^headroom_process_host_memory_bytes\{process="learner"/m.test(scraped)) {
      assert.ok(Date.now() < deadline, `no learner sample in /metrics:\n${scraped}\noutput:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      scraped = await fetch(metricsUrl).then((r) => r.text());
    }
    child.kill('SIGINT');
    // The stubborn step ignores SIGTERM, so the job lives on until KillWait's SIGKILL: a second Ctrl-C
    // meanwhile is told why nothing ends yet.
    while (!/cancelled job \d+ \(scancel\)/.test(output)) {
      assert.ok(Date.now() < deadline, `timed out waiting for the cancel; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGINT');
    assert.equal(await exited, 130, output);
    assert.match(output, /the job is cancelled; Slurm stops its processes within its KillWait/);
    assert.equal(slurm('squeue', ['-h', '-j', jobId]).trim(), '');
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8'));
    assert.deepEqual(reasons(summary), {
      sim: 'interrupted',
      learner: 'interrupted',
      stubborn: 'interrupted',
    });
    assert.match(readFileSync(join(runDir, 'events.jsonl'), 'utf8'), /cancelled job \d+ \(scancel\)/);
  });

  test('`slurm script` prints a script sbatch accepts; `plan --on slurm` says which node type fits', () => {
    const config = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
    const printed = cli(['slurm', 'script', '-c', config, '--time', '10']);
    assert.equal(printed.code, 0, printed.stderr);
    const file = join(work, 'seed.sbatch');
    writeFileSync(file, printed.stdout);
    const checked = spawnSync('sbatch', ['--test-only', file], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    assert.equal(checked.status, 0, checked.stderr);
    assert.match(checked.stderr, /to start at .* in partition debug/);

    const planned = cli(['plan', '--on', 'slurm', '-c', config, '--json']);
    assert.equal(planned.code, 0, planned.stderr);
    const data = JSON.parse(planned.stdout);
    assert.equal(data.partition, 'debug');
    // Both nodes are one type: one GPU of 24 GiB (their gpumem_24GiB feature), 100 shards.
    assert.deepEqual(
      data.nodeTypes.map(
        (t: { fits: boolean; shardsPerCard: number; nodes: string[]; cardBytesSource: string }) => [
          t.fits,
          t.shardsPerCard,
          t.nodes.length,
          t.cardBytesSource,
        ],
      ),
      [[true, 100, 2, 'feature']],
    );
    const tooMany = cli(['plan', '--on', 'slurm', '-c', config, '--nodes', '3']);
    assert.equal(tooMany.code, 1);
    assert.match(tooMany.stdout, /the job asks for 3 nodes; the partition has 2/);
  });

  test("a plan over two nodes: the planner's first-fit decreasing puts each step on its node", () => {
    const workload = join(repoRoot, 'examples', 'workloads', 'fake-jax.mjs');
    const config = writeConfig(
      'two-nodes',
      `gpus:
  - memory: 24GiB
    simulated: true
processes:
  learner:
    command: [node, ${workload}, --steps, '2', --step, 256MiB, --interval-ms, '100']
    framework: jax
    gpu_memory: 60%
    host_memory: 512MiB
  actor:
    command: [node, ${workload}, --steps, '2', --step, 256MiB, --interval-ms, '100']
    framework: jax
    gpu_memory: 30%
    host_memory: 512MiB
    replicas: 2
`,
    );
    const oneNode = cli(['plan', '--on', 'slurm', '-c', config]);
    assert.equal(oneNode.code, 1);
    assert.match(oneNode.stdout, /overcommitted/);
    const runDir = join(work, 'two-nodes');
    const { code, stdout, stderr } = cli(runOnSlurmArgs(config, runDir, '--nodes', '2', '--json'));
    assert.equal(code, 0, stderr);
    const summary = JSON.parse(stdout);
    const where = Object.fromEntries(
      summary.processes.map((p: { name: string; slurm: { nodes: string; gpu: { shards: number } } }) => [
        p.name,
        [p.slurm.nodes.replace(/^.*-/, 'node '), p.slurm.gpu.shards],
      ]),
    );
    assert.deepEqual(where, {
      learner: ['node 0', 65],
      'actor.0': ['node 1', 35],
      'actor.1': ['node 1', 35],
    });
    assert.deepEqual(reasons(summary), { learner: 'exited', 'actor.0': 'exited', 'actor.1': 'exited' });
  });
});
