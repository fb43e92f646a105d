# `python run_then_exit.py SCRIPT ARG...` runs SCRIPT as `python SCRIPT ARG...` would (as __main__, its
# directory first on sys.path, the same exit code and output), then leaves through os._exit instead of
# the interpreter's teardown. In a fork of the warm test Python (src/test-helpers/warm-python.ts) the
# teardown of everything torch imported touches, and so copies, most of the server's pages: ~1 CPU-s per
# run that no test asserts anything of. Only for scripts that print and exit (no atexit handler, no
# thread left to finish), as the warm Python is.
import os
import runpy
import sys
import traceback

script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path[0] = os.path.dirname(os.path.abspath(script))
try:
    runpy.run_path(script, run_name="__main__")
    code = 0
except SystemExit as done:
    # As the interpreter reads it: None is 0, an int the code, anything else printed and 1.
    if done.code is None:
        code = 0
    elif isinstance(done.code, int):
        code = done.code
    else:
        print(done.code, file=sys.stderr)
        code = 1
except BaseException:
    traceback.print_exc()
    code = 1
sys.stdout.flush()
sys.stderr.flush()
os._exit(code & 0xFF)
