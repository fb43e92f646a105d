"""The stub's Context, with the checks of tensorflow/python/eager/context.py, and the GPU allocator's
current and peak bytes that tf.config.experimental.get_memory_info reads (a stand-in for a GPU: the real
CPU build has no GPU device to count)."""

import collections
import os

import _stub_record

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])


class Context:
    def __init__(self):
        self._virtual_device_map = {}
        self._memory_growth_map = {}
        self._context_handle = None
        self._initialized = False
        self.gpu_bytes = 0
        self.gpu_peak_bytes = 0

    def list_physical_devices(self, device_type=None):
        visible = os.environ.get("CUDA_VISIBLE_DEVICES")
        count = 1 if visible is None else len([d for d in visible.split(",") if d.strip()])
        devices = [PhysicalDevice("/physical_device:CPU:0", "CPU")]
        devices += [PhysicalDevice("/physical_device:GPU:%d" % i, "GPU") for i in range(count)]
        return [d for d in devices if device_type is None or d.device_type == device_type]

    def set_logical_device_configuration(self, dev, virtual_devices):
        if self._virtual_device_map.get(dev) == virtual_devices:
            return
        if self._context_handle is not None:
            raise RuntimeError("Virtual devices cannot be modified after being initialized")
        self._virtual_device_map[dev] = virtual_devices
        _stub_record.event("logical-devices", device=dev.name, limits=[v.memory_limit for v in virtual_devices])

    def set_memory_growth(self, dev, enable):
        if dev in self._virtual_device_map:
            raise ValueError("Cannot set memory growth on device when virtual devices configured")
        if self._context_handle is not None:
            raise RuntimeError("Physical devices cannot be modified after being initialized")
        self._memory_growth_map[dev] = enable
        _stub_record.event("memory-growth", device=dev.name, enable=enable)

    def list_logical_devices(self, device_type=None):
        self.ensure_initialized()
        return [
            LogicalDevice(d.name.replace("/physical_device:", "/device:"), d.device_type)
            for d in self.list_physical_devices(device_type)
        ]

    def ensure_initialized(self):
        if self._context_handle is None:
            self._context_handle = object()
            self._initialized = True
            limits = {d.name: [v.memory_limit for v in vs] for d, vs in self._virtual_device_map.items()}
            _stub_record.event("gpu-init", limits=limits)


_context = None


def context():
    global _context
    if _context is None:
        _context = Context()
    return _context


def context_safe():
    return _context
