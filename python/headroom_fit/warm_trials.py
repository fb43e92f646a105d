"""fit's warm trials: one Python imports what the trial script imports first (torch, lightning, ...)
once, and each trial is a fork of it that runs the script as __main__ with the trial's argv, so a
trial no longer pays the interpreter's start and the imports (seconds of CPU each).

    python [OPTIONS] warm_trials.py serve SOCKET SCRIPT ARG...   imports SCRIPT's leading imports,
        prints "ready", then serves SOCKET until its stdin closes
    python -I -S warm_trials.py run SOCKET SCRIPT ARG...   one trial: `python SCRIPT ARG...` as a fork

`run` is the trial's process as headroom supervises it (behind the command's own prlimit/env
wrappers, in the trial's cgroup). It hands the server its stdin, stdout and stderr, working
directory, environment, argv and RLIMIT_AS; the fork joins `run`'s cgroups (so the supervisor's
sampling and stop reach it), takes its limit, and runs the script; `run` forwards SIGTERM, SIGINT
and SIGHUP to it and exits as it did (its code, or the same signal). If `run` is killed, the server
kills the fork. HEADROOM_FIT_FORK_PID in `run`'s environment names a file where `run` writes
{"pid": N} once the fork runs, or {"error": why} when no fork ran (exit 3: headroom runs the trial
fresh). The variable is not passed to the script.

Faithful only where the limit that decides a trial is RLIMIT_AS (a fork's address space is the
fresh process's after the same imports) or none: pages the fork shares with the server are not
charged to the fork's cgroup, so headroom never forks a trial whose host limit is a cgroup's.
"""

import json
import os
import selectors
import signal
import socket
import sys

NO_FORK_EXIT = 3
PID_FILE_VARIABLE = "HEADROOM_FIT_FORK_PID"


def _write_pid_file(path, fields):
    if not path:
        return
    with open(path + ".tmp", "w") as f:
        json.dump(fields, f)
    os.replace(path + ".tmp", path)


def run(sock_path, argv):
    pid_file = os.environ.pop(PID_FILE_VARIABLE, "")
    try:
        import resource

        limit = list(resource.getrlimit(resource.RLIMIT_AS))
    except (ImportError, OSError):
        limit = None
    client = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        client.connect(sock_path)
        request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "rlimit_as": limit}
        socket.send_fds(client, [json.dumps(request).encode()], [0, 1, 2])
        started = client.recv(4096).decode()  # "pid N" or "pid N cgroup-problem WHY"
    except OSError as error:
        started = "error %s" % error
    kind, _, rest = started.partition(" ")
    if kind != "pid":
        _write_pid_file(pid_file, {"error": "the warm server did not fork the trial (%s)" % (started or "it went away")})
        return NO_FORK_EXIT
    number, _, problem = rest.partition(" ")
    pid = int(number)
    _write_pid_file(pid_file, {"pid": pid, **({"problem": problem} if problem else {})})

    def forward(signum, _frame):
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    while True:
        try:
            answer = client.recv(64).decode()  # "exit N" or "signal N"; empty if the server went away
            break
        except InterruptedError:
            continue
    kind, _, number = answer.partition(" ")
    if kind == "signal":
        signal.signal(int(number), signal.SIG_DFL)
        os.kill(os.getpid(), int(number))
    return int(number) if kind == "exit" else 70


def _cgroup_dirs(pid):
    """The cgroup directories of `pid`, from /proc/PID/cgroup and the cgroup mounts (cgroups(7))."""
    mounts = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            dash = fields.index("-")
            fstype, options = fields[dash + 1], fields[dash + 3].split(",")
            if fstype in ("cgroup", "cgroup2"):
                mounts.append((fstype, set(options), fields[3], fields[4]))
    dirs = []
    with open("/proc/%d/cgroup" % pid) as f:
        for line in f:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            wanted = set(controllers.split(",")) - {""}
            for fstype, options, root, mount in mounts:
                matches = fstype == "cgroup2" if not wanted else fstype == "cgroup" and wanted <= options
                if matches and path.startswith(root):
                    dirs.append(os.path.join(mount, os.path.relpath(path, root)))
                    break
    return dirs


def _join_cgroups(peer_pid):
    """Moves this process into every cgroup of the trial's process; says what failed, or ''."""
    try:
        mine = set(_cgroup_dirs(os.getpid()))
        problems = []
        for directory in _cgroup_dirs(peer_pid):
            if directory in mine:
                continue
            try:
                with open(os.path.join(directory, "cgroup.procs"), "w") as f:
                    f.write(str(os.getpid()))
            except OSError as error:
                problems.append("%s: %s" % (directory, error.strerror))
        return "; ".join(problems)
    except (OSError, ValueError) as error:
        return str(error)


def _child(listener, conn, peer_pid, message, fds):
    listener.close()
    request = json.loads(message)
    os.setpgid(0, 0)  # its own process group, as a fresh trial has
    problem = _join_cgroups(peer_pid)
    conn.send(("pid %d %s" % (os.getpid(), problem)).strip().encode())
    conn.close()
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    if request.get("rlimit_as"):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, tuple(request["rlimit_as"]))
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGCHLD):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    script = request["argv"][0]
    sys.argv = list(request["argv"])
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    import runpy

    # Exceptions and SystemExit leave as they would leave the script: Python prints and exits alike.
    runpy.run_path(script, run_name="__main__")


def _import_leading(script, argv):
    """Imports the script's leading imports with the script's sys.path[0] and argv (fit_gate's reading of them)."""
    boot = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "headroom_boot")
    sys.path.insert(0, boot)
    try:
        from _headroom_boot import fit_gate
    finally:
        sys.path.remove(boot)
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    sys.argv = [script, *argv]
    names = fit_gate._leading_imports(script)
    fit_gate._preimport(names)
    return names


def serve(sock_path, script, argv):
    names = _import_leading(script, argv)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(sock_path)
    listener.listen(16)
    print(json.dumps({"ready": True, "pid": os.getpid(), "imports": names}), flush=True)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, ("accept", None))
    selector.register(sys.stdin, selectors.EVENT_READ, ("stop", None))  # headroom closes it at the end
    children = {}
    while True:
        for key, _ in selector.select():
            what, data = key.data
            if what == "stop":
                for pid in list(children):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                return 0
            if what == "accept":
                conn, _ = listener.accept()
                message, fds, _, _ = socket.recv_fds(conn, 1 << 22, 3)
                creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
                peer_pid = int.from_bytes(creds[:4], sys.byteorder)
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    _child(listener, conn, peer_pid, message, fds)
                    sys.exit(0)
                for fd in fds:
                    os.close(fd)
                children[pid] = conn
                pidfd = os.pidfd_open(pid)
                selector.register(pidfd, selectors.EVENT_READ, ("exited", (pid, conn)))
                selector.register(conn, selectors.EVENT_READ, ("gone", (pid, pidfd)))
            elif what == "exited":
                pid, conn = data
                selector.unregister(key.fd)
                os.close(key.fd)
                if conn.fileno() in selector.get_map():
                    selector.unregister(conn)
                children.pop(pid, None)
                _, status = os.waitpid(pid, 0)
                answer = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
                try:
                    conn.send(answer.encode())
                except OSError:
                    pass
                conn.close()
            elif what == "gone":  # the trial's process was killed: so is its fork
                pid, _ = data
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                selector.unregister(key.fd)


if __name__ == "__main__":
    mode, sock = sys.argv[1], sys.argv[2]
    sys.exit(serve(sock, sys.argv[3], sys.argv[4:]) if mode == "serve" else run(sock, sys.argv[3:]))
