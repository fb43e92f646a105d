// A full disk is a state of the run, not a crash (issue #22 item 3): on a real tmpfs run directory,
// filled by the child's own output or from outside mid-run, the child's output keeps flowing, the
// lost bytes are counted by file and time, summary.json is whole, and the exit code is the verdict's.
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runSummarySchema } from '../run-record/schema.js';
import { useSmallTmpfs } from '../test-helpers/tmpfs.js';
import { cleanUpRuns, launch, program, runSupervised, survivors } from './test-helpers/supervised.js';

after(cleanUpRuns);

const tmpfs = useSmallTmpfs('headroom-full', '6m');

const clearMount = (): void => {
  for (const entry of ['run', 'fill']) rmSync(join(tmpfs.path!, entry), { recursive: true, force: true });
};

function readSummary(runDir: string) {
  return runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
}

describe('a full disk', () => {
  test('filled by the child itself: its output still flows, the log counts what it lost, the verdict is its own', async (t) => {
    if (tmpfs.skip) return t.skip(tmpfs.skip);
    clearMount();
    const runDir = join(tmpfs.path!, 'run');
    // 20 MB into a 6 MiB disk, then a last line and its own exit code.
    const writer = `${program('print-mb.mjs', 20)
      .map((a) => `'${a}'`)
      .join(' ')}; echo wrote it all; exit 3`;
    const run = await runSupervised([launch('writer', ['/bin/sh', '-c', writer])], { runDir });
    const writerEnd = run.processNamed('writer');
    assert.equal(writerEnd.exitCode, 3, writerEnd.because);
    assert.equal(run.summary.exitCode, 3);
    assert.match(run.outputOf('writer'), /wrote it all\n$/, 'the output flowed to its end');
    const summary = readSummary(runDir);
    assert.equal(summary.exitCode, 3);
    const lost = summary.lostWrites.find((l) => l.file === 'logs/writer.log');
    assert.ok(lost, JSON.stringify(summary.lostWrites));
    assert.equal(lost.error, 'ENOSPC');
    assert.ok(lost.bytes > 10e6, `${lost.bytes} bytes lost`);
    assert.ok(Date.parse(lost.since) >= Date.parse(summary.startedAt));
    assert.ok(run.events.some((e) => e.type === 'write-lost' && e.file === 'logs/writer.log'));
  });

  test('filled from outside mid-run: the run goes on to its end and summary.json is whole', async (t) => {
    if (tmpfs.skip) return t.skip(tmpfs.skip);
    clearMount();
    const runDir = join(tmpfs.path!, 'run');
    const steps = [
      'print:started',
      ...Array.from({ length: 15 }, (_, i) => [`sleep:100`, `print:step ${i}`]).flat(),
    ];
    let pid: number | undefined;
    const fill = (): void => {
      const fd = openSync(join(tmpfs.path!, 'fill'), 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
      } finally {
        closeSync(fd);
      }
    };
    const run = await runSupervised([launch('trainer', program('steps.mjs', ...steps, 'exit:0'))], {
      runDir,
      sampleIntervalMs: 50,
      onUpdate: (u) => {
        if (u.kind === 'event' && u.event.type === 'spawn') pid = u.event.pid as number;
        if (u.kind === 'output' && u.text.includes('started')) fill();
      },
    });
    assert.equal(run.processNamed('trainer').reason, 'exited');
    assert.equal(run.summary.exitCode, 0);
    assert.match(run.outputOf('trainer'), /step 14\n$/);
    const summary = readSummary(runDir);
    assert.equal(summary.exitCode, 0);
    assert.ok(summary.lostWrites.length > 0, 'samples, events or the log lost writes');
    assert.ok(pid !== undefined);
    assert.deepEqual(survivors([pid]), [], 'no child orphaned');
  });
});
