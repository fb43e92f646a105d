"""Peak bytes per logit of F.cross_entropy over fp32 logits the loop keeps through backward, run for real on CPU.

torchtrain/torchtitan before 2024-06-12: the model returns `self.output(h).float()` and train.py holds it as `pred`
until loss.backward() returns. The head is a bf16 nn.Linear; the peak is ru_maxrss over the step less the resident
memory before it (the logits' tensors are hundreds of MB each, mapped and unmapped whole). Prints {"bytesPerLogit": …}.
"""
import json
import os
import resource
import sys

import torch
import torch.nn.functional as F

BATCH, SEQ, HIDDEN, VOCAB = 2, 2048, 64, 16000


def main():
    torch.manual_seed(0)
    head = torch.nn.Linear(HIDDEN, VOCAB, bias=False, dtype=torch.bfloat16)
    hidden = torch.randn(BATCH, SEQ, HIDDEN, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ))
    with open("/proc/self/statm") as statm:
        resident = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    start = max(resident, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
    pred = head(hidden).float()
    loss = F.cross_entropy(pred.flatten(0, 1), labels.flatten(0, 1))
    loss.backward()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    json.dump({"bytesPerLogit": (peak - start) / (BATCH * SEQ * VOCAB)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
