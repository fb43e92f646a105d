"""A Python that has already imported what a test's scripts import (torch, transformers): each run is a
fork of it, so a file of tests that start the same heavy interpreter many times pays its imports once.

    python warm_python.py serve SOCKET MODULE...   imports MODULEs, prints "ready", then serves SOCKET
    python -I -S warm_python.py run SOCKET SCRIPT ARG...   runs `python SCRIPT ARG...` in a fork of it

`run` hands the server its stdin, stdout and stderr, working directory, environment and argv; the fork
runs SCRIPT as __main__ there and `run` exits as it did (its code, or the same signal). Only for scripts
that read and print: the fork is the server's child, not the caller's (no cgroup, no process tree of
its own). Used by src/test-helpers/warm-python.ts.
"""

import json
import os
import selectors
import signal
import socket
import sys


def run(sock_path, argv):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    client.connect(sock_path)
    request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}
    socket.send_fds(client, [json.dumps(request).encode()], [0, 1, 2])
    answer = client.recv(64).decode()  # "exit N" or "signal N"; empty if the server went away
    kind, _, number = answer.partition(" ")
    if kind == "signal":
        signal.signal(int(number), signal.SIG_DFL)
        os.kill(os.getpid(), int(number))
    return int(number) if kind == "exit" else 70


def _child(listener, conn, message, fds):
    listener.close()
    conn.close()
    request = json.loads(message)
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    script = request["argv"][0]
    sys.argv = list(request["argv"])
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    code = 0
    try:
        import runpy

        runpy.run_path(script, run_name="__main__")
    except SystemExit as done:
        if isinstance(done.code, int) or done.code is None:
            code = done.code or 0
        else:
            print(done.code, file=sys.stderr)
            code = 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def serve(sock_path, modules):
    import importlib

    for name in modules:
        importlib.import_module(name)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(sock_path)
    listener.listen(16)
    print("ready", flush=True)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, ("accept", None))
    selector.register(sys.stdin, selectors.EVENT_READ, ("stop", None))  # the test's end closes it
    while True:
        for key, _ in selector.select():
            what, data = key.data
            if what == "stop":
                return 0
            if what == "accept":
                conn, _ = listener.accept()
                message, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
                pid = os.fork()
                if pid == 0:
                    _child(listener, conn, message, fds)
                for fd in fds:
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                selector.register(pidfd, selectors.EVENT_READ, ("exited", (pid, conn)))
                selector.register(conn, selectors.EVENT_READ, ("gone", (pid, pidfd)))
            elif what == "exited":
                pid, conn = data
                selector.unregister(key.fd)
                os.close(key.fd)
                if conn.fileno() in selector.get_map():
                    selector.unregister(conn)
                _, status = os.waitpid(pid, 0)
                answer = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
                try:
                    conn.send(answer.encode())
                except OSError:
                    pass
                conn.close()
            elif what == "gone":  # the caller was killed: so is its run
                pid, _ = data
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                selector.unregister(key.fd)


if __name__ == "__main__":
    mode, sock = sys.argv[1], sys.argv[2]
    sys.exit(serve(sock, sys.argv[3:]) if mode == "serve" else run(sock, sys.argv[3:]))
