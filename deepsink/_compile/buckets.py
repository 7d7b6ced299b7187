"""Buckets for ``Cell.set_inputs``'s dynamic dimensions: the size each dynamic dimension is padded
up to, and the padding of a call's input arrays (one program then serves every size of a bucket;
``padded_program`` keeps its results those of the unpadded inputs).

The bucket of a dimension of size ``n``: the next power of two, at least ``BUCKET_FLOOR``; for a
``Symbol`` dimension that size rounded up to the Symbol's ``divisor``/``remainder`` form, at least
its ``min`` and at most its ``max`` (docs/dynamic_shapes.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: the smallest bucket of a dynamic dimension
BUCKET_FLOOR = 8


def bucket_size(n: int, symbol: Any = None) -> int:
    """The size a dynamic dimension of size ``n`` is padded to (``symbol``: its ``Symbol``, or
    None for a ``None`` dimension)."""
    size = max(BUCKET_FLOOR, 1 << max(0, n - 1).bit_length())
    if symbol is None:
        return size
    size = max(size, symbol.min)
    d, r = symbol.divisor, symbol.remainder
    size += (r - size) % d  # the next d * N + r
    if symbol.max:
        size = min(size, symbol.max - (symbol.max - r) % d)
    return max(size, n)


@dataclass(frozen=True)
class Plan:
    """How one call's inputs are padded: the bucket and a second (trace-only) size per group of
    dynamic dimensions, and per input array the (axis, group) pairs it is padded along."""

    buckets: tuple[int, ...]
    axes: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def alternates(self) -> tuple[int, ...]:
        """The sizes the program is traced at a second time, one group at a time, to find what
        follows the padded extent."""
        return tuple(2 * b for b in self.buckets)


def declared_inputs(cell: Any) -> tuple | None:
    """The ``set_inputs`` declaration of ``cell`` (a Cell called inside another compiled one is
    part of its caller's program, as in MindSpore: its own declaration does not apply there)."""
    return getattr(cell, "__dict__", {}).get("_set_inputs") or None


def dynamic_axes(declared: Sequence[Any]) -> list[list[tuple[int, Any]]]:
    """Per declared input, its dynamic (axis, Symbol-or-None) pairs."""
    from deepsink.common.tensor import Tensor

    out = []
    for want in declared:
        if not isinstance(want, Tensor):
            out.append([])
            continue
        spec = want._data
        symbols = getattr(spec, "symbols", None) or ()
        shape = tuple(spec.shape)
        out.append(
            [
                (a, symbols[a] if a < len(symbols) else None)
                for a, d in enumerate(shape)
                if d == -1 and shape != (-2,)
            ]
        )
    return out


def plan_for(declared: Sequence[Any], arrays: Sequence[Any]) -> Plan | None:
    """The padding of ``arrays`` (a call's input arrays, the first ones those of the declared
    inputs); None when the declaration has no dynamic dimension.

    Dynamic dimensions of equal size in a call are one group (the batch axis of the data and of
    the labels): they are padded together and share one true length. An array the declaration
    does not cover (the labels, when only the network's data is declared) is padded along each
    axis whose size is that of a group."""
    dims = dynamic_axes(declared)
    if not any(dims):
        return None
    sizes: dict[int, int] = {}  # size -> bucket
    for i, pairs in enumerate(dims[: len(arrays)]):
        shape = np.shape(arrays[i])
        for a, symbol in pairs:
            n = int(shape[a])
            sizes[n] = max(sizes.get(n, 0), bucket_size(n, symbol))
    order = list(sizes)
    axes = []
    for i, x in enumerate(arrays):
        shape = np.shape(x)
        if i < len(dims):
            pairs = tuple((a, order.index(int(shape[a]))) for a, _ in dims[i])
        else:
            pairs = tuple((a, order.index(int(n))) for a, n in enumerate(shape) if n in sizes)
        axes.append(pairs)
    return Plan(tuple(sizes[n] for n in order), tuple(axes))


def lengths(plan: Plan, arrays: Sequence[Any]) -> np.ndarray:
    """The true size of each group (int32)."""
    out = np.zeros(len(plan.buckets), np.int32)
    for x, pairs in zip(arrays, plan.axes):
        for a, g in pairs:
            out[g] = np.shape(x)[a]
    return out


def pad(plan: Plan, arrays: Sequence[Any]) -> list:
    """``arrays`` padded with zeros at the end of each planned axis up to its bucket."""
    out = []
    for x, pairs in zip(arrays, plan.axes):
        if not pairs:
            out.append(x)
            continue
        x = np.asarray(x)
        widths = [(0, 0)] * x.ndim
        for a, g in pairs:
            widths[a] = (0, plan.buckets[g] - x.shape[a])
        out.append(np.pad(x, widths) if any(w for _, w in widths) else x)
    return out
