"""The stub's backends, kept in _backends as jax/_src/xla_bridge.py keeps them once initialised."""

import os

_backends = {}
GiB = 1024**3


class _Array:
    def __init__(self, device, nbytes):
        self._device = device
        self.nbytes = nbytes

    def __del__(self):
        self._device._in_use -= self.nbytes


class Device:
    def __init__(self, platform, index):
        self.platform = platform
        self.id = index
        self._in_use = 0
        self._peak = 0
        fraction = float(os.environ.get("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.75"))
        self._limit = int(fraction * 24 * GiB)

    def _hold(self, nbytes):
        if self.platform != "cpu" and self._in_use + nbytes > self._limit:
            raise RuntimeError("RESOURCE_EXHAUSTED: Out of memory while trying to allocate %d bytes." % nbytes)
        self._in_use += nbytes
        self._peak = max(self._peak, self._in_use)
        return _Array(self, nbytes)

    def memory_stats(self):
        if self.platform == "cpu":
            return None  # as jaxlib's CPU client: no allocator statistics
        return {"bytes_in_use": self._in_use, "peak_bytes_in_use": self._peak, "bytes_limit": self._limit}


class Backend:
    def __init__(self, platform):
        self.platform = platform
        self._devices = [Device(platform, 0)]

    def local_devices(self):
        return self._devices


def backends_are_initialized():
    return len(_backends) != 0


def backends_for_use():
    if not _backends:
        platform = "cpu" if os.environ.get("JAX_PLATFORMS") == "cpu" else "gpu"
        _backends[platform] = Backend(platform)
    return list(_backends.values())
