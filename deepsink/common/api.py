"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from.

``_pynative_executor.sync()`` is kept because user programs and MindSpore's own op tests call it to
wait for asynchronously dispatched work (and see its errors there); it is the same barrier here.
MindSpore's graph executor (``_cell_graph_executor``) is an internal of its C++ runtime and is
deliberately not imitated.
"""

import deepsink.common as _common
from deepsink._core.jit import jit as jit
from deepsink._core.jit import jit_class as jit_class


class _PyNativeExecutor:
    """The part of MindSpore's PyNative executor that user code calls: ``sync()`` waits until
    every dispatched computation has finished, so an error raised asynchronously surfaces there."""

    def sync(self) -> None:
        import jax

        jax.effects_barrier()
        for a in jax.live_arrays():
            a.block_until_ready()


_pynative_executor = _PyNativeExecutor()

_common.jit = jit  # mindspore.common.jit (the package cannot import it: see its __init__)
_common.jit_class = jit_class
