// The kill grammar: a process ended for memory, read as who killed it, which process, why, and the
// limit, whatever killer wrote it. The kernel's own OOM-killer report, cgroups, Slurm, Kubernetes and
// Ray keep their rules (host.ts) for their figures; this one rule reads the killers that report
// in their own words: systemd (a unit's process killed by the kernel's OOM killer), systemd-oomd,
// earlyoom, YARN, the kernel's task dump, and the notebook front ends whose kernel died.
import type { Facts, LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** Who killed a process for memory, as the kill grammar names it. */
export type Killer = 'kernel' | 'systemd-oomd' | 'earlyoom' | 'yarn' | 'notebook';

interface KillSpelling {
  killer: Killer;
  /** 3: the killer's own report of a memory kill; 2: a front end that only saw the process die. */
  weight: 2 | 3;
  pattern: RegExp;
  facts?: (m: RegExpExecArray) => Facts;
  /** Whether the figures matched say memory ran out (a monitor's routine report may not). */
  accepts?: (m: RegExpExecArray) => boolean;
}

// earlyoom's default thresholds: SIGTERM at 10% of RAM available, SIGKILL at half that (README
// "-m PERCENT"); a report at or below the SIGKILL line is RAM run out, whatever earlyoom then did.
const earlyoomKillFraction = 0.05;

const spellings: KillSpelling[] = [
  // systemd src/core/unit.c unit_log_..., service.c: "A process of this unit has been killed by the
  // OOM killer." and "Failed with result 'oom-kill'" (the kernel's kill, seen by the unit's cgroup).
  {
    killer: 'kernel',
    weight: 3,
    pattern:
      /(\S+)\.(?:service|scope): (?:A process of this unit has been killed by the OOM killer|Failed with result 'oom-kill')/,
    facts: (m) => definedFacts({ unit: m[1] }),
  },
  // linux mm/oom_kill.c dump_tasks ("Tasks state (memory values in pages):") and oom_reaper: only
  // printed while the OOM killer runs.
  {
    killer: 'kernel',
    weight: 3,
    pattern: /Tasks state \(memory values in pages\)|oom_reaper: reaped process (\d+) \(([^)]*)\)/,
    facts: (m) => definedFacts({ pid: intOf(m[1]), processName: m[2] }),
  },
  // systemd src/oom/oomd-manager.c: "Killed %s due to memory pressure for %s being %s > %s for > %s
  // with reclaim activity" / "... due to memory used (%s) / total (%s) and swap used ..."; oomd-util.c
  // "oomd attempting to kill"; "Memory pressure for %s is %s > %s"; "Considered %d cgroups for killing".
  {
    killer: 'systemd-oomd',
    weight: 3,
    pattern:
      /systemd-oomd(?:\[\d+\])?: (?:Killed (\S+) due to (memory pressure|memory used|swap used)|oomd attempting to kill (\d+)|Memory pressure for (\S+) is ([\d.]+)% > ([\d.]+)%|Considered \d+ cgroups for killing)|systemd-oomd killed (\d+) process/,
    facts: (m) =>
      definedFacts({
        cgroup: m[1] ?? m[4],
        reason: m[2],
        pid: intOf(m[3]),
        pressurePercent: m[5] === undefined ? undefined : Number(m[5]),
        limitPercent: m[6] === undefined ? undefined : Number(m[6]),
        processesKilled: intOf(m[7]),
      }),
  },
  // rfjakob/earlyoom main.c/kill.c: "low memory! at or below SIGTERM limits: mem %5.2f%%, swap
  // %5.2f%%", "sending SIGTERM to process %d uid %d \"%s\": badness %d, VmRSS %lld MiB"; before 1.3
  // "Low Memory! At or below sigterm limits (mem: %d %%, swap: %d %%)", "Killing process '%s' with
  // signal %d, pid: %d, badness: %d, VmRSS: %lld MiB".
  // Before 1.0: "Low memory! mem avail: %d of %d MiB (%d %%) <= min %d %%, swap free: ...".
  {
    killer: 'earlyoom',
    weight: 3,
    pattern:
      /low memory! (?:at or below sig(?:term|kill) limits|mem avail: \d+ of \d+ MiB)|sending SIG(?:TERM|KILL) to process (\d+) uid \d+ "([^"]*)"|Killing process '([^']*)' with signal \d+, pid: (\d+)/i,
    facts: (m) => definedFacts({ pid: intOf(m[1] ?? m[4]), processName: m[2] ?? m[3] }),
  },
  // earlyoom main.c's periodic report "mem avail: %5lld of %5lld MiB (%5.2f%%), swap free: ...":
  // read by its figures, so a start-up report with RAM to spare is no failure.
  {
    killer: 'earlyoom',
    weight: 2,
    pattern: /\bmem avail:\s*(\d+) of\s*(\d+) MiB\b/,
    accepts: (m) => Number(m[1]) <= earlyoomKillFraction * Number(m[2]),
    facts: (m) =>
      definedFacts({ availableBytes: Number(m[1]) * 2 ** 20, totalBytes: Number(m[2]) * 2 ** 20 }),
  },
  // hadoop-yarn ContainersMonitorImpl: "Container [...] is running beyond physical memory limits"
  // and the AM's "killed by YARN for exceeding memory limits".
  {
    killer: 'yarn',
    weight: 3,
    pattern:
      /killed by YARN for exceeding memory limits|is running beyond (?:physical|virtual) memory limits/,
  },
  // Colab's front end: "Your session crashed after using all available RAM."
  { killer: 'notebook', weight: 3, pattern: /Your session crashed after using all available RAM/i },
  // A notebook's kernel process ended, in any front end's words: Jupyter (notebook kernelselector,
  // jupyterlab apputils sessioncontext "The kernel appears to have died. It will restart
  // automatically.", "Kernel Restarting", the "Dead kernel" dialog), VS Code's Jupyter extension
  // ("The Kernel crashed while executing code in the current cell", "Kernel died", "Kernel
  // restarted"), Colab ("Your session crashed"). The front end only saw the kernel process end:
  // the kernel's OOM killer is its usual cause, so it is likely, not certain.
  {
    killer: 'notebook',
    weight: 2,
    pattern:
      /\bkernel (?:for \S+ )?(?:appears to have died|has died|died|restarted|crashed while executing code)|\bKernel Restarting\b|\bDead kernel\b|Your session crashed(?:\.|\s+for an unknown reason)/i,
  },
  // A user's own words for the kernel's OOM killer doing it ("killed by the OOM killer", "the
  // oom-killer killed it"): the kill, retold; likely, not certain.
  {
    killer: 'kernel',
    weight: 2,
    pattern:
      /\bkilled by (?:the )?(?:kernel'?s? |linux |system )?(?:OOM|out[- ]of[- ]memory)[ -]?killer|\bOOM[ -]?killer (?:has )?(?:killed|terminated)\b/i,
  },
];

/** Who killed, which process, why and the limit, from a line in any killer's words above. */
export function readKill(text: string): { killer: Killer; weight: 2 | 3; facts: Facts } | undefined {
  for (const spelling of spellings) {
    // Every place it matches: two reports joined as one wrapped line may hold a routine one first.
    const found = spelling.accepts
      ? [...text.matchAll(new RegExp(spelling.pattern.source, `${spelling.pattern.flags}g`))].find(
          spelling.accepts,
        )
      : (spelling.pattern.exec(text) ?? undefined);
    if (found)
      return { killer: spelling.killer, weight: spelling.weight, facts: spelling.facts?.(found) ?? {} };
  }
  return undefined;
}

/** The killers that report in their own words, as one rule. */
export const killRules: LogRule[] = [
  {
    code: 'memory-kill',
    kind: 'host_oom',
    framework: 'kernel',
    weight: 3,
    keywords: [
      'killed by the oom killer',
      "failed with result 'oom-kill'",
      'tasks state (memory values in pages)',
      'oom_reaper: reaped process',
      'systemd-oomd',
      'low memory! at or below',
      'sending sigterm to process',
      'sending sigkill to process',
      "killing process '",
      'exceeding memory limits',
      'beyond physical memory limits',
      'beyond virtual memory limits',
      'your session crashed',
      'appears to have died',
      'mem avail:',
      'kernel died',
      'kernel has died',
      'kernel restart',
      'kernel crashed while executing',
      'dead kernel',
      'oom killer',
      'oom-killer',
      'oomkiller',
      'memory killer',
      'memory-killer',
    ],
    pattern: new RegExp(spellings.map((s) => s.pattern.source).join('|'), 'i'),
    source:
      'systemd src/oom/oomd-manager.c and src/core/service.c; rfjakob/earlyoom main.c, kill.c; linux mm/oom_kill.c dump_tasks; hadoop ContainersMonitorImpl; Jupyter, VS Code Jupyter and Colab front ends',
    summary: 'a process was killed for memory',
    extract: ({ text }) => {
      const kill = readKill(text);
      if (!kill) return undefined;
      return { weight: kill.weight, facts: { killer: kill.killer, ...kill.facts } };
    },
  },
];
