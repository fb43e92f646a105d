// How headroom writes files (the report, the run record, the Slurm script) without ever writing
// through a link planted where its file goes: whole files are written to a fresh temporary file in
// the same directory (created exclusively, never a link) and renamed over the target, so a link
// there is replaced, not followed, and a reader never sees half a file; files that grow are opened
// with O_NOFOLLOW and checked to be regular files. cgroup files are the kernel's and are written as-is.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

const { O_WRONLY, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Options of a whole-file write. */
export interface WriteFileOptions {
  /** Permission bits of a new file (the umask applies); default 0o644. */
  mode?: number;
  /** fsync the data before the rename, so a crash leaves the old file or the new one (default false). */
  isDurable?: boolean;
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/**
 * Writes `data` to `path` as a whole: into `.<name>.<random>.tmp` beside it (O_CREAT|O_EXCL|O_NOFOLLOW),
 * then renamed over `path`. A symbolic link at `path` is replaced by the file; its target is never
 * touched. On any error the temporary file is removed and the error is thrown (the old file stays).
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileOptions = {},
): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, options.mode ?? 0o644);
  let isRenamed = false;
  try {
    writeAll(fd, data);
    if (options.isDurable) fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, path);
    isRenamed = true;
  } finally {
    if (!isRenamed) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      try {
        unlinkSync(temporary);
      } catch {
        // nothing to remove
      }
    }
  }
}

/** The error for a path that is there but is not a regular file (a FIFO, a device, a directory). */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  constructor(readonly path: string) {
    super(`${path} is not a regular file`);
    this.name = 'NotRegularFileError';
  }
}

/**
 * Opens `path` for appending without following a link (ELOOP when it is one) or blocking on a FIFO;
 * creates it (`mode`, default 0o644) when missing; refuses anything but a regular file. With
 * `isExclusive`, the file must not exist yet (EEXIST): for files a fresh run directory creates.
 * The descriptor is blocking again for writes (O_NONBLOCK only guards the open).
 */
export function openAppendNoFollow(
  path: string,
  options: { mode?: number; isExclusive?: boolean } = {},
): number {
  const exclusive = options.isExclusive ? O_EXCL : 0;
  const fd = openSync(
    path,
    O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | exclusive,
    options.mode ?? 0o644,
  );
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new NotRegularFileError(path);
  }
  // A regular file ignores O_NONBLOCK, so the descriptor can be handed to a child as its stdout.
  return fd;
}

/** Writes a whole new file that must not exist yet (O_CREAT|O_EXCL|O_NOFOLLOW): claims, lock files. */
export function writeFileExclusive(path: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = openSync(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  try {
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}
