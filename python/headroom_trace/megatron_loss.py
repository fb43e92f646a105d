"""Megatron-LM's vocab-parallel cross-entropy, on one tensor-parallel rank, as the trace runs it.

Megatron's GPT loss (GPTModel.compute_language_model_loss) is tensor_parallel.vocab_parallel_cross_entropy
(megatron/core/tensor_parallel/cross_entropy.py at NVIDIA/Megatron-LM d98e8a64, the same steps at 00611e6e):
`vocab_parallel_logits.float()` is its one copy of the logits; the max is subtracted, exp taken and the sum
divided in place on that copy, which is saved as the softmax; backward turns the same tensor into the
gradient in place (grad_2d[arange, target] -= 1, grad_input.mul_(grad_output)) and autograd casts it to the
logits' dtype. transformers' own loss instead keeps log_softmax's output beside the upcast and copies the
shifted logits, which is what the trace counted for Megatron's runs until now. Every all-reduce is over the
tensor-parallel group, a no-op on one rank, so none is run here.

fused (--cross-entropy-loss-fusion, megatron/core/fusions/fused_cross_entropy.py at d98e8a64): the two
in-place steps are each one torch.compile'd graph (jit_fuser) that computes the new value in a fresh
logits-sized buffer and copies it back ("a full logits-sized transient allocation", the rewrite's note at
NVIDIA/Megatron-LM 0cb4a9c8); the trace runs them out of place and copies back, as the compiled graph does.
"""

from __future__ import annotations


def vocab_parallel_loss(torch, fused=False):
    """The step's loss over the model's logits: Megatron's cross-entropy, labels shifted by padding (Megatron's
    dataloader hands the loss labels already shifted: no copy of the logits), the mean over the tokens."""

    class VocabParallelCrossEntropy(torch.autograd.Function):
        @staticmethod
        def forward(ctx, logits, target):
            # calculate_logits_max: the fp32 copy (`.float()` returns fp32 logits themselves).
            logits = logits.float()
            logits_max = torch.max(logits, dim=-1)[0]
            # calculate_predicted_logits: in-place subtraction, the target's logit, exp in place, the row sum.
            if fused:
                logits.copy_(logits - logits_max.unsqueeze(dim=-1))
            else:
                logits -= logits_max.unsqueeze(dim=-1)
            logits_2d = logits.view(-1, logits.size(-1))
            target_1d = target.reshape(-1).clamp(min=0)
            arange_1d = torch.arange(logits_2d.size(0), device=logits_2d.device)
            predicted_logits = logits_2d[arange_1d, target_1d].clone().view_as(target)
            torch.exp(logits, out=logits)
            sum_exp_logits = logits.sum(dim=-1)
            # calculate_cross_entropy_loss: the loss, and the softmax in place.
            loss = torch.log(sum_exp_logits) - predicted_logits
            logits.div_(sum_exp_logits.unsqueeze(dim=-1))
            ctx.save_for_backward(logits, target_1d)
            return loss

        @staticmethod
        def backward(ctx, grad_output):
            softmax, target_1d = ctx.saved_tensors
            grad_2d = softmax.view(-1, softmax.size(-1))
            arange_1d = torch.arange(grad_2d.size(0), device=grad_2d.device)
            if fused:
                scale = grad_output.reshape(-1, 1)
                gradient = grad_2d * scale
                gradient[arange_1d, target_1d] -= scale.view(-1)
                grad_2d.copy_(gradient)
            else:
                grad_2d[arange_1d, target_1d] -= 1.0
                softmax.mul_(grad_output.unsqueeze(dim=-1))
            return softmax, None

    def loss(output, batch):
        labels = batch["input_ids"]
        shifted = torch.nn.functional.pad(labels, (0, 1), value=0)[..., 1:]
        per_token = VocabParallelCrossEntropy.apply(output.logits, shifted)
        return per_token.sum() / per_token.numel()

    return loss
