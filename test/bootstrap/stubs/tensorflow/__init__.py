"""A stub of tensorflow for the bootstrap's tests: logical devices can be configured until the runtime
starts; with one configured, set_memory_growth raises as in TensorFlow's context.py."""

import _stub_record

from tensorflow import config  # noqa: F401
from tensorflow.python.eager import context as _context

__version__ = "2.15.0"
_stub_record.event("import", version=__version__)


def constant(value):
    _context.context().ensure_initialized()
    return value


class _Tensor:
    def __init__(self, nbytes):
        self.nbytes = nbytes

    def __del__(self):
        _context.context().gpu_bytes -= self.nbytes


def zeros(nbytes):
    """A GPU tensor of `nbytes` (the stub takes bytes, not a shape); its bytes go back when it is freed."""
    ctx = _context.context()
    ctx.ensure_initialized()
    ctx.gpu_bytes += nbytes
    ctx.gpu_peak_bytes = max(ctx.gpu_peak_bytes, ctx.gpu_bytes)
    return _Tensor(nbytes)
