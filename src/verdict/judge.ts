// The one judge of how a process ended. `run`'s summary, `fit`'s trial verdict and `doctor RUN_DIR`
// all take their reason from here: process facts first (what the kernel and headroom know), then
// what the process's own output says through doctor's line classifier.
import { constants } from 'node:os';
import { hostAllocationCodes } from '../doctor/host-allocation-codes.js';
import { formatBytes } from '../units.js';
import { reasonForKind } from '../vocabulary.js';
import { judgeCause } from './cause.js';
import type { EndFacts, LogVerdict, TreeOomKill, Verdict } from './types.js';

const signalNames = Object.entries(constants.signals);

/** `exited with code 1`, `was killed by SIGKILL`: how the process itself ended. */
export function describeEnd(facts: Pick<EndFacts, 'exitCode' | 'signal'>): string {
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

/** `worker pid 4242 (python3 -m train, 812.0 MiB)`: one victim in a sentence. */
export function describeKill(kill: TreeOomKill): string {
  const who = kill.role === 'main' ? 'the main process' : kill.roleText;
  const pid = kill.pid === null ? '' : ` pid ${kill.pid}`;
  const details = [
    kill.command ? shorten(displayCommand(kill.command), 60) : null,
    // The kernel's RSS of the victim (anon + file + shmem), named so it is not read as a PSS.
    kill.rssBytes > 0 ? `RSS ${formatBytes(kill.rssBytes)}` : null,
  ].filter(Boolean);
  return `${who}${pid}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** `/usr/bin/python3 -m train` → `python3 -m train`: the program's name is enough in a sentence. */
export function displayCommand(command: string): string {
  const [program = '', ...rest] = command.split(' ');
  return [program.split('/').at(-1) ?? program, ...rest].join(' ');
}

function shorten(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

function describeLimit(limitBytes: number | null): string {
  return limitBytes === null ? 'its cgroup' : `its cgroup (limit ${formatBytes(limitBytes)})`;
}

function describeKills(facts: EndFacts): string {
  const named = facts.oomKills.filter((k) => k.pid !== null);
  const counted = Math.max(facts.cgroupOomKills ?? 0, facts.oomKills.length);
  const where = facts.cgroupOomKills !== null ? ` in ${describeLimit(facts.hostLimitBytes)}` : '';
  if (named.length === 0) return `the kernel OOM-killed ${counted} process(es)${where}`;
  const shown = named.slice(0, 3).map(describeKill).join(', ');
  const more = counted > 3 ? ` and ${counted - 3} more` : '';
  return `the OOM killer killed ${shown}${more}${where}`;
}

// A kill is certain when the kernel named the victim, or the framework did (PyTorch's
// "DataLoader worker (pid N) is killed by signal: Killed."); a counted kill alone is likely.
function killConfidence(facts: EndFacts): Verdict['confidence'] {
  const isNamed = facts.oomKills.some(
    (k) => k.source === 'kernel-log' || (k.pid !== null && (facts.log?.killedPids ?? []).includes(k.pid)),
  );
  return isNamed ? 'certain' : 'likely';
}

// The process ended after the OOM killer took something of its tree.
function judgeTreeKills(facts: EndFacts): Verdict | undefined {
  const killCount = Math.max(facts.cgroupOomKills ?? 0, facts.oomKills.length);
  if (killCount === 0) return undefined;
  const ended = describeEnd(facts);
  const killed = describeKills(facts);
  const isRootVictim = facts.pid !== null && facts.oomKills.some((k) => k.pid === facts.pid);
  if (isRootVictim || (facts.signal === 'SIGKILL' && facts.oomKills.every((k) => k.pid === null))) {
    return { reason: 'oom-killed', confidence: killConfidence(facts), because: `${killed}, and it ${ended}` };
  }
  if (facts.wasStoppedForOomKill) {
    return {
      reason: 'oom-killed',
      confidence: killConfidence(facts),
      because: `${killed}; headroom stopped the rest of its tree (on_oom_kill: stop)`,
    };
  }
  if (facts.signal === 'SIGKILL' && facts.isKernelLogReadable) {
    // The root was SIGKILLed, yet the kernel names other victims: someone else killed it.
    return {
      reason: 'signal',
      confidence: 'likely',
      because: `${ended} from outside headroom; the kernel log names no OOM kill of it (earlier, ${killed})`,
    };
  }
  if (facts.exitCode === 0 && facts.onOomKill === 'warn') {
    return {
      reason: 'exited',
      confidence: 'certain',
      because: `exited with code 0 after ${killed} (on_oom_kill: warn)`,
    };
  }
  if (facts.exitCode === 0) {
    return {
      reason: 'oom-killed',
      confidence: killConfidence(facts),
      because: `${killed}; it exited with code 0 before headroom could stop it, without that process's work (on_oom_kill: stop)`,
    };
  }
  return { reason: 'oom-killed', confidence: killConfidence(facts), because: `${killed}, then it ${ended}` };
}

// The output says memory ran out: the framework's words decide the kind; an allocation refused
// inside a process that was not killed is `host-oom`.
function judgeLog(facts: EndFacts, log: LogVerdict): Verdict | undefined {
  const isKilled = facts.signal === 'SIGKILL' || facts.exitCode === 137 || !hostAllocationCodes.has(log.code);
  const reason = reasonForKind(log.kind, { isKilled });
  if (reason === null) return undefined;
  const line = log.line > 0 ? ` at line ${log.line}` : '';
  return {
    reason,
    confidence: log.confidence,
    because: `${log.summary}: its output says "${shorten(log.text, 120)}"${line}, and it ${describeEnd(facts)}`,
  };
}

/**
 * Why the process ended, how sure, and the evidence; for a memory failure also what it ran into
 * (its own cap, a full card, the host limit: src/verdict/cause.ts), which leads the sentence.
 */
export function judgeEnd(facts: EndFacts): Verdict {
  const verdict = judgeEndReason(facts);
  const cause = judgeCause({
    name: facts.name,
    reason: verdict.reason,
    headroomKill: facts.headroomKillOver ?? null,
    cap: facts.gpuCap,
    contextBytes: facts.gpuContextBytes,
    gpuClients: facts.gpuClients,
    budgetBytes: facts.gpuBudgetBytes ?? null,
    log: facts.log?.numbers ?? {},
    sample: facts.sampleAtFailure,
    hostLimitBytes: facts.hostLimitBytes,
    nodeMemoryKiller: facts.launcherEnd?.isMemory ? facts.launcherEnd.killer : undefined,
  });
  return cause ? { ...verdict, because: `${cause.text}; ${verdict.because}`, cause } : verdict;
}

function judgeEndReason(facts: EndFacts): Verdict {
  const ended = describeEnd(facts);
  if (facts.spawnError)
    return { reason: 'failed', confidence: 'certain', because: `could not start: ${facts.spawnError}` };
  if (facts.headroomKill)
    return { reason: 'killed-by-headroom', confidence: 'certain', because: facts.headroomKill };
  // The launcher's own word on the end (Ray's memory monitor, a dead actor or node) outranks guesses from the signal.
  if (facts.launcherEnd && !facts.isInterrupted) {
    const { isMemory, because } = facts.launcherEnd;
    // No PID, code or signal: the launcher ended it before it said the process had started (Ray's
    // memory monitor acting during the actor's start), so how the process itself ended is unknown.
    const how =
      facts.pid === null && facts.exitCode === null && !facts.signal
        ? 'no exit status of its own was seen'
        : `it ${ended}`;
    return isMemory
      ? { reason: 'oom-killed', confidence: 'certain', because: `${because}, and ${how}` }
      : { reason: 'signal', confidence: 'likely', because: `${because}, and ${how}` };
  }
  const byKills = judgeTreeKills(facts);
  if (facts.isInterrupted && !facts.wasStoppedForOomKill) {
    const sent = facts.stopSignal ?? 'SIGTERM';
    const how = facts.wasKilledAfterGrace
      ? `it outlived the grace period after ${sent} and was killed with SIGKILL`
      : `it ${ended} after ${sent}`;
    const kills = byKills && byKills.reason !== 'exited' ? `; before that, ${describeKills(facts)}` : '';
    return {
      reason: 'interrupted',
      confidence: 'certain',
      because: `headroom was interrupted and stopped it; ${how}${kills}`,
    };
  }
  if (byKills) return byKills;
  if (facts.exitCode === 0) return { reason: 'exited', confidence: 'certain', because: 'exited with code 0' };
  const fromLog = facts.log ? judgeLog(facts, facts.log) : undefined;
  if (fromLog) return fromLog;
  const nearMiss = facts.log?.kind === 'none' ? `; its output shows ${facts.log.summary}` : '';
  if (facts.signal === null)
    return { reason: 'failed', confidence: 'certain', because: `${ended}${nearMiss}` };
  if (facts.signal !== 'SIGKILL') return { reason: 'signal', confidence: 'certain', because: ended };
  if (!facts.isKernelLogReadable && facts.cgroupOomKills === null) {
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
