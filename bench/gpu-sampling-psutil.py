"""The psutil side of bench/gpu-sampling.ts: the same sampling work as headroom's sampler, done with psutil.

Each tick: one pass over all processes for their parents (as headroom's readProcessTable does), then
memory_full_info() (smaps_rollup: RSS, PSS, swap) of every given PID. Prints JSON with the CPU time used.
Usage: python3 gpu-sampling-psutil.py SECONDS INTERVAL_SECONDS PID...
"""
import json
import os
import sys
import time

import psutil

seconds = float(sys.argv[1])
interval = float(sys.argv[2])
pids = [int(p) for p in sys.argv[3:]]
processes = [psutil.Process(pid) for pid in pids]
ticks = 0
sampled = 0


def sample():
    parents = {p.pid: p.info["ppid"] for p in psutil.process_iter(["ppid"])}
    count = 0
    for process in processes:
        try:
            info = process.memory_full_info()
            count += 1 if info.pss >= 0 and process.pid in parents else 0
        except psutil.Error:
            pass
    return count


sample()  # untimed, as on the headroom side: steady state
start_cpu = os.times()
start_wall = time.monotonic()
next_tick = start_wall
while time.monotonic() - start_wall < seconds:
    sampled += sample()
    ticks += 1
    next_tick += interval
    time.sleep(max(0.0, next_tick - time.monotonic()))
end_cpu = os.times()
wall = time.monotonic() - start_wall
cpu = (end_cpu.user - start_cpu.user) + (end_cpu.system - start_cpu.system)
print(json.dumps({"ticks": ticks, "sampled": sampled, "cpuSeconds": cpu, "wallSeconds": wall, "psutil": psutil.__version__}))
