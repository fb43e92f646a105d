// What the fake workloads share: flags, the simulated card they run on, host memory, and exiting cleanly.
import { existsSync } from 'node:fs';
import {
  formatSimCards,
  parseSimCards,
  removeClaim,
  simCardUuid,
  simStateDir,
  tryClaim,
} from '../../assets/sim-card/sim-gpu.mjs';

const sizeUnits = { b: 1, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, kb: 1e3, mb: 1e6, gb: 1e9 };

/** Parses `--name value` flags over defaults; sizes (`512MiB`) become bytes when the default is a size. */
export function parseFlags(argv, defaults) {
  const flags = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!key || !(key in defaults) || value === undefined) fail(`unknown or incomplete flag ${argv[i]}`);
    flags[key] = typeof defaults[key] === 'number' ? parseNumberOrSize(value) : value;
  }
  return flags;
}

/** The simulated card this process sees: HEADROOM_GPU's cards through CUDA_VISIBLE_DEVICES, like CUDA. */
export function openSimCard(env = process.env) {
  let cards;
  try {
    cards = parseSimCards(env.HEADROOM_GPU);
  } catch (error) {
    fail(error.message);
  }
  if (!cards) fail('no simulated GPU: set HEADROOM_GPU=sim:24GiB (headroom run and headroom env do this)');
  const visible = env.CUDA_VISIBLE_DEVICES;
  const first = visible === undefined ? '0' : visible.split(',')[0].trim();
  const card = cards.find((c) => String(c.index) === first || simCardUuid(c.index) === first);
  // CUDA's own text when CUDA_VISIBLE_DEVICES hides every device.
  if (!card) fail('CUDA error: no CUDA-capable device is detected');
  const dir = simStateDir(cards, env);
  const pid = process.pid;
  const release = () => removeClaim(dir, pid);
  process.on('exit', release);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    // Free the claim, then die of the same signal (the listener is gone, so the default action runs).
    process.once(signal, () => {
      release();
      process.kill(process.pid, signal);
    });
  }
  return {
    card,
    spec: formatSimCards(cards),
    claim: (bytes) => tryClaim(dir, card, pid, bytes),
    release,
  };
}

/** Holds `bytes` of real, touched host memory so RSS shows it. */
export function holdHostMemory(store, bytes) {
  if (bytes <= 0) return;
  const block = Buffer.alloc(bytes);
  for (let i = 0; i < block.length; i += 4096) block[i] = 1;
  store.push(block);
}

/** Sleeps without blocking signals. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps running for `ms` after the work is done; a negative value holds until a signal stops the process.
 * With `untilFile`, also until that file exists (a test's release: it has seen what it waits for). */
export async function hold(ms, untilFile = '') {
  if (ms < 0) {
    setInterval(() => {}, 2 ** 30);
    return new Promise(() => {});
  }
  await sleep(ms);
  while (untilFile !== '' && !existsSync(untilFile)) await sleep(50);
}

/** Prints a message and exits 2, the way a misconfigured program would. */
export function fail(message) {
  process.stderr.write(`${process.argv[1]?.split('/').pop()}: ${message}\n`);
  process.exit(2);
}

/** PyTorch's `format_size` (c10/cuda/CUDACachingAllocator.cpp): bytes, KiB, MiB, GiB with 2 decimals. */
export function formatTorchSize(bytes) {
  if (bytes <= 1024) return `${bytes} bytes`;
  if (bytes <= 2 ** 20) return `${(bytes / 2 ** 10).toFixed(2)} KiB`;
  if (bytes <= 2 ** 30) return `${(bytes / 2 ** 20).toFixed(2)} MiB`;
  return `${(bytes / 2 ** 30).toFixed(2)} GiB`;
}

function parseNumberOrSize(text) {
  const match = /^(-?\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match?.[2]?.toLowerCase() ?? '';
  if (!match || (unit !== '' && !(unit in sizeUnits))) fail(`not a number or size: ${text}`);
  return unit === '' ? Number(match[1]) : Math.floor(Number(match[1]) * sizeUnits[unit]);
}
