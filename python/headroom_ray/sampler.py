"""NodeSampler, one per node in use: reads that node's /proc and GPU (nvidia-smi, or the simulated
card's state directory) for the driver's samples, and sweeps the node at the end for processes a run
left behind (found by HEADROOM_RUN in their environment).
"""

import json
import os
import signal
import subprocess

import ray

try:
    from .proc import node_facts, pss_bytes, session_members, status_bytes
except ImportError:  # one file (headroom ray script): defined above
    pass


def _sim_claims(sim_dir):
    """The simulated card's claims (assets/sim-card/sim-gpu.mjs): {pid: (device, bytes)} of live PIDs."""
    claims = {}
    if not sim_dir or not os.path.isdir(sim_dir):
        return claims
    for entry in os.listdir(sim_dir):
        if not (entry.startswith("headroom-sim-claim-") and entry.endswith(".json")):
            continue
        try:
            with open(os.path.join(sim_dir, entry)) as f:
                claim = json.load(f)
            pid = int(entry[len("headroom-sim-claim-") : -len(".json")])
        except (OSError, ValueError):
            continue
        if claim.get("headroomSim") == 1 and os.path.exists(f"/proc/{pid}"):
            claims[pid] = (int(claim.get("device", 0)), int(claim.get("bytes", 0)))
    return claims


def _smi_usage():
    """{pid: bytes} and {index: used bytes} from nvidia-smi, or None where there is none."""
    try:
        apps = subprocess.run(
            ["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout
        cards = subprocess.run(
            ["nvidia-smi", "--query-gpu=index,memory.used", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    by_pid = {}
    for line in apps.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            by_pid[int(parts[0])] = by_pid.get(int(parts[0]), 0) + int(parts[1]) * 2**20
    used = {}
    for line in cards.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            used[int(parts[0])] = int(parts[1]) * 2**20
    return by_pid, used


@ray.remote(num_cpus=0, max_restarts=0)
class NodeSampler:
    """Reads one node's processes and GPU for the driver's samples; sweeps the node at the end."""

    def __init__(self, sim_dir):
        self.sim_dir = os.environ.get("HEADROOM_RAY_NODE_SIM_DIR") or sim_dir

    def node(self):
        return node_facts()

    def sample(self, roots):
        """roots: {name: pid}. Each tree's host memory (Σ RSS, Σ PSS) and GPU bytes, and the node's cards."""
        claims = _sim_claims(self.sim_dir)
        smi = None if claims or self.sim_dir else _smi_usage()
        processes = {}
        for name, pid in roots.items():
            members = session_members(pid)
            rss = sum(status_bytes(m, "VmRSS") or 0 for m in members)
            swap = sum(status_bytes(m, "VmSwap") or 0 for m in members)
            pss_values = [pss_bytes(m) for m in members]
            pss = sum(v for v in pss_values if v is not None) if any(v is not None for v in pss_values) else rss
            gpu = None
            if claims:
                gpu = sum(claims[m][1] for m in members if m in claims)
            elif smi is not None:
                gpu = sum(smi[0].get(m, 0) for m in members)
            elif self.sim_dir:
                gpu = 0
            processes[name] = {"pid": pid, "pids": len(members), "rssBytes": rss, "pssBytes": pss,
                               "swapBytes": swap, "hostBytes": pss + swap, "gpuBytes": gpu}
        if self.sim_dir:
            used = {}
            for device, held in claims.values():
                used[device] = used.get(device, 0) + held
        else:
            used = smi[1] if smi else {}
        return {**node_facts(), "processes": processes, "used": used}

    def sweep(self, run_id):
        """Kills every process on this node whose environment carries HEADROOM_RUN=run_id; returns them."""
        marker = f"HEADROOM_RUN={run_id}".encode()
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    variables = f.read().split(b"\0")
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    command = f.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
            except OSError:
                continue
            if marker in variables:
                try:
                    os.kill(int(entry), signal.SIGKILL)
                    found.append({"pid": int(entry), "command": command[:200]})
                except ProcessLookupError:
                    pass
        return {**node_facts(), "killed": found}
