// Runs real Python with headroom's bootstrap and stub frameworks on PYTHONPATH, for the bootstrap's tests.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cpuBounded, hangBackstopMs } from '../../src/test-helpers/cpu-limit.js';

const here = dirname(fileURLToPath(import.meta.url));
export const bootstrapDir = resolve(here, '..', '..', 'python', 'headroom_boot');
const stubsDir = join(here, 'stubs');

/** Debian's python3 (the one python3-torch installs for), else the first python3 on PATH; undefined when none runs. */
export function findPython(): string | undefined {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(candidate, ['-c', 'import sys; assert sys.version_info >= (3, 8)'], {
      encoding: 'utf8',
    });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

export const noPythonMessage = 'needs python3 (3.8 or newer): apt-get install -y python3';

/** A temporary site directory with the stubs in it; `torch/_stub.json` says the release and the keys it knows. */
export interface StubSite {
  dir: string;
  recordFile: string;
  events(): Record<string, unknown>[];
}

/** A site-packages with the stub torch/tensorflow; removed when the test (or file) that made it ends. */
export function makeStubSite(
  torch: Record<string, unknown> = { version: '2.4.1', known_keys: [] },
): StubSite {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-boot-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(stubsDir, join(dir, 'site'), { recursive: true });
  writeFileSync(join(dir, 'site', 'torch', '_stub.json'), JSON.stringify(torch));
  // importlib.metadata finds the release here, as it finds a pip-installed torch.
  const distInfo = join(dir, 'site', `torch-${String(torch.version)}.dist-info`);
  writeFileSync(join(dir, 'record.jsonl'), '');
  mkdirSync(distInfo);
  writeFileSync(
    join(distInfo, 'METADATA'),
    `Metadata-Version: 2.1\nName: torch\nVersion: ${String(torch.version)}\n`,
  );
  const recordFile = join(dir, 'record.jsonl');
  return {
    dir: join(dir, 'site'),
    recordFile,
    events: () =>
      readFileSync(recordFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface PythonRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `python -c code` with only the given environment (plus PATH), no bytecode written; a runaway is
 * stopped at 60 CPU-s. */
export function runPython(python: string, code: string, env: Record<string, string>): PythonRun {
  const result = spawnSync(...cpuBounded(60, python, ['-c', code]), {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONDONTWRITEBYTECODE: '1', ...env },
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
