#!/usr/bin/env node
// A stand-in for a PyTorch training process on a simulated GPU: the caching allocator grows step by step,
// capped by the card and by the per-process fraction, taken the way a torch process gets it (FACTS.md Q7, Q8):
//  1. `per_process_memory_fraction` in PYTORCH_CUDA_ALLOC_CONF, when the simulated release knows the key;
//  2. else headroom's bootstrap, when it is on PYTHONPATH with HEADROOM_BOOT=torch-cap: it calls
//     set_per_process_memory_fraction(HEADROOM_GPU_FRACTION) at CUDA initialisation;
//  3. --fraction below 1: the script's own call, made after those (so it wins).
// At its first allocation it rejects allocator keys its release (--torch-version) does not know, and it fails
// with PyTorch 2.x's OOM text (FACTS.md Q9).
//   node fake-torch.mjs --step 1GiB --steps 10 --interval-ms 500 --fraction 1 --host-per-step 32MiB --hold-ms 0
//     --torch-version 2.4.1
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseSimCards, readClaims, simStateDir } from '../../assets/sim-card/sim-gpu.mjs';
import { formatTorchSize, hold, holdHostMemory, openSimCard, parseFlags, sleep } from './workload-kit.mjs';

const flags = parseFlags(process.argv.slice(2), {
  step: 2 ** 30,
  steps: 10,
  'interval-ms': 500,
  'host-per-step': 32 * 2 ** 20,
  'hold-ms': 0,
  context: 300 * 2 ** 20,
  fraction: 1,
  'torch-version': '2.4.1',
});

const gpu = openSimCard();
const totalBytes = gpu.card.totalBytes;
const fraction = capFraction(process.env);
// allowed_memory_maximum = fraction * device total; checked before cudaMalloc (c10 alloc_block).
const allowedBytes = fraction < 1 ? Math.floor(fraction * totalBytes) : Number.POSITIVE_INFINITY;
if (!gpu.claim(flags.context).ok) {
  process.stderr.write('RuntimeError: CUDA error: out of memory\n');
  process.exit(1);
}
process.stderr.write(`fake-torch: ${gpu.spec} (simulated) device ${gpu.card.index}\n`);

const host = [];
let reservedBytes = 0;
for (let step = 1; step <= flags.steps; step++) {
  const wantBytes = reservedBytes + flags.step;
  if (wantBytes > allowedBytes || !gpu.claim(flags.context + wantBytes).ok) outOfMemory(flags.step);
  reservedBytes = wantBytes;
  holdHostMemory(host, flags['host-per-step']);
  process.stdout.write(
    `step ${step}/${flags.steps}: ${formatTorchSize(reservedBytes)} reserved on cuda:0 (simulated)\n`,
  );
  await sleep(flags['interval-ms']);
}
process.stdout.write('done\n');
await hold(flags['hold-ms']);

// The fraction the caching allocator ends up with, in the order a real process sets it.
function capFraction(env) {
  const conf = env.PYTORCH_CUDA_ALLOC_CONF ?? env.PYTORCH_ALLOC_CONF ?? '';
  const entries = conf
    .split(',')
    .filter((e) => e.trim())
    .map((e) => e.split(':').map((part) => part.trim()));
  const [major, minor] = String(flags['torch-version']).split('.').map(Number);
  const release = major * 100 + minor;
  // Keys of 2.x releases; expandable_segments from 2.1, per_process_memory_fraction from 2.10 (FACTS Q7).
  const known = ['backend', 'max_split_size_mb', 'roundup_power2_divisions', 'garbage_collection_threshold'];
  if (release >= 201) known.push('expandable_segments');
  if (release >= 210) known.push('per_process_memory_fraction');
  for (const [key] of entries) {
    if (!known.includes(key)) {
      process.stderr.write(
        'Traceback (most recent call last):\n  File "train.py", line 1, in <module>\n' +
          `RuntimeError: Unrecognized CachingAllocator option: ${key}\n`,
      );
      process.exit(1);
    }
  }
  let fraction = 1;
  const own = entries.find(([key]) => key === 'per_process_memory_fraction');
  if (own) fraction = Number(own[1]);
  const bootstrapOnPath = (env.PYTHONPATH ?? '')
    .split(':')
    .some((entry) => entry !== '' && existsSync(join(entry, '_headroom_boot', '__init__.py')));
  const actions = (env.HEADROOM_BOOT ?? '').split(',');
  if (!own && bootstrapOnPath && actions.includes('torch-cap')) fraction = Number(env.HEADROOM_GPU_FRACTION);
  return flags.fraction < 1 ? flags.fraction : fraction;
}

function outOfMemory(requestBytes) {
  const cards = parseSimCards(process.env.HEADROOM_GPU) ?? [];
  const claims = readClaims(simStateDir(cards)).filter((claim) => claim.device === gpu.card.index);
  const usedBytes = claims.reduce((sum, claim) => sum + claim.bytes, 0);
  // proc_info lists every process NVML sees on the device, this one in its own words.
  const procInfo = claims
    .map((claim) =>
      claim.pid === process.pid
        ? `Including non-PyTorch memory, this process has ${formatTorchSize(claim.bytes)} memory in use. `
        : `Process ${claim.pid} has ${formatTorchSize(claim.bytes)} memory in use. `,
    )
    .join('');
  process.stderr.write(
    'Traceback (most recent call last):\n  File "train.py", line 1, in <module>\n' +
      `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${formatTorchSize(requestBytes)}. ` +
      `GPU 0 has a total capacity of ${formatTorchSize(totalBytes)} of which ${formatTorchSize(Math.max(0, totalBytes - usedBytes))} is free. ` +
      `${procInfo}Of the allocated memory ${formatTorchSize(reservedBytes)} is allocated by PyTorch, and 0 bytes is reserved by PyTorch but unallocated. ` +
      'If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  ' +
      'See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n',
  );
  process.exit(1);
}
