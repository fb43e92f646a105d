"""What the inference-engine stand-ins share: the simulated card, exiting cleanly, serving until stopped.

A stand-in parses the flags its engine parses (names, types and ranges from the engine's source),
allocates on the simulated card the way the engine sizes its memory, and fails with the engine's
own words when given too little. It is a stub for what needs a GPU: no model runs.
"""

import argparse
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sim_gpu import SimCard, parse_size  # noqa: E402

GIB = 2**30


def open_card():
    """The simulated card, its claim freed at exit and on SIGINT/SIGTERM/SIGHUP (then dying of that signal)."""
    card = SimCard()

    def release_and_die(signum, _frame):
        card.release()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, release_and_die)
    return card


def format_gib(value):
    """vllm.utils.mem_utils.format_gib: round(bytes / GiB, 2), printed as Python prints a float."""
    return round(value / GIB, 2)


def log(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def die(card, lines, code=1):
    """Prints a Python traceback ending in `lines` on stderr, frees the card and exits with `code`."""
    sys.stderr.write("Traceback (most recent call last):\n")
    sys.stderr.write(f'  File "{os.path.basename(sys.argv[0])}", line 1, in <module>\n')
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()
    card.release()
    sys.exit(code)


def serve(card, hold_ms):
    """Holds the memory while serving: `hold_ms` milliseconds, or until stopped when negative."""
    if hold_ms >= 0:
        time.sleep(hold_ms / 1000)
    else:
        while True:
            time.sleep(3600)
    card.release()


def size_arg(text):
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def add_stand_in_args(parser, has_kv_bytes_per_token=True):
    """The stand-in's own flags, which no engine has: what it allocates, and how long it serves."""
    parser.add_argument("--weights", type=size_arg, default=2 * GIB)
    parser.add_argument("--activation", type=size_arg, default=512 * 2**20)
    if has_kv_bytes_per_token:
        parser.add_argument("--kv-bytes-per-token", type=size_arg, default=128 * 2**10)
    parser.add_argument("--context", type=size_arg, default=300 * 2**20)
    parser.add_argument("--hold-ms", type=int, default=-1)
