"""What headroom's bootstrap does in one process, switched by HEADROOM_BOOT (comma-separated):

torch-alloc  add the HEADROOM_TORCH_ALLOC_KEYS entries (`key:value@minVersion`) to PYTORCH_CUDA_ALLOC_CONF
             when the installed torch is at least that version (read from its metadata, torch not imported)
torch-cap    when torch is imported, queue torch.cuda.set_per_process_memory_fraction(HEADROOM_GPU_FRACTION)
             to run at CUDA initialisation (a process that never touches CUDA gets no context); stands down
             when the allocator config already carries per_process_memory_fraction
tf-cap       when tensorflow is imported, give its GPU a logical device limit of HEADROOM_GPU_BUDGET_BYTES
             (in MiB) before the runtime starts
jax-cap      write HEADROOM_JAX_MEM_FRACTION (`START-CAP@minVersion`) into XLA_PYTHON_CLIENT_MEM_FRACTION when the
             installed jaxlib is that new (read from its metadata, jax not imported): there a bare fraction grows
fit-gate     fit's warm start: import the script's leading imports, then wait for the trial's value
             (fit_gate.py; run by sitecustomize after the rest, never from here)
fit-exit     fit's quick exit: once the program has ended and every other atexit handler has run, end the
             process with its known exit status, without the interpreter's teardown (fit_exit.py)
fit-imports  fit's learned imports: every module the process imports is appended to HEADROOM_FIT_IMPORTS
             (fit_gate.record_imports), so fit's next trials can import them before their value
peaks        at exit, append the framework's own peak GPU counters (torch, JAX, TF: whichever the program
             imported and started) to HEADROOM_PEAKS_FILE, the run's peaks.jsonl (peaks.py)

The framework profiles (src/frameworks/, bootstrap.ts) decide which actions a process gets.
"""

from . import report


def install(actions, env):
    """Applies the actions named in `actions` to this process; every failure is one line on stderr."""
    wanted = {a.strip() for a in actions.split(",") if a.strip()}
    unknown = wanted - {"torch-alloc", "torch-cap", "tf-cap", "jax-cap", "peaks", "fit-gate", "fit-imports", "fit-exit"}
    if unknown:
        report.warn("ignores unknown HEADROOM_BOOT actions %s" % ", ".join(sorted(unknown)))
    # First: atexit runs last-in, first-out, so the quick exit runs after every handler registered later.
    if "fit-exit" in wanted:
        report.guarded("could not arrange fit's quick exit", _fit_exit)
    if "torch-alloc" in wanted:
        report.guarded("could not check the PyTorch allocator keys", _torch_alloc, env)
    if "torch-cap" in wanted:
        report.guarded("could not arrange the PyTorch GPU cap", _torch_cap, env)
    if "tf-cap" in wanted:
        report.guarded("could not arrange the TensorFlow GPU cap", _tf_cap, env)
    if "jax-cap" in wanted:
        report.guarded("could not write the JAX memory fraction for the installed jaxlib", _jax_cap, env)
    if "peaks" in wanted:
        report.guarded("could not arrange the record of the GPU peaks", _peaks, env)
    if "fit-imports" in wanted:
        report.guarded("could not record the imports for fit", _fit_imports, env)


def _fit_exit():
    from . import fit_exit

    fit_exit.arrange()


def _fit_imports(env):
    from . import fit_gate

    fit_gate.record_imports(env.get(fit_gate.IMPORTS_LOG_VARIABLE, ""))


def _torch_alloc(env):
    from . import torch_alloc

    torch_alloc.add_gated_keys(env)


def _torch_cap(env):
    from . import torch_cap

    torch_cap.arrange(env)


def _tf_cap(env):
    from . import tf_cap

    tf_cap.arrange(env)


def _jax_cap(env):
    from . import jax_cap

    jax_cap.write_fraction(env)


def _peaks(env):
    from . import peaks

    peaks.arrange(env)
