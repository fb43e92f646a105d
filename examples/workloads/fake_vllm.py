#!/usr/bin/env python3
"""A stand-in for `vllm serve` on a simulated GPU: vLLM's memory flag, its start-up check and its KV-cache sizing.

  python3 fake_vllm.py serve MODEL --gpu-memory-utilization 0.3 --weights 2GiB --activation 512MiB \
      --max-model-len 4096 --kv-bytes-per-token 128KiB --hold-ms -1

What it takes from vLLM (vllm-project/vllm, main at 002f10e0, vllm/config/cache.py and vllm/v1/):
- `--gpu-memory-utilization` (also `--gpu_memory_utilization`: FlexibleArgumentParser turns `_` into
  `-`), a float with 0 < value <= 1 (CacheConfig: Field(default=0.92, gt=0, le=1)), a per-instance
  fraction of the card's TOTAL memory.
- The memory snapshot is taken after the worker's CUDA context (and NCCL) exist (v1/worker/gpu_worker.py
  init_device); request_memory (v1/worker/utils.py) asks for ceil(total x utilization) and raises
  "Free memory on device ... on startup is less than desired GPU memory utilization" when free is less.
- The KV cache gets what is left of that request after the weights and the profiled activation peak;
  _check_enough_kv_cache_memory (v1/core/kv_cache_utils.py) raises "No available memory for the cache
  blocks" when nothing is left, and "To serve at least one request with the model's max seq len" when
  one request of max_model_len does not fit.
The flags after --gpu-memory-utilization are the stand-in's own: what a real model would weigh.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_kit import add_stand_in_args, die, format_gib, log, open_card, serve  # noqa: E402


def underscores_to_dashes(arg):
    if not arg.startswith("--"):
        return arg
    key, equals, value = arg.partition("=")
    return key.replace("_", "-") + equals + value


def parse_args(argv):
    # FlexibleArgumentParser (vllm/utils/argparse_utils.py) accepts --a_b for --a-b, and keeps argparse's
    # abbreviations (allow_abbrev is not turned off): --gpu-memory 0.5 names --gpu-memory-utilization.
    argv = [underscores_to_dashes(arg) for arg in argv]
    parser = argparse.ArgumentParser(prog="vllm")
    parser.add_argument("subcommand", nargs="?", default="serve", choices=["serve"])
    parser.add_argument("model", nargs="?", default="facebook/opt-125m")
    parser.add_argument("--gpu-memory-utilization", type=float, default=0.92)
    parser.add_argument("--max-model-len", type=int, default=4096)
    add_stand_in_args(parser)
    return parser.parse_args(argv)


def validate(utilization):
    # pydantic's words for CacheConfig's Field(gt=0, le=1), as vLLM raises them.
    if 0 < utilization <= 1:
        return
    rule = ("less than or equal to 1", "less_than_equal") if utilization > 1 else ("greater than 0", "greater_than")
    sys.stderr.write(
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for CacheConfig\n"
        "gpu_memory_utilization\n"
        f"  Input should be {rule[0]} [type={rule[1]}, input_value={utilization}, input_type=float]\n"
    )
    sys.exit(1)


def main():
    args = parse_args(sys.argv[1:])
    validate(args.gpu_memory_utilization)
    card = open_card()
    total = card.total_bytes
    if not card.claim(args.context):
        die(card, ["torch.AcceleratorError: CUDA error: out of memory"])
    log(f"INFO [gpu_worker.py] fake-vllm: {args.model} on cuda:0 ({format_gib(total)} GiB, simulated)")

    free = card.free()
    requested = math.ceil(total * args.gpu_memory_utilization)
    if free < requested:
        die(card, [
            f"ValueError: Free memory on device cuda:0 ({format_gib(free)}/{format_gib(total)} GiB) on startup "
            f"is less than desired GPU memory utilization ({args.gpu_memory_utilization}, "
            f"{format_gib(requested)} GiB). Decrease GPU memory utilization or reduce GPU memory used by "
            "other processes.",
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
        ])

    if not card.claim(args.context + args.weights):
        die(card, [
            f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {format_gib(args.weights)} GiB. "
            f"GPU 0 has a total capacity of {format_gib(total)} GiB of which {format_gib(card.free())} GiB is free.",
        ])
    log(f"INFO [gpu_model_runner.py] Model loading took {format_gib(args.weights)} GiB")
    card.claim(args.context + args.weights + args.activation)
    kv_bytes = requested - args.weights - args.activation
    if kv_bytes <= 0:
        die(card, [
            "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
            "when initializing the engine. See https://docs.vllm.ai/en/latest/configuration/conserving_memory/ "
            "for more details.",
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
        ])
    needed = args.max_model_len * args.kv_bytes_per_token
    if needed > kv_bytes:
        estimated = kv_bytes // args.kv_bytes_per_token
        die(card, [
            f"ValueError: To serve at least one request with the model's max seq len ({args.max_model_len}), "
            f"({format_gib(needed)} GiB KV cache is needed, which is larger than the available KV cache memory "
            f"({format_gib(kv_bytes)} GiB). Based on the available memory, the estimated maximum model length "
            f"is {estimated}. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when "
            "initializing the engine.",
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
        ])
    if not card.claim(args.context + requested):
        die(card, ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate the KV cache."])
    log(f"INFO [gpu_worker.py] Available KV cache memory: {format_gib(kv_bytes)} GiB")
    log(f"INFO [kv_cache_utils.py] GPU KV cache size: {kv_bytes // args.kv_bytes_per_token:,} tokens")
    log("INFO:     Application startup complete.")
    serve(card, args.hold_ms)


if __name__ == "__main__":
    main()
