"""fit's warm start: a trial's Python process starts before its value is known, imports what the
script imports first (the slow part: torch, lightning, ...), then waits at a gate for the value.

headroom fit starts the next trials this way while the current one runs, each in its own cgroup
from the start, so a trial's memory is the same process's memory as a cold start's. The gate:

1. takes HEADROOM_FIT_GATE (a directory) and the `fit-gate` action out of the environment, so the
   program's own children (DataLoader workers, subprocesses) never wait at it;
2. imports the script's leading imports (the top-level `import` statements before its first other
   statement, `try:` blocks of imports included), in the script's order, with the script's directory
   on sys.path as the script will have it (a module beside it);
3. writes GATE/ready (JSON: pid, seconds, imports; `learned: true` and `learnedCount` once offered imports are in too) and
   waits for the file GATE/go;
4. reads `{"placeholder": "{batch}", "value": "128"}` and puts the value into sys.argv in place of
   the placeholder; the script then runs as if started with that argv.

While it waits, fit may write GATE/learned (JSON: module names, in the order another trial of the same
command imported them, fit-imports below): the gate imports them too (each on its own; one that fails is
skipped), so the imports the script makes later (a `lightning` imported inside a function) are paid
before the value as well; `ready` is written again with the seconds that took and `learnedCount`, how
many of the offered names are in. fit may write it again with more (what a running trial has imported
so far, then the rest; it only appends): the gate imports the names past those it has.

`fit-imports` (install() in __init__.py, any trial): from the start, every module the process imports
is appended to the file HEADROOM_FIT_IMPORTS names, one a line, so fit learns what a trial of this
command imports (sys.addaudithook's `import` event, raised once per module, before it loads).

If the gate cannot do its part (no script file, no gate directory, no value) the process exits with
code 3 before the script runs, never running the script with a placeholder in its argv; fit then
runs that trial cold.
"""

import ast
import json
import os
import sys
import time

from . import report

GATE_FAILED_EXIT = 3


def _leading_imports(path):
    """Module names of the leading top-level imports of the script at `path`, in order."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), filename=path)
    names = []

    def take(statement):
        if isinstance(statement, ast.Import):
            names.extend(alias.name for alias in statement.names)
            return True
        if isinstance(statement, ast.ImportFrom):
            if statement.level == 0 and statement.module and statement.module != "__future__":
                names.append(statement.module)
            return True
        return False

    for index, statement in enumerate(tree.body):
        is_docstring = (
            index == 0
            and isinstance(statement, ast.Expr)
            and isinstance(getattr(statement, "value", None), ast.Constant)
            and isinstance(statement.value.value, str)
        )
        if is_docstring or take(statement):
            continue
        # `try: import x` / `except ImportError: ...`: the imports of its body only.
        if isinstance(statement, ast.Try) and all(
            isinstance(s, (ast.Import, ast.ImportFrom)) for s in statement.body
        ):
            for s in statement.body:
                take(s)
            continue
        break
    return names


def _preimport(names):
    """Imports each module as the script would; the first one that fails ends the warm-up (the script
    then meets the failure itself, where it would have)."""
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except BaseException:
            return


IMPORTS_LOG_VARIABLE = "HEADROOM_FIT_IMPORTS"


def record_imports(path):
    """Appends each module imported from now on to `path`, one a line (fit's learned imports). The
    `import` audit event comes once per module not yet in sys.modules (sys.audit, PEP 578)."""
    if not path:
        return
    seen = set(sys.modules)

    def hook(event, args):
        if event != "import" or not args or not isinstance(args[0], str):
            return
        name = args[0]
        if name in seen or name.startswith("__"):
            return
        seen.add(name)
        try:
            with open(path, "a") as f:
                f.write(name + "\n")
        except OSError:
            pass

    sys.addaudithook(hook)


def preimport_learned(names):
    """Imports what other trials of this command imported, in their order; one that fails is skipped
    (an optional dependency the program probes for), the rest are still imported."""
    import importlib

    for name in names:
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except Exception:
            continue


def _fail(why):
    report.warn("fit's warm start could not wait for its value (%s); the trial runs cold" % why)
    sys.stderr.flush()
    os._exit(GATE_FAILED_EXIT)


def wait():
    """Warms up and waits for the trial's value (see the module's text); never returns without it."""
    try:
        _wait()
    except BaseException as error:  # the script must not run with the placeholder in its argv
        _fail("%s: %s" % (type(error).__name__, error))


def _wait():
    gate = os.environ.pop("HEADROOM_FIT_GATE", "")
    actions = [a for a in os.environ.get("HEADROOM_BOOT", "").split(",") if a.strip() not in ("", "fit-gate")]
    os.environ["HEADROOM_BOOT"] = ",".join(actions)
    if not gate:
        _fail("HEADROOM_FIT_GATE is not set")
    started = time.monotonic()
    script = sys.argv[0] if sys.argv else ""
    if not script.endswith(".py") or not os.path.isfile(script):
        _fail("no script file in sys.argv")
    try:
        names = _leading_imports(script)
    except Exception as error:
        names = []
        report.warn("fit's warm start read no imports from %s (%s)" % (script, error))
    # The script's own directory is not on sys.path yet (Python puts it first only after site, where
    # this runs): a leading `import model` of a module beside the script needs it. Taken out again
    # before the script runs, which puts it there itself.
    script_dir = os.path.dirname(os.path.abspath(script))
    sys.path.insert(0, script_dir)
    _preimport(names)
    ready = os.path.join(gate, "ready")
    with open(ready + ".tmp", "w") as f:
        json.dump({"pid": os.getpid(), "seconds": round(time.monotonic() - started, 3), "imports": names}, f)
    os.replace(ready + ".tmp", ready)
    go = os.path.join(gate, "go")
    learned = os.path.join(gate, "learned")
    # fit may offer more while this waits (what the running trial imported so far, then more): it only
    # appends to the list, so the names past those already imported are the new ones.
    learned_count = 0
    learned_seen = None
    # Written whole (renamed into place) by fit; a parent that is gone leaves this process to the
    # supervisor, which stops its whole group.
    # What other trials imported comes first, even when the value came with it (fit offers it first).
    while True:
        try:
            stat = os.stat(learned)
            stamp = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = None
        if stamp is not None and stamp != learned_seen:
            learned_seen = stamp
            with open(learned) as f:
                offered = json.load(f)
            if len(offered) > learned_count:
                preimport_learned(offered[learned_count:])
                learned_count = len(offered)
                # learned: fit reads the memory held here (every value's base) once these imports are in.
                with open(ready + ".tmp", "w") as f:
                    json.dump(
                        {
                            "pid": os.getpid(),
                            "seconds": round(time.monotonic() - started, 3),
                            "imports": names,
                            "learned": True,
                            "learnedCount": learned_count,
                        },
                        f,
                    )
                os.replace(ready + ".tmp", ready)
        if os.path.exists(go):
            break
        time.sleep(0.01)
    with open(go) as f:
        message = json.load(f)
    placeholder, value = message["placeholder"], str(message["value"])
    sys.argv[:] = [arg.replace(placeholder, value) for arg in sys.argv]
    if sys.path and sys.path[0] == script_dir:
        del sys.path[0]
