#!/usr/bin/env node
// A stand-in for a simulator (Isaac Sim, a PhysX scene) on a simulated GPU: it takes a fixed amount of device
// memory at start, holds some host memory, and runs until stopped or for --duration-ms. When the card has no
// room it fails the way PhysX's GPU allocator reports it (see ../../shared/corpus/isaac_or_sim-*).
//   node fake-sim.mjs --gpu-memory 8GiB --host-memory 256MiB --duration-ms -1
// (--until-file PATH also holds it, after --duration-ms, until PATH exists.)
import { hold, holdHostMemory, openSimCard, parseFlags } from './workload-kit.mjs';

const flags = parseFlags(process.argv.slice(2), {
  'gpu-memory': 8 * 2 ** 30,
  'host-memory': 256 * 2 ** 20,
  'duration-ms': -1,
  context: 300 * 2 ** 20,
  'until-file': '',
});

const gpu = openSimCard();
const wantBytes = flags.context + flags['gpu-memory'];
if (!gpu.claim(wantBytes).ok) {
  process.stderr.write(
    `PxgCudaDeviceMemoryAllocator fail to allocate memory ${flags['gpu-memory']} bytes!! Result = 2\n` +
      '[Error] [omni.physx.plugin] PhysX error: GPU memory allocation failed (cudaErrorMemoryAllocation)\n',
  );
  process.exit(1);
}
const host = [];
holdHostMemory(host, flags['host-memory']);
process.stdout.write(
  `fake-sim: holding ${(wantBytes / 2 ** 30).toFixed(2)} GiB on GPU ${gpu.card.index} of ${gpu.spec} (simulated)\nready\n`,
);
await hold(flags['duration-ms'], flags['until-file']);
