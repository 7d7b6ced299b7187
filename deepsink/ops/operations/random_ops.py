"""MindSpore's random primitives that live in ``mindspore/ops/operations/random_ops.py`` and were
not yet built elsewhere: ``RandomChoiceWithMask`` (the primitive of ``ops.choice_with_mask``)."""

from __future__ import annotations

from typing import Any

from deepsink._core import kernel_host_samplers as KHS
from deepsink._core import validate as V
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import random_func as RND


class RandomChoiceWithMask(TablePrimitive):
    """Picks ``count`` random coordinates of the True entries of a Bool Tensor (the primitive of
    ``ops.choice_with_mask``).

    Args:
        count (int, optional): The coordinates returned, positive. Default: ``256``.
        seed (int, optional): With ``seed2``, seeds the kernel's engine (``GetSeed(seed,
            seed2)``; both 0: system entropy, as in MindSpore). Default: ``0``.
        seed2 (int, optional): Default: ``0``.

    Inputs:
        - **input_x** (Tensor) - Bool, 1-D to 5-D.

    Outputs:
        - **index** (Tensor) - Int32 ``(count, rank)``, zero-padded.
        - **mask** (Tensor) - Bool ``(count,)``, which rows are real.

    Raises:
        TypeError: If ``count``, ``seed`` or ``seed2`` is not an int, or ``input_x`` not Bool.
        ValueError: If ``count`` is not positive or a seed is negative.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[True, False], [False, True]])
        >>> index, mask = ops.RandomChoiceWithMask(count=4, seed=1)(x)
        >>> print(index.shape, int(mask.sum()))
        (4, 2) 2
    """

    _params = (("count", 256), ("seed", 0), ("seed2", 0))

    def _init(self) -> None:
        V.check_positive_int(self.count, "count", self.name)
        V.check_non_negative_int(self.seed, "seed", self.name)
        V.check_non_negative_int(self.seed2, "seed2", self.name)

    def __call__(self, input_x: Any) -> tuple:
        # the instance keeps one kernel per input signature, whose Lehmer engine goes on
        engines = self.__dict__.setdefault("_host_engines", {})
        a = U.array(input_x, self.name, "input_x")
        key = (a.shape, str(a.dtype))
        if key not in engines:
            engines[key] = KHS.lehmer_for(int(self.seed), int(self.seed2))
        return RND.choice_with_mask_launch(a, self.count, engines[key])


__all__ = ["RandomChoiceWithMask"]

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
