"""Bytes a training step's autograd graph saves for backward, counted by storage (the model's own parameters
and buffers aside, tensors of 64 elements or fewer ignored): the real-CPU-step check the analytic rules for
YOLO (yolo_torch.py) and SegFormer (segformer_torch.py) are measured against."""

import torch


def saved_bytes(model, step):
    """Run step() (forward and loss, returning the loss) under saved-tensor hooks, then its backward."""
    own = {t.untyped_storage().data_ptr() for t in list(model.parameters()) + list(model.buffers())}
    seen = {}

    def pack(t):
        p = t.untyped_storage().data_ptr()
        if p not in own and t.numel() > 64:
            seen[p] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = step()
    loss.backward()
    return sum(seen.values())
