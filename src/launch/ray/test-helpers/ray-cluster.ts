// A real Ray cluster of two GPU nodes (and optionally a third without) on this machine for a test file
// (test-cluster.py: Ray's own test utilities), started once per file and stopped with its whole
// process group, so no Ray process outlives the tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameworksPython } from '../../../test-helpers/frameworks.js';

const script = fileURLToPath(new URL('./test-cluster.py', import.meta.url));

export interface TestRayCluster {
  address: string;
  nodes: { nodeId: string; simDir: string; gpus: number; memoryThreshold: string | null }[];
  python: string;
  /** The directory of Ray's session files and of each node's simulated card. */
  dir: string;
  stop(): Promise<void>;
}

/** Starts the cluster (under a minute on a quiet machine); `thirdNodeEnv` adds a node without a GPU whose raylet gets these variables. */
export async function startTestCluster(thirdNodeEnv?: Record<string, string>): Promise<TestRayCluster> {
  const python = frameworksPython();
  if (!python) throw new Error('no frameworks Python');
  // Ray's socket paths must stay under 107 bytes: a short directory.
  const dir = mkdtempSync(join(tmpdir(), 'hr-ray-'));
  const child: ChildProcess = spawn(
    python,
    [script, dir, join(dir, 'sim'), ...(thirdNodeEnv ? [JSON.stringify(thirdNodeEnv)] : [])],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const stop = async (): Promise<void> => {
    child.stdin?.end();
    const timer = setTimeout(() => killGroup(child), 30_000);
    await closed;
    clearTimeout(timer);
    killGroup(child); // whatever Ray left in the group
  };
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once('close', (code) => reject(new Error(`the test cluster exited (${code}): ${stderr}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const started = JSON.parse(line) as Pick<TestRayCluster, 'address' | 'nodes'>;
  return { ...started, python, dir, stop };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}
