"""Writes JAX's fraction in the grammar that is a hard cap on the installed jaxlib, before jax reads it.

Every jaxlib released so far reads XLA_PYTHON_CLIENT_MEM_FRACTION with float() (jaxlib/xla_client.py),
and a bare fraction is a fixed cap. XLA's START-CAP grammar (openxla/xla#48834, #48985) reads a bare
fraction as "start there, grow to the whole card" and `F-F` as the fixed cap, which older jaxlib's
float() rejects. The plan hands the pair with its first jaxlib in HEADROOM_JAX_MEM_FRACTION
(`0.3000-0.3000@0.12.0`, src/frameworks/jax-fraction.ts); this writes it where jaxlib is that new.
jaxlib reads the variable when its GPU backend starts, after this runs at interpreter start-up.
"""

import os

from . import versions


def write_fraction(env):
    """Sets XLA_PYTHON_CLIENT_MEM_FRACTION to the pair when the installed jaxlib reads START-CAP."""
    value, _, minimum = env.get("HEADROOM_JAX_MEM_FRACTION", "").strip().rpartition("@")
    if not value or not minimum:
        return
    installed = versions.installed("jaxlib")
    version = versions.parse(installed) if installed else None
    if version is None or not versions.at_least(version, minimum):
        return  # no jaxlib here, or one that reads the bare fraction as the cap it is
    # os.environ calls putenv, so jaxlib's os.getenv sees it (FACTS Q6).
    os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = value
