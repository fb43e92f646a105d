// The headroom command line: runs one command with the process's streams and sets the exit code
// (DESIGN.md: set process.exitCode and return, so output is flushed before the process ends).
import { processIo } from './cli/io.js';
import { main } from './cli/main.js';

void main(process.argv.slice(2), processIo()).then((exitCode) => {
  process.exitCode = exitCode;
});
