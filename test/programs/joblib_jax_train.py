# Seed 001's train.py with the GPU part stood in: real joblib runs three trainings in parallel
# (Parallel(n_jobs=3), loky workers that inherit the parent's environment), and each training is a
# JAX-like client on headroom's simulated card (examples/workloads/fake-jax.mjs reads XLA's variables as
# jaxlib does and fails with XLA's own out-of-memory text). There is no GPU here, so the SBX/JAX training
# itself cannot run; `import jax` stays, as the seed's script has it (the script check reads it).
#   CLIENT_ENV_DIR=DIR python joblib_jax_train.py STEP STEPS
# Each training writes the GPU variables its worker was given to DIR/client-<pid>.json.
import json
import os
import subprocess
import sys
import tempfile

import jax  # noqa: F401  (the seed's trainings are JAX; imported as the seed does, never run here)
from joblib import Parallel, delayed

WORKLOAD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "workloads", "fake-jax.mjs")
GPU_VARIABLES = (
    "XLA_PYTHON_CLIENT_MEM_FRACTION",
    "XLA_PYTHON_CLIENT_PREALLOCATE",
    "HEADROOM_GPU_BUDGET_BYTES",
    "HEADROOM_GPU_FRACTION",
    "HEADROOM_GPU_CLIENTS",
)


def train(k, step, steps, barrier):
    out = os.environ.get("CLIENT_ENV_DIR")
    if out:
        with open(os.path.join(out, f"client-{os.getpid()}.json"), "w") as f:
            json.dump({name: os.environ.get(name) for name in GPU_VARIABLES}, f)
    # The three trainings overlap on the card, as the seed's do: each holds its memory after its steps
    # until all three have taken theirs (or ended), however far apart a loaded machine starts them.
    release = os.path.join(barrier, "all-holding")
    args = ["node", WORKLOAD, "--steps", steps, "--step", step, "--interval-ms", "400", "--host-per-step", "1MiB",
            "--until-file", release]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    marked = False
    for line in child.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        if not marked and line.startswith("step "):
            marked = mark_holding(barrier, k, release)
    if not marked:
        mark_holding(barrier, k, release)
    return child.wait()


def mark_holding(barrier, k, release):
    open(os.path.join(barrier, f"holding-{k}"), "w").close()
    # The last to mark sees every mark (each is written before it looks).
    if sum(name.startswith("holding-") for name in os.listdir(barrier)) == 3:
        open(release, "w").close()
    return True


if __name__ == "__main__":
    step, steps = sys.argv[1], sys.argv[2]
    barrier = tempfile.mkdtemp(prefix="joblib-jax-train-")
    codes = Parallel(n_jobs=3)(delayed(train)(k, step, steps, barrier) for k in range(3))
    print("trainings ended:", codes, flush=True)
    sys.exit(max(codes))
