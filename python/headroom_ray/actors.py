"""headroom's two Ray actors, core Ray API only.

ProcessRunner: one per planned process (replica); runs its command as a real child in a session and
process group of its own, under a memory cgroup of its own where the node allows (root, cgroup v1 or
v2), and hands its output and its end to the driver, which polls it.

NodeSampler: one per node in use; reads that node's /proc, cgroups and GPU (nvidia-smi, or the
simulated card's state directory) for the driver's samples, and sweeps the node for processes a run
left behind (found by HEADROOM_RUN in their environment).
"""

import ctypes
import json
import os
import signal
import socket
import subprocess
import threading
import time

import ray

# prctl(2): PR_SET_PDEATHSIG is 1 (include/uapi/linux/prctl.h).
_PR_SET_PDEATHSIG = 1
_CGROUP_ROOT = "/sys/fs/cgroup"


def _own_memory_cgroup():
    """(kind, directory) of the memory cgroup this process runs in, or None (cgroup(7))."""
    try:
        with open("/proc/self/cgroup") as lines:
            entries = [line.rstrip("\n").split(":", 2) for line in lines]
    except OSError:
        return None
    for _, controllers, path in entries:
        if "memory" in controllers.split(","):
            directory = os.path.join(_CGROUP_ROOT, "memory", path.lstrip("/"))
            if os.path.isfile(os.path.join(directory, "memory.limit_in_bytes")):
                return ("v1", directory)
    for hierarchy, controllers, path in entries:
        if hierarchy == "0" and controllers == "":
            directory = os.path.join(_CGROUP_ROOT, path.lstrip("/"))
            if os.path.isfile(os.path.join(directory, "memory.max")) or path == "/":
                return ("v2", directory)
    return None


def _make_cgroup(name, limit_bytes):
    """A memory cgroup for one child beside this worker's own (as a local run makes one under headroom's)."""
    found = _own_memory_cgroup()
    if found is None:
        return None, "no memory cgroup controller on this node"
    kind, parent = found
    directory = os.path.join(parent, name)
    try:
        os.makedirs(directory, exist_ok=True)
        if limit_bytes is not None:
            limit_file = "memory.limit_in_bytes" if kind == "v1" else "memory.max"
            with open(os.path.join(directory, limit_file), "w") as f:
                f.write(str(int(limit_bytes)))
            if kind == "v1":
                # Without swap accounting this file is absent; the limit above still holds RAM.
                try:
                    with open(os.path.join(directory, "memory.memsw.limit_in_bytes"), "w") as f:
                        f.write(str(int(limit_bytes)))
                except OSError:
                    pass
    except OSError as error:
        return None, f"cannot make cgroup {directory} ({error.strerror})"
    return {"kind": kind, "dir": directory}, None


def _read_int(path):
    try:
        with open(path) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _cgroup_oom_kills(group):
    """The kernel's count of OOM kills in the group (v1 memory.oom_control, v2 memory.events)."""
    name = "memory.oom_control" if group["kind"] == "v1" else "memory.events"
    try:
        with open(os.path.join(group["dir"], name)) as f:
            for line in f:
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
    except OSError:
        return None
    return 0


def _cgroup_peak(group):
    name = "memory.max_usage_in_bytes" if group["kind"] == "v1" else "memory.peak"
    return _read_int(os.path.join(group["dir"], name))


def _remove_cgroup(group, timeout_s=2.0):
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            os.rmdir(group["dir"])
            return None
        except FileNotFoundError:
            return None
        except OSError as error:
            if time.monotonic() >= deadline:
                return error.strerror
            time.sleep(0.05)


def _session_members(session_id, proc_root="/proc"):
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


def _kill_session(session_id, sig):
    killed = []
    for pid in _session_members(session_id):
        try:
            os.kill(pid, sig)
            killed.append(pid)
        except ProcessLookupError:
            pass
    return killed


def _node_facts():
    context = ray.get_runtime_context()
    return {"node_id": context.get_node_id(), "node_ip": ray.util.get_node_ip_address(), "hostname": socket.gethostname()}


@ray.remote(max_restarts=0, max_concurrency=4)
class ProcessRunner:
    """Runs one planned process's command as a child of this actor and reports its output and end."""

    def __init__(self, name, run_id):
        self.name = name
        self.run_id = run_id
        self.child = None
        self.group = None
        self.chunks = []
        self.lock = threading.Condition()
        self.ended = None
        self.stop_signal = None
        self.killed_after_grace = False

    def start(self, command, env, cwd, host_memory_bytes, use_cgroup, inherit_env=False):
        """Spawns the command; returns its PID, this node and how its host memory is held."""
        # headroom run gives the whole environment; a script gives the plan's variables over the worker's.
        child_env = {**os.environ, **env} if inherit_env else dict(env)
        # Ray chose the card (its fractional GPU is a scheduling count): the child sees what Ray gave.
        visible = os.environ.get("CUDA_VISIBLE_DEVICES")
        if visible is not None:
            child_env["CUDA_VISIBLE_DEVICES"] = visible
        # A node whose card is simulated names its own state directory (tests: one per node).
        node_sim_dir = os.environ.get("HEADROOM_RAY_NODE_SIM_DIR")
        if node_sim_dir and "HEADROOM_SIM_DIR" in child_env:
            child_env["HEADROOM_SIM_DIR"] = node_sim_dir
        if cwd:
            # A local run's child gets PWD from the sh that joins its cgroup (src/supervise/spawn.ts): the same here.
            child_env["PWD"] = cwd
        group, problem = (None, None)
        if use_cgroup:
            group, problem = _make_cgroup(f"headroom-ray-{self.run_id}-{self.name}".replace("/", "_"), host_memory_bytes)
        self.group = group
        procs = os.path.join(group["dir"], "cgroup.procs") if group else None

        def prepare_child():
            # The child dies with this actor's thread (a worker killed by Ray leaves no orphan root),
            # and joins its cgroup before exec so everything it starts is held by the limit.
            try:
                ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            except (OSError, AttributeError):
                pass
            if procs:
                with open(procs, "w") as f:
                    f.write(str(os.getpid()))

        shell = isinstance(command, str)
        try:
            self.child = subprocess.Popen(
                ["/bin/sh", "-c", command] if shell else list(command),
                env=child_env,
                cwd=cwd or None,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=prepare_child,
            )
        except OSError as error:
            self.ended = {"exit_code": None, "signal": None, "spawn_error": f"{error.strerror}: {command if shell else command[0]}"}
            return {**_node_facts(), "pid": None, "spawn_error": self.ended["spawn_error"], "cgroup": None, "cgroup_problem": problem}
        threading.Thread(target=self._copy_output, daemon=True).start()
        threading.Thread(target=self._wait, daemon=True).start()
        return {
            **_node_facts(),
            "pid": self.child.pid,
            "cuda_visible_devices": visible,
            "cgroup": group["dir"] if group else None,
            "cgroup_problem": problem,
            "oom_kills_before": _cgroup_oom_kills(group) if group else None,
        }

    def _copy_output(self):
        stream = self.child.stdout
        pending = b""
        while True:
            data = stream.read1(65536)
            if not data:
                break
            pending += data
            cut = pending.rfind(b"\n")
            if cut >= 0:
                with self.lock:
                    self.chunks.append(pending[: cut + 1])
                    self.lock.notify_all()
                pending = pending[cut + 1 :]
        if pending:
            with self.lock:
                self.chunks.append(pending + b"\n")

    def _wait(self):
        status = self.child.wait()
        # What the child left in its session is killed with it (a local run clears its tree too).
        leftovers = _kill_session(self.child.pid, signal.SIGKILL)
        time.sleep(0.05)
        ended = {
            "exit_code": status if status >= 0 else None,
            "signal": signal.Signals(-status).name if status < 0 else None,
            "spawn_error": None,
            "leftovers": leftovers,
        }
        if self.group:
            ended["cgroup_oom_kills"] = _cgroup_oom_kills(self.group)
            ended["peak_cgroup_bytes"] = _cgroup_peak(self.group)
            problem = _remove_cgroup(self.group)
            if problem:
                ended["cgroup_problem"] = f"could not remove cgroup {self.group['dir']} ({problem})"
        ended["stop_signal"] = self.stop_signal
        ended["killed_after_grace"] = self.killed_after_grace
        # Output read after the exit still comes before the end.
        time.sleep(0.05)
        with self.lock:
            self.ended = ended
            self.lock.notify_all()

    def poll(self, wait_s):
        """Output written since the last poll (bytes as text) and the end once it came; waits up to wait_s for either."""
        with self.lock:
            if not self.chunks and self.ended is None:
                self.lock.wait(wait_s)
            text = b"".join(self.chunks).decode("utf-8", "replace")
            self.chunks = []
            return {"text": text, "ended": self.ended}

    def stop(self, signal_name, grace_s):
        """Sends signal_name to the child's session, then SIGKILL after grace_s; returns once it is gone."""
        if self.child is None or self.ended is not None:
            return {"killed_after_grace": False}
        self.stop_signal = signal_name
        _kill_session(self.child.pid, getattr(signal, signal_name))
        deadline = time.monotonic() + grace_s
        while self.child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.child.poll() is None:
            self.killed_after_grace = True
            _kill_session(self.child.pid, signal.SIGKILL)
        return {"killed_after_grace": self.killed_after_grace}


def _status_kib(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return 0


def _pss_bytes(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return None


def _sim_claims(sim_dir):
    """The simulated card's claims (examples/workloads/sim-gpu.mjs): {pid: (device, bytes)} of live PIDs."""
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
        return _node_facts()

    def sample(self, roots):
        """roots: {name: pid}. Each tree's host memory (Σ RSS, Σ PSS) and GPU bytes, and the node's cards."""
        claims = _sim_claims(self.sim_dir)
        smi = None if claims or self.sim_dir else _smi_usage()
        processes = {}
        for name, pid in roots.items():
            members = _session_members(pid)
            rss = sum(_status_kib(m, "VmRSS") or 0 for m in members)
            swap = sum(_status_kib(m, "VmSwap") or 0 for m in members)
            pss_values = [_pss_bytes(m) for m in members]
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
        return {**_node_facts(), "processes": processes, "used": used}

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
        return {**_node_facts(), "killed": found}
