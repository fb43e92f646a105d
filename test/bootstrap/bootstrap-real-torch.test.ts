// headroom's bootstrap with Debian's real python3-torch (1.13, CPU-only): the hook loads, stays silent,
// creates no CUDA context and changes nothing the program can see. .ci/run installs python3-torch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pythonHas } from '../../src/test-helpers/frameworks.js';
import { bootstrapDir, runPython } from './python.js';

const python = '/usr/bin/python3';
const hasTorch = pythonHas(python, 'torch');

// Everything the program could observe, the hook's own queued call excepted.
const probe = [
  'import os, sys, torch',
  'queued = len(torch.cuda._queued_calls)',
  'x = torch.arange(6, dtype=torch.float32).reshape(2, 3) @ torch.ones(3, 1)',
  'print("sum", x.sum().item())',
  'print("available", torch.cuda.is_available())',
  'try:',
  '    torch.zeros(1, device="cuda")',
  'except Exception as error:',
  '    print("cuda", type(error).__name__, error)',
  'print("initialized", torch.cuda.is_initialized())',
  'print("conf", os.environ.get("PYTORCH_CUDA_ALLOC_CONF"))',
  'print("fraction-env", os.environ.get("HEADROOM_GPU_FRACTION") is not None)',
  'print("hooked", "_headroom_boot" in sys.modules, queued, file=sys.stderr)',
].join('\n');

const bootEnv = {
  HEADROOM_BOOT: 'torch-alloc,torch-cap',
  HEADROOM_TORCH_ALLOC_KEYS: 'expandable_segments:True@2.1',
  HEADROOM_GPU_FRACTION: '0.5000',
};

test("Debian's torch 1.13: the hook loads, stays silent, makes no CUDA context and changes nothing", {
  skip: hasTorch
    ? false
    : `needs Debian's python3-torch at ${python} (apt-get install -y python3-torch libopenblas0)`,
}, () => {
  const plain = runPython(python, probe, { HEADROOM_GPU_FRACTION: '0.5000' });
  const booted = runPython(python, probe, { ...bootEnv, PYTHONPATH: bootstrapDir });
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(booted.code, 0, booted.stderr);
  assert.equal(booted.stdout, plain.stdout);
  assert.match(booted.stdout, /^sum 15\.0$/m);
  assert.match(booted.stdout, /^initialized False$/m);
  assert.match(booted.stdout, /^conf None$/m, 'torch 1.13 gets no expandable_segments');
  // The only difference: the hook is loaded and its one call waits in torch's lazy-init queue.
  const [, plainQueued] = /hooked False (\d+)/.exec(plain.stderr) ?? [];
  const [, bootedQueued] = /hooked True (\d+)/.exec(booted.stderr) ?? [];
  assert.ok(plainQueued !== undefined && bootedQueued !== undefined, `${plain.stderr} / ${booted.stderr}`);
  assert.equal(Number(bootedQueued), Number(plainQueued) + 1);
  assert.equal(booted.stderr.replace(/hooked True \d+\n/, ''), '', 'silent');
});
