"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from."""

from typing import Any

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


class _CellGraphExecutor:
    """MindSpore's ``_cell_graph_executor`` (private in MindSpore; its own test programs and some
    user scripts call ``_cell_graph_executor.compile(net, *inputs)`` to build a network's graph
    without running it). ``compile`` traces and XLA-compiles the Cell's graph-mode call for these
    inputs (``_core.jit.compile_cell``): shape and type errors surface here, and a later call with
    the same signature reuses the executable."""

    def compile(self, obj: Any, *args: Any, phase: str = "predict", **kwargs: Any) -> Any:
        from deepsink._core.jit import compile_cell

        if not hasattr(obj, "construct"):
            raise TypeError(f"For 'compile', 'obj' must be a Cell, but got {type(obj).__name__}")
        return compile_cell(obj, args, kwargs)


_cell_graph_executor = _CellGraphExecutor()
