"""headroom's Ray driver: runs a plan's processes as Ray actors, core Ray API only.

It reads a RayLaunchSpec (JSON; headroom writes it, src/launch/ray/spec.ts is its type) and, like a
Slurm batch script of headroom's, coordinates the processes itself: each starts once the processes it
depends on are ready (a line of their output matched `ready_when`, or they started), and starts
again as its `restart` policy says. Each process is one ProcessRunner actor with the plan's
`num_gpus`, `num_cpus`, `memory` and node or placement-group bundle; one NodeSampler per node in use
samples memory. Ctrl-C (SIGINT) or SIGTERM stops every process (its signal, then SIGKILL after the
grace), then sweeps each node for anything of the run still alive.

With --events it prints one JSON object per line on stdout for headroom (`headroom run --on ray`);
without, it prints each process's output prefixed with its name and headroom's notes as
`headroom: ...` lines (`headroom ray script` writes this file with the spec inside).
"""

import argparse
import faulthandler
import json
import os
import re
import signal
import sys
import time

import ray
from ray.util.placement_group import placement_group
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy, PlacementGroupSchedulingStrategy

try:
    from .feasibility import resources_of, short_resource
    from .output import Output
    from .runner import ProcessRunner
    from .sampler import NodeSampler
except ImportError:  # one file (headroom ray script): defined above
    pass

_POLL_WAIT_S = 0.5
_PENDING_WARN_S = 30.0


# The raylet names the node it killed on: "Memory on the node (IP: %s, ID: %s) was ..." (Ray 2.58's raylet,
# src/ray/raylet/node_manager.cc; the same words in its binary's strings).
_KILLED_ON_NODE = re.compile(r"Memory on the node \(IP: ([^,\s]+), ID: ([0-9a-f]+)\)")


def _node_of_ray_error(ray_error):
    """The node Ray's own message names, for an actor that died before its start answered (no PID then)."""
    found = _KILLED_ON_NODE.search(ray_error["message"]) if ray_error else None
    return {"node_id": found.group(2), "node_ip": found.group(1), "hostname": None} if found else None


def _classify_ray_error(error):
    """What Ray said ended an actor: Ray's memory monitor, its node's death, or the actor's (worker's) death."""
    text = str(error)
    # Ray 2.58's raylet: "Task was killed due to the node running low on memory. Memory on the node
    # (IP: ..., ID: ...) was X GB / Y GB (f), which exceeds the memory usage threshold of t." and the
    # worker exit type NODE_OUT_OF_MEMORY (src/ray/raylet/worker_killing_policy / node_manager).
    if isinstance(error, getattr(ray.exceptions, "OutOfMemoryError", ())) or "running low on memory" in text or "NODE_OUT_OF_MEMORY" in text:
        kind = "memory-monitor"
    elif isinstance(error, getattr(ray.exceptions, "NodeDiedError", ())) or "NODE_DIED" in text or "node has died" in text.lower() or "its node has died" in text:
        kind = "node-died"
    else:
        kind = "actor-died"
    # What follows Ray's own account (object store figures, the documentation's advice) is left out.
    for tail in ("Object store memory usage", "Refer to the documentation"):
        if tail in text:
            text = text[: text.index(tail)]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return {"kind": kind, "type": type(error).__name__, "message": " ".join(lines)[:2000]}


class Process:
    def __init__(self, spec):
        self.spec = spec
        self.name = spec["name"]
        self.state = "waiting"
        self.attempt = 0
        self.runner = None
        self.start_ref = None
        self.poll_ref = None
        self.stop_ref = None
        self.pid = None
        self.node = None
        self.is_ready = False
        self.restart_at = None
        self.waiting_since = None
        self.has_warned_pending = False
        self.stop_sent = None
        pattern = spec.get("ready_when")
        self.ready_pattern = re.compile(pattern) if pattern else None


class Driver:
    def __init__(self, spec, output):
        self.spec = spec
        self.out = output
        self.processes = {p["name"]: Process(p) for p in spec["processes"]}
        self.samplers = {}
        self.groups = {}
        self.stop_signal = None
        self.stop_started = None
        self.sample_refs = {}
        self.next_sample = 0.0
        self.sample_round = {}

    # --- starting -------------------------------------------------------------------------------
    def check_feasible(self, nodes):
        for process in self.processes.values():
            group = process.spec.get("placement_group")
            if group:
                continue  # checked with its group
            short = short_resource(resources_of(process.spec), nodes, process.spec.get("node"))
            if short:
                self.end_unstarted(process, f"infeasible: Ray can never place it: {short['message']}", infeasible=short)

    def make_groups(self, nodes):
        for group in self.spec.get("placement_groups") or []:
            members = [p for p in self.processes.values() if (p.spec.get("placement_group") or {}).get("name") == group["name"]]
            bundles = group["bundles"]
            need = [{k: v for k, v in b.items() if v} for b in bundles]
            short = None
            if group.get("strategy", "PACK") == "STRICT_PACK":
                total = {}
                for bundle in need:
                    for key, value in bundle.items():
                        total[key] = total.get(key, 0) + value
                short = short_resource(total, nodes, group.get("node_id"))
            else:
                for bundle in need:
                    short = short or short_resource(bundle, nodes, group.get("node_id"))
            if short:
                for process in members:
                    self.end_unstarted(process, f"infeasible: placement group {group['name']} can never be placed: {short['message']}", infeasible=short)
                continue
            # Each bundle pinned to its node by Ray 2.58's node-id label (python/ray/util/placement_group.py).
            self.groups[group["name"]] = placement_group(
                need, strategy=group.get("strategy", "PACK"), name=f"headroom-{self.spec['run_id']}-{group['name']}",
                bundle_label_selector=group.get("bundle_label_selector") or None,
            )

    def scheduling_of(self, spec):
        group = spec.get("placement_group")
        if group and group["name"] in self.groups:
            return PlacementGroupSchedulingStrategy(self.groups[group["name"]], placement_group_bundle_index=group.get("bundle_index", 0))
        if spec.get("node"):
            return NodeAffinitySchedulingStrategy(node_id=spec["node"], soft=False)
        return "DEFAULT"

    def start(self, process):
        spec = process.spec
        if process.runner is None:
            options = {
                "num_cpus": spec.get("num_cpus", 1),
                "num_gpus": spec.get("num_gpus", 0),
                "scheduling_strategy": self.scheduling_of(spec),
                "name": f"headroom-{self.spec['run_id']}-{process.name}-{process.attempt}",
            }
            if spec.get("memory"):
                options["memory"] = spec["memory"]
            if spec.get("resources"):
                options["resources"] = spec["resources"]
            process.runner = ProcessRunner.options(**options).remote(process.name, self.spec["run_id"])
        process.state = "starting"
        process.pid, process.node = None, None  # this attempt's, once its start answers
        process.stop_sent = None
        process.waiting_since = time.monotonic()
        process.start_ref = process.runner.start.remote(
            spec["command"], spec["env"], spec.get("cwd"), spec.get("host_memory_bytes"),
            bool(self.spec.get("use_cgroups", True)), bool(self.spec.get("inherit_env", False)),
        )
        self.out.emit("starting", name=process.name, attempt=process.attempt, resources=resources_of(spec))

    def started(self, process, facts):
        process.start_ref = None
        process.pid = facts.get("pid")
        process.node = {k: facts.get(k) for k in ("node_id", "node_ip", "hostname")}
        if facts.get("spawn_error"):
            self.ended(process, {"exit_code": None, "signal": None, "spawn_error": facts["spawn_error"]}, None)
            return
        process.state = "running"
        self.out.emit("start", name=process.name, attempt=process.attempt, pid=process.pid, **process.node,
                      cuda_visible_devices=facts.get("cuda_visible_devices"), cgroup=facts.get("cgroup"),
                      cgroup_problem=facts.get("cgroup_problem"))
        if process.ready_pattern is None and not process.is_ready:
            self.mark_ready(process, None)
        node_id = process.node["node_id"]
        if node_id not in self.samplers:
            self.samplers[node_id] = NodeSampler.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=node_id, soft=False),
                name=f"headroom-{self.spec['run_id']}-sampler-{node_id[:12]}",
            ).remote(self.spec.get("sim_dir"))
        process.poll_ref = process.runner.poll.remote(_POLL_WAIT_S)
        if self.stop_signal:
            self.send_stop(process)

    def mark_ready(self, process, line):
        process.is_ready = True
        self.out.emit("ready", name=process.name, line=line)

    # --- ending ---------------------------------------------------------------------------------
    def end_unstarted(self, process, because, infeasible=None):
        process.state = "ended"
        self.out.emit("not-started", name=process.name, because=because, infeasible=infeasible,
                      interrupted=self.stop_signal is not None and infeasible is None)

    def ended(self, process, end, ray_error):
        process.poll_ref = None
        process.state = "ended"
        self.out.emit("exit", name=process.name, attempt=process.attempt, pid=process.pid, node=process.node,
                      ray_error=ray_error, **end)
        if ray_error is not None:
            process.runner = None  # a dead actor is not asked again; a restart makes a new one
        code = end.get("exit_code")
        policy = process.spec.get("restart", "no")
        restarts = process.attempt
        should = (
            self.stop_signal is None
            and restarts < process.spec.get("max_restarts", 0)
            and (policy == "always" or (policy == "on-failure" and code != 0))
        )
        if should:
            delays = process.spec.get("restart_delays_s") or [1]
            delay = delays[min(restarts, len(delays) - 1)]
            process.attempt += 1
            process.state = "restarting"
            process.restart_at = time.monotonic() + delay
            self.out.emit("restart", name=process.name, attempt=process.attempt, delay_s=delay)

    def send_stop(self, process):
        if process.runner is None or process.stop_sent:
            return
        process.stop_sent = self.stop_signal
        process.stop_ref = process.runner.stop.remote(self.stop_signal, self.spec.get("stop_grace_s", 10))

    def request_stop(self, signal_name):
        if self.stop_signal is None:
            self.stop_signal = signal_name
            self.stop_started = time.monotonic()
            self.out.emit("stopping", signal=signal_name, message=f"{signal_name}: stopping every process")

    # --- the loop -------------------------------------------------------------------------------
    def dependencies_of(self, process):
        """'go', 'wait', or the reason it never will."""
        for name in process.spec.get("depends_on") or []:
            dependency = self.processes.get(name)
            if dependency is None or dependency.is_ready:
                continue
            if dependency.state == "ended":
                return f"dependency {name} ended before it was ready"
            return "wait"
        return "go"

    def step(self):
        now = time.monotonic()
        for process in self.processes.values():
            if self.stop_signal and process.state in ("waiting", "restarting"):
                # Each process's end is said, a restart that will not come too (headroom counts a process
                # with no word of its end as a failure of the run).
                self.end_unstarted(process, f"not {'started' if process.attempt == 0 else 'restarted'}: headroom was interrupted first")
                continue
            if self.stop_signal and process.state in ("running", "starting"):
                self.send_stop(process)
            if process.state == "waiting":
                gate = self.dependencies_of(process)
                if gate == "go":
                    self.start(process)
                elif gate != "wait":
                    self.end_unstarted(process, f"not started: {gate}")
            elif process.state == "restarting" and now >= process.restart_at:
                self.start(process)
            elif process.state == "starting" and not process.has_warned_pending and now - process.waiting_since > _PENDING_WARN_S:
                process.has_warned_pending = True
                self.out.emit("pending", name=process.name, message=f"Ray has not placed it after {_PENDING_WARN_S:.0f} s: it needs {resources_of(process.spec)}; free now: {ray.available_resources()}")
        self.sample(now)
        refs = {}
        for process in self.processes.values():
            for attr in ("start_ref", "poll_ref", "stop_ref"):
                ref = getattr(process, attr)
                if ref is not None:
                    refs[ref] = (process, attr)
        for node_id, ref in self.sample_refs.items():
            refs[ref] = (node_id, "sample")
        if not refs:
            time.sleep(0.1)
            return
        ready, _ = ray.wait(list(refs), num_returns=1, timeout=0.2)
        ready, _ = ray.wait(list(refs), num_returns=len(refs), timeout=0) if ready else (ready, None)
        for ref in ready:
            owner, attr = refs[ref]
            if attr == "sample":
                self.sampled(owner, ref)
                continue
            process = owner
            setattr(process, attr, None)
            try:
                value = ray.get(ref)
            except ray.exceptions.RayError as error:
                if attr == "stop_ref":
                    continue
                if process.state in ("starting", "running"):
                    ray_error = _classify_ray_error(error)
                    # Killed before its start answered (Ray's memory monitor acts on the node's use, which may
                    # have crossed its threshold before this child held anything): the node is in Ray's words.
                    process.node = process.node or _node_of_ray_error(ray_error)
                    self.ended(process, {"exit_code": None, "signal": "SIGKILL" if process.pid else None, "spawn_error": None,
                                         "stop_signal": process.stop_sent}, ray_error)
                continue
            if attr == "start_ref":
                self.started(process, value)
            elif attr == "poll_ref":
                self.polled(process, value)

    def polled(self, process, value):
        text = value["text"]
        if text:
            self.out.emit("output", name=process.name, text=text)
            if process.ready_pattern is not None and not process.is_ready:
                for line in text.splitlines():
                    if process.ready_pattern.search(line[:4096]):
                        self.mark_ready(process, line[:4096])
                        break
        if value["ended"] is not None:
            self.ended(process, value["ended"], None)
        else:
            process.poll_ref = process.runner.poll.remote(_POLL_WAIT_S)

    def sample(self, now):
        if now < self.next_sample or self.sample_refs:
            return
        self.next_sample = now + self.spec.get("sample_interval_s", 1.0)
        by_node = {}
        for process in self.processes.values():
            if process.state == "running" and process.pid and process.node:
                by_node.setdefault(process.node["node_id"], {})[process.name] = process.pid
        for node_id, roots in by_node.items():
            self.sample_refs[node_id] = self.samplers[node_id].sample.remote(roots)
        self.sample_round = {}

    def sampled(self, node_id, ref):
        del self.sample_refs[node_id]
        try:
            self.sample_round[node_id] = ray.get(ref)
        except ray.exceptions.RayError as error:
            self.out.emit("warning", message=f"the sampler on node {node_id} failed: {_classify_ray_error(error)['message'][:300]}")
        if self.sample_refs:
            return
        processes, gpus = {}, []
        for node, reading in self.sample_round.items():
            for name, held in reading["processes"].items():
                processes[name] = {**held, "node": node}
            for local, used in sorted(reading["used"].items(), key=lambda item: int(item[0])):
                # The node's card `local` as the plan numbers it (device k = the k-th card, node by node).
                card = next((c for c in self.spec.get("gpus") or [] if c.get("node_id") == node and c["local_index"] == int(local)), None)
                if card:
                    gpus.append({"index": card["index"], "usedBytes": used, "totalBytes": card["total_bytes"], "node": node})
        if processes:
            self.out.emit("sample", processes=processes, gpus=gpus)

    def is_done(self):
        return all(p.state == "ended" for p in self.processes.values())

    def finish(self):
        """Sweeps every node in use for what the run left alive, then lets the actors go."""
        for process in self.processes.values():
            if process.runner is not None:
                try:
                    ray.kill(process.runner)
                except Exception:  # already dead
                    pass
        leftovers = []
        for node_id, sampler in self.samplers.items():
            try:
                swept = ray.get(sampler.sweep.remote(self.spec["run_id"]), timeout=30)
                leftovers += [{**killed, "node_id": node_id} for killed in swept["killed"]]
            except ray.exceptions.RayError as error:
                self.out.emit("warning", message=f"could not sweep node {node_id}: {_classify_ray_error(error)['message'][:300]}")
            try:
                ray.kill(sampler)
            except Exception:  # already dead
                pass
        for group in self.groups.values():
            try:
                ray.util.remove_placement_group(group)
            except Exception as error:  # the run's end is still said
                self.out.emit("warning", message=f"could not remove placement group {group.id}: {error}")
        self.out.emit("done", stopped=self.stop_signal is not None, leftovers=leftovers,
                      nodes_swept=sorted(self.samplers))


def run(spec, argv=None):
    parser = argparse.ArgumentParser(description="Run a headroom plan on a Ray cluster.")
    parser.add_argument("--address", default=None, help="the cluster's address (default: the spec's, else RAY_ADDRESS or a new local cluster)")
    parser.add_argument("--events", action="store_true", help="JSON lines on stdout (for headroom)")
    parser.add_argument("--log-dir", default=None, help="also append each process's output to LOG_DIR/NAME.log")
    parser.add_argument("--spec", default=None, help="a RayLaunchSpec JSON file")
    args = parser.parse_args(argv)
    if spec is None:
        with open(args.spec) as f:
            spec = json.load(f)
    if not spec.get("run_id"):
        # A script run by hand: its own id, carried by every child (HEADROOM_RUN, as headroom's runs
        # mark theirs), so the sweep at the end finds only this run's processes.
        spec["run_id"] = time.strftime("ray-%Y%m%d-%H%M%S-") + str(os.getpid())
        for process in spec["processes"]:
            process["env"] = {**process["env"], "HEADROOM_RUN": spec["run_id"]}
    # A driver that dies of a fatal signal (a crash in Ray's native code) leaves its Python stack in its
    # log (stderr: ray/driver.log under headroom) instead of ending without a word.
    faulthandler.enable()
    output = Output(args.events, args.log_dir)
    driver = Driver(spec, output)
    stops = []
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), lambda number, _frame: stops.append(signal.Signals(number).name))
    address = args.address or spec.get("address") or os.environ.get("RAY_ADDRESS")
    ray.init(address=address, namespace=spec.get("namespace", "headroom"), log_to_driver=False,
             include_dashboard=False if address is None else None, logging_level="ERROR")
    nodes = ray.nodes()
    output.emit("cluster", nodes=[{"node_id": n["NodeID"], "node_ip": n["NodeManagerAddress"], "alive": n["Alive"],
                                   "resources": n["Resources"]} for n in nodes])
    driver.check_feasible(nodes)
    driver.make_groups(nodes)
    try:
        while not driver.is_done():
            if stops:
                driver.request_stop("SIGINT" if stops[0] == "SIGINT" else "SIGTERM")
            driver.step()
    finally:
        driver.finish()
        ray.shutdown()
    return 130 if driver.stop_signal else 0


def main():
    sys.exit(run(None))


if __name__ == "__main__":
    main()
