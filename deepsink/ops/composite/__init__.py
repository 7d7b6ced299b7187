"""MindSpore's ``ops.composite`` (``C``): gradients, ``MultitypeFuncGraph`` and ``HyperMap``.

The gradient transforms live in ``deepsink._compile.grad`` (they go through the one
functionalization point); this module re-exports them under MindSpore's names.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from numbers import Number
from typing import Any

from deepsink._compile.grad import GradOperation as GradOperation
from deepsink._compile.grad import grad as grad
from deepsink._compile.grad import value_and_grad as value_and_grad
from deepsink._core.functional import compiling
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor

__all__ = [
    "GradOperation",
    "HyperMap",
    "Map",
    "MultitypeFuncGraph",
    "grad",
    "partial",
    "value_and_grad",
]


def _type_name(x: Any) -> str:
    if isinstance(x, Parameter | Tensor):
        return "Tensor"
    if isinstance(x, bool):
        return "Bool"
    if isinstance(x, Number):
        return "Number"
    if isinstance(x, tuple):
        return "Tuple"
    if isinstance(x, list):
        return "List"
    if isinstance(x, str):
        return "String"
    if isinstance(x, dict):
        return "Dictionary"
    if x is None:
        return "None"
    if callable(x):
        return "Function"
    return type(x).__name__


class MultitypeFuncGraph:
    """A function overloaded on argument types: ``@f.register("Tensor", "Number")``."""

    def __init__(self, name: str, read_value: bool = False, doc_url: str = "") -> None:
        self.name = name
        self.entries: list[tuple[tuple[str, ...], Callable]] = []

    def register(self, *type_names: str) -> Callable[[Callable], Callable]:
        def deco(fn: Callable) -> Callable:
            self.entries.append(
                (tuple(t if isinstance(t, str) else str(t) for t in type_names), fn)
            )
            return fn

        return deco

    def __call__(self, *args: Any) -> Any:
        names = tuple(_type_name(a) for a in args)
        # an exact registration first; then Bool and Number stand for each other (MindSpore's
        # Bool is a Number type, and it converts a number where only 'Bool' is registered)
        for loose in (False, True):
            for types, fn in self.entries:
                if len(types) == len(names) and all(
                    t in (n, "Any") or (loose and {t, n} == {"Bool", "Number"})
                    for t, n in zip(types, names)
                ):
                    return fn(*args)
        raise TypeError(
            f"For 'MultitypeFuncGraph' '{self.name}', no function is registered for the argument "
            f"types {list(names)}; registered: {[list(t) for t, _ in self.entries]}"
        )


def _sequence_like(seqs: tuple, items: Any) -> tuple | list:
    """The container MindSpore returns: inside a compiled (GRAPH_MODE) program the first
    sequence's type (a list in, a list out); in PyNative always a tuple."""
    if compiling() and isinstance(seqs[0], list):
        return list(items)
    return tuple(items)


class HyperMap:
    """``HyperMap(ops=None)(fn, *sequences)``: apply ``fn`` elementwise over tuples/lists (nested),
    returning a tuple in PyNative and the first sequence's type inside a GRAPH_MODE program, as
    MindSpore 2.10 does; with ``ops`` given, ``HyperMap(ops)(*sequences)``."""

    def __init__(self, ops: Callable | None = None, reverse: bool = False) -> None:
        self.ops = ops

    def __call__(self, *args: Any) -> Any:
        fn, seqs = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return self._map(fn, seqs)

    def _map(self, fn: Callable, seqs: tuple) -> Any:
        if seqs and all(isinstance(s, tuple | list) for s in seqs):
            n = len(seqs[0])
            if any(len(s) != n for s in seqs):
                raise ValueError(
                    f"For 'HyperMap', the sequences must have the same length, but got "
                    f"{[len(s) for s in seqs]}"
                )
            return _sequence_like(
                seqs, (self._map(fn, tuple(s[i] for s in seqs)) for i in range(n))
            )
        return fn(*seqs)


class Map(HyperMap):
    """``Map``: like ``HyperMap`` but one level deep."""

    def _map(self, fn: Callable, seqs: tuple) -> Any:
        return _sequence_like(seqs, (fn(*items) for items in zip(*seqs)))


# the functional ops MindSpore also exports from ops.composite (``C.clip_by_global_norm``,
# ``C.ones_like``, ``C.normal``...): the one implementation in deepsink.ops, looked up on use
# (deepsink.ops imports this module)
_FROM_OPS = frozenset(
    "batch_dot clip_by_global_norm clip_by_value count_nonzero cummin dot gamma laplace matmul "
    "mm multinomial normal ones_like poisson repeat_elements repeat_interleave sequence_mask "
    "tensor_dot uniform vecdot zeros_like".split()
)
# ``add_flags`` is ops.operations.graph_ops's (an alias of the table below)
__all__ += ["add_flags"]


def _from_ops(name: str) -> Any:
    if name in _FROM_OPS:
        import deepsink.ops as _ops

        return getattr(_ops, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__, _from_ops)
