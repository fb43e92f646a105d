# A Ray cluster of two nodes on this machine for the tests (Ray's own test utilities): each node
# declares one GPU (backed by the simulated card named in its HEADROOM_SIM_DIR) and a custom
# resource naming it. Prints one JSON line with the address and the nodes, then holds the cluster
# until its stdin closes (or SIGTERM), and shuts it down.
import json
import os
import signal
import sys

from ray.cluster_utils import Cluster

temp_dir, sim_root = sys.argv[1], sys.argv[2]
extra = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
# Ray writes its "current cluster" file under RAY_TMPDIR: keep it in this cluster's own directory.
os.environ["RAY_TMPDIR"] = temp_dir
os.makedirs(os.path.join(temp_dir, "ray"), exist_ok=True)
cluster = Cluster(shutdown_at_exit=True)
nodes = []
for index in range(2):
    node_env = {"HEADROOM_RAY_NODE_SIM_DIR": os.path.join(sim_root, f"node{index}")}
    node_env.update(extra.get(f"node{index}", {}))
    node = cluster.add_node(
        num_cpus=4,
        num_gpus=1,
        resources={f"headroom_test_node{index}": 1},
        memory=2 * 1024**3,
        object_store_memory=80 * 1024**2,
        temp_dir=os.path.join(temp_dir, "ray") if index == 0 else None,
        include_dashboard=False,
        env_vars=node_env,
    )
    nodes.append({"nodeId": node.node_id, "simDir": node_env["HEADROOM_RAY_NODE_SIM_DIR"]})
cluster.wait_for_nodes()
print(json.dumps({"address": cluster.address, "nodes": nodes}), flush=True)


def shut_down(*_):
    cluster.shutdown()
    sys.exit(0)


signal.signal(signal.SIGTERM, shut_down)
sys.stdin.read()
shut_down()
