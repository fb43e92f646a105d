"""What an actor asks Ray for, and why no node can ever hold it (which resource is short, by how much)."""


def resources_of(process):
    needed = {"CPU": process.get("num_cpus", 1), "GPU": process.get("num_gpus", 0)}
    if process.get("memory"):
        needed["memory"] = process["memory"]
    needed.update(process.get("resources") or {})
    return {key: value for key, value in needed.items() if value}


def short_resource(needed, nodes, pinned=None):
    """Why no node can ever hold `needed` (the resource short and the most any node has), or None."""
    candidates = [n for n in nodes if n["Alive"] and (pinned is None or n["NodeID"] == pinned)]
    if pinned is not None and not candidates:
        return {"resource": "node", "needed": pinned, "most": None, "message": f"node {pinned} is not in the cluster (or not alive)"}
    if not candidates:
        return {"resource": "node", "needed": None, "most": None, "message": "the cluster has no alive node"}
    if any(all(n["Resources"].get(k, 0) + 1e-9 >= v for k, v in needed.items()) for n in candidates):
        return None
    for key, value in needed.items():
        most = max(n["Resources"].get(key, 0) for n in candidates)
        if most + 1e-9 < value:
            has = f"its node {pinned[:8]} has {show_amount(key, most)}" if pinned else f"the most any node has is {show_amount(key, most)}"
            return {"resource": key, "needed": value, "most": most, "message": f"needs {key} {show_amount(key, value)}, and {has}"}
    return {"resource": "combination", "needed": needed, "most": None,
            "message": "no single node has all of " + ", ".join(f"{k} {show_amount(k, v)}" for k, v in needed.items())}


def show_amount(key, value):
    if key in ("memory", "object_store_memory"):
        return f"{value / 2**30:.2f} GiB"
    return f"{value:g}"
