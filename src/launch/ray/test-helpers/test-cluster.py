# A Ray cluster on this machine for the tests (Ray's own test utilities): two nodes, each declaring one
# GPU backed by a simulated card of its own (HEADROOM_RAY_NODE_SIM_DIR, read by headroom's actors) and
# 2 GiB of Ray `memory`; optionally a third node without a GPU whose raylet gets extra variables (a low
# RAY_memory_usage_threshold, computed here from the machine's use now plus a margin) and 6 GiB of
# `memory`, so only a process reserving more than 2 GiB lands there. Prints one JSON line with the address and the nodes, holds the cluster until its stdin closes
# (or SIGTERM), then shuts it down.
import json
import os
import signal
import sys

from ray.cluster_utils import Cluster

temp_dir, sim_root = sys.argv[1], sys.argv[2]
third_node_env = json.loads(sys.argv[3]) if len(sys.argv) > 3 else None


def memory_threshold(margin_bytes):
    """The fraction Ray's memory monitor kills above: what the machine uses now plus a margin
    (Ray reads MemTotal - MemAvailable from /proc/meminfo where the root cgroup has no limit)."""
    with open("/proc/meminfo") as f:
        info = {line.split(":")[0]: int(line.split()[1]) * 1024 for line in f}
    return (info["MemTotal"] - info["MemAvailable"] + margin_bytes) / info["MemTotal"]

# Ray writes its "current cluster" file under RAY_TMPDIR: keep it in this cluster's own directory.
os.environ["RAY_TMPDIR"] = temp_dir
os.makedirs(os.path.join(temp_dir, "ray"), exist_ok=True)
cluster = Cluster(shutdown_at_exit=True)
nodes = []
shapes = [(1, 2, {}), (1, 2, {})] + ([(0, 6, third_node_env)] if third_node_env is not None else [])
for index, (gpus, memory_gib, extra_env) in enumerate(shapes):
    extra_env = dict(extra_env)
    margin = extra_env.pop("HEADROOM_TEST_THRESHOLD_MARGIN_BYTES", None)
    if margin is not None:
        extra_env["RAY_memory_usage_threshold"] = f"{memory_threshold(int(margin)):.4f}"
    node_env = {"HEADROOM_RAY_NODE_SIM_DIR": os.path.join(sim_root, f"node{index}"), **extra_env}
    node = cluster.add_node(
        num_cpus=4,
        num_gpus=gpus,
        memory=memory_gib * 1024**3,
        object_store_memory=80 * 1024**2,
        temp_dir=os.path.join(temp_dir, "ray") if index == 0 else None,
        include_dashboard=False,
        env_vars=node_env,
    )
    nodes.append({"nodeId": node.node_id, "simDir": node_env["HEADROOM_RAY_NODE_SIM_DIR"], "gpus": gpus,
                  "memoryThreshold": extra_env.get("RAY_memory_usage_threshold")})
cluster.wait_for_nodes()
print(json.dumps({"address": cluster.address, "nodes": nodes}), flush=True)


def shut_down(*_):
    cluster.shutdown()
    sys.exit(0)


signal.signal(signal.SIGTERM, shut_down)
sys.stdin.read()
shut_down()
