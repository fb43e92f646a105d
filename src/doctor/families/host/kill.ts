// The kill grammar: a process ended for memory, read as who killed it, which process, why, and the
// limit, whatever killer wrote it. The kernel's own OOM-killer report, cgroups, Slurm, Kubernetes and
// Ray keep their rules (host.ts) for their figures; this one rule reads the killers that report
// in their own words: systemd (a unit's process killed by the kernel's OOM killer), systemd-oomd,
// earlyoom, YARN, the kernel's task dump, and the notebook front ends whose kernel died.
import { sizeOf } from '../../sizes.js';
import type { Facts, LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** Who killed a process for memory, as the kill grammar names it. */
export type Killer =
  | 'kernel'
  | 'systemd-oomd'
  | 'earlyoom'
  | 'nohang'
  | 'yarn'
  | 'notebook'
  | 'jetsam'
  | 'lmkd'
  | 'dask'
  | 'scheduler'
  | 'renderer';

interface KillSpelling {
  killer: Killer;
  /** 3: the killer's own report of a memory kill; 2: a front end that only saw the process die. */
  weight: 2 | 3;
  pattern: RegExp;
  facts?: (m: RegExpExecArray) => Facts;
  /** Whether the figures matched say memory ran out (a monitor's routine report may not). */
  accepts?: (m: RegExpExecArray) => boolean;
  /** What the lines before must show for a spelling other tools may also print. */
  context?: RegExp;
}

// earlyoom's default thresholds: SIGTERM at 10% of RAM available, SIGKILL at half that (README
// "-m PERCENT"); a report at or below the SIGKILL line is RAM run out, whatever earlyoom then did.
const earlyoomKillFraction = 0.05;

// PBS's MOM prints a memory limit in kb (openpbs), Torque's vmem in bytes with no unit.
const pbsUnitBytes: Record<string, number> = { b: 1, kb: 2 ** 10, mb: 2 ** 20, gb: 2 ** 30 };

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
  // linux mm/oom_kill.c dump_tasks ("Tasks state (memory values in pages):" and its table's header
  // "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name") and oom_reaper: only
  // printed while the OOM killer runs.
  {
    killer: 'kernel',
    weight: 3,
    pattern:
      /Tasks state \(memory values in pages\)|\[\s*pid\s*\]\s+uid\s+tgid\s+total_vm\s+rss|oom_reaper: reaped process (\d+) \(([^)]*)\)/,
    facts: (m) => definedFacts({ pid: intOf(m[1]), processName: m[2] }),
  },
  // The OOM killer with nothing left to kill, and the panic that follows: "Out of memory and no
  // killable processes...", "Kernel panic - not syncing: System is deadlocked on memory" (linux v6.6
  // mm/oom_kill.c out_of_memory), or vm.panic_on_oom's "Kernel panic - not syncing: Out of memory:
  // %s panic_on_oom is enabled" (check_panic_on_oom): the host's RAM, the kernel's own report.
  {
    killer: 'kernel',
    weight: 3,
    pattern:
      /\bOut of memory and no killable processes\b|Kernel panic - not syncing: (?:System is deadlocked on memory|Out of memory)/,
  },
  // Linux 4.x's memory-cgroup OOM report names the victim's cgroup and the cgroup whose limit was hit,
  // "Task in %s killed as a result of limit of %s" (linux v4.14 mm/memcontrol.c
  // mem_cgroup_print_oom_info; v4.19+ prints oom-kill:constraint=CONSTRAINT_MEMCG instead).
  {
    killer: 'kernel',
    weight: 3,
    pattern: /\bTask in (\S+) killed as a result of limit of (\S+)/,
    facts: (m) => definedFacts({ cgroup: m[2] }),
  },
  // The kernel's count of OOM kills as its interface files print it, one "key value" row each: cgroup
  // v2 memory.events "oom_kill N" (the number of processes in the cgroup the OOM killer ended), cgroup
  // v1 memory.oom_control "oom_kill N" (v4.13+), /proc/vmstat "oom_kill N" (linux
  // Documentation/admin-guide/cgroup-v2.rst, cgroup-v1/memory.rst, mm/vmstat.c). A count above 0 is a
  // kill that happened; "oom_kill 0" is none.
  {
    killer: 'kernel',
    weight: 3,
    pattern: /^\s*oom_kill\s+([1-9]\d*)\s*$/,
    facts: (m) => definedFacts({ oomKills: intOf(m[1]) }),
  },
  // A row of that table pasted without its header: dump_tasks prints one per task, pr_info("[%7d] %5d
  // %5d %8lu %8lu ... %5hd %s") — pid in brackets, uid, tgid, then 4 to 7 page counts (total_vm, rss,
  // v6's rss_anon/rss_file/rss_shmem, nr_ptes or pgtables_bytes, swapents), oom_score_adj, the name —
  // after the kernel's own timestamp ("[  687.294232] [ 1990]") or the journal's "kernel: ". Nothing
  // else in the kernel prints that row (linux mm/oom_kill.c dump_tasks, v4.14-v6.8). The prefilter's
  // keyword is the bracket with the pid's padding ("] [ "): "] [" alone is every "[time] [INFO]" log
  // line, which would be decoded and tested whole (146x slower on such a log); the table lists tasks
  // in pid order, so its first rows (systemd, the journal: small pids) carry the padding.
  {
    killer: 'kernel',
    weight: 2,
    pattern: /(?:\]|kernel:)\s+\[\s*\d+\]\s+\d+\s+\d+(?:\s+\d+){4,7}\s+-?\d{1,4}\s+\S/,
  },
  // systemd src/oom/oomd-manager.c: "Killed %s due to memory pressure for %s being %s > %s for > %s
  // with reclaim activity" / "... due to memory used (%s) / total (%s) and swap used ..."; oomd-util.c
  // "oomd attempting to kill"; "Memory pressure for %s is %s > %s"; "Considered %d cgroups for killing,
  // top candidates were:". Each is systemd-oomd's own sentence, read with or without the journal's
  // "systemd-oomd[pid]: " tag (a paste of the message alone drops it).
  {
    killer: 'systemd-oomd',
    weight: 3,
    pattern:
      /(?:systemd-oomd(?:\[\d+\])?: )?(?:Killed (\S+) due to (memory pressure|memory used|swap used)\b(?= for | \(|$)|oomd attempting to kill (\d+)|Memory pressure for (\S+) is ([\d.]+)% > ([\d.]+)%|Considered \d+ cgroups for killing)|systemd-oomd killed (\d+) process/,
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
  // %5.2f%%", "sending SIGTERM to process %d uid %d \"%s\": badness %d, VmRSS %lld MiB" (1.3: no uid;
  // 1.2: "killing process %d \"%s\" with signal %d: badness ..."); before 1.3
  // "Low Memory! At or below sigterm limits (mem: %d %%, swap: %d %%)", "Killing process '%s' with
  // signal %d, pid: %d, badness: %d, VmRSS: %lld MiB".
  // Before 1.0: "Low memory! mem avail: %d of %d MiB (%d %%) <= min %d %%, swap free: ...".
  {
    killer: 'earlyoom',
    weight: 3,
    pattern:
      /low memory! (?:at or below sig(?:term|kill) limits|mem avail: \d+ of \d+ MiB)|(?:sending SIG(?:TERM|KILL) to|killing) process (\d+)(?: uid \d+)? "([^"]*)"|Killing process '([^']*)' with signal \d+, pid: (\d+)/i,
    facts: (m) => definedFacts({ pid: intOf(m[1] ?? m[4]), processName: m[2] ?? m[3] }),
  },
  // earlyoom before 1.2 (main.c, kill.c of 0.x-1.1): "Out of memory! avail: %lu MiB < min: %lu MiB",
  // "Out of memory! mem min: %d MiB, swap min: %d MiB", then "Killing process %d %s" (0.x) or
  // "Killing process: %s, pid: %d, badness: %d, VmRSS: %lu MiB" (1.0-1.1).
  {
    killer: 'earlyoom',
    weight: 3,
    pattern:
      /Out of memory! (?:avail: \d+ MiB < min: \d+ MiB|mem min: \d+ MiB)|Killing process: ([^,\s]+), pid: (\d+), badness/,
    facts: (m) => definedFacts({ processName: m[1], pid: intOf(m[2]) }),
  },
  // earlyoom 0.x's kill line alone ("Killing process 1408 kworker/u17:3"): the pid and the name and
  // nothing after them; likely, since a paste may hold it without the "Out of memory!" line above.
  {
    killer: 'earlyoom',
    weight: 2,
    pattern: /\bKilling process (\d+) (\S+)\s*$/,
    // Other tools kill hung processes in these words too: earlyoom's own report must come before.
    context: /Out of memory! |mem avail: |earlyoom/i,
    facts: (m) => definedFacts({ pid: intOf(m[1]), processName: m[2] }),
  },
  // nohang, a user-space low-memory handler like earlyoom (hakavlad/nohang src/nohang
  // implement_corrective_action): "Memory status before implementing a corrective action:", "Implement
  // a corrective action:", "Send SIGTERM to the victim" and, after it, "Memory status after implementing
  // a corrective action:"; each is logged only when it acts at its memory thresholds.
  {
    killer: 'nohang',
    weight: 3,
    pattern:
      /Memory status (?:before|after) implementing a corrective action|\bImplement a corrective action:|\bSend SIG(?:TERM|KILL) to the victim\b/,
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
  // The same report in earlyoom v0.9-v1.2 (rfjakob/earlyoom main.c at those tags): "mem avail: %lu MiB
  // (%ld %%), swap free: %lu MiB (%d %%)", the share of RAM available in its own brackets.
  {
    killer: 'earlyoom',
    weight: 2,
    pattern: /\bmem avail:\s*\d+ MiB \(\s*(\d+) ?%\), swap free:/,
    accepts: (m) => Number(m[1]) <= earlyoomKillFraction * 100,
  },
  // hadoop-yarn ContainersMonitorImpl: "Container [...] is running beyond physical memory limits"
  // (2.x), "is running 2.1GB beyond the 'PHYSICAL' memory limit" (3.x formatErrorMessage, the
  // overrun and the limit's type named), and the AM's "killed by YARN for exceeding memory limits".
  {
    killer: 'yarn',
    weight: 3,
    pattern:
      /killed by YARN for exceeding memory limits|is running (?:\S+ )?beyond (?:the '?)?(?:physical|virtual|PHYSICAL|VIRTUAL)'? memory limits?/,
  },
  // macOS's jetsam, the kernel's memory-pressure killer: its JetsamEvent report is JSON with
  // "bug_type": "298" and "largestProcess" (developer.apple.com/documentation/xcode/identifying-high-memory-use-with-jetsam-event-reports),
  // and XNU bsd/kern/kern_memorystatus.c logs "memorystatus: killing process %d [%s] in high band ...".
  {
    killer: 'jetsam',
    weight: 3,
    pattern:
      /"bug_type"\s*:\s*"298"|"largestProcess"\s*:\s*"([^"]*)"|\bJetsamEvent\b|memorystatus: killing(?:_\w+)? process (\d+) \[([^\]]*)\]/,
    facts: (m) => definedFacts({ processName: m[1] ?? m[3], pid: intOf(m[2]) }),
  },
  // XNU's kill when the compressor's swap runs out: "low swap: killing largest compressed process with
  // pid %d (%s) and size %llu MB" (bsd/kern/kern_memorystatus.c no_paging_space_action, SIGKILL with
  // OS_REASON_JETSAM / JETSAM_REASON_LOWSWAP), as Console.app shows it beside a notebook that died.
  {
    killer: 'jetsam',
    weight: 3,
    pattern: /low swap: killing largest compressed process with pid (\d+) \(([^)]*)\)(?: and size (\d+) MB)?/,
    facts: (m) =>
      definedFacts({
        pid: intOf(m[1]),
        processName: m[2],
        compressedBytes: m[3] === undefined ? undefined : Number(m[3]) * 2 ** 20,
      }),
  },
  // Android's low-memory killers: lmkd (system/memory/lmkd/lmkd.cpp "Kill '%s' (%d), uid %d,
  // oom_score_adj %d to free %ldkB") and the staging kernel driver (drivers/staging/android/
  // lowmemorykiller.c "Killing '%s' (%d), adj %hd,").
  {
    killer: 'lmkd',
    weight: 3,
    pattern: /\bKill(?:ing)? '([^']*)' \((\d+)\), (?:uid \d+, oom_score_adj|adj) -?\d+/,
    facts: (m) => definedFacts({ processName: m[1], pid: intOf(m[2]) }),
  },
  // Dask's nanny restarts a worker over its memory budget (dask/distributed worker_memory.py
  // "Worker exceeded %d%% memory budget. Restarting..."; before 2022 nanny.py "Worker exceeded 95%
  // memory budget. Restarting"); since 2022 with the worker's address and pid between, "Worker
  // tcp://H:P (pid=N) exceeded 95% memory budget" (dask/distributed 2024.8.0 distributed/worker_memory.py).
  // A budget of 0% is a threshold set to 0 (distributed.worker.memory.terminate: 0), a setting that
  // restarts every worker, not memory that ran out.
  { killer: 'dask', weight: 3, pattern: /Worker (?:\S+ \(pid=\d+\) )?exceeded ([1-9]\d*)% memory budget/ },
  // Batch schedulers' kills at the job's own memory request: IBM LSF's exit reason "TERM_MEMLIMIT:
  // job killed after reaching LSF memory usage limit" (LSF docs, job exit reasons) and HTCondor's
  // hold reason "Job has gone over memory limit of %d megabytes" (HTCondor docs, MEMORY limits;
  // 10+ "Job has gone over cgroup memory limit of %d megabytes", htcondor src/condor_starter.V6.1
  // vanilla_proc.cpp).
  // PBS's MOM kills a job over its mem/vmem/pmem request and tells it "PBS: job killed: mem N kb
  // exceeded limit M kb" (openpbs src/resmom/linux/mom_mach.c; Torque's "job killed: mem job total
  // N kb exceeded limit M kb", adaptivecomputing/torque src/resmom).
  {
    killer: 'scheduler',
    weight: 3,
    pattern:
      /TERM_MEMLIMIT: job killed after reaching LSF memory usage limit|Job has gone over (?:cgroup )?memory limit of (\d+) megabytes|PBS: job killed: [pv]?mem\b[^\n]{0,40}?\bexceed(?:ed|s) limit(?: (\d+) ?([kmg]?b)?\b)?/i,
    facts: (m) =>
      definedFacts({
        scheduler: /^TERM_/.test(m[0]) ? 'lsf' : /^Job has/.test(m[0]) ? 'htcondor' : 'pbs',
        limitBytes:
          m[1] !== undefined
            ? Number(m[1]) * 2 ** 20
            : m[2] !== undefined
              ? Number(m[2]) * pbsUnitBytes[(m[3] ?? 'b').toLowerCase()]!
              : undefined,
      }),
  },
  // A kill at a container's or job's memory limit retold in words ("killed by docker because of
  // memory limits", "killed for exceeding its memory limit"): the runtime's or scheduler's limit,
  // as Docker's OOMKilled and a pod's OOMKilled reason (docs.docker.com run "--memory"; kubernetes.io
  // "Assign Memory Resources": "the Container ... is terminated" when it exceeds its limit).
  {
    killer: 'scheduler',
    weight: 3,
    pattern:
      /\bkilled\b[^.\n]{0,60}?\b(?:because of|for exceeding|due to|after exceeding|exceeding|exceeded)\b[^.\n]{0,30}?\bmemory limits?\b/i,
  },
  // Hosted runtimes' own words for the kill at the instance's memory: AWS ECS's stopped reason
  // "OutOfMemoryError: Container killed due to memory usage" (docs.aws.amazon.com AmazonECS
  // stopped-task-error-codes), Google Cloud Run's and Cloud
  // Functions' "Memory limit of 512 MiB exceeded with 530 MiB used." (cloud.google.com/run/docs/
  // configuring/memory-limits), Heroku's "Error R15 (Memory quota vastly exceeded)" (devcenter.heroku.com
  // error codes: the dyno is killed).
  {
    killer: 'scheduler',
    weight: 3,
    pattern:
      /\bMemory limit of (\d[\d.]* ?[KMGT]i?B) exceeded with (\d[\d.]* ?[KMGT]i?B) used|\bR15 \(Memory quota vastly exceeded\)|\bContainer killed due to memory usage\b/,
    facts: (m) => definedFacts({ limitBytes: sizeOf(m[1]), usageBytes: sizeOf(m[2]) }),
  },
  // containerd's CRI plugin logs the OOM event of a container's own cgroup as it handles it:
  // "TaskOOM event &TaskOOM{ContainerID:%s,...}" (containerd 1.x pkg/cri/server/events.go, logrus
  // "%+v"), "TaskOOM event container_id:\"%s\"" (2.x internal/cri/server/events.go, protobuf text);
  // the container's memory cgroup hit its limit and the kernel killed inside it (the kubelet then
  // reports the container OOMKilled).
  {
    killer: 'kernel',
    weight: 3,
    pattern: /\bTaskOOM event\b[^\n]*?(?:ContainerID:|container_id:\\?")([0-9a-f]{12,64})/,
    facts: (m) => definedFacts({ containerId: m[1], isCgroupLimit: true }),
  },
  // The kubelet's OOM watcher reports the kernel's kill on the node as a "SystemOOM" event
  // (kubernetes pkg/kubelet/oom/oom_watcher_linux.go "System OOM encountered, victim process: %s, pid: %d").
  {
    killer: 'kernel',
    weight: 3,
    pattern: /System OOM encountered(?:, victim process: ([^,\s]+), pid: (\d+))?/,
    facts: (m) => definedFacts({ processName: m[1], pid: intOf(m[2]) }),
  },
  // A Chromium/Electron window whose renderer ran out of memory: VS Code's "The window terminated
  // unexpectedly (reason: 'oom', code: '-536870904')" and "crashed (reason: 'oom')" (microsoft/vscode
  // src/vs/platform/windows/electron-main/windowImpl.ts onWindowError, Electron's
  // render-process-gone details.reason 'oom').
  {
    killer: 'renderer',
    weight: 3,
    pattern: /(?:terminated unexpectedly|crash(?:ed|es)?)[^\n]{0,30}?\(?reason:?\s*'oom'/i,
  },
  // Grid Engine's execd kills a job over a hard limit of its queue and says which: "job %s exceeds job
  // hard limit \"%s\" of queue \"%s\" (%s > limit:%s) - sending SIGKILL" (Son of Grid Engine
  // source/daemons/execd/execd_ck_to_do.c). The limit's name decides: h_vmem/s_vmem, h_rss/s_rss and
  // h_data/s_data are memory (queue_conf(5)); h_rt or h_cpu is a time limit, not this rule's.
  {
    killer: 'scheduler',
    weight: 3,
    pattern:
      /\bexceeds job (?:hard|soft) limit "([hs]_(?:vmem|rss|data))" of queue "[^"]*" \(([\d.]+) > limit:([\d.]+)\)/,
    facts: (m) =>
      definedFacts({
        scheduler: 'sge',
        usageBytes: Math.round(Number(m[2])),
        limitBytes: Math.round(Number(m[3])),
      }),
  },
  // XNU's per-process memory limit: "EXC_RESOURCE -> %s[%d] exceeded mem limit: %s%s %d MB (%s)"
  // (apple-oss-distributions/xnu bsd/kern/kern_memorystatus.c memorystatus_on_ledger_footprint_exceeded);
  // "(fatal)" is jetsam's kill at the limit, "(non-fatal)" only a warning.
  {
    killer: 'jetsam',
    weight: 3,
    pattern: /EXC_RESOURCE -> (\S+?)\[(\d+)\] exceeded mem limit: \w+ (\d+) MB \((fatal|non-fatal)\)/,
    accepts: (m) => m[4] === 'fatal',
    facts: (m) => definedFacts({ processName: m[1], pid: intOf(m[2]), limitBytes: Number(m[3]) * 2 ** 20 }),
  },
  // The same limit as the debugger stops on it: LLDB describes a Mach EXC_RESOURCE exception of
  // resource type RESOURCE_TYPE_MEMORY with the limit it crossed, "EXC_RESOURCE RESOURCE_TYPE_MEMORY
  // (limit=N MB, unused=0x0)" (llvm/llvm-project lldb/source/Plugins/Process/Utility/
  // StopInfoMachException.cpp, GetDescription; XNU osfmk/kern/exc_resource.h RESOURCE_TYPE_MEMORY, sent by
  // kern_memorystatus.c when a process's footprint passes its limit), in any wording around the type
  // ("EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=6144 MB)"): the
  // process's own footprint limit, whatever runtime (Swift/MLX, a React Native or Unity app) ran in it.
  {
    killer: 'jetsam',
    weight: 3,
    pattern: /\bEXC_RESOURCE\b[^\n]{0,4}RESOURCE_TYPE_MEMORY\b[^\n]{0,80}?\(limit=(\d+) ?MB\b/,
    facts: (m) => definedFacts({ limitBytes: Number(m[1]) * 2 ** 20 }),
  },
  // The debugger's report of an iOS/iPadOS app it ran ended by the system for its memory: Xcode 15+'s
  // "The app “%@” has been killed by the operating system because it is using too much memory."
  // (IDEDebugSessionErrorDomain, code 11) and LLDB's "Terminated due to memory issue". An app run
  // from Xcode is the foreground app, which the system ends at its own footprint limit (Apple,
  // MetricKit MXForegroundExitData.cumulativeMemoryResourceLimitExitCount: "terminated the app from the
  // foreground for using too much memory"; jetsam event reports' reason "per-process-limit"), before
  // any background app under memory pressure ("vm-pageshortage" ends background apps first).
  {
    killer: 'jetsam',
    weight: 3,
    pattern:
      /has been killed by the operating system because it is using too much memory|\bTerminated due to memory issue\b/,
    facts: () => ({ isAppMemoryLimit: true }),
  },
  // Kaggle's front end: "Your notebook tried to allocate more memory than is available. It has restarted."
  {
    killer: 'notebook',
    weight: 3,
    pattern: /Your notebook tried to allocate more memory than is available/i,
  },
  // Colab's front end: "Your session crashed after using all available RAM."
  { killer: 'notebook', weight: 3, pattern: /Your session crashed after using all available RAM/i },
  // A notebook's kernel process ended, in any front end's words: Jupyter (notebook kernelselector,
  // jupyterlab apputils sessioncontext "The kernel appears to have died. It will restart
  // automatically.", "Kernel Restarting", the "Dead kernel" dialog), VS Code's Jupyter extension
  // ("The Kernel crashed while executing code in the current cell", "Kernel died", "Kernel
  // restarted"), Colab ("Your session crashed", "Runtime died, restarting"), the Jupyter server's
  // restarter (jupyter_client restarter.py "KernelRestarter: restarting kernel (%d/%d)"). The front
  // end only saw the kernel process end: running out of RAM and a crash (a segfault, an abort in a
  // native library) look the same, so alone it cannot tell (resolve.ts resolveKernelDeath; issue 23,
  // CORPUS-FORMAT settled rule 6); memory evidence beside it decides. A kernel whose
  // automatic restart failed ("The kernel has died, and the automatic restart has failed",
  // jupyter/notebook kernelselector) cannot start at all: its environment, not its memory.
  {
    killer: 'notebook',
    weight: 2,
    pattern:
      /\b(?:kernel|runtime) (?:for \S+ )?(?:appears to have died|has died(?!,? and the automatic restart has failed)|died|restarted|crashed while executing code)|\bKernel Restarting\b|\bDead kernel\b|Your session crashed(?:\.|\s+for an unknown reason)|KernelRestarter: restarting kernel/i,
  },
  // A user's own words for the kernel's OOM killer doing it ("killed by the OOM killer", "the
  // oom-killer killed it", "OOM killed", as Nomad's docker driver also reports it: Exit Message
  // "OOM Killed", hashicorp/nomad drivers/docker): the kill, retold; likely, not certain. The killer
  // told acting in the present or as invoked ("the linux oom killer kicks-in and kill my shell", "the OOM
  // killer was triggered"), not in a condition, a purpose or a denial ("if the OOM killer kicks in",
  // "to avoid the OOM killer", "the OOM killer never fired").
  {
    killer: 'kernel',
    weight: 2,
    pattern:
      /\bkilled by (?:the )?(?:kernel'?s? |linux |system )?(?:OOM|out[- ]of[- ]memory)[ -]?killer|\bOOM[ -]?killer (?:has )?(?:killed|terminated)\b|(?<!\b(?:not|never|no|if|unless|whether|avoid|prevent|without|n't)\s+(?:[\w-]+\s+){0,2})\bOOM[ -]?killer\s+(?:(?:then|just|also|always|eventually|finally|immediately|suddenly)\s+)?(?:kick(?:s|ed)?[ -]in|kills|terminates|step(?:s|ped)?[ -]in|(?:was|got|gets|is|has been)\s+(?:triggered|invoked|activated)|intervene[sd]|fire[sd])\b|(?<!\b(?:not|never|wasn't|isn't|no) (?:\w+ )?)\bOOM[ -]killed\b/i,
  },
];

/** Who killed, which process, why and the limit, from a line in any killer's words above. */
export function readKill(
  text: string,
  before: readonly string[] = [],
): { killer: Killer; weight: 2 | 3; facts: Facts } | undefined {
  let kill: { killer: Killer; weight: 2 | 3; facts: Facts } | undefined;
  for (const spelling of spellings) {
    // Every place it matches: two reports joined as one wrapped line may hold a routine one first.
    const found = spelling.accepts
      ? [...text.matchAll(new RegExp(spelling.pattern.source, `${spelling.pattern.flags}g`))].find(
          spelling.accepts,
        )
      : (spelling.pattern.exec(text) ?? undefined);
    if (!found) continue;
    if (
      spelling.context &&
      !spelling.context.test([...before.slice(-8), text.slice(0, found.index)].join('\n'))
    )
      continue;
    // The first spelling names the killer; a later one of the same killer on the same (rejoined)
    // line adds its figures ("Out of memory! avail ..." then "Killing process 1408 ...").
    if (kill === undefined)
      kill = { killer: spelling.killer, weight: spelling.weight, facts: spelling.facts?.(found) ?? {} };
    else if (kill.killer === spelling.killer)
      kill.facts = { ...(spelling.facts?.(found) ?? {}), ...kill.facts };
  }
  return kill;
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
      'total_vm',
      '] [ ',
      'kernel: [ ',
      'oom_reaper: reaped process',
      'systemd-oomd',
      'low memory! at or below',
      'sending sigterm to process',
      'sending sigkill to process',
      "killing process '",
      'exceeding memory limits',
      'beyond physical memory limits',
      'beyond virtual memory limits',
      "beyond the 'physical' memory limit",
      "beyond the 'virtual' memory limit",
      'pbs: job killed:',
      'your session crashed',
      'appears to have died',
      'mem avail:',
      'implementing a corrective action',
      'implement a corrective action:',
      'to the victim',
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
      'cgroups for killing',
      'due to memory pressure for',
      'due to memory used',
      'due to swap used',
      'oomd attempting to kill',
      'memory pressure for',
      'out of memory! avail:',
      'out of memory! mem min:',
      'killing process',
      '"bug_type"',
      'largestprocess',
      'jetsamevent',
      'memorystatus: killing',
      'low swap: killing',
      "kill '",
      "killing '",
      'runtime died',
      'runtime restarted',
      'runtime has died',
      'runtime appears to have died',
      'memory budget',
      'memory limit',
      "reason: 'oom'",
      "reason 'oom'",
      'term_memlimit',
      'gone over memory limit',
      'gone over cgroup memory limit',
      'killed as a result of limit of',
      'no killable processes',
      'not syncing: system is deadlocked on memory',
      'not syncing: out of memory',
      'oom_kill ',
      'exceeds job hard limit',
      'exceeds job soft limit',
      'exceeded mem limit',
      'resource_type_memory',
      'killed by the operating system because it is using too much memory',
      'terminated due to memory issue',
      'system oom encountered',
      'taskoom event',
      'tried to allocate more memory than is available',
      'kernelrestarter: restarting kernel',
      'killed due to memory usage',
      'memory quota vastly exceeded',
      'oom killed',
      'oom-killed',
    ],
    pattern: new RegExp(spellings.map((s) => s.pattern.source).join('|'), 'i'),
    source:
      'systemd src/oom/oomd-manager.c and src/core/service.c; linux v4.14 mm/memcontrol.c mem_cgroup_print_oom_info, v6.6 mm/oom_kill.c (no killable processes, panic), cgroup memory.events/memory.oom_control oom_kill; Son of Grid Engine execd_ck_to_do.c; XNU EXC_RESOURCE mem limit; lldb StopInfoMachException.cpp EXC_RESOURCE RESOURCE_TYPE_MEMORY; Xcode and LLDB app killed for memory (Apple MetricKit memory resource limit exits); containerd CRI events.go TaskOOM; rfjakob/earlyoom main.c, kill.c; hakavlad/nohang src/nohang; linux mm/oom_kill.c dump_tasks; hadoop ContainersMonitorImpl; XNU kern_memorystatus.c (memorystatus, low swap) and Apple jetsam event reports; Android lmkd.cpp; dask worker_memory.py; LSF TERM_MEMLIMIT; HTCondor memory limit; kubelet oom_watcher_linux.go; AWS ECS stopped reasons; Google Cloud Run memory limits; Heroku R15; hashicorp/nomad docker driver; Jupyter, VS Code Jupyter, Colab and Kaggle front ends',
    summary: 'a process was killed for memory',
    extract: ({ text, before }) => {
      const kill = readKill(text, before);
      if (!kill) return undefined;
      // A front end that only saw its kernel die is a candidate of its own: memory evidence elsewhere
      // in the log decides it (resolve.ts), and another host failure must not merge into it.
      const isDeathOnly = kill.killer === 'notebook' && kill.weight === 2;
      return {
        weight: kill.weight,
        facts: { killer: kill.killer, ...kill.facts },
        ...(isDeathOnly ? { group: 'kernel-death' } : {}),
      };
    },
  },
];
