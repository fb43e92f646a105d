"""The host memory one measured step takes, for the loss measurements run on CPU (loss.test.ts).

The step's peak is the process's ru_maxrss after it less the resident set before it: the logits' tensors are
hundreds of MB each, which glibc maps and unmaps whole, so the resident set follows the live tensors; ru_maxrss
only rises, so each case runs in its own process.
"""
import json
import os
import resource
import sys


def peak_bytes():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def start_bytes():
    with open("/proc/self/statm") as statm:
        resident = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return max(resident, peak_bytes())


def print_bytes_per_logit(start, logits):
    json.dump({"bytesPerLogit": (peak_bytes() - start) / logits}, sys.stdout)
    print()
