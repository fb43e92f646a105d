"""fit's warm trials: one Python imports what the trial script imports first (torch, lightning, ...)
once, and each trial is a fork of it that runs the script as __main__ with the trial's argv, so a
trial no longer pays the interpreter's start and the imports (seconds of CPU each).

    python [OPTIONS] warm_trials.py serve SOCKET SCRIPT ARG...   imports SCRIPT's leading imports,
        prints "ready", then serves SOCKET until its stdin closes
    python [OPTIONS] warm_trials.py serve SOCKET -m MODULE ARG...   the same for `python -m MODULE`
    python [OPTIONS] warm_trials.py serve-modules SOCKET NAME...   imports the modules NAME... (tests)
    python -I -S warm_trials.py run SOCKET SCRIPT ARG...   one trial: `python SCRIPT ARG...` as a fork
    python -I -S warm_trials.py run SOCKET -m MODULE ARG...   one trial: `python -m MODULE ARG...`
    python -I -S warm_trials.py preimport SOCKET LEARNED   the server imports the modules in the file
        LEARNED (JSON) now, before any fork asks; returns once they are in (exit 0; 3 without a server)

`run` is the trial's process as headroom supervises it (behind the command's own prlimit/env
wrappers, in the trial's cgroup). It hands the server its stdin, stdout and stderr, working
directory, environment, argv and RLIMIT_AS; the fork joins `run`'s cgroups (so the supervisor's
sampling and stop reach it), takes its limit, and runs the script; `run` forwards SIGTERM, SIGINT
and SIGHUP to it and exits as it did (its code, or the same signal). If `run` is killed, the server
kills the fork. HEADROOM_FIT_FORK_PID in `run`'s environment names a file where `run` writes
{"pid": N} once the fork runs, or {"error": why} when no fork ran (exit 3: headroom runs the trial
fresh). The variable is not passed to the script. HEADROOM_FIT_LEARNED names a file of module names
(JSON) that other trials of the command imported (fit learns them from HEADROOM_FIT_IMPORTS, which the
fork records as the bootstrap's `fit-imports` does): the server imports them before it forks, once.

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
LEARNED_VARIABLE = "HEADROOM_FIT_LEARNED"


def _fit_gate():
    """The bootstrap's fit_gate module (leading imports, learned imports), from beside this package."""
    boot = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "headroom_boot")
    sys.path.insert(0, boot)
    try:
        from _headroom_boot import fit_gate
    finally:
        sys.path.remove(boot)
    return fit_gate


def _read_learned(path):
    try:
        with open(path) as f:
            names = json.load(f)
        return [n for n in names if isinstance(n, str)]
    except (OSError, ValueError, TypeError):
        return []


def _write_pid_file(path, fields):
    if not path:
        return
    with open(path + ".tmp", "w") as f:
        json.dump(fields, f)
    os.replace(path + ".tmp", path)


def run(sock_path, argv):
    pid_file = os.environ.pop(PID_FILE_VARIABLE, "")
    learned = _read_learned(os.environ.pop(LEARNED_VARIABLE, "")) if LEARNED_VARIABLE in os.environ else []
    try:
        import resource

        limit = list(resource.getrlimit(resource.RLIMIT_AS))
    except (ImportError, OSError):
        limit = None
    client = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        client.connect(sock_path)
        request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "rlimit_as": limit, "learned": learned}
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


def preimport(sock_path, learned_path):
    """Has the server import what earlier trials imported now (headroom then reads its size: what every
    later fork holds before its value), instead of when the next fork is asked for."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        client.connect(sock_path)
        client.send(json.dumps({"preimport": _read_learned(learned_path)}).encode())
        answer = client.recv(64).decode()
    except OSError:
        return NO_FORK_EXIT
    return 0 if answer == "imported" else NO_FORK_EXIT


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


def _child(listener, conn, peer_pid, request, fds):
    listener.close()
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
    fit_gate = _fit_gate()
    fit_gate.record_imports(os.environ.get(fit_gate.IMPORTS_LOG_VARIABLE, ""))
    import runpy

    # Exceptions and SystemExit leave as they would leave the script: Python prints and exits alike.
    argv = list(request["argv"])
    if argv[0] == "-m":
        # `python -m MODULE`: sys.path[0] is the directory it started in, argv[0] the module's file (runpy).
        sys.argv = argv[1:]
        sys.path[0] = request["cwd"]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
        runpy.run_path(argv[0], run_name="__main__")


def _import_leading(target, argv):
    """Imports the leading imports of the script (or of `-m MODULE`'s file) with its sys.path[0] and
    argv (fit_gate's reading of them); the module's own package is not imported before its trial."""
    fit_gate = _fit_gate()
    if target == "-m":
        import importlib.util

        sys.path[0] = os.getcwd()
        module, argv = argv[0], argv[1:]
        spec = importlib.util.find_spec(module)
        script = spec.origin if spec and spec.origin and spec.origin.endswith(".py") else None
        sys.argv = [script or module, *argv]
        if script is None:
            return []
    else:
        script = target
        sys.path[0] = os.path.dirname(os.path.abspath(script))
        sys.argv = [script, *argv]
    names = fit_gate._leading_imports(script)
    fit_gate._preimport(names)
    return names


def _import_modules(names):
    import importlib

    for name in names:
        importlib.import_module(name)
    return names


def serve(sock_path, names):
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
                request = json.loads(message)
                if "preimport" in request:  # no trial: the learned imports only, then the answer
                    for fd in fds:
                        os.close(fd)
                    _fit_gate().preimport_learned(request["preimport"])
                    try:
                        conn.send(b"imported")
                    except OSError:
                        pass
                    conn.close()
                    continue
                # What other trials imported later on, imported here once: every fork from now on has it.
                if request.get("learned"):
                    _fit_gate().preimport_learned(request["learned"])
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    _child(listener, conn, peer_pid, request, fds)
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
    if mode == "serve":
        sys.exit(serve(sock, _import_leading(sys.argv[3], sys.argv[4:])))
    if mode == "serve-modules":
        sys.exit(serve(sock, _import_modules(sys.argv[3:])))
    if mode == "preimport":
        sys.exit(preimport(sock, sys.argv[3]))
    sys.exit(run(sock, sys.argv[3:]))
