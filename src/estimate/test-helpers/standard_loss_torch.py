"""Peak bytes per logit of F.cross_entropy over fp32 logits the loop keeps through backward, run for real on CPU.

torchtrain/torchtitan before 2024-06-12: the model returns `self.output(h).float()` and train.py holds it as `pred`
until loss.backward() returns. The head is a bf16 nn.Linear; the peak is ru_maxrss over the step less the resident
memory before it (the logits' tensors are hundreds of MB each, mapped and unmapped whole). Prints {"bytesPerLogit": …}.
"""
import torch
import torch.nn.functional as F

from host_peak import print_bytes_per_logit, start_bytes

BATCH, SEQ, HIDDEN, VOCAB = 2, 2048, 64, 16000


def main():
    torch.manual_seed(0)
    head = torch.nn.Linear(HIDDEN, VOCAB, bias=False, dtype=torch.bfloat16)
    hidden = torch.randn(BATCH, SEQ, HIDDEN, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ))
    start = start_bytes()
    pred = head(hidden).float()
    loss = F.cross_entropy(pred.flatten(0, 1), labels.flatten(0, 1))
    loss.backward()
    print_bytes_per_logit(start, BATCH * SEQ * VOCAB)


if __name__ == "__main__":
    main()
