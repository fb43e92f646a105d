// Seed 000 as a user runs it: Isaac Sim (`framework: other`, `enforce: warn`), a JAX learner at 30% and
// a JAX actor at 10% on one simulated 24 GiB card, real child processes (the bundled workloads). The
// one cause judge (src/verdict/cause.ts) decides what each GPU OOM ran into, and the live line,
// summary.json, `doctor RUN_DIR`, `report` and /metrics all say the same.
//  1. isaac goes over its budget, but the learner and actor hit their own XLA caps: "own cap"
//     everywhere, no fix blames isaac, nothing offers `enforce: cap` for `other`.
//  2. isaac's overuse fills the card: the learner is "card full, isaac held X over its budget".
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { feedRecordMetrics } from '../../../metrics/from-record.js';
import { createMetrics } from '../../../metrics/registry.js';
import { followRecord } from '../../../observe/follow-record.js';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const workload = (name: string) => JSON.stringify(join(repoRoot, 'examples', 'workloads', name));

/** examples/rl-isaac/headroom.yaml with the simulator named isaac, its size and the steps chosen; isaac
 * holds its memory until `release` exists (runSeed writes it once the learner and actor have ended). */
function seedConfig(o: { isaacGpu: string; learnerStep: string; actorStep: string }) {
  return (release: string): string => seedConfigText({ ...o, release });
}

function seedConfigText(o: {
  isaacGpu: string;
  learnerStep: string;
  actorStep: string;
  release: string;
}): string {
  const jax = (step: string) =>
    `[node, ${workload('fake-jax.mjs')}, --steps, '8', --step, ${step}, --interval-ms, '400', --host-per-step, 1MiB]`;
  return [
    'gpus:',
    '  - memory: 24GiB',
    '    simulated: true',
    'reserve: 512MiB',
    'context_overhead: 1GiB',
    'processes:',
    '  isaac:',
    `    command: [node, ${workload('fake-sim.mjs')}, --gpu-memory, ${o.isaacGpu}, --host-memory, 16MiB, --duration-ms, '4500', --until-file, ${JSON.stringify(o.release)}]`,
    '    framework: other',
    '    gpu_memory: rest',
    '    enforce: warn',
    '    ready_when: ^ready',
    '  learner:',
    `    command: ${jax(o.learnerStep)}`,
    '    framework: jax',
    '    gpu_memory: 30%',
    '    depends_on: [isaac]',
    '  actor:',
    `    command: ${jax(o.actorStep)}`,
    '    framework: jax',
    '    gpu_memory: 10%',
    '    depends_on: [isaac]',
    '',
  ].join('\n');
}

interface Cause {
  kind: string;
  text: string;
  overBudget: { name: string; overBytes: number }[];
}
interface Diagnosed {
  process: string;
  code: string;
  causeText: string;
  fixes: string[];
  failureCause?: Cause;
}

/** events.jsonl's exits so far. */
const exitedProcesses = (runDir: string): string[] => {
  const path = join(runDir, 'events.jsonl');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return [...text.matchAll(/"type":"exit","process":"(\w+)"/g)].map((m) => m[1] as string);
};

async function runSeed(config: (release: string) => string) {
  const dir = scratchDir('seed-000');
  const file = join(dir, 'headroom.yaml');
  const release = join(dir, 'release');
  writeFileSync(file, config(release));
  const runDir = join(dir, 'run');
  const env = { HEADROOM_SIM_DIR: join(dir, 'sim') };
  const running = runHeadroom(['run', '-c', file, '--run-dir', runDir], { env });
  // isaac holds its memory until the learner and actor have ended, however slowly a loaded machine
  // runs their steps: a simulator that left first (after its 4.5 s of wall clock) was sampled
  // at 0 B when the actor failed, and the fix then offered its budget.
  let hasEnded = false;
  void running.finally(() => {
    hasEnded = true;
  });
  while (!hasEnded && !['learner', 'actor'].every((name) => exitedProcesses(runDir).includes(name)))
    await delay(100);
  writeFileSync(release, '');
  const run = await running;
  const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as {
    processes: { name: string; reason: string; because: string; cause: Cause | null }[];
  };
  const ended = Object.fromEntries(summary.processes.map((p) => [p.name, p]));
  const doctorText = await runHeadroom(['doctor', runDir], { env });
  const doctorJson = await runHeadroom(['doctor', runDir, '--json'], { env });
  const diagnoses = (JSON.parse(doctorJson.stdout) as { diagnoses: Diagnosed[] }).diagnoses;
  const html = join(dir, 'report.html');
  const report = await runHeadroom(['report', runDir, '-o', html], { env });
  assert.equal(report.code, 0, report.stderr);
  const metrics = createMetrics();
  const follower = followRecord({ runDir, onUpdate: feedRecordMetrics(metrics) });
  follower.poll();
  follower.stop();
  return {
    run,
    ended,
    doctorText: doctorText.stdout,
    diagnoses,
    page: readFileSync(html, 'utf8'),
    scrape: await metrics.render(),
  };
}

const failureCount = (scrape: string, process: string, cause: string): number =>
  Number(
    new RegExp(
      `headroom_process_memory_failures_total\\{process="${process}",replica="",cause="${cause}"\\} (\\d+)`,
    ).exec(scrape)?.[1] ?? 0,
  );

describe('seed 000: one cause judge across processes', () => {
  test('isaac over its budget under warn, learner and actor at their own XLA caps: "own cap" everywhere', async () => {
    // isaac 13 GiB (+ context) against its 10.90 GiB budget; learner 2 GiB steps under a 7.20 GiB cap
    // (fails asking for its 4th: 6 + 2 > 7.2), actor 512 MiB steps under 2.40 GiB (fails at its 5th),
    // while the card still has room: 13.3 + 6.3 + 2.3 < 24.
    const seed = await runSeed(seedConfig({ isaacGpu: '13GiB', learnerStep: '2GiB', actorStep: '512MiB' }));
    const { run, ended } = seed;
    assert.equal(ended.learner?.reason, 'gpu-oom', run.stderr);
    assert.equal(ended.actor?.reason, 'gpu-oom', run.stderr);
    // The live line, as it is printed when the process ends.
    assert.match(
      run.stdout,
      /learner ended: gpu-oom \(own cap: learner asked for 2\.00 GiB with 6\.00 GiB of its 7\.20 GiB cap \(XLA_PYTHON_CLIENT_MEM_FRACTION=0\.3000\)/,
    );
    assert.match(
      run.stdout,
      /actor ended: gpu-oom \(own cap: actor asked for 512 MiB with 2\.00 GiB of its 2\.40 GiB cap/,
    );
    // isaac went over, and the run says so, but did not cause these failures.
    assert.match(run.stdout, /isaac's GPU memory 13\.29 GiB is over its budget/);
    // summary.json
    for (const name of ['learner', 'actor']) {
      assert.equal(ended[name]?.cause?.kind, 'own-cap', ended[name]?.because);
      assert.match(ended[name]!.because, /^own cap: /);
      assert.deepEqual(ended[name]?.cause?.overBudget, []);
    }
    // doctor RUN_DIR
    for (const name of ['learner', 'actor']) {
      const d = seed.diagnoses.find((x) => x.process === name && x.code !== 'run-over-budget');
      assert.equal(d?.failureCause?.kind, 'own-cap');
      assert.match(d!.causeText, /^own cap: /);
      assert.doesNotMatch(d!.causeText, /isaac/);
      assert.doesNotMatch(d!.fixes.join('\n'), /isaac/, 'no fix of an own-cap failure blames the simulator');
    }
    assert.match(seed.doctorText, /cause +memory_cap: own cap: learner asked for 2\.00 GiB/);
    // No `enforce: cap` is offered for isaac (framework: other) anywhere.
    const isaac = seed.diagnoses.find((x) => x.process === 'isaac');
    assert.equal(isaac?.code, 'run-over-budget');
    assert.doesNotMatch(seed.doctorText, /enforce: cap/);
    assert.match(isaac!.causeText, /no other process failed for it/);
    // report: doctor's reading of the run, and the summary's sentence.
    assert.match(seed.page, /own cap: learner asked for 2\.00 GiB/);
    assert.doesNotMatch(seed.page, /enforce: cap/);
    // /metrics: the failures counted by what they ran into.
    assert.equal(failureCount(seed.scrape, 'learner', 'own-cap'), 1, seed.scrape);
    assert.equal(failureCount(seed.scrape, 'actor', 'own-cap'), 1);
    assert.equal(failureCount(seed.scrape, 'learner', 'card-full'), 0);
  });

  test("isaac's overuse fills the card: the learner is judged card full, isaac held X over its budget", async () => {
    // isaac 18 GiB (+ context): 7.39 GiB over its 10.90 GiB + 1 GiB; 5 GiB are left for the learner's
    // and actor's growth, far under the learner's 7.20 GiB cap.
    const seed = await runSeed(seedConfig({ isaacGpu: '18GiB', learnerStep: '1GiB', actorStep: '256MiB' }));
    const { run, ended } = seed;
    assert.equal(ended.learner?.reason, 'gpu-oom', run.stderr);
    const over =
      /card full: learner asked for 1\.00 GiB with [\d.]+ GiB of its 7\.20 GiB cap .* in use \(room for it under the cap\); the driver refused 1\.00 GiB more \(CUDA_ERROR_OUT_OF_MEMORY\); GPU 0 had [\d.]+ [MG]iB free of 24\.00 GiB at the sample \d+ ms before.*; isaac held 6\.39 GiB over its budget \(18\.29 GiB against 11\.90 GiB with its context\)/;
    assert.match(run.stdout, new RegExp(`learner ended: gpu-oom \\(${over.source}`));
    assert.equal(ended.learner?.cause?.kind, 'card-full');
    assert.equal(ended.learner?.cause?.overBudget[0]?.name, 'isaac');
    assert.match(ended.learner!.because, over);
    const learner = seed.diagnoses.find((x) => x.process === 'learner');
    assert.equal(learner?.failureCause?.kind, 'card-full');
    assert.match(learner!.causeText, over);
    // The neighbour's real options: its budget (the card cannot hold it), enforce: kill with what it ends;
    // never a cap for `framework: other`.
    const fixes = learner!.fixes.join('\n');
    assert.match(fixes, /isaac used 18\.29 GiB, more than the card keeps for it/);
    assert.match(fixes, /enforce: kill for isaac: .*the run then fails with isaac killed-by-headroom/);
    assert.doesNotMatch(seed.doctorText, /enforce: cap/);
    assert.match(seed.doctorText, /cause +co_tenant: card full: /);
    assert.match(seed.page, /card full: learner asked for 1\.00 GiB/);
    assert.equal(failureCount(seed.scrape, 'learner', 'card-full'), 1, seed.scrape);
    assert.equal(failureCount(seed.scrape, 'learner', 'own-cap'), 0);
  });
});
