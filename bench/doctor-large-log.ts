// Can `doctor` read a 1 GB log in bounded memory? Writes a temporary log of training noise with
// one PyTorch OOM near the end, runs the built CLI on it (`node bin/headroom.js doctor FILE
// --json`), and reports wall time, throughput and the child's peak RSS (process.resourceUsage
// maxRSS, printed at exit by a preloaded one-liner). The temporary file is deleted afterwards.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { parseBytes } from '../src/units.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const oomLine =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.20 GiB is free. Process 4242 has 10.00 GiB memory in use. Including non-PyTorch memory, this process has 12.40 GiB memory in use. Of the allocated memory 11.10 GiB is allocated by PyTorch, and 0.80 GiB is reserved by PyTorch but unallocated.';

function noiseLine(i: number): string {
  switch (i % 5) {
    case 0:
      return `2025-03-01 12:${String(i % 60).padStart(2, '0')}:07,123 INFO trainer: step ${i} loss=${(1 / (1 + (i % 977))).toFixed(4)} lr=3.0e-04 grad_norm=${(i % 13) / 7} tokens/s=${12000 + (i % 4000)}`;
    case 1:
      return `Epoch ${Math.floor(i / 10_000)}: ${i % 100}%|████████▌ | ${i % 1736}/1736 [01:${String(i % 60).padStart(2, '0')}<00:12, 24.31it/s, loss=0.${i % 10_000}]`;
    case 2:
      return `[rank${i % 8}]: eval/accuracy=${(0.5 + (i % 500) / 1000).toFixed(3)} eval/reward=${(i % 321) / 10} episode_length=${i % 1000}`;
    case 3:
      return `/usr/lib/python3.10/site-packages/torch/nn/modules/module.py:1511: UserWarning: the default of foo will change (seen ${i} times)`;
    default:
      return `replay buffer size ${i * 3} transitions, sampled ${i % 256} per update, memory report: host 14.2GiB gpu 11.1GiB`;
  }
}

/** Writes about `targetBytes` of noise with the OOM at 99%; returns the OOM's line number. */
function writeLog(path: string, targetBytes: number): { lines: number; oomLine: number } {
  const fd = openSync(path, 'w');
  let written = 0;
  let line = 0;
  let oomAt = 0;
  try {
    while (written < targetBytes) {
      const parts: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        line += 1;
        if (oomAt === 0 && written > targetBytes * 0.99) {
          oomAt = line;
          parts.push(oomLine);
        } else parts.push(noiseLine(line));
      }
      const block = `${parts.join('\n')}\n`;
      written += writeSync(fd, block);
    }
  } finally {
    closeSync(fd);
  }
  return { lines: line, oomLine: oomAt };
}

// Prints the child's peak RSS (KiB) on stderr when it exits.
const reportRss = `data:text/javascript,process.on("exit",()=>process.stderr.write("maxrss_kib="+process.resourceUsage().maxRSS+"\\n"))`;

async function runDoctor(
  path: string,
): Promise<{ wallMs: number; maxRssKiB: number; stdout: string; code: number | null }> {
  const startMs = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', reportRss, join(repo, 'bin/headroom.js'), 'doctor', path, '--json'],
    {
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const wallMs = performance.now() - startMs;
  const maxRssKiB = Number(/maxrss_kib=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  return { wallMs, maxRssKiB, stdout, code };
}

/** Runs the bench; args[0] is the log size (default 1GiB). */
export async function main(args: string[]): Promise<void> {
  const targetBytes = parseBytes(args[0] ?? '1GiB') ?? 1024 ** 3;
  const dir = mkdtempSync(join(tmpdir(), 'headroom-doctor-bench-'));
  const path = join(dir, 'large.log');
  try {
    const genStart = performance.now();
    const { lines, oomLine: expectedLine } = writeLog(path, targetBytes);
    const sizeBytes = statSync(path).size;
    process.stdout.write(
      `wrote ${(sizeBytes / 1024 ** 3).toFixed(2)} GiB, ${lines.toLocaleString('en-US')} lines in ${((performance.now() - genStart) / 1000).toFixed(1)} s; OOM at line ${expectedLine}\n`,
    );
    const { wallMs, maxRssKiB, stdout, code } = await runDoctor(path);
    const primary = JSON.parse(stdout).diagnoses[0];
    const found = primary
      ? `${primary.kind} ${primary.code} line ${primary.evidence.line} (${primary.cause})`
      : 'nothing';
    process.stdout.write(
      `${renderTable(
        [
          { header: 'LOG' },
          { header: 'WALL s', align: 'right' },
          { header: 'MB/s', align: 'right' },
          { header: 'PEAK RSS MiB', align: 'right' },
          { header: 'EXIT', align: 'right' },
          { header: 'FOUND' },
        ],
        [
          [
            `${(sizeBytes / 1024 ** 3).toFixed(2)} GiB`,
            (wallMs / 1000).toFixed(1),
            (sizeBytes / 1e6 / (wallMs / 1000)).toFixed(0),
            (maxRssKiB / 1024).toFixed(0),
            String(code),
            found,
          ],
        ],
      )}\n`,
    );
    if (!primary || primary.evidence.line !== expectedLine)
      process.stdout.write(`MISMATCH: expected the OOM at line ${expectedLine}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
