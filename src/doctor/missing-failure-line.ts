// Issue 23 item 4: what doctor says when the failure line itself is not in the log. Users paste the
// last screen they saw: a traceback's frames without its error line, an allocator's dump without the
// line that said the allocation failed, a bare "Killed" without the killer's own message. A reading
// that rests on such evidence says so (a rule's `withoutFailureLine`), and a log that ends inside a
// traceback with nothing read is "can't tell" with what to paste to decide it, the same for every
// library. Pure: the classifier's last lines and drafts in, a note out.
import type { MissingFailureLine } from './types.js';

// A Python traceback's frame line, as Lib/traceback.py prints it ('  File "x.py", line 3, in f'),
// and the marks 3.11+ print under a frame's source line ("    ^^^^^^", "~~~~^^^").
const pythonFrame = /^\s*File "[^"]*", line \d+(?:, in \S+)?\s*$/;
const pythonCarets = /^\s*[~^]+\s*$/;
// Frames of a native stack, each led by its index: Paddle's "C++ Traceback" ("3   paddle::framework::
// ..."), glibc's backtrace_symbols as Open MPI and UCX print it ("[host:pid] [ 7] /lib/x.so(f+0x3)[0x7f]"),
// gdb's ("#4  0x00007f in f () from /lib/x.so"); a frame cut mid-name still starts so.
const nativeFrame =
  /^\s*(?:\[[^\]]*\]\s*)?(?:#\d+\s+|\d+\s+|\[\s*\d+\]\s+)(?:0x[0-9a-f]+\b|[\w:<>~*&]+::|\/|[\w.-]+\.so\b|\w+(?:\(|$))/i;

/** Whether a line is only a paste's mark (a code fence, a quote's bracket) or blank. */
const isBlank = (line: string): boolean => /^\s*(?:`{3,}\w*|~{3,})?\s*$/.test(line);

/** The evidence of a log whose last lines are a traceback's frames with no error line after them. */
export function cutTracebackOf(tailLines: readonly string[]): MissingFailureLine | undefined {
  const lines = tailLines.filter((l) => !isBlank(l));
  const last = lines.at(-1);
  if (last === undefined) return undefined;
  const previous = lines.slice(-4, -1);
  // The last line is a frame, its source line, or the marks under it: the error line that follows
  // every Python traceback ("Name: message", Lib/traceback.py format_exception_only) never came.
  const isPythonTail =
    pythonFrame.test(last) ||
    ((pythonCarets.test(last) || /^\s{2,}\S/.test(last)) && previous.some((l) => pythonFrame.test(l)));
  if (isPythonTail)
    return {
      saw: 'a Python traceback that ends at a stack frame, with no error line after it',
      toDecide:
        'paste the rest of the output, down to the traceback\'s last line ("SomeError: message": "CUDA out of memory", "MemoryError", "RESOURCE_EXHAUSTED" and the like say memory ran out, and where); or rerun under headroom run -- <command> to keep the whole output',
    };
  if (nativeFrame.test(last) && previous.filter((l) => nativeFrame.test(l)).length >= 2)
    return {
      saw: 'a native (C++) stack that ends at a frame, with no error message after it',
      toDecide:
        'paste the rest of the output: the error the program prints with its stack (PaddlePaddle\'s "Error Message Summary" and its "...Error:" line, the "Signal:" lines above a backtrace, the exception\'s what()) says whether an allocation failed and on which device',
    };
  return undefined;
}

/** What a bare kill leaves out: the killer's own message, and where to find it. */
export const bareKillMissing: MissingFailureLine = {
  saw: 'a process killed with SIGKILL, with no message from whoever killed it',
  toDecide:
    "the killer's own record from the time of the kill: the kernel's (dmesg -T | grep -i -E 'out of memory|killed process', or journalctl -k), a container's (docker inspect -f '{{.State.OOMKilled}}' <container>; kubectl describe pod: Last State, Reason OOMKilled) or the scheduler's (sacct -j <job> -o State,MaxRSS,ReqMem)",
};
