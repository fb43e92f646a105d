"""One JAX train step compiled by XLA, its buffers counted by XLA's own memory analysis.

Run by `headroom estimate --trace` (framework jax) with the user's own Python and jax:
    python trace_jax.py REQUEST_JSON
The request names `pkg.module:function` and, with `--trace-input`, one `shape:dtype` per positional
argument; without inputs the function is a factory returning {"step": fn, "args": (...)} whose args
are pytrees of arrays or jax.ShapeDtypeStruct. The step is lowered and compiled on shapes only
(jax.jit(step).lower(*shapes).compile().memory_analysis()): nothing runs, nothing is allocated.
`"mode": "check"` also runs the step on real arrays and counts its real arguments and outputs.
Prints one JSON object: {"result": {...}} or {"error": {"message", "detail"}}.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
import traceback


class TraceError(Exception):
    """A problem with what the user gave: one line, no stack."""


def parse_input(text):
    """`name=32,784:float32` (the name is for messages) -> (name, shape, dtype)."""
    name, _, spec = text.rpartition("=")
    shape_text, _, dtype = spec.partition(":")
    try:
        shape = tuple(int(dim) for dim in shape_text.split(",") if dim.strip() != "")
    except ValueError:
        raise TraceError(f"--trace-input {text}: expected name=shape:dtype, e.g. x=32,784:float32")
    return name or f"arg{len(shape)}", shape, dtype or "float32"


def load(request, jax, jnp):
    target = request["module"]
    if ":" not in target:
        raise TraceError(f"--trace-module {target}: expected pkg.module:function")
    module_name, _, attr = target.partition(":")
    sys.path.insert(0, request.get("cwd") or os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise TraceError(f"--trace-module {target}: cannot import {module_name}: {error}")
    function = getattr(module, attr, None)
    if not callable(function):
        raise TraceError(f"--trace-module {target}: {module_name} has no callable {attr}")
    inputs = request.get("inputs") or []
    if inputs:
        shapes = []
        for text in inputs:
            name, shape, dtype = parse_input(text)
            try:
                shapes.append(jax.ShapeDtypeStruct(shape, jnp.dtype(dtype)))
            except TypeError:
                raise TraceError(f"--trace-input {text}: unknown dtype {dtype!r}")
        return function, tuple(shapes)
    built = function()
    if not isinstance(built, dict) or not callable(built.get("step")) or "args" not in built:
        raise TraceError(
            f"--trace-module {target}: without --trace-input, {attr}() must return {{'step': fn, 'args': (...)}}"
        )
    shapes = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), tuple(built["args"]))
    return built["step"], shapes


def nbytes_of(jax, tree):
    return sum(int(leaf.size) * leaf.dtype.itemsize for leaf in jax.tree.leaves(tree))


def run(request):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError as error:
        raise TraceError(f"--trace for jax needs jax in {sys.executable}: {error}")
    started = time.monotonic()
    step, shapes = load(request, jax, jnp)
    donate = tuple(request.get("donate") or ())
    compiled = jax.jit(step, donate_argnums=donate).lower(*shapes).compile()
    stats = compiled.memory_analysis()
    if stats is None:
        raise TraceError(f"XLA gives no memory analysis on this backend ({jax.default_backend()})")
    arguments = int(stats.argument_size_in_bytes)
    outputs = int(stats.output_size_in_bytes)
    aliased = int(stats.alias_size_in_bytes)
    temporaries = int(stats.temp_size_in_bytes)
    code = int(stats.generated_code_size_in_bytes)
    # Donated arguments are reused for outputs (alias): counted once.
    parts = {
        "arguments": arguments,
        "outputs": outputs - aliased,
        "temporaries": temporaries,
        "generated code": code,
    }
    result = {
        "framework": "jax",
        "version": jax.__version__,
        "backend": jax.default_backend(),
        "peakBytes": sum(parts.values()),
        "parts": parts,
        "aliasBytes": aliased,
        "modules": [],
        "seconds": round(time.monotonic() - started, 3),
        "inputBytes": nbytes_of(jax, shapes),
    }
    if request.get("mode") == "check":
        key = jax.random.PRNGKey(0)
        leaves, tree = jax.tree.flatten(shapes)
        real = jax.tree.unflatten(
            tree,
            [
                jax.random.normal(key, leaf.shape, leaf.dtype)
                if jnp.issubdtype(leaf.dtype, jnp.floating)
                else jnp.zeros(leaf.shape, leaf.dtype)
                for leaf in leaves
            ],
        )
        out = jax.jit(step)(*real)
        jax.block_until_ready(out)
        result["realArgumentBytes"] = nbytes_of(jax, real)
        result["realOutputBytes"] = nbytes_of(jax, out)
    return result


def main(argv):
    try:
        request = json.loads(argv[1])
    except (IndexError, ValueError) as error:
        print(json.dumps({"error": {"message": f"headroom trace helper: bad request: {error}", "detail": ""}}))
        return 2
    try:
        result = run(request)
        result["python"] = sys.executable
        print(json.dumps({"result": result}))
        return 0
    except TraceError as error:
        print(json.dumps({"error": {"message": str(error), "detail": ""}}))
        return 2
    except BaseException as error:  # the user's step failed to trace or compile
        frames = traceback.extract_tb(error.__traceback__)
        own = [f for f in frames if "site-packages" not in f.filename and f.filename != __file__]
        tail = traceback.format_list(own[-6:]) + traceback.format_exc().splitlines()[-8:]
        first = str(error).splitlines()[0] if str(error) else ""
        message = f"{request.get('module')}: the step failed to compile under the trace: {type(error).__name__}: {first}"
        print(json.dumps({"error": {"message": message, "detail": "\n".join(line.rstrip("\n") for line in tail)}}))
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
