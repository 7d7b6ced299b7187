"""``mint.nn`` padding layers: Constant/Zero/Reflection/Replication padding over the last 1, 2
or 3 dims (``mint.nn.functional.pad``)."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.nn.cell import Cell


class _Pad(Cell):
    _n, _mode = 1, "constant"

    def __init__(self, padding: Any, value: float = 0.0) -> None:
        super().__init__()
        if isinstance(padding, int):
            padding = (padding,) * (2 * self._n)
        padding = tuple(padding)
        if len(padding) != 2 * self._n:
            raise ValueError(
                f"For '{type(self).__name__}', 'padding' must be an int or "
                f"{2 * self._n} ints, but got {padding}"
            )
        self.padding, self.value = padding, value

    def construct(self, input: Tensor) -> Tensor:
        if self._mode == "constant":
            return F.pad(input, self.padding, "constant", self.value)
        return F.pad(input, self.padding, self._mode)


def _make(name: str, n: int, mode: str, doc: str):
    if mode == "constant" and name.startswith("Constant"):

        def init(self, padding: Any, value: float) -> None:
            _Pad.__init__(self, padding, value)
    else:

        def init(self, padding: Any) -> None:
            _Pad.__init__(self, padding)

    return type(
        name,
        (_Pad,),
        {"_n": n, "_mode": mode, "__init__": init, "__doc__": doc, "__module__": __name__},
    )


ConstantPad1d = _make("ConstantPad1d", 1, "constant", "Pads the last dim with ``value``.")
ConstantPad2d = _make("ConstantPad2d", 2, "constant", "Pads the last 2 dims with ``value``.")
ConstantPad3d = _make("ConstantPad3d", 3, "constant", "Pads the last 3 dims with ``value``.")
ZeroPad1d = _make("ZeroPad1d", 1, "constant", "Pads the last dim with zeros.")
ZeroPad2d = _make("ZeroPad2d", 2, "constant", "Pads the last 2 dims with zeros.")
ZeroPad3d = _make("ZeroPad3d", 3, "constant", "Pads the last 3 dims with zeros.")
ReflectionPad1d = _make("ReflectionPad1d", 1, "reflect", "Reflects the last dim at its edges.")
ReflectionPad2d = _make("ReflectionPad2d", 2, "reflect", "Reflects the last 2 dims.")
ReflectionPad3d = _make("ReflectionPad3d", 3, "reflect", "Reflects the last 3 dims.")
ReplicationPad1d = _make("ReplicationPad1d", 1, "replicate", "Repeats the last dim's edges.")
ReplicationPad2d = _make("ReplicationPad2d", 2, "replicate", "Repeats the last 2 dims' edges.")
ReplicationPad3d = _make("ReplicationPad3d", 3, "replicate", "Repeats the last 3 dims' edges.")

__all__ = sorted(
    n
    for n, v in dict(globals()).items()
    if isinstance(v, type) and v.__module__ == __name__ and not n.startswith("_")
)
