from tensorflow.python.eager import context as _context


def set_memory_growth(device, enable):
    _context.context().set_memory_growth(device, enable)


def get_memory_info(device):
    """As tensorflow/python/framework/config.py: {'current', 'peak'} of a GPU; ValueError for a CPU."""
    if not str(device).startswith("GPU:"):
        raise ValueError("Memory statistics not tracked for %s" % device)
    ctx = _context.context()
    ctx.ensure_initialized()
    return {"current": ctx.gpu_bytes, "peak": ctx.gpu_peak_bytes}
