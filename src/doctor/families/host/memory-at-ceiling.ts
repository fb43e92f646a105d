// Host memory shown at its ceiling (issue 23 item 4, the host group): one reading of a figure that
// says the machine's RAM was (nearly) all in use, whoever printed it — a reporter ("RAM usage goes up
// to 100% and then the kernel dies", "I'm reaching 100% system memory utilization"), a monitor
// ("System Memory - Percent: 98.7%"), a CI runner's resource check ("Free memory is lower than 5%;
// Currently used: 95.15%", test/corpus heldout-23 exchcxx#46), a result dump (Ray Tune's
// "ram_util_percent: 98.55", ray python/ray/tune/utils/util.py UtilMonitor, psutil's
// virtual_memory().percent).
//
// What the shape rests on: a percentage of memory IN USE at hostMemoryFullPercent (95%) or more, or FREE at 5% or less (the
// same fact read from the other side). 95% is where the monitors that act on it act: Ray's memory
// monitor (memory_usage_threshold 0.95, ray python/ray/_private/ray_constants.py) and dask's nanny
// ("Worker exceeded 95% memory budget. Restarting", distributed/worker_memory.py terminate 0.95);
// beyond it the kernel reclaims, swaps and at the end kills (linux mm/oom_kill.c). Only the host's
// memory: a line naming a GPU's (GPU, VRAM, CUDA, device) is the allocation family's. Not a setting,
// a threshold or a condition ("memory_usage_threshold: 0.95", "if memory exceeds 95%", "Free memory is
// lower than:" as a settings label), not a job's use against its request (seff's "Memory Efficiency"),
// not a figure of free memory read as used ("mem avail: 15342 of
// 15881 MiB (96.61%)", earlyoom's report of what is AVAILABLE), not another resource's percentage
// beside the word ("Memory: 12 GB, CPU: 100%").
//
// It is weaker evidence than a program's failure line: a last-resort reading (dropped wherever any
// other signature read the log, diagnose.ts), and its summary says so and what would confirm it.
import type { LogRule } from '../../types.js';
import { definedFacts } from '../extract.js';

/**
 * Host memory in use (psutil's percent) at or above which the host's RAM counts as full: this reading,
 * and a bare kill or a Ray worker's death with the figure beside it (host/explain.ts, resolve.ts).
 */
export const hostMemoryFullPercent = 95;

export const memoryAtCeilingCode = 'host-memory-at-ceiling';

// A percentage, not part of a larger number; extract weighs it against hostMemoryFullPercent.
const ceilingPercent = String.raw`(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?%`;
// The memory as the figure's subject, with the measure's noun a monitor gives it.
const memoryMeasure = String.raw`\b(?:RAM|memory|mem)\b(?:[ _-]?(?:usage|use|used|utili[sz]ation|util|consumption|load|percent(?:age)?))?`;
const hostMemoryNoun = String.raw`(?:(?:system|host|physical|total|node|CPU)\s+)?(?:RAM|memory)`;

/** The figure in the orders it is printed in; group 1, 2 or 3 is the percent in use, 4 the percent free. */
export const memoryAtCeiling = new RegExp(
  [
    // "RAM usage goes up to 100%", "System Memory - Percent: 98.7%", "Memory 99%".
    `${memoryMeasure}[^%\\n.;!?]{0,40}?${ceilingPercent}`,
    // "reaching 100% system memory utilization", "99 % of RAM".
    `${ceilingPercent}\\s+(?:of\\s+(?:the\\s+|my\\s+|its\\s+)?(?:available\\s+)?${hostMemoryNoun}\\b|${hostMemoryNoun}\\s+(?:usage|use|used|utili[sz]ation|consumption|load)\\b)`,
    // A result's key: "ram_util_percent: 98.55", "memory_percent=99.1".
    String.raw`\b(?:ram|mem|memory)_(?:util_|usage_|used_)?percent(?:age)?\b["']?\s*[:=]\s*(\d{1,3}(?:\.\d+)?)(?![\d.])`,
    // Free at 5% or less: "Free memory is lower than 5%".
    String.raw`\b(?:free|available)\s+(?:system\s+)?(?:memory|RAM)\s+(?:is\s+)?(?:lower|less|below|under)\s+than\s+(\d{1,2}(?:\.\d+)?)\s?%`,
  ].join('|'),
  'i',
);

// Words between the noun and the figure that make the figure another thing: memory free or left,
// another resource's percentage.
const notInUse = /\b(?:free|avail\w*|left|remain\w*|unused|idle|CPU|GPU|disk|swap|battery|load avg)\b/i;
// The figure as a setting, a threshold or a condition, anywhere on its line; or a job's use against
// what it requested, not the host's RAM (Slurm seff's "Memory Efficiency: 95.34% of 32.00 GB", of a
// job that completed, vocabulary-host.test.ts).
const notObserved =
  /\befficien\w*|\b(?:threshold|target|budget|fraction|if|unless|whether|should|would|could|may|might|set(?:ting)? (?:to|at)|config\w*|default)\b|--[\w-]+|[\w.]+\s*:\s*$/i;
// A device's memory, which the allocation family reads.
const deviceSide = /\b(?:GPU|VRAM|CUDA|cuda:\d|device|video|graphics|HBM|NPU|XPU)\b/i;

export const memoryAtCeilingSummary =
  "the log shows the host's memory at its ceiling (a figure of RAM in use), not a program's failure line (weaker evidence: dmesg's \"Out of memory: Killed process\" line or the process's own last line would confirm it)";

/** Host memory shown at 95% or more in use: the last-resort reading of a full host. */
export const memoryAtCeilingRule: LogRule = {
  code: memoryAtCeilingCode,
  kind: 'host_oom',
  framework: 'other',
  weight: 1,
  isLastResort: true,
  // The memory's measure as the forms above print it. Not '%' or 'memory' alone: a keyword on every progress bar
  // or memory report of a training log turns the byte prefilter's skip of quiet lines off (bench doctor-large-log).
  keywords: [
    'ram usage',
    'ram use',
    'ram util',
    'memory usage',
    'memory use',
    'memory util',
    'mem usage',
    'mem util',
    'memory - percent',
    'memory percent',
    'memory consumption',
    'ram consumption',
    'memory load',
    'util_percent',
    'usage_percent',
    'memory_percent',
    'mem_percent',
    'of ram',
    'of memory',
    'of system memory',
    'free memory',
    'available memory',
    'free ram',
    // The bare noun and its figure ("Memory: 99%", "RAM 97.5%"): only a figure that can be at the ceiling.
    ...['memory', 'ram', 'mem'].flatMap((noun) => [`${noun} 9`, `${noun}: 9`, `${noun} 100`, `${noun}: 100`]),
  ],
  pattern: memoryAtCeiling,
  source:
    'psutil virtual_memory().percent (ray/tune/utils/util.py UtilMonitor ram_util_percent); ray _private/ray_constants.py memory_usage_threshold 0.95; dask distributed worker_memory.py (terminate 0.95); linux mm/oom_kill.c',
  summary: memoryAtCeilingSummary,
  extract: ({ text, match }) => {
    if (deviceSide.test(text) || notObserved.test(text)) return undefined;
    // Free memory named just before the figure's noun, or memory free or another resource between.
    if (/\b(?:free|avail\w*|unused)\W{0,3}$/i.test(text.slice(0, match.index))) return undefined;
    if (match[1] !== undefined && notInUse.test(match[0].slice(0, match[0].search(/\d+(?:\.\d+)?\s?%$/))))
      return undefined;
    const percent = Number(match[1] ?? match[2] ?? match[3] ?? 100 - Number(match[4]));
    if (!(percent >= hostMemoryFullPercent && percent <= 100)) return undefined;
    return { facts: definedFacts({ hostMemoryPercent: percent }) };
  },
};
