"""Records the framework's own exact GPU peak counters when the process exits, into the run record.

headroom samples the card twice a second, so a spike of 150 ms is missed; the framework counted every
byte. At exit (atexit) this reads, for each framework the program itself imported and initialised on a
GPU, its peak counters, and appends one JSON line to HEADROOM_PEAKS_FILE (the run's peaks.jsonl,
src/run-record/schema.ts exactPeakSchema):

  PyTorch     torch.cuda.max_memory_reserved(i) (what the card gives the caching allocator; the figure
              compared with the budget) and max_memory_allocated(i), per device
  JAX         device.memory_stats() "peak_bytes_in_use" and "bytes_limit" (the XLA pool's cap)
  TensorFlow  tf.config.experimental.get_memory_info("GPU:i")["peak"]

It never imports a framework (only sys.modules is looked at), never initialises one (a torch that never
started CUDA, a JAX without backends, a TF without its runtime are skipped: their counters would start
a context, and they hold nothing on a card), writes no line when no GPU device is found, and swallows
every error: the program's exit and its exit code stay its own.
"""

import atexit
import os
import sys
import time

from . import post_import

_GPU_PLATFORMS = ("gpu", "cuda", "rocm")


def arrange(env):
    """Registers the exit hook when the run named a peaks file; nothing else happens before exit."""
    path = env.get("HEADROOM_PEAKS_FILE", "")
    if not path:
        return
    process = env.get("HEADROOM_PROCESS", "")
    pid = os.getpid()
    started = _stamp(time.time())  # clients that never ran together are never summed (run-record/peaks.ts)

    def hook():
        _record_at_exit(path, process, pid, started)

    atexit.register(hook)
    # atexit runs last-in, first-out, and jax registers clean_up() at import (jax/_src/api.py), which
    # clears every backend: a hook registered before `import jax` would find none (seen with the real
    # jax 0.10.2). So the hook moves to the end of the queue each time a framework is imported.
    for framework in ("jax", "torch", "tensorflow"):
        post_import.when_imported(framework, lambda _module: _register_last(hook))


def _register_last(hook):
    atexit.unregister(hook)
    atexit.register(hook)


def _record_at_exit(path, process, pid, started):
    try:
        if os.getpid() != pid:
            return  # a forked child exiting through Python: its parent's counters are not its own
        lines = collect()
        if lines:
            _append(path, process, lines, started)
    except BaseException:  # noqa: BLE001 - an exit hook never changes how the program ends
        pass


def collect():
    """Every imported, initialised framework's per-device peaks: [{framework, devices: [...]}]."""
    found = []
    for framework, reader in (("torch", _torch), ("jax", _jax), ("tensorflow", _tensorflow)):
        module = sys.modules.get(framework)
        if module is None:
            continue
        try:
            devices = reader(module)
        except Exception:
            devices = []
        if devices:
            found.append({"framework": framework, "devices": devices})
    return found


def _torch(torch):
    cuda = getattr(torch, "cuda", None)
    if cuda is None or not cuda.is_initialized():
        return []  # CUDA never started: nothing on a card, and asking would start it
    in_bad_fork = getattr(cuda, "_is_in_bad_fork", None)
    if in_bad_fork is not None and in_bad_fork():
        return []
    devices = []
    for index in range(cuda.device_count()):
        reserved = int(cuda.max_memory_reserved(index))
        allocated = int(cuda.max_memory_allocated(index))
        devices.append(
            {"device": index, "peakBytes": reserved, "peakAllocatedBytes": allocated, "counter": "max_memory_reserved"}
        )
    return devices


def _jax(jax):
    bridge = sys.modules.get("jax._src.xla_bridge")
    backends = getattr(bridge, "_backends", None)
    if not backends:
        return []  # no backend was ever initialised: nothing ran, and asking would start one
    devices = []
    for backend in list(backends.values()):
        if getattr(backend, "platform", "") not in _GPU_PLATFORMS:
            continue
        for device in backend.local_devices():
            stats = device.memory_stats() or {}
            if "peak_bytes_in_use" not in stats:
                continue
            entry = {"device": int(device.id), "peakBytes": int(stats["peak_bytes_in_use"]), "counter": "peak_bytes_in_use"}
            if "bytes_limit" in stats:
                entry["limitBytes"] = int(stats["bytes_limit"])
            devices.append(entry)
    return devices


def _tensorflow(tf):
    context_module = sys.modules.get("tensorflow.python.eager.context")
    context_safe = getattr(context_module, "context_safe", None)
    context = context_safe() if context_safe is not None else None
    if context is None or not getattr(context, "_initialized", False):
        return []  # the runtime never started: no GPU memory, and listing devices would start it
    devices = []
    for logical in tf.config.list_logical_devices("GPU"):
        index = int(logical.name.rsplit(":", 1)[-1])
        info = tf.config.experimental.get_memory_info("GPU:%d" % index)
        devices.append({"device": index, "peakBytes": int(info["peak"]), "counter": "get_memory_info peak"})
    return devices


def _stamp(seconds):
    """ISO 8601 in UTC with whole milliseconds, as Date#toISOString writes it."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % (int(seconds * 1000) % 1000)


def _append(path, process, found, started):
    import json

    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    stamp = _stamp(time.time())
    text = ""
    for entry in found:
        line = {
            "time": stamp,
            "started": started,
            "process": process,
            "pid": os.getpid(),
            "source": "framework",
            "framework": entry["framework"],
            "visibleDevices": visible,
            "devices": entry["devices"],
        }
        text += json.dumps(line) + "\n"
    # One write on an O_APPEND descriptor: lines of processes exiting together never interleave.
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)
