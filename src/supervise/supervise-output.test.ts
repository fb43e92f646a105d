// Output: byte-identical logs, whole lines to the renderer, GPU OOM text, and spawn failures.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { recordVersion, runEventSchema, runMetaSchema, runSummarySchema } from '../run-record/schema.js';
import { cleanUpRuns, launch, program, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('logs', () => {
  test('200 MB written at full speed is logged byte for byte; the renderer gets whole lines to the last, or says what it skipped', async () => {
    const hashFile = join(tmpdir(), `headroom-print-mb-${process.pid}.sha256`);
    let renderedBytes = 0;
    let isWholeLines = true;
    let lastText = '';
    const run = await runSupervised([launch('writer', program('print-mb.mjs', 200, hashFile))], {
      onUpdate: (u) => {
        if (u.kind !== 'output') return;
        renderedBytes += u.text.length;
        isWholeLines &&= u.text.endsWith('\n');
        lastText = u.text;
      },
    });
    try {
      assert.equal(run.processNamed('writer').reason, 'exited');
      const logPath = join(run.runDir, run.processNamed('writer').log);
      assert.equal(await sha256File(logPath), readFileSync(hashFile, 'utf8'));
      // The live view may skip output behind a writer faster than it (never the log); it says how much.
      const skipped = run.events.find((e) => e.type === 'warning' && typeof e.skippedBytes === 'number');
      const skippedBytes = (skipped?.skippedBytes as number | undefined) ?? 0;
      if (skippedBytes === 0) assert.equal(renderedBytes, 200e6);
      else assert.ok(renderedBytes + skippedBytes <= 200e6 && renderedBytes > 0);
      assert.ok(isWholeLines, 'every chunk ends at a line end');
      assert.match(lastText, /^000001999999 abcdefghij/m, 'the last line reached the renderer');
    } finally {
      rmSync(hashFile, { force: true });
    }
  });

  test('stdout and stderr share the log in write order; an unterminated last line is flushed', async () => {
    const run = await runSupervised([launch('s', ['/bin/sh', '-c', 'echo out; echo err >&2; printf tail'])]);
    assert.equal(readFileSync(join(run.runDir, 'logs/s.log'), 'utf8'), 'out\nerr\ntail');
    assert.equal(run.outputOf('s'), 'out\nerr\ntail\n');
  });

  test('a restarted process appends to its log, and the renderer sees each attempt once', async () => {
    const run = await runSupervised([
      launch('r', program('steps.mjs', 'print:try', 'exit:1'), { restart: 'on-failure', maxRestarts: 2 }),
    ]);
    assert.equal(readFileSync(join(run.runDir, 'logs/r.log'), 'utf8'), 'try\ntry\ntry\n');
    assert.equal(run.outputOf('r'), 'try\ntry\ntry\n');
  });
});

describe('reasons from output and spawn', () => {
  test('a framework GPU OOM message followed by a failure is gpu-oom', async () => {
    const traceback = 'error:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB';
    const run = await runSupervised([
      launch('train', program('steps.mjs', 'print:epoch 1', traceback, 'exit:1')),
    ]);
    const train = run.processNamed('train');
    assert.equal(train.reason, 'gpu-oom');
    assert.match(train.because, /CUDA out of memory/);
    assert.equal(run.summary.exitCode, 1);
  });

  test('a command that cannot be found fails with 127', async () => {
    const run = await runSupervised([launch('ghost', ['/nonexistent/program'])]);
    const ghost = run.processNamed('ghost');
    assert.equal(ghost.reason, 'failed');
    assert.equal(ghost.exitCode, 127);
    assert.equal(run.summary.exitCode, 127);
  });

  test('summary.json, events.jsonl and plan.json are written', async () => {
    const run = await runSupervised([launch('ok', program('steps.mjs', 'print:hi'))], {
      plan: { note: 'plan' },
    });
    const summary = JSON.parse(readFileSync(join(run.runDir, 'summary.json'), 'utf8'));
    assert.deepEqual(summary, JSON.parse(JSON.stringify(run.summary)));
    // Every file the writer made passes the record's own schema, strictly.
    assert.equal(summary.recordVersion, recordVersion);
    assert.ok(runSummarySchema.safeParse(summary).success);
    const meta = JSON.parse(readFileSync(join(run.runDir, 'run.json'), 'utf8'));
    assert.ok(runMetaSchema.safeParse(meta).success);
    assert.deepEqual(meta.processes, ['ok']);
    for (const line of readFileSync(join(run.runDir, 'events.jsonl'), 'utf8').trim().split('\n')) {
      assert.ok(runEventSchema.safeParse(JSON.parse(line)).success, line);
    }
    assert.deepEqual(JSON.parse(readFileSync(join(run.runDir, 'plan.json'), 'utf8')), { note: 'plan' });
    const types = readFileSync(join(run.runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type);
    assert.deepEqual(
      types.filter((t) => t === 'spawn' || t === 'exit'),
      ['spawn', 'exit'],
    );
  });
});

describe('a cwd that cannot be one', () => {
  test('a cwd naming a file is refused before anything starts, in one line', async () => {
    await assert.rejects(
      runSupervised([launch('a', ['true'], { cwd: '/etc/hostname' }), launch('b', ['sleep', '1'])]),
      /a: cwd \/etc\/hostname is not a directory/,
    );
  });
});

describe('a child that takes its own log away', () => {
  test('deleted and replaced by an unreadable directory before a line is written: no internal error, its verdict', async () => {
    const runDir = join(tmpdir(), `headroom-own-log-${process.pid}`);
    rmSync(runDir, { recursive: true, force: true });
    const script = `rm -f "$1/logs/vandal.log"; mkdir "$1/logs/vandal.log"; chmod 000 "$1/logs/vandal.log"; echo still heard; exit 4`;
    try {
      const run = await runSupervised([launch('vandal', ['/bin/sh', '-c', script, 'sh', runDir])], {
        runDir,
      });
      assert.equal(run.processNamed('vandal').exitCode, 4);
      assert.equal(run.summary.exitCode, 4);
      assert.match(run.outputOf('vandal'), /still heard/);
      assert.ok(runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8'))));
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
