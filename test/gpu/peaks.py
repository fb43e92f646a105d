#!/usr/bin/env python3
"""Measured peaks of real training steps on a real GPU, for estimate's never-fitted references.

`python3 test/gpu/peaks.py [--out DIR] [--only ID,ID] [--device cuda|cpu] [--tiny]`

Each case is one training configuration a user runs (Hugging Face transformers models built from their
published configurations with random weights, peft LoRA, torchvision, JAX with optax), trained for three
steps in a fresh child process so its peak is its own. It records the framework's peak counters
(torch.cuda.max_memory_allocated / max_memory_reserved, JAX's peak_bytes_in_use), the peak of step 1
(which creates the optimizer's states) and of steps 2-3 apart, and the card's used memory at the end
(total - free from cudaMemGetInfo: the whole process, CUDA context included, on an otherwise idle card).
No constant of headroom's estimate is fitted to these figures: they are measured once, then compared.
Writes DIR/gpu-peaks.json. `--device cpu --tiny` is a dry run of every code path on small shapes.
"""

import argparse
import json
import os
import subprocess
import sys
import time

# ---- the cases: (id, builder name, settings) ----------------------------------------------------------------------

GPT2_SMALL = dict(n_layer=12, n_embd=768, n_head=12, vocab_size=50257, n_positions=1024)
GPT2_MEDIUM = dict(n_layer=24, n_embd=1024, n_head=16, vocab_size=50257, n_positions=1024)
TINYLLAMA = dict(num_hidden_layers=22, hidden_size=2048, num_attention_heads=32, num_key_value_heads=4,
                 intermediate_size=5632, vocab_size=32000, tie_word_embeddings=False, max_position_embeddings=4096)
LLAMA32_1B = dict(num_hidden_layers=16, hidden_size=2048, num_attention_heads=32, num_key_value_heads=8,
                  intermediate_size=8192, vocab_size=128256, tie_word_embeddings=True, max_position_embeddings=8192)
LLAMA31_8B = dict(num_hidden_layers=32, hidden_size=4096, num_attention_heads=32, num_key_value_heads=8,
                  intermediate_size=14336, vocab_size=128256, tie_word_embeddings=False, max_position_embeddings=8192)
MISTRAL_7B = dict(num_hidden_layers=32, hidden_size=4096, num_attention_heads=32, num_key_value_heads=8,
                  intermediate_size=14336, vocab_size=32768, tie_word_embeddings=False, max_position_embeddings=8192)
QWEN25_05B = dict(num_hidden_layers=24, hidden_size=896, num_attention_heads=14, num_key_value_heads=2,
                  intermediate_size=4864, vocab_size=151936, tie_word_embeddings=True, max_position_embeddings=4096)
QWEN25_15B = dict(num_hidden_layers=28, hidden_size=1536, num_attention_heads=12, num_key_value_heads=2,
                  intermediate_size=8960, vocab_size=151936, tie_word_embeddings=True, max_position_embeddings=4096)
ALL_LINEAR = ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj']

CASES = [
    ('gpt2-124m-fp32-adamw-eager-b8-s1024', 'causal', dict(arch='gpt2', shape=GPT2_SMALL, precision='fp32',
     attention='eager', batch=8, seq=1024)),
    ('gpt2-124m-ampbf16-adamw-sdpa-b16-s1024', 'causal', dict(arch='gpt2', shape=GPT2_SMALL, precision='amp_bf16',
     attention='sdpa', batch=16, seq=1024)),
    ('gpt2-355m-ampfp16-scaler-adamw-sdpa-b8-s1024', 'causal', dict(arch='gpt2', shape=GPT2_MEDIUM,
     precision='amp_fp16', attention='sdpa', batch=8, seq=1024)),
    ('tinyllama-1.1b-bf16-adamw-sdpa-b4-s2048', 'causal', dict(arch='llama', shape=TINYLLAMA, precision='bf16',
     attention='sdpa', batch=4, seq=2048)),
    ('tinyllama-1.1b-bf16-adamw-sdpa-gc-b8-s2048', 'causal', dict(arch='llama', shape=TINYLLAMA, precision='bf16',
     attention='sdpa', batch=8, seq=2048, checkpointing=True)),
    ('qwen2.5-0.5b-ampbf16-adamw-sdpa-b8-s1024', 'causal', dict(arch='qwen2', shape=QWEN25_05B,
     precision='amp_bf16', attention='sdpa', batch=8, seq=1024)),
    ('llama3.2-1b-bf16-adamw-sdpa-gc-b2-s4096', 'causal', dict(arch='llama', shape=LLAMA32_1B, precision='bf16',
     attention='sdpa', batch=2, seq=4096, checkpointing=True)),
    ('qwen2.5-1.5b-lora16-all-bf16-sdpa-gc-b4-s2048', 'causal', dict(arch='qwen2', shape=QWEN25_15B,
     precision='bf16', attention='sdpa', batch=4, seq=2048, checkpointing=True, lora=dict(r=16, targets=ALL_LINEAR))),
    ('qwen2.5-1.5b-lora16-all-bf16-sdpa-b4-s1024', 'causal', dict(arch='qwen2', shape=QWEN25_15B,
     precision='bf16', attention='sdpa', batch=4, seq=1024, lora=dict(r=16, targets=ALL_LINEAR))),
    ('mistral-7b-lora16-all-bf16-sdpa-gc-b2-s2048', 'causal', dict(arch='mistral', shape=MISTRAL_7B,
     precision='bf16', attention='sdpa', batch=2, seq=2048, checkpointing=True, lora=dict(r=16, targets=ALL_LINEAR))),
    ('llama3.1-8b-lora8-qv-bf16-sdpa-gc-b1-s4096', 'causal', dict(arch='llama', shape=LLAMA31_8B,
     precision='bf16', attention='sdpa', batch=1, seq=4096, checkpointing=True,
     lora=dict(r=8, targets=['q_proj', 'v_proj']))),
    ('vit-base-16-224-fp32-adamw-b64', 'vit', dict(hidden=768, layers=12, heads=12, ffn=3072, precision='fp32',
     batch=64)),
    ('vit-large-16-224-ampbf16-adamw-b32', 'vit', dict(hidden=1024, layers=24, heads=16, ffn=4096,
     precision='amp_bf16', batch=32)),
    ('resnet50-224-fp32-sgdm-b128', 'resnet', dict(precision='fp32', batch=128)),
    ('torch-mlp-8x8192-fp32-adam-b512', 'mlp_torch', dict(width=8192, layers=8, batch=512)),
    ('jax-mlp-8x8192-fp32-adam-b512', 'mlp_jax', dict(width=8192, layers=8, batch=512, donate=False)),
    ('jax-mlp-8x8192-fp32-adam-b512-donated', 'mlp_jax', dict(width=8192, layers=8, batch=512, donate=True)),
]

LLAMA32_3B = dict(num_hidden_layers=28, hidden_size=3072, num_attention_heads=24, num_key_value_heads=8,
                  intermediate_size=8192, vocab_size=128256, tie_word_embeddings=True, max_position_embeddings=8192)
QWEN25_3B = dict(num_hidden_layers=36, hidden_size=2048, num_attention_heads=16, num_key_value_heads=2,
                 intermediate_size=11008, vocab_size=151936, tie_word_embeddings=True, max_position_embeddings=4096)
QWEN25_7B = dict(num_hidden_layers=28, hidden_size=3584, num_attention_heads=28, num_key_value_heads=4,
                 intermediate_size=18944, vocab_size=152064, tie_word_embeddings=False, max_position_embeddings=8192)
LLAMA2_7B = dict(num_hidden_layers=32, hidden_size=4096, num_attention_heads=32, num_key_value_heads=32,
                 intermediate_size=11008, vocab_size=32000, tie_word_embeddings=False, max_position_embeddings=4096)
PYTHIA_14B = dict(num_hidden_layers=24, hidden_size=2048, num_attention_heads=16, intermediate_size=8192,
                  vocab_size=50304, rotary_pct=0.25, use_parallel_residual=True, tie_word_embeddings=False,
                  max_position_embeddings=2048)
GPT2_LARGE = dict(n_layer=36, n_embd=1280, n_head=20, vocab_size=50257, n_positions=1024)
QV = ['q_proj', 'v_proj']
QKVO = ['q_proj', 'k_proj', 'v_proj', 'o_proj']

# A second set, measured on a later lease: none of it was scored before it was measured.
CASES_2 = [
    ('llama3.2-3b-lora16-all-bf16-sdpa-gc-b4-s2048', 'causal', dict(arch='llama', shape=LLAMA32_3B, precision='bf16',
     attention='sdpa', batch=4, seq=2048, checkpointing=True, lora=dict(r=16, targets=ALL_LINEAR))),
    ('qwen2.5-3b-bf16-adamw-sdpa-gc-b2-s2048', 'causal', dict(arch='qwen2', shape=QWEN25_3B, precision='bf16',
     attention='sdpa', batch=2, seq=2048, checkpointing=True)),
    ('qwen2.5-7b-lora64-qkvo-bf16-sdpa-gc-b2-s4096', 'causal', dict(arch='qwen2', shape=QWEN25_7B, precision='bf16',
     attention='sdpa', batch=2, seq=4096, checkpointing=True, lora=dict(r=64, targets=QKVO))),
    ('llama2-7b-lora8-qv-bf16-eager-gc-b1-s2048', 'causal', dict(arch='llama', shape=LLAMA2_7B, precision='bf16',
     attention='eager', batch=1, seq=2048, checkpointing=True, lora=dict(r=8, targets=QV))),
    ('pythia-1.4b-ampbf16-adamw-sdpa-b4-s2048', 'causal', dict(arch='neox', shape=PYTHIA_14B, precision='amp_bf16',
     attention='sdpa', batch=4, seq=2048)),
    ('bert-base-cls-fp32-adamw-b32-s512', 'classify', dict(size='base', precision='fp32', batch=32, seq=512)),
    ('bert-large-cls-ampfp16-adamw-b16-s512', 'classify', dict(size='large', precision='amp_fp16', batch=16, seq=512)),
    ('t5-base-fp32-adamw-b16-s512-t128', 't5', dict(precision='fp32', batch=16, seq=512, target=128)),
    ('tinyllama-1.1b-fp32-adamw-eager-b2-s2048', 'causal', dict(arch='llama', shape=TINYLLAMA, precision='fp32',
     attention='eager', batch=2, seq=2048)),
    ('tinyllama-1.1b-bf16-adafactor-sdpa-gc-b4-s2048', 'causal', dict(arch='llama', shape=TINYLLAMA, precision='bf16',
     attention='sdpa', batch=4, seq=2048, checkpointing=True, optimizer='adafactor')),
    ('qwen2.5-0.5b-bf16-adamw-sdpa-gc-b16-s2048', 'causal', dict(arch='qwen2', shape=QWEN25_05B, precision='bf16',
     attention='sdpa', batch=16, seq=2048, checkpointing=True)),
    ('gpt2-774m-ampbf16-adamw-sdpa-gc-b8-s1024', 'causal', dict(arch='gpt2', shape=GPT2_LARGE, precision='amp_bf16',
     attention='sdpa', batch=8, seq=1024, checkpointing=True)),
    ('vit-huge-14-224-ampbf16-adamw-b16', 'vit', dict(hidden=1280, layers=32, heads=16, ffn=5120, patch=14,
     precision='amp_bf16', batch=16)),
    ('resnet18-224-fp32-sgdm-b256', 'resnet', dict(depth=18, precision='fp32', batch=256)),
    ('mistral-7b-lora16-all-bf16-sdpa-b1-s1024', 'causal', dict(arch='mistral', shape=MISTRAL_7B, precision='bf16',
     attention='sdpa', batch=1, seq=1024, lora=dict(r=16, targets=ALL_LINEAR))),
    ('llama3.1-8b-bf16-adamw-sdpa-gc-b1-s2048', 'causal', dict(arch='llama', shape=LLAMA31_8B, precision='bf16',
     attention='sdpa', batch=1, seq=2048, checkpointing=True)),
    ('jax-mlp-12x4096-fp32-adam-b2048', 'mlp_jax', dict(width=4096, layers=12, batch=2048, donate=False)),
]

TINY = dict(num_hidden_layers=2, hidden_size=64, num_attention_heads=4, num_key_value_heads=2,
            intermediate_size=128, vocab_size=1000, n_layer=2, n_embd=64, n_head=4)
ALL_CASES = CASES + CASES_2


def tiny_shape(shape):
    return {key: TINY.get(key, value) for key, value in shape.items()}


# ---- one case, in its own process -----------------------------------------------------------------------------------

def torch_case(builder, settings, device, tiny):
    import torch

    cuda = device == 'cuda'
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    precision = settings.get('precision', 'fp32')
    weight_dtype = torch.bfloat16 if precision == 'bf16' else torch.float32
    autocast_dtype = {'amp_bf16': torch.bfloat16, 'amp_fp16': torch.float16, 'bf16': torch.bfloat16}.get(precision)
    info = {}

    torch.set_default_dtype(weight_dtype)
    with torch.device(device):
        model, make_batch, loss_of = build_model(builder, settings, device, tiny, info)
    torch.set_default_dtype(torch.float32)
    if settings.get('checkpointing'):
        model.gradient_checkpointing_enable()
        info['gradientCheckpointingKwargs'] = getattr(model, '_gradient_checkpointing_kwargs', None) or \
            'default (transformers %s)' % __import__('transformers').__version__
    if settings.get('lora'):
        import peft
        if settings.get('checkpointing'):
            model.enable_input_require_grads()
        lora = settings['lora']
        model = peft.get_peft_model(model, peft.LoraConfig(r=lora['r'], lora_alpha=2 * lora['r'], lora_dropout=0.0,
                                                           target_modules=lora['targets'], task_type='CAUSAL_LM'))
        info['peft'] = peft.__version__
        info['loraDtypes'] = sorted({str(p.dtype) for n, p in model.named_parameters() if p.requires_grad})
    params = [p for p in model.parameters() if p.requires_grad]
    info['parameters'] = sum(p.numel() for p in model.parameters())
    info['trainable'] = sum(p.numel() for p in params)
    optimizer = build_optimizer(builder, params, settings)
    scaler = torch.amp.GradScaler('cuda') if precision == 'amp_fp16' and cuda else None
    model.train()
    after_load = torch.cuda.memory_allocated() if cuda else 0
    peaks = []
    for step in range(3):
        if cuda:
            torch.cuda.reset_peak_memory_stats()
        batch = make_batch()
        # bf16 weights train under bf16 autocast too, as the HF Trainer's bf16=True (accelerate) runs them
        with torch.autocast(device_type=device, dtype=autocast_dtype or torch.float32,
                            enabled=autocast_dtype is not None):
            loss = loss_of(model, batch)
        if scaler:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        del loss, batch
        if cuda:
            torch.cuda.synchronize()
            peaks.append(dict(allocated=torch.cuda.max_memory_allocated(), reserved=torch.cuda.max_memory_reserved()))
    result = dict(info, afterLoadAllocated=after_load, steps=peaks)
    if cuda:
        free, total = torch.cuda.mem_get_info()
        result.update(
            peakAllocated=max(p['allocated'] for p in peaks), peakReserved=max(p['reserved'] for p in peaks),
            deviceUsedAtEnd=total - free, deviceTotal=total, torch=torch.__version__,
            gpu=torch.cuda.get_device_name(), autocast=str(autocast_dtype),
            optimizerForeach=optimizer.defaults.get('foreach'), optimizer=type(optimizer).__name__,
        )
    return result


def build_model(builder, settings, device, tiny, info):
    import torch

    if builder == 'causal':
        import transformers
        shape = tiny_shape(settings['shape']) if tiny else settings['shape']
        arch = settings['arch']
        config_class, model_class = {
            'gpt2': (transformers.GPT2Config, transformers.GPT2LMHeadModel),
            'llama': (transformers.LlamaConfig, transformers.LlamaForCausalLM),
            'mistral': (transformers.MistralConfig, transformers.MistralForCausalLM),
            'qwen2': (transformers.Qwen2Config, transformers.Qwen2ForCausalLM),
            'neox': (transformers.GPTNeoXConfig, transformers.GPTNeoXForCausalLM),
        }[arch]
        config = config_class(**shape)
        config._attn_implementation = settings['attention']
        model = model_class(config)
        info['transformers'] = transformers.__version__
        info['attention'] = config._attn_implementation
        vocab = shape.get('vocab_size', 50257)
        seq = 32 if tiny else settings['seq']
        batch = 2 if tiny else settings['batch']

        def make_batch():
            ids = torch.randint(0, vocab, (batch, seq), device=device)
            return ids

        def loss_of(model, ids):
            return model(input_ids=ids, labels=ids).loss

        return model, make_batch, loss_of
    if builder == 'vit':
        import transformers
        hidden, layers, heads, ffn = (64, 2, 4, 128) if tiny else (settings['hidden'], settings['layers'],
                                                                    settings['heads'], settings['ffn'])
        config = transformers.ViTConfig(hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=heads,
                                        intermediate_size=ffn, image_size=224, patch_size=settings.get('patch', 16),
                                        num_labels=1000)
        model = transformers.ViTForImageClassification(config)
        info['transformers'] = transformers.__version__
        info['attention'] = config._attn_implementation
        batch = 2 if tiny else settings['batch']

        def make_batch():
            return (torch.randn(batch, 3, 224, 224, device=device), torch.randint(0, 1000, (batch,), device=device))

        def loss_of(model, batch_):
            return model(pixel_values=batch_[0], labels=batch_[1]).loss

        return model, make_batch, loss_of
    if builder == 'resnet':
        import torchvision
        model = getattr(torchvision.models, 'resnet%d' % settings.get('depth', 50))(num_classes=1000)
        info['torchvision'] = torchvision.__version__
        batch = 2 if tiny else settings['batch']

        def make_batch():
            return (torch.randn(batch, 3, 224, 224, device=device), torch.randint(0, 1000, (batch,), device=device))

        def loss_of(model, batch_):
            return torch.nn.functional.cross_entropy(model(batch_[0]), batch_[1])

        return model, make_batch, loss_of
    if builder == 'classify':
        import transformers
        size = dict(base=(768, 12, 12, 3072), large=(1024, 24, 16, 4096))[settings['size']]
        hidden, layers, heads, ffn = (64, 2, 4, 128) if tiny else size
        config = transformers.BertConfig(hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=heads,
                                         intermediate_size=ffn, num_labels=2)
        model = transformers.BertForSequenceClassification(config)
        info['transformers'] = transformers.__version__
        info['attention'] = config._attn_implementation
        seq = 32 if tiny else settings['seq']
        batch = 2 if tiny else settings['batch']

        def make_batch():
            return (torch.randint(0, 30522, (batch, seq), device=device), torch.randint(0, 2, (batch,), device=device))

        def loss_of(model, batch_):
            return model(input_ids=batch_[0], labels=batch_[1]).loss

        return model, make_batch, loss_of
    if builder == 't5':
        import transformers
        sizes = dict(d_model=64, d_ff=128, num_layers=2, num_heads=4, d_kv=16) if tiny else \
            dict(d_model=768, d_ff=3072, num_layers=12, num_heads=12, d_kv=64, vocab_size=32128)
        config = transformers.T5Config(decoder_start_token_id=0, pad_token_id=0, **sizes)  # t5-base's own ids
        model = transformers.T5ForConditionalGeneration(config)
        info['transformers'] = transformers.__version__
        info['attention'] = config._attn_implementation
        seq, target = (32, 8) if tiny else (settings['seq'], settings['target'])
        batch = 2 if tiny else settings['batch']

        def make_batch():
            return (torch.randint(0, 32000, (batch, seq), device=device),
                    torch.randint(0, 32000, (batch, target), device=device))

        def loss_of(model, batch_):
            return model(input_ids=batch_[0], labels=batch_[1]).loss

        return model, make_batch, loss_of
    if builder == 'mlp_torch':
        width = 64 if tiny else settings['width']
        layers = []
        for _ in range(settings['layers']):
            layers += [torch.nn.Linear(width, width), torch.nn.ReLU()]
        model = torch.nn.Sequential(*layers[:-1])
        batch = 2 if tiny else settings['batch']

        def make_batch():
            return (torch.randn(batch, width, device=device), torch.randn(batch, width, device=device))

        def loss_of(model, batch_):
            return torch.nn.functional.mse_loss(model(batch_[0]), batch_[1])

        return model, make_batch, loss_of
    raise ValueError(builder)


def build_optimizer(builder, params, settings):
    import torch
    if builder == 'resnet':
        return torch.optim.SGD(params, lr=0.1, momentum=0.9)
    if builder == 'mlp_torch':
        return torch.optim.Adam(params, lr=1e-4)
    if settings.get('optimizer') == 'adafactor':
        import transformers
        return transformers.optimization.Adafactor(params)  # relative step, factored second moments
    return torch.optim.AdamW(params, lr=1e-5)


def jax_case(settings, device, tiny):
    os.environ.setdefault('XLA_PYTHON_CLIENT_PREALLOCATE', 'false')
    import jax
    import jax.numpy as jnp
    try:
        import optax
    except ImportError:  # the dry run's machine may lack optax (the GPU image has it): the same Adam, by hand
        optax = None

    width = 64 if tiny else settings['width']
    batch = 2 if tiny else settings['batch']
    keys = jax.random.split(jax.random.PRNGKey(0), settings['layers'])
    params = [dict(w=jax.random.normal(k, (width, width)) * 0.01, b=jnp.zeros((width,))) for k in keys]
    if optax is not None:
        optimizer = optax.adam(1e-4)
    else:
        optimizer = hand_adam(jax, jnp)
    opt_state = optimizer.init(params)

    def loss_fn(params, x, y):
        h = x
        for i, layer in enumerate(params):
            h = h @ layer['w'] + layer['b']
            if i < len(params) - 1:
                h = jax.nn.relu(h)
        return jnp.mean((h - y) ** 2)

    def step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return jax.tree_util.tree_map(lambda p, u: p + u, params, updates), opt_state, loss

    step = jax.jit(step, donate_argnums=(0, 1) if settings.get('donate') else ())
    dev = jax.devices()[0]
    peaks = []
    for i in range(3):
        x = jax.random.normal(jax.random.PRNGKey(10 + i), (batch, width))
        y = jax.random.normal(jax.random.PRNGKey(20 + i), (batch, width))
        params, opt_state, loss = step(params, opt_state, x, y)
        loss.block_until_ready()
        stats = dev.memory_stats() or {}
        peaks.append(dict(peakBytesInUse=stats.get('peak_bytes_in_use'), bytesInUse=stats.get('bytes_in_use')))
    compiled = step.lower(params, opt_state, x, y).compile()
    analysis = None
    try:
        m = compiled.memory_analysis()
        analysis = {k: getattr(m, k) for k in dir(m) if k.endswith('_in_bytes')}
    except Exception as error:  # memory_analysis is optional per backend
        analysis = repr(error)
    return dict(jax=jax.__version__, optax=getattr(optax, '__version__', None), platform=dev.platform, steps=peaks,
                peakAllocated=max((p['peakBytesInUse'] or 0) for p in peaks), memoryAnalysis=analysis,
                parameters=sum(int(p['w'].size + p['b'].size) for p in params), donated=bool(settings.get('donate')))


def hand_adam(jax, jnp, lr=1e-4, b1=0.9, b2=0.999, eps=1e-8):
    class Adam:
        def init(self, params):
            zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
            return (jnp.zeros([], jnp.int32), zeros, jax.tree_util.tree_map(jnp.zeros_like, params))

        def update(self, grads, state, params):
            count, mu, nu = state
            count = count + 1
            mu = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, mu, grads)
            nu = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, nu, grads)
            updates = jax.tree_util.tree_map(lambda m, v: -lr * m / (jnp.sqrt(v) + eps), mu, nu)
            return updates, (count, mu, nu)
    return Adam()


def run_one(case_id, device, tiny):
    for cid, builder, settings in ALL_CASES:
        if cid == case_id:
            started = time.time()
            if builder == 'mlp_jax':
                result = jax_case(settings, device, tiny)
            else:
                result = torch_case(builder, settings, device, tiny)
            result['seconds'] = round(time.time() - started, 1)
            print('RESULT ' + json.dumps(result), flush=True)
            return
    raise SystemExit(f'peaks.py: no case {case_id}')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', default=os.environ.get('OUT', '.'))
    parser.add_argument('--only', default='')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--tiny', action='store_true')
    parser.add_argument('--case', default='')
    parser.add_argument('--set', default='1', choices=['1', '2'])
    parser.add_argument('--timeout', type=float, default=120)
    args = parser.parse_args()
    if args.case:
        return run_one(args.case, args.device, args.tiny)
    wanted = [c for c in args.only.split(',') if c]
    results = []
    started = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
    for cid, builder, settings in (CASES if args.set == '1' else CASES_2):
        if wanted and cid not in wanted:
            continue
        command = [sys.executable, __file__, '--case', cid, '--device', args.device] + (['--tiny'] if args.tiny else [])
        t0 = time.time()
        try:
            child = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
            line = next((l for l in child.stdout.splitlines() if l.startswith('RESULT ')), None)
            entry = dict(id=cid, builder=builder, settings=settings, ok=line is not None, exitCode=child.returncode)
            if line:
                entry['result'] = json.loads(line[len('RESULT '):])
            else:
                entry['error'] = (child.stderr or child.stdout)[-3000:]
        except subprocess.TimeoutExpired as error:
            entry = dict(id=cid, builder=builder, settings=settings, ok=False, error=f'timeout after {args.timeout}s')
        entry['wall'] = round(time.time() - t0, 1)
        results.append(entry)
        summary = entry.get('result', {})
        print(f"{cid:50s} {'ok ' if entry['ok'] else 'FAIL'} {entry['wall']:6.1f}s "
              f"alloc {summary.get('peakAllocated', 0) / 2**30:8.3f} GiB "
              f"reserved {summary.get('peakReserved', 0) / 2**30:8.3f} GiB "
              f"device {summary.get('deviceUsedAtEnd', 0) / 2**30:8.3f} GiB", flush=True)
        if not entry['ok']:
            print('   ' + entry['error'][-800:].replace('\n', '\n   '), flush=True)
        # written after every case, so a run cut short still returns what it measured
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, 'gpu-peaks%s.json' % ('' if args.set == '1' else '-2')), 'w') as handle:
            json.dump(dict(started=started, finished=time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
                           device=args.device, tiny=args.tiny, cases=results), handle, indent=1)
    return 0 if all(r['ok'] for r in results) else 1


if __name__ == '__main__':
    sys.exit(main())
