"""Padding layers (MindSpore's ``nn/layer/padding.py``): ``Pad``, ``ConstantPad1d/2d/3d``,
``ReflectionPad1d/2d/3d``, ``ReplicationPad1d/2d/3d``, ``ZeroPad2d``; all call ``ops.pad``."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import fail
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import sampling_func


def _padding(padding: Any, n: int, api: str) -> tuple[int, ...]:
    """An int (every side of the last ``n`` axes) or a tuple of an even number (up to ``2 * n``)
    of ints (left, right, top, bottom, front, back), from the last axis backwards."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * n)
    if not isinstance(padding, tuple | list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in padding):  # fmt: skip
        fail(api, "padding", f"an int or a tuple of up to {2 * n} ints", padding, TypeError)
    if not padding or len(padding) % 2:
        fail(api, "padding", "a tuple of an even number of ints", padding)
    return tuple(padding)


class _PadNd(Cell):
    _n = 1
    _mode = "constant"

    def __init__(self, padding: Any, value: float = 0.0) -> None:
        super().__init__()
        self.padding = _padding(padding, self._n, type(self).__name__)
        if self._mode != "constant" and any(p < 0 for p in self.padding):
            fail(type(self).__name__, "padding", "non-negative", padding)
        self.value = value

    def construct(self, x: Tensor) -> Tensor:
        value = self.value if self._mode == "constant" else None
        return sampling_func.pad(x, self.padding, self._mode, value)

    def extend_repr(self) -> str:
        return f"padding={self.padding}"


def _make(name: str, n: int, mode: str, doc: str) -> type:
    cls = type(name, (_PadNd,), {"_n": n, "_mode": mode, "__doc__": doc})
    if mode == "constant" and name != "ZeroPad2d":

        def __init__(self, padding: Any, value: float) -> None:  # noqa: N807
            _PadNd.__init__(self, padding, value)

        cls.__init__ = __init__
    elif mode == "constant":

        def __init__(self, padding: Any) -> None:  # noqa: N807
            _PadNd.__init__(self, padding, 0.0)

        cls.__init__ = __init__
    else:

        def __init__(self, padding: Any) -> None:  # noqa: N807
            _PadNd.__init__(self, padding)

        cls.__init__ = __init__
    cls.__module__ = __name__
    cls.__qualname__ = name
    return cls


ConstantPad1d = _make("ConstantPad1d", 1, "constant", "Pad the last axis with ``value``.")
ConstantPad2d = _make("ConstantPad2d", 2, "constant", "Pad the last 2 axes with ``value``.")
ConstantPad3d = _make("ConstantPad3d", 3, "constant", "Pad the last 3 axes with ``value``.")
ReflectionPad1d = _make("ReflectionPad1d", 1, "reflect", "Reflect-pad the last axis.")
ReflectionPad2d = _make("ReflectionPad2d", 2, "reflect", "Reflect-pad the last 2 axes.")
ReflectionPad3d = _make("ReflectionPad3d", 3, "reflect", "Reflect-pad the last 3 axes.")
ReplicationPad1d = _make("ReplicationPad1d", 1, "replicate", "Edge-pad the last axis.")
ReplicationPad2d = _make("ReplicationPad2d", 2, "replicate", "Edge-pad the last 2 axes.")
ReplicationPad3d = _make("ReplicationPad3d", 3, "replicate", "Edge-pad the last 3 axes.")
ZeroPad2d = _make("ZeroPad2d", 2, "constant", "Pad the last 2 axes with zeros.")


class Pad(Cell):
    """``paddings`` ((before, after) per axis, from the first) with mode 'CONSTANT' (zeros),
    'REFLECT' (mirror without the edge) or 'SYMMETRIC' (mirror with the edge)."""

    _MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}

    def __init__(self, paddings: Any, mode: str = "CONSTANT") -> None:
        super().__init__()
        if mode not in self._MODES:
            fail("Pad", "mode", f"one of {list(self._MODES)}", mode)
        if not isinstance(paddings, tuple | list) or not all(
                isinstance(p, tuple | list) and len(p) == 2 for p in paddings):  # fmt: skip
            fail("Pad", "paddings", "a tuple of (before, after) pairs", paddings, TypeError)
        self.paddings = tuple(tuple(int(v) for v in p) for p in paddings)
        self.mode = mode

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if len(self.paddings) != a.ndim:
            fail("Pad", "paddings", f"{a.ndim} pairs (one per axis of the input)",
                 len(self.paddings))  # fmt: skip
        mode = self._MODES[self.mode]
        if mode == "constant":
            return Tensor._from(jnp.pad(a, self.paddings))
        return Tensor._from(jnp.pad(a, self.paddings, mode=mode))
