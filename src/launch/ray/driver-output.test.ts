// The driver's events pipe carries its events only. Ray's driver prints to stdout from a thread of its
// own (ray/_private/worker.py listen_error_messages -> print_worker_logs: the raylet's "A worker died or
// was killed ..." when an actor's worker dies), one print() as two writes, the text then its newline; an
// event written between them was glued behind Ray's text, and headroom lost it (CI, 2026-11-28: a
// sleeper's `exit`, and `headroom run` exited 0). Here that interleaving is made on purpose, with Ray's
// own printer: what else writes to stdout, Python or native, goes to stderr (ray/driver.log).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { frameworksPython, skipUnlessFrameworks } from '../../test-helpers/frameworks.js';
import { packagedRayDriverDir } from '../ray-driver-dir.js';

test("the driver's events stay whole lines whatever Ray or native code prints to stdout meanwhile", {
  skip: skipUnlessFrameworks('ray'),
}, () => {
  const program = [
    'import os, sys',
    `sys.path.insert(0, ${JSON.stringify(`${packagedRayDriverDir}/..`)})`,
    'from ray._private.worker import print_to_stdstream',
    'from headroom_ray.output import Output',
    'output = Output(True, None)',
    // Ray's error listener between the two writes of its print(): its text is out, its newline not yet.
    'sys.stdout.write("\\x1b[33m(raylet)\\x1b[0m A worker died or was killed while executing a task")',
    'sys.stdout.flush()',
    'output.emit("exit", name="sleeper", exit_code=None, signal="SIGKILL")',
    'sys.stdout.write("\\n")',
    'print_to_stdstream({"lines": ["A worker died or was killed"], "pid": "raylet", "is_err": False}, ignore_prefix=False)',
    'os.write(1, b"native code writing to descriptor 1\\n")',
    'output.emit("done", stopped=False, leftovers=[], nodes_swept=[])',
  ].join('\n');
  const ran = spawnSync(frameworksPython()!, ['-c', program], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(ran.status, 0, ran.stderr);
  const lines = ran.stdout.split('\n');
  assert.equal(lines.pop(), '');
  assert.deepEqual(
    lines.map((line) => (JSON.parse(line) as { event: string }).event),
    ['exit', 'done'],
  );
  assert.match(ran.stderr, /\(raylet\)\S* A worker died or was killed while executing a task\n/);
  assert.match(ran.stderr, /native code writing to descriptor 1/);
});
