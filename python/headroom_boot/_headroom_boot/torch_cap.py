"""Applies the plan's fraction to PyTorch's caching allocator when torch initialises CUDA.

torch.cuda._lazy_call queues a callable that torch.cuda._lazy_init runs right after the CUDA runtime
starts (torch/cuda/__init__.py, the same queue torch.cuda.manual_seed uses; present since 1.x). So a
process that never touches CUDA gets no context, and the cap is in place before the first allocation.
set_per_process_memory_fraction(f, device) caps the allocator's reserved bytes at f x the device's total
(FACTS Q8); the process sees one device (CUDA_VISIBLE_DEVICES from the plan), index 0.
"""

import os

from . import post_import, report
from .torch_alloc import conf_keys


def arrange(env):
    """Hooks the import of torch, unless the allocator config already carries the fraction."""
    for name in ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF"):
        if "per_process_memory_fraction" in conf_keys(os.environ.get(name, "")):
            return  # PyTorch applies it itself (pytorch/pytorch#161035); stand down
    fraction = float(env.get("HEADROOM_GPU_FRACTION", ""))
    if not 0 < fraction <= 1:
        raise ValueError("HEADROOM_GPU_FRACTION=%s is not a fraction in (0, 1]" % fraction)
    post_import.when_imported("torch", lambda torch: report.guarded("could not queue the PyTorch GPU cap", _queue, torch, fraction))


def _queue(torch, fraction):
    cuda = getattr(torch, "cuda", None)
    lazy_call = getattr(cuda, "_lazy_call", None)
    if lazy_call is None:
        report.warn(
            "torch %s has no torch.cuda._lazy_call, so its GPU cap (fraction %s) is not applied; continuing without it"
            % (getattr(torch, "__version__", "?"), fraction)
        )
        return

    def apply():
        # Inside _lazy_init: an exception here would become DeferredCudaCallError in the user's call.
        report.guarded(
            "could not apply the PyTorch GPU cap (fraction %s)" % fraction,
            cuda.set_per_process_memory_fraction,
            fraction,
            0,
        )

    lazy_call(apply)
