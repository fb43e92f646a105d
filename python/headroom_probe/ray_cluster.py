"""Reads a running Ray cluster's alive nodes and resources for `headroom plan --on ray`.

Core Ray API only (ray.init(address=...), ray.nodes(), ray.cluster_resources()): the `ray[default]`
extras (state API, dashboard) are not needed. It connects to the cluster at the address it is given
and never starts one. With `probe_gpus`, one zero-CPU task pinned to each node that has GPUs reports
that node's cards as nvidia-smi lists them, or the simulated card its HEADROOM_GPU names.

Usage: python ray_cluster.py '{"address": "HOST:PORT", "probe_gpus": true, "timeout_s": 60}'
Prints one JSON line: {"result": {...}} or {"error": {"message": ..., "detail": ...}}.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import traceback

SMI_QUERY = [
    "nvidia-smi",
    "--query-gpu=index,uuid,name,memory.total",
    "--format=csv,noheader,nounits",
]


def node_gpus():
    """What this node says about its cards (run inside a task on the node)."""
    smi = None
    if shutil.which("nvidia-smi"):
        try:
            done = subprocess.run(SMI_QUERY, capture_output=True, text=True, timeout=20)
            smi = done.stdout if done.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            smi = None
    return {"smi": smi, "headroom_gpu": os.environ.get("HEADROOM_GPU")}


def unreachable_reason(address):
    """Why nothing answers at HOST:PORT, else None: Ray itself retries a dead GCS address for a minute."""
    if address == "auto" or "://" in address or ":" not in address:
        return None
    host, _, port = address.rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except (OSError, ValueError) as error:
        return f"nothing answers there ({error})"
    return None


def answer(payload):
    print(json.dumps(payload), flush=True)


def main():
    request = json.loads(sys.argv[1])
    try:
        import ray
    except ImportError as error:
        answer({"error": {"message": f"{sys.executable} cannot import ray ({error})"}})
        return 0
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    unreachable = unreachable_reason(request["address"])
    if unreachable:
        answer({"error": {"message": f"no Ray cluster at {request['address']}: {unreachable}"}})
        return 0
    try:
        # An address given: Ray connects and raises when nothing runs there; it starts nothing.
        ray.init(
            address=request["address"],
            logging_level="ERROR",
            log_to_driver=False,
            configure_logging=False,
        )
    except Exception as error:  # noqa: BLE001 - every connection failure is the same answer
        answer(
            {
                "error": {
                    "message": f"no Ray cluster at {request['address']}: {str(error).splitlines()[0] if str(error) else type(error).__name__}",
                    "detail": traceback.format_exc()[-3000:],
                }
            }
        )
        return 0
    try:
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        probed = {}
        if request.get("probe_gpus"):
            task = ray.remote(num_cpus=0)(node_gpus)
            refs = {
                n["NodeID"]: task.options(
                    scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)
                ).remote()
                for n in nodes
                if n.get("Resources", {}).get("GPU", 0) > 0
            }
            for node_id, ref in refs.items():
                try:
                    probed[node_id] = ray.get(ref, timeout=request.get("timeout_s", 60))
                except Exception as error:  # noqa: BLE001 - a node that cannot answer is said, not fatal
                    probed[node_id] = {"error": str(error).splitlines()[0] if str(error) else type(error).__name__}
        answer(
            {
                "result": {
                    "ray_version": ray.__version__,
                    "cluster_resources": ray.cluster_resources(),
                    "available_resources": ray.available_resources(),
                    "nodes": [
                        {
                            "id": n["NodeID"],
                            "address": n.get("NodeManagerAddress", ""),
                            "hostname": n.get("NodeManagerHostname", ""),
                            "resources": n.get("Resources", {}),
                            "labels": n.get("Labels", {}),
                            "gpu_probe": probed.get(n["NodeID"]),
                        }
                        for n in nodes
                    ],
                }
            }
        )
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
