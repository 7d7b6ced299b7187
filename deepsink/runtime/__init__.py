"""``mindspore.runtime``: execution controls (``launch_blocking``, ``synchronize``).

deepsink raises shape and dtype errors when an op is called (while tracing), so errors already
point at the Python line; ``launch_blocking`` additionally makes CPU kernels run synchronously
(JAX's async CPU dispatch off), so runtime failures surface at the call too. As in MindSpore,
call it at the start of the program: the CPU backend reads the setting when it is created, at the
first computation.
"""

from __future__ import annotations

import jax

_blocking = False


def launch_blocking() -> None:
    """Run every op synchronously (slower; for locating failures). Call it before the first
    computation, as MindSpore's documentation says."""
    global _blocking
    jax.config.update("jax_cpu_enable_async_dispatch", False)
    _blocking = True


def synchronize() -> None:
    """Wait until all dispatched device work is done."""
    jax.effects_barrier()
    for a in jax.live_arrays():
        a.block_until_ready()
