"""Gives TensorFlow's GPU a logical device memory limit before its runtime starts.

No environment variable caps TensorFlow (FACTS Q11); tf.config.set_logical_device_configuration(gpu,
[LogicalDeviceConfiguration(memory_limit=MiB)]) does, before the GPU is initialised ("Virtual devices
cannot be modified after being initialized" after). With a logical device configured, TensorFlow's
set_memory_growth raises "Cannot set memory growth on device when virtual devices configured", which many
scripts call: growth is already forced by TF_FORCE_GPU_ALLOW_GROWTH=true from the plan, so that call is
made a no-op for the configured device. Where that cannot be arranged, no limit is set.
"""

from . import post_import, report

MiB = 1024 * 1024


def arrange(env):
    """Hooks the import of tensorflow."""
    budget_bytes = int(env.get("HEADROOM_GPU_BUDGET_BYTES", ""))
    if budget_bytes <= 0:
        raise ValueError("HEADROOM_GPU_BUDGET_BYTES=%s is not a positive size" % budget_bytes)
    post_import.when_imported(
        "tensorflow",
        lambda tf: report.guarded("could not set the TensorFlow GPU limit", _limit, tf, budget_bytes // MiB),
    )


def _pick(namespace, *names):
    for name in names:
        found = getattr(namespace, name, None)
        if found is not None:
            return found
    return None


def _limit(tf, limit_mib):
    config = getattr(tf, "config", None)
    experimental = getattr(config, "experimental", None)
    list_devices = _pick(config, "list_physical_devices") or _pick(experimental, "list_physical_devices")
    configure = _pick(config, "set_logical_device_configuration") or _pick(
        experimental, "set_virtual_device_configuration"
    )
    device_config = _pick(config, "LogicalDeviceConfiguration") or _pick(experimental, "VirtualDeviceConfiguration")
    if list_devices is None or configure is None or device_config is None:
        report.warn(
            "tensorflow %s has no tf.config logical devices, so its GPU limit is not set; continuing without it"
            % getattr(tf, "__version__", "?")
        )
        return
    gpus = list_devices("GPU")
    if not gpus:
        return  # no GPU visible: nothing to limit
    from tensorflow.python.eager import context as context_module

    configured = gpus[0]
    original = context_module.Context.set_memory_growth

    def set_memory_growth(self, dev, enable):
        if dev == configured:
            return None  # growth is already on (TF_FORCE_GPU_ALLOW_GROWTH=true) and the limit stays
        return original(self, dev, enable)

    configure(configured, [device_config(memory_limit=limit_mib)])
    context_module.Context.set_memory_growth = set_memory_growth
