// `plan --from-run RUN_DIR` (issue #21): budgets sized from what a run measured, each from its best
// peak (a framework's counter, the simulated card, the cgroup's maximum, else samples) plus a stated
// margin, and the change as a unified diff of the config, which is never written. Pure: the CLI reads
// the record and the config and prints what this returns.
import { gpuPeakOf, hostPeakOf } from './peaks.js';
import type { PeakSource, ProcessSummary } from './schema.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** The margin when none is given, and why. */
export const defaultMargin = {
  fraction: 0.2,
  reason:
    "one run's peak is one draw of the workload: data-dependent shapes, data order and allocator fragmentation move it between runs; 20% keeps a peak a fifth above this one inside the budget",
} as const;

/** One proposed budget: what was measured, from where, what is set now, and what to set. */
export interface ProposedBudget {
  /** `gpu_memory` or `host_memory`. */
  key: 'gpu_memory' | 'host_memory';
  peakBytes: number;
  source: PeakSource;
  /** The budget or limit the run had; null when it had none. */
  currentBytes: number | null;
  /** The measured need the margin is applied to (the sampled GPU figure less the CUDA context). */
  needBytes: number;
  proposedBytes: number;
  /** As written in the config (`9.63GiB`, `576MiB`). */
  proposedText: string;
  /** The process failed at this budget or limit: the need is above the peak, so this is a floor. */
  isFloor: boolean;
  note: string | null;
}

/** The proposal for one config process (its replicas folded together: the highest of them). */
export interface ProcessProposal {
  /** The config's process name. */
  process: string;
  /** The run's instances it was measured on (`actor.1`, `actor.2`, or just the name). */
  instances: string[];
  gpu: ProposedBudget | null;
  host: ProposedBudget | null;
}

/** A planned instance as plan.json has it: the config process it belongs to and its context allowance. */
export interface PlannedInstance {
  name: string;
  process?: string;
  overheadBytes?: number;
}

/** A size as a config takes it: whole GiB as `NGiB`, else MiB, rounded up to 64 MiB. */
export function configSize(bytes: number): string {
  const rounded = Math.ceil(bytes / (64 * MiB)) * 64 * MiB;
  return rounded % GiB === 0 ? `${rounded / GiB}GiB` : `${rounded / MiB}MiB`;
}

const gpuFailures = new Set(['gpu-oom', 'over-budget', 'killed-by-headroom']);

function propose(
  measured: {
    key: ProposedBudget['key'];
    peakBytes: number;
    source: PeakSource;
    needBytes: number;
    currentBytes: number | null;
    isFloor: boolean;
    note: string | null;
  },
  margin: number,
): ProposedBudget {
  const proposedBytes = Math.ceil(measured.needBytes * (1 + margin));
  const proposedText = configSize(proposedBytes);
  return { ...measured, proposedBytes: parseConfigSize(proposedText), proposedText };
}

function parseConfigSize(text: string): number {
  const value = Number.parseInt(text, 10);
  return text.endsWith('GiB') ? value * GiB : value * MiB;
}

function gpuBudget(p: ProcessSummary, planned: PlannedInstance | undefined, margin: number) {
  const peak = gpuPeakOf(p);
  if (!peak || p.gpuBudgetBytes === null || peak.bytes === 0) return null;
  // NVML's per-process figure (what samples read) includes the CUDA context, which the plan keeps
  // beside the budget; the framework's counters and the simulated card count the pool alone.
  const contextBytes = peak.source === 'sampled' ? (planned?.overheadBytes ?? 0) : 0;
  const isFloor = gpuFailures.has(p.reason) && peak.bytes >= 0.9 * p.gpuBudgetBytes;
  const notes = [
    peak.source === 'sampled'
      ? 'sampled: a spike between two samples is missed; a run with the bootstrap (torch, JAX, TF) or the simulated card records the exact peak'
      : null,
    contextBytes > 0 ? `less its ${configSize(contextBytes)} CUDA context allowance` : null,
    peak.clients > 1 ? `the sum of ${peak.clients} GPU clients' own peaks` : null,
    isFloor ? `it ended ${p.reason} at this budget: the need is above the peak, run again with more` : null,
  ].filter((n): n is string => n !== null);
  return propose(
    {
      key: 'gpu_memory',
      peakBytes: peak.bytes,
      source: peak.source,
      needBytes: Math.max(peak.bytes - contextBytes, 0),
      currentBytes: p.gpuBudgetBytes,
      isFloor,
      note: notes.length > 0 ? notes.join('; ') : null,
    },
    margin,
  );
}

function hostLimit(p: ProcessSummary, margin: number) {
  const peak = hostPeakOf(p);
  if (peak.bytes === 0) return null;
  const isFloor =
    p.reason === 'oom-killed' ||
    (p.hostLimitBytes !== null && p.reason !== 'exited' && peak.bytes >= 0.95 * p.hostLimitBytes);
  const notes = [
    peak.source === 'cgroup'
      ? "the cgroup's maximum counts page cache, which the kernel reclaims before it kills"
      : null,
    peak.source === 'sampled' && p.sampledHost
      ? `Σ PSS + swap sampled every ${p.sampledHost.intervalMs} ms: a spike between two samples is missed`
      : null,
    isFloor ? `it was killed at this limit: the need is above the peak, run again with more` : null,
  ].filter((n): n is string => n !== null);
  return propose(
    {
      key: 'host_memory',
      peakBytes: peak.bytes,
      source: peak.source,
      needBytes: peak.bytes,
      currentBytes: p.hostLimitBytes,
      isFloor,
      note: notes.length > 0 ? notes.join('; ') : null,
    },
    margin,
  );
}

const higher = (a: ProposedBudget | null, b: ProposedBudget | null): ProposedBudget | null =>
  a === null ? b : b === null ? a : b.proposedBytes > a.proposedBytes ? b : a;

/** Budgets for each config process from a run's summary lines (replicas folded: the highest). */
export function proposeBudgets(options: {
  processes: readonly ProcessSummary[];
  planned: readonly PlannedInstance[];
  margin: number;
}): ProcessProposal[] {
  const byProcess = new Map<string, ProcessProposal>();
  for (const p of options.processes) {
    const planned = options.planned.find((instance) => instance.name === p.name);
    const name = planned?.process ?? p.name;
    const entry = byProcess.get(name) ?? { process: name, instances: [], gpu: null, host: null };
    entry.instances.push(p.name);
    entry.gpu = higher(entry.gpu, gpuBudget(p, planned, options.margin));
    entry.host = higher(entry.host, hostLimit(p, options.margin));
    byProcess.set(name, entry);
  }
  return [...byProcess.values()];
}

/** One line changed or added in the config. */
interface ConfigEdit {
  /** 0-based line of the original the edit is at: a replaced line, or the line an addition follows. */
  at: number;
  remove: boolean;
  add: string[];
}

const indentOf = (line: string): number => line.length - line.trimStart().length;
const isBlankOrComment = (line: string): boolean => /^\s*(#.*)?$/.test(line);
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `processes.NAME` sits in block-style YAML: its line and the range of its body; undefined if not found. */
function findProcessBlock(lines: readonly string[], name: string) {
  const top = lines.findIndex((line) => /^processes:\s*(#.*)?$/.test(line));
  if (top < 0) return undefined;
  const keyPattern = new RegExp(`^(\\s+)(["']?)${escapeRegExp(name)}\\2:\\s*(#.*)?$`);
  let start = -1;
  for (let i = top + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlankOrComment(line)) continue;
    if (indentOf(line) === 0) break;
    if (keyPattern.test(line)) {
      start = i;
      break;
    }
  }
  if (start < 0) return undefined;
  const ownIndent = indentOf(lines[start]!);
  let end = start;
  let bodyIndent: number | undefined;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlankOrComment(line)) continue;
    if (indentOf(line) <= ownIndent) break;
    bodyIndent ??= indentOf(line);
    end = i;
  }
  return { start, end, bodyIndent: bodyIndent ?? ownIndent + 2 };
}

/** The edits that set `key: value` in a process's block (a replaced value keeps its comment). */
function editsFor(
  lines: readonly string[],
  name: string,
  sets: [string, string][],
): ConfigEdit[] | undefined {
  const block = findProcessBlock(lines, name);
  if (!block) return undefined;
  const edits: ConfigEdit[] = [];
  const added: string[] = [];
  for (const [key, value] of sets) {
    const pattern = new RegExp(`^(\\s{${block.bodyIndent}}${key}:\\s*)([^#]*?)(\\s+#.*)?$`);
    let found = false;
    for (let i = block.start + 1; i <= block.end; i++) {
      const match = pattern.exec(lines[i]!);
      if (!match) continue;
      found = true;
      if (match[2]!.trim() !== value)
        edits.push({ at: i, remove: true, add: [`${match[1]}${value}${match[3] ?? ''}`] });
    }
    if (!found) added.push(`${' '.repeat(block.bodyIndent)}${key}: ${value}`);
  }
  if (added.length > 0) edits.push({ at: block.end, remove: false, add: added });
  return edits;
}

/** A unified diff of `lines` under `edits`, 3 lines of context, for `patch -p0` or `git apply`. */
function unifiedDiff(file: string, lines: readonly string[], edits: ConfigEdit[]): string {
  if (edits.length === 0) return '';
  const sorted = [...edits].sort((a, b) => a.at - b.at);
  const context = 3;
  // Hunks: edits whose context windows touch are one hunk.
  const hunks: ConfigEdit[][] = [];
  for (const edit of sorted) {
    const last = hunks.at(-1);
    const previous = last?.at(-1);
    if (last && previous && edit.at - previous.at <= 2 * context + 1) last.push(edit);
    else hunks.push([edit]);
  }
  const out = [`--- ${file}`, `+++ ${file}`];
  let shift = 0; // lines added so far: where the next hunk starts in the new file
  for (const hunk of hunks) {
    const first = hunk[0]!;
    const lastEdit = hunk.at(-1)!;
    const from = Math.max(0, first.at - context + (first.remove ? 0 : 1));
    const to = Math.min(lines.length - 1, lastEdit.at + context);
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    for (let i = from; i <= to; i++) {
      const edit = hunk.find((e) => e.at === i);
      if (edit?.remove) {
        body.push(`-${lines[i]}`);
        oldCount += 1;
      } else {
        body.push(` ${lines[i]}`);
        oldCount += 1;
        newCount += 1;
      }
      for (const line of edit?.add ?? []) {
        body.push(`+${line}`);
        newCount += 1;
      }
    }
    out.push(`@@ -${from + 1},${oldCount} +${from + 1 + shift},${newCount} @@`, ...body);
    shift += newCount - oldCount;
  }
  return `${out.join('\n')}\n`;
}

/** The config change as a unified diff, and the processes it could not place (set those by hand). */
export function configDiff(options: { file: string; text: string; proposals: readonly ProcessProposal[] }): {
  diff: string;
  unplaced: string[];
} {
  // A last line without a newline would be changed by the diff's own newline: keep the text's lines.
  const lines = options.text.replace(/\n$/, '').split('\n');
  const edits: ConfigEdit[] = [];
  const unplaced: string[] = [];
  for (const proposal of options.proposals) {
    const sets: [string, string][] = [];
    if (proposal.gpu) sets.push(['gpu_memory', proposal.gpu.proposedText]);
    if (proposal.host) sets.push(['host_memory', proposal.host.proposedText]);
    if (sets.length === 0) continue;
    const found = editsFor(lines, proposal.process, sets);
    if (found) edits.push(...found);
    else unplaced.push(proposal.process);
  }
  return { diff: unifiedDiff(options.file, lines, edits), unplaced };
}

/** For a run started as `run -- CMD` (no config): a new headroom.yaml with the proposal, as a diff from nothing. */
export function newConfigDiff(options: {
  file: string;
  argv: readonly string[];
  framework: string | undefined;
  proposal: ProcessProposal;
}): string {
  const { proposal } = options;
  const body = [
    'processes:',
    `  ${proposal.process}:`,
    `    command: ${JSON.stringify(options.argv)}`,
    ...(options.framework ? [`    framework: ${options.framework}`] : []),
    ...(proposal.gpu ? [`    gpu_memory: ${proposal.gpu.proposedText}`] : []),
    ...(proposal.host ? [`    host_memory: ${proposal.host.proposedText}`] : []),
  ];
  return (
    [
      `--- /dev/null`,
      `+++ ${options.file}`,
      `@@ -0,0 +1,${body.length} @@`,
      ...body.map((l) => `+${l}`),
    ].join('\n') + '\n'
  );
}
