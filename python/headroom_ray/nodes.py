"""`python -m headroom_ray.nodes [ADDRESS]`: the cluster's alive nodes as one JSON line (core `ray.nodes()`)."""
import json
import sys

import ray

ray.init(address=sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None, log_to_driver=False, logging_level="ERROR")
alive = [n for n in ray.nodes() if n["Alive"]]
print(json.dumps([{"nodeId": n["NodeID"], "address": n["NodeManagerAddress"], "resources": n["Resources"]} for n in alive]))
ray.shutdown()
