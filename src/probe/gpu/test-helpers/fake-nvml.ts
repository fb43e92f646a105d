// Builds the fake libnvidia-ml (fake-nvml.c) with chosen driver quirks, for tests of the NVML backend.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

const sourceFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fake-nvml.c');

/** Why NVML marshalling tests are skipped, or undefined when a C compiler is available. */
export function compilerMissing(): string | undefined {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'needs a C compiler (cc) to build the fake libnvidia-ml';
  }
}

/**
 * Compiles a variant with `-D` defines (e.g. `FAKE_NO_V3`, `FAKE_V3_STRIDE=32`) and returns its path;
 * the library is removed after the suite (or test) that built it.
 */
export function buildFakeNvml(name: string, defines: string[] = []): string {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'headroom-fake-nvml-'));
  after(() => rmSync(buildDir, { recursive: true, force: true }));
  const output = path.join(buildDir, `libfake-nvml-${name}.so`);
  execFileSync('cc', ['-shared', '-fPIC', '-O1', '-o', output, sourceFile, ...defines.map((d) => `-D${d}`)]);
  return output;
}
