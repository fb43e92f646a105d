// Host-PID mapping on fake /proc trees: the initial namespace, a container's own /proc, and an outer /proc.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../../test-helpers/scratch.js';
import { attachLocalPids, mapHostPids } from './pid-namespace.js';

function fakeProc(processes: Record<string, { nsPids: number[]; namespace: string }>): string {
  const root = scratchDir('proc');
  for (const [dir, { nsPids, namespace }] of Object.entries(processes)) {
    mkdirSync(path.join(root, dir, 'ns'), { recursive: true });
    writeFileSync(
      path.join(root, dir, 'status'),
      `Name:\tpython\nPid:\t${nsPids[0]}\nNSpid:\t${nsPids.join('\t')}\n`,
    );
    symlinkSync(namespace, path.join(root, dir, 'ns', 'pid'));
  }
  return root;
}

const container = 'pid:[4026532001]';

test('in the initial PID namespace host PIDs are local PIDs', async () => {
  const root = fakeProc({
    self: { nsPids: [100], namespace: 'pid:[4026531836]' },
    '500': { nsPids: [500], namespace: 'pid:[4026531836]' },
  });
  const mapped = await mapHostPids([500, 501], root);
  assert.deepEqual(mapped.get(500), { hostPid: 500, kind: 'same', localPid: 500 });
  assert.equal(mapped.get(501)?.localPid, null);
  assert.match(mapped.get(501)?.reason ?? '', /exited/);
});

test('in a container with its own /proc, host PIDs cannot be mapped, and it says why', async () => {
  const root = fakeProc({
    self: { nsPids: [7], namespace: container },
    '12': { nsPids: [12], namespace: container },
  });
  const mapped = await mapHostPids([4242], root);
  assert.equal(mapped.get(4242)?.localPid, null);
  assert.match(mapped.get(4242)?.reason ?? '', /PID namespace \(a container\).*--pid=host/);
});

test('with the host /proc mounted, NSpid gives our PID; other containers stay unmapped', async () => {
  const root = fakeProc({
    self: { nsPids: [4300, 9], namespace: container },
    '4242': { nsPids: [4242, 7], namespace: container },
    '5000': { nsPids: [5000, 3], namespace: 'pid:[4026532999]' },
  });
  const mapped = await mapHostPids([4242, 5000, 6000], root);
  assert.deepEqual(mapped.get(4242), { hostPid: 4242, kind: 'mapped', localPid: 7 });
  assert.match(mapped.get(5000)?.reason ?? '', /another PID namespace/);
  assert.match(mapped.get(6000)?.reason ?? '', /exited/);
});

test('on this machine our own PID maps to itself', async () => {
  const mapped = await mapHostPids([process.pid]);
  const own = mapped.get(process.pid);
  assert.ok(own?.localPid === process.pid || typeof own?.reason === 'string');
});

test('attachLocalPids sets localPid only where it differs, and says why where it is unknown', async () => {
  const root = fakeProc({
    self: { nsPids: [4300, 9], namespace: container },
    '4242': { nsPids: [4242, 7], namespace: container },
    '5000': { nsPids: [5000, 3], namespace: 'pid:[4026532999]' },
  });
  const processes = [4242, 5000, 6000].map((pid) => ({ pid, device: 0, usedBytes: 1 }));
  const attached = await attachLocalPids(processes, root);
  assert.deepEqual(
    attached.processes.map((p) => p.localPid),
    [7, null, undefined],
  );
  assert.deepEqual(attached.warnings, ['PID 5000: in another PID namespace (another container)']);
});
