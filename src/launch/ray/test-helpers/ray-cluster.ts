// A real Ray cluster of two GPU nodes (and optionally a third without) on this machine for a test file
// (test-cluster.py: Ray's own test utilities), started once per file and stopped with its whole
// process group, so no Ray process outlives the tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameworksPython } from '../../../test-helpers/frameworks.js';

const script = fileURLToPath(new URL('./test-cluster.py', import.meta.url));

// Ray bounds a node's start-up by the wall clock: the raylet waits for its Python agents (dashboard and
// runtime-env agent, seconds of imports each) to write their ports, and ray/_private/node.py gives the
// raylet a hard-coded 30 s to register with the GCS. On a loaded machine (the suite runs eight files at
// once on two cores) a starved start misses that, and add_node fails. The cluster therefore runs in a
// cgroup-v1 cpu group with the kernel's largest cpu.shares (kernel/sched/sched.h: MAX_SHARES = 1 << 18):
// its start-up gets the CPU it asks for, whatever else runs; its idle daemons ask for little.
const cpuGroupDir = '/sys/fs/cgroup/cpu/headroom-test-ray';
const maxCpuShares = 262144;

/** The cpu group's cgroup.procs, or why there is none (not root, no v1 cpu controller). */
function highCpuGroup(): { procs: string } | { problem: string } {
  try {
    mkdirSync(cpuGroupDir, { recursive: true });
    writeFileSync(join(cpuGroupDir, 'cpu.shares'), String(maxCpuShares));
    return { procs: join(cpuGroupDir, 'cgroup.procs') };
  } catch (error) {
    return { problem: `no cpu priority for the cluster (${(error as Error).message})` };
  }
}

export interface TestRayCluster {
  address: string;
  nodes: { nodeId: string; simDir: string; gpus: number; memoryThreshold: string | null }[];
  python: string;
  /** The directory of Ray's session files and of each node's simulated card (removed by stop). */
  dir: string;
  stop(): Promise<void>;
}

/** Starts the cluster (under a minute on a quiet machine); `thirdNodeEnv` adds a node without a GPU whose raylet gets these variables. */
export async function startTestCluster(thirdNodeEnv?: Record<string, string>): Promise<TestRayCluster> {
  const python = frameworksPython();
  if (!python) throw new Error('no frameworks Python');
  // Ray's socket paths must stay under 107 bytes: a short directory.
  const dir = mkdtempSync(join(tmpdir(), 'hr-ray-'));
  const command = [
    python,
    script,
    dir,
    join(dir, 'sim'),
    ...(thirdNodeEnv ? [JSON.stringify(thirdNodeEnv)] : []),
  ];
  const group = highCpuGroup();
  // The shell joins the group before it becomes Python: every Ray process the script starts is in it.
  const [file, ...args] =
    'procs' in group ? ['/bin/sh', '-c', 'echo $$ > "$0" && exec "$@"', group.procs, ...command] : command;
  const child: ChildProcess = spawn(file as string, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
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
    const priority = 'problem' in group ? ` (${group.problem})` : '';
    child.once('close', (code) =>
      reject(new Error(`the test cluster exited (${code})${priority}; Ray's logs are in ${dir}: ${stderr}`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const started = JSON.parse(line) as Pick<TestRayCluster, 'address' | 'nodes'>;
  // A cluster that started leaves nothing behind; one that did not keeps its logs for the error above.
  const stopAndRemove = async (): Promise<void> => {
    await stop();
    // Retried: a Ray process killed a moment ago may still be closing its log files.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  return { ...started, python, dir, stop: stopAndRemove };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}
