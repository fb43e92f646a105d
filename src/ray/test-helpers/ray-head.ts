// One real Ray head node for tests: `ray start --head --block` from the frameworks venv, on 127.0.0.1,
// with its own temp dir and free ports (so it never meets another test's cluster), stopped by its
// process group and then by every process whose command line names its temp dir (workers included).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface RayHead {
  /** GCS address to pass as --address. */
  address: string;
  tempDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Processes whose command line mentions `needle`: the head's daemons and workers.
function pidsNaming(needle: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a head node declaring `numGpus` GPUs (HEADROOM_GPU in `env` gives them a simulated size). */
export async function startRayHead(options: {
  python: string;
  numGpus: number;
  numCpus: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RayHead> {
  // Short: Ray's socket paths live under it and a Unix socket path has at most 107 bytes.
  const tempDir = mkdtempSync('/tmp/hrplan-ray-');
  const [port, clientPort, agentPort, agentGrpcPort, metricsPort] = await Promise.all(
    Array.from({ length: 5 }, freePort),
  );
  const child: ChildProcess = spawn(
    join(dirname(options.python), 'ray'),
    [
      'start',
      '--head',
      '--block',
      '--node-ip-address=127.0.0.1',
      `--port=${port}`,
      `--ray-client-server-port=${clientPort}`,
      `--dashboard-agent-listen-port=${agentPort}`,
      `--dashboard-agent-grpc-port=${agentGrpcPort}`,
      `--metrics-export-port=${metricsPort}`,
      '--include-dashboard=false',
      '--disable-usage-stats',
      `--num-gpus=${options.numGpus}`,
      `--num-cpus=${options.numCpus}`,
      `--temp-dir=${tempDir}`,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RAY_USAGE_STATS_ENABLED: '0', ...options.env },
    },
  );
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ray runtime started')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`ray start exited with ${code}: ${output.slice(-2000)}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      for (let waited = 0; waited < 10_000 && pidsNaming(tempDir).length > 0; waited += 250) await sleep(250);
    }
    // What outlived the group (workers started in their own sessions) is named by the temp dir.
    for (const pid of pidsNaming(tempDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    rmSync(tempDir, { recursive: true, force: true });
  };
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  try {
    await started;
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { address: `127.0.0.1:${port}`, tempDir, stop };
}
