#!/usr/bin/env node
// A training stand-in whose memory grows with its batch: base + per-item × batch, on the host (real,
// touched pages, so a cgroup limit OOM-kills it) or on a simulated GPU (claimed through the sim
// protocol; failing with PyTorch's or XLA's own OOM text). It prints one line per step and holds
// its memory between steps, like a training loop at its steady state.
//   node grow.mjs --batch 64 [--on host|gpu] [--base 64MiB] [--per-item 2MiB] [--steps 3]
//                 [--step-ms 300] [--framework torch|jax] [--crash-at 0] [--leak 0]
// (--crash-at N exits 3 with a Python-style error when batch ≥ N: a failure that is not about memory.
//  --leak BYTES adds that much host memory at every step, like a cache that grows each epoch: a
//  trial stopped early has not reached its peak.)
import { formatTorchSize, openSimCard, parseFlags, sleep } from '../workloads/workload-kit.mjs';

const flags = parseFlags(process.argv.slice(2), {
  batch: 1,
  on: 'host',
  base: 64 * 2 ** 20,
  'per-item': 2 * 2 ** 20,
  steps: 3,
  'step-ms': 300,
  framework: 'torch',
  'crash-at': 0,
  leak: 0,
});
const needBytes = Math.floor(flags.base + flags['per-item'] * flags.batch);
if (flags['crash-at'] > 0 && flags.batch >= flags['crash-at']) {
  process.stderr.write('Traceback (most recent call last):\n  File "train.py", line 7, in <module>\n');
  process.stderr.write(`ValueError: batch ${flags.batch} does not divide the dataset\n`);
  process.exit(3);
}

const host = [];
const gpu = flags.on === 'gpu' ? openSimCard() : null;
if (gpu) claimGpu(needBytes);
else holdHost(needBytes);
for (let step = 1; step <= flags.steps; step++) {
  if (flags.leak > 0) holdHost(flags.leak);
  process.stdout.write(
    `step ${step}/${flags.steps}: batch ${flags.batch}, ${(needBytes / 2 ** 20).toFixed(1)} MiB\n`,
  );
  await sleep(flags['step-ms']);
}
process.stdout.write('done\n');

function claimGpu(bytes) {
  const env = process.env;
  // JAX preallocates 75% of the card at the first allocation unless XLA_PYTHON_CLIENT_PREALLOCATE
  // is false (FACTS.md Q1); with the `platform` allocator it holds only what is live (Q3).
  const isJax = flags.framework === 'jax';
  const preallocate = isJax && !['false', 'False', '0'].includes(env.XLA_PYTHON_CLIENT_PREALLOCATE ?? '');
  const poolBytes = preallocate ? Math.max(bytes, Math.floor(gpu.card.totalBytes * 0.75)) : bytes;
  if (gpu.claim(poolBytes).ok) return;
  if (isJax) {
    process.stderr.write(
      `jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate ${bytes} bytes.\n`,
    );
  } else {
    process.stderr.write(
      `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${formatTorchSize(bytes)}. GPU ${gpu.card.index} has a total capacity of ${formatTorchSize(gpu.card.totalBytes)}.\n`,
    );
  }
  process.exit(1);
}

// In 16 MiB blocks, so a size far over the limit meets the OOM killer rather than Buffer's size cap.
// fill() writes every page (a fresh zeroed allocation may not be resident yet), so RSS holds it all.
function holdHost(bytes) {
  for (let done = 0; done < bytes; done += 16 * 2 ** 20) {
    host.push(Buffer.allocUnsafe(Math.min(16 * 2 ** 20, bytes - done)).fill(1));
  }
}
