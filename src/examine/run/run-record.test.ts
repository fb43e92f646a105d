import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { scratchDir } from '../../test-helpers/scratch.js';
import { examineTarget } from '../examine.js';
import type { RunDiagnosis } from './diagnose-run.js';
import { yamlSize } from './plan-change.js';
import { readRunView } from './read-run.js';

const GiB = 1024 ** 3;

// A run record as `headroom run` writes it (src/supervise/run-record.ts, sampler.ts, attempt.ts).
function writeRun(options: {
  samples: Record<string, { gpuBytes: number | null; hostBytes: number }>;
  learnerLog: string;
  reason?: string;
  plannedBytes?: number;
  /** The learner's GPU bytes at the sample before its failure (6.9 GiB unless said). */
  learnerGpuBytes?: number;
  /** The card's own reading at that sample; none unless said. */
  cardUsedBytes?: number;
}): string {
  const dir = scratchDir('doctor-run');
  mkdirSync(join(dir, 'logs'));
  const plan = {
    devices: [
      {
        index: 0,
        name: 'sim',
        simulated: true,
        totalBytes: 24 * GiB,
        usableBytes: 23.5 * GiB,
        plannedBytes: options.plannedBytes ?? 23 * GiB,
      },
    ],
    processes: [
      {
        name: 'learner',
        process: 'learner',
        framework: 'jax',
        device: 0,
        budgetBytes: 7 * GiB,
        overheadBytes: 0.5 * GiB,
        capBy: 'env',
      },
      {
        name: 'sim',
        process: 'sim',
        framework: 'other',
        device: 0,
        budgetBytes: 12 * GiB,
        overheadBytes: 0.5 * GiB,
        capBy: 'watch',
      },
    ],
    findings: [],
  };
  writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
  const reason = options.reason ?? 'gpu-oom';
  const events = [
    { time: '2026-01-01T00:00:00.000Z', type: 'spawn', process: 'learner', message: 'started', pid: 10 },
    {
      time: '2026-01-01T00:00:05.000Z',
      type: 'exit',
      process: 'learner',
      message: 'ended',
      pid: 10,
      exitCode: 1,
      signal: null,
      reason,
      confidence: 'likely',
      because: 'its output says "RESOURCE_EXHAUSTED"',
      unknownField: true,
    },
  ];
  writeFileSync(
    join(dir, 'events.jsonl'),
    `${events.map((e) => JSON.stringify(e)).join('\n')}\n{"time": "cut short`,
  );
  const samples = [
    {
      time: '2026-01-01T00:00:01.000Z',
      processes: {
        learner: { gpuBytes: 1 * GiB, hostBytes: GiB },
        sim: { gpuBytes: 1 * GiB, hostBytes: GiB },
      },
    },
    {
      time: '2026-01-01T00:00:04.000Z',
      processes: {
        learner: { pid: 10, hostBytes: 2 * GiB, gpuBytes: options.learnerGpuBytes ?? 6.9 * GiB },
        ...options.samples,
      },
      ...(options.cardUsedBytes === undefined
        ? {}
        : { gpus: [{ index: 0, uuid: null, usedBytes: options.cardUsedBytes, totalBytes: 24 * GiB }] }),
    },
    { time: '2026-01-01T00:00:09.000Z', processes: { sim: { gpuBytes: 20 * GiB, hostBytes: GiB } } },
  ];
  writeFileSync(join(dir, 'samples.jsonl'), `${samples.map((s) => JSON.stringify(s)).join('\n')}\n`);
  const summary = {
    runId: 'r1',
    runDir: dir,
    exitCode: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:00:10.000Z',
    processes: [
      {
        name: 'learner',
        reason,
        confidence: 'likely',
        because: 'its output says "RESOURCE_EXHAUSTED"',
        exitCode: 1,
        signal: null,
        restarts: 0,
        peakHostBytes: 2 * GiB,
        peakGpuBytes: Math.round(6.9 * GiB),
        peakCgroupBytes: null,
        hostLimitBytes: 16 * GiB,
        hostEnforcement: 'cgroup',
        gpuBudgetBytes: 7 * GiB,
        log: 'logs/learner.log',
        startedAt: '2026-01-01T00:00:00.000Z',
        endedAt: '2026-01-01T00:00:05.000Z',
      },
      {
        name: 'sim',
        reason: 'interrupted',
        confidence: 'certain',
        because: 'headroom was interrupted and stopped it',
        exitCode: null,
        signal: 'SIGTERM',
        restarts: 0,
        peakHostBytes: GiB,
        peakGpuBytes: 11 * GiB,
        peakCgroupBytes: null,
        hostLimitBytes: null,
        hostEnforcement: 'none',
        gpuBudgetBytes: 12 * GiB,
        log: 'logs/sim.log',
        startedAt: '2026-01-01T00:00:00.000Z',
        endedAt: '2026-01-01T00:00:10.000Z',
      },
    ],
  };
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
  writeFileSync(join(dir, 'logs', 'learner.log'), options.learnerLog);
  writeFileSync(join(dir, 'logs', 'sim.log'), 'sim running\n');
  return dir;
}

const jaxOom =
  'step 1\njaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1073741824 bytes.\n';

describe('doctor RUN_DIR', () => {
  test('reads each process, its end, and the last sample before it (saying a line was cut off)', async () => {
    const dir = writeRun({ samples: { sim: { gpuBytes: 11.5 * GiB, hostBytes: GiB } }, learnerLog: jaxOom });
    const record = await readRunView(dir);
    const learner = record.processes.find((p) => p.name === 'learner');
    assert.equal(learner?.end?.reason, 'gpu-oom');
    assert.equal(learner?.lastSample?.time, '2026-01-01T00:00:04.000Z');
    assert.deepEqual(record.problems, [
      'events.jsonl: the last line was cut short (headroom stopped while writing it)',
    ]);
  });

  test('names the process, what the others held, and a plan change taken from a process with slack', async () => {
    const dir = writeRun({ samples: { sim: { gpuBytes: 10 * GiB, hostBytes: GiB } }, learnerLog: jaxOom });
    const report = await examineTarget(dir);
    assert.equal(report.targetKind, 'run');
    const [d] = report.diagnoses as RunDiagnosis[];
    assert.equal(d?.process, 'learner');
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.framework, 'jax');
    assert.deepEqual(d?.othersAtFailure, [{ name: 'sim', gpuBytes: 10 * GiB, hostBytes: GiB }]);
    // The cause judge: 6.4 GiB of its pool (the sample less its context) and 1 GiB asked is over its 7 GiB cap.
    assert.equal(d?.failureCause?.kind, 'own-cap');
    assert.match(d!.causeText, /^own cap: learner asked for 1\.00 GiB with 6\.40 GiB of its 7\.00 GiB cap/);
    assert.equal(
      d?.fixes[0],
      'in headroom.yaml, gpu_memory: 8GiB for learner and 11.50GiB for sim (it used 10.00 GiB of 12.00 GiB)',
    );
  });

  test('where the plan has room unassigned, only the failed process grows', async () => {
    const dir = writeRun({
      samples: { sim: { gpuBytes: 10 * GiB, hostBytes: GiB } },
      learnerLog: jaxOom,
      plannedBytes: 22 * GiB,
    });
    const [d] = (await examineTarget(dir)).diagnoses;
    assert.equal(
      d?.fixes[0],
      'in headroom.yaml, gpu_memory: 8GiB for learner (was 7.00 GiB; GPU 0 has 1.50 GiB unplanned)',
    );
  });

  test("a co-tenant over its budget filled the card: the co-tenant's own options, never a cap for `other`", async () => {
    const dir = writeRun({
      samples: { sim: { gpuBytes: 15 * GiB, hostBytes: GiB } },
      learnerGpuBytes: 3 * GiB,
      cardUsedBytes: 23.5 * GiB,
      learnerLog: jaxOom,
    });
    const [d] = (await examineTarget(dir)).diagnoses as RunDiagnosis[];
    assert.equal(d?.failureCause?.kind, 'card-full');
    assert.match(
      d!.causeText,
      /^card full: learner asked for 1\.00 GiB with 2\.50 GiB of its 7\.00 GiB cap .*; GPU 0 had 512 MiB free of 24\.00 GiB at the sample 1000 ms before/,
    );
    assert.match(d!.causeText, /sim held 2\.50 GiB over its budget/);
    assert.equal(
      d?.fixes[0],
      'give sim the budget it used: gpu_memory: 14.50GiB for sim (was 12.00 GiB), so the plan counts it',
    );
    assert.doesNotMatch(d!.fixes.join('\n'), /enforce: cap/);
    assert.match(
      d!.fixes.join('\n'),
      /enforce: kill for sim: .*the run then fails with sim killed-by-headroom/,
    );
  });

  test('at its own cap, no fix touches the neighbour that went over its budget', async () => {
    const dir = writeRun({
      samples: { sim: { gpuBytes: 15 * GiB, hostBytes: GiB } },
      cardUsedBytes: 22 * GiB,
      learnerLog: jaxOom,
    });
    const [d] = (await examineTarget(dir)).diagnoses as RunDiagnosis[];
    assert.equal(d?.failureCause?.kind, 'own-cap');
    assert.doesNotMatch(d!.fixes.join('\n'), /\bsim\b/);
  });

  test('an OOM kill with nothing in the log: the verdict, and advice that is no fixed factor of the limit', async () => {
    const dir = writeRun({ samples: {}, learnerLog: 'step 1\n', reason: 'oom-killed' });
    const [d] = (await examineTarget(dir)).diagnoses;
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.hostLimitBytes, 16 * GiB);
    assert.doesNotMatch(d!.fixes.join('\n'), /20GiB/);
    // Every fix carries the fact it rests on, in step with `fixes`.
    assert.deepEqual(
      d!.fixDetails.map((f) => f.fix),
      d!.fixes,
    );
    assert.ok(d!.fixDetails.every((f) => f.because.length > 0));
    assert.match(d!.fixes.join('\n'), /room to measure the real peak: host_memory: 32GiB for learner/);
  });

  test("a kill by enforce: kill is a GPU one, whatever the process's name says (host-agent)", async () => {
    const dir = scratchDir('doctor-run');
    mkdirSync(join(dir, 'logs'));
    const because =
      "host-agent's GPU memory 9.00 GiB is over its budget of 8.00 GiB; enforce: kill stopped it";
    const at = (second: number) => `2026-01-01T00:00:0${second}.000Z`;
    const events = [
      { time: at(0), type: 'spawn', process: 'host-agent', message: 'started', pid: 10 },
      {
        time: at(2),
        type: 'gpu-over-budget',
        process: 'host-agent',
        message: because,
        gpuBytes: 9 * GiB,
        budgetBytes: 8 * GiB,
        enforce: 'kill',
      },
      {
        time: at(2),
        type: 'enforce-kill',
        process: 'host-agent',
        message: `stopping host-agent: ${because}`,
      },
      { time: at(3), type: 'exit', process: 'host-agent', message: 'ended', reason: 'killed-by-headroom' },
    ];
    writeFileSync(join(dir, 'events.jsonl'), `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const summary = {
      runId: 'r1',
      runDir: dir,
      exitCode: 1,
      startedAt: at(0),
      endedAt: at(4),
      processes: [
        {
          name: 'host-agent',
          reason: 'killed-by-headroom',
          confidence: 'certain',
          because,
          exitCode: null,
          signal: 'SIGTERM',
          restarts: 0,
          peakHostBytes: GiB,
          peakGpuBytes: 9 * GiB,
          peakCgroupBytes: null,
          hostLimitBytes: null,
          hostEnforcement: 'none',
          gpuBudgetBytes: 8 * GiB,
          log: 'logs/host-agent.log',
          startedAt: at(0),
          endedAt: at(3),
        },
      ],
    };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
    writeFileSync(join(dir, 'logs', 'host-agent.log'), 'serving\n');
    const [d] = (await examineTarget(dir)).diagnoses;
    assert.equal(d?.kind, 'gpu_oom');
  });

  test('a plan.json with numbers that are not numbers is left out, and said to be; no NaN anywhere', async () => {
    const dir = writeRun({ samples: { sim: { gpuBytes: 10 * GiB, hostBytes: GiB } }, learnerLog: jaxOom });
    const plan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    plan.devices[0].totalBytes = 'lots';
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
    const report = await examineTarget(dir);
    assert.doesNotMatch(JSON.stringify(report), /NaN|Infinity/);
    assert.ok(
      report.findings.some((f) =>
        /plan\.json: devices\.0\.totalBytes: .*the plan is left out/.test(f.message),
      ),
    );
    assert.equal(report.diagnoses[0]?.kind, 'gpu_oom');
  });

  test('log paths in a record are read only inside the run directory, and only regular files', async () => {
    const dir = writeRun({ samples: {}, learnerLog: 'step 1\n', reason: 'failed' });
    const secret = join(dir, '..', `secret-${process.pid}.txt`);
    writeFileSync(secret, 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n');
    try {
      const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
      summary.processes[0].log = `../${secret.split('/').at(-1)}`;
      summary.processes[1].log = '/dev/zero';
      summary.processes[1].reason = 'failed';
      writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
      const report = await examineTarget(dir); // /dev/zero would never end
      assert.doesNotMatch(
        JSON.stringify(report),
        /CUDA out of memory/,
        'the file outside the run is not read',
      );
    } finally {
      rmSync(secret, { force: true });
    }
  });

  test('yaml sizes round to 256 MiB', () => {
    assert.equal(yamlSize(7.1 * GiB), '7.25GiB');
    assert.equal(yamlSize(7.1 * GiB, 'down'), '7GiB');
    assert.equal(yamlSize(300 * 1024 ** 2), '512MiB');
  });
});

describe('doctor RUN_DIR: advice for a log headroom run captured (issue 23 item 5)', () => {
  // A Python traceback cut after its last frame: read alone, "can't tell: the failure line is missing".
  const cutTraceback = [
    'step 1',
    'Traceback (most recent call last):',
    '  File "train.py", line 12, in <module>',
    '    main()',
    '  File "train.py", line 8, in main',
    '    step(batch)',
    '',
  ].join('\n');

  test("a cut log of a failed run: what decides is the supervisor's record, never a rerun under headroom run", async () => {
    const dir = writeRun({ samples: {}, learnerLog: cutTraceback, reason: 'failed' });
    const [d] = (await examineTarget(dir)).diagnoses;
    assert.equal(d?.code, 'failure-line-missing');
    const toDecide = d?.failureLineMissing?.toDecide ?? '';
    assert.doesNotMatch(toDecide, /rerun under headroom run|headroom run -- <command>|paste the rest/);
    assert.match(toDecide, /kept all the process printed \(logs\/learner\.log\) and it ends there/);
    assert.match(toDecide, /it exited with code 1 \(summary\.json: failed, /);
    assert.match(toDecide, /no OOM kill in its tree/);
    assert.match(
      toDecide,
      /its peaks: host 2\.00 GiB of its 16\.00 GiB limit, GPU 6\.90 GiB of its 7\.00 GiB budget/,
    );
  });

  test('the same log read alone still asks for the rest of the output', async () => {
    const { diagnoseText } = await import('../../doctor/diagnose-text.js');
    const [d] = diagnoseText(cutTraceback);
    assert.match(d?.failureLineMissing?.toDecide ?? '', /rerun under headroom run -- <command>/);
  });

  test("a host OOM's 'record its memory: headroom run -- <command>' reads the record instead", async () => {
    const dir = writeRun({
      samples: {},
      learnerLog:
        'step 1\nTraceback (most recent call last):\n  File "a.py", line 1, in <module>\nMemoryError\n',
      reason: 'host-oom',
    });
    const [d] = (await examineTarget(dir)).diagnoses;
    assert.equal(d?.kind, 'host_oom');
    for (const fix of d?.fixes ?? []) assert.doesNotMatch(fix, /headroom run -- <command>/);
    assert.ok(
      d?.fixes.some((f) =>
        /^read the process tree's host memory over time in this run's record \(samples\.jsonl; headroom report /.test(
          f,
        ),
      ),
      d?.fixes.join('\n'),
    );
  });
});
