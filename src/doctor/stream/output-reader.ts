// A process's output, read as it is written, by the same line classifier `doctor` uses, through
// the same byte path (only lines holding a keyword, and the context before them, are decoded): the
// supervisor feeds it every line of every attempt and takes its primary diagnosis at the end.
// Owned by doctor: the one judge of a process's end (src/verdict) imports it, never the reverse.

import type { Confidence, MemoryKind } from '../../vocabulary.js';
import { LogClassifier } from '../classify.js';
import { diagnoseClassified } from '../diagnose.js';
import type { Diagnosis, Facts } from '../types.js';
import { ByteClassifier } from './byte-classifier.js';

/** The numbers a process's own out-of-memory message states (doctor's facts of it). */
export interface LogNumbers {
  requestedBytes?: number | undefined;
  /** The framework's own pool limit (XLA's `Limit:`, `memory_limit_`). */
  limitBytes?: number | undefined;
  /** What its pool had in use (XLA's `InUse:`). */
  inUseBytes?: number | undefined;
  /** What the card had free (PyTorch's "of which X is free", cuDNN's report). */
  freeBytes?: number | undefined;
  /** The driver refused this much more for the pool (XLA/TF "failed to allocate ... from device: CUDA_ERROR_OUT_OF_MEMORY"). */
  deviceRefusedBytes?: number | undefined;
}

/** What the line classifier (doctor's) made of a process's output: its primary diagnosis, in short. */
export interface LogVerdict {
  kind: MemoryKind;
  /** The diagnosis code (`torch-cuda-oom`, `python-memory-error`, ...). */
  code: string;
  framework: string;
  summary: string;
  confidence: Confidence;
  /** 1-based line of the log the verdict rests on, and that line. */
  line: number;
  text: string;
  /** PIDs the output names as killed (PyTorch's "DataLoader worker (pid N) is killed"). */
  killedPids: number[];
  /** A GPU OOM's own numbers (request, pool limit and use, the card's free memory); {} otherwise. */
  numbers: LogNumbers;
}

/** Lines longer than this are classified by their first part only (signatures sit at the start). */
export const maxClassifiedLineChars = 16 * 1024;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The numbers of an out-of-memory message the cause judge weighs: XLA's `Limit`/`InUse` stats, or
 * PyTorch's "allowed" and reserved bytes and the card's free memory.
 */
export function logNumbersOf(facts: Facts): LogNumbers {
  const torchReserved =
    num(facts.reservedBytes) ??
    (num(facts.allocatedBytes) !== undefined
      ? (num(facts.allocatedBytes) ?? 0) + (num(facts.reservedUnallocatedBytes) ?? 0)
      : undefined);
  const numbers: LogNumbers = {
    requestedBytes: num(facts.requestedBytes),
    limitBytes: num(facts.limitBytes) ?? num(facts.allowedBytes),
    inUseBytes: num(facts.inUseBytes) ?? torchReserved,
    freeBytes: num(facts.freeBytes),
    deviceRefusedBytes: num(facts.poolGrowthBytes),
  };
  return Object.fromEntries(Object.entries(numbers).filter(([, v]) => v !== undefined)) as LogNumbers;
}

/** The short verdict of a diagnosis list: its primary memory failure, else its near miss, else null. */
export function logVerdictOf(diagnoses: readonly Diagnosis[]): LogVerdict | null {
  const primary = diagnoses.find((d) => d.kind !== 'none') ?? diagnoses[0];
  if (!primary) return null;
  const pids = diagnoses.flatMap((d) =>
    d.kind === 'host_oom' && typeof d.facts.pid === 'number' && /worker/i.test(d.code) ? [d.facts.pid] : [],
  );
  return {
    kind: primary.kind,
    code: primary.code,
    framework: primary.framework,
    summary: primary.summary,
    confidence: primary.confidence,
    line: primary.evidence.line,
    text: primary.evidence.text,
    killedPids: [...new Set(pids)],
    numbers: primary.kind === 'gpu_oom' ? logNumbersOf(primary.facts) : {},
  };
}

/** Reads one attempt's output incrementally (bounded memory) and gives the log's verdict at the end. */
export class OutputReader {
  private readonly classifier = new LogClassifier();
  // Lines as doctor reads a file: CRLF ends a line too, a long line is cut.
  private readonly reader = new ByteClassifier(this.classifier, maxClassifiedLineChars);
  private result: Diagnosis[] | null = null;
  private lines = 0;

  /** Feeds output, bytes or text; lines may be split across calls. A Buffer may be reused after. */
  write(output: Buffer | string): void {
    const bytes = typeof output === 'string' ? Buffer.from(output, 'utf8') : output;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) this.lines += 1;
    this.reader.write(bytes);
  }

  /** Whole lines written so far: what a verdict's 1-based `line` is counted against. */
  get lineCount(): number {
    return this.lines;
  }

  /** Ends the output and returns every diagnosis, primary first (the same call doctor makes). */
  finish(): Diagnosis[] {
    if (this.result) return this.result;
    this.reader.end();
    this.result = diagnoseClassified(this.classifier.finish());
    return this.result;
  }

  /** The log's verdict (see logVerdictOf). */
  verdict(): LogVerdict | null {
    return logVerdictOf(this.finish());
  }
}
