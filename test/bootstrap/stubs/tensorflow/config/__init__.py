from tensorflow.config import experimental  # noqa: F401
from tensorflow.python.eager import context as _context


class LogicalDeviceConfiguration:
    def __init__(self, memory_limit=None):
        self.memory_limit = memory_limit

    def __eq__(self, other):
        return isinstance(other, LogicalDeviceConfiguration) and other.memory_limit == self.memory_limit


def list_physical_devices(device_type=None):
    return _context.context().list_physical_devices(device_type)


def set_logical_device_configuration(device, logical_devices):
    _context.context().set_logical_device_configuration(device, logical_devices)


def list_logical_devices(device_type=None):
    return _context.context().list_logical_devices(device_type)
