"""torch.cuda of the stub: the lazy-initialisation queue as in torch/cuda/__init__.py."""

import os
import threading
import traceback

import _stub_record

from torch import _stub

GiB = 1024**3
_initialized = False
_queued_calls = []
_tls = threading.local()
_total_bytes = 24 * GiB
_fraction = None
_reserved_bytes = 0


class DeferredCudaCallError(Exception):
    pass


class OutOfMemoryError(RuntimeError):
    pass


def is_initialized():
    return _initialized


def is_available():
    return bool(_stub.get("cuda", True))


def device_count():
    return 1 if is_available() else 0


if not _stub.get("no_lazy_call"):

    def _lazy_call(callable, **kwargs):
        if is_initialized():
            callable()
        else:
            _queued_calls.append((callable, traceback.format_stack()))


def _conf_entries(conf):
    return [entry.split(":", 1) for entry in conf.split(",") if entry.strip()]


def _lazy_init():
    global _initialized, _fraction
    if _initialized or hasattr(_tls, "is_initializing"):
        return
    if not _stub.get("cuda", True):
        raise AssertionError("Torch not compiled with CUDA enabled")
    _stub_record.event("cuda-init")
    conf = os.environ.get("PYTORCH_CUDA_ALLOC_CONF", os.environ.get("PYTORCH_ALLOC_CONF", ""))
    _stub_record.event("alloc-conf", conf=conf)
    for key, value in _conf_entries(conf):
        if key not in _stub["known_keys"]:
            raise RuntimeError("Unrecognized CachingAllocator option: " + key)
        if key == "per_process_memory_fraction":
            _fraction = float(value)
    _tls.is_initializing = True
    try:
        for queued_call, orig_traceback in _queued_calls:
            try:
                queued_call()
            except Exception as e:
                raise DeferredCudaCallError("CUDA call failed lazily at initialization with error: " + str(e)) from e
    finally:
        del _tls.is_initializing
    _initialized = True


def set_per_process_memory_fraction(fraction, device=None):
    global _fraction
    _lazy_init()
    if _stub.get("fail_fraction"):
        raise RuntimeError("CUDA error: invalid device ordinal")
    if not isinstance(fraction, float):
        raise TypeError("Invalid type for fraction argument, must be `float`")
    if fraction < 0 or fraction > 1:
        raise ValueError("Invalid fraction value: {}. Allowed range: 0~1".format(fraction))
    _fraction = fraction
    _stub_record.event("fraction", fraction=fraction, device=device)


def _allocate(nbytes):
    global _reserved_bytes
    limit = _total_bytes if _fraction is None else int(_fraction * _total_bytes)
    if _reserved_bytes + nbytes > limit:
        raise OutOfMemoryError("CUDA out of memory. Tried to allocate %d bytes" % nbytes)
    _reserved_bytes += nbytes
    _stub_record.event("alloc", bytes=nbytes)
    return bytearray(0)
