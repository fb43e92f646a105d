"""headroom's bootstrap: holds a PyTorch or TensorFlow process to the GPU budget headroom planned, and
records the exact GPU peaks of PyTorch, JAX and TensorFlow processes at exit.

headroom puts this directory first on PYTHONPATH for the torch, JAX and tensorflow processes it plans, so
Python imports this module at start-up (site.py imports `sitecustomize` from sys.path). It does nothing
unless HEADROOM_BOOT names what to do; it never imports torch or tensorflow itself; whatever fails, it
prints one line naming headroom and the program goes on. Then it runs the `sitecustomize` the
environment had before (the next one on sys.path), so chaining keeps that one working.
"""

import os
import sys


def _start():
    actions = os.environ.get("HEADROOM_BOOT", "")
    if not actions.strip():
        return
    try:
        import _headroom_boot

        _headroom_boot.install(actions, os.environ)
    except Exception as error:  # never break the program for a cap
        sys.stderr.write(
            "headroom: the GPU cap bootstrap failed to start (%s: %s); continuing without it\n"
            % (type(error).__name__, error)
        )


def _chain():
    """Runs the next sitecustomize on sys.path, as if this one were not there."""
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


def _gate():
    """fit's warm start (`fit-gate`): last, once the environment's own sitecustomize has run."""
    if "fit-gate" in [a.strip() for a in os.environ.get("HEADROOM_BOOT", "").split(",")]:
        from _headroom_boot import fit_gate

        fit_gate.wait()


_start()
_chain()
_gate()
