#!/usr/bin/env node
// A stand-in for a JAX training process on a simulated GPU: it reads XLA's memory variables the way jaxlib
// does (../../shared/FACTS.md Q1, Q2), allocates step by step, and fails with XLA's own OOM text.
//   node fake-jax.mjs --step 512MiB --steps 10 --interval-ms 500 --host-per-step 32MiB --hold-ms 0
// (--hold-ms -1 keeps the memory until the process is stopped; --until-file PATH also holds it until PATH exists.)
import { hold, holdHostMemory, openSimCard, parseFlags, sleep } from './workload-kit.mjs';

const flags = parseFlags(process.argv.slice(2), {
  step: 512 * 2 ** 20,
  steps: 10,
  'interval-ms': 500,
  'host-per-step': 32 * 2 ** 20,
  'hold-ms': 0,
  context: 300 * 2 ** 20,
  'until-file': '',
});

const env = process.env;
// jaxlib/xla_client.py: setting both names raises, even with equal values.
if (env.XLA_CLIENT_MEM_FRACTION !== undefined && env.XLA_PYTHON_CLIENT_MEM_FRACTION !== undefined) {
  pythonError(
    'ValueError: XLA_CLIENT_MEM_FRACTION is specified together with XLA_PYTHON_CLIENT_MEM_FRACTION. Remove the latter one, it is deprecated.',
  );
}
const fractionText = env.XLA_CLIENT_MEM_FRACTION ?? env.XLA_PYTHON_CLIENT_MEM_FRACTION;
// Default 0.75 of TOTAL memory (xla_gpu_allocator_config.h); parsed with Python's float().
const fraction = fractionText === undefined ? 0.75 : Number(fractionText);
if (!Number.isFinite(fraction) || fractionText?.trim() === '') {
  pythonError(`ValueError: could not convert string to float: '${fractionText}'`);
}
// `preallocate not in ('false', 'False', '0')`: FALSE, no, off all still preallocate.
const preallocate = !['false', 'False', '0'].includes(env.XLA_PYTHON_CLIENT_PREALLOCATE ?? '');

const gpu = openSimCard(env);
const limitBytes = Math.floor(gpu.card.totalBytes * fraction);
const contextBytes = flags.context;
if (!gpu.claim(contextBytes).ok) {
  pythonError(
    'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to create CUDA context: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
  );
}
process.stderr.write(
  `fake-jax: ${gpu.spec} (simulated) device ${gpu.card.index}; XLA backend will use up to ${limitBytes} bytes; preallocate=${preallocate}\n`,
);

const host = [];
let poolBytes = 0;
let inUseBytes = 0;
for (let step = 1; step <= flags.steps; step++) {
  const wantBytes = inUseBytes + flags.step;
  if (poolBytes === 0 && preallocate) poolBytes = preallocatePool(wantBytes);
  if (wantBytes > poolBytes) poolBytes = growPool(wantBytes);
  inUseBytes = wantBytes;
  holdHostMemory(host, flags['host-per-step']);
  process.stdout.write(
    `step ${step}/${flags.steps}: ${(inUseBytes / 2 ** 30).toFixed(2)} GiB in use on GPU ${gpu.card.index} (simulated)\n`,
  );
  await sleep(flags['interval-ms']);
}
process.stdout.write('done\n');
await hold(flags['hold-ms'], flags['until-file']);

// The pool is grabbed at the first allocation; when cudaMalloc of the whole limit fails, the BFC allocator
// retries with x0.9 back-offs until it reaches the requested size (bfc_allocator.cc, kBackpedalFactor).
function preallocatePool(firstBytes) {
  for (let tryBytes = limitBytes; tryBytes >= firstBytes; tryBytes = Math.floor(tryBytes * 0.9)) {
    if (gpu.claim(contextBytes + tryBytes).ok) return tryBytes;
  }
  return 0;
}

// Growth is capped by the fraction in both modes (FACTS Q2), and by what the card has free: when the
// driver refuses the growth, XLA's GpuDriver::DeviceAllocate logs it before the BFC allocator gives up.
function growPool(wantBytes) {
  if (wantBytes > limitBytes) outOfMemory(flags.step);
  if (gpu.claim(contextBytes + wantBytes).ok) return wantBytes;
  const growthBytes = wantBytes - poolBytes;
  process.stderr.write(
    `W external/xla/xla/stream_executor/cuda/cuda_driver.cc:1010] failed to allocate ${(growthBytes / 2 ** 30).toFixed(2)}GiB (${growthBytes} bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n`,
  );
  outOfMemory(flags.step);
}

// Whether the fraction or a full card refused it, XLA says the same words, then dumps its pool:
// "Total size in pool" and the "Stats:" block (bfc_allocator.cc DumpMemoryLog,
// allocator.cc AllocatorStats::DebugString), the numbers that tell the two apart.
function outOfMemory(requestBytes) {
  const stat = (name, value) => `${`${name}:`.padEnd(18)}${String(value).padStart(20)}\n`;
  process.stderr.write(
    `W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_${gpu.card.index}_bfc) ran out of memory trying to allocate ${(requestBytes / 2 ** 30).toFixed(2)}GiB (rounded to ${requestBytes})requested by op\n` +
      `I external/xla/xla/tsl/framework/bfc_allocator.cc:1119] Total size in pool: ${poolBytes} memory_limit_: ${limitBytes} available size: ${Math.max(0, limitBytes - poolBytes)} curr_region_allocation_bytes_: ${2 * Math.max(poolBytes, requestBytes)}\n` +
      'I external/xla/xla/tsl/framework/bfc_allocator.cc:1128] Stats: \n' +
      stat('Limit', limitBytes) +
      stat('InUse', inUseBytes) +
      stat('MaxInUse', inUseBytes) +
      stat('NumAllocs', Math.max(1, Math.round(inUseBytes / flags.step))) +
      stat('MaxAllocSize', flags.step) +
      stat('Reserved', 0) +
      stat('PeakReserved', 0) +
      stat('LargestFreeBlock', Math.max(0, poolBytes - inUseBytes)),
  );
  pythonError(
    `jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate ${requestBytes} bytes.`,
  );
}

function pythonError(line) {
  process.stderr.write(
    `Traceback (most recent call last):\n  File "train.py", line 1, in <module>\n${line}\n`,
  );
  process.exit(1);
}
