#!/usr/bin/env python3
"""Checks every framework fact headroom encodes against a real GPU, with python3 alone (no Node).

Run on a machine with an NVIDIA GPU, PyTorch and/or JAX with CUDA:  python3 test/gpu/check.py [--out DIR]
Each check runs in a fresh child process (the frameworks read their variables once, at CUDA start-up),
measures the card with nvidia-smi before and while the child holds its memory, and compares with what
headroom's plan and doctor assume (../shared/FACTS.md; src/plan, src/doctor). Without a GPU every check
says "skipped: no GPU" and the script exits 0. It writes DIR/gpu-check.json (every figure and every
error text the frameworks printed, for test/framework-logs/) and prints one line per check.
Exit 1 when a fact headroom encodes did not hold. Sized for one 10-minute run.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def find_boot():
    """python/headroom_boot of the checkout this script belongs to (or of the current directory)."""
    for start in (HERE, os.getcwd()):
        path = start
        while True:
            candidate = os.path.join(path, "python", "headroom_boot", "sitecustomize.py")
            if os.path.exists(candidate):
                return os.path.dirname(candidate)
            parent = os.path.dirname(path)
            if parent == path:
                break
            path = parent
    return None


BOOT = find_boot()
GIB = 1024**3
MIB = 1024**2


def smi(*query):
    """nvidia-smi --query-gpu fields for GPU 0, as strings; None without nvidia-smi."""
    if shutil.which("nvidia-smi") is None:
        return None
    out = subprocess.run(
        ["nvidia-smi", "--id=0", "--query-gpu=" + ",".join(query), "--format=csv,noheader,nounits"],
        capture_output=True, text=True, timeout=30,
    )
    if out.returncode != 0:
        return None
    return [v.strip() for v in out.stdout.strip().split(",")]


def used_mib():
    values = smi("memory.used")
    return int(values[0]) if values else None


def apps():
    """Compute processes on the card: [(pid, used MiB)] (host PIDs; they may not match ours in a container)."""
    out = subprocess.run(
        ["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
        capture_output=True, text=True, timeout=30,
    )
    rows = []
    for line in out.stdout.strip().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            rows.append((int(parts[0]), int(parts[1])))
    return rows


def child(code, env_extra=None, hold=True, timeout=120):
    """Runs `code` in a fresh python3. With hold, the child prints READY <json> and waits for a line on
    stdin; the card is measured while it holds its memory. Returns (result dict, stdout+stderr text)."""
    env = dict(os.environ)
    for name in list(env):
        if name.startswith(("XLA_", "JAX_", "PYTORCH_", "HEADROOM_", "TF_")) or name == "CUDA_MODULE_LOADING":
            del env[name]
    env.update(env_extra or {})
    env["PYTHONUNBUFFERED"] = "1"
    prelude = "import json, sys, os\n"
    wrapped = prelude + textwrap.dedent(code)
    before = used_mib()
    proc = subprocess.Popen(
        [sys.executable, "-c", wrapped], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )
    result = {"usedBeforeMiB": before}
    lines = []
    timer = threading.Timer(timeout, proc.kill)  # a hung child is killed, not waited on
    timer.start()
    try:
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("READY "):
                result.update(json.loads(line[6:]))
                if hold:
                    time.sleep(1.0)  # let NVML's accounting catch up
                    result["usedHeldMiB"] = used_mib()
                    result["apps"] = apps()
                    result["childPid"] = proc.pid
                proc.stdin.write("go\n")
                proc.stdin.flush()
            if line.startswith("RESULT "):
                result.update(json.loads(line[7:]))
        proc.wait(timeout=30)
    except Exception as error:  # a broken child must not end the whole check
        proc.kill()
        result["harnessError"] = repr(error)
    finally:
        timer.cancel()
    result["exitCode"] = proc.returncode
    result["timedOut"] = proc.returncode == -9
    return result, "".join(lines)


READY = """
def ready(**figures):
    print("READY " + json.dumps(figures), flush=True)
    sys.stdin.readline()
def done(**figures):
    print("RESULT " + json.dumps(figures), flush=True)
"""

JAX_STATS = READY + """
import jax, jax.numpy as jnp
x = jnp.ones((256, 256), jnp.float32).block_until_ready()
dev = jax.devices()[0]
stats = dev.memory_stats() or {}
ready(platform=dev.platform, jax=jax.__version__, stats={k: int(v) for k, v in stats.items()})
"""


def check_jax_pool(name, env, expect_fraction, expect_prealloc, results, total_bytes):
    res, text = child(JAX_STATS, env)
    stats = res.get("stats", {})
    limit = stats.get("bytes_limit")
    pool = stats.get("pool_bytes")
    held = (res.get("usedHeldMiB") or 0) - (res.get("usedBeforeMiB") or 0)
    ok = limit is not None and abs(limit - expect_fraction * total_bytes) < 0.01 * total_bytes
    if expect_prealloc:
        ok = ok and pool is not None and pool >= 0.95 * limit
    else:
        ok = ok and pool is not None and pool < 0.05 * total_bytes
    context_mib = held - (pool or 0) / MIB if pool is not None else None
    results.append({
        "check": name, "ok": ok, "env": env, "jax": res.get("jax"), "bytesLimit": limit, "poolBytes": pool,
        "expectedLimit": int(expect_fraction * total_bytes), "cardUsedByChildMiB": held,
        "outsidePoolMiB": context_mib, "stats": stats, "exitCode": res.get("exitCode"),
        "output": text[-4000:],
    })


# What `headroom env learner` / `headroom env policy` print for test/gpu/plan.yaml, the bootstrap's
# path left out (BOOT is put first in PYTHONPATH): plan-env.test.ts keeps these equal to headroom's.
PLAN_ENV_JAX = {
    "CUDA_VISIBLE_DEVICES": "0",
    "HEADROOM_PROCESS": "learner",
    "HEADROOM_GPU_BUDGET_BYTES": "45032964096",
    "HEADROOM_GPU_FRACTION": "0.3000",
    "CUDA_DEVICE_ORDER": "PCI_BUS_ID",
    "XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3000",
    "XLA_PYTHON_CLIENT_PREALLOCATE": "false",
    "JAX_PLATFORMS": "cuda",
    "HEADROOM_JAX_MEM_FRACTION": "0.3000-0.3000@0.12.0",
    "HEADROOM_BOOT": "jax-cap,peaks",
}
PLAN_ENV_TORCH = {
    "CUDA_VISIBLE_DEVICES": "0",
    "HEADROOM_PROCESS": "policy",
    "HEADROOM_GPU_BUDGET_BYTES": "30021976064",
    "HEADROOM_GPU_FRACTION": "0.2000",
    "CUDA_DEVICE_ORDER": "PCI_BUS_ID",
    "HEADROOM_TORCH_ALLOC_KEYS": "expandable_segments:True@2.1",
    "HEADROOM_BOOT": "torch-alloc,torch-cap,peaks",
}


def with_boot(env):
    return dict(env, PYTHONPATH=BOOT) if BOOT else dict(env)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--only", default="", help="comma-separated groups: contexts, jax, torch-caps, boot-peaks, plan-env")
    args = parser.parse_args()
    groups = {g.strip() for g in args.only.split(",") if g.strip()}

    def want(group):
        return not groups or group in groups
    os.makedirs(args.out, exist_ok=True)
    report = {"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "checks": []}
    results = report["checks"]

    info = smi("name", "memory.total", "driver_version", "memory.used")
    if info is None:
        print("skipped: no GPU (nvidia-smi is absent or failed); nothing checked")
        with open(os.path.join(args.out, "gpu-check.json"), "w") as f:
            json.dump({"skipped": "no GPU"}, f, indent=1)
        return 0
    report["gpu"] = {"name": info[0], "smiTotalMiB": int(info[1]), "driver": info[2], "idleUsedMiB": int(info[3])}
    print("GPU: %s, nvidia-smi total %s MiB, driver %s, used when idle %s MiB" % tuple(info))

    def have(module):
        return subprocess.run([sys.executable, "-c", "import " + module], capture_output=True).returncode == 0

    has_torch, has_jax, has_tf = have("torch"), have("jax"), have("tensorflow")
    report["frameworks"] = {"torch": has_torch, "jax": has_jax, "tensorflow": has_tf}

    # 1. What CUDA reports as the total (what a percent of the card means), against nvidia-smi's MiB.
    total_bytes = int(info[1]) * MIB
    if has_torch:
        res, text = child(READY + """
import torch
free, total = torch.cuda.mem_get_info()
p = torch.cuda.get_device_properties(0)
ready(torch=torch.__version__, cudaFree=free, cudaTotal=total, totalGlobalMem=p.total_memory, name=p.name,
      cuda=torch.version.cuda, moduleLoading=os.environ.get("CUDA_MODULE_LOADING"))
""")
        total_bytes = res.get("cudaTotal", total_bytes)
        held = (res.get("usedHeldMiB") or 0) - (res.get("usedBeforeMiB") or 0)
    if has_torch and want("contexts"):
        results.append({
            "check": "cuda-total-and-torch-context", "ok": "cudaTotal" in res,
            "torch": res.get("torch"), "cuda": res.get("cuda"), "cudaTotal": res.get("cudaTotal"),
            "totalGlobalMem": res.get("totalGlobalMem"), "smiTotalMiB": int(info[1]),
            "contextMiB": held, "note": "a bare torch context (lazy module loading, CUDA >= 12.2 default)",
            "output": text[-2000:],
        })
        res, text = child(READY + """
import torch
torch.zeros(1, device="cuda")
ready(torch=torch.__version__)
""", {"CUDA_MODULE_LOADING": "EAGER"})
        held = (res.get("usedHeldMiB") or 0) - (res.get("usedBeforeMiB") or 0)
        results.append({"check": "torch-context-eager", "ok": held > 0, "contextMiB": held, "output": text[-2000:]})
        res, text = child(READY + """
import torch
torch.zeros(1, device="cuda")
a = torch.randn(1024, 1024, device="cuda"); (a @ a).sum().item()
ready(torch=torch.__version__, reserved=torch.cuda.memory_reserved())
""")
        held = (res.get("usedHeldMiB") or 0) - (res.get("usedBeforeMiB") or 0)
        results.append({
            "check": "torch-context-with-cublas", "ok": held > 0, "cardUsedByChildMiB": held,
            "reservedBytes": res.get("reserved"),
            "outsideAllocatorMiB": held - (res.get("reserved") or 0) / MIB, "output": text[-2000:],
        })
    report["cudaTotalBytes"] = total_bytes

    if has_jax and want("jax"):
        # 2. JAX's pool: default 75% of total, preallocated at the first allocation.
        check_jax_pool("jax-default-75pct-preallocated", {}, 0.75, True, results, total_bytes)
        # 3. The fraction caps the pool in both modes (FACTS Q2).
        check_jax_pool("jax-fraction-0.3-prealloc-on", {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3"}, 0.3, True, results, total_bytes)
        check_jax_pool("jax-fraction-0.3-prealloc-off",
                       {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3", "XLA_PYTHON_CLIENT_PREALLOCATE": "false"},
                       0.3, False, results, total_bytes)
        # 4. Lenient parse: FALSE (upper case) is not false, so the pool is preallocated (FACTS Q1).
        check_jax_pool("jax-preallocate-FALSE-means-true",
                       {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.2", "XLA_PYTHON_CLIENT_PREALLOCATE": "FALSE"},
                       0.2, True, results, total_bytes)
        # 5. The cap is hard with preallocation off: an array over the fraction fails although the card is free.
        res, text = child("""
import jax, jax.numpy as jnp
n = int(0.35 * %d) // 4
try:
    x = jnp.ones((n,), jnp.float32).block_until_ready()
    print("RESULT " + json.dumps({"failed": False}))
except Exception as e:
    print("RESULT " + json.dumps({"failed": True, "type": type(e).__module__ + "." + type(e).__name__, "message": str(e)[:3000]}))
""" % total_bytes, {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3", "XLA_PYTHON_CLIENT_PREALLOCATE": "false"}, hold=False)
        results.append({"check": "jax-oom-at-own-cap", "ok": bool(res.get("failed")) and "RESOURCE_EXHAUSTED" in res.get("message", ""),
                        "errorType": res.get("type"), "message": res.get("message"), "output": text[-6000:]})
        # 6. Both fraction names set: jaxlib refuses (FACTS Q2).
        res, text = child("""
import jax
try:
    jax.devices(); print("RESULT " + json.dumps({"failed": False}))
except Exception as e:
    print("RESULT " + json.dumps({"failed": True, "type": type(e).__name__, "message": str(e)[:2000]}))
""", {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3", "XLA_CLIENT_MEM_FRACTION": "0.3"}, hold=False)
        # jaxlib raises inside the plugin's initialize(); JAX catches it and, without JAX_PLATFORMS=cuda,
        # falls back to the CPU (why the plan always sets JAX_PLATFORMS=cuda).
        results.append({"check": "jax-both-fraction-names", "ok": "specified together with" in text,
                        "silentCpuFallback": "Falling back to cpu" in text, "result": res, "output": text[-3000:]})
        # 7. The START-CAP grammar on this jaxlib, with JAX_PLATFORMS=cuda (loud) (FACTS 2026-11-26).
        res, text = child("""
import jax
try:
    d = jax.devices()[0]; import jax.numpy as jnp; jnp.ones(4).block_until_ready()
    print("RESULT " + json.dumps({"failed": False, "platform": d.platform, "limit": (d.memory_stats() or {}).get("bytes_limit")}))
except Exception as e:
    print("RESULT " + json.dumps({"failed": True, "type": type(e).__name__, "message": str(e)[:2000]}))
""", {"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.3-0.3", "JAX_PLATFORMS": "cuda"}, hold=False)
        results.append({"check": "jax-fraction-grammar-0.3-0.3", "ok": True, "informational": True, "result": res, "output": text[-3000:]})
        # 8. Peak counters see a 150 ms spike that a 2 Hz sample misses.
        res, text = child("""
import time, jax, jax.numpy as jnp
d = jax.devices()[0]
x = jnp.ones((8 * 1024**3 // 4,), jnp.float32).block_until_ready()
time.sleep(0.15)
del x
s = d.memory_stats() or {}
print("RESULT " + json.dumps({"peak": int(s.get("peak_bytes_in_use", -1)), "inUse": int(s.get("bytes_in_use", -1))}))
""", {"XLA_PYTHON_CLIENT_PREALLOCATE": "false", "XLA_PYTHON_CLIENT_MEM_FRACTION": "0.5"}, hold=False)
        results.append({"check": "jax-peak-8GiB-150ms", "ok": res.get("peak", 0) >= 8 * GIB, "result": res, "output": text[-2000:]})

    if has_jax and want("plan-env") and BOOT:
        # 8b. The JAX learner exactly as headroom's plan launches it: the bootstrap's jax-cap leaves the
        # bare fraction on a jaxlib older than the START-CAP grammar, so the cap is 30% of CUDA's total,
        # the pool is not preallocated, JAX runs on CUDA, and an array over the cap fails there.
        check_jax_pool("plan-env-jax-learner-30pct", with_boot(PLAN_ENV_JAX), 0.3, False, results, total_bytes)
        res, text = child("""
import jax, jax.numpy as jnp
d = jax.devices()[0]
n = int(0.35 * %d) // 4
try:
    x = jnp.ones((n,), jnp.float32).block_until_ready()
    failed, message = False, ""
except Exception as e:
    failed, message = True, str(e)[:3000]
print("RESULT " + json.dumps({"platform": d.platform, "fraction": os.environ.get("XLA_PYTHON_CLIENT_MEM_FRACTION"),
      "failed": failed, "message": message}))
""" % total_bytes, with_boot(PLAN_ENV_JAX), hold=False)
        results.append({"check": "plan-env-jax-learner-oom-at-cap",
                        "ok": res.get("platform") == "gpu" and res.get("failed") is True and "RESOURCE_EXHAUSTED" in res.get("message", ""),
                        "result": res, "output": text[-4000:]})
    if has_torch and want("plan-env") and BOOT:
        # 8c. The PyTorch policy exactly as planned: the bootstrap's torch-alloc adds expandable_segments
        # (torch >= 2.1) and torch-cap caps the process at 20% of the card, so a 25% tensor fails.
        res, text = child("""
import torch
torch.zeros(1, device="cuda")
conf = os.environ.get("PYTORCH_CUDA_ALLOC_CONF")
try:
    x = torch.empty(int(0.25 * %d), dtype=torch.uint8, device="cuda")
    failed, message = False, ""
except Exception as e:
    failed, message = True, str(e)[:3000]
print("RESULT " + json.dumps({"torch": torch.__version__, "allocConf": conf, "failed": failed, "message": message}))
""" % total_bytes, with_boot(PLAN_ENV_TORCH), hold=False)
        results.append({"check": "plan-env-torch-policy-20pct",
                        "ok": res.get("failed") is True and "out of memory" in res.get("message", "")
                        and "expandable_segments:True" in (res.get("allocConf") or ""),
                        "result": res, "output": text[-4000:]})

    if has_torch and want("torch-caps"):
        big = int(0.25 * total_bytes)
        oom_code = """
import torch
torch.zeros(1, device="cuda")
try:
    x = torch.empty(%d, dtype=torch.uint8, device="cuda")
    print("RESULT " + json.dumps({"failed": False, "boot": getattr(sys.modules.get("sitecustomize"), "__file__", None)}))
except Exception as e:
    print("RESULT " + json.dumps({"failed": True, "type": type(e).__module__ + "." + type(e).__name__, "message": str(e)[:4000]}))
""" % big
        # 9. The bootstrap's cap (set_per_process_memory_fraction queued at CUDA init) stops a 25% tensor at 20%.
        res, text = child(oom_code, {"PYTHONPATH": BOOT, "HEADROOM_BOOT": "torch-cap", "HEADROOM_GPU_FRACTION": "0.2"}, hold=False)
        results.append({"check": "torch-bootstrap-cap-0.2", "boot": BOOT, "ok": bool(res.get("failed")) and "out of memory" in res.get("message", ""),
                        "errorType": res.get("type"), "message": res.get("message"), "output": text[-6000:]})
        # 10. The allocator key (PyTorch >= 2.10) does the same without the bootstrap.
        res, text = child(oom_code, {"PYTORCH_CUDA_ALLOC_CONF": "per_process_memory_fraction:0.2"}, hold=False)
        results.append({"check": "torch-alloc-conf-fraction-0.2", "ok": bool(res.get("failed")) and "out of memory" in res.get("message", ""),
                        "errorType": res.get("type"), "message": res.get("message"), "output": text[-6000:]})
        # 11. The bootstrap adds the key where the release accepts it, and stands down when it is there.
        res, text = child(oom_code, {"PYTHONPATH": BOOT, "HEADROOM_BOOT": "torch-alloc,torch-cap", "HEADROOM_GPU_FRACTION": "0.2",
                                     "HEADROOM_TORCH_ALLOC_KEYS": "per_process_memory_fraction:0.2@2.10.0"}, hold=False)
        results.append({"check": "torch-bootstrap-alloc-key", "ok": bool(res.get("failed")) and "out of memory" in res.get("message", ""),
                        "message": res.get("message"), "output": text[-6000:]})
        # 12. A plain OOM (over the whole card): the 2.x message doctor parses.
        res, text = child(oom_code.replace(str(big), str(int(1.2 * total_bytes))), {}, hold=False)
        results.append({"check": "torch-oom-over-card", "ok": bool(res.get("failed")) and "Tried to allocate" in res.get("message", ""),
                        "errorType": res.get("type"), "message": res.get("message"), "output": text[-6000:]})
        # 13. An unknown allocator key: the rejection text.
        res, text = child(oom_code.replace(str(big), "1024"), {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segment:True"}, hold=False)
        results.append({"check": "torch-unknown-alloc-key", "ok": "Unrecognized" in text, "informational": True,
                        "message": res.get("message"), "output": text[-3000:]})
        # 14. Peak counters: 8 GiB held for 150 ms.
        res, text = child("""
import time, torch
x = torch.empty(8 * 1024**3, dtype=torch.uint8, device="cuda"); torch.cuda.synchronize()
time.sleep(0.15)
del x; torch.cuda.synchronize()
print("RESULT " + json.dumps({"maxAllocated": torch.cuda.max_memory_allocated(), "maxReserved": torch.cuda.max_memory_reserved(),
      "allocatedNow": torch.cuda.memory_allocated()}))
""", {}, hold=False)
        results.append({"check": "torch-peak-8GiB-150ms", "ok": res.get("maxAllocated", 0) >= 8 * GIB, "result": res, "output": text[-2000:]})

    if want("boot-peaks") and BOOT is not None:
        # 15. headroom's bootstrap records the frameworks' own peaks at exit (HEADROOM_BOOT=peaks): an 8 GiB
        # spike of 150 ms, freed before exit, must be in the peaks file for torch and for JAX.
        spike = {
            "torch": "import time, torch\nx = torch.empty(8 * 1024**3, dtype=torch.uint8, device='cuda'); torch.cuda.synchronize()\ntime.sleep(0.15)\ndel x\n",
            "jax": "import time, jax, jax.numpy as jnp\nx = jnp.ones((8 * 1024**3 // 4,), jnp.float32).block_until_ready()\ntime.sleep(0.15)\ndel x\n",
        }
        for framework, code in spike.items():
            if not {"torch": has_torch, "jax": has_jax}[framework]:
                continue
            peaks_file = os.path.join(args.out, "peaks-%s.jsonl" % framework)
            if os.path.exists(peaks_file):
                os.remove(peaks_file)
            env = {"PYTHONPATH": BOOT, "HEADROOM_BOOT": "peaks", "HEADROOM_PEAKS_FILE": peaks_file, "HEADROOM_PROCESS": "spike"}
            if framework == "jax":
                env.update({"XLA_PYTHON_CLIENT_PREALLOCATE": "false", "XLA_PYTHON_CLIENT_MEM_FRACTION": "0.5"})
            res, text = child(code, env, hold=False)
            lines = []
            if os.path.exists(peaks_file):
                with open(peaks_file) as f:
                    lines = [json.loads(line) for line in f if line.strip()]
                os.remove(peaks_file)
            peak = max((d.get("peakBytes", 0) for line in lines for d in line.get("devices", [])), default=0)
            results.append({"check": "bootstrap-peaks-%s-8GiB-150ms" % framework, "ok": peak >= 8 * GIB and res.get("exitCode") == 0,
                            "peakBytes": peak, "lines": lines, "exitCode": res.get("exitCode"), "output": text[-3000:]})

    if has_tf:
        res, text = child(READY + """
import tensorflow as tf
g = tf.config.list_physical_devices("GPU")
ready(tf=tf.__version__, gpus=len(g))
""")
        results.append({"check": "tensorflow-present", "ok": True, "informational": True, "result": res, "output": text[-2000:]})
    else:
        results.append({"check": "tensorflow", "ok": True, "skipped": "TensorFlow is not installed on this machine"})

    failed = [r["check"] for r in results if not r.get("ok")]
    report["failed"] = failed
    report["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    with open(os.path.join(args.out, "gpu-check.json"), "w") as f:
        json.dump(report, f, indent=1)
    for r in results:
        figures = {k: v for k, v in r.items() if k not in ("output", "stats", "env", "message", "result", "apps")}
        print("%-4s %s" % ("ok" if r.get("ok") else "FAIL", json.dumps(figures)))
    print("%d checks, %d failed%s" % (len(results), len(failed), (": " + ", ".join(failed)) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
