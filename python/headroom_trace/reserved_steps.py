"""Several training steps of a trace request on fake tensors, every storage's lifetime replayed through the
CUDA caching allocator (allocator_replay.py): the allocated and reserved peaks a GPU run's
torch.cuda.max_memory_allocated / max_memory_reserved would read, and the cache between them.

    python reserved_steps.py '{"modelConfig": "config.json", "precision": "bf16", "batchSize": 4, ...}'

The request is trace_torch.py's (traced whole, never extrapolated: the cache is not linear in depth).
`steps` (default 3): the reserved peak settles in the second step, once the optimizer's states (created by
the first step()) sit in blocks the first step's activations had freed. Prints one JSON object.
"""

from __future__ import annotations

import contextlib
import json
import sys

import allocator_replay
import trace_torch

STATE_PARTS = ("parameters", "buffers", "gradients", "optimizer states")


@contextlib.contextmanager
def _recorded_steps(steps: int, seen: dict):
    """trace_torch's tracker kept (seen["tracker"]) and its one step run `steps` times."""
    make_tracker, step = trace_torch.make_tracker, trace_torch._step

    def keeping_tracker(torch, rounding):
        base = make_tracker(torch, rounding)

        class Kept(base):
            def __init__(self):
                super().__init__()
                seen["tracker"] = self

        return Kept

    def repeated(*args, **kwargs):
        for _ in range(steps):
            seen.setdefault("starts", []).append(seen["tracker"].clock)
            step(*args, **kwargs)

    trace_torch.make_tracker, trace_torch._step = keeping_tracker, repeated
    try:
        yield
    finally:
        trace_torch.make_tracker, trace_torch._step = make_tracker, step


def reserved_peaks(request: dict) -> dict:
    seen: dict = {}
    with _recorded_steps(int(request.get("steps") or 3), seen):
        trace_torch.run_step({**request, "rawBytes": True, "full": True}, real=False)
    records = seen["tracker"].all
    allocator = allocator_replay.replay([(r.nbytes, r.born, r.died) for r in records])
    # The model's states alive at the end (parameters, buffers, optimizer states; gradients are freed).
    states = sum(r.nbytes for r in records if r.died is None and r.part in STATE_PARTS)
    return {
        "allocatedPeakBytes": allocator.peak_allocated_bytes,
        "reservedPeakBytes": allocator.peak_reserved_bytes,
        "cacheBytes": allocator.peak_reserved_bytes - allocator.peak_allocated_bytes,
        "statesBytes": states,
        "segments": allocator.segments,
        "steps": len(seen.get("starts", [])),
    }


if __name__ == "__main__":
    print(json.dumps(reserved_peaks(json.loads(sys.argv[1]))))
