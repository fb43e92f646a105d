"""Adds the allocator keys the installed PyTorch accepts, before torch reads its config.

PyTorch parses PYTORCH_CUDA_ALLOC_CONF once, when its CUDA allocator starts (FACTS Q7), and rejects keys
its release does not know ("Unrecognized CachingAllocator option"). The plan hands the keys with their
first release in HEADROOM_TORCH_ALLOC_KEYS; this adds those the installed release accepts.
"""

import os

from . import versions


def conf_keys(conf):
    """The keys of an allocator config (`a:1,b:[x:1,y:2]`), brackets kept whole."""
    keys, depth, current = [], 0, ""
    for char in conf or "":
        depth += char == "["
        depth -= char == "]"
        if char == "," and depth == 0:
            keys.append(current)
            current = ""
        else:
            current += char
    keys.append(current)
    return [entry.split(":", 1)[0].strip() for entry in keys if entry.strip()]


def add_gated_keys(env):
    """Appends each `key:value@min` of HEADROOM_TORCH_ALLOC_KEYS that the installed torch accepts."""
    wanted = [e.strip() for e in env.get("HEADROOM_TORCH_ALLOC_KEYS", "").split(",") if e.strip()]
    if not wanted:
        return
    installed = versions.installed("torch")
    version = versions.parse(installed) if installed else None
    if version is None:
        return  # no torch here (or an unreadable version): add nothing that could be rejected
    conf = env.get("PYTORCH_CUDA_ALLOC_CONF", "")
    present = set(conf_keys(conf))
    added = []
    for entry in wanted:
        setting, _, minimum = entry.rpartition("@")
        key = setting.split(":", 1)[0]
        if setting and key not in present and versions.at_least(version, minimum):
            added.append(setting)
            present.add(key)
    if added:
        # os.environ calls putenv, so the allocator's getenv sees it (FACTS Q6).
        os.environ["PYTORCH_CUDA_ALLOC_CONF"] = ",".join([e for e in conf.split(",") if e.strip()] + added)
