// The kill grammar and the host allocation grammar across killers, runtimes and releases (issue 23,
// round 4): each spelling as its source prints it, with who acted (the cause) and the figures read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

interface Case {
  name: string;
  lines: string[];
  cause: string;
  code?: string;
  facts?: Record<string, unknown>;
}

function check(c: Case): void {
  const d = mustDiagnose(...c.lines);
  assert.equal(d.kind, 'host_oom', c.name);
  assert.equal(d.cause, c.cause, `${c.name}: ${d.causeText}`);
  if (c.code) assert.equal(d.code, c.code, c.name);
  for (const [name, value] of Object.entries(c.facts ?? {}))
    assert.equal(d.facts[name], value, `${c.name}: ${name}`);
}

describe('killers in their own words', () => {
  const cases: Case[] = [
    {
      name: 'earlyoom 0.x: "Out of memory! avail ... < min", then its kill line',
      lines: [
        'mem avail: 17 MiB (0 %), swap free: 946 MiB (11 %)',
        'Out of memory! avail: 18 MiB < min: 786 MiB',
        'Killing process 1408 kworker/u17:3',
      ],
      cause: 'memory_monitor',
      facts: { killer: 'earlyoom', pid: 1408 },
    },
    {
      name: 'earlyoom 1.1: "Killing process: name, pid: N, badness"',
      lines: [
        'Out of memory! mem min: 783 MiB, swap min: 0 MiB',
        'Killing process: tail, pid: 5476, badness: 367, VmRSS: 719 MiB',
      ],
      cause: 'memory_monitor',
      facts: { pid: 5476, processName: 'tail' },
    },
    {
      name: 'earlyoom 1.2: killing process N "name" with signal, finished by the kernel\'s OOM killer',
      lines: [
        'low memory! at or below SIGTERM limits: mem 10 %, swap 10 %',
        'killing process 28367 "python3" with signal 15: badness 698, VmRSS 11793 MiB',
        'kernel: Killed process 28367 (python3) total-vm:12438252kB, anon-rss:12083484kB, file-rss:2368kB, shmem-rss:0kB',
      ],
      cause: 'host_ram',
    },
    {
      name: 'systemd-oomd without its journal tag',
      lines: ['Considered 75 cgroups for killing, top candidates were:'],
      cause: 'memory_monitor',
      facts: { killer: 'systemd-oomd' },
    },
    {
      name: "Ray 0.6's RayOutOfMemoryError",
      lines: [
        'ray.memory_monitor.RayOutOfMemoryError: More than 95% of the memory on node eric-ThinkPad is used (11.8 / 12.3 GB).',
      ],
      cause: 'memory_monitor',
      code: 'ray-memory-monitor',
    },
    {
      name: "Ray 2.3+'s kill message, cut after the task's pid",
      lines: [
        'Memory on the node (IP: 10.1.180.84, ID: ba65c80c8aec) where the task (task ID: d221d2, name=head, rank=0,, pid=4503, memory used',
      ],
      cause: 'memory_monitor',
      facts: { pid: 4503, node: '10.1.180.84' },
    },
    {
      name: "macOS jetsam's JetsamEvent report",
      lines: ['  "bug_type": "298",', '  "largestProcess": "Python",'],
      cause: 'host_ram',
      facts: { killer: 'jetsam' },
    },
    {
      name: 'Android lmkd',
      lines: [
        "lowmemorykiller: Kill 'com.example.app' (4321), uid 10123, oom_score_adj 900 to free 123456kB",
      ],
      cause: 'host_ram',
      facts: { killer: 'lmkd', pid: 4321 },
    },
    {
      name: "Dask's nanny",
      lines: ['distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting'],
      cause: 'memory_monitor',
      facts: { killer: 'dask' },
    },
    {
      name: 'LSF TERM_MEMLIMIT',
      lines: ['TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.'],
      cause: 'memory_limit',
    },
    {
      name: 'HTCondor memory hold',
      lines: ['Job has gone over memory limit of 2048 megabytes. Peak usage: 2100 megabytes.'],
      cause: 'memory_limit',
      facts: { limitBytes: 2048 * 2 ** 20 },
    },
    {
      name: "kubelet's SystemOOM event",
      lines: ['Warning  SystemOOM  node/n1  System OOM encountered, victim process: python, pid: 1234'],
      cause: 'host_ram',
      facts: { pid: 1234 },
    },
    {
      // With memory evidence beside it (CORPUS-FORMAT settled rule 6): tcmalloc's report of a large
      // allocation just before the Jupyter server restarts the kernel.
      name: "Colab's kernel restarted right after tcmalloc reports a large allocation",
      lines: [
        'Oct 18, 2019, 7:54:04 AM | WARNING | tcmalloc: large alloc 3011936256 bytes == 0x5bbf0000 @ 0x7feed825d1e7',
        'Oct 18, 2019, 7:54:49 AM | INFO | KernelRestarter: restarting kernel (1/5), keep random ports',
      ],
      cause: 'host_ram',
      facts: { killer: 'notebook' },
    },
    {
      name: 'Kaggle',
      lines: ['Your notebook tried to allocate more memory than is available. It has restarted.'],
      cause: 'host_ram',
    },
    {
      name: "the kernel's memcg sentence quoted in prose",
      lines: [
        'according to the "dmesg -T", it because of "Memory cgroup out of memory". But the job metrics...',
      ],
      cause: 'memory_limit',
      code: 'kernel-memcg-oom',
    },
    {
      name: "an OOM report whose call trace is the memory cgroup's",
      lines: [
        'kernel: python invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0',
        'kernel:  [<ffffffffbe835506>] mem_cgroup_oom_synchronize+0x546/0x570',
      ],
      cause: 'memory_limit',
    },
    {
      name: 'a page allocation failure (Linux 6.12+ dump_stack with UID)',
      lines: [
        '[638074.104526] kernel: kswapd0: page allocation failure: order:0, mode:0x40cc0(GFP_KERNEL|__GFP_COMP), nodemask=(null)',
        '[638074.104576] kernel: CPU: 7 UID: 0 PID: 95 Comm: kswapd0 Not tainted 6.13.1-200.fc41.x86_64 #1',
      ],
      cause: 'host_ram',
      facts: { invokingPid: 95 },
    },
    {
      name: "the OOM killer's task table header",
      lines: ['[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name'],
      cause: 'host_ram',
    },
    {
      name: "sacct's truncated OUT_OF_MEMORY state",
      lines: ['12345        train        gpu    acct          4 OUT_OF_ME+    0:125'],
      cause: 'memory_limit',
      code: 'slurm-out-of-memory-state',
    },
    {
      name: "Slurm's accounting kill is the job's own --mem (who: jobacct; why: the limit)",
      lines: ['slurmstepd: error: Job 42664148 exceeded memory limit (10889240 > 4194304), being killed'],
      cause: 'memory_limit',
      code: 'slurm-jobacct-kill',
    },
    {
      name: 'exit 137 seen through kubectl exec',
      lines: ['command terminated with exit code 137'],
      // A bare exit 137: no killer named, so no cause (CORPUS-FORMAT settled rule 2).
      cause: 'unknown',
    },
    {
      name: "the shell's Killed in a zh_CN locale, glued to a progress bar",
      lines: ['[>>>>>>>>>> ] 1022/5000, 1.5 task/s, elapsed: 673s, ETA: 2621s已杀死'],
      cause: 'unknown',
      code: 'shell-killed',
    },
    {
      name: "the shell's Killed in a German locale",
      lines: ['Getötet'],
      cause: 'unknown',
      code: 'shell-killed',
    },
    {
      name: 'a launcher that prints only SIGKILL',
      lines: ['Memory: 13.779288', '', 'SIGKILL'],
      cause: 'unknown',
      code: 'sigkill-exit',
    },
  ];
  for (const c of cases) test(c.name, () => check(c));

  test('Colab\'s "Runtime died" alone cannot tell RAM from a crash (settled rule 6)', () => {
    const d = mustDiagnose('it stops and prompts "Runtime died, restarting"');
    assert.equal(`${d.kind}/${d.cause}`, 'none/unknown');
    assert.match(d.fixes[0]!, /dmesg/);
  });

  test('another tool\'s "Killing process N name" is not earlyoom\'s kill', () => {
    assert.equal(primary('Killing process 1234 python'), undefined);
  });

  test('a higher-order page allocation failure is a hint, an order-0 one likely', () => {
    assert.equal(
      mustDiagnose('kernel: e1000e: page allocation failure: order:3, mode:0x20').confidence,
      'possible',
    );
    assert.equal(
      mustDiagnose('kernel: kswapd0: page allocation failure: order:0, mode:0x40cc0').confidence,
      'likely',
    );
  });

  test('an earlyoom start-up report with RAM to spare is no failure', () => {
    assert.equal(primary('mem avail: 4978 MiB (84 %), swap free: 5590 MiB (95 %)'), undefined);
  });
});

describe('host allocations refused, in every runtime', () => {
  const cases: Case[] = [
    {
      name: "Paddle's enforce on posix_memalign (ENOMEM)",
      lines: [
        '[Hint: Expected posix_memalign(&p, alignment, size) == 0, but received posix_memalign(&p, alignment, size):12 != 0:0.] at (/paddle/paddle/fluid/memory/detail/system_allocator.cc:59)',
      ],
      cause: 'host_allocation',
    },
    {
      name: "Windows' commit limit in a localised message, loading a torch DLL in a spawned worker",
      lines: [
        'OSError: [WinError 1455] 页面文件太小，无法完成操作。 Error loading "D:\\envs\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.',
      ],
      cause: 'dataloader_workers',
    },
    {
      name: 'Java heap',
      lines: ['Exception in thread "main" java.lang.OutOfMemoryError: Java heap space'],
      // The JVM's maximum heap refused it (explain-heap-cap.ts), not the OS.
      cause: 'memory_limit',
      facts: { javaHeap: 'Java heap space' },
    },
    { name: 'R', lines: ['Error: cannot allocate vector of size 2.3 Gb'], cause: 'host_allocation' },
    {
      name: 'V8',
      lines: ['FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'],
      // V8's old-space limit refused it (explain-heap-cap.ts), not the OS.
      cause: 'memory_limit',
    },
    { name: 'Go', lines: ['fatal error: runtime: out of memory'], cause: 'host_allocation' },
    {
      name: 'Rust',
      lines: ['memory allocation of 34359738368 bytes failed'],
      cause: 'host_allocation',
      facts: { requestedBytes: 34359738368 },
    },
    {
      // The arena serves the devices too: the log must show the CPU's (memory-side.ts namesHostArena).
      name: "ONNX Runtime's CPU arena",
      lines: [
        "sess = ort.InferenceSession(path, providers=['CPUExecutionProvider'])",
        'Status Message: onnxruntime/core/framework/bfc_arena.cc:376 Failed to allocate memory for requested buffer of size 2147483648',
      ],
      cause: 'host_allocation',
    },
    {
      name: "XLA's pinned host allocator",
      lines: [
        'W external/xla/xla/stream_executor/integrations/stream_executor_allocator.cc:66] could not allocate pinned host of size: 4294967296',
      ],
      cause: 'host_allocation',
      facts: { requestedBytes: 4294967296 },
    },
  ];
  for (const c of cases) test(c.name, () => check(c));
});

// Session 23 (the host vocabulary table): who killed and the limit decide the cause and the fix —
// a scheduler's kill names that scheduler's own request, XNU's per-process limit is the process's
// own limit, and a kill by a sender that is not memory gets that sender's fix, not "more time".
describe('kills read from the host vocabulary, with their fixes', () => {
  test("Grid Engine's h_vmem kill: the job's limit, asked for with qsub -l h_vmem", () => {
    const d = mustDiagnose(
      'job 812345.1 exceeds job hard limit "h_vmem" of queue "gpu.q@node12" (34359738368.00000 > limit:32212254720.00000) - sending SIGKILL',
    );
    assert.equal(d.cause, 'memory_limit');
    assert.equal(d.facts.limitBytes, 32212254720);
    assert.match(d.fixes[0]!, /h_vmem/);
  });
  test("PBS's mem kill: the limit in kb, asked for with -l mem", () => {
    const d = mustDiagnose('=>> PBS: job killed: mem 33554432kb exceeded limit 16777216kb');
    assert.equal(d.cause, 'memory_limit');
    assert.equal(d.facts.limitBytes, 16 * 2 ** 30);
    assert.match(d.fixes[0]!, /-l mem=/);
  });
  test("the kernel's OOM killer with nothing left to kill: the host's RAM, read as a kill", () => {
    const d = mustDiagnose(
      '[ 7001.5] Out of memory and no killable processes...',
      'Kernel panic - not syncing: System is deadlocked on memory',
    );
    assert.equal(d.code, 'memory-kill');
    assert.equal(d.cause, 'host_ram');
  });
  test("gunicorn's SIGKILL report names the worker's pid", () => {
    const d = mustDiagnose(
      '[2026-11-29 00:12:01 +0000] [4711] [ERROR] Worker (pid:912345) was sent SIGKILL! Perhaps out of memory?',
    );
    assert.equal(d.facts.pid, 912345);
  });
  for (const [debugger_, line] of [
    [
      'Xcode 15+',
      'The app “WhisperAX” has been killed by the operating system because it is using too much memory.',
    ],
    ['LLDB', 'Message from debugger: Terminated due to memory issue'],
  ] as const)
    test(`${debugger_}'s report of an app ended for its memory: the app's own limit, the device's RAM open`, () => {
      const d = mustDiagnose(line, 'Domain: IDEDebugSessionErrorDomain', 'Code: 11');
      assert.equal(`${d.kind}/${d.cause}`, 'host_oom/memory_limit');
      assert.deepEqual(
        (d.causeAlternatives ?? []).map((a) => a.cause),
        ['host_ram'],
      );
      assert.match(d.fixes.join(' | '), /increased-memory-limit/);
    });
  test("the app's words about memory in a sentence are not the debugger's report", () => {
    const d = primary('The app is using too much memory when the model loads, can it be reduced?');
    assert.notEqual(d?.cause, 'memory_limit');
  });
  test("XNU's EXC_RESOURCE kill: the process's own limit", () => {
    const d = mustDiagnose(
      'kernel: EXC_RESOURCE -> python3.11[4711] exceeded mem limit: ActiveHard 8192 MB (fatal)',
    );
    assert.equal(d.cause, 'memory_limit');
    assert.equal(d.facts.limitBytes, 8 * 2 ** 30);
  });
  test("the debugger's EXC_RESOURCE RESOURCE_TYPE_MEMORY stop: the process's own limit", () => {
    for (const line of [
      'Thread 1: EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=2048 MB, unused=0x0)',
      'Task 1: EXC_RESOURCE (RESOURCE_TYPE_MEMORY: high watermark memory limit exceeded) (limit=6144 MB)',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
      assert.equal(d.cause, 'memory_limit', line);
      assert.equal(d.facts.limitBytes, Number(/limit=(\d+)/.exec(line)?.[1]) * 2 ** 20, line);
    }
  });
  test('another resource type is no memory kill', () => {
    const d = primary('Thread 1: EXC_RESOURCE RESOURCE_TYPE_CPU (limit=50 %, observed 100 %)');
    assert.ok(d === undefined || d.kind === 'none', `${d?.kind} ${d?.code}`);
  });
  for (const [sender, lines, fixWords] of [
    [
      "a user's scancel",
      [
        'slurmstepd: error: *** STEP 4512378.0 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 ***',
        'srun: error: gpu-node-07: task 0: Killed',
      ],
      /who cancelled/,
    ],
    [
      'docker stop',
      [
        'level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=3f2a9c0d1e2f',
        'trainer exited with code 137',
      ],
      /grace period/,
    ],
    ['PBS ncpus', ['=>> PBS: job killed: ncpus 9.18 exceeded limit 8 (sum)'], /ncpus|threads/],
    [
      'a Slurm node failure',
      [
        'slurmstepd: error: *** JOB 4512378 ON gpu-node-07 CANCELLED AT 2026-11-29T00:12:01 DUE TO NODE FAILURE ***',
        'srun: error: gpu-node-07: task 0: Killed',
      ],
      /node failed/,
    ],
    ["the user's kill -9", ['$ kill -9 912345', '[1]+  Killed                  python train.py'], /by hand/],
    [
      "systemd's stop timeout",
      [
        "systemd[1]: train.service: State 'stop-sigterm' timed out. Killing.",
        'systemd[1]: train.service: Main process exited, code=killed, status=9/KILL',
      ],
      /TimeoutStopSec/,
    ],
  ] as const) {
    test(`a kill by ${sender} is not memory, and its fix is that sender's`, () => {
      const d = primary(...lines);
      assert.equal(d?.kind ?? 'none', 'none');
      if (d) {
        assert.match(d.fixes.join(' | '), fixWords);
        assert.doesNotMatch(d.fixes[0] ?? '', /^give the job more time/);
      }
    });
  }
});
