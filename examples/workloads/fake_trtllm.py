#!/usr/bin/env python3
"""A stand-in for `trtllm-serve` on a simulated GPU: the KV cache as a fraction of the memory left free.

  python3 fake_trtllm.py MODEL --kv_cache_free_gpu_memory_fraction 0.4 --weights 2GiB --activation 512MiB \
      --hold-ms -1

What it takes from TensorRT-LLM (NVIDIA/TensorRT-LLM):
- `--kv_cache_free_gpu_memory_fraction`, also `--free_gpu_memory_fraction` (tensorrt_llm/commands/serve.py,
  click, type=float, default 0.9: "Free GPU memory fraction reserved for KV Cache, after allocating model
  weights and buffers"); KvCacheConfig's validator (tensorrt_llm/llmapi/llm_args.py) requires 0 <= f <= 1.
- So the base is what is FREE when the KV cache is sized: after the engine's context, weights and
  buffers, and after whatever the processes started before it hold.
- A component that cannot be created is explained by _ExecutorMemoryMonitor._maybe_explain_if_oom
  (tensorrt_llm/_torch/pyexecutor/py_executor_creator.py): "Executor creation failed due to
  insufficient GPU memory." and the component, the total and the free memory before it.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_kit import GIB, add_stand_in_args, die, log, open_card, serve  # noqa: E402


def parse_args(argv):
    # click: no abbreviations; both spellings name one option.
    parser = argparse.ArgumentParser(prog="trtllm-serve", allow_abbrev=False)
    parser.add_argument("model", nargs="?", default="TinyLlama/TinyLlama-1.1B-Chat-v1.0")
    parser.add_argument("--kv_cache_free_gpu_memory_fraction", "--free_gpu_memory_fraction",
                        dest="fraction", type=float, default=0.9)
    add_stand_in_args(parser, has_kv_bytes_per_token=False)
    return parser.parse_args(argv)


class Monitor:
    """_ExecutorMemoryMonitor: free memory before and after each component, for the explanation."""

    def __init__(self, card):
        self.card, self.samples = card, []

    def create(self, component, held_after):
        free_before = self.card.free()
        if not self.card.claim(held_after):
            self.explain(component, free_before)
        self.samples.append((component, free_before, self.card.free()))

    def explain(self, component, free_before):
        lines = [
            "torch.OutOfMemoryError: CUDA out of memory.",
            "[TRT-LLM] [E] Failed to initialize executor on rank 0: Executor creation failed due to insufficient GPU memory.",
            "",
            f"The following component could not be created: {component}",
            f"Total GPU memory (GiB): {self.card.total_bytes / GIB:.2f}",
            f"Free GPU memory before component creation attempt (GiB): {free_before / GIB:.2f}",
            "",
            "Previously created components and free GPU memory before/after creation (GiB):",
            *(f"{name}: {pre / GIB:.2f} / {post / GIB:.2f}" for name, pre, post in self.samples),
        ]
        die(self.card, lines)


def main():
    args = parse_args(sys.argv[1:])
    if not 0 <= args.fraction <= 1:
        sys.stderr.write(
            "pydantic_core._pydantic_core.ValidationError: 1 validation error for KvCacheConfig\n"
            "free_gpu_memory_fraction\n"
            "  Value error, kv_cache_config.free_gpu_memory_fraction must be a float between 0 and 1 "
            f"[type=value_error, input_value={args.fraction}, input_type=float]\n"
        )
        sys.exit(1)
    card = open_card()
    if not card.claim(args.context):
        die(card, ["RuntimeError: CUDA error: out of memory"])
    monitor = Monitor(card)
    held = args.context + args.weights
    monitor.create("Model", held)
    held += args.activation
    monitor.create("Additional executor resources", held)
    free_for_kv = card.free()
    kv_bytes = int(free_for_kv * args.fraction)
    log(f"[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv cache: "
        f"total: {card.total_bytes / GIB:.2f} GiB, available: {free_for_kv / GIB:.2f} GiB (simulated)")
    held += kv_bytes
    monitor.create("KV cache", held)
    log(f"[TensorRT-LLM][INFO] [MemUsageChange] Allocated {kv_bytes / GIB:.2f} GiB for max tokens in paged KV cache.")
    log("INFO:     Application startup complete.")
    serve(card, args.hold_ms)


if __name__ == "__main__":
    main()
