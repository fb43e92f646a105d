"""Shared by the stub frameworks: appends one JSON line per event to $HEADROOM_STUB_RECORD."""

import json
import os


def event(name, **facts):
    path = os.environ.get("HEADROOM_STUB_RECORD")
    if path:
        with open(path, "a") as out:
            out.write(json.dumps(dict(facts, event=name)) + "\n")
