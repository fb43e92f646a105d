"""A stub of torch for the bootstrap's tests: CUDA starts lazily, the allocator config is parsed then and
unknown keys fail as in PyTorch ("Unrecognized CachingAllocator option"), and the per-process fraction
caps allocations. Its release and the keys it knows come from _stub.json, written by the test."""

import json
import os

import _stub_record

with open(os.path.join(os.path.dirname(__file__), "_stub.json")) as _file:
    _stub = json.load(_file)

__version__ = _stub["version"]
_stub_record.event("import", version=__version__)

from . import cuda  # noqa: E402  (torch/__init__.py imports torch.cuda too)


def empty(nbytes, device="cpu"):
    """Bytes on the CPU, or on the stub GPU; CUDA is initialised through torch.cuda._lazy_init like torch's
    C++ device_lazy_init does (it calls the attribute on the module)."""
    if str(device).startswith("cuda"):
        cuda._lazy_init()
        return cuda._allocate(nbytes)
    return bytearray(nbytes)
