"""Peak bytes per logit of a torch.compile'd cross-entropy over bf16 logits, run for real on CPU (loss.test.ts).

The loss function is torchtitan's cross_entropy_loss (F.cross_entropy over `pred.flatten(0, 1).float()`), wrapped in
torch.compile as torchtitan's build_cross_entropy_loss does when compile.components lists "loss"; the loop drops its
logits before backward (`del pred`). The peak is the process's ru_maxrss over the first step (which compiles) less
the resident memory before it: the logits' tensors are hundreds of MB each, mapped and unmapped whole, so the
resident set follows them, and Inductor's own compile-time memory (tens of MB) is small beside 1 GiB of fp32
logits. `eager` runs the same function uncompiled. Prints {"bytesPerLogit": …}.
"""
import sys

import torch
import torch.nn.functional as F

from host_peak import print_bytes_per_logit, start_bytes

BATCH, SEQ, HIDDEN, VOCAB = 2, 2048, 64, 64000


def cross_entropy_loss(pred, labels):
    return F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1))


def main():
    torch.manual_seed(0)
    head = torch.nn.Linear(HIDDEN, VOCAB, bias=False, dtype=torch.bfloat16)
    loss_fn = torch.compile(cross_entropy_loss) if sys.argv[1] == "compiled" else cross_entropy_loss
    hidden = torch.randn(BATCH, SEQ, HIDDEN, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ))
    start = start_bytes()
    pred = head(hidden)
    loss = loss_fn(pred, labels)
    del pred
    loss.backward()
    print_bytes_per_logit(start, BATCH * SEQ * VOCAB)


if __name__ == "__main__":
    main()
