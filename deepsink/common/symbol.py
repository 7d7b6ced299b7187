"""``Symbol``: the symbolic information of one dimension of a dynamic shape (``mindspore.Symbol``),
on its own so that ``Tensor`` placeholders can take it without importing the graph API."""

from __future__ import annotations

from typing import Any


class Symbol:
    """The symbolic information of one dimension of a dynamic shape: its range, that it is a
    multiple of ``divisor`` plus ``remainder``, and whether it is unique.

    Args:
        max (int, optional): the largest value; ``0`` for no bound. Default: ``0``.
        min (int, optional): the smallest value. Default: ``1``.
        divisor (int, optional): the dimension is ``N * divisor + remainder``. Default: ``1``.
        remainder (int, optional): see ``divisor``. Default: ``0``.
        unique (bool, optional): the dimension equals no other Symbol. Default: ``False``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``min`` is not positive, ``max`` is below ``min``, ``divisor`` is not
            positive or ``remainder`` is not in [0, divisor).

    Examples:
        >>> import deepsink as ms
        >>> s = ms.Symbol(max=64, divisor=8)
        >>> print(s, s.check(32), s.check(30))
        Symbol(max=64, min=1, divisor=8, remainder=0, unique=False) True False
    """

    def __init__(
        self,
        max: int = 0,
        min: int = 1,
        divisor: int = 1,
        remainder: int = 0,
        unique: bool = False,
        **kwargs: Any,
    ) -> None:  # noqa: A002 - MindSpore's names
        for name, value in (
            ("max", max),
            ("min", min),
            ("divisor", divisor),
            ("remainder", remainder),
        ):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(
                    f"For 'Symbol', '{name}' must be int, but got {type(value).__name__}"
                )
        if not isinstance(unique, bool):
            raise TypeError(f"For 'Symbol', 'unique' must be bool, but got {type(unique).__name__}")
        if min <= 0:
            raise ValueError(f"For 'Symbol', 'min' must be positive, but got {min}")
        if max != 0 and max < min:
            raise ValueError(
                f"For 'Symbol', 'max' must be 0 or >= 'min', but got max={max}, min={min}"
            )
        if divisor <= 0:
            raise ValueError(f"For 'Symbol', 'divisor' must be positive, but got {divisor}")
        if not 0 <= remainder < divisor:
            raise ValueError(
                f"For 'Symbol', 'remainder' must be in [0, divisor), but got {remainder}"
            )
        self.max, self.min, self.divisor, self.remainder, self.unique = (
            max,
            min,
            divisor,
            remainder,
            unique,
        )
        self.id = kwargs.get("id")

    def check(self, value: int) -> bool:
        """Whether a concrete dimension ``value`` satisfies this Symbol."""
        in_range = value >= self.min and (self.max == 0 or value <= self.max)
        return in_range and value % self.divisor == self.remainder

    def __repr__(self) -> str:
        return (
            f"Symbol(max={self.max}, min={self.min}, divisor={self.divisor}, "
            f"remainder={self.remainder}, unique={self.unique})"
        )
