"""A decoder layer's fused RMSNorm and SwiGLU as training.kernels names them, swapped into a transformers model.

transformers' own layers keep more for backward than the fused kernels runs use: LlamaRMSNorm keeps an fp32
upcast of its input and the normalized tensor (its weight's gradient), and LlamaMLP keeps silu(gate) beside gate
and up. The fused ones keep what layer-activations.ts counts for them:

- liger: Liger-Kernel's LigerRMSNormFunction (src/liger_kernel/ops/rms_norm.py, v0.8.0:
  `ctx.save_for_backward(X, W, RSTD)`, RSTD fp32 per row) and LigerSiLUMulFunction (ops/swiglu.py:
  `ctx.save_for_backward(a, b)`). Its backward writes the gradients over its inputs; here it returns new ones.
- transformer_engine: Megatron-Core's TE layers: TE's LayerNormLinear (transformer_engine/pytorch/module/
  layernorm_linear.py: `prepare_for_saving(inputmat, ..., ln_out, mu, rsigma)`: the norm's input, its output,
  which the next linear keeps anyway, and fp32 statistics per row) and Megatron's fused SwiGLU
  (megatron/core/fusions/fused_bias_swiglu.py SwiGLUFunction at NVIDIA/Megatron-LM 00caa53a:
  `ctx.save_for_backward(input)`, fc1's output: gate and up), whose backward returns a new tensor.

Both keep the same tensors, so one pair of functions stands for both.
"""

from __future__ import annotations


def apply_fused_kernels(torch, model):
    """Replace every RMSNorm and gated-SiLU MLP of the model by the fused functions; returns how many of each."""

    class FusedRMSNorm(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, weight, eps):
            rstd = torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps)
            ctx.save_for_backward(x, weight, rstd)
            return weight * (x.float() * rstd).to(x.dtype)

        @staticmethod
        def backward(ctx, grad):
            x, weight, rstd = ctx.saved_tensors
            normed = x.float() * rstd
            grad_normed = grad.float() * weight.float()
            grad_x = rstd * (grad_normed - normed * (grad_normed * normed).mean(-1, keepdim=True))
            grad_weight = (grad.float() * normed).reshape(-1, x.shape[-1]).sum(0)
            return grad_x.to(x.dtype), grad_weight.to(weight.dtype), None

    class FusedSiLUMul(torch.autograd.Function):
        @staticmethod
        def forward(ctx, gate, up):
            ctx.save_for_backward(gate, up)
            return torch.nn.functional.silu(gate) * up

        @staticmethod
        def backward(ctx, grad):
            gate, up = ctx.saved_tensors
            sigmoid = torch.sigmoid(gate)
            grad_gate = grad * up * sigmoid * (1 + gate * (1 - sigmoid))
            return grad_gate, grad * gate * sigmoid

    def norm_forward(module):
        eps = getattr(module, "variance_epsilon", None) or getattr(module, "eps", 1e-6)
        return lambda hidden_states: FusedRMSNorm.apply(hidden_states, module.weight, eps)

    def mlp_forward(module):
        return lambda x: module.down_proj(FusedSiLUMul.apply(module.gate_proj(x), module.up_proj(x)))

    norms = mlps = 0
    for module in model.modules():
        name = type(module).__name__
        if name.endswith("RMSNorm") and isinstance(getattr(module, "weight", None), torch.Tensor):
            module.forward = norm_forward(module)
            norms += 1
        elif all(hasattr(module, part) for part in ("gate_proj", "up_proj", "down_proj", "act_fn")):
            if isinstance(module.act_fn, torch.nn.SiLU) or type(module.act_fn).__name__ == "SiLUActivation":
                module.forward = mlp_forward(module)
                mlps += 1
    return norms, mlps
