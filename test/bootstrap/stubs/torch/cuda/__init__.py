"""torch.cuda of the stub: the lazy-initialisation queue as in torch/cuda/__init__.py, and the caching
allocator's counters (allocated bytes freed when a tensor goes, reserved bytes kept until empty_cache, the
peaks of both) as c10/cuda/CUDACachingAllocator.cpp keeps them. It stands in for a GPU: the real CPU
builds of PyTorch never start CUDA, so their counters cannot be read."""

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
_allocated_bytes = 0
_peak_reserved_bytes = 0
_peak_allocated_bytes = 0


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


class _Tensor:
    """A tensor on the stub card: its bytes go back to the allocator's cache when it is freed."""

    def __init__(self, nbytes):
        self.nbytes = nbytes

    def __del__(self):
        global _allocated_bytes
        _allocated_bytes -= self.nbytes


def _allocate(nbytes):
    global _reserved_bytes, _allocated_bytes, _peak_reserved_bytes, _peak_allocated_bytes
    limit = _total_bytes if _fraction is None else int(_fraction * _total_bytes)
    grow = max(0, _allocated_bytes + nbytes - _reserved_bytes)  # the cache is used first
    if _reserved_bytes + grow > limit:
        raise OutOfMemoryError("CUDA out of memory. Tried to allocate %d bytes" % nbytes)
    _reserved_bytes += grow
    _allocated_bytes += nbytes
    _peak_reserved_bytes = max(_peak_reserved_bytes, _reserved_bytes)
    _peak_allocated_bytes = max(_peak_allocated_bytes, _allocated_bytes)
    _stub_record.event("alloc", bytes=nbytes)
    return _Tensor(nbytes)


def empty_cache():
    global _reserved_bytes
    _reserved_bytes = _allocated_bytes


def _is_in_bad_fork():
    return False


def max_memory_reserved(device=None):
    _lazy_init()
    _stub_record.event("counter", counter="max_memory_reserved", device=device)
    return _peak_reserved_bytes


def max_memory_allocated(device=None):
    _lazy_init()
    _stub_record.event("counter", counter="max_memory_allocated", device=device)
    return _peak_allocated_bytes
