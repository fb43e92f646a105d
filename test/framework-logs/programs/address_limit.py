"""Caps this process's address space at what it maps now plus HEADROOM_FIXTURE_ROOM_MIB (default 2048),
the way `ulimit -v` or a batch system's RLIMIT_AS caps a job: imported after the framework, so the
framework's own start-up mappings are not what fails."""

import os
import resource


def cap_address_space():
    room = int(os.environ.get("HEADROOM_FIXTURE_ROOM_MIB", "2048")) * 1024**2
    with open("/proc/self/status") as status:
        vm_kib = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    limit = vm_kib * 1024 + room
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
