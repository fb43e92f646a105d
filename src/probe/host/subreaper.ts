// Makes headroom a child subreaper (prctl PR_SET_CHILD_SUBREAPER, Linux 3.4): a process of a
// supervised tree that double-forks away from it (a daemon, `setsid` then exit) is reparented to
// headroom instead of init, so headroom still finds it, measures it and stops it at the end of the
// run. Node has no prctl; koffi (already used for NVML) calls libc's. Loaded only by `run`.
import koffi from 'koffi';

// include/uapi/linux/prctl.h: #define PR_SET_CHILD_SUBREAPER 36
const prSetChildSubreaper = 36;

let state: boolean | undefined;

/** Asks the kernel to make this process a subreaper; true when it did (once per process). */
export function becomeChildSubreaper(): boolean {
  if (state !== undefined) return state;
  if (process.platform !== 'linux') {
    state = false;
    return state;
  }
  try {
    const libc = koffi.load('libc.so.6');
    const prctl = libc.func(
      'int prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4, unsigned long arg5)',
    );
    state = prctl(prSetChildSubreaper, 1, 0, 0, 0) === 0;
  } catch {
    state = false; // another libc (musl names it libc.so), or no FFI: orphans go to init as before
  }
  return state;
}
