// Appends exact-peak lines to HEADROOM_PEAKS_FILE as GPU clients do at exit (the bootstrap, the simulated
// card), then exits with EXIT_CODE. usage: write-peak.mjs EXIT_CODE BYTES[@PID] ...  ("link" instead: make
// the peaks file a symbolic link, as a hostile or broken child could; "junk": append a line that is no peak)
import { appendFileSync, symlinkSync } from 'node:fs';

const [exitCode, ...entries] = process.argv.slice(2);
const file = process.env.HEADROOM_PEAKS_FILE;
for (const entry of entries) {
  if (entry === 'link') symlinkSync('/etc/hostname', file);
  else if (entry === 'junk') appendFileSync(file, '{"hello": "world"}\nnot json\n');
  else {
    const [bytes, pid] = entry.split('@');
    const line = {
      time: new Date().toISOString(),
      process: process.env.HEADROOM_PROCESS,
      pid: Number(pid ?? process.pid),
      source: 'framework',
      framework: 'torch',
      devices: [{ device: 0, peakBytes: Number(bytes) }],
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
process.exit(Number(exitCode));
