// Writes the run directory (DESIGN "Run records"): run.json first, then plan.json, events.jsonl,
// samples.jsonl and logs/ as things happen, summary.json at the end. Lines are appended as they
// happen, so a crash of headroom loses at most the line being written; readers tolerate that. A write
// the disk refuses (full, quota) is counted, never thrown: the run goes on and its summary says
// which file lost how many bytes from when.
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { openAppendNoFollow, writeFileAtomic } from '../files/write-file.js';
import { readProcStat } from '../probe/host/proc-table.js';
import { headroomVersion } from '../version.js';
import { claimRunDir } from './run-dir.js';
import {
  type AttemptDiagnoses,
  type EventType,
  type LostWrite,
  type RunEvent,
  type RunMeta,
  type RunSample,
  type RunSummary,
  recordVersion,
} from './schema.js';

/** An open file of the record that never throws on write: what cannot be written is counted. */
export interface RecordFile {
  /** The descriptor, for a copier that writes it on another thread (and reports its losses). */
  fd: number;
  write(data: Buffer | string): void;
  /** Counts bytes that a write elsewhere (the copier thread) could not write. */
  countLost(bytes: number, error: string): void;
  close(): void;
}

/** The writer the supervisor holds for one run. */
export interface RunRecord {
  runDir: string;
  /** Absolute path of a process's log. */
  logPath(name: string): string;
  /** The log path as summary.json states it: relative to the run directory. */
  logEntry(name: string): string;
  /** Opens (appends to) a process's log for headroom to copy its output into. */
  openLog(name: string): RecordFile;
  /** peaks.jsonl: the tree's GPU clients append their exact peaks to it at exit (HEADROOM_PEAKS_FILE). */
  peaksPath: string;
  writePlan(plan: unknown): void;
  appendEvent(event: RunEvent): void;
  appendSample(sample: RunSample): void;
  /** Appends what doctor's classifier made of one ended attempt's output (diagnoses.jsonl). */
  appendDiagnoses(entry: AttemptDiagnoses): void;
  /** Every file that lost writes so far. */
  lostWrites(): LostWrite[];
  /**
   * Writes summary.json atomically (a temporary file renamed over it, in space reserved when the
   * record was opened), stamped with the record's version and the lost writes; returns what it wrote.
   */
  writeSummary<Summary extends Omit<RunSummary, 'recordVersion' | 'lostWrites'>>(
    summary: Summary,
  ): { recordVersion: number; lostWrites: LostWrite[] } & Summary;
  close(): void;
}

const toJsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The file children append their exact peaks to (python/headroom_boot peaks.py, the simulated card). */
export const peaksFileName = 'peaks.jsonl';

/** diagnoses.jsonl: doctor's classification of each ended attempt's output, as the supervisor read it. */
export const diagnosesFileName = 'diagnoses.jsonl';

/**
 * Room kept for summary.json from the start, so a disk filled during the run still takes the ending
 * (a summary of 50 processes is ~80 KB). Overwriting blocks already written needs no new space on
 * tmpfs, ext4 and xfs; a copy-on-write file system (btrfs, ZFS) may still refuse.
 */
export const summaryReserveBytes = 512 * 1024;
const reserveName = '.summary.json.reserved';

const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Writes all of `data` at the file's end (or `position`); returns the bytes that could not be written, and why. */
function writeAll(fd: number, data: Buffer, position?: number): { lostBytes: number; error?: string } {
  let done = 0;
  while (done < data.length) {
    try {
      const at = position === undefined ? null : position + done;
      const written = writeSync(fd, data, done, data.length - done, at);
      if (written === 0) return { lostBytes: data.length - done, error: 'EIO' };
      done += written;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EAGAIN' || code === 'EINTR') continue;
      return { lostBytes: data.length - done, error: code };
    }
  }
  return { lostBytes: 0 };
}

/** Claims the run directory (run.json, written first and exclusively) and opens its append-only files. */
export function openRunRecord(
  path: string,
  meta: Omit<RunMeta, 'recordVersion'>,
  options: { clock?: { now(): number } } = {},
): RunRecord & {
  /** Called once per file, at its first lost write (the supervisor makes it an event). */
  onFirstLoss: ((loss: LostWrite) => void) | null;
} {
  const clock = options.clock ?? Date;
  const runDir = claimRunDir(path, `${JSON.stringify({ recordVersion, ...meta }, null, 2)}\n`);
  mkdirSync(join(runDir, 'logs'));
  const lost = new Map<string, LostWrite>();
  const countLoss = (file: string, bytes: number, error: string): void => {
    const known = lost.get(file);
    if (known) {
      known.bytes += bytes;
      return;
    }
    const loss = { file, bytes, since: new Date(clock.now()).toISOString(), error };
    lost.set(file, loss);
    record.onFirstLoss?.({ ...loss });
  };
  // Never through a link someone planted; events and samples are new files of a fresh directory.
  const openAppending = (file: string, isExclusive = false): RecordFile => {
    const fd = openAppendNoFollow(join(runDir, file), { isExclusive });
    return {
      fd,
      write: (data) => {
        const { lostBytes, error } = writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
        if (lostBytes > 0) countLoss(file, lostBytes, error ?? 'EIO');
      },
      countLost: (bytes, error) => countLoss(file, bytes, error),
      close: () => closeSync(fd),
    };
  };
  const events = openAppending('events.jsonl', true);
  const samples = openAppending('samples.jsonl', true);
  let diagnoses: RecordFile | null = null;
  const reservePath = join(runDir, reserveName);
  reserveSpace(reservePath);
  const logEntry = (name: string): string => `logs/${name}.log`;
  const record: ReturnType<typeof openRunRecord> = {
    runDir,
    onFirstLoss: null,
    logPath: (name) => join(runDir, logEntry(name)),
    logEntry,
    peaksPath: join(runDir, peaksFileName),
    openLog: (name) => openAppending(logEntry(name)),
    // Whole files go through a temporary file and a rename: never through a link, never seen half-written.
    writePlan: (plan) => writeFileAtomic(join(runDir, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`),
    appendEvent: (event) => events.write(toJsonLine(event)),
    appendSample: (sample) => samples.write(toJsonLine(sample)),
    appendDiagnoses: (entry) => {
      // Opened at the first ended attempt: a record without one has no diagnoses.jsonl.
      diagnoses ??= openAppending(diagnosesFileName);
      diagnoses.write(toJsonLine(entry));
    },
    lostWrites: () => [...lost.values()].map((loss) => ({ ...loss })),
    writeSummary: (summary) => {
      const stamped = { recordVersion, ...summary, lostWrites: record.lostWrites() };
      // Indented for people; compact when only that fits the reserved space.
      const texts = [`${JSON.stringify(stamped, null, 2)}\n`, `${JSON.stringify(stamped)}\n`];
      writeSummaryFile(runDir, reservePath, texts);
      return stamped;
    },
    close: () => {
      events.close();
      samples.close();
      diagnoses?.close();
      rmSync(reservePath, { force: true });
    },
  };
  return record;
}

// Fills the reserve with zeros: written blocks are held by the file (a hole would hold nothing).
function reserveSpace(reservePath: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(
      reservePath,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    if (writeAll(fd, Buffer.alloc(summaryReserveBytes)).lostBytes > 0) throw new Error('ENOSPC');
  } catch {
    rmSync(reservePath, { force: true }); // no room even now: the summary is written without it
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// The first text that fits goes into the reserve (overwritten in place, cut to length, renamed);
// without a reserve, into a new temporary file.
function writeSummaryFile(runDir: string, reservePath: string, texts: string[]): void {
  let fd: number | undefined;
  try {
    fd = openSync(reservePath, constants.O_WRONLY | constants.O_NOFOLLOW);
  } catch {
    fd = undefined; // no reserve
  }
  if (fd !== undefined) {
    try {
      for (const text of texts) {
        const data = Buffer.from(text);
        if (writeAll(fd, data, 0).lostBytes > 0) continue;
        ftruncateSync(fd, data.length);
        closeSync(fd);
        fd = undefined;
        renameSync(reservePath, join(runDir, 'summary.json'));
        return;
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  let lastError: unknown;
  for (const text of texts) {
    try {
      writeFileAtomic(join(runDir, 'summary.json'), text);
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** run.json's word on the headroom writing the record: its PID and start time (a live run or a dead one) and version. */
export function supervisorMeta(
  procRoot = '/proc',
): Pick<RunMeta, 'headroomPid' | 'headroomStartTicks' | 'headroomVersion'> {
  return {
    headroomPid: process.pid,
    headroomStartTicks: readProcStat(process.pid, procRoot)?.startTicks ?? null,
    headroomVersion,
  };
}

/** Appends an event, stamped with the clock's time, to events.jsonl, and hands it to the renderer. */
export type EventSink = (
  type: EventType,
  process: string | undefined,
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** The one way a run (local or on Slurm) records an event. */
export function eventSink(options: {
  record: RunRecord;
  clock: { now(): number };
  emit: (update: { kind: 'event'; event: RunEvent }) => void;
}): EventSink {
  const { record, clock, emit } = options;
  return (type, process, message, fields) => {
    const event = {
      time: new Date(clock.now()).toISOString(),
      type,
      ...(process ? { process } : {}),
      message,
      ...fields,
    };
    record.appendEvent(event);
    emit({ kind: 'event', event });
  };
}
