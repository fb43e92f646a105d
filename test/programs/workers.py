# N multiprocessing workers; worker K allocates MB mebibytes (touching every page) and holds them;
# the parent joins them all and exits 0 whatever happened to them.
# usage: workers.py N K MB HOLD_SECONDS [pool]
import multiprocessing as mp
import sys
import time


def work(i, victim, mb, hold):
    if i == victim:
        chunks = [bytearray(1024 * 1024) for _ in range(mb)]
        print(f"worker {i} holds {len(chunks)} MiB", flush=True)
    time.sleep(hold)
    return i


if __name__ == "__main__":
    n, victim, mb, hold = (int(a) for a in sys.argv[1:5])
    use_pool = len(sys.argv) > 5 and sys.argv[5] == "pool"
    if use_pool:
        # A Pool whose worker is SIGKILLed waits forever for that task's result.
        with mp.Pool(n) as pool:
            print("results", pool.starmap(work, [(i, victim, mb, hold) for i in range(n)]), flush=True)
    else:
        procs = [mp.Process(target=work, args=(i, victim, mb, hold)) for i in range(n)]
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        print("exit codes", [p.exitcode for p in procs], flush=True)
