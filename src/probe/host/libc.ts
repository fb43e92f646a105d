// The few libc calls Node does not offer, through koffi (already loaded for NVML and prctl):
// pipe2 with a larger buffer for a child's output, and waitpid for processes headroom adopted
// but did not spawn. Loaded on first use; null where there is no glibc (musl names it libc.so).
import koffi from 'koffi';

// Linux uapi (asm-generic/fcntl.h, linux/fcntl.h, linux/wait.h): the same on x86-64 and arm64.
const O_CLOEXEC = 0o2000000;
const F_SETPIPE_SZ = 1031;
const WNOHANG = 1;
const F_GETFL = 3;
const F_SETFL = 4;
const O_NONBLOCK = 0o4000;

interface Libc {
  pipe2: (fds: Int32Array, flags: number) => number;
  fcntl: (fd: number, cmd: number, ...rest: unknown[]) => number;
  waitpid: (pid: number, status: Int32Array, options: number) => number;
}

let libc: Libc | null | undefined;

function loadLibc(): Libc | null {
  if (libc !== undefined) return libc;
  try {
    if (process.platform !== 'linux') throw new Error('not Linux');
    const lib = koffi.load('libc.so.6');
    libc = {
      pipe2: lib.func('int pipe2(_Out_ int *fds, int flags)'),
      fcntl: lib.func('int fcntl(int fd, int cmd, ...)'),
      waitpid: lib.func('int waitpid(int pid, _Out_ int *status, int options)'),
    };
  } catch {
    libc = null;
  }
  return libc;
}

/**
 * A pipe whose ends close on exec (so no other child inherits them), its buffer raised to
 * `bufferBytes` where the kernel allows (/proc/sys/fs/pipe-max-size, 1 MiB by default); null
 * without libc.
 */
export function openPipe(bufferBytes: number): { readFd: number; writeFd: number } | null {
  const c = loadLibc();
  if (!c) return null;
  const fds = new Int32Array(2);
  if (c.pipe2(fds, O_CLOEXEC) !== 0) return null;
  c.fcntl(fds[1]!, F_SETPIPE_SZ, 'int', bufferBytes); // best effort: the 64 KiB default still works
  return { readFd: fds[0]!, writeFd: fds[1]! };
}

/** Makes reads of `fd` return EAGAIN instead of waiting (this file description only); false on failure. */
export function setNonBlocking(fd: number): boolean {
  const c = loadLibc();
  if (!c) return false;
  const flags = c.fcntl(fd, F_GETFL);
  return flags >= 0 && c.fcntl(fd, F_SETFL, 'int', flags | O_NONBLOCK) === 0;
}

/** Reaps `pid` if it has ended (waitpid WNOHANG); true when it was reaped. */
export function reapIfEnded(pid: number): boolean {
  const c = loadLibc();
  if (!c || !Number.isInteger(pid) || pid <= 0) return false;
  return c.waitpid(pid, new Int32Array(1), WNOHANG) === pid;
}

/** Whether libc could be loaded (pipes and reaping work). */
export const hasLibc = (): boolean => loadLibc() !== null;
