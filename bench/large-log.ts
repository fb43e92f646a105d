// The log the doctor bench reads: training noise (progress bars, step lines, rank-prefixed evals,
// a PyTorch UserWarning, replay-buffer reports) with one PyTorch OOM at 99% of the file.
import { closeSync, openSync, writeSync } from 'node:fs';

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
export function writeLog(path: string, targetBytes: number): { lines: number; oomLine: number } {
  const fd = openSync(path, 'w');
  let written = 0;
  let line = 0;
  let oomAt = 0;
  try {
    while (written < targetBytes) {
      const parts: string[] = [];
      // Counted per line (ASCII but for the progress bar's blocks), so the OOM lands at 99% whatever the size.
      let blockBytes = 0;
      for (let i = 0; i < 20_000; i++) {
        line += 1;
        const text = oomAt === 0 && written + blockBytes > targetBytes * 0.99 ? oomLine : noiseLine(line);
        if (text === oomLine) oomAt = line;
        parts.push(text);
        blockBytes += Buffer.byteLength(text) + 1;
      }
      written += writeSync(fd, `${parts.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return { lines: line, oomLine: oomAt };
}
