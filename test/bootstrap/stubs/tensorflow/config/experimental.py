from tensorflow.python.eager import context as _context


def set_memory_growth(device, enable):
    _context.context().set_memory_growth(device, enable)
