"""Where the driver's events go: JSON lines for headroom (--events), or a line a person reads."""

import json
import os
import sys
import threading
import time


def _private_events_stream():
    """The events' own stream: the pipe headroom reads, on a descriptor nothing else writes to.

    Ray's driver prints to stdout from threads of its own: its error listener writes what the raylet
    publishes ("(raylet) A worker died or was killed ...", ray/_private/worker.py listen_error_messages
    -> print_worker_logs, one print() = the text, then its newline, as two writes). A JSON line written
    between the two was glued behind Ray's text, and headroom, which reads a line as an event only when
    it starts with "{", lost the event (an actor's `exit`). So the pipe gets a descriptor of its own, and
    descriptor 1 (sys.stdout, and anything native that writes to it) goes where stderr goes: driver.log.
    """
    events = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", buffering=1)
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return events


class Output:
    """Where the driver's events go: JSON lines for headroom, or text for a person."""

    def __init__(self, is_events, log_dir):
        self.is_events = is_events
        self.log_dir = log_dir
        self.lock = threading.Lock()
        self.events = _private_events_stream() if is_events else None
        if log_dir:
            os.makedirs(log_dir, exist_ok=True)

    def emit(self, event, **fields):
        if self.is_events:
            line = json.dumps({"event": event, "time": time.time(), **fields}) + "\n"
            with self.lock:
                self.events.write(line)
                self.events.flush()
            return
        if event == "output":
            for line in fields["text"].splitlines():
                sys.stdout.write(f"[{fields['name']}] {line}\n")
            if self.log_dir:
                with open(os.path.join(self.log_dir, f"{fields['name']}.log"), "a") as log:
                    log.write(fields["text"])
        elif event not in ("sample", "cluster", "starting"):
            sys.stdout.write(f"headroom: {describe(event, fields)}\n")
        sys.stdout.flush()


def describe(event, fields):
    """One line for a person: `exit learner: exit code 3 (pid 123 on node 10.0.0.2)`."""
    name = fields.get("name", "")
    if event == "start":
        return f"start {name} (pid {fields['pid']} on node {fields['node_ip']} {fields['node_id'][:8]})"
    if event == "exit":
        error = fields.get("ray_error")
        if error:
            how = f"{error['kind']}: {error['message'][:300]}"
        elif fields.get("spawn_error"):
            how = f"could not start: {fields['spawn_error']}"
        elif fields.get("signal"):
            how = f"killed by {fields['signal']}"
        else:
            how = f"exit code {fields.get('exit_code')}"
        return f"exit {name}: {how} (pid {fields.get('pid')})"
    if event == "not-started":
        return f"not-started {name}: {fields['because']}"
    if event == "restart":
        return f"restart {name}: attempt {fields['attempt']} in {fields['delay_s']} s"
    if event == "ready":
        return f"ready {name}"
    if event == "done":
        left = ", ".join(f"pid {l['pid']} ({l['command'][:40]})" for l in fields["leftovers"])
        return "done" + (f": killed what the run left: {left}" if left else "")
    return f"{event} {name} {fields.get('message', '')}".rstrip()
