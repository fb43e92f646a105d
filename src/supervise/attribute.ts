// Why a process ended: a pure judgement over the facts gathered when it exited.
import { constants } from 'node:os';
import { formatBytes } from '../units.js';
import type { Attribution } from './types.js';

/** What headroom knows about one ended attempt. */
export interface ExitFacts {
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  /** Why it could not be started (spawn error), if so. */
  spawnError: string | null;
  /** Set when headroom itself killed it (watchdog, GPU enforcement): the sentence why. */
  headroomKill: string | null;
  /** The run was being stopped (Ctrl-C, SIGTERM) when it ended. */
  isInterrupted: boolean;
  /** The signal a stop sent first (SIGTERM, or the one headroom received). */
  stopSignal: string | null;
  /** Stopping it needed SIGKILL after the grace period. */
  wasKilledAfterGrace: boolean;
  /** OOM kills counted in its cgroup during this attempt; null without a cgroup. */
  cgroupOomKills: number | null;
  hostLimitBytes: number | null;
  /** PIDs of its tree the kernel log says the OOM killer killed; null when the log is unreadable. */
  kernelOomPids: number[] | null;
  /** The GPU OOM text its output contained, if any. */
  gpuOomSignature: string | null;
}

const signalNames = Object.entries(constants.signals);

/** `exited with code 1`, `was killed by SIGKILL`: how the process itself ended. */
export function describeEnd(facts: Pick<ExitFacts, 'exitCode' | 'signal'>): string {
  if (facts.signal) return `was killed by ${facts.signal}`;
  const code = facts.exitCode ?? 0;
  // POSIX shells: 127 command not found, 126 found but not executable.
  if (code === 127) return 'exited with code 127 (command not found)';
  if (code === 126) return 'exited with code 126 (command not executable)';
  // Shells report a child killed by signal N as exit code 128 + N.
  const signal = code > 128 ? signalNames.find(([, number]) => number === code - 128)?.[0] : undefined;
  return signal
    ? `exited with code ${code} (128 + ${signal}: a child was likely killed by it)`
    : `exited with code ${code}`;
}

function describeLimit(limitBytes: number | null): string {
  return limitBytes === null ? 'its cgroup' : `its cgroup (limit ${formatBytes(limitBytes)})`;
}

/** Assigns the reason, confidence and evidence, most specific evidence first. */
export function attributeExit(facts: ExitFacts): Attribution {
  const ended = describeEnd(facts);
  if (facts.spawnError)
    return { reason: 'failed', confidence: 'certain', because: `could not start: ${facts.spawnError}` };
  if (facts.headroomKill)
    return { reason: 'killed-by-headroom', confidence: 'certain', because: facts.headroomKill };
  if (facts.isInterrupted) {
    const sent = facts.stopSignal ?? 'SIGTERM';
    const how = facts.wasKilledAfterGrace
      ? `it outlived the grace period after ${sent} and was killed with SIGKILL`
      : `it ${ended} after ${sent}`;
    return {
      reason: 'interrupted',
      confidence: 'certain',
      because: `headroom was interrupted and stopped it; ${how}`,
    };
  }
  if (facts.exitCode === 0) return { reason: 'exited', confidence: 'certain', because: 'exited with code 0' };
  const isSigkill = facts.signal === 'SIGKILL';
  if (facts.cgroupOomKills !== null && facts.cgroupOomKills > 0) {
    const counted = `the kernel OOM-killed ${facts.cgroupOomKills} process(es) in ${describeLimit(facts.hostLimitBytes)}`;
    return isSigkill
      ? { reason: 'oom-killed', confidence: 'certain', because: `${counted}, and it ${ended}` }
      : {
          reason: 'oom-killed',
          confidence: 'likely',
          because: `${counted} (a child, e.g. a DataLoader worker), then it ${ended}`,
        };
  }
  const victims = facts.kernelOomPids ?? [];
  if (facts.pid !== null && victims.includes(facts.pid) && isSigkill) {
    return {
      reason: 'oom-killed',
      confidence: 'certain',
      because: `the kernel log says the OOM killer killed PID ${facts.pid}`,
    };
  }
  if (victims.length > 0) {
    const because = `the kernel log says the OOM killer killed PID ${victims.join(', ')} of its tree, then it ${ended}`;
    return { reason: 'oom-killed', confidence: 'likely', because };
  }
  if (facts.gpuOomSignature) {
    return {
      reason: 'gpu-oom',
      confidence: 'likely',
      because: `its output says "${facts.gpuOomSignature}" and it ${ended}`,
    };
  }
  if (facts.signal === null) return { reason: 'failed', confidence: 'certain', because: ended };
  if (!isSigkill) return { reason: 'signal', confidence: 'certain', because: ended };
  if (facts.kernelOomPids === null && facts.cgroupOomKills === null) {
    const because = `${ended} from outside headroom; with no cgroup and an unreadable kernel log, an OOM kill cannot be ruled out`;
    return { reason: 'signal', confidence: 'unknown', because };
  }
  const checked = facts.cgroupOomKills === null ? 'the kernel log' : 'its cgroup';
  return {
    reason: 'signal',
    confidence: 'likely',
    because: `${ended} from outside headroom; ${checked} shows no OOM kill`,
  };
}
