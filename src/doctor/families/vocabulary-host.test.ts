// Issue 23 item 4 (session 23, doctor-vocab-host): the vocabulary of killers, launchers, supervisors,
// schedulers and host allocators — what each prints when a process dies of memory, or of something
// that looks like it — taken from the programs' own sources at release tags (message templates, enums,
// log format strings), not from the corpus. Each line is the source's template with its placeholders
// filled and the prefix the program (or its usual carrier: the journal, kubectl, sacct) puts before
// it. Entries already in vocabulary-sources.test.ts or vocabulary-apps.test.ts are not repeated here;
// where a program is there, this table adds its other wordings and its look-alikes.
// Kinds follow test/corpus/CORPUS-FORMAT.md: a bare kill (SIGKILL, 137, -9, "Killed") is host_oom
// (rule 2) unless the log names another killer (a time limit, a user's cancel, a probe, a stop); a
// worker killed with no killer's message is host_oom (rule 7); a notebook kernel's death alone is
// can't tell (rule 6); a host allocation refused is host_oom (rule 8); a scheduler refusing to start a
// job for its request (nothing ran out) is none.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';
import { pasteForms, seededRandom } from '../test-helpers/paste-forms.js';
import { checkVocabulary, gh, type VocabularyEntry } from '../test-helpers/vocabulary.js';

export const hostVocabulary: VocabularyEntry[] = [
  // ---- Linux kernel OOM killer (mm/oom_kill.c, mm/memcontrol.c) across versions ----
  {
    id: 'kernel-kill-process-sacrifice-child',
    program: 'Linux 2.6-4.18 OOM killer',
    source: gh('torvalds/linux@v4.14', 'mm/oom_kill.c'),
    template: '%s: Kill process %d (%s) score %u or sacrifice child',
    lines: ['[123456.789012] Out of memory: Kill process 23145 (python) score 912 or sacrifice child'],
    kind: 'host_oom',
  },
  {
    id: 'kernel-killed-process-v4',
    program: 'Linux 4.x OOM killer',
    source: gh('torvalds/linux@v4.14', 'mm/oom_kill.c'),
    template: 'Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB',
    lines: [
      '[123456.790001] Killed process 23145 (python) total-vm:62345678kB, anon-rss:60123456kB, file-rss:0kB, shmem-rss:0kB',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-out-of-memory-killed-v5',
    program: 'Linux 5.x-6.x OOM killer',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template:
      '%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%hd',
    lines: [
      'kernel: Out of memory: Killed process 23145 (python3) total-vm:98765432kB, anon-rss:61234567kB, file-rss:1024kB, shmem-rss:2048kB, UID:1000 pgtables:130000kB oom_score_adj:0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-memcg-killed-v5',
    program: 'Linux 5.x-6.x OOM killer (memory cgroup)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'Memory cgroup out of memory: Killed process %d (%s) total-vm:... oom_score_adj:%hd',
    lines: [
      '[ 8812.334455] Memory cgroup out of memory: Killed process 4242 (pt_main_thread) total-vm:45123456kB, anon-rss:16400000kB, file-rss:81234kB, shmem-rss:0kB, UID:0 pgtables:40000kB oom_score_adj:994',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-memcg-kill-process-v4',
    program: 'Linux 4.x OOM killer (memory cgroup)',
    source: gh('torvalds/linux@v4.14', 'mm/memcontrol.c'),
    template: 'Memory cgroup out of memory: Kill process %d (%s) score %u or sacrifice child',
    lines: ['Memory cgroup out of memory: Kill process 4242 (python) score 1000 or sacrifice child'],
    kind: 'host_oom',
  },
  {
    id: 'kernel-oom-kill-constraint-memcg',
    program: 'Linux 5.0+ OOM killer (one-line summary)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template:
      'oom-kill:constraint=%s,nodemask=%*pbl,cpuset=%s,mems_allowed=%*pbl,oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=%d',
    lines: [
      'kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-3f2a.scope,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice/cri-containerd-3f2a.scope,task=python,pid=912345,uid=0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-oom-kill-constraint-none',
    program: 'Linux 5.0+ OOM killer (one-line summary, whole host)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,...',
    lines: [
      '[ 5123.000111] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/user.slice/user-1000.slice/session-2.scope,task=python,pid=31337,uid=1000',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-invoked-oom-killer',
    program: 'Linux OOM killer (header)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: '%s invoked oom-killer: gfp_mask=%#x(%pGg), order=%d, oom_score_adj=%hd',
    lines: [
      'Nov 29 00:12:01 gpu01 kernel: python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-oom-reaper',
    program: 'Linux 4.6+ oom_reaper',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'oom_reaper: reaped process %d (%s), now anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB',
    lines: [
      '[ 5123.100222] oom_reaper: reaped process 31337 (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-memcg-usage-limit',
    program: 'Linux memory cgroup OOM report (usage at the limit)',
    source: gh('torvalds/linux@v6.6', 'mm/memcontrol.c'),
    template: 'memory: usage %llukB, limit %llukB, failcnt %lu',
    lines: [
      'kernel: memory: usage 16777216kB, limit 16777216kB, failcnt 48213',
      'kernel: swap: usage 0kB, limit 9007199254740988kB, failcnt 0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-task-killed-as-result-of-limit',
    program: 'Linux 4.x memory cgroup OOM report',
    source: gh('torvalds/linux@v4.14', 'mm/memcontrol.c'),
    template: 'Task in %s killed as a result of limit of %s',
    lines: ['[ 912.1] Task in /docker/3f2a9c killed as a result of limit of /docker/3f2a9c'],
    kind: 'host_oom',
  },
  {
    id: 'kernel-panic-no-killable',
    program: 'Linux OOM killer (nothing left to kill)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'Out of memory and no killable processes...',
    lines: [
      '[ 7001.5] Out of memory and no killable processes...',
      'Kernel panic - not syncing: System is deadlocked on memory',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kernel-panic-on-oom',
    program: 'Linux OOM killer (vm.panic_on_oom)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'Out of memory: %s panic_on_oom is enabled',
    lines: ['[ 7001.5] Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled'],
    kind: 'host_oom',
  },
  {
    id: 'kernel-hung-task-lookalike',
    program: 'Linux hung-task detector (look-alike)',
    source: gh('torvalds/linux@v6.6', 'kernel/hung_task.c'),
    template: 'INFO: task %s:%d blocked for more than %ld seconds.',
    lines: [
      '[ 1234.5] INFO: task python:23145 blocked for more than 122 seconds.',
      '[ 1234.5] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
    ],
    kind: 'none',
  },
  {
    id: 'kernel-segfault-lookalike',
    program: 'Linux x86 fault report (look-alike)',
    source: gh('torvalds/linux@v6.6', 'arch/x86/mm/fault.c'),
    template: '%s%s[%d]: segfault at %lx ip %px sp %px error %lx in %s',
    lines: [
      'kernel: python[23145]: segfault at 0 ip 00007f3a2b1c4d5e sp 00007ffd1a2b3c40 error 4 in libtorch_cpu.so[7f3a20000000+1c000000]',
    ],
    kind: 'none',
  },
  {
    id: 'kernel-oom-adj-deprecated-lookalike',
    program: 'Linux /proc oom_adj notice (look-alike)',
    source: gh('torvalds/linux@v4.14', 'fs/proc/base.c'),
    template: '%s (%d): /proc/%d/oom_adj is deprecated, please use /proc/%d/oom_score_adj instead.',
    lines: [
      '[    5.1] python (812): /proc/812/oom_adj is deprecated, please use /proc/812/oom_score_adj instead.',
    ],
    kind: 'none',
  },
  {
    id: 'kernel-soft-lockup-lookalike',
    program: 'Linux soft-lockup watchdog (look-alike)',
    source: gh('torvalds/linux@v6.6', 'kernel/watchdog.c'),
    template: 'watchdog: BUG: soft lockup - CPU#%d stuck for %us! [%s:%d]',
    lines: ['[ 4410.2] watchdog: BUG: soft lockup - CPU#12 stuck for 22s! [python:23145]'],
    kind: 'none',
  },
  // ---- cgroup v1/v2 interface files ----
  {
    id: 'cgroup2-memory-events-oom-kill',
    program: 'cgroup v2 memory.events',
    source: gh('torvalds/linux@v6.6', 'Documentation/admin-guide/cgroup-v2.rst'),
    template: 'low %lu\\nhigh %lu\\nmax %lu\\noom %lu\\noom_kill %lu\\noom_group_kill %lu',
    lines: [
      '$ cat /sys/fs/cgroup/memory.events',
      'low 0',
      'high 0',
      'max 18231',
      'oom 3',
      'oom_kill 3',
      'oom_group_kill 0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'cgroup2-memory-events-zero-lookalike',
    program: 'cgroup v2 memory.events (look-alike: no kill)',
    source: gh('torvalds/linux@v6.6', 'Documentation/admin-guide/cgroup-v2.rst'),
    template: 'low %lu\\nhigh %lu\\nmax %lu\\noom %lu\\noom_kill %lu',
    lines: ['$ cat /sys/fs/cgroup/memory.events', 'low 0', 'high 0', 'max 0', 'oom 0', 'oom_kill 0'],
    kind: 'none',
  },
  {
    id: 'proc-vmstat-oom-kill',
    program: 'Linux 4.13+ /proc/vmstat (OOM kills since boot)',
    source: gh('torvalds/linux@v6.6', 'mm/vmstat.c'),
    template: 'oom_kill %lu',
    lines: ['$ grep oom /proc/vmstat', 'oom_kill 1'],
    kind: 'host_oom',
  },
  {
    id: 'cgroup1-oom-control',
    program: 'cgroup v1 memory.oom_control',
    source: gh('torvalds/linux@v6.6', 'Documentation/admin-guide/cgroup-v1/memory.rst'),
    template: 'oom_kill_disable %d\\nunder_oom %d\\noom_kill %lu',
    lines: [
      '$ cat /sys/fs/cgroup/memory/memory.oom_control',
      'oom_kill_disable 0',
      'under_oom 0',
      'oom_kill 2',
    ],
    kind: 'host_oom',
  },
  // ---- systemd (unit results, systemd-oomd) ----
  {
    id: 'systemd-unit-oom-killed-process',
    program: 'systemd 248+ (unit)',
    source: gh('systemd/systemd@v255', 'src/core/unit.c'),
    template: 'A process of this unit has been killed by the OOM killer.',
    lines: [
      'Nov 29 00:12:02 gpu01 systemd[1]: train.service: A process of this unit has been killed by the OOM killer.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'systemd-failed-result-oom-kill',
    program: 'systemd 243+ (service result)',
    source: gh('systemd/systemd@v255', 'src/core/service.c'),
    template: "Failed with result '%s'. (service_result_to_string: oom-kill)",
    lines: [
      'Nov 29 00:12:02 gpu01 systemd[1]: train.service: Main process exited, code=killed, status=9/KILL',
      "Nov 29 00:12:02 gpu01 systemd[1]: train.service: Failed with result 'oom-kill'.",
    ],
    kind: 'host_oom',
  },
  {
    id: 'systemd-scope-oom-kill',
    program: 'systemd 243+ (scope result)',
    source: gh('systemd/systemd@v255', 'src/core/scope.c'),
    template: "Failed with result '%s'.",
    lines: ["systemd[1012]: app-jupyter-4711.scope: Failed with result 'oom-kill'."],
    kind: 'host_oom',
  },
  {
    id: 'systemd-timeout-sigkill-lookalike',
    program: 'systemd (look-alike: stop timed out, then SIGKILL)',
    source: gh('systemd/systemd@v255', 'src/core/service.c'),
    template:
      "State '%s' timed out. Killing. / Killing process %d (%s) with signal SIGKILL. / Failed with result 'timeout'.",
    lines: [
      "systemd[1]: train.service: State 'stop-sigterm' timed out. Killing.",
      'systemd[1]: train.service: Killing process 23145 (python) with signal SIGKILL.',
      'systemd[1]: train.service: Main process exited, code=killed, status=9/KILL',
      "systemd[1]: train.service: Failed with result 'timeout'.",
    ],
    kind: 'none',
  },
  {
    id: 'systemd-sigterm-lookalike',
    program: 'systemd (look-alike: SIGTERM)',
    source: gh('systemd/systemd@v255', 'src/core/service.c'),
    template: 'Main process exited, code=%s, status=%i/%s',
    lines: [
      'systemd[1]: train.service: Main process exited, code=killed, status=15/TERM',
      "systemd[1]: train.service: Failed with result 'signal'.",
    ],
    kind: 'none',
  },
  {
    id: 'systemd-core-dump-lookalike',
    program: 'systemd (look-alike: segfault)',
    source: gh('systemd/systemd@v255', 'src/core/service.c'),
    template: 'Main process exited, code=dumped, status=11/SEGV',
    lines: [
      'systemd[1]: train.service: Main process exited, code=dumped, status=11/SEGV',
      "systemd[1]: train.service: Failed with result 'core-dump'.",
    ],
    kind: 'none',
  },
  {
    id: 'oomd-memory-used',
    program: 'systemd-oomd 248+ (swap and memory used)',
    source: gh('systemd/systemd@v255', 'src/oom/oomd-manager.c'),
    template:
      'Killed %s due to memory used (%s) / total (%s) and swap used (%s) / total (%s) being more than %s',
    lines: [
      'systemd-oomd[712]: Killed /user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/vte-spawn-1.scope due to memory used (15.2G) / total (15.5G) and swap used (3.9G) / total (4.0G) being more than 90.00%',
    ],
    kind: 'host_oom',
  },
  {
    id: 'oomd-considered-candidates',
    program: 'systemd-oomd 248+ (candidates)',
    source: gh('systemd/systemd@v255', 'src/oom/oomd-util.c'),
    template: 'Considered %zu cgroups for killing, top candidates were:',
    lines: [
      'systemd-oomd[712]: Considered 4 cgroups for killing, top candidates were:',
      'systemd-oomd[712]:         Path: /user.slice/user-1000.slice/user@1000.service/app.slice/jupyter.service',
      'systemd-oomd[712]:                 Memory Pressure Limit: 0.00%',
    ],
    kind: 'host_oom',
  },
  {
    id: 'oomctl-dump-lookalike',
    program: 'oomctl (look-alike: a settings dump)',
    source: gh('systemd/systemd@v255', 'src/oom/oomd-manager.c'),
    template: 'Dry Run: %s\\nSwap Used Limit: %s\\nDefault Memory Pressure Limit: %s\\n...',
    lines: [
      '$ oomctl',
      'Dry Run: no',
      'Swap Used Limit: 90.00%',
      'Default Memory Pressure Limit: 60.00%',
      'Default Memory Pressure Duration: 20s',
      'System Context:',
      '        Memory: Used: 6.1G Total: 31.2G',
    ],
    kind: 'none',
  },
  // ---- earlyoom ----
  {
    id: 'earlyoom-low-memory-sigterm',
    program: 'earlyoom 1.3+',
    source: gh('rfjakob/earlyoom@v1.8.2', 'main.c'),
    template: 'low memory! at or below SIGTERM limits: mem %5.2f%%, swap %5.2f%%',
    lines: [
      'earlyoom[801]: low memory! at or below SIGTERM limits: mem  9.87%, swap  4.12%',
      'earlyoom[801]: sending SIGTERM to process 23145 uid 1000 "python": oom_score 912, VmRSS 28123 MiB, cmdline "python train.py"',
    ],
    kind: 'host_oom',
  },
  {
    id: 'earlyoom-startup-lookalike',
    program: 'earlyoom (look-alike: start-up report)',
    source: gh('rfjakob/earlyoom@v1.8.2', 'main.c'),
    template:
      'mem total: %4lld MiB, swap total: %4lld MiB\\nsending SIGTERM when mem <= %.2f%% and swap <= %.2f%%,',
    lines: [
      'earlyoom v1.8.2',
      'mem total: 31906 MiB, swap total: 2047 MiB',
      'sending SIGTERM when mem <= 10.00% and swap <= 10.00%,',
      '        SIGKILL when mem <=  5.00% and swap <=  5.00%',
    ],
    kind: 'none',
  },
  {
    id: 'earlyoom-periodic-plenty-lookalike',
    program: 'earlyoom (look-alike: periodic report with RAM to spare)',
    source: gh('rfjakob/earlyoom@v1.8.2', 'main.c'),
    template: 'mem avail: %5lld of %5lld MiB (%5.2f%%), swap free: %4lld of %4lld MiB (%5.2f%%)',
    lines: ['earlyoom[801]: mem avail: 24012 of 31906 MiB (75.26%), swap free: 2047 of 2047 MiB (100.00%)'],
    kind: 'none',
  },
  // ---- Docker / containerd ----
  {
    id: 'docker-events-oom',
    program: 'docker events',
    source: gh('moby/moby@v26.1.0', 'daemon/monitor.go'),
    template: '%s container oom %s (image=%s, name=%s)',
    lines: [
      '2026-11-29T00:12:01.123456789Z container oom 3f2a9c0d1e2f (image=pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime, name=trainer)',
    ],
    kind: 'host_oom',
  },
  {
    id: 'docker-inspect-state-oomkilled',
    program: 'docker inspect (State with its exit code)',
    source: gh('moby/moby@v26.1.0', 'api/types/container/state.go'),
    template: '"State": { "Status": "exited", ... "OOMKilled": true, ... "ExitCode": 137 }',
    lines: [
      '        "State": {',
      '            "Status": "exited",',
      '            "Running": false,',
      '            "OOMKilled": true,',
      '            "Dead": false,',
      '            "Pid": 0,',
      '            "ExitCode": 137,',
    ],
    kind: 'host_oom',
  },
  {
    id: 'docker-inspect-sigterm-lookalike',
    program: 'docker inspect (look-alike: stopped, 143)',
    source: gh('moby/moby@v26.1.0', 'api/types/container/state.go'),
    template: '"OOMKilled": false, ... "ExitCode": 143',
    lines: [
      '            "Status": "exited",',
      '            "OOMKilled": false,',
      '            "Dead": false,',
      '            "ExitCode": 143,',
    ],
    kind: 'none',
  },
  {
    id: 'docker-ps-exited-137',
    program: 'docker ps -a',
    source: gh('moby/moby@v26.1.0', 'container/state.go'),
    template: 'Exited (%d) %s ago',
    lines: [
      'CONTAINER ID   IMAGE                 COMMAND             CREATED         STATUS                       PORTS     NAMES',
      '3f2a9c0d1e2f   trainer:latest        "python train.py"   10 minutes ago  Exited (137) 2 minutes ago             trainer',
    ],
    kind: 'host_oom',
  },
  {
    id: 'docker-stop-force-lookalike',
    program: 'dockerd (look-alike: docker stop used the force)',
    source: gh('moby/moby@v26.1.0', 'daemon/stop.go'),
    template: 'Container failed to exit within %s of signal %d - using the force',
    lines: [
      'dockerd[901]: time="2026-11-29T00:12:01Z" level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=3f2a9c0d1e2f',
      'trainer exited with code 137',
    ],
    kind: 'none',
  },
  {
    id: 'compose-exited-137',
    program: 'docker compose',
    source: gh('docker/compose@v2.27.0', 'pkg/compose/printer.go'),
    template: '%s exited with code %d',
    lines: ['trainer-1 exited with code 137'],
    kind: 'host_oom',
  },
  {
    id: 'compose-exited-139-lookalike',
    program: 'docker compose (look-alike: 139)',
    source: gh('docker/compose@v2.27.0', 'pkg/compose/printer.go'),
    template: '%s exited with code %d',
    lines: ['trainer-1 exited with code 139'],
    kind: 'none',
  },
  {
    id: 'compose-exited-143-lookalike',
    program: 'docker compose (look-alike: 143)',
    source: gh('docker/compose@v2.27.0', 'pkg/compose/printer.go'),
    template: '%s exited with code %d',
    lines: ['Gracefully stopping... (press Ctrl+C again to force)', 'trainer-1 exited with code 143'],
    kind: 'none',
  },
  // ---- Kubernetes (kubelet, kubectl, node-problem-detector) ----
  {
    id: 'kubectl-get-pods-oomkilled',
    program: 'kubectl get pods',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/printers/internalversion/printers.go'),
    template: "NAME READY STATUS RESTARTS AGE (STATUS: the container's terminated reason)",
    lines: [
      'NAME        READY   STATUS      RESTARTS      AGE',
      'trainer-0   0/1     OOMKilled   3 (20s ago)   5m12s',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kubelet-system-oom-event',
    program: 'kubelet OOM watcher',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/oom/oom_watcher_linux.go'),
    template: 'System OOM encountered, victim process: %s, pid: %d',
    lines: ['  Warning  SystemOOM  2m  kubelet  System OOM encountered, victim process: python, pid: 912345'],
    kind: 'host_oom',
  },
  {
    id: 'npd-oomkilling-event',
    program: 'node-problem-detector (kernel monitor)',
    source: gh('kubernetes/node-problem-detector@v0.8.19', 'config/kernel-monitor.json'),
    template:
      'reason OOMKilling, pattern "Killed process \\d+ (.+) total-vm:\\d+kB, anon-rss:\\d+kB, file-rss:\\d+kB.*"',
    lines: [
      '  Warning  OOMKilling  3m  kernel-monitor, gpu-node-1  Killed process 912345 (python) total-vm:45123456kB, anon-rss:30123456kB, file-rss:0kB, shmem-rss:0kB',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kubelet-evicted-memory-short',
    program: 'kubelet eviction (memory, pod status)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/eviction/helpers.go'),
    template: 'The node was low on resource: %v. Threshold quantity: %v, available: %v. ',
    lines: [
      'Status:           Failed',
      'Reason:           Evicted',
      'Message:          The node was low on resource: memory. Threshold quantity: 100Mi, available: 93904Ki. ',
    ],
    kind: 'host_oom',
  },
  {
    id: 'kubelet-pod-ephemeral-limit-lookalike',
    program: 'kubelet eviction (look-alike: pod ephemeral storage limit)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/eviction/helpers.go'),
    template: 'Pod ephemeral local storage usage exceeds the total limit of containers %s. ',
    lines: [
      'Reason:   Evicted',
      'Message:  Pod ephemeral local storage usage exceeds the total limit of containers 10Gi. ',
    ],
    kind: 'none',
  },
  {
    id: 'kubelet-container-ephemeral-limit-lookalike',
    program: 'kubelet eviction (look-alike: container ephemeral storage limit)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/eviction/helpers.go'),
    template: 'Container %s exceeded its local ephemeral storage limit %q. ',
    lines: ['Message:  Container trainer exceeded its local ephemeral storage limit "20Gi". '],
    kind: 'none',
  },
  {
    id: 'kubelet-liveness-137-lookalike',
    program: 'kubelet (look-alike: a failed liveness probe restarts the container, 137)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/kuberuntime/kuberuntime_manager.go'),
    template: 'Container %s failed %s probe, will be restarted',
    lines: [
      '    Last State:     Terminated',
      '      Reason:       Error',
      '      Exit Code:    137',
      '  Warning  Unhealthy  1m  kubelet  Liveness probe failed: Get "http://10.1.2.3:8080/healthz": context deadline exceeded',
      '  Normal   Killing    1m  kubelet  Container trainer failed liveness probe, will be restarted',
    ],
    kind: 'none',
  },
  {
    id: 'kubelet-completed-lookalike',
    program: 'kubectl describe (look-alike: completed)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/kuberuntime/kuberuntime_container.go'),
    template: 'Reason: Completed / Exit Code: 0',
    lines: ['    Last State:     Terminated', '      Reason:       Completed', '      Exit Code:    0'],
    kind: 'none',
  },
  {
    id: 'k8s-job-deadline-lookalike',
    program: 'Kubernetes Job controller (look-alike: deadline)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/controller/job/job_controller.go'),
    template: 'Job was active longer than specified deadline',
    lines: [
      '  Warning  DeadlineExceeded  30s  job-controller  Job was active longer than specified deadline',
    ],
    kind: 'none',
  },
  {
    id: 'k8s-insufficient-gpu-lookalike',
    program: 'kube-scheduler (look-alike: unschedulable for GPUs)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/scheduler/framework/plugins/noderesources/fit.go'),
    template: 'Insufficient %v',
    lines: [
      '  Warning  FailedScheduling  12s  default-scheduler  0/4 nodes are available: 4 Insufficient nvidia.com/gpu.',
    ],
    kind: 'none',
  },
  {
    id: 'k8s-node-shutdown-lookalike',
    program: 'kubelet node shutdown manager (look-alike)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go'),
    template: 'Pod was terminated in response to imminent node shutdown.',
    lines: ['Reason:   Terminated', 'Message:  Pod was terminated in response to imminent node shutdown.'],
    kind: 'none',
  },
  {
    id: 'argo-oomkilled-exit-code',
    program: 'Argo Workflows (node message)',
    source: gh('argoproj/argo-workflows@v3.5.5', 'workflow/controller/operator.go'),
    template: '%s (exit code %d)',
    lines: ['train-model-2xk9p(0) Failed: OOMKilled (exit code 137)'],
    kind: 'host_oom',
  },
  // ---- Slurm ----
  {
    id: 'slurm-oom-kill-events-stepid',
    program: 'Slurm 20.11-23.11 (task/cgroup)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template:
      'Detected %"PRIu64" oom-kill event(s) in %ps. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    lines: [
      'slurmstepd: error: Detected 2 oom-kill event(s) in StepId=4512378.0. Some of your processes may have been killed by the cgroup out-of-memory handler.',
      'srun: error: gpu-node-07: task 0: Out Of Memory',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-oom-kill-events-step-tasks',
    program: 'Slurm 24.05+ (task/cgroup, reworded)',
    source: gh('SchedMD/slurm@slurm-24-05-4-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template: 'Detected %"PRIu64" oom_kill event%s in %ps. Some of the step tasks have been OOM Killed.',
    lines: [
      'slurmstepd: error: Detected 1 oom_kill event in StepId=4512378.batch. Some of the step tasks have been OOM Killed.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-hit-memory-limit-lookalike',
    program: 'Slurm 20.11+ (look-alike: the limit reached, no kill counted)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template:
      '%ps hit memory limit at least once during execution. This may or may not result in some failure.',
    lines: [
      'slurmstepd: info: StepId=4512378.batch hit memory limit at least once during execution. This may or may not result in some failure.',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-scancel-then-oom-kill-events',
    program: "Slurm (a cancel banner, then the step's oom-kill count: the count decides)",
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template: '*** JOB %u ON %s CANCELLED AT %s *** / Detected %"PRIu64" oom-kill event(s) in %ps. ...',
    lines: [
      'slurmstepd: error: *** JOB 4512378 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 ***',
      'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4512378.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-cgroup1-oom-kill-step-cgroup',
    program: 'Slurm 17.11-20.02 (cgroup v1)',
    source: gh('SchedMD/slurm@slurm-19-05-8-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template:
      'Detected %"PRIu64" oom-kill event(s) in step %u.%u cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    lines: [
      'slurmstepd: error: Detected 1 oom-kill event(s) in step 4512378.batch cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-exceeded-step-memory-limit-lookalike',
    program:
      'Slurm 15-17.02 (look-alike: memory.failcnt above 0, the limit reached and reclaimed at, not a kill; 17.11 counts oom_kill events instead)',
    source: gh('SchedMD/slurm@slurm-17-02-11-1', 'src/plugins/task/cgroup/task_cgroup_memory.c'),
    template: 'Exceeded step memory limit at some point.',
    lines: ['slurmstepd: error: Exceeded step memory limit at some point.'],
    kind: 'none',
  },
  {
    id: 'slurm-jobacct-exceeded-limit',
    program: 'Slurm jobacct_gather (memory enforcement by polling)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_jobacct_gather.c'),
    template: 'Step %ps exceeded memory limit (%"PRIu64" > %"PRIu64"), being killed',
    lines: [
      'slurmstepd: error: Step StepId=4512378.0 exceeded memory limit (34359738368 > 32212254720), being killed',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-srun-task-out-of-memory',
    program: 'srun (task end)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/srun/step_ctx.c'),
    template: '%s: task %s: Out Of Memory',
    lines: ['srun: error: gpu-node-07: task 3: Out Of Memory'],
    kind: 'host_oom',
  },
  {
    id: 'slurm-sacct-out-of-memory',
    program: 'sacct',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_protocol_defs.c'),
    template: 'job_state_string: OUT_OF_MEMORY',
    lines: [
      'JobID           JobName  Partition    Account  AllocCPUS      State ExitCode',
      '------------ ---------- ---------- ---------- ---------- ---------- --------',
      '4512378           train        gpu    mylab          8 OUT_OF_ME+    0:125',
      '4512378.bat+      batch               mylab          8 OUT_OF_ME+    0:125',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-seff-out-of-memory',
    program: 'seff',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'contribs/seff/seff'),
    template: 'State: %s (exit code %d)',
    lines: [
      'Job ID: 4512378',
      'State: OUT_OF_MEMORY (exit code 0)',
      'Memory Utilized: 31.98 GB',
      'Memory Efficiency: 99.94% of 32.00 GB',
    ],
    kind: 'host_oom',
  },
  {
    id: 'slurm-cancelled-time-limit-lookalike',
    program: 'slurmstepd (look-alike: time limit)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/slurmd/slurmstepd/req.c'),
    template: '*** %s ON %s CANCELLED AT %s DUE TO TIME LIMIT ***',
    lines: [
      'slurmstepd: error: *** JOB 4512378 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 DUE TO TIME LIMIT ***',
      'srun: error: gpu-node-07: task 0: Killed',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-cancelled-preemption-lookalike',
    program: 'slurmstepd (look-alike: preemption)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/slurmd/slurmstepd/req.c'),
    template: '*** %s ON %s CANCELLED AT %s DUE TO PREEMPTION ***',
    lines: [
      'slurmstepd: error: *** STEP 4512378.0 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 DUE TO PREEMPTION ***',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-scancel-lookalike',
    program: 'slurmstepd (look-alike: scancel by a user)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/slurmd/slurmstepd/req.c'),
    template: '*** %s ON %s CANCELLED AT %s ***',
    lines: [
      'srun: Job step aborted: Waiting up to 32 seconds for job step to finish.',
      'slurmstepd: error: *** STEP 4512378.0 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 ***',
      'srun: error: gpu-node-07: task 0: Killed',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-sacct-timeout-lookalike',
    program: 'sacct (look-alike: TIMEOUT)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_protocol_defs.c'),
    template: 'job_state_string: TIMEOUT',
    lines: [
      'JobID           JobName      State ExitCode',
      '------------ ---------- ---------- --------',
      '4512378           train    TIMEOUT      0:0',
      '4512378.bat+      batch  CANCELLED     0:15',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-sacct-node-fail-lookalike',
    program: 'sacct (look-alike: NODE_FAIL)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_protocol_defs.c'),
    template: 'job_state_string: NODE_FAIL',
    lines: ['JobID           JobName      State ExitCode', '4512378           train  NODE_FAIL      0:0'],
    kind: 'none',
  },
  {
    id: 'slurm-unable-to-allocate-lookalike',
    program: 'srun (look-alike: a request no node can hold; nothing ran)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_errno.c'),
    template: 'Unable to allocate resources: Memory required by task is not available',
    lines: ['srun: error: Unable to allocate resources: Memory required by task is not available'],
    kind: 'none',
  },
  {
    id: 'submitit-out-of-memory',
    program: 'submitit (Slurm job state)',
    source: gh('facebookincubator/submitit@1.5.1', 'submitit/core/core.py'),
    template: 'Job %s (task: %d) with path %s\\nhas not produced any output (state: %s)',
    lines: [
      'submitit.core.utils.UncompletedJobError: Job 4512378_0 (task: 0) with path /checkpoint/me/4512378_0_result.pkl',
      'has not produced any output (state: OUT_OF_MEMORY)',
    ],
    kind: 'host_oom',
  },
  {
    id: 'submitit-timeout-lookalike',
    program: 'submitit (look-alike: TIMEOUT)',
    source: gh('facebookincubator/submitit@1.5.1', 'submitit/core/core.py'),
    template: 'has not produced any output (state: %s)',
    lines: [
      'submitit.core.utils.UncompletedJobError: Job 4512378_0 (task: 0) with path /checkpoint/me/4512378_0_result.pkl',
      'has not produced any output (state: TIMEOUT)',
    ],
    kind: 'none',
  },
  // ---- PBS / Torque, HTCondor, Grid Engine ----
  {
    id: 'torque-vmem-exceeded',
    program: 'Torque/PBS MOM (vmem)',
    source: gh('adaptivecomputing/torque@6.1.3', 'src/resmom/linux/mom_mach.c'),
    template: '=>> PBS: job killed: vmem %lu exceeded limit %lu',
    lines: ['=>> PBS: job killed: vmem 35433480192 exceeded limit 34359738368'],
    kind: 'host_oom',
  },
  {
    id: 'pbs-walltime-lookalike',
    program: 'PBS MOM (look-alike: walltime)',
    source: gh('openpbs/openpbs@v23.06.06', 'src/resmom/mom_main.c'),
    template: '=>> PBS: job killed: walltime %ld exceeded limit %ld',
    lines: ['=>> PBS: job killed: walltime 86430 exceeded limit 86400'],
    kind: 'none',
  },
  {
    id: 'pbs-ncpus-lookalike',
    program: 'PBS MOM (look-alike: CPU use)',
    source: gh('openpbs/openpbs@v23.06.06', 'src/resmom/mom_main.c'),
    template: '=>> PBS: job killed: ncpus %.2f exceeded limit %d (sum)',
    lines: ['=>> PBS: job killed: ncpus 9.18 exceeded limit 8 (sum)'],
    kind: 'none',
  },
  {
    id: 'pbs-cput-lookalike',
    program: 'PBS MOM (look-alike: CPU time)',
    source: gh('openpbs/openpbs@v23.06.06', 'src/resmom/mom_main.c'),
    template: '=>> PBS: job killed: cput %ld exceeded limit %ld',
    lines: ['=>> PBS: job killed: cput 720012 exceeded limit 720000'],
    kind: 'none',
  },
  {
    id: 'pbs-pmem-exceeded',
    program: 'PBS MOM (pmem)',
    source: gh('openpbs/openpbs@v23.06.06', 'src/resmom/linux/mom_mach.c'),
    template: '=>> PBS: job killed: pmem %lukb exceeded limit %lukb',
    lines: ['=>> PBS: job killed: pmem 9437184kb exceeded limit 8388608kb'],
    kind: 'host_oom',
  },
  {
    id: 'htcondor-cgroup-memory-hold',
    program: 'HTCondor 10+ starter (cgroup limit hold reason)',
    source: gh('htcondor/htcondor@v23.0.0', 'src/condor_starter.V6.1/vanilla_proc.cpp'),
    template:
      'Job has gone over cgroup memory limit of %d megabytes. Last measured usage: %d megabytes.  Consider resubmitting with a higher request_memory.',
    lines: [
      'HoldReason = "Error from slot1_3@node12: Job has gone over cgroup memory limit of 16384 megabytes. Last measured usage: 16391 megabytes.  Consider resubmitting with a higher request_memory."',
    ],
    kind: 'host_oom',
  },
  {
    id: 'htcondor-periodic-hold-lookalike',
    program: 'HTCondor (look-alike: run time)',
    source: gh('htcondor/htcondor@v23.0.0', 'src/condor_schedd.V6/schedd.cpp'),
    template: "The job attribute PeriodicHold expression '%s' evaluated to TRUE",
    lines: [
      'HoldReason = "The job attribute PeriodicHold expression \'(time() - JobCurrentStartDate) > 86400\' evaluated to TRUE"',
    ],
    kind: 'none',
  },
  {
    id: 'sge-h-vmem-hard-limit',
    program: 'Grid Engine execd (h_vmem)',
    source: gh('daimh/sge@v8.1.9b', 'source/daemons/execd/execd_ck_to_do.c'),
    template: 'job %s exceeds job hard limit "%s" of queue "%s" (%s > limit:%s) - sending SIGKILL',
    lines: [
      'job 812345.1 exceeds job hard limit "h_vmem" of queue "gpu.q@node12" (34359738368.00000 > limit:32212254720.00000) - sending SIGKILL',
    ],
    kind: 'host_oom',
  },
  {
    id: 'sge-h-rt-hard-limit-lookalike',
    program: 'Grid Engine execd (look-alike: h_rt)',
    source: gh('daimh/sge@v8.1.9b', 'source/daemons/execd/execd_ck_to_do.c'),
    template: 'job %s exceeds job hard limit "%s" of queue "%s" (%s > limit:%s) - sending SIGKILL',
    lines: [
      'job 812345.1 exceeds job hard limit "h_rt" of queue "gpu.q@node12" (86401.00000 > limit:86400.00000) - sending SIGKILL',
    ],
    kind: 'none',
  },
  {
    id: 'sge-h-rss-hard-limit',
    program: 'Grid Engine execd (h_rss)',
    source: gh('daimh/sge@v8.1.9b', 'source/daemons/execd/execd_ck_to_do.c'),
    template: 'job %s exceeds job hard limit "%s" of queue "%s" (%s > limit:%s) - sending SIGKILL',
    lines: [
      'job 812345.1 exceeds job hard limit "h_rss" of queue "all.q@node3" (17179869184.00000 > limit:16106127360.00000) - sending SIGKILL',
    ],
    kind: 'host_oom',
  },
  {
    id: 'sge-h-cpu-hard-limit-lookalike',
    program: 'Grid Engine execd (look-alike: h_cpu)',
    source: gh('daimh/sge@v8.1.9b', 'source/daemons/execd/execd_ck_to_do.c'),
    template: 'job %s exceeds job hard limit "%s" of queue "%s" (%s > limit:%s) - sending SIGKILL',
    lines: [
      'job 812345.1 exceeds job hard limit "h_cpu" of queue "all.q@node3" (3601.00000 > limit:3600.00000) - sending SIGKILL',
    ],
    kind: 'none',
  },
  // ---- Ray ----
  {
    id: 'ray-oom-details',
    program: 'Ray 2.2+ memory monitor (the details)',
    source: gh('ray-project/ray@ray-2.9.0', 'src/ray/raylet/node_manager.cc'),
    template:
      'Memory on the node (IP: %s, ID: %s) where the task (%s) was running was %s / %s (%f), which exceeds the memory usage threshold of %f. Ray killed this worker (ID: %s) because it was the most recently scheduled task; ...',
    lines: [
      'Memory on the node (IP: 10.0.0.12, ID: 9f1b2c) where the task (task ID: 16310a0f0a45af5c, name=train_fn, pid=912345, memory used=28.10GB) was running was 60.52GB / 63.70GB (0.950058), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 3b4c5d) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 10.0.0.12`.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'ray-workers-killed-summary',
    program: 'Ray 2.2+ raylet (periodic summary)',
    source: gh('ray-project/ray@ray-2.9.0', 'src/ray/raylet/node_manager.cc'),
    template:
      '%d Workers (tasks / actors) killed due to memory pressure (OOM), %d Workers crashed due to other reasons at node (ID: %s, IP: %s) over the last time period.',
    lines: [
      '(raylet) [2026-11-29 00:12:01,123 E 4711 4711] (raylet) node_manager.cc:3084: 2 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 9f1b2c, IP: 10.0.0.12) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip 10.0.0.12`',
    ],
    kind: 'host_oom',
  },
  {
    id: 'ray-worker-exit-detail-oom',
    program: 'Ray (actor died, exit detail from the memory monitor)',
    source: gh('ray-project/ray@ray-2.9.0', 'python/ray/exceptions.py'),
    template:
      'The actor is dead because its worker process has died. Worker exit type: %s Worker exit detail: %s',
    lines: [
      'ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.',
      '\tclass_name: Trainer',
      'The actor is dead because its worker process has died. Worker exit type: NODE_OUT_OF_MEMORY Worker exit detail: Task was killed due to the node running low on memory.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'ray-intended-exit-lookalike',
    program: 'Ray (look-alike: the actor was killed on purpose)',
    source: gh('ray-project/ray@ray-2.9.0', 'python/ray/exceptions.py'),
    template: 'Worker exit type: INTENDED_USER_EXIT Worker exit detail: %s',
    lines: [
      'ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.',
      'The actor is dead because it was killed by `ray.kill`. Worker exit type: INTENDED_USER_EXIT Worker exit detail: The actor is dead because it was killed by `ray.kill`.',
    ],
    kind: 'none',
  },
  {
    id: 'ray-out-of-disk-lookalike',
    program: 'Ray (look-alike: object spilling disk full)',
    source: gh('ray-project/ray@ray-2.9.0', 'python/ray/exceptions.py'),
    template:
      "Local disk is full\\nThe object cannot be created because the local object store is full and the local disk's utilization is over capacity (95% by default).",
    lines: [
      'ray.exceptions.OutOfDiskError: Local disk is full',
      "The object cannot be created because the local object store is full and the local disk's utilization is over capacity (95% by default).Tip: Use `df` on this node to check disk usage and `ray memory` to check object store memory usage.",
    ],
    kind: 'none',
  },
  // ---- torchelastic / torchrun ----
  {
    id: 'torchelastic-api-failed-9',
    program: 'torchelastic 1.9+ (agent log)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s',
    lines: [
      'E1129 00:12:01.123000 4711 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9) local_rank: 0 (pid: 912345) of binary: /usr/bin/python3',
    ],
    kind: 'host_oom',
  },
  {
    id: 'torchelastic-closing-signal-lookalike',
    program: 'torchelastic (look-alike: the agent stopping the other ranks)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'Sending process %s closing signal %s',
    lines: [
      'W1129 00:12:01.123000 4711 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 912346 closing signal SIGTERM',
      'W1129 00:12:01.124000 4711 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 912347 closing signal SIGTERM',
    ],
    kind: 'none',
  },
  {
    id: 'torchelastic-sigterm-lookalike',
    program: 'torchelastic (look-alike: SIGTERM)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/errors/__init__.py'),
    template: 'exitcode  : %s (pid: %s)\\n traceback : Signal %s (%s) received by PID %s',
    lines: [
      'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
      '============================================================',
      'train.py FAILED',
      'Root Cause (first observed failure):',
      '[0]:',
      '  time      : 2026-11-29_00:12:01',
      '  rank      : 0 (local_rank: 0)',
      '  exitcode  : -15 (pid: 912345)',
      '  error_file: <N/A>',
      '  traceback : Signal 15 (SIGTERM) received by PID 912345',
    ],
    kind: 'none',
  },
  {
    id: 'torchelastic-signal-exception-lookalike',
    program: 'torchelastic (look-alike: the agent got SIGTERM from a scheduler)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'Process %s got signal: %s',
    lines: ['torch.distributed.elastic.multiprocessing.api.SignalException: Process 4711 got signal: 15'],
    kind: 'none',
  },
  {
    id: 'torchelastic-sigkill-full-table',
    program: 'torchelastic 2.x (ChildFailedError, full table)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/errors/__init__.py'),
    template: 'exitcode  : -9 (pid: %s)\\n traceback : Signal 9 (SIGKILL) received by PID %s',
    lines: [
      '======================================================',
      'train.py FAILED',
      '------------------------------------------------------',
      'Failures:',
      '  <NO_OTHER_FAILURES>',
      '------------------------------------------------------',
      'Root Cause (first observed failure):',
      '[0]:',
      '  time      : 2026-11-29_00:12:01',
      '  host      : gpu-node-07',
      '  rank      : 2 (local_rank: 2)',
      '  exitcode  : -9 (pid: 912347)',
      '  error_file: <N/A>',
      '  traceback : Signal 9 (SIGKILL) received by PID 912347',
      '======================================================',
    ],
    kind: 'host_oom',
  },
  // ---- DeepSpeed / accelerate / MPI launchers ----
  {
    id: 'deepspeed-pdsh-return-code-9',
    program: 'DeepSpeed launcher over pdsh',
    source: gh('microsoft/DeepSpeed@v0.14.0', 'deepspeed/launcher/launch.py'),
    template: 'Killing subprocess %d / %s exits with return code = %d',
    lines: [
      'node1: [2026-11-29 00:12:01,000] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 912345',
      "node1: [2026-11-29 00:12:01,000] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -9",
      'pdsh@node0: node1: ssh exited with exit code 247',
    ],
    kind: 'host_oom',
  },
  {
    id: 'deepspeed-return-code-1-lookalike',
    program: 'DeepSpeed launcher (look-alike: a rank raised, the launcher kills the rest)',
    source: gh('microsoft/DeepSpeed@v0.14.0', 'deepspeed/launcher/launch.py'),
    template: 'Killing subprocess %d / %s exits with return code = %d',
    lines: [
      '[2026-11-29 00:12:01,000] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 912345',
      '[2026-11-29 00:12:01,000] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 912346',
      "[2026-11-29 00:12:01,000] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=1'] exits with return code = 1",
    ],
    kind: 'none',
  },
  {
    id: 'accelerate-returned-137',
    program: "accelerate launch (a shell wrapper's status)",
    source: gh('huggingface/accelerate@v0.30.1', 'src/accelerate/commands/launch.py'),
    template: 'raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
    lines: [
      '    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
      "subprocess.CalledProcessError: Command '['bash', 'run.sh']' returned non-zero exit status 137.",
    ],
    kind: 'host_oom',
  },
  {
    id: 'accelerate-returned-1-lookalike',
    program: 'accelerate launch (look-alike: exit status 1)',
    source: gh('huggingface/accelerate@v0.30.1', 'src/accelerate/commands/launch.py'),
    template: 'raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
    lines: [
      "subprocess.CalledProcessError: Command '['/usr/bin/python', 'train.py', '--bf16']' returned non-zero exit status 1.",
    ],
    kind: 'none',
  },
  {
    id: 'openmpi-exited-on-signal-9',
    program: 'Open MPI mpirun',
    source: gh('open-mpi/ompi@v4.1.6', 'orte/mca/errmgr/base/help-errmgr-base.txt'),
    template: '%s noticed that process rank %s with PID %s on node %s exited on signal %d (%s).',
    lines: [
      'mpirun noticed that process rank 3 with PID 912348 on node gpu-node-07 exited on signal 9 (Killed).',
    ],
    kind: 'host_oom',
  },
  {
    id: 'openmpi-exited-on-signal-11-lookalike',
    program: 'Open MPI mpirun (look-alike: segfault)',
    source: gh('open-mpi/ompi@v4.1.6', 'orte/mca/errmgr/base/help-errmgr-base.txt'),
    template: '%s noticed that process rank %s with PID %s on node %s exited on signal %d (%s).',
    lines: [
      'mpirun noticed that process rank 3 with PID 912348 on node gpu-node-07 exited on signal 11 (Segmentation fault).',
    ],
    kind: 'none',
  },
  {
    id: 'mpich-hydra-killed-signal-9',
    program: 'MPICH Hydra',
    source: gh('pmodels/mpich@v4.2.0', 'src/pm/hydra/mpiexec/mpiexec.c'),
    template: 'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: %s (signal %d)',
    lines: [
      '===================================================================================',
      '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
      '=   PID 912345 RUNNING AT gpu-node-07',
      '=   EXIT CODE: 9',
      '=   CLEANING UP REMAINING PROCESSES',
      '=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES',
      '===================================================================================',
      'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)',
    ],
    kind: 'host_oom',
  },
  {
    id: 'mpich-hydra-segfault-lookalike',
    program: 'MPICH Hydra (look-alike: segfault)',
    source: gh('pmodels/mpich@v4.2.0', 'src/pm/hydra/mpiexec/mpiexec.c'),
    template: 'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: %s (signal %d)',
    lines: [
      '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
      '=   PID 912345 RUNNING AT gpu-node-07',
      '=   EXIT CODE: 139',
      'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Segmentation fault (signal 11)',
    ],
    kind: 'none',
  },
  // ---- Python worker pools: loky/joblib, concurrent.futures, celery, gunicorn, supervisord, airflow ----
  {
    id: 'loky-exit-1-lookalike',
    program: 'joblib/loky (look-alike: the worker exited with 1, not killed)',
    source: gh('joblib/loky@3.4.1', 'loky/process_executor.py'),
    template: '... The exit codes of the workers are {%s}',
    lines: [
      'joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.',
      '',
      'The exit codes of the workers are {EXIT(1)}',
    ],
    kind: 'none',
  },
  {
    id: 'loky-sigsegv-lookalike',
    program: 'joblib/loky (look-alike: SIGSEGV)',
    source: gh('joblib/loky@3.4.1', 'loky/process_executor.py'),
    template: '... The exit codes of the workers are {%s}',
    lines: [
      'joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.',
      '',
      'The exit codes of the workers are {SIGSEGV(-11)}',
    ],
    kind: 'none',
  },
  {
    id: 'loky-sigkill-one-line',
    program: 'joblib/loky (one line, older joblib)',
    source: gh('joblib/loky@3.4.1', 'loky/process_executor.py'),
    template: '... The exit codes of the workers are {%s}',
    lines: [
      'joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker. The exit codes of the workers are {SIGKILL(-9), SIGKILL(-9)}',
    ],
    kind: 'host_oom',
  },
  {
    id: 'futures-child-terminated-lookalike',
    program: 'concurrent.futures 3.9+ (look-alike: no signal, no memory)',
    source: gh('python/cpython@v3.12.0', 'Lib/concurrent/futures/process.py'),
    template: 'A child process terminated abruptly, the process pool is not usable anymore',
    lines: [
      'concurrent.futures.process.BrokenProcessPool: A child process terminated abruptly, the process pool is not usable anymore',
    ],
    kind: 'none',
  },
  {
    id: 'celery-worker-lost-sigkill',
    program: 'Celery (billiard pool)',
    source: gh('celery/billiard@v4.2.0', 'billiard/pool.py'),
    template: 'Worker exited prematurely: signal %d (%s) Job: %d.',
    lines: ['billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: 12.'],
    kind: 'host_oom',
  },
  {
    id: 'celery-worker-lost-sigterm-lookalike',
    program: 'Celery (look-alike: SIGTERM)',
    source: gh('celery/billiard@v4.2.0', 'billiard/pool.py'),
    template: 'Worker exited prematurely: signal %d (%s) Job: %d.',
    lines: ['billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 15 (SIGTERM) Job: 12.'],
    kind: 'none',
  },
  {
    id: 'gunicorn-sigkill-perhaps-oom',
    program: 'gunicorn 20.1+',
    source: gh('benoitc/gunicorn@21.2.0', 'gunicorn/arbiter.py'),
    template: 'Worker (pid:%s) was sent %s! Perhaps out of memory?',
    lines: [
      '[2026-11-29 00:12:01 +0000] [4711] [ERROR] Worker (pid:912345) was sent SIGKILL! Perhaps out of memory?',
    ],
    kind: 'host_oom',
  },
  {
    id: 'gunicorn-timeout-then-kill-lookalike',
    program: 'gunicorn (look-alike: the arbiter killed a worker for its timeout)',
    source: gh('benoitc/gunicorn@21.2.0', 'gunicorn/arbiter.py'),
    template: 'WORKER TIMEOUT (pid:%s) / Worker (pid:%s) was sent SIGKILL! Perhaps out of memory?',
    lines: [
      '[2026-11-29 00:12:01 +0000] [4711] [CRITICAL] WORKER TIMEOUT (pid:912345)',
      '[2026-11-29 00:12:02 +0000] [4711] [ERROR] Worker (pid:912345) was sent SIGKILL! Perhaps out of memory?',
    ],
    kind: 'none',
  },
  {
    id: 'supervisord-sigkill-not-expected',
    program: 'supervisord',
    source: gh('Supervisor/supervisor@4.2.5', 'supervisor/process.py'),
    template: 'exited: %s (terminated by %s; not expected)',
    lines: ['2026-11-29 00:12:01,123 INFO exited: trainer (terminated by SIGKILL; not expected)'],
    kind: 'host_oom',
  },
  {
    id: 'supervisord-stopped-sigterm-lookalike',
    program: 'supervisord (look-alike: stopped by supervisorctl)',
    source: gh('Supervisor/supervisor@4.2.5', 'supervisor/process.py'),
    template: 'stopped: %s (terminated by %s)',
    lines: [
      '2026-11-29 00:12:01,123 INFO waiting for trainer to stop',
      '2026-11-29 00:12:01,456 INFO stopped: trainer (terminated by SIGTERM)',
    ],
    kind: 'none',
  },
  {
    id: 'airflow-negsignal-sigkill',
    program: 'Airflow 2.x local task job',
    source: gh('apache/airflow@2.9.0', 'airflow/jobs/local_task_job_runner.py'),
    template: 'Task exited with return code %s',
    lines: [
      '[2026-11-29, 00:12:01 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code Negsignal.SIGKILL',
    ],
    kind: 'host_oom',
  },
  {
    id: 'airflow-return-code-1-lookalike',
    program: 'Airflow (look-alike: return code 1)',
    source: gh('apache/airflow@2.9.0', 'airflow/jobs/local_task_job_runner.py'),
    template: 'Task exited with return code %s',
    lines: [
      '[2026-11-29, 00:12:01 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code 1',
    ],
    kind: 'none',
  },
  // ---- PyTorch DataLoader ----
  {
    id: 'dataloader-pids-exited-unexpectedly',
    program: 'PyTorch DataLoader (workers gone, found by the timeout poll)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/utils/data/dataloader.py'),
    template: 'DataLoader worker (pid(s) {}) exited unexpectedly',
    lines: ['RuntimeError: DataLoader worker (pid(s) 912401, 912402) exited unexpectedly'],
    kind: 'host_oom',
  },
  {
    id: 'dataloader-killed-terminated',
    program: 'PyTorch DataLoader (SIGTERM, rule 7)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/csrc/DataLoader.cpp'),
    template: 'DataLoader worker (pid %d) is killed by signal: %s. ',
    lines: ['RuntimeError: DataLoader worker (pid 912401) is killed by signal: Terminated. '],
    kind: 'host_oom',
  },
  {
    id: 'dataloader-segfault-lookalike',
    program: 'PyTorch DataLoader (look-alike: segfault)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/csrc/DataLoader.cpp'),
    template: 'DataLoader worker (pid %d) is killed by signal: %s. ',
    lines: ['RuntimeError: DataLoader worker (pid 912401) is killed by signal: Segmentation fault. '],
    kind: 'none',
  },
  {
    id: 'dataloader-aborted-lookalike',
    program: 'PyTorch DataLoader (look-alike: abort)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/csrc/DataLoader.cpp'),
    template: 'DataLoader worker (pid %d) is killed by signal: %s. ',
    lines: ['RuntimeError: DataLoader worker (pid 912401) is killed by signal: Aborted. '],
    kind: 'none',
  },
  {
    id: 'dataloader-worker-bus-error-handler',
    program: 'PyTorch DataLoader (worker SIGBUS handler)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/csrc/DataLoader.cpp'),
    template:
      'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).',
    lines: [
      'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).',
    ],
    kind: 'shm',
  },
  {
    id: 'dataloader-worker-segfault-handler-lookalike',
    program: 'PyTorch DataLoader (look-alike: worker SIGSEGV handler)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/csrc/DataLoader.cpp'),
    template: 'ERROR: Unexpected segmentation fault encountered in worker.',
    lines: ['ERROR: Unexpected segmentation fault encountered in worker.', ' (function _worker_loop)'],
    kind: 'none',
  },
  {
    id: 'dataloader-timeout-lookalike',
    program: 'PyTorch DataLoader (look-alike: timeout)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/utils/data/dataloader.py'),
    template: 'DataLoader timed out after {} seconds',
    lines: ['RuntimeError: DataLoader timed out after 60 seconds'],
    kind: 'none',
  },
  {
    id: 'multiprocessing-ancdata-lookalike',
    program: 'torch.multiprocessing (look-alike: file descriptors)',
    source: gh('python/cpython@v3.12.0', 'Lib/multiprocessing/reduction.py'),
    template: 'received %d items of ancdata',
    lines: ['RuntimeError: received 0 items of ancdata'],
    kind: 'none',
  },
  // ---- Notebook front ends ----
  {
    id: 'jupyterlab-kernel-died-dialog',
    program: 'JupyterLab 4 (rule 6)',
    source: gh('jupyterlab/jupyterlab@v4.1.0', 'packages/apputils/src/sessioncontext.tsx'),
    template: 'The kernel for %1 appears to have died. It will restart automatically.',
    lines: [
      'Kernel Restarting',
      'The kernel for train.ipynb appears to have died. It will restart automatically.',
    ],
    kind: 'none',
  },
  {
    id: 'jupyter-client-restarter',
    program: 'jupyter_client KernelRestarter (rule 6)',
    source: gh('jupyter/jupyter_client@v8.6.0', 'jupyter_client/restarter.py'),
    template: 'KernelRestarter: restarting kernel (%d/%d), %s random ports',
    lines: [
      '[I 2026-11-29 00:12:01.123 ServerApp] KernelRestarter: restarting kernel (1/5), keep random ports',
    ],
    kind: 'none',
  },
  {
    id: 'vscode-kernel-crashed',
    program: 'VS Code Jupyter (rule 6)',
    source: gh('microsoft/vscode-jupyter@2024.4.0', 'src/platform/common/utils/localize.ts'),
    template: 'The Kernel crashed while executing code in the current cell or a previous cell. ...',
    lines: [
      'The Kernel crashed while executing code in the current cell or a previous cell. Please review the code in the cell(s) to identify a possible cause of the failure. Click here for more info. View Jupyter log for further details.',
    ],
    kind: 'none',
  },
  {
    id: 'vscode-kernel-crashed-after-bad-alloc',
    program: 'VS Code Jupyter with memory evidence beside it (rule 6)',
    source: gh('microsoft/vscode-jupyter@2024.4.0', 'src/platform/common/utils/localize.ts'),
    template: 'The Kernel crashed while executing code in the current cell or a previous cell. ...',
    lines: [
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '  what():  std::bad_alloc',
      'The Kernel crashed while executing code in the current cell or a previous cell. Please review the code in the cell(s) to identify a possible cause of the failure.',
    ],
    kind: 'host_oom',
  },

  // ---- Windows ----
  {
    id: 'win-1455-dll-load',
    program: 'Windows (ERROR_COMMITMENT_LIMIT while importing torch)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/winerror.h'),
    template: 'The paging file is too small for this operation to complete.',
    lines: [
      'ImportError: DLL load failed while importing _C: The paging file is too small for this operation to complete.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'win-error-8-not-enough-memory',
    program: 'Windows (ERROR_NOT_ENOUGH_MEMORY)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/winerror.h'),
    template: 'Not enough memory resources are available to process this command.',
    lines: ['OSError: [WinError 8] Not enough memory resources are available to process this command'],
    kind: 'host_oom',
  },
  {
    id: 'win-error-14-outofmemory',
    program: 'Windows (ERROR_OUTOFMEMORY)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/winerror.h'),
    template: 'Not enough memory resources are available to complete this operation.',
    lines: ['OSError: [WinError 14] Not enough memory resources are available to complete this operation'],
    kind: 'host_oom',
  },
  {
    id: 'win-status-no-memory-exit',
    program: 'Windows (STATUS_NO_MEMORY as an exit code)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/ntstatus.h'),
    template: 'STATUS_NO_MEMORY ((NTSTATUS) 0xC0000017)',
    lines: ['Process finished with exit code -1073741801 (0xC0000017)'],
    kind: 'host_oom',
  },
  {
    id: 'win-status-commitment-limit-exit',
    program: 'Windows (STATUS_COMMITMENT_LIMIT as an exit code)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/ntstatus.h'),
    template: 'STATUS_COMMITMENT_LIMIT ((NTSTATUS) 0xC000012D)',
    lines: ['Process finished with exit code -1073741523 (0xC000012D)'],
    kind: 'host_oom',
  },
  {
    id: 'win-access-violation-lookalike',
    program: 'Windows (look-alike: STATUS_ACCESS_VIOLATION)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/ntstatus.h'),
    template: 'STATUS_ACCESS_VIOLATION ((NTSTATUS) 0xC0000005)',
    lines: ['Process finished with exit code -1073741819 (0xC0000005)'],
    kind: 'none',
  },
  {
    id: 'win-stack-buffer-overrun-lookalike',
    program: 'Windows (look-alike: STATUS_STACK_BUFFER_OVERRUN)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/ntstatus.h'),
    template: 'STATUS_STACK_BUFFER_OVERRUN ((NTSTATUS) 0xC0000409)',
    lines: ['Process finished with exit code -1073740791 (0xC0000409)'],
    kind: 'none',
  },
  {
    id: 'win-module-not-found-lookalike',
    program: 'Windows (look-alike: ERROR_MOD_NOT_FOUND while loading a DLL)',
    source: gh('wine-mirror/wine@wine-9.0', 'include/winerror.h'),
    template: 'The specified module could not be found.',
    lines: [
      'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Users\\me\\venv\\lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.',
    ],
    kind: 'none',
  },
  // ---- macOS ----
  {
    id: 'xnu-exc-resource-mem-limit',
    program: 'macOS XNU (per-process memory limit)',
    source: gh('apple-oss-distributions/xnu@xnu-10002.1.13', 'bsd/kern/kern_memorystatus.c'),
    template: 'EXC_RESOURCE -> %s[%d] exceeded mem limit: %s%s %d MB (%s)',
    lines: ['kernel: EXC_RESOURCE -> python3.11[4711] exceeded mem limit: ActiveHard 8192 MB (fatal)'],
    kind: 'host_oom',
  },
  {
    id: 'xnu-exc-resource-non-fatal-lookalike',
    program: 'macOS XNU (look-alike: a soft limit crossed, only a warning)',
    source: gh('apple-oss-distributions/xnu@xnu-10002.1.13', 'bsd/kern/kern_memorystatus.c'),
    template: 'EXC_RESOURCE -> %s[%d] exceeded mem limit: %s%s %d MB (%s)',
    lines: ['kernel: EXC_RESOURCE -> python3.11[4711] exceeded mem limit: InactiveSoft 2048 MB (non-fatal)'],
    kind: 'none',
  },
  {
    id: 'zsh-segfault-lookalike',
    program: 'zsh (look-alike: segmentation fault)',
    source: gh('zsh-users/zsh@zsh-5.9', 'Src/signames2.awk'),
    template: 'zsh: %s  %s (job status: signal message)',
    lines: ['zsh: segmentation fault  python train.py'],
    kind: 'none',
  },
  // ---- C, C++, Go, Rust, Java allocators and runtimes ----
  {
    id: 'bash-fork-enomem',
    program: 'bash (fork refused)',
    source: gh('bminor/bash@bash-5.2', 'jobs.c'),
    template: 'fork: %s (sys_error: strerror(ENOMEM))',
    lines: ['bash: fork: Cannot allocate memory'],
    kind: 'host_oom',
  },
  {
    id: 'libstdcxx-bad-alloc',
    program: 'libstdc++ verbose terminate handler',
    source: gh('gcc-mirror/gcc@releases/gcc-13.2.0', 'libstdc++-v3/libsupc++/vterminate.cc'),
    template: "terminate called after throwing an instance of '%s'\\n  what():  %s",
    lines: [
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '  what():  std::bad_alloc',
      'Aborted (core dumped)',
    ],
    kind: 'host_oom',
  },
  {
    id: 'libstdcxx-runtime-error-lookalike',
    program: 'libstdc++ (look-alike: another exception)',
    source: gh('gcc-mirror/gcc@releases/gcc-13.2.0', 'libstdc++-v3/libsupc++/vterminate.cc'),
    template: "terminate called after throwing an instance of '%s'\\n  what():  %s",
    lines: [
      "terminate called after throwing an instance of 'std::runtime_error'",
      '  what():  could not open file shard-00012.tar',
      'Aborted (core dumped)',
    ],
    kind: 'none',
  },
  {
    id: 'glibc-corrupted-top-size-lookalike',
    program: 'glibc malloc (look-alike: heap corruption)',
    source: gh('bminor/glibc@glibc-2.39', 'malloc/malloc.c'),
    template: 'malloc(): corrupted top size',
    lines: ['malloc(): corrupted top size', 'Aborted (core dumped)'],
    kind: 'none',
  },
  {
    id: 'glibc-double-free-lookalike',
    program: 'glibc malloc (look-alike: double free)',
    source: gh('bminor/glibc@glibc-2.39', 'malloc/malloc.c'),
    template: 'double free or corruption (!prev)',
    lines: ['double free or corruption (!prev)', 'Aborted (core dumped)'],
    kind: 'none',
  },
  {
    id: 'glibc-mmap-enomem',
    program: 'glibc strerror(ENOMEM) via a failed mmap',
    source: gh('bminor/glibc@glibc-2.39', 'sysdeps/gnu/errlist.h'),
    template: '%s: Cannot allocate memory',
    lines: ['mmap failed for 17179869184 bytes: Cannot allocate memory'],
    kind: 'host_oom',
  },
  {
    id: 'cpython-fatal-memoryerrors',
    program: 'CPython (a MemoryError while normalizing one: fatal)',
    source: gh('python/cpython@v3.12.0', 'Python/errors.c'),
    template: 'Fatal Python error: Cannot recover from MemoryErrors while normalizing exceptions.',
    lines: [
      'Fatal Python error: Cannot recover from MemoryErrors while normalizing exceptions.',
      'Python runtime state: initialized',
    ],
    kind: 'host_oom',
  },
  {
    id: 'glog-check-posix-memalign-enomem',
    program: 'legacy PaddlePaddle CpuAllocator (glog CHECK_EQ on posix_memalign: 12 is ENOMEM)',
    source: gh('PaddlePaddle/Paddle@2c98becba4fb48311b80c53c1793fae47e7fe975', 'paddle/math/Allocator.h'),
    template: 'Check failed: posix_memalign(&ptr, 32ul, size) == 0 (%d vs. 0)',
    lines: [
      'F0314 12:03:39.361496 32630 Allocator.h:56] Check failed: posix_memalign(&ptr, 32ul, size) == 0 (12 vs. 0) ',
      '*** Check failure stack trace: ***',
      '    @     0x7fab786c7345  paddle::CpuAllocator::alloc()',
    ],
    kind: 'host_oom',
  },
  {
    id: 'glog-check-posix-memalign-einval-lookalike',
    program: 'the same check failing with EINVAL (look-alike: a bad alignment, not memory)',
    source: gh('PaddlePaddle/Paddle@2c98becba4fb48311b80c53c1793fae47e7fe975', 'paddle/math/Allocator.h'),
    template: 'Check failed: posix_memalign(&ptr, 32ul, size) == 0 (%d vs. 0)',
    lines: [
      'F0314 12:03:39.361496 32630 Allocator.h:56] Check failed: posix_memalign(&ptr, 32ul, size) == 0 (22 vs. 0) ',
      '*** Check failure stack trace: ***',
    ],
    kind: 'none',
  },
  {
    id: 'cpython-fatal-segfault-lookalike',
    program: 'CPython faulthandler (look-alike: segfault)',
    source: gh('python/cpython@v3.12.0', 'Modules/faulthandler.c'),
    template: 'Fatal Python error: Segmentation fault',
    lines: [
      'Fatal Python error: Segmentation fault',
      '',
      'Current thread 0x00007f1a2b3c4740 (most recent call first):',
    ],
    kind: 'none',
  },
  {
    id: 'cargo-status-no-memory',
    program: 'cargo run on Windows (NTSTATUS by name)',
    source: gh('rust-lang/cargo@0.78.0', 'crates/cargo-util/src/process_error.rs'),
    template: "process didn't exit successfully: `%s` (exit code: %#x, %s)",
    lines: [
      "error: process didn't exit successfully: `target\\release\\train.exe` (exit code: 0xc0000017, STATUS_NO_MEMORY)",
    ],
    kind: 'host_oom',
  },
  {
    id: 'cargo-stack-buffer-overrun-lookalike',
    program: 'cargo run on Windows (look-alike: STATUS_STACK_BUFFER_OVERRUN)',
    source: gh('rust-lang/cargo@0.78.0', 'crates/cargo-util/src/process_error.rs'),
    template: "process didn't exit successfully: `%s` (exit code: %#x, %s)",
    lines: [
      "error: process didn't exit successfully: `target\\release\\train.exe` (exit code: 0xc0000409, STATUS_STACK_BUFFER_OVERRUN)",
    ],
    kind: 'none',
  },
  {
    id: 'go-runtime-out-of-memory',
    program: 'Go runtime',
    source: gh('golang/go@go1.22.0', 'src/runtime/malloc.go'),
    template:
      'runtime: out of memory: cannot allocate %d-byte block (%d in use)\\nfatal error: out of memory',
    lines: [
      'runtime: out of memory: cannot allocate 4194304-byte block (3869245440 in use)',
      'fatal error: out of memory',
    ],
    kind: 'host_oom',
  },
  {
    id: 'go-sysmap-out-of-memory',
    program: 'Go runtime (mmap refused)',
    source: gh('golang/go@go1.22.0', 'src/runtime/mem_linux.go'),
    template: 'fatal error: runtime: out of memory',
    lines: ['fatal error: runtime: out of memory', '', 'runtime stack:', 'runtime.throw({0x1a2b3c, 0x16})'],
    kind: 'host_oom',
  },
  {
    id: 'go-concurrent-map-lookalike',
    program: 'Go runtime (look-alike: a data race)',
    source: gh('golang/go@go1.22.0', 'src/runtime/map.go'),
    template: 'fatal error: concurrent map writes',
    lines: ['fatal error: concurrent map writes', '', 'goroutine 12 [running]:'],
    kind: 'none',
  },
  {
    id: 'go-stack-overflow-lookalike',
    program: 'Go runtime (look-alike: stack limit)',
    source: gh('golang/go@go1.22.0', 'src/runtime/stack.go'),
    template: 'runtime: goroutine stack exceeds %d-byte limit\\nfatal error: stack overflow',
    lines: [
      'runtime: goroutine stack exceeds 1000000000-byte limit',
      'runtime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]',
      'fatal error: stack overflow',
    ],
    kind: 'none',
  },
  {
    id: 'rust-capacity-overflow-lookalike',
    program: 'Rust alloc (look-alike: capacity overflow)',
    source: gh('rust-lang/rust@1.80.0', 'library/alloc/src/raw_vec.rs'),
    template: 'capacity overflow',
    lines: ["thread 'main' panicked at library/alloc/src/raw_vec.rs:25:5:", 'capacity overflow'],
    kind: 'none',
  },
  {
    id: 'java-heap-space',
    program: 'HotSpot JVM',
    source: gh('openjdk/jdk@jdk-21+35', 'src/hotspot/share/memory/universe.cpp'),
    template: 'java.lang.OutOfMemoryError: Java heap space',
    lines: ['Exception in thread "main" java.lang.OutOfMemoryError: Java heap space'],
    kind: 'host_oom',
  },
  {
    id: 'java-gc-overhead',
    program: 'HotSpot JVM (GC overhead)',
    source: gh('openjdk/jdk@jdk-21+35', 'src/hotspot/share/memory/universe.cpp'),
    template: 'java.lang.OutOfMemoryError: GC overhead limit exceeded',
    lines: [
      'Exception in thread "Executor task launch worker for task 12" java.lang.OutOfMemoryError: GC overhead limit exceeded',
    ],
    kind: 'host_oom',
  },
  {
    id: 'java-direct-buffer',
    program: 'JDK NIO (direct buffers)',
    source: gh('openjdk/jdk@jdk-21+35', 'src/java.base/share/classes/java/nio/Bits.java'),
    template:
      'java.lang.OutOfMemoryError: Cannot reserve %d bytes of direct buffer memory (allocated: %d, limit: %d)',
    lines: [
      'java.lang.OutOfMemoryError: Cannot reserve 16777216 bytes of direct buffer memory (allocated: 1065353216, limit: 1073741824)',
    ],
    kind: 'host_oom',
  },
  {
    id: 'hotspot-insufficient-memory-hs-err',
    program: 'HotSpot fatal error report',
    source: gh('openjdk/jdk@jdk-21+35', 'src/hotspot/share/utilities/vmError.cpp'),
    template:
      '# There is insufficient memory for the Java Runtime Environment to continue.\\n# Native memory allocation (%s) failed to %s',
    lines: [
      '#',
      '# There is insufficient memory for the Java Runtime Environment to continue.',
      '# Native memory allocation (mmap) failed to map 1073741824 bytes for committing reserved memory.',
    ],
    kind: 'host_oom',
  },
  {
    id: 'java-stack-overflow-lookalike',
    program: 'HotSpot JVM (look-alike: stack overflow)',
    source: gh('openjdk/jdk@jdk-21+35', 'src/hotspot/share/runtime/sharedRuntime.cpp'),
    template: 'java.lang.StackOverflowError',
    lines: ['Exception in thread "main" java.lang.StackOverflowError', '\tat Foo.recurse(Foo.java:12)'],
    kind: 'none',
  },
  // ---- host-side look-alikes the same programs print ----
  {
    id: 'numpy-array-too-big-lookalike',
    program: 'NumPy (look-alike: a size that overflows, not memory)',
    source: gh('numpy/numpy@v1.26.4', 'numpy/core/src/multiarray/ctors.c'),
    template: 'array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.',
    lines: [
      'ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.',
    ],
    kind: 'none',
  },
  {
    id: 'enospc-checkpoint-lookalike',
    program: 'ENOSPC on a disk (look-alike, not /dev/shm)',
    source: gh('bminor/glibc@glibc-2.39', 'sysdeps/gnu/errlist.h'),
    template: '[Errno 28] No space left on device',
    lines: [
      "OSError: [Errno 28] No space left on device: '/home/me/checkpoints/step_12000/model.safetensors'",
    ],
    kind: 'none',
  },
  {
    id: 'emfile-lookalike',
    program: 'EMFILE (look-alike)',
    source: gh('bminor/glibc@glibc-2.39', 'sysdeps/gnu/errlist.h'),
    template: '[Errno 24] Too many open files',
    lines: ["OSError: [Errno 24] Too many open files: '/data/shard-00012.tar'"],
    kind: 'none',
  },
  {
    id: 'gha-exit-137',
    program: 'GitHub Actions runner',
    source: gh('actions/runner@v2.316.0', 'src/Runner.Worker/Handlers/StepHost.cs'),
    template: 'Process completed with exit code %d.',
    lines: ['##[error]Process completed with exit code 137.'],
    kind: 'host_oom',
  },
  {
    id: 'gha-lost-communication-lookalike',
    program: 'GitHub Actions (look-alike: runner lost; memory only named as a possibility)',
    source: gh('actions/runner@v2.316.0', 'src/Runner.Worker/JobRunner.cs'),
    template: 'The hosted runner: %s lost communication with the server. ...',
    lines: [
      'The hosted runner: GitHub Actions 3 lost communication with the server. Anything in your workflow that terminates the runner process, starves it for CPU/Memory, or blocks its network access can cause this error.',
    ],
    kind: 'none',
  },
  {
    id: 'gha-max-execution-time-lookalike',
    program: 'GitHub Actions (look-alike: time limit)',
    source: gh('actions/runner@v2.316.0', 'src/Runner.Worker/JobRunner.cs'),
    template: 'The job running on runner %s has exceeded the maximum execution time of %d minutes.',
    lines: [
      '##[error]The job running on runner GitHub Actions 2 has exceeded the maximum execution time of 360 minutes.',
    ],
    kind: 'none',
  },
  // ---- settings, status and start-up lines that name memory or a killer and report no failure,
  // and kills whose sender the log shows (added after the first run of the table) ----
  {
    id: 'systemd-oomd-unit-started-lookalike',
    program: "systemd job status for systemd-oomd.service (look-alike: the daemon's name)",
    source: gh('systemd/systemd@v255', 'units/systemd-oomd.service.in'),
    template: 'Started %s. (Description=Userspace Out-Of-Memory (OOM) Killer)',
    lines: [
      'Nov 29 00:00:01 gpu01 systemd[1]: Starting systemd-oomd.service - Userspace Out-Of-Memory (OOM) Killer...',
      'Nov 29 00:00:01 gpu01 systemd[1]: Started systemd-oomd.service - Userspace Out-Of-Memory (OOM) Killer.',
    ],
    kind: 'none',
  },
  {
    id: 'systemctl-show-oom-settings-lookalike',
    program: 'systemctl show (look-alike: OOM settings)',
    source: gh('systemd/systemd@v255', 'src/core/dbus-cgroup.c'),
    template: 'OOMPolicy=%s / ManagedOOMMemoryPressure=%s / MemoryMax=%llu',
    lines: [
      '$ systemctl show train.service -p OOMPolicy -p ManagedOOMMemoryPressure -p MemoryMax',
      'OOMPolicy=stop',
      'ManagedOOMMemoryPressure=kill',
      'MemoryMax=17179869184',
    ],
    kind: 'none',
  },
  {
    id: 'docker-run-oom-flags-lookalike',
    program: 'docker run (look-alike: memory and OOM flags)',
    source: gh('docker/cli@v26.1.0', 'cli/command/container/opts.go'),
    template: '--memory, --memory-swap, --oom-kill-disable, --shm-size',
    lines: [
      '$ docker run --gpus all --memory=32g --memory-swap=32g --oom-kill-disable --shm-size=8g trainer:latest',
    ],
    kind: 'none',
  },
  {
    id: 'kubelet-oom-score-adj-lookalike',
    program: "kubelet (look-alike: setting a process's oom_score_adj)",
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/util/oom/oom_linux.go'),
    template: 'applyOOMScoreAdj: oom_score_adj for pid %d',
    lines: [
      'I1129 00:12:01.123456    4711 kubelet.go:412] "Setting oom_score_adj" pid=912345 oomScoreAdj=-997',
    ],
    kind: 'none',
  },
  {
    id: 'sysctl-panic-on-oom-lookalike',
    program: 'sysctl (look-alike: OOM settings)',
    source: gh('torvalds/linux@v6.6', 'Documentation/admin-guide/sysctl/vm.rst'),
    template: 'vm.overcommit_memory = %d / vm.panic_on_oom = %d',
    lines: [
      '$ sysctl vm.overcommit_memory vm.panic_on_oom',
      'vm.overcommit_memory = 1',
      'vm.panic_on_oom = 0',
    ],
    kind: 'none',
  },
  {
    id: 'sacct-completed-maxrss-lookalike',
    program: 'sacct (look-alike: completed, its peak RSS listed)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/common/slurm_protocol_defs.c'),
    template: 'job_state_string: COMPLETED; MaxRSS',
    lines: [
      'JobID           JobName      State ExitCode     MaxRSS',
      '------------ ---------- ---------- -------- ----------',
      '4512378           train  COMPLETED      0:0',
      '4512378.bat+      batch  COMPLETED      0:0  31997812K',
    ],
    kind: 'none',
  },
  {
    id: 'seff-completed-lookalike',
    program: 'seff (look-alike: completed near its memory request)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'contribs/seff/seff'),
    template: 'State: %s (exit code %d) / Memory Efficiency: %.2f%% of %s',
    lines: [
      'Job ID: 4512378',
      'State: COMPLETED (exit code 0)',
      'Memory Utilized: 30.51 GB',
      'Memory Efficiency: 95.34% of 32.00 GB',
    ],
    kind: 'none',
  },
  {
    id: 'torchelastic-succeeded-lookalike',
    program: 'torchelastic agent (look-alike: the group finished)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/agent/server/api.py'),
    template: 'Local worker group finished (%s). Waiting %s seconds for other agents to finish',
    lines: [
      'I1129 00:12:01.000000 4711 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.',
      'I1129 00:12:01.000000 4711 torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish',
    ],
    kind: 'none',
  },
  {
    id: 'slurm-node-failure-lookalike',
    program: 'slurmstepd (look-alike: node failure)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/slurmd/slurmstepd/req.c'),
    template: '*** %s ON %s CANCELLED AT %s DUE TO NODE FAILURE ***',
    lines: [
      'slurmstepd: error: *** JOB 4512378 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 DUE TO NODE FAILURE ***',
      'srun: error: gpu-node-07: task 0: Killed',
    ],
    kind: 'none',
  },
  {
    id: 'k8s-preempted-137-lookalike',
    program: 'kube-scheduler preemption (look-alike: 137 after a preemption)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/scheduler/framework/preemption/preemption.go'),
    template: 'Preempted by pod %v on node %v',
    lines: [
      '  Normal   Preempted  30s  default-scheduler  Preempted by pod 8a1b2c3d on node gpu-node-1',
      '    Last State:     Terminated',
      '      Reason:       Error',
      '      Exit Code:    137',
    ],
    kind: 'none',
  },
  {
    id: 'docker-kill-by-user-lookalike',
    program: 'docker kill (look-alike: the 137 of a kill the user ran)',
    source: gh('docker/cli@v26.1.0', 'cli/command/container/kill.go'),
    template: 'docker kill CONTAINER (default signal KILL); docker ps: Exited (137)',
    lines: [
      '$ docker kill trainer',
      'trainer',
      '$ docker ps -a',
      '3f2a9c0d1e2f   trainer:latest   "python train.py"   10 minutes ago   Exited (137) 2 seconds ago   trainer',
    ],
    kind: 'none',
  },
  {
    id: 'timeout-s-kill-lookalike',
    program: 'coreutils timeout -s KILL (look-alike: the shell\'s "Killed" after the time limit)',
    source: gh('coreutils/coreutils@v9.4', 'src/timeout.c'),
    template: 'timeout -s KILL DURATION COMMAND; bash: Killed',
    lines: ['$ timeout -s KILL 3600 python train.py', 'Killed'],
    kind: 'none',
  },
  {
    id: 'bash-kill-9-by-user-lookalike',
    program: 'bash job report after kill -9 (look-alike)',
    source: gh('bminor/bash@bash-5.2', 'jobs.c'),
    template: '[%d]+  Killed                  %s',
    lines: ['$ kill -9 912345', '[1]+  Killed                  python train.py'],
    kind: 'none',
  },
  {
    id: 'containerd1-taskoom-event',
    program: 'containerd 1.x CRI plugin',
    source: gh('containerd/containerd@v1.7.13', 'pkg/cri/server/events.go'),
    template: 'TaskOOM event %+v',
    lines: [
      'containerd[1011]: time="2026-11-29T00:12:01.578084676Z" level=info msg="TaskOOM event &TaskOOM{ContainerID:3f2a9c0d1e2f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b,XXX_unrecognized:[],}"',
    ],
    kind: 'host_oom',
  },
  {
    id: 'containerd2-taskoom-event',
    program: 'containerd 2.x CRI plugin',
    source: gh('containerd/containerd@v2.0.0', 'internal/cri/server/events.go'),
    template: 'TaskOOM event %+v (protobuf text)',
    lines: [
      'containerd[2723]: time="2026-11-29T00:12:01.578084676Z" level=info msg="TaskOOM event container_id:\\"9192cb33411ff69d015a3577db136757f5b145064a1703efea3d0e12e8a64987\\""',
    ],
    kind: 'host_oom',
  },
  {
    id: 'libmalloc-mach-vm-map-failed',
    program: 'macOS libmalloc (region refused)',
    source: gh('apple-oss-distributions/libmalloc@libmalloc-474.0.13', 'src/vm.c'),
    template: "can't allocate region\\n:*** mach_vm_map(size=%lu, flags: %x) failed (error code=%d)",
    lines: [
      'python3(4711,0x1f2a3b4c0) malloc: *** mach_vm_map(size=8589934592, flags: 100) failed (error code=3)',
      "python3(4711,0x1f2a3b4c0) malloc: *** error: can't allocate region",
      'python3(4711,0x1f2a3b4c0) malloc: *** set a breakpoint in malloc_error_break to debug',
    ],
    kind: 'host_oom',
  },
  {
    id: 'libmalloc-pointer-not-allocated-lookalike',
    program: 'macOS libmalloc (look-alike: a bad free)',
    source: gh('apple-oss-distributions/libmalloc@libmalloc-474.0.13', 'src/malloc_printf.c'),
    template: '*** error for object %p: pointer being freed was not allocated',
    lines: [
      'python3(4711,0x1f2a3b4c0) malloc: *** error for object 0x600003a0c000: pointer being freed was not allocated',
      'python3(4711,0x1f2a3b4c0) malloc: *** set a breakpoint in malloc_error_break to debug',
      'zsh: abort      python train.py',
    ],
    kind: 'none',
  },
  {
    id: 'bash-macos-killed-9',
    program: 'bash on macOS (SIGKILL named by the BSD signal list)',
    source: gh('bminor/bash@bash-5.2', 'jobs.c'),
    template: '%s: %d (strsignal on macOS: "Killed: 9")',
    lines: ['Killed: 9'],
    kind: 'host_oom',
  },
  {
    id: 'openmpi-exited-on-signal-7',
    program: 'Open MPI mpirun (SIGBUS)',
    source: gh('open-mpi/ompi@v4.1.6', 'orte/mca/errmgr/base/help-errmgr-base.txt'),
    template: '%s noticed that process rank %s with PID %s on node %s exited on signal %d (%s).',
    lines: [
      'mpirun noticed that process rank 3 with PID 912348 on node gpu-node-07 exited on signal 7 (Bus error).',
    ],
    kind: 'shm',
  },
  {
    id: 'sacct-failed-signal-9',
    program: 'sacct (a step ended by signal 9: ExitCode is exit:signal)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'doc/man/man1/sacct.1'),
    template: 'State FAILED, ExitCode %d:%d',
    lines: ['JobID           JobName      State ExitCode', '4512378.0        python     FAILED      0:9'],
    kind: 'host_oom',
  },
  {
    id: 'dask-nanny-killed-by-signal-9',
    program: 'Dask nanny (worker ended by SIGKILL)',
    source: gh('dask/distributed@2024.8.0', 'distributed/nanny.py'),
    template: 'Worker process %d was killed by signal %d',
    lines: [
      'distributed.nanny - INFO - Worker process 912345 was killed by signal 9',
      'distributed.nanny - WARNING - Restarting worker',
    ],
    kind: 'host_oom',
  },
  {
    id: 'dask-nanny-killed-by-signal-15-lookalike',
    program: 'Dask nanny (look-alike: SIGTERM)',
    source: gh('dask/distributed@2024.8.0', 'distributed/nanny.py'),
    template: 'Worker process %d was killed by signal %d',
    lines: ['distributed.nanny - INFO - Worker process 912345 was killed by signal 15'],
    kind: 'none',
  },
  {
    id: 'spark-k8s-executor-137',
    program: 'Spark on Kubernetes (executor lost)',
    source: gh(
      'apache/spark@v3.5.1',
      'resource-managers/kubernetes/core/src/main/scala/org/apache/spark/scheduler/cluster/k8s/ExecutorPodsLifecycleManager.scala',
    ),
    template: 'The executor with id %s exited with exit code %d(SIGKILL, possible container OOM).',
    lines: [
      'ExecutorLostFailure (executor 3 exited caused by one of the running tasks) Reason: The executor with id 3 exited with exit code 137(SIGKILL, possible container OOM).',
    ],
    kind: 'host_oom',
  },
  {
    id: 'torchelastic-api-failed-7',
    program: 'torchelastic agent log (SIGBUS)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s',
    lines: [
      'E1129 00:12:01.123000 4711 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -7) local_rank: 0 (pid: 912345) of binary: /usr/bin/python3',
    ],
    kind: 'shm',
  },
  {
    id: 'torchelastic-api-failed-11-lookalike',
    program: 'torchelastic agent log (look-alike: SIGSEGV)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s',
    lines: [
      'E1129 00:12:01.123000 4711 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -11) local_rank: 0 (pid: 912345) of binary: /usr/bin/python3',
    ],
    kind: 'none',
  },
  {
    id: 'torchelastic-api-failed-1-lookalike',
    program: 'torchelastic agent log (look-alike: exit 1)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/distributed/elastic/multiprocessing/api.py'),
    template: 'failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s',
    lines: [
      'E1129 00:12:01.123000 4711 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 912345) of binary: /usr/bin/python3',
    ],
    kind: 'none',
  },
  {
    id: 'deepspeed-return-code-7',
    program: 'DeepSpeed launcher (SIGBUS)',
    source: gh('microsoft/DeepSpeed@v0.14.0', 'deepspeed/launcher/launch.py'),
    template: '%s exits with return code = %d',
    lines: [
      "[2026-11-29 00:12:01,000] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -7",
    ],
    kind: 'shm',
  },
  {
    id: 'deepspeed-return-code-11-lookalike',
    program: 'DeepSpeed launcher (look-alike: SIGSEGV)',
    source: gh('microsoft/DeepSpeed@v0.14.0', 'deepspeed/launcher/launch.py'),
    template: '%s exits with return code = %d',
    lines: [
      "[2026-11-29 00:12:01,000] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -11",
    ],
    kind: 'none',
  },
  {
    id: 'kubelet-backoff-lookalike',
    program: 'kubelet (look-alike: back-off after a crash)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/kuberuntime/kuberuntime_manager.go'),
    template: 'Back-off restarting failed container %s in pod %s',
    lines: [
      '  Warning  BackOff  12s (x5 over 1m)  kubelet  Back-off restarting failed container trainer in pod trainer-0_default(1a2b)',
    ],
    kind: 'none',
  },
  {
    id: 'kubectl-crashloopbackoff-lookalike',
    program: 'kubectl get pods (look-alike: CrashLoopBackOff)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/printers/internalversion/printers.go'),
    template: "STATUS: the container's waiting reason",
    lines: [
      'NAME        READY   STATUS             RESTARTS      AGE',
      'trainer-0   0/1     CrashLoopBackOff   4 (30s ago)   3m',
    ],
    kind: 'none',
  },
  {
    id: 'oomd-killed-processes-in-unit',
    program: "systemd 252+ (a unit's processes killed by systemd-oomd)",
    source: gh('systemd/systemd@v255', 'src/core/unit.c'),
    template: 'systemd-oomd killed %"PRIu64" process(es) in this unit.',
    lines: ['systemd[1012]: vte-spawn-1.scope: systemd-oomd killed 12 process(es) in this unit.'],
    kind: 'host_oom',
  },
  {
    id: 'kernel-oom-kill-allocating-task',
    program: 'Linux OOM killer (vm.oom_kill_allocating_task)',
    source: gh('torvalds/linux@v6.6', 'mm/oom_kill.c'),
    template: 'Out of memory (oom_kill_allocating_task): Killed process %d (%s) ...',
    lines: [
      '[Sat Nov 29 00:12:01 2026] Out of memory (oom_kill_allocating_task): Killed process 23145 (python) total-vm:62345678kB, anon-rss:60123456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:120000kB oom_score_adj:0',
    ],
    kind: 'host_oom',
  },
  {
    id: 'vscode-terminal-137',
    program: 'VS Code integrated terminal',
    source: gh('microsoft/vscode@1.89.0', 'src/vs/workbench/contrib/terminal/browser/terminalInstance.ts'),
    template: 'The terminal process "{0}" terminated with exit code: {1}.',
    lines: ["The terminal process \"/bin/bash '-c', 'python train.py'\" terminated with exit code: 137."],
    kind: 'host_oom',
  },
  {
    id: 'lightning-sigterm-lookalike',
    program: 'Lightning signal connector (look-alike: SIGTERM)',
    source: gh(
      'Lightning-AI/pytorch-lightning@2.2.0',
      'src/lightning/pytorch/trainer/connectors/signal_connector.py',
    ),
    template: 'Received SIGTERM: {signum} / Bypassing SIGTERM: {signum}',
    lines: ['[rank: 0] Received SIGTERM: 15', 'Bypassing SIGTERM: 15'],
    kind: 'none',
  },
  {
    id: 'kubelet-admission-outofmemory-lookalike',
    program: 'kubelet admission (look-alike: a pod refused before it ran)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/kubelet/lifecycle/predicate.go'),
    template: "Reason: OutOf%s / Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d",
    lines: [
      'Status:  Failed',
      'Reason:  OutOfmemory',
      "Message: Pod was rejected: Node didn't have enough resource: memory, requested: 68719476736, used: 1073741824, capacity: 67108864000",
    ],
    kind: 'none',
  },
  {
    id: 'k8s-insufficient-memory-lookalike',
    program: 'kube-scheduler (look-alike: unschedulable for its memory request)',
    source: gh('kubernetes/kubernetes@v1.30.0', 'pkg/scheduler/framework/plugins/noderesources/fit.go'),
    template: 'Insufficient %v',
    lines: [
      '  Warning  FailedScheduling  12s  default-scheduler  0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.',
    ],
    kind: 'none',
  },
  {
    id: 'sbatch-memory-spec-lookalike',
    program: 'sbatch (look-alike: a memory request no node satisfies)',
    source: gh('SchedMD/slurm@slurm-23-11-6-1', 'src/sbatch/opt.c'),
    template: 'Memory specification can not be satisfied',
    lines: [
      'sbatch: error: Memory specification can not be satisfied',
      'sbatch: error: Batch job submission failed: Requested node configuration is not available',
    ],
    kind: 'none',
  },
  {
    id: 'hotspot-commit-memory-failed',
    program: 'HotSpot (os::commit_memory refused)',
    source: gh('openjdk/jdk@jdk-21+35', 'src/hotspot/os/linux/os_linux.cpp'),
    template: "INFO: os::commit_memory(%p, %zu, %d) failed; error='%s' (errno=%d)",
    lines: [
      "OpenJDK 64-Bit Server VM warning: INFO: os::commit_memory(0x00000005c0000000, 8589934592, 0) failed; error='Cannot allocate memory' (errno=12)",
    ],
    kind: 'host_oom',
  },
  {
    id: 'go-thread-exhaustion-lookalike',
    program: 'Go runtime (look-alike: thread limit)',
    source: gh('golang/go@go1.22.0', 'src/runtime/proc.go'),
    template: 'runtime: program exceeds %d-thread limit\\nfatal error: thread exhaustion',
    lines: ['runtime: program exceeds 10000-thread limit', 'fatal error: thread exhaustion'],
    kind: 'none',
  },
  {
    id: 'dataloader-worker-count-warning-lookalike',
    program: 'PyTorch DataLoader (look-alike: worker count warning)',
    source: gh('pytorch/pytorch@v2.5.1', 'torch/utils/data/dataloader.py'),
    template:
      'This DataLoader will create {} worker processes in total. Our suggested max number of worker in current system is {}, ...',
    lines: [
      'UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.',
    ],
    kind: 'none',
  },
  {
    id: 'kernel-hugetlb-allocating-lookalike',
    program: 'Linux hugetlb (look-alike: a boot-time hugepage shortfall)',
    source: gh('torvalds/linux@v6.6', 'mm/hugetlb.c'),
    template: 'HugeTLB: allocating %lu of page size %s failed.  Only allocated %lu hugepages.',
    lines: [
      '[    1.2] HugeTLB: allocating 1024 of page size 2.00 MiB failed.  Only allocated 512 hugepages.',
    ],
    kind: 'none',
  },
  {
    id: 'kernel-pids-controller-lookalike',
    program: 'Linux pids cgroup (look-alike: fork refused for its pid limit)',
    source: gh('torvalds/linux@v6.6', 'kernel/cgroup/pids.c'),
    template: 'cgroup: fork rejected by pids controller in %s',
    lines: ['[  912.1] cgroup: fork rejected by pids controller in /kubepods/burstable/pod12/3f2a'],
    kind: 'none',
  },
  // Session 24 (issue 23 item 4): the SIGBUS as the signal handlers print it above a native stack.
  {
    id: 'ompi-signal-bus-error',
    program: 'Open MPI stack-trace handler',
    source: gh('open-mpi/ompi@v4.1.6', 'opal/util/stacktrace.c'),
    template: '[host:pid] Signal: %s (%d)',
    lines: [
      '[triton-inference-server-7cd84c8f4b-wzsk9:00030] *** Process received signal ***',
      '[triton-inference-server-7cd84c8f4b-wzsk9:00030] Signal: Bus error (7)',
    ],
    kind: 'shm',
  },
  {
    id: 'ucx-bus-error-adrerr',
    program: 'UCX signal handler (si_code BUS_ADRERR)',
    source: gh('openucx/ucx@v1.15.0', 'src/ucs/debug/debug.c'),
    template: 'Caught signal %d (%s: %s)',
    lines: [
      '[1665086677.373524] [host:3353708:0]        debug.c:1289 UCX  ERROR Caught signal 7 (Bus error: nonexistent physical address)',
    ],
    kind: 'shm',
  },
  {
    id: 'psiginfo-bus-adrerr',
    program: 'glibc psiginfo (si_code BUS_ADRERR)',
    source: gh('bminor/glibc@glibc-2.38', 'sysdeps/generic/siginfo-consts.h'),
    template: '%s (%s)',
    lines: ['Bus error (Nonexistent physical address)'],
    kind: 'shm',
  },
  {
    id: 'ucx-bus-error-adraln',
    program: 'UCX signal handler (look-alike: si_code BUS_ADRALN, an alignment fault)',
    source: gh('openucx/ucx@v1.15.0', 'src/ucs/debug/debug.c'),
    template: 'Caught signal %d (%s: %s)',
    lines: [
      '[1665086677.373524] [host:3353708:0]        debug.c:1289 UCX  ERROR Caught signal 7 (Bus error: invalid address alignment)',
    ],
    kind: 'none',
  },
  {
    id: 'ompi-signal-segv',
    program: 'Open MPI stack-trace handler (look-alike: a segmentation fault)',
    source: gh('open-mpi/ompi@v4.1.6', 'opal/util/stacktrace.c'),
    template: '[host:pid] Signal: %s (%d)',
    lines: ['[host:00030] Signal: Segmentation fault (11)'],
    kind: 'none',
  },
];

/** Entries doctor reads wrong (see checkVocabulary). */
const expectedMiss = new Set<string>([]);

checkVocabulary(
  'the host vocabulary (killers, launchers, supervisors, schedulers, host allocators) from source',
  hostVocabulary,
  expectedMiss,
);

// The same entries as users paste them (issue 23 item 4: one paste normaliser before classification):
// quoted, fenced, in backticks, stamped, rank-prefixed, interleaved, escaped, coloured, hard-wrapped,
// with the reporter's sentences around. The cut forms are left out: they need the line the verdict
// rests on, which a table entry does not name.
const uncutForms = pasteForms.filter((f) => !/-cut$/.test(f.name));
// A cgroup counter row ("oom 0") behind a launcher's prefix: a file's rows never come through a
// launcher, and reading them there would need the row grammar to skip any prefix (left open).
// The same for a command typed at a shell prompt ("$ kill -9 N"): a user's own command never comes
// through a launcher's prefix, and the named-sender grammar reads it only at a prompt.
const launcherForms = [
  'rank-prefix',
  'srun-label',
  'mpi-tag',
  'ray-prefix',
  'pdsh-host',
  'ranks-interleaved',
];
const expectedFormMiss = new Set(
  [
    'cgroup2-memory-events-zero-lookalike',
    'docker-kill-by-user-lookalike',
    'timeout-s-kill-lookalike',
    'bash-kill-9-by-user-lookalike',
  ].flatMap((id) => launcherForms.map((form) => `${id} ${form}`)),
);

describe('the host vocabulary as users paste it', () => {
  for (const form of uncutForms) {
    test(form.name, () => {
      const wrong: string[] = [];
      for (const entry of hostVocabulary) {
        const pasted = form.apply({ text: entry.lines.join('\n'), random: seededRandom(23) });
        const kind = primary(...pasted.split(/\r?\n/))?.kind ?? 'none';
        const isMiss = expectedFormMiss.has(`${entry.id} ${form.name}`);
        if ((kind !== entry.kind) !== isMiss)
          wrong.push(`${entry.id}: ${kind}${isMiss ? ' (listed miss, now right: strike it)' : ''}`);
      }
      assert.deepEqual(wrong, []);
    });
  }
});
