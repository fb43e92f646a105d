// Writes N MB (10^6 bytes) of numbered 100-byte lines to stdout as fast as it can; with HASH_FILE,
// also the sha256 of exactly what it wrote: `node print-mb.mjs MB [HASH_FILE]`.
import { createHash } from 'node:crypto';
import { writeFileSync, writeSync } from 'node:fs';

const totalBytes = Number(process.argv[2] ?? 200) * 1e6;
const hashFile = process.argv[3];
const hash = hashFile ? createHash('sha256') : null;
const lineBytes = 100;
const digits = 12;
const block = Buffer.alloc(655 * lineBytes);
for (let offset = 0; offset < block.length; offset += lineBytes) {
  block.write(`${'0'.repeat(digits)} ${'abcdefghij'.repeat(8)}${'.'.repeat(6)}\n`, offset, 'latin1');
}
let lineNumber = 0;
let writtenBytes = 0;
while (writtenBytes < totalBytes) {
  // Each line carries its number, so a lost or reordered chunk changes the hash.
  for (let offset = 0; offset < block.length; offset += lineBytes) {
    let n = lineNumber++;
    for (let d = digits - 1; d >= 0; d--, n = Math.floor(n / 10)) block[offset + d] = 48 + (n % 10);
  }
  const part = block.subarray(0, Math.min(block.length, totalBytes - writtenBytes));
  for (let offset = 0; offset < part.length; ) offset += writeSync(1, part, offset);
  hash?.update(part);
  writtenBytes += part.length;
}
if (hashFile && hash) writeFileSync(hashFile, hash.digest('hex'));
