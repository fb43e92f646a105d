"""Sizes that depend on the data, fixed at their upper bound, so a detector's step traces on fake tensors.

A fake tensor has a shape and no values, so an operator whose output size depends on the values
(`nonzero`, hence `torch.where(mask)`, and NMS) cannot run on it. torchvision's detectors use them in
their box bookkeeping, under no_grad: the RPN's proposal filtering (score threshold, small boxes, NMS),
the Matcher, the BalancedPositiveNegativeSampler, MultiScaleRoIAlign's level assignment, the box loss's
positive RoIs. Each is answered with its largest size: every element selected, every box kept (then cut
to the count the model itself keeps: `post_nms_top_n`). The sampler's masks are the exception that
matters: they are built as zeros with `batch_size_per_image` indices set, so their count is followed
and `torch.where(pos | neg)` selects exactly that many (512 RoIs an image, 256 anchors), as in a real
step. What grows is bookkeeping: index lists over every anchor instead of a few hundred, and each
MultiScaleRoIAlign level pooling every RoI in turn (one level's output alive at a time), megabytes
beside a step's gigabytes. The real CPU check runs under the same answers, so the trace and the counted
step see the same shapes.
"""

from __future__ import annotations

import sys
import weakref


def every_element_selected(torch):
    """A TorchDispatchMode: nonzero selects every element, except of a mask whose count it has followed
    (zeros, then `mask[indices] = 1`, or of two such, or their concatenation: the sampler's masks), and
    torchvision's NMS keeps every box by score."""
    from torch.utils._python_dispatch import TorchDispatchMode

    aten = torch.ops.aten
    nms = _torchvision_op(torch, "nms")
    zeros = {aten.zeros.default, aten.zeros_like.default, aten.new_zeros.default}
    puts = {aten.index_put_.default, aten.index_put.default}
    unions = {aten.bitwise_or.Tensor, aten.logical_or.default}

    class EveryElementSelected(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.counts = {}  # id(tensor) -> (weakref, how many of its elements are nonzero)

        def count_of(self, tensor):
            entry = self.counts.get(id(tensor)) if isinstance(tensor, torch.Tensor) else None
            return entry[1] if entry is not None and entry[0]() is tensor else None

        def note(self, tensor, count):
            if isinstance(tensor, torch.Tensor) and count is not None:
                self.counts[id(tensor)] = (weakref.ref(tensor), min(count, tensor.numel()))

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func is aten.nonzero.default:
                count = self.count_of(args[0])
                return _first_indices(torch, args[0], args[0].numel() if count is None else count)
            if nms is not None and func is nms:
                return args[1].argsort(descending=True)
            if func is aten.index.Tensor and any(_is_mask(torch, i) for i in args[1]):
                # `x[mask]` (RetinaNet's valid anchors): the mask's nonzero as long indices, one a dimension.
                indices = []
                for index in args[1]:
                    if _is_mask(torch, index):
                        count = self.count_of(index)
                        indices.extend(_first_indices(torch, index, index.numel() if count is None else count).unbind(1))
                    else:
                        indices.append(index)
                return func(args[0], indices)
            out = func(*args, **kwargs)
            if func in zeros:
                self.note(out, 0)
            elif func in puts:
                known, indices, values = self.count_of(args[0]), args[1], args[2]
                if known is not None and len(indices) == 1 and indices[0] is not None and values.numel() == 1:
                    is_mask = indices[0].dtype == torch.bool
                    # Distinct indices (a randperm's), each set to a nonzero value.
                    self.note(out, None if is_mask else known + indices[0].numel())
            elif func in unions:
                counts = [self.count_of(a) for a in args[:2]]
                # The sampler's positive and negative masks: disjoint.
                self.note(out, None if None in counts else sum(counts))
            elif func is aten.cat.default:
                counts = [self.count_of(t) for t in args[0]]
                self.note(out, None if None in counts else sum(counts))
            return out

    return EveryElementSelected()


def _is_mask(torch, index):
    return isinstance(index, torch.Tensor) and index.dtype in (torch.bool, torch.uint8)


def _first_indices(torch, tensor, count):
    """What nonzero returns when the first `count` elements (row-major) are the nonzero ones."""
    if tensor.dim() == 0:
        return torch.zeros((count, 0), dtype=torch.long, device=tensor.device)
    flat = torch.arange(count, device=tensor.device)
    columns = []
    for size in reversed(tensor.shape):
        columns.append(flat % size)
        flat = flat // size
    return torch.stack(columns[::-1], dim=1)


def _torchvision_op(torch, name):
    if "torchvision" not in sys.modules:
        return None
    try:
        return getattr(torch.ops.torchvision, name).default
    except (AttributeError, RuntimeError):
        return None


class one_nms_call:
    """torchvision's batched_nms takes its per-class loop (`_batched_nms_vanilla`: torch.unique over the
    class ids, one NMS each) past 4000 box coordinates on a CPU; torch.unique has no size on fake
    tensors. Under `every_element_selected` both paths keep every box, so the coordinate-offset path (one
    NMS over all classes, ops/boxes.py `_batched_nms_coordinate_trick`) stands in for the loop."""

    def __enter__(self):
        self.boxes = sys.modules.get("torchvision.ops.boxes")
        if self.boxes is not None:
            self.original = self.boxes._batched_nms_vanilla
            self.boxes._batched_nms_vanilla = self.boxes._batched_nms_coordinate_trick
        return self

    def __exit__(self, *args):
        if self.boxes is not None:
            self.boxes._batched_nms_vanilla = self.original
        return False
