"""A stub of jax for the bootstrap's tests: backends start at the first use (jax._src.xla_bridge keeps them
in _backends), and a GPU device's memory_stats() has bytes_in_use, peak_bytes_in_use and bytes_limit as
the XLA pool reports them. It stands in for a GPU: the real CPU build has no GPU device to count."""

import atexit

import _stub_record

from jax._src import xla_bridge as _xla_bridge


# As the real jax does at import (jax/_src/api.py, `@atexit.register def clean_up()`: clear_backends),
# so an exit hook registered before `import jax` finds no backends left (atexit runs last-in, first-out).
@atexit.register
def _clean_up():
    _xla_bridge._backends.clear()

__version__ = "0.4.30"
_stub_record.event("import", framework="jax", version=__version__)


def devices():
    return _xla_bridge.backends_for_use()[0].local_devices()


def zeros(nbytes):
    """An array of `nbytes` on the first device (the stub takes bytes, not a shape); freed when it goes."""
    return devices()[0]._hold(nbytes)
