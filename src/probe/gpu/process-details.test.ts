// Commands and host memory beside GPU processes: read from /proc for live backends, never for recorded files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeProcesses } from './process-details.js';
import type { GpuProcess, GpuSnapshot } from './types.js';

const snapshot = (
  source: GpuSnapshot['source'],
  process: Partial<GpuProcess> & { pid: number },
): GpuSnapshot => ({
  source,
  simulated: source === 'sim',
  devices: [],
  processes: [{ device: 0, usedBytes: 1, name: 'python train.py', ...process }],
});

test('a live process gets its command line and the host memory of its tree', () => {
  const [described] = describeProcesses(snapshot('sim', { pid: process.pid }));
  assert.ok(described?.command?.startsWith(process.execPath) || described?.command?.startsWith('node'));
  assert.ok((described?.hostBytes ?? 0) > 1024 * 1024, 'at least a MiB of host memory');
});

test('a host PID mapped to a local one is read through it; an unmappable one keeps its reported name', () => {
  const [mapped] = describeProcesses(snapshot('nvml', { pid: 999_999_999, localPid: process.pid }));
  assert.ok((mapped?.hostBytes ?? 0) > 0);
  const [unmapped] = describeProcesses(snapshot('nvml', { pid: 999_999_999, localPid: null }));
  assert.deepEqual([unmapped?.command, unmapped?.hostBytes], ['python train.py', null]);
  const [gone] = describeProcesses(snapshot('nvidia-smi', { pid: 999_999_999 }));
  assert.deepEqual([gone?.command, gone?.hostBytes], ['python train.py', null]);
});

test('recorded files describe another machine: names kept, this /proc not read', () => {
  const [described] = describeProcesses(snapshot('file', { pid: process.pid }));
  assert.equal(described?.command, 'python train.py');
  assert.equal(described?.hostBytes, null);
});
