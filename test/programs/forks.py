# N forked children, each allocating MB mebibytes then sleeping HOLD seconds; the parent waits for
# them all and exits 0, however they ended. usage: forks.py N MB HOLD_SECONDS
import os
import sys
import time

n, mb, hold = (int(a) for a in sys.argv[1:4])
children = []
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        chunks = [bytearray(1024 * 1024) for _ in range(mb)]
        time.sleep(hold)
        os._exit(0)
    children.append(pid)
killed = 0
for pid in children:
    _, status = os.waitpid(pid, 0)
    killed += os.WIFSIGNALED(status)
print(f"{killed} of {n} children were killed", flush=True)
