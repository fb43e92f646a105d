"""A parent holding MIB mebibytes it has written, and N forked children sharing them copy-on-write.

On SIGUSR1 a child (with N = 0, the parent) writes to every shared page (copy-on-write: its
relatives' PSS changes without a fault of theirs) and to 1 MiB more of its own (a fault of its own,
every time). SIGTERM or SIGKILL ends
a child; the parent reaps it at once. Lines on stdout: "child PID", then "parent PID" once all are
ready, then "written PID" after each SIGUSR1. usage: cow-tree.py MIB N
"""
import os
import signal
import sys

mib, count = int(sys.argv[1]), int(sys.argv[2])
page = 4096
shared = bytearray(mib * 1024 * 1024)
for at in range(0, len(shared), page):
    shared[at] = 1
held = []


def say(line):
    os.write(1, f"{line}\n".encode())  # one write: lines from several processes never interleave


def write(signum, frame):
    for at in range(0, len(shared), page):
        shared[at] = 2
    more = bytearray(1024 * 1024)
    for at in range(0, len(more), page):
        more[at] = 1
    held.append(more)
    say(f"written {os.getpid()}")


signal.signal(signal.SIGUSR1, write)
children = []
for _ in range(count):
    pid = os.fork()
    if pid == 0:
        say(f"child {os.getpid()}")
        while True:
            signal.pause()
    children.append(pid)
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps ended children: no zombies
say(f"parent {os.getpid()}")
while True:
    signal.pause()
