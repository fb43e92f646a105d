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
}

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
  {
    killer: 'earlyoom',
    weight: 3,
    pattern:
      /low memory! at or below sig(?:term|kill) limits|sending SIG(?:TERM|KILL) to process (\d+) uid \d+ "([^"]*)"|Killing process '([^']*)' with signal \d+, pid: (\d+)/i,
    facts: (m) => definedFacts({ pid: intOf(m[1] ?? m[4]), processName: m[2] ?? m[3] }),
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
  // Jupyter (notebook/static/notebook/js/kernelselector, jupyterlab apputils sessioncontext): "The
  // kernel appears to have died. It will restart automatically."; Colab: "Your session crashed".
  // The front end only saw the kernel process end: the kernel's OOM killer is its usual cause.
  {
    killer: 'notebook',
    weight: 2,
    pattern: /kernel (?:for \S+ )?appears to have died|Your session crashed(?:\.|\s+for an unknown reason)/i,
  },
];

/** Who killed, which process, why and the limit, from a line in any killer's words above. */
export function readKill(text: string): { killer: Killer; weight: 2 | 3; facts: Facts } | undefined {
  for (const spelling of spellings) {
    const m = spelling.pattern.exec(text);
    if (m) return { killer: spelling.killer, weight: spelling.weight, facts: spelling.facts?.(m) ?? {} };
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
    ],
    pattern: new RegExp(spellings.map((s) => s.pattern.source).join('|'), 'i'),
    source:
      'systemd src/oom/oomd-manager.c and src/core/service.c; rfjakob/earlyoom kill.c; linux mm/oom_kill.c dump_tasks; hadoop ContainersMonitorImpl; Jupyter and Colab front ends',
    summary: 'a process was killed for memory',
    extract: ({ text }) => {
      const kill = readKill(text);
      if (!kill) return undefined;
      return { weight: kill.weight, facts: { killer: kill.killer, ...kill.facts } };
    },
  },
];
