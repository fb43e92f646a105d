// Seed 000 on a real Ray cluster (Ray 2.58, two nodes on this machine, each declaring one GPU backed by
// a simulated card of its own): `headroom run --on ray` starts an actor per process with num_gpus from
// its bytes on the node of its card, each child with the environment a local run gives, samples from
// both nodes, verdicts through the one judge; `doctor RUN_DIR` and `report` read the record. One
// cluster for the file (started once: it is the slow part).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { countPaintedPixels, launchBrowser, noBrowser, openReport } from '../../../../test/e2e/browser.js';
import { startTestCluster, type TestRayCluster } from '../../../launch/ray/test-helpers/ray-cluster.js';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { skipUnlessFrameworks } from '../../../test-helpers/frameworks.js';
import { runnableSource } from '../../../test-helpers/runnable-source.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const skip = skipUnlessFrameworks('ray');
const workload = (name: string) => JSON.stringify(join(repoRoot, 'examples', 'workloads', name));
const dumpEnv = JSON.stringify(join(repoRoot, 'src', 'launch', 'ray', 'test-helpers', 'dump-env.mjs'));

/** Seed 000 (examples/rl-isaac) on two cards: isaac alone on card 0, the JAX learner and actor on card 1. */
function seedConfig(o: { learnerStep: string; extra?: string; untilFile?: string }): string {
  // --until-file: each role also holds its memory until the test has seen the samples it waits for.
  const until = o.untilFile ? `, --until-file, ${JSON.stringify(o.untilFile)}` : '';
  const jax = (step: string) =>
    `[node, ${dumpEnv}, node, ${workload('fake-jax.mjs')}, --steps, '4', --step, ${step}, --interval-ms, '300', --host-per-step, 1MiB${until}]`;
  return [
    'gpus:',
    '  - memory: 24GiB',
    '    simulated: true',
    '  - index: 1',
    '    memory: 24GiB',
    '    simulated: true',
    'reserve: 512MiB',
    'context_overhead: 1GiB',
    'processes:',
    '  isaac:',
    `    command: [node, ${dumpEnv}, node, ${workload('fake-sim.mjs')}, --gpu-memory, 4GiB, --host-memory, 16MiB, --duration-ms, '2500'${until}]`,
    '    framework: other',
    '    gpu_memory: rest',
    '    gpu: 0',
    '    enforce: warn',
    '    ready_when: ^ready',
    '  learner:',
    `    command: ${jax(o.learnerStep)}`,
    '    framework: jax',
    '    gpu_memory: 30%',
    '    gpu: 1',
    '    depends_on: [isaac]',
    '  actor:',
    `    command: ${jax('256MiB')}`,
    '    framework: jax',
    '    gpu_memory: 10%',
    '    gpu: 1',
    '    depends_on: [isaac]',
    o.extra ?? '',
    '',
  ].join('\n');
}

interface Sample {
  processes: Record<string, { node: string; gpuBytes: number | null }>;
}

/** samples.jsonl's lines; while the run writes it, a last line not yet whole is left out. */
function readSamples(runDir: string): Sample[] {
  const path = join(runDir, 'samples.jsonl');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Sample);
}

/** What seed 000's first test asserts of the samples: every GPU node's processes, isaac's 4 GiB. */
function seenBothNodesAndIsaac(samples: Sample[], gpuNodes: number): boolean {
  const nodes = new Set(samples.flatMap((s) => Object.values(s.processes).map((p) => p.node)));
  return nodes.size >= gpuNodes && samples.some((s) => (s.processes.isaac?.gpuBytes ?? 0) >= 4 * 2 ** 30);
}

interface Ended {
  name: string;
  reason: string;
  because: string;
  cause: { kind: string } | null;
  ray: { nodeId: string; pid: number | null; numGpus: number; cudaVisibleDevices: string | null };
}

describe('run --on ray: seed 000 on a two-node Ray cluster', { skip }, () => {
  let cluster: TestRayCluster;
  before(async () => {
    // The third node's memory monitor kills above what the machine uses now plus 2 GiB.
    cluster = await startTestCluster({ HEADROOM_TEST_THRESHOLD_MARGIN_BYTES: String(2 * 2 ** 30) });
  });
  after(async () => {
    await cluster?.stop();
  });

  /** `whileRunning` is awaited beside the run (`ended()`: the run has ended), then the run itself. */
  async function runOnRay(
    config: string | ((dir: string) => string),
    label: string,
    args: string[] = [],
    whileRunning?: (run: { dir: string; runDir: string; ended: () => boolean }) => Promise<void>,
  ) {
    const dir = scratchDir(label);
    const file = join(dir, 'headroom.yaml');
    writeFileSync(file, typeof config === 'string' ? config : config(dir));
    const runDir = join(dir, 'run');
    const envDir = join(dir, 'env-ray');
    mkdirSync(envDir);
    const env = { HEADROOM_SIM_DIR: join(dir, 'sim'), HEADROOM_TEST_ENV_DIR: envDir };
    const running = runHeadroom(
      [
        'run',
        '-c',
        file,
        '--on',
        'ray',
        '--address',
        cluster.address,
        '--python',
        cluster.python,
        '--run-dir',
        runDir,
        ...args,
      ],
      { env },
    );
    let hasEnded = false;
    void running.finally(() => {
      hasEnded = true;
    });
    await whileRunning?.({ dir, runDir, ended: () => hasEnded });
    const run = await running;
    const summaryPath = join(runDir, 'summary.json');
    const summary = existsSync(summaryPath)
      ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as { processes: Ended[] })
      : { processes: [] };
    const ended = Object.fromEntries(summary.processes.map((p) => [p.name, p]));
    return { dir, file, runDir, envDir, env, run, ended };
  }

  test("a role killed by Ray's memory monitor is named with its node and PID", async () => {
    // replay reserves 5 GiB of Ray memory (only the third node has that much) and holds 4 GiB, under its
    // 5 GiB cgroup but over the third node's threshold: Ray's memory monitor kills its actor. First in the
    // file, so the machine's use has had the least time to drift from the threshold's base (other test
    // files run beside this one): 2 GiB either way is tolerated.
    const hold =
      "const held = [1, 2, 3, 4].map(() => Buffer.alloc(2 ** 30, 1)); console.log('holding', held.length); setTimeout(() => {}, 120000);";
    const config = [
      'gpus:',
      '  - memory: 24GiB',
      '    simulated: true',
      'processes:',
      '  replay:',
      `    command: [node, -e, ${JSON.stringify(hold)}]`,
      '    framework: none',
      '    host_memory: 5GiB',
      '',
    ].join('\n');
    const seed = await runOnRay(config, 'ray-memory-monitor');
    const replay = seed.ended.replay!;
    const third = cluster.nodes.find((n) => n.gpus === 0);
    assert.equal(replay.reason, 'oom-killed', `${replay.because}\n${seed.run.stderr}`);
    assert.equal(replay.ray.nodeId, third?.nodeId, `threshold ${third?.memoryThreshold}`);
    assert.equal(replay.cause?.kind, 'host-limit');
    // Where the node's use had already crossed the threshold (other test files beside this one), the
    // monitor kills the actor before its start answers (seen once at load 24): then there is no PID,
    // and the sentence must say so rather than name one or claim an exit code.
    const where =
      replay.ray.pid === null ? 'before its start answered \\(no PID\\)' : `pid ${replay.ray.pid}`;
    assert.match(
      replay.because,
      new RegExp(
        `^host limit: Ray's memory monitor killed it because its node ran low on memory \\(it was under its host_memory limit of 5\\.00 GiB\\); Ray's memory monitor killed its actor on node \\S+ \\(\\w{8}\\), ${where}: ".*running low on memory`,
      ),
    );
    if (replay.ray.pid === null) assert.match(replay.because, /, and no exit status of its own was seen$/);
    const events = readFileSync(join(seed.runDir, 'events.jsonl'), 'utf8');
    assert.match(events, /"type":"exit","process":"replay".*"nodeId":"\w+"/);
  });

  test("three roles placed by bytes, each child with a local run's environment, every step exited, samples from both nodes, doctor and report read it", async (t) => {
    // The roles hold until samples from both GPU nodes and isaac's 4 GiB have been written: a role that
    // ended before its node's first sample (a sampler actor starts slowly under load) would be unseen.
    const seed = await runOnRay(
      (dir) => seedConfig({ learnerStep: '512MiB', untilFile: join(dir, 'release') }),
      'ray-seed-000',
      [],
      async ({ dir, runDir, ended }) => {
        const gpuNodes = cluster.nodes.filter((n) => n.gpus > 0).length;
        while (!ended() && !seenBothNodesAndIsaac(readSamples(runDir), gpuNodes)) await delay(100);
        writeFileSync(join(dir, 'release'), '');
      },
    );
    const { ended, run } = seed;
    for (const name of ['isaac', 'learner', 'actor'])
      assert.equal(
        ended[name]?.reason,
        'exited',
        `${name}: ${ended[name]?.because}\n${run.stdout}\n${run.stderr}`,
      );
    assert.equal(run.code, 0);
    // num_gpus from bytes (budget + context over the card), rounded up to Ray's 0.0001: never fewer bytes.
    const share = (fraction: number) => (fraction * 24 + 1) / 24;
    for (const [name, fraction] of [
      ['learner', 0.3],
      ['actor', 0.1],
    ] as const) {
      const numGpus = ended[name]!.ray.numGpus;
      assert.ok(
        numGpus >= share(fraction) && numGpus <= share(fraction) + 0.0002,
        `${name}: num_gpus ${numGpus}`,
      );
    }
    // isaac alone on card 0's node; learner and actor share card 1 on the other node.
    const ids = cluster.nodes.filter((n) => n.gpus > 0).map((n) => n.nodeId);
    assert.ok(ids.includes(ended.isaac!.ray.nodeId));
    assert.ok(ids.includes(ended.learner!.ray.nodeId));
    assert.notEqual(ended.isaac?.ray.nodeId, ended.learner?.ray.nodeId);
    assert.equal(ended.actor?.ray.nodeId, ended.learner?.ray.nodeId);
    // Samples from both nodes, with the simulated cards' bytes.
    const samples = readSamples(seed.runDir);
    const nodesSeen = new Set(samples.flatMap((s) => Object.values(s.processes).map((p) => p.node)));
    assert.deepEqual([...nodesSeen].sort(), [...ids].sort());
    assert.ok(
      samples.some((s) => (s.processes.isaac?.gpuBytes ?? 0) >= 4 * 2 ** 30),
      "isaac held its 4 GiB on node 0's card",
    );
    // Each child's environment is a local run's, but for what Ray and the run decide: the card Ray gave
    // (CUDA_VISIBLE_DEVICES), the node's simulated card, and the run's own id and peaks file.
    const local = join(seed.dir, 'env-local');
    mkdirSync(local);
    const localRun = await runHeadroom(['run', '-c', seed.file, '--run-dir', join(seed.dir, 'local-run')], {
      env: { ...seed.env, HEADROOM_TEST_ENV_DIR: local },
    });
    assert.equal(localRun.code, 0, localRun.stderr);
    const perRun = [
      'CUDA_VISIBLE_DEVICES',
      'HEADROOM_SIM_DIR',
      'HEADROOM_RUN',
      'HEADROOM_PEAKS_FILE',
      'HEADROOM_TEST_ENV_DIR',
    ];
    for (const name of ['isaac', 'learner', 'actor']) {
      const read = (dir: string) => {
        const all = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Record<string, string>;
        return Object.fromEntries(Object.entries(all).filter(([key]) => !perRun.includes(key)));
      };
      assert.deepEqual(read(seed.envDir), read(local), `${name}'s environment on Ray and locally`);
      const onRay = JSON.parse(readFileSync(join(seed.envDir, `${name}.json`), 'utf8')) as Record<
        string,
        string
      >;
      assert.equal(onRay.CUDA_VISIBLE_DEVICES, '0', 'the card Ray gave its actor');
      const node = cluster.nodes.find((n) => n.nodeId === ended[name]?.ray.nodeId);
      assert.equal(onRay.HEADROOM_SIM_DIR, node?.simDir, "the node's own simulated card");
    }
    const doctor = await runHeadroom(['doctor', seed.runDir, '--json'], { env: seed.env });
    assert.ok(doctor.code === 0 || doctor.code === 1, doctor.stderr);
    assert.ok(JSON.parse(doctor.stdout), 'doctor RUN_DIR reads the Ray run');
    const report = await runHeadroom(['report', seed.runDir, '-o', join(seed.dir, 'report.html')], {
      env: seed.env,
    });
    assert.equal(report.code, 0, report.stderr);
    if (noBrowser) return t.diagnostic(`report not rendered: ${noBrowser}`);
    // report renders the Ray run in Chromium: no errors, every chart painted (each card, each process).
    const browser = await launchBrowser();
    try {
      const url = pathToFileURL(join(seed.dir, 'report.html')).href;
      const opened = await openReport(browser, url);
      assert.deepEqual(opened.errors, [], 'no console or page errors');
      const painted = await countPaintedPixels(opened.page);
      assert.ok(painted.length >= 1 + 2 * 3, `${painted.length} canvases`);
      for (const [i, pixels] of painted.entries()) assert.ok(pixels > 2000, `canvas ${i}: ${pixels} pixels`);
    } finally {
      await browser.close();
    }
  });

  test('a learner out of its JAX cap on Ray is gpu-oom "own cap"; an infeasible process names the short resource', async () => {
    const extra = [
      '  replay:',
      "    command: [node, -e, '0']",
      '    framework: none',
      '    host_memory: 8GiB',
      // Under a cgroup of its own on the node (root, cgroup v1 here): over its 256 MiB, the kernel kills it.
      '  loader:',
      `    command: [node, -e, ${JSON.stringify('const held = Buffer.alloc(600 * 2 ** 20, 1); setTimeout(() => held, 5000)')}]`,
      '    framework: none',
      '    host_memory: 256MiB',
    ].join('\n');
    // The placement refuses a plan that does not fit, naming the node resource that is short...
    const refused = await runOnRay(seedConfig({ learnerStep: '3GiB', extra }), 'ray-seed-000-refused');
    assert.equal(refused.run.code, 1, refused.run.stderr);
    assert.match(refused.run.stderr, /memory/);
    // ...and with --force the driver runs the rest and says why Ray can never place it.
    const seed = await runOnRay(seedConfig({ learnerStep: '3GiB', extra }), 'ray-seed-000-cap', ['--force']);
    const { ended, run } = seed;
    assert.equal(ended.learner?.reason, 'gpu-oom', `${ended.learner?.because}\n${run.stderr}`);
    assert.equal(ended.learner?.cause?.kind, 'own-cap');
    assert.match(ended.learner!.because, /^own cap: learner asked for 3\.00 GiB/);
    assert.equal(ended.loader?.reason, 'oom-killed', ended.loader?.because);
    assert.equal(ended.loader?.cause?.kind, 'host-limit');
    assert.match(
      ended.loader!.because,
      /^host limit: the OOM killer acted under its host_memory limit of 256 MiB/,
    );
    assert.equal((ended.loader as unknown as { hostEnforcement: string }).hostEnforcement, 'cgroup');
    assert.equal(ended.replay?.reason, 'failed');
    assert.match(
      ended.replay!.because,
      /infeasible: Ray can never place it: needs memory 8\.00 GiB, and (the most any node has is|its node \w{8} has) 6\.00 GiB/,
    );
    // Every failure names its node and PID in the record.
    const events = readFileSync(join(seed.runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const exit = events.find((e) => e.type === 'exit' && e.process === 'learner');
    assert.equal(exit?.nodeId, ended.learner?.ray.nodeId);
    assert.match(String(exit?.message), /learner ended: gpu-oom/);
    assert.equal(typeof exit?.pid, 'number');
    assert.equal(exit?.role, 'learner');
    assert.ok(existsSync(join(seed.runDir, 'ray', 'spec.json')));
    assert.ok(readdirSync(join(seed.runDir, 'logs')).includes('learner.log'));
  });

  test('ray script: the plan as one Python file that runs on the cluster with python alone', async () => {
    const dir = scratchDir('ray-script');
    const file = join(dir, 'headroom.yaml');
    writeFileSync(
      file,
      [
        'gpus:',
        '  - memory: 24GiB',
        '    simulated: true',
        '  - index: 1',
        '    memory: 24GiB',
        '    simulated: true',
        'processes:',
        '  first:',
        '    command: echo ready from $HEADROOM_PROCESS on $CUDA_VISIBLE_DEVICES',
        '    framework: other',
        '    gpu_memory: 2GiB',
        '    gpu: 1',
        '    ready_when: ^ready',
        '  second:',
        "    command: [sh, -c, 'echo second after first; exit 3']",
        '    framework: none',
        '    depends_on: [first]',
        '',
      ].join('\n'),
    );
    const made = await runHeadroom([
      'ray',
      'script',
      '-c',
      file,
      '--address',
      cluster.address,
      '--python',
      cluster.python,
    ]);
    assert.equal(made.code, 0, made.stderr);
    const script = join(dir, 'headroom-ray.py');
    writeFileSync(script, made.stdout);
    const logs = join(dir, 'logs');
    // The bound only stops a hang: at load 40 here this took 119 s (each actor's worker starts Python).
    const ran = spawnSync(cluster.python, [script, '--address', cluster.address, '--log-dir', logs], {
      encoding: 'utf8',
      timeout: 400_000,
      cwd: dir,
    });
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stdout, /^\[first\] ready from first on 0$/m);
    assert.match(ran.stdout, /^\[second\] second after first$/m);
    assert.ok(
      ran.stdout.indexOf('[first] ready') < ran.stdout.indexOf('[second]'),
      'second waited for first',
    );
    assert.match(ran.stdout, /^headroom: exit second: exit code 3 \(pid \d+\)$/m);
    assert.equal(readFileSync(join(logs, 'second.log'), 'utf8'), 'second after first\n');
  });

  test("an actor whose Ray worker dies is named with Ray's words, its node and PID, and its child goes with it", async () => {
    const dir = scratchDir('ray-worker-died');
    const file = join(dir, 'headroom.yaml');
    writeFileSync(
      file,
      [
        'gpus:',
        '  - memory: 24GiB',
        '    simulated: true',
        'processes:',
        '  sleeper:',
        '    command: sleep 300',
        '    framework: none',
        '',
      ].join('\n'),
    );
    const runDir = join(dir, 'run');
    const running = runHeadroom([
      'run',
      '-c',
      file,
      '--on',
      'ray',
      '--address',
      cluster.address,
      '--python',
      cluster.python,
      '--run-dir',
      runDir,
    ]);
    // The child's parent is the actor's Ray worker: kill that worker as a crash would.
    let childPid: number | undefined;
    for (let waited = 0; childPid === undefined; waited += 200) {
      assert.ok(waited < 120_000, 'the sleeper did not start');
      const early = await Promise.race([running, delay(0).then(() => null)]);
      assert.equal(early, null, `the run ended first: ${early?.stderr}`);
      await delay(200);
      const events = existsSync(join(runDir, 'events.jsonl'))
        ? readFileSync(join(runDir, 'events.jsonl'), 'utf8')
        : '';
      childPid = /"type":"spawn","process":"sleeper".*?"pid":(\d+)/.exec(events)?.[1] as unknown as
        | number
        | undefined;
    }
    const workerPid = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${childPid}/status`, 'utf8'))?.[1]);
    assert.match(readFileSync(`/proc/${workerPid}/cmdline`, 'utf8'), /^ray::ProcessRunner/);
    process.kill(workerPid, 'SIGKILL');
    const run = await running;
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as { processes: Ended[] };
    const sleeper = summary.processes[0]!;
    // Seen in CI (code 0) while the driver's events shared stdout with Ray's own prints (driver-output.test.ts):
    // say what the record and the driver's log held.
    const driverLog = join(runDir, 'ray', 'driver.log');
    assert.equal(
      run.code,
      137,
      `${sleeper.reason}: ${sleeper.because}\n${run.stderr}\ndriver.log: ${existsSync(driverLog) ? readFileSync(driverLog, 'utf8').slice(-2000) : 'none'}`,
    );
    assert.equal(sleeper.reason, 'signal', sleeper.because);
    assert.match(
      sleeper.because,
      new RegExp(
        `^its actor's worker died on node \\S+ \\(\\w{8}\\), pid ${childPid} \\(Ray: \\w+Error\\): ".+", and it was killed by SIGKILL`,
      ),
    );
    assert.ok(
      !existsSync(`/proc/${childPid}`) || /\) Z /.test(readFileSync(`/proc/${childPid}/stat`, 'utf8')),
      'the child died with its worker',
    );
  });

  test('Ctrl-C stops every actor and its children, and the sweep of each node leaves nothing of the run', async (t) => {
    const dir = scratchDir('ray-ctrl-c');
    const file = join(dir, 'headroom.yaml');
    // holder ignores SIGINT and SIGTERM (SIGKILL after the grace) and starts a grandchild in a session
    // of its own, out of its tree: only the sweep by HEADROOM_RUN finds it.
    const holder = `trap '' INT TERM; setsid sleep 600 & sleep 600 & echo started; wait`;
    writeFileSync(
      file,
      [
        'gpus:',
        '  - memory: 24GiB',
        '    simulated: true',
        '  - index: 1',
        '    memory: 24GiB',
        '    simulated: true',
        'processes:',
        '  holder:',
        `    command: ${JSON.stringify(holder)}`,
        '    framework: none',
        '  sim:',
        `    command: [node, ${workload('fake-sim.mjs')}, --gpu-memory, 1GiB, --duration-ms, '600000']`,
        '    framework: other',
        '    gpu_memory: 4GiB',
        '    gpu: 1',
        '',
      ].join('\n'),
    );
    const runDir = join(dir, 'run');
    // The CLI from src/ as this file runs it (the suite's test build, or tsx where tsx runs this file).
    const cli = spawn(
      process.execPath,
      [
        ...process.execArgv,
        runnableSource(join(repoRoot, 'src', 'cli.ts')),
        'run',
        '-c',
        file,
        '--on',
        'ray',
        '--address',
        cluster.address,
        '--python',
        cluster.python,
        '--run-dir',
        runDir,
        '--stop-grace',
        '1s',
      ],
      {
        env: { ...process.env, NO_COLOR: '1', HEADROOM_SIM_DIR: join(dir, 'sim') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finished = new Promise<number | null>((done) => cli.once('close', (code) => done(code)));
    // Whatever fails below, the run is stopped: the sweep then takes what it started.
    t.after(async () => {
      if (cli.exitCode === null && cli.signalCode === null) cli.kill('SIGINT');
      await finished;
    });
    const spawned = () =>
      existsSync(join(runDir, 'events.jsonl'))
        ? (readFileSync(join(runDir, 'events.jsonl'), 'utf8').match(/"type":"spawn"/g) ?? []).length
        : 0;
    for (let waited = 0; spawned() < 2 || !/started/.test(readLog(runDir, 'holder')); waited += 200) {
      assert.ok(waited < 120_000, `the run did not start:\n${output}`);
      await delay(200);
    }
    const runId = (JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as { runId: string }).runId;
    // holder's sh and its two sleeps, and sim: forked by now, though a sleep may still be starting.
    for (let waited = 0; runProcesses(runId).length < 4; waited += 200) {
      assert.ok(waited < 120_000, `the run's processes: ${runProcesses(runId).join(', ')}`);
      await delay(200);
    }
    cli.kill('SIGINT');
    assert.equal(await finished, 130, output);
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as {
      processes: Ended[];
      ray: { leftovers: { command: string }[] };
    };
    for (const ended of summary.processes) assert.equal(ended.reason, 'interrupted', ended.because);
    // The driver's accounting: the grandchild that left holder's session was swept by its HEADROOM_RUN.
    assert.ok(
      summary.ray.leftovers.some((l) => /sleep 600/.test(l.command)),
      JSON.stringify(summary.ray.leftovers),
    );
    // The process table: nothing of the run, and no headroom actor, is left.
    assert.deepEqual(runProcesses(runId), []);
    for (let waited = 0; actorProcesses().length > 0; waited += 200) {
      assert.ok(waited < 120_000, `actors left: ${actorProcesses().join(', ')}`);
      await delay(200);
    }
  });
});

function readLog(runDir: string, name: string): string {
  const path = join(runDir, 'logs', `${name}.log`);
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** Live (not zombie) processes whose environment carries HEADROOM_RUN=runId. */
function runProcesses(runId: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const isZombie = /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return (
          !isZombie &&
          readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`HEADROOM_RUN=${runId}`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Ray workers still running one of headroom's actors (their title is `ray::ProcessRunner...`). */
function actorProcesses(): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return /^ray::(ProcessRunner|NodeSampler)/.test(title) ? [`${pid} ${title.slice(0, 60)}`] : [];
      } catch {
        return [];
      }
    });
}
