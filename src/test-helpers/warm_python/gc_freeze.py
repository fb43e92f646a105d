# Imported last by the warm test Python's server (src/test-helpers/warm-python.ts), once its modules are
# in: every object they made moves to the collector's permanent generation, so no collection in a fork
# walks them (a walk writes each object's header, and so copies the page it lies on). The gc module's
# documentation recommends gc.freeze() before fork() without exec()
# (https://docs.python.org/3.11/library/gc.html#gc.freeze). Measured here: a fork of the server that
# imported torch and transformers spent 1.2 CPU-s to run `pass` without it, 0.3 CPU-s with it.
import gc

gc.freeze()
