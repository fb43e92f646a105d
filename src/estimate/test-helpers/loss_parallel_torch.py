"""Peak bytes per logit of PyTorch's loss_parallel() cross-entropy, run for real on CPU (loss.test.ts).

The LM head is a bf16 nn.Linear made ColwiseParallel with a vocab-sharded (Shard(-1)) DTensor output on a
one-rank gloo mesh, so cross_entropy runs through torch/distributed/tensor/parallel/loss.py's handlers as it
does under tensor parallelism. The peak is the process's ru_maxrss over the step less the resident memory
before it: the logits' tensors are hundreds of MB each, which glibc maps and unmaps whole, so the resident
set follows the live tensors; ru_maxrss only rises, so each case is its own process:
`python loss_parallel_torch.py kept|freed` prints {"bytesPerLogit": …}.
  kept   the model returns fp32 logits (`self.output(h).float()`) and the loop holds them through backward
  freed  bf16 logits upcast in the loss function and dropped (`del pred`) before backward
"""
import sys

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Replicate, Shard
from torch.distributed.tensor.parallel import ColwiseParallel, loss_parallel, parallelize_module

from host_peak import print_bytes_per_logit, start_bytes

BATCH, SEQ, HIDDEN, VOCAB = 2, 2048, 64, 16000


def step(kind):
    """Runs one step; returns the resident bytes before it (after the head and the inputs exist)."""
    torch.manual_seed(0)
    mesh = init_device_mesh("cpu", (1,))
    head = torch.nn.Linear(HIDDEN, VOCAB, bias=False, dtype=torch.bfloat16)
    parallelize_module(
        head, mesh, ColwiseParallel(input_layouts=Replicate(), output_layouts=Shard(-1), use_local_output=False)
    )
    hidden = torch.randn(BATCH, SEQ, HIDDEN, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ))
    start = start_bytes()
    with loss_parallel():
        if kind == "kept":
            pred = head(hidden).float()
            loss = F.cross_entropy(pred.flatten(0, 1), labels.flatten(0, 1))
            loss.backward()
        else:
            pred = head(hidden)
            loss = F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1))
            del pred
            loss.backward()
    return start


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        print_bytes_per_logit(step(sys.argv[1]), BATCH * SEQ * VOCAB)
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
