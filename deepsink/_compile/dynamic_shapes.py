"""Input shapes of compiled programs: the check of a call's inputs against ``Cell.set_inputs``
(MindSpore's rules and messages) and the count of the programs compiled per input shape, with a
warning that names the shapes once a program owner passes ``RECOMPILE_WARN_AFTER`` of them.

XLA compiles one program per input shape; a dynamic dimension declared with ``set_inputs``
(``None`` or a ``Symbol``) is checked here and bucketed by ``buckets.py``: one program per bucket
(docs/dynamic_shapes.md).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

#: distinct input shapes a program owner (a Cell, a jit function, a sink loop) may compile for
#: before the warning names them
RECOMPILE_WARN_AFTER = 8
_SHOWN = 10  # the shapes the warning lists
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _user_stacklevel() -> int:
    """The ``stacklevel`` of the first caller outside deepsink (the user's line), for a warning
    raised from this module."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    return level


def _dtype_name(dtype: Any) -> str:
    from deepsink.common import dtype as mstype

    return str(mstype.from_np(np.dtype(dtype)))


def check_inputs(declared: Sequence[Any], args: Sequence[Any]) -> None:
    """Check a call's Tensor inputs against the Tensors given to ``set_inputs`` (placeholders
    with -1 or a Symbol for a dynamic dimension): rank, static dimensions, dtype and each
    Symbol's ``min``/``max``/``divisor``/``remainder``, with MindSpore 2.10's messages."""
    from deepsink.common.tensor import Tensor

    if len(declared) != len(args):
        raise ValueError(
            f"For set_inputs, the length of input must be equal to expected one, but got "
            f"expected: {len(declared)} and input: {len(args)}!"
        )
    for i, (want, got) in enumerate(zip(declared, args), 1):
        if not isinstance(want, Tensor) or not isinstance(got, Tensor):
            continue
        spec = want._data
        shape = tuple(int(d) for d in np.shape(got._data))
        wanted = tuple(spec.shape)
        if wanted != (-2,):
            if len(wanted) != len(shape):
                raise ValueError(
                    f"For set_inputs and tuple(list) in set_inputs, the dims of {i}th input must "
                    f"be the same as expected, but got expected: {len(wanted)}, and input: "
                    f"{len(shape)}!"
                )
            for w, g in zip(wanted, shape):
                if w != -1 and w != g:
                    raise ValueError(
                        f"For set_inputs and tuple(list) in set_inputs, the shape of {i}th input "
                        f"must be the same as expected, but got expected: {w}, and input: {g}!"
                    )
        if np.dtype(spec.dtype) != np.dtype(got._data.dtype):
            raise TypeError(
                f"For set_inputs or tuple(list) in set_inputs, the {i}th type should be "
                f"Tensor[{_dtype_name(spec.dtype)}], but got "
                f"Tensor[{_dtype_name(got._data.dtype)}]!"
            )
        for axis, symbol in enumerate(getattr(spec, "symbols", ()) or ()):
            if symbol is not None:
                _check_symbol(symbol, shape, axis, i)


def _check_symbol(symbol: Any, shape: tuple, axis: int, i: int) -> None:
    value = shape[axis]
    where = f"The {axis + 1}th shape value of {i}th actual input args must"
    tail = f"Actual shape: {list(shape)}, axis: {axis}."
    if value < symbol.min:
        raise ValueError(
            f"{where} be greater than or equal to the 'min' value '{symbol.min}' "
            f"of `Symbol`, but got '{value}'. {tail}"
        )
    if symbol.max and value > symbol.max:
        raise ValueError(
            f"{where} be less than or equal to the 'max' value '{symbol.max}' of "
            f"`Symbol`, but got '{value}'. {tail}"
        )
    if value % symbol.divisor != symbol.remainder:
        raise ValueError(
            f"{where} match the 'divisor'(d) and 'remainder'(d) of `Symbol`. The value should be "
            f"'d * N + r' for 'N > 0', got d={symbol.divisor} and r={symbol.remainder}, but "
            f"actual shape value is '{value}'. {tail}"
        )


class ShapeCompiles:
    """The distinct input signatures (shapes and dtypes) one program owner compiled for; past
    ``RECOMPILE_WARN_AFTER`` a warning (once) names them."""

    def __init__(self, owner: str, what: str = "input") -> None:
        self.owner, self.what = owner, what
        self.seen: dict[tuple, None] = {}
        self.warned = False

    @property
    def count(self) -> int:
        return len(self.seen)

    def note(self, arrays: Sequence[Any], declared: bool = False, extra: Any = None) -> bool:
        """Note a call on ``arrays`` (``extra``: more of the program's key, a bucket plan);
        True when their signature is new (a compile)."""
        key = tuple((a.shape, a.dtype) for a in arrays)  # arrays: per call, cheap
        if extra is not None:
            key = (*key, extra)
        if key in self.seen:
            return False
        self.seen[key] = None
        if self.count > RECOMPILE_WARN_AFTER and not self.warned:
            self.warned = True
            warnings.warn(self._message(declared), stacklevel=_user_stacklevel())
        return True

    def _message(self, declared: bool) -> str:
        shapes = [
            ", ".join(str(tuple(k[0])) for k in key if isinstance(k, tuple)) for key in self.seen
        ]
        listed = "; ".join(f"[{s}]" for s in shapes[:_SHOWN])
        more = f"; and {len(shapes) - _SHOWN} more" if len(shapes) > _SHOWN else ""
        why = (
            "set_inputs declares dynamic dimensions: each input is padded to its bucket (the "
            "next power of two, at least 8, or the Symbol's form) and each bucket compiles a "
            "program"
            if declared
            else "each new input shape compiles a new program"
        )
        return (
            f"For '{self.owner}', {self.count} programs were compiled for {self.count} {self.what} "
            f"shapes ({listed}{more}): {why}. Pad the inputs to a few shapes (Dataset.padded_batch, "
            f"bucket_batch_by_length with pad_to_bucket_boundary=True) to compile fewer; see "
            f"docs/dynamic_shapes.md"
        )
