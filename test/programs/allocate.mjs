// Allocates N MiB (touching every page) and holds it: `node allocate.mjs MiB [holdMs]`.
const mib = Number(process.argv[2] ?? 100);
const holdMs = Number(process.argv[3] ?? 60_000);
const chunks = [];
for (let done = 0; done < mib; done += 16) {
  // fill() writes every page, so the memory is resident, not just reserved.
  chunks.push(Buffer.alloc(Math.min(16, mib - done) * 1024 * 1024).fill(1));
}
console.log(`allocated ${mib} MiB`);
setTimeout(() => process.exit(0), holdMs);
