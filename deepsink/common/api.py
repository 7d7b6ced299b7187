"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from."""

from deepsink._core.jit import jit as jit


class _PyNativeExecutor:
    """The part of MindSpore's PyNative executor that user code calls: ``sync()`` waits until
    every dispatched computation has finished, so an error raised asynchronously surfaces there."""

    def sync(self) -> None:
        import jax

        jax.effects_barrier()
        for a in jax.live_arrays():
            a.block_until_ready()


_pynative_executor = _PyNativeExecutor()
