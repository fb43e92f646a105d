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

import sys
import time

from _protocol import TraceError, import_target, serve


def parse_input(text):
    """`name=32,784:float32` (the name is for messages) -> (name, shape, dtype)."""
    name, _, spec = text.rpartition("=")
    shape_text, _, dtype = spec.partition(":")
    try:
        shape = tuple(int(dim) for dim in shape_text.split(",") if dim.strip() != "")
    except ValueError:
        raise TraceError(f"--trace-input {text}: expected name=shape:dtype, e.g. x=32,784:float32")
    return name or f"arg{len(shape)}", shape, dtype or "float32"


def load(request, jax, jnp, parsed):
    target = request["module"]
    function = import_target(request, "function")
    if parsed:
        shapes = []
        for text, (name, shape, dtype) in parsed:
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
    # A malformed --trace-input is known before jax (seconds of import) or the user's module is imported.
    parsed = [(text, parse_input(text)) for text in request.get("inputs") or []]
    try:
        import jax
        import jax.numpy as jnp
    except ImportError as error:
        raise TraceError(f"--trace for jax needs jax in {sys.executable}: {error}")
    started = time.monotonic()
    step, shapes = load(request, jax, jnp, parsed)
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
    return serve(argv, run, lambda request: f"{request.get('module')}: the step failed to compile under the trace")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
