# What one LoRA'd Llama decoder layer keeps for backward, per token-hidden, on a CUDA card (issue #25):
# torch.cuda.memory_allocated() after forward, 4 layers minus 2, halved, over batch x seq x hidden.
# Needs torch with CUDA, transformers and peft. Writes $OUT/lora-layer.json (or ./lora-layer.json).
import json, os
import torch, transformers as T, peft

H, F, A, V, B, S = 4096, 11008, 32, 32000, 2, 512  # Llama-2-7B's layer; batch 2 x 512
ALL = ('q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj')


def kept_after_forward(layers, dropout, autocast=False, targets=('q_proj', 'v_proj'), rank=32, fp32_adapters=True):
    cfg = T.LlamaConfig(hidden_size=H, intermediate_size=F, num_attention_heads=A, num_key_value_heads=A,
                        num_hidden_layers=layers, vocab_size=V, max_position_embeddings=4096)
    cfg._attn_implementation = 'sdpa'
    torch.manual_seed(0)
    model = T.LlamaForCausalLM(cfg).to(torch.bfloat16).cuda()
    for p in model.parameters():
        p.requires_grad_(False)
    config = peft.LoraConfig(r=rank, lora_alpha=16, lora_dropout=dropout, target_modules=list(targets))
    model = peft.get_peft_model(model, config, autocast_adapter_dtype=fp32_adapters)
    model.train()
    ids = torch.randint(0, V, (B, S), device='cuda')

    def loss():
        with torch.autocast('cuda', dtype=torch.bfloat16, enabled=autocast):
            return model(input_ids=ids, labels=ids).loss

    loss().backward()  # warm-up: kernels, workspaces
    for p in model.parameters():
        p.grad = None
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    before = torch.cuda.memory_allocated()
    value = loss()
    kept = torch.cuda.memory_allocated() - before
    del model, value
    torch.cuda.empty_cache()
    return kept


out = {'torch': torch.__version__, 'peft': peft.__version__, 'transformers': T.__version__}
for name, dropout, options in [
    ('qv_d0_autocast', 0.0, dict(autocast=True)),
    ('qv_d005_autocast', 0.05, dict(autocast=True)),
    ('qv_d005_bf16_adapters', 0.05, dict(fp32_adapters=False)),
    ('all16_d0_autocast', 0.0, dict(autocast=True, targets=ALL, rank=16)),
    ('qv_d0_bf16_adapters', 0.0, dict(fp32_adapters=False)),
    ('qv_d0_fp32_adapters', 0.0, dict()),
    ('qv_d005_fp32_adapters', 0.05, dict()),
]:
    try:
        per_layer = (kept_after_forward(4, dropout, **options) - kept_after_forward(2, dropout, **options)) / 2
        out[name] = per_layer / (B * S * H)
    except Exception as error:  # noqa: BLE001 - recorded, the other modes still run
        out[name] = repr(error)[:300]
    print(name, out[name], flush=True)
json.dump(out, open(os.path.join(os.environ.get('OUT', '.'), 'lora-layer.json'), 'w'), indent=1)
