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


def train(k, step, steps):
    out = os.environ.get("CLIENT_ENV_DIR")
    if out:
        with open(os.path.join(out, f"client-{os.getpid()}.json"), "w") as f:
            json.dump({name: os.environ.get(name) for name in GPU_VARIABLES}, f)
    args = ["node", WORKLOAD, "--steps", steps, "--step", step, "--interval-ms", "400", "--host-per-step", "1MiB"]
    return subprocess.run(args).returncode


if __name__ == "__main__":
    step, steps = sys.argv[1], sys.argv[2]
    codes = Parallel(n_jobs=3)(delayed(train)(k, step, steps) for k in range(3))
    print("trainings ended:", codes, flush=True)
    sys.exit(max(codes))
