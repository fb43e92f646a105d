"""What the trace helpers share: the request and answer on stdin/stdout (one JSON object each way), the
one-line error for what the user gave, and the user's `pkg.module:name` target (src/trace/helper.ts)."""

import importlib
import json
import os
import sys
import traceback

_HERE = os.path.dirname(os.path.abspath(__file__))


class TraceError(Exception):
    """A problem with what the user gave (a path, a module, an option): one line, no stack."""


def import_target(request, kind):
    """The callable `pkg.module:name` names, imported from the user's working directory."""
    target = request["module"]
    if ":" not in target:
        raise TraceError(f"--trace-module {target}: expected pkg.module:{kind}")
    module_name, _, attr = target.partition(":")
    sys.path.insert(0, request.get("cwd") or os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise TraceError(f"--trace-module {target}: cannot import {module_name}: {error}")
    found = getattr(module, attr, None)
    if not callable(found):
        raise TraceError(f"--trace-module {target}: {module_name} has no callable {attr}")
    return found


def serve(argv, compute, failed):
    """Reads the request (argv[1]), prints {"result"} or {"error": {message, detail}}; returns the exit code.
    `failed(request, error)` words the one line for a failure of the user's own code."""
    try:
        request = json.loads(argv[1])
    except (IndexError, ValueError) as error:
        print(json.dumps({"error": {"message": f"headroom trace helper: bad request: {error}", "detail": ""}}))
        return 2
    try:
        result = compute(request)
        result["python"] = sys.executable
        print(json.dumps({"result": result}))
        return 0
    except TraceError as error:
        print(json.dumps({"error": {"message": str(error), "detail": ""}}))
        return 2
    except BaseException as error:  # the user's code failed: one line, the stack's tail as detail
        # The user's own frames (where to look) and the last lines of the whole stack.
        frames = traceback.extract_tb(error.__traceback__)
        own = [f for f in frames if "site-packages" not in f.filename and os.path.dirname(f.filename) != _HERE]
        tail = traceback.format_list(own[-6:]) + traceback.format_exc().splitlines()[-8:]
        first = str(error).splitlines()[0] if str(error) else ""
        message = f"{failed(request)}: {type(error).__name__}: {first}"
        print(json.dumps({"error": {"message": message, "detail": "\n".join(line.rstrip("\n") for line in tail)}}))
        return 2
