"""A decoder layer's fused RMSNorm and SwiGLU as training.kernels names them, swapped into a transformers model.

transformers' own layers keep more for backward than the fused kernels runs use: LlamaRMSNorm keeps an fp32
upcast of its input and the normalized tensor (its weight's gradient), and LlamaMLP keeps silu(gate) beside gate
and up. The fused ones keep what layer-activations.ts counts for them:

- liger: Liger-Kernel's LigerRMSNormFunction (src/liger_kernel/ops/rms_norm.py, v0.8.0:
  `ctx.save_for_backward(X, W, RSTD)`, RSTD fp32 per row) and LigerSiLUMulFunction (ops/swiglu.py:
  `ctx.save_for_backward(a, b)`). Its backward writes the gradients over its inputs (in_place).
- transformer_engine: Megatron-Core's TE layers: TE's LayerNormLinear (transformer_engine/pytorch/module/
  layernorm_linear.py: `prepare_for_saving(inputmat, ..., ln_out, mu, rsigma)`: the norm's input, its output,
  which the next linear keeps anyway, and fp32 statistics per row) and Megatron's fused SwiGLU
  (megatron/core/fusions/fused_bias_swiglu.py SwiGLUFunction at NVIDIA/Megatron-LM 00caa53a:
  `ctx.save_for_backward(input)`, fc1's output: gate and up), whose backward returns a new tensor.

Both keep the same tensors, so one pair of functions stands for both; Liger's backward writes over them (in_place).
"""

from __future__ import annotations


def apply_fused_kernels(torch, model, in_place=False):
    """Replace every RMSNorm and gated-SiLU MLP of the model by the fused functions; returns how many of each.

    The kernels work row by row in registers; here each function works over chunks of rows into one output it
    allocates (or, in_place, Liger's: over the tensors it was given), so its temporaries are a chunk's, not
    the whole input's."""
    chunks = 16

    def row_spans(rows):
        step = max(1, -(-rows // chunks))
        return [(a, min(rows, a + step)) for a in range(0, rows, step)]

    class FusedRMSNorm(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, weight, eps):
            width = x.shape[-1]
            rows = x.reshape(-1, width)
            rstd = torch.empty(rows.shape[0], 1, dtype=torch.float32, device=x.device)
            out = torch.empty_like(x)
            flat = out.view(-1, width)
            for a, b in row_spans(rows.shape[0]):
                chunk = rows[a:b].float()
                rstd[a:b] = torch.rsqrt(chunk.pow(2).mean(-1, keepdim=True) + eps)
                flat[a:b] = weight * (chunk * rstd[a:b]).to(x.dtype)
            ctx.save_for_backward(x, weight, rstd)
            return out

        @staticmethod
        def backward(ctx, grad):
            x, weight, rstd = ctx.saved_tensors
            width = x.shape[-1]
            rows, grads = x.reshape(-1, width), grad.reshape(-1, width)
            # Liger (rms_norm.py, in_place=True as its Llama patch installs it) writes dX over dY; TE returns a new dgrad.
            grad_x = grad if in_place and grad.is_contiguous() else torch.empty_like(x)
            flat = grad_x.view(-1, width)
            grad_weight = torch.zeros(width, dtype=torch.float32, device=x.device)
            for a, b in row_spans(rows.shape[0]):
                normed = rows[a:b].float() * rstd[a:b]
                incoming = grads[a:b].float()
                grad_weight += (incoming * normed).sum(0)
                grad_normed = incoming * weight.float()
                dot = (grad_normed * normed).mean(-1, keepdim=True)
                flat[a:b] = (rstd[a:b] * (grad_normed - normed * dot)).to(x.dtype)
            return grad_x, grad_weight.to(weight.dtype), None

    class FusedSiLUMul(torch.autograd.Function):
        @staticmethod
        def forward(ctx, gate, up):
            ctx.save_for_backward(gate, up)
            width = gate.shape[-1]
            out = torch.empty_like(gate)
            flat, gates, ups = out.view(-1, width), gate.reshape(-1, width), up.reshape(-1, width)
            for a, b in row_spans(gates.shape[0]):
                flat[a:b] = torch.nn.functional.silu(gates[a:b]) * ups[a:b]
            return out

        @staticmethod
        def backward(ctx, grad):
            gate, up = ctx.saved_tensors
            width = gate.shape[-1]
            # Liger (swiglu.py _swiglu_backward_kernel) stores da and db over a and b; Megatron returns new ones.
            is_over = in_place and gate.is_contiguous() and up.is_contiguous()
            grad_gate = gate if is_over else torch.empty_like(gate)
            grad_up = up if is_over else torch.empty_like(up)
            gates, ups, grads = gate.reshape(-1, width), up.reshape(-1, width), grad.reshape(-1, width)
            out_gate, out_up = grad_gate.view(-1, width), grad_up.view(-1, width)
            for a, b in row_spans(gates.shape[0]):
                g, u, d = gates[a:b].float(), ups[a:b].float(), grads[a:b].float()
                sigmoid = torch.sigmoid(g)
                out_gate[a:b] = (d * u * sigmoid * (1 + g * (1 - sigmoid))).to(gate.dtype)
                out_up[a:b] = (d * g * sigmoid).to(up.dtype)
            return grad_gate, grad_up

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
