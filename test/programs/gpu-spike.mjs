// Holds SPIKE bytes on the simulated card for SPIKE_MS, then BASE bytes for HOLD_MS, and exits: the
// optimizer-step spike a sample twice a second mostly misses. usage: gpu-spike.mjs SPIKE SPIKE_MS BASE HOLD_MS
import { openSimCard, sleep } from '../../examples/workloads/workload-kit.mjs';

const [spikeBytes, spikeMs, baseBytes, holdMs] = process.argv.slice(2).map(Number);
const gpu = openSimCard();
if (!gpu.claim(spikeBytes).ok) process.exit(1);
await sleep(spikeMs);
gpu.claim(baseBytes);
process.stdout.write(`spike of ${spikeBytes} bytes for ${spikeMs} ms done\n`);
await sleep(holdMs);
