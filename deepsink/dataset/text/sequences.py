"""Transforms of token sequences: Ngram, SlidingWindow, Truncate, TruncateSequencePair and
AddToken (MindSpore 2.10's kernels, their ranks and messages)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import (
    check_pos_int32,
    check_positive,
    type_check,
)
from deepsink.dataset.text.base import TextOperation, as_text, pipeline_error


class Ngram(TextOperation):
    """The n-grams of a 1-D string array, for each n of ``n`` in turn, each joined with
    ``separator``; no n-gram gives one empty string.

    Args:
        n (Union[int, list[int]]): the n-gram sizes.
        left_pad (tuple[str, int], optional): a pad token and how many of it go before the
            sequence. Default: ``("", 0)``.
        right_pad (tuple[str, int], optional): the same after the sequence. Default: ``("", 0)``.
        separator (str, optional): the joining string. Default: ``" "``.

    Raises:
        ValueError: ``n`` is not a non-empty list of positive ints, or a pad is not
            ``(str, int >= 0)``.
        TypeError: ``separator`` is not a str.
        RuntimeError: the input is not a 1-D string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.Ngram([2])(["a", "b", "c"]))
        ['a b' 'b c']
    """

    def __init__(
        self,
        n: Any,
        left_pad: tuple = ("", 0),
        right_pad: tuple = ("", 0),
        separator: str = " ",
    ) -> None:
        if isinstance(n, int):
            n = [n]
        if not (isinstance(n, list) and n != []):
            raise ValueError("n needs to be a non-empty list of positive integers.")
        for i, gram in enumerate(n):
            type_check(gram, (int,), f"gram[{i}]")
            check_positive(gram, f"gram_{i}")
        for pad, name in ((left_pad, "left_pad"), (right_pad, "right_pad")):
            if not (
                isinstance(pad, tuple)
                and len(pad) == 2
                and isinstance(pad[0], str)
                and isinstance(pad[1], int)
            ):
                raise ValueError(
                    f"{name} needs to be a tuple of (str, int) str is pad token and int is "
                    "pad_width."
                )
        if not (left_pad[1] >= 0 and right_pad[1] >= 0):
            raise ValueError("padding width need to be positive numbers.")
        type_check(separator, (str,), "separator")
        self.n, self.left_pad, self.right_pad, self.separator = n, left_pad, right_pad, separator

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.ndim != 1 or x.dtype.kind != "U":
            raise pipeline_error("Ngram: input is not a 1D data with string datatype.")
        out = []
        for n in self.n:
            # each n-gram size pads at most n - 1 on a side; too short an input gives one ""
            left = [self.left_pad[0]] * min(self.left_pad[1], n - 1)
            words = left + x.tolist() + [self.right_pad[0]] * min(self.right_pad[1], n - 1)
            if len(words) < n:
                out.append("")
            else:
                grams = range(len(words) - n + 1)
                out.extend(self.separator.join(words[i : i + n]) for i in grams)
        return np.array(out or [""])


class SlidingWindow(TextOperation):
    """The windows of ``width`` consecutive elements of a 1-D array, one per row; a shorter
    array gives an empty one.

    Args:
        width (int): the window's width (positive).
        axis (int, optional): the axis the window slides along. Default: ``0``.

    Raises:
        TypeError: ``width`` or ``axis`` is not an int.
        ValueError: ``width`` is not positive.
        RuntimeError: the input is not 1-D.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.SlidingWindow(2)([1, 2, 3]))
        [[1 2]
         [2 3]]
    """

    def __init__(self, width: int, axis: int = 0) -> None:
        check_pos_int32(width, "width")
        type_check(axis, (int,), "axis")
        self.width, self.axis = width, axis

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.ndim != 1:
            raise pipeline_error(
                f"SlidingWindow: SlidingWindow supports 1D input only for now, but got {x.ndim}D."
            )
        if self.axis not in (0, -1):  # MindSpore's kernel slides along the only axis
            raise pipeline_error(
                f"SlidingWindow: The parameter axis supports 0 or -1 only for now, but got "
                f"{self.axis}."
            )
        if x.shape[0] < self.width:
            return np.zeros((0,), x.dtype)
        return np.lib.stride_tricks.sliding_window_view(x, self.width).copy()


class Truncate(TextOperation):
    """Keep the first ``max_seq_len`` elements along the last axis of a 1-D or 2-D array.

    Args:
        max_seq_len (int): the length kept (positive).

    Raises:
        TypeError: ``max_seq_len`` is not an int.
        ValueError: ``max_seq_len`` is not positive.
        RuntimeError: the input is not 1-D or 2-D.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.Truncate(2)(["a", "b", "c"]))
        ['a' 'b']
    """

    def __init__(self, max_seq_len: int) -> None:
        check_pos_int32(max_seq_len, "max_seq_len")
        self.max_seq_len = max_seq_len

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.ndim not in (1, 2):
            raise pipeline_error("Truncate: the input tensor should be of dimension 1 or 2.")
        if x.dtype.kind == "S":
            raise pipeline_error(
                "Truncate: Truncate: the input tensor should be in type of [bool, int, float, "
                "double, string]."
            )
        return x[..., : self.max_seq_len].copy()


class TruncateSequencePair(TextOperation):
    """Cut two 1-D sequences until their total length is at most ``max_length``, one element
    at a time from the end of the longer (the second on a tie).

    Args:
        max_length (int): the total length kept.

    Raises:
        TypeError: ``max_length`` is not an int.
        RuntimeError: the inputs are not two 1-D arrays.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> a, b = text.TruncateSequencePair(4)([1, 2, 3], [4, 5, 6, 7])
        >>> print(a, b)
        [1 2] [4 5]
    """

    def __init__(self, max_length: int) -> None:
        type_check(max_length, (int,), "max_length")
        check_pos_int32(max_length, "max_length")
        self.max_length = max_length

    def lengths(self, n1: int, n2: int) -> tuple[int, int]:
        """The lengths kept of sequences of ``n1`` and ``n2`` elements."""
        excess = n1 + n2 - self.max_length
        if excess <= 0:
            return n1, n2
        cut2 = min(excess, max(0, n2 - n1))  # the longer second shrinks to the first's length
        cut1 = min(excess - cut2, max(0, n1 - n2))
        rest = excess - cut1 - cut2  # then both in turn, the second first
        return n1 - cut1 - rest // 2, n2 - cut2 - (rest + 1) // 2

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> tuple:
        if len(xs) != 2:
            raise pipeline_error("TruncateSequencePair: Expected two inputs.")
        a, b = (as_text(x) for x in xs)
        if a.ndim != 1 or b.ndim != 1:
            raise pipeline_error("TruncateSequencePair: both data column should be of rank 1.")
        n1, n2 = self.lengths(a.shape[0], b.shape[0])
        return a[:n1].copy(), b[:n2].copy()


class AddToken(TextOperation):
    """Add ``token`` at the beginning or the end of a 1-D string array (of each row of a 2-D
    one).

    Args:
        token (str): the token.
        begin (bool, optional): add it at the beginning, else at the end. Default: ``True``.

    Raises:
        TypeError: ``token`` is not a str or ``begin`` not a bool.
        RuntimeError: the input is not a 1-D or 2-D string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.AddToken("[CLS]")(["a", "b"]))
        ['[CLS]' 'a' 'b']
    """

    def __init__(self, token: str, begin: bool = True) -> None:
        type_check(token, (str,), "token")
        type_check(begin, (bool,), "begin")
        self.token, self.begin = token, begin

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.ndim not in (1, 2):
            raise pipeline_error("AddToken: input tensor rank should be 1 or 2.")
        if x.dtype.kind != "U":
            raise pipeline_error("AddToken: input tensor type should be string.")
        pad = np.full((*x.shape[:-1], 1), self.token)
        return np.concatenate([pad, x] if self.begin else [x, pad], axis=-1)
