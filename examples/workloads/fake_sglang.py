#!/usr/bin/env python3
"""A stand-in for `python -m sglang.launch_server` on a simulated GPU: its static memory fraction.

  python3 fake_sglang.py --model-path MODEL --mem-fraction-static 0.3 --weights 2GiB --activation 512MiB \
      --kv-bytes-per-token 128KiB --hold-ms -1

What it takes from SGLang (sgl-project/sglang, python/sglang/srt/):
- `--mem-fraction-static`, a float (server_args.py add_argument, type=float; argparse's abbreviations such
  as `--mem-frac` work, as in SGLang's own docs). Unset, SGLang derives it from the card; the stand-in
  takes 0.88, SGLang's value when it cannot read the card's memory.
- The base is the memory FREE when the model runner starts, after its CUDA context and distributed init
  (model_executor/model_runner.py: min_per_gpu_memory = get_available_gpu_memory(...), kept as the
  pre-model-load memory); profile_max_num_token: rest = free after loading the weights
  - pre_load_free x (1 - mem_fraction_static), so weights + KV cache = mem_fraction_static x pre_load_free.
  Activations and CUDA graph buffers come on top, outside the fraction.
- init_memory_pool raises "Not enough memory. Please try to increase --mem-fraction-static." when no
  token fits.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_kit import GIB, add_stand_in_args, die, format_gib, log, open_card, serve  # noqa: E402

# SGLang's mem_fraction_static when the card's memory cannot be read (server_args.py, "else 0.88").
UNKNOWN_CARD_FRACTION = 0.88


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="sglang.launch_server")
    parser.add_argument("--model-path", "--model", default="meta-llama/Llama-3.1-8B-Instruct")
    parser.add_argument("--mem-fraction-static", type=float, default=None)
    add_stand_in_args(parser)
    return parser.parse_args(argv)


def torch_oom(card, wanted):
    die(card, [
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {format_gib(wanted)} GiB. "
        f"GPU 0 has a total capacity of {format_gib(card.total_bytes)} GiB of which {format_gib(card.free())} GiB is free.",
    ])


def main():
    args = parse_args(sys.argv[1:])
    fraction = UNKNOWN_CARD_FRACTION if args.mem_fraction_static is None else args.mem_fraction_static
    card = open_card()
    if not card.claim(args.context):
        die(card, ["RuntimeError: CUDA error: out of memory"])
    pre_load_free = card.free()
    log(f"[TP0] Init torch distributed ends. avail mem={pre_load_free / GIB:.2f} GB (simulated)")
    if not card.claim(args.context + args.weights):
        torch_oom(card, args.weights)
    log(f"[TP0] Load weight end. mem usage={args.weights / GIB:.2f} GB, avail mem={card.free() / GIB:.2f} GB")
    rest = card.free() - pre_load_free * (1 - fraction)
    max_tokens = int(rest // args.kv_bytes_per_token)
    if max_tokens <= 0:
        die(card, ["RuntimeError: Not enough memory. Please try to increase --mem-fraction-static."])
    kv_bytes = max_tokens * args.kv_bytes_per_token
    if not card.claim(args.context + args.weights + kv_bytes):
        torch_oom(card, kv_bytes)
    log(f"[TP0] KV Cache is allocated. #tokens: {max_tokens}, KV size: {kv_bytes / GIB:.2f} GB")
    # CUDA graphs and activation buffers, captured before it serves: outside the static fraction.
    if not card.claim(args.context + args.weights + kv_bytes + args.activation):
        torch_oom(card, args.activation)
    log("The server is fired up and ready to roll!")
    serve(card, args.hold_ms)


if __name__ == "__main__":
    main()
