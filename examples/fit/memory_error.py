#!/usr/bin/env python3
"""A training stand-in that runs out of host memory the way Python does: a real allocation fails
under a real limit (RLIMIT_AS, the address-space limit of setrlimit(2)) and Python raises
MemoryError, with its traceback, instead of being OOM-killed. Memory grows with the batch:
--per-item MiB per item, written page by page so RSS holds it, on top of the interpreter.

    python3 memory_error.py --batch 64 [--room-mib 256] [--per-item-mib 1] [--steps 2] [--step-ms 200]

--room-mib is how much address space the script allows itself beyond what the interpreter holds at
start; batches whose buffer does not fit in it raise MemoryError. The boundary is deterministic:
with the defaults, 255 fits and 256 does not.
"""
import argparse
import resource
import sys
import time

MiB = 2**20


def virtual_size_bytes():
    # proc(5): VmSize in /proc/self/status is the address space RLIMIT_AS counts.
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, required=True)
    parser.add_argument("--room-mib", type=int, default=256)
    parser.add_argument("--per-item-mib", type=float, default=1.0)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--step-ms", type=int, default=200)
    args = parser.parse_args()
    limit = virtual_size_bytes() + args.room_mib * MiB
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # bytearray(b"\x01") * n writes every byte, so the pages are resident (a zeroed buffer may not be).
    batch = bytearray(b"\x01") * int(args.batch * args.per_item_mib * MiB)
    for step in range(1, args.steps + 1):
        print(f"step {step}/{args.steps}: batch {args.batch}, {len(batch) / MiB:.1f} MiB", flush=True)
        time.sleep(args.step_ms / 1000)
    print("done", flush=True)


if __name__ == "__main__":
    sys.exit(main())
