"""What headroom's actors read of their node: a session's processes (/proc), their memory, and the node."""

import os
import signal
import socket

import ray


def session_members(session_id, proc_root="/proc"):
    """PIDs whose session is `session_id` (the child leads its own: its whole tree, forks included)."""
    members = []
    for entry in os.listdir(proc_root):
        if not entry.isdigit():
            continue
        try:
            with open(f"{proc_root}/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        # After the command: state ppid pgrp session ... (proc(5)).
        if len(fields) > 3 and int(fields[3]) == session_id:
            members.append(int(entry))
    return members


def kill_session(session_id, sig):
    killed = []
    for pid in session_members(session_id):
        try:
            os.kill(pid, sig)
            killed.append(pid)
        except ProcessLookupError:
            pass
    return killed


def node_facts():
    context = ray.get_runtime_context()
    return {"node_id": context.get_node_id(), "node_ip": ray.util.get_node_ip_address(), "hostname": socket.gethostname()}


def status_bytes(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return 0


def pss_bytes(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return None
