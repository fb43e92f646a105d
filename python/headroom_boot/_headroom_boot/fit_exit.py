"""fit's quick exit (`fit-exit`): a trial's process ends as soon as its outcome is known, without the
interpreter's teardown.

A trial's answer is how its program ended: the exit status, and what it printed. Once the program has
ended and every atexit handler has run, that is known; what is left is Python's finalization (module
teardown, the garbage collector freeing every tensor and library object), which for a PyTorch and
Lightning process takes about 2 s of the ~5 s a warm trial runs (the bench's CNN: its last atexit handler
1.9 s before the process ended). So this registers, before anything else, an atexit handler (atexit runs
last-in, first-out: it runs after every other one, the program's, logging's, multiprocessing's and the
bootstrap's own `peaks`) that flushes stdout and stderr and ends the process with os._exit(status), where
the status is known for sure:

- the program raised an exception nobody caught (other than KeyboardInterrupt, which Python re-raises
  as SIGINT): Python printed it and set sys.last_value; the status is 1, as Python's own;
- the program's main thread called sys.exit(code) with None or an int (wrapped here to note the code;
  in another thread it ends only that thread), and no exception was printed after it: the status is
  that code (None: 0), as Python's own.

Otherwise (the program fell off its end, raised SystemExit itself, or gave sys.exit a message) nothing
is known here and the interpreter ends as it always does. What os._exit skips besides the teardown:
Python file objects the program left open unflushed are not flushed (a trial's files are not fit's
answer), and C-level atexit handlers do not run.

Python's exit status rules: https://docs.python.org/3/library/sys.html#sys.exit; os._exit:
https://docs.python.org/3/library/os.html#os._exit; atexit order: https://docs.python.org/3/library/atexit.html
"""

import _thread
import atexit
import os
import sys

_exit_codes = []


def _status():
    """The exit status the interpreter will end with, where it is known for sure; None otherwise."""
    last = getattr(sys, "last_value", None)
    if last is not None:
        return None if isinstance(last, (KeyboardInterrupt, SystemExit)) else 1
    if not _exit_codes:
        return None
    code = _exit_codes[-1]
    if code is None:
        return 0
    if isinstance(code, bool) or not isinstance(code, int):
        return None
    return code & 0xFF


def _quick_exit():
    status = _status()
    if status is None:
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    os._exit(status)


def arrange():
    """Notes sys.exit's code and registers the quick exit, to run after every other atexit handler."""
    real_exit = sys.exit
    main_thread = _thread.get_ident()

    def exit(status=None):
        if _thread.get_ident() == main_thread:
            _exit_codes.append(status)
        real_exit(status)

    exit.__doc__ = real_exit.__doc__
    sys.exit = exit
    atexit.register(_quick_exit)
