"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from.

``_pynative_executor.sync()`` is kept because user programs and MindSpore's own op tests call it to
wait for asynchronously dispatched work (and see its errors there); it is the same barrier here.
``_cell_graph_executor`` is the part of MindSpore's graph executor that its test programs call:
``compile(net, *inputs)`` builds the Cell's compiled program for those inputs (after 2.10's check
that the Parameters' names are unique) and calling it runs that program. Its other methods drive
MindSpore's C++ pipeline (dataset queues, GE conversion, parallel strategies) and are not imitated.
"""

import weakref
from typing import Any

import deepsink.common as _common
from deepsink._compile import jit as _jit
from deepsink._compile.jit import jit as jit
from deepsink._compile.jit import jit_class as jit_class


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
    """Compiles a Cell into one program for given inputs and runs it, whatever the context mode
    (MindSpore's ``_cell_graph_executor``). A compiled program is known by its full phase,
    ``'<phase>.<cell id>.<number>'``, one per phase and inputs' shapes and dtypes."""

    def __init__(self) -> None:
        self._compiled: weakref.WeakValueDictionary = weakref.WeakValueDictionary()

    @staticmethod
    def _phases(obj: Any) -> dict:
        """The Cell's compiled phases: (phase, inputs' signature) -> full phase."""
        return obj.__dict__.setdefault("_executor_phases", {})

    @staticmethod
    def _signature(args: tuple) -> tuple:
        dyn, spec = _jit.split_args(args, {})
        return _jit._signature(dyn, spec)

    def compile(self, obj: Any, *args: Any, phase: str = "predict", **kwargs: Any) -> tuple:
        """Builds ``obj``'s program for ``args`` without running it (the Parameters unchanged).

        Returns:
            tuple, the full phase (str) and whether it was compiled now (False: compiled before).

        Raises:
            AttributeError: ``obj`` has no ``construct``.
            ValueError: two of ``obj``'s Parameters have the same name.
        """
        if not hasattr(obj, "construct"):
            raise AttributeError(f"The class {type(obj).__name__} does not have method construct")
        if kwargs:
            raise TypeError(
                f"For '_cell_graph_executor.compile', the inputs are positional, but got "
                f"keyword arguments {sorted(kwargs)}"
            )
        obj.check_names()
        phases = self._phases(obj)
        key = (phase, self._signature(args))
        full = phases.get(key)
        if full is not None:
            return full, False
        _jit.compile_cell(obj, args, {})
        full = phases[key] = f"{phase}.{id(obj)}.{len(phases)}"
        self._compiled[full] = obj
        return full, True

    def has_compiled(self, phase: str = "predict") -> bool:
        """Whether ``phase`` is a full phase ``compile`` returned (its Cell still alive)."""
        return phase in self._compiled

    def run(self, obj: Any, *args: Any, phase: str = "predict") -> Any:
        """Runs ``obj``'s program compiled for ``phase`` (as given to ``compile``) and inputs
        like ``args``.

        Raises:
            KeyError: no program of ``obj`` was compiled for them.
        """
        if (phase, self._signature(args)) not in self._phases(obj):
            raise KeyError(f"{phase}.{id(obj)} graph is not exist.")
        return _jit.call_cell(obj, args, {})

    def __call__(self, obj: Any, *args: Any, phase: str = "predict") -> Any:
        return self.run(obj, *args, phase=phase)


_cell_graph_executor = _CellGraphExecutor()

_common.jit = jit  # mindspore.common.jit (the package cannot import it: see its __init__)
_common.jit_class = jit_class
