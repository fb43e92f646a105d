// Reads ../shared/corpus files: a header (source, label, framework, gpu, facts) above `---`, the
// log below. The facts line is free text with `key=value` pairs; this maps the ones it can to
// the names diagnoses use, so a test can compare every stated fact.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLogSize } from '../sizes.js';
import type { DiagnosisKind } from '../types.js';

/** The repository root (this file is src/doctor/test-helpers/corpus.ts). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** ../shared/corpus beside the repository. */
export const corpusDir = resolve(repoRoot, '..', 'shared', 'corpus');

/** A fact the header states: the diagnosis fact names that may hold it, and its value. */
export interface StatedFact {
  key: string;
  names: string[];
  value: number | string;
  /**
   * How far a number may be from `value` and still be the figure stated: half the last printed digit
   * of a size written in a unit ("9866.00 MiB" is 9866.00 ± 0.005 MiB), so the exact byte count a log
   * prints beside it (ggml's "buffer of size 10345253120") is the same figure. 0 for a byte count.
   */
  within?: number;
}

/** A holder the header states ("608946 uses 14.91GiB"). */
export interface StatedHolder {
  pid: number;
  bytes: number;
}

/** One corpus file: its label, the kind that label stands for, the log, the stated facts. */
export interface CorpusCase {
  file: string;
  label: string;
  expectedKind: DiagnosisKind;
  body: string;
  facts: StatedFact[];
  holders: StatedHolder[];
  /** `key=value` pairs of the header that map to no diagnosis fact (reported, not compared). */
  unmapped: string[];
}

// Header key → diagnosis fact names (DESIGN "Data for tests"; torch's old "cached" is reserved − allocated, FACTS Q9).
const names: Record<string, string[]> = {
  requested: ['requestedBytes'],
  total: ['totalBytes'],
  free: ['freeBytes'],
  allocated: ['allocatedBytes'],
  reserved: ['reservedBytes'],
  cached: ['reservedUnallocatedBytes'],
  reserved_unallocated: ['reservedUnallocatedBytes'],
  this_process: ['processBytes'],
  killed_pid: ['pid'],
  pid: ['pid', 'invokingPid', 'printingPid'],
  anon_rss: ['anonRssBytes'],
  file_rss: ['fileRssBytes'],
  shmem_rss: ['shmemRssBytes'],
  total_vm: ['totalVmBytes'],
  uid: ['uid'],
  constraint: ['constraint'],
  oom_score_adj: ['oomScoreAdj'],
  device: ['device'],
  rank: ['rank'],
  shape: ['shape'],
  allocator: ['allocator'],
  node: ['node'],
  exitcode: ['exitCode'],
  StepId: ['slurmStep'],
  base_limit: ['baseLimitBytes'],
  io_args: ['ioArgumentsBytes'],
  pool: ['poolBytes'],
  memory_limit: ['limitBytes'],
  Limit: ['limitBytes'],
  InUse: ['inUseBytes'],
  MaxInUse: ['maxInUseBytes'],
  NumAllocs: ['allocationCount'],
  MaxAllocSize: ['maxAllocSizeBytes'],
  available: ['availableBytes'],
  LargestFreeBlock: ['largestFreeBlockBytes'],
  parameter_alloc: ['parameterBytes'],
  maybe_live_out: ['maybeLiveOutBytes'],
  preallocated_temp: ['preallocatedTempBytes'],
  total_allocation: ['totalAllocationBytes'],
  fragmentation: ['fragmentationBytes'],
  phase: ['phase'],
  remat_limit: ['rematLimitBytes'],
};

const stringFacts = new Set(['constraint', 'shape', 'allocator', 'node', 'slurmStep', 'phase']);

/** The kind a corpus label stands for (DESIGN "Data for tests"). */
export function kindForLabel(label: string, body: string): DiagnosisKind {
  if (label === 'not_oom') return 'none';
  if (label === 'host_oom_killed') return 'host_oom';
  if (label === 'shm') return 'shm';
  if (label === 'isaac_or_sim') {
    // PhysX buffer overflows are sim_capacity; the other simulator failures are device memory.
    return /DynamicsMemoryConfig::|buffer overflow detected|overflowing initial allocation|overflow - please increase (?:nconmax|naconmax|njmax)|Pre-allocated (?:contact|constraint) buffer is full/.test(
      body,
    )
      ? 'sim_capacity'
      : 'gpu_oom';
  }
  return 'gpu_oom';
}

function parseStated(key: string, token: string): number | string | undefined {
  const name = names[key]![0]!;
  if (stringFacts.has(name)) return token.replace(/[.,]$/, '');
  if (name.endsWith('Bytes')) return parseLogSize(token.replace(/[.,]$/, ''));
  const digits = /-?\d+/.exec(token)?.[0];
  return digits === undefined ? undefined : Number(digits);
}

/** Parses the header's facts line into comparable facts and holders. */
export function parseFactsLine(line: string): Pick<CorpusCase, 'facts' | 'holders' | 'unmapped'> {
  const facts: StatedFact[] = [];
  const unmapped: string[] = [];
  // A size may be written with a space before its unit ("1.08 GiB", test/corpus headers).
  const pair =
    /(?:^|[\s;(])([A-Za-z_]\w*)=(\[[^\]]*\]|GPU[ :]?\d+|\d[\d.]*\s(?:[KMGT]i?B|bytes|B)\b|[^\s;()]+(?:\s(?:bytes|B)\b)?)/g;
  for (const found of line.matchAll(pair)) {
    const [whole, key, token] = found;
    if (!names[key!]) {
      unmapped.push(`${key}=${token}`);
      continue;
    }
    // "23.81GiB (25567444992 bytes)": the exact byte count beside a rounded size is what is stated.
    const exact = /^\s*\((?:(\d+) bytes|rounded to (\d+))\)/
      .exec(line.slice(found.index! + whole.length))
      ?.slice(1)
      .find(Boolean);
    const value =
      exact !== undefined && names[key!]![0]!.endsWith('Bytes') ? Number(exact) : parseStated(key!, token!);
    if (value === undefined) continue;
    const printed = exact === undefined ? /^\d+(?:\.(\d+))?\s?([KMGT]i?B)\b/.exec(token!) : null;
    const unitBytes = printed ? parseLogSize(`1 ${printed[2]}`) : undefined;
    const within =
      unitBytes !== undefined && typeof value === 'number'
        ? 0.5 * 10 ** -(printed![1]?.length ?? 0) * unitBytes
        : undefined;
    facts.push({ key: key!, names: names[key!]!, value, ...(within ? { within } : {}) });
  }
  const addFree = (key: string, factNames: string[], value: number | undefined) => {
    if (value !== undefined && !facts.some((f) => f.names.some((n) => factNames.includes(n)))) {
      facts.push({ key, names: factNames, value });
    }
  };
  addFree('(pid N)', ['pid'], Number(/\(pid (\d+)\)/.exec(line)?.[1] ?? Number.NaN) || undefined);
  const allocated =
    /fail(?:ed)? to allocate (?:request for )?\S+ \((\d+) ?(?:bytes|B)\)|fail to allocate memory (\d+) bytes/i.exec(
      line,
    );
  // The stream executor's "failed to allocate X (N bytes) from device" is the allocator growing its
  // pool (rules/xla.ts); the op's request is the BFC line. Either name holds what the header states.
  addFree(
    'failed to allocate',
    ['requestedBytes', 'poolGrowthBytes'],
    Number(allocated?.[1] ?? allocated?.[2]) || undefined,
  );
  const atLeast = /(?:>=|at least) (\d+)/.exec(line);
  addFree('at least', ['requiredBytes', 'requiredCount'], Number(atLeast?.[1]) || undefined);
  const freeOfTotal = /(\d+) of (\d+) bytes are free/.exec(line);
  addFree('N of M free', ['freeBytes'], Number(freeOfTotal?.[1]) || undefined);
  addFree('N of M free', ['totalBytes'], Number(freeOfTotal?.[2]) || undefined);
  return { facts, holders: parseHolders(line), unmapped };
}

function parseHolders(line: string): StatedHolder[] {
  const holders: StatedHolder[] = [];
  for (const m of line.matchAll(/(\d+) uses (\d[\d.]*\s?[KMGT]iB)/g)) {
    holders.push({ pid: Number(m[1]), bytes: parseLogSize(m[2]!) ?? 0 });
  }
  for (const m of line.matchAll(/\(([\d, ]+)\) each hold (\d[\d.]*\s?[KMGT]iB)/g)) {
    for (const pid of m[1]!.split(','))
      holders.push({ pid: Number(pid.trim()), bytes: parseLogSize(m[2]!) ?? 0 });
  }
  return holders;
}

/** Every corpus case, sorted by file name; [] when the corpus is absent. */
export function readCorpus(dir = corpusDir): CorpusCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const split = text.indexOf('\n---\n');
      const header = text.slice(0, split);
      const body = text.slice(split + 5);
      const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(header)?.[1]?.trim() ?? '';
      const label = field('label');
      return {
        file,
        label,
        expectedKind: kindForLabel(label, body),
        body,
        ...parseFactsLine(field('facts')),
      };
    });
}
