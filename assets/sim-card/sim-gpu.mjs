// The simulated-GPU protocol, defined once: headroom's `sim` backend and the example workloads both import it.
//
// Cards:  HEADROOM_GPU=sim:24GiB,sim:2x80GiB (the same grammar as `--gpu`).
// State:  a directory (HEADROOM_SIM_DIR, default <tmpdir>/headroom-sim-<uid>-<cards>) holding one file per
//         claiming process, `headroom-sim-claim-<pid>.json` =
//         {"headroomSim": 1, "device": 0, "bytes": 1234, "peakBytes": 4096, "started": ISO}: what it holds now,
//         the most it ever held (the card's exact per-process peak, which a 2 Hz sample of `bytes` misses),
//         and when it first claimed the card.
//         A file is replaced atomically (write then rename); files of dead pids are stale and removed by
//         whoever reads them. Only files named so AND marked so are ever removed: the directory may be one
//         the user named, holding files of their own.
// Peaks: when a claiming process releases its claim (at exit), its peak is appended to HEADROOM_PEAKS_FILE
//         (the run record's peaks.jsonl, set by `headroom run`) as the bootstrap appends a framework's
//         counters: {"source": "simulated-card", "framework": "sim", "devices": [{"device", "peakBytes"}], ...}.
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const unitBytes = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};
const cardPattern = /^sim:(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*([a-z]*)$/i;

/** Parses `sim:24GiB,sim:2x80GiB` into cards numbered from 0; undefined when any entry is not `sim:`. */
export function parseSimCards(text) {
  const entries = String(text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every((entry) => /^sim:/i.test(entry))) return undefined;
  const cards = [];
  for (const entry of entries) {
    const match = cardPattern.exec(entry);
    const multiplier = match ? unitBytes[(match[3] ?? '').toLowerCase()] : undefined;
    const count = match?.[1] === undefined ? 1 : Number(match[1]);
    if (!match || multiplier === undefined || count < 1 || count > 64 || Number(match[2]) <= 0) {
      throw new Error(`${entry}: expected a simulated card such as sim:24GiB or sim:2x80GiB`);
    }
    const totalBytes = Math.floor(Number(match[2]) * multiplier);
    for (let k = 0; k < count; k++) cards.push({ index: cards.length, totalBytes });
  }
  return cards;
}

/** The canonical spec of some cards (`sim:24GiB,sim:80GiB`), what children get in HEADROOM_GPU. */
export function formatSimCards(cards) {
  return cards.map((card) => `sim:${sizeLabel(card.totalBytes)}`).join(',');
}

/** The UUID a simulated card reports; CUDA_VISIBLE_DEVICES may name it. */
export function simCardUuid(index) {
  return `GPU-00000000-5133-0000-0000-${String(index).padStart(12, '0')}`;
}

/** The state directory: HEADROOM_SIM_DIR, else one under the temp dir keyed by user and cards. */
export function simStateDir(cards, env = process.env) {
  if (env.HEADROOM_SIM_DIR) return env.HEADROOM_SIM_DIR;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `headroom-sim-${uid}-${cards.map((card) => sizeLabel(card.totalBytes)).join('_')}`);
}

const claimNamePattern = /^headroom-sim-claim-(\d+)\.json$/;
const claimName = (pid) => `headroom-sim-claim-${pid}.json`;

/** Every live claim in the directory, oldest file first; removes the files of processes that are gone. */
export function readClaims(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const claims = [];
  for (const name of names) {
    const match = claimNamePattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const file = join(dir, name);
    const claim = readClaimFile(file);
    if (!claim) continue; // not ours, whatever its name: never touched
    if (!isAlive(pid)) {
      rmSync(file, { force: true });
      continue;
    }
    claims.push({ pid, ...claim });
  }
  return claims.sort((a, b) => a.pid - b.pid);
}

/** Records (or replaces) this process's claim: `bytes` in use on `device`; its peak on that device is kept. */
export function writeClaim(dir, pid, claim) {
  mkdirSync(dir, { recursive: true });
  const previous = readClaimFile(join(dir, claimName(pid)));
  const sameCard = previous && previous.device === claim.device;
  const earlierPeak = sameCard ? previous.peakBytes : 0;
  const peakBytes = Math.max(claim.bytes, earlierPeak);
  // When this process first claimed the card: clients that never held it together are never summed.
  const started = (sameCard && previous.started) || new Date().toISOString();
  const temporary = join(dir, `.headroom-sim-claim-${pid}.${process.hrtime.bigint()}.tmp`);
  writeFileSync(
    temporary,
    `${JSON.stringify({ headroomSim: 1, device: claim.device, bytes: claim.bytes, peakBytes, started })}\n`,
  );
  renameSync(temporary, join(dir, claimName(pid)));
}

/**
 * Forgets this process's claim (it freed its memory or is exiting); its peak goes to the run record's
 * HEADROOM_PEAKS_FILE when the environment names one (once: the claim is gone after).
 */
export function removeClaim(dir, pid, env = process.env) {
  const file = join(dir, claimName(pid));
  const claim = env.HEADROOM_PEAKS_FILE ? readClaimFile(file) : undefined;
  rmSync(file, { force: true });
  if (claim) recordPeak(env, pid, claim);
}

function recordPeak(env, pid, claim) {
  const line = {
    time: new Date().toISOString(),
    process: env.HEADROOM_PROCESS ?? '',
    pid,
    source: 'simulated-card',
    framework: 'sim',
    visibleDevices: env.CUDA_VISIBLE_DEVICES ?? null,
    devices: [{ device: claim.device, peakBytes: claim.peakBytes, counter: 'highest claim' }],
    ...(claim.started ? { started: claim.started } : {}),
  };
  try {
    appendFileSync(env.HEADROOM_PEAKS_FILE, `${JSON.stringify(line)}\n`);
  } catch {
    // a run record that cannot take the line costs its exact peak, never the program's exit
  }
}

/**
 * Sets this process's claim on a card to `bytes` if the card has room, as cudaMalloc would; under a lock so
 * two workloads cannot both take the last free bytes. Returns the card's free bytes as seen before the claim.
 */
export function tryClaim(dir, card, pid, bytes) {
  return withLock(dir, () => {
    const claims = readClaims(dir).filter((claim) => claim.device === card.index);
    const othersBytes = claims
      .filter((claim) => claim.pid !== pid)
      .reduce((sum, claim) => sum + claim.bytes, 0);
    const ownBytes = claims.find((claim) => claim.pid === pid)?.bytes ?? 0;
    const freeBytes = Math.max(0, card.totalBytes - othersBytes - ownBytes);
    if (othersBytes + bytes > card.totalBytes) return { ok: false, freeBytes };
    writeClaim(dir, pid, { device: card.index, bytes });
    return { ok: true, freeBytes };
  });
}

function withLock(dir, fn) {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, '.headroom-sim.lock');
  const deadlineMs = Date.now() + 5000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than 2 s belongs to a process that died holding it (claims take microseconds).
      if (ageMs(lock) > 2000 || Date.now() > deadlineMs) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ageMs(file) {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readClaimFile(file) {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    if (data?.headroomSim !== 1) return undefined;
    if (!Number.isInteger(data.device) || !Number.isFinite(data.bytes) || data.bytes < 0) return undefined;
    // Files from before peaks were kept: the current claim is the best peak known.
    const peakBytes = Number.isFinite(data.peakBytes) ? Math.max(data.peakBytes, data.bytes) : data.bytes;
    const claim = { device: data.device, bytes: data.bytes, peakBytes };
    return typeof data.started === 'string' ? { ...claim, started: data.started } : claim;
  } catch {
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function sizeLabel(bytes) {
  for (const [unit, size] of [
    ['TiB', 2 ** 40],
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
  ]) {
    if (bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return `${bytes}B`;
}
