"""Peak bytes per logit of a torch.compile'd cross-entropy over bf16 logits, run for real on CPU (loss.test.ts).

The loss function is torchtitan's cross_entropy_loss (F.cross_entropy over `pred.flatten(0, 1).float()`), wrapped in
torch.compile as torchtitan's build_cross_entropy_loss does when compile.components lists "loss"; the loop drops its
logits before backward (`del pred`). A first step compiles; the second is measured by sampling the resident set (the
logits' tensors are tens of MB each, mapped and unmapped whole) against the resident memory before it. `eager` runs
the same function uncompiled. Prints {"bytesPerLogit": …}.
"""
import json
import os
import sys
import threading
import time

import torch
import torch.nn.functional as F

BATCH, SEQ, HIDDEN, VOCAB = 2, 2048, 64, 16000
PAGE = os.sysconf("SC_PAGE_SIZE")


def cross_entropy_loss(pred, labels):
    return F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1))


def resident_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def main():
    torch.manual_seed(0)
    head = torch.nn.Linear(HIDDEN, VOCAB, bias=False, dtype=torch.bfloat16)
    loss_fn = torch.compile(cross_entropy_loss) if sys.argv[1] == "compiled" else cross_entropy_loss
    hidden = torch.randn(BATCH, SEQ, HIDDEN, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ))

    def step():
        pred = head(hidden)
        loss = loss_fn(pred, labels)
        del pred
        loss.backward()
        hidden.grad = None
        head.weight.grad = None

    step()
    peak, done = [0], threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], resident_bytes())
            time.sleep(0.0002)

    start = resident_bytes()
    sampler = threading.Thread(target=sample)
    sampler.start()
    step()
    done.set()
    sampler.join()
    json.dump({"bytesPerLogit": (peak[0] - start) / (BATCH * SEQ * VOCAB)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
