"""The simulated-GPU protocol of assets/sim-card/sim-gpu.mjs, for stand-ins written in Python (the inference engines).

sim-gpu.mjs defines the protocol; this is the same one in Python, kept byte-compatible (a test
claims from each side and reads from the other): HEADROOM_GPU=sim:24GiB names the cards,
CUDA_VISIBLE_DEVICES picks one, and each claiming process keeps one file
`headroom-sim-claim-<pid>.json` = {"headroomSim": 1, "device": 0, "bytes": N, "peakBytes": M}
in the state directory, replaced atomically, under a mkdir lock.
Standard library only: the stand-ins run with any python3.
"""

import json
import os
import re
import sys
import time

_UNIT_BYTES = {
    "": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
    "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40,
}
_CARD = re.compile(r"^sim:(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*([a-z]*)$", re.IGNORECASE)
_CLAIM_NAME = re.compile(r"^headroom-sim-claim-(\d+)\.json$")


def parse_sim_cards(text):
    """`sim:24GiB,sim:2x80GiB` as [{"index", "totalBytes"}]; None when an entry is not `sim:`."""
    entries = [e.strip() for e in (text or "").split(",") if e.strip()]
    if not entries or not all(e.lower().startswith("sim:") for e in entries):
        return None
    cards = []
    for entry in entries:
        match = _CARD.match(entry)
        multiplier = _UNIT_BYTES.get((match.group(3) or "").lower()) if match else None
        count = 1 if not match or match.group(1) is None else int(match.group(1))
        if not match or multiplier is None or count < 1 or count > 64 or float(match.group(2)) <= 0:
            raise ValueError(f"{entry}: expected a simulated card such as sim:24GiB or sim:2x80GiB")
        total = int(float(match.group(2)) * multiplier)
        for _ in range(count):
            cards.append({"index": len(cards), "totalBytes": total})
    return cards


def sim_card_uuid(index):
    return f"GPU-00000000-5133-0000-0000-{index:012d}"


def _size_label(value):
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20)):
        if value % size == 0:
            return f"{value // size}{unit}"
    return f"{value}B"


def _node_tmpdir(env):
    # Node's os.tmpdir() on POSIX: TMPDIR, TMP, TEMP, else /tmp, without a trailing slash.
    path = env.get("TMPDIR") or env.get("TMP") or env.get("TEMP") or "/tmp"
    return path[:-1] if len(path) > 1 and path.endswith("/") else path


def sim_state_dir(cards, env=os.environ):
    if env.get("HEADROOM_SIM_DIR"):
        return env["HEADROOM_SIM_DIR"]
    labels = "_".join(_size_label(card["totalBytes"]) for card in cards)
    return os.path.join(_node_tmpdir(env), f"headroom-sim-{os.getuid()}-{labels}")


def _is_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except PermissionError:
        return True
    except OSError:
        return False


def _read_claim_file(path):
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("headroomSim") != 1:
        return None
    device, used = data.get("device"), data.get("bytes")
    if not isinstance(device, int) or not isinstance(used, (int, float)) or used < 0:
        return None
    peak = data.get("peakBytes")
    peak = max(peak, used) if isinstance(peak, (int, float)) else used
    claim = {"device": device, "bytes": used, "peakBytes": peak}
    if isinstance(data.get("started"), str):
        claim["started"] = data["started"]
    return claim


def read_claims(directory):
    """Every live claim, by pid; files of processes that are gone are removed."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    claims = []
    for name in names:
        match = _CLAIM_NAME.match(name)
        if not match:
            continue
        pid, path = int(match.group(1)), os.path.join(directory, name)
        claim = _read_claim_file(path)
        if claim is None:
            continue
        if not _is_alive(pid):
            _remove(path)
            continue
        claims.append({"pid": pid, **claim})
    return sorted(claims, key=lambda claim: claim["pid"])


def _remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _stamp(seconds):
    """ISO 8601 in UTC with whole milliseconds, as Date#toISOString writes it."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % (int(seconds * 1000) % 1000)


def _write_claim(directory, pid, device, used):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, f"headroom-sim-claim-{pid}.json")
    previous = _read_claim_file(path)
    same_card = previous and previous["device"] == device
    earlier_peak = previous["peakBytes"] if same_card else 0
    record = {"headroomSim": 1, "device": device, "bytes": used, "peakBytes": max(used, earlier_peak)}
    # When this process first claimed the card: clients that never held it together are never summed.
    record["started"] = previous.get("started") if same_card and previous.get("started") else _stamp(time.time())
    temporary = os.path.join(directory, f".headroom-sim-claim-{pid}.{time.monotonic_ns()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(record, separators=(",", ":")) + "\n")
    os.replace(temporary, path)


class _Lock:
    """sim-gpu.mjs's lock: a directory; one older than 2 s belongs to a process that died holding it."""

    def __init__(self, directory):
        self.path = os.path.join(directory, ".headroom-sim.lock")
        os.makedirs(directory, exist_ok=True)

    def __enter__(self):
        deadline = time.monotonic() + 5
        while True:
            try:
                os.mkdir(self.path)
                return self
            except FileExistsError:
                try:
                    age = time.time() - os.stat(self.path).st_mtime
                except OSError:
                    age = 0
                if age > 2 or time.monotonic() > deadline:
                    self._release()
                else:
                    time.sleep(0.005)

    def __exit__(self, *_):
        self._release()

    def _release(self):
        try:
            os.rmdir(self.path)
        except OSError:
            pass


def try_claim(directory, card, pid, wanted):
    """Sets this process's claim to `wanted` bytes if the card has room; returns (ok, free bytes before)."""
    with _Lock(directory):
        claims = [c for c in read_claims(directory) if c["device"] == card["index"]]
        others = sum(c["bytes"] for c in claims if c["pid"] != pid)
        own = next((c["bytes"] for c in claims if c["pid"] == pid), 0)
        free = max(0, card["totalBytes"] - others - own)
        if others + wanted > card["totalBytes"]:
            return False, free
        _write_claim(directory, pid, card["index"], wanted)
        return True, free


def free_bytes(directory, card, pid):
    """What cudaMemGetInfo would call free: the card less every claim on it, this process's included."""
    used = sum(c["bytes"] for c in read_claims(directory) if c["device"] == card["index"])
    return max(0, card["totalBytes"] - used)


def remove_claim(directory, pid, env=os.environ):
    """Forgets this process's claim; its peak goes to HEADROOM_PEAKS_FILE when `headroom run` names one."""
    path = os.path.join(directory, f"headroom-sim-claim-{pid}.json")
    claim = _read_claim_file(path) if env.get("HEADROOM_PEAKS_FILE") else None
    _remove(path)
    if claim:
        line = {
            "time": _stamp(time.time()),
            "process": env.get("HEADROOM_PROCESS", ""),
            "pid": pid,
            "source": "simulated-card",
            "framework": "sim",
            "visibleDevices": env.get("CUDA_VISIBLE_DEVICES"),
            "devices": [{"device": claim["device"], "peakBytes": claim["peakBytes"], "counter": "highest claim"}],
        }
        if claim.get("started"):
            line["started"] = claim["started"]
        try:
            with open(env["HEADROOM_PEAKS_FILE"], "a", encoding="utf-8") as handle:
                handle.write(json.dumps(line) + "\n")
        except OSError:
            pass  # a run record that cannot take the line costs its exact peak, never the exit


class SimCard:
    """The simulated card this process sees (HEADROOM_GPU through CUDA_VISIBLE_DEVICES), as CUDA would."""

    def __init__(self, env=os.environ):
        try:
            cards = parse_sim_cards(env.get("HEADROOM_GPU"))
        except ValueError as error:
            fail(str(error))
        if not cards:
            fail("no simulated GPU: set HEADROOM_GPU=sim:24GiB (headroom run and headroom env do this)")
        visible = env.get("CUDA_VISIBLE_DEVICES")
        first = "0" if visible is None else visible.split(",")[0].strip()
        card = next((c for c in cards if str(c["index"]) == first or sim_card_uuid(c["index"]) == first), None)
        if card is None:
            # CUDA's own text when CUDA_VISIBLE_DEVICES hides every device.
            fail("CUDA error: no CUDA-capable device is detected")
        self.card, self.total_bytes = card, card["totalBytes"]
        self.directory, self.pid, self.env = sim_state_dir(cards, env), os.getpid(), env

    def claim(self, wanted):
        return try_claim(self.directory, self.card, self.pid, wanted)[0]

    def free(self):
        return free_bytes(self.directory, self.card, self.pid)

    def release(self):
        remove_claim(self.directory, self.pid, self.env)


def fail(message):
    sys.stderr.write(f"{os.path.basename(sys.argv[0])}: {message}\n")
    sys.exit(2)


def parse_size(text):
    """`512MiB`, `2GiB`, `1000` as bytes (argparse `type=`)."""
    match = re.match(r"^(\d+(?:\.\d+)?)\s*([a-z]*)$", text.strip(), re.IGNORECASE)
    unit = (match.group(2) if match else "").lower()
    if not match or unit not in _UNIT_BYTES:
        raise ValueError(f"not a size: {text}")
    return int(float(match.group(1)) * _UNIT_BYTES[unit])
