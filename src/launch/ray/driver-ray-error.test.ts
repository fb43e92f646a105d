// The driver's reading of Ray's own words when an actor dies: which killer, and, for an actor Ray's memory
// monitor killed before its start answered (the node's use can cross the threshold before the child holds
// anything), the node the raylet names. The message is Ray 2.58's, printed by a real local Ray here
// (an actor killed by its memory monitor, 2026-11-27); the driver module is imported with the real Ray.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { frameworksPython, skipUnlessFrameworks } from '../../test-helpers/frameworks.js';
import { packagedRayDriverDir } from '../ray-driver-dir.js';

const rayMessage = [
  '1 worker(s) were killed due to the node running low on memory. Memory on the node (IP: 192.0.2.2, ID: 85bcc057b3b3df3dd55c82c2706bcf98a3f720bc2a1104c8d769eb3d) was 3.06GB / 23.54GB (0.129979)',
  'OOM kill reason: Memory usage 3145543680B exceeded threshold of 3038235648B (12.0% of 25276502016B total)',
  'Object store memory usage: [- objects spillable: 0',
].join('\n');

function readInPython(message: string): { kind: string; node: Record<string, string | null> | null } {
  const program = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(`${packagedRayDriverDir}/..`)})`,
    'import ray',
    'from headroom_ray.driver import _classify_ray_error, _node_of_ray_error',
    'error = ray.exceptions.OutOfMemoryError(sys.argv[1])',
    'classified = _classify_ray_error(error)',
    'print(json.dumps({"kind": classified["kind"], "node": _node_of_ray_error(classified)}))',
  ].join('\n');
  const ran = spawnSync(frameworksPython()!, ['-c', program, message], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(ran.status, 0, ran.stderr);
  return JSON.parse(ran.stdout);
}

test("an actor killed by Ray's memory monitor before its start answered is placed on the node Ray's message names", {
  skip: skipUnlessFrameworks('ray'),
}, () => {
  const read = readInPython(rayMessage);
  assert.equal(read.kind, 'memory-monitor');
  assert.deepEqual(read.node, {
    node_id: '85bcc057b3b3df3dd55c82c2706bcf98a3f720bc2a1104c8d769eb3d',
    node_ip: '192.0.2.2',
    hostname: null,
  });
  // A message that names no node places it nowhere (the record says "no node"), never on a guess.
  assert.equal(readInPython('The actor died unexpectedly before finishing this task.').node, null);
});
