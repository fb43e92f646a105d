"""Release numbers as the plan compares them (src/plan/torch-versions.ts): `major.minor[.patch]`, an
alpha or dev build counting as below its number, a release candidate as the release."""

import os
import re
import sys

_PATTERN = re.compile(r"^\s*v?(\d+)\.(\d+)(?:\.(\d+))?((?:a|b|rc|\.?dev)\d*)?(?:\+[\w.]+)?\s*$")


def parse(text):
    """(major, minor, patch, is_prerelease), or None for anything else."""
    match = _PATTERN.match(text or "")
    if match is None:
        return None
    tag = match.group(4) or ""
    return (int(match.group(1)), int(match.group(2)), int(match.group(3) or 0), tag != "" and not tag.startswith("rc"))


def at_least(version, minimum):
    """True when a parsed version is at least the `major.minor[.patch]` minimum."""
    floor = parse(minimum)
    if version is None or floor is None:
        return False
    if version[:3] != floor[:3]:
        return version[:3] > floor[:3]
    return not version[3]


def installed(distribution):
    """The installed version of a distribution, read from its metadata directory's name on sys.path
    (`torch-2.4.1+cu121.dist-info`, Debian's `torch-1.13.0a0+gitunknown.egg-info`), the first Python
    would import; importlib.metadata (20 ms to import) only when no such directory is found; else None."""
    prefix = distribution.lower() + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or os.curdir)
        except OSError:
            continue
        for name in names:
            lower = name.lower()
            for suffix in (".dist-info", ".egg-info"):
                if lower.startswith(prefix) and lower.endswith(suffix):
                    return name[len(prefix) : -len(suffix)]
    try:
        from importlib import metadata
    except ImportError:  # Python < 3.8
        return None
    try:
        return metadata.version(distribution)
    except Exception:
        return None
