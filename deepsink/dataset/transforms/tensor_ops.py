"""``mindspore.dataset.transforms`` tensor ops: Fill, Mask, PadEnd, Slice, Concatenate,
Duplicate, Unique, and the random compositions RandomApply, RandomChoice, RandomOrder.

Numbers follow MindSpore 2.10's C++ kernels (checked against it): Fill casts the value to the
input's dtype as a C cast does (300 -> 44 in uint8, 2.7 -> 2 in int32); Unique flattens an input
of rank >= 2 and returns (values in order of first occurrence, the index of each element,
counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.dataset.core.validator_helpers import check_value, type_check
from deepsink.dataset.engine.block import stack
from deepsink.dataset.transforms import validators as _validators
from deepsink.dataset.transforms.operation import TensorOperation, as_operation


class Relational(IntEnum):
    """The comparisons Mask applies.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> print(transforms.Relational.EQ.name)
        EQ
    """

    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_COMPARE = {
    Relational.EQ: np.equal,
    Relational.NE: np.not_equal,
    Relational.GT: np.greater,
    Relational.GE: np.greater_equal,
    Relational.LT: np.less,
    Relational.LE: np.less_equal,
}


def _is_text(x: np.ndarray) -> bool:
    return x.dtype.kind in "USO"


def _type_word(x: np.ndarray) -> str:
    """A dtype as MindSpore's messages name it: ``string``, ``bytes`` or the numeric type."""
    return {"U": "string", "S": "bytes", "O": "string"}.get(x.dtype.kind, str(x.dtype))


def _check_pad_kinds(x: np.ndarray, value: Any) -> None:
    """PadEnd's refusals: a number with strings or bytes, strings with bytes."""
    v = np.asarray(value)
    if _is_text(v) != _is_text(x):
        what = "numeric and string"
    elif _is_text(x) and (v.dtype.kind == "S") != (x.dtype.kind == "S"):
        what = "string and byte"
    else:
        return
    raise RuntimeError(
        f"PadEnd: can not pad {what} tensors together, but got: {_type_word(v)} and "
        f"{_type_word(x)}."
    )


def _cast_scalar(value: Any, like: np.ndarray, api: str) -> Any:
    if _is_text(like) != isinstance(value, str | bytes):
        raise RuntimeError(
            f"{api}: fill_value and the input tensor must be of the same data type (both strings "
            f"or both numbers), got the value {value!r} and an input of dtype {like.dtype}"
        )
    if _is_text(like):
        return value
    with np.errstate(over="ignore"):
        return np.array(value).astype(like.dtype)


class Fill(TensorOperation):
    """Every element set to ``fill_value`` (cast to the input's dtype).

    Args:
        fill_value (Union[int, float, bool, str]): the value.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.Fill(7)(x))
        [7 7 7]
    """

    batched = False

    @_validators.check_fill_value
    def __init__(self, fill_value: Any) -> None:
        self.fill_value = fill_value

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        value = _cast_scalar(self.fill_value, x, "Fill")
        if _is_text(x):
            return np.full(x.shape, value)
        return np.full(x.shape, value, x.dtype)


class Mask(TensorOperation):
    """``x <operator> constant`` elementwise, as ``dtype`` (bool by default).

    Args:
        operator (Relational): the comparison, e.g. ``Relational.GT``.
        constant (Union[int, float, str]): the value compared with.
        dtype (mindspore.dtype): the output type. Default: ``mstype.bool_``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.Mask(transforms.Relational.GT, 1)(x))
        [False  True  True]
    """

    batched = False

    def __init__(self, operator: Relational, constant: Any, dtype: Any = mstype.bool_) -> None:
        type_check(operator, (Relational,), "operator")
        type_check(constant, (str, float, bool, int, bytes), "constant")
        self.operator, self.constant, self.dtype = operator, constant, dtype
        self._np = (
            np.dtype(mstype.to_np(dtype)) if isinstance(dtype, mstype.Type) else np.dtype(dtype)
        )

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if self._np.kind in "USO":
            raise RuntimeError(
                "Mask: Only supports bool or numeric datatype for generated mask type, but "
                f"got:{_type_word(np.empty(0, self._np))}"
            )
        if _is_text(x) != isinstance(self.constant, str | bytes):
            raise RuntimeError(
                "Mask: input datatype does not match the value datatype, both should be numeric "
                f"or non-numerical in the same time (input {_type_word(x)}, value "
                f"{self.constant!r})."
            )
        # a number is compared in the input's type (3.5 is 3 for integers), as MindSpore casts it
        constant = self.constant if _is_text(x) else _cast_scalar(self.constant, x, "Mask")
        return _COMPARE[self.operator](x, constant).astype(self._np)


class PadEnd(TensorOperation):
    """Pad (or cut) each axis at its end to ``pad_shape`` with ``pad_value`` (0 or '').

    Args:
        pad_shape (Sequence[int]): the output shape (an axis may be cut).
        pad_value (Union[int, float, str], optional): the fill. Default: ``None`` (0 or '').

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.PadEnd([5], pad_value=-1)(x))
        [ 1  2  3 -1 -1]
    """

    ragged_batch = True

    @_validators.check_pad_end
    def __init__(self, pad_shape: Sequence[int], pad_value: Any = None) -> None:
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if len(self.pad_shape) != x.ndim:
            raise RuntimeError(
                f"PadEnd: invalid pad shape, as rank of input is: {x.ndim}, and rank of pad "
                f"value: {len(self.pad_shape)}"
            )
        shape = [s if d is None else d for s, d in zip(x.shape, self.pad_shape)]
        value = self.pad_value
        if value is None:
            value = {"S": b"", "U": ""}.get(x.dtype.kind, 0)
        _check_pad_kinds(x, value)
        if _is_text(x):
            out = np.full(shape, value, dtype=np.result_type(x.dtype, np.array(value).dtype))
        else:
            out = np.full(shape, _cast_scalar(value, x, "PadEnd"), x.dtype)
        region = tuple(slice(0, min(a, b)) for a, b in zip(x.shape, shape))
        out[region] = x[region]
        return out

    def apply_batch(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        """A block of rows (stacked or ragged): 1-D numeric rows of one dtype are copied into
        one padded array; others are padded row by row."""
        rows = [np.asarray(r) for r in xs[0]]
        dtypes = {r.dtype for r in rows}
        if (
            len(xs) != 1
            or not rows
            or len(dtypes) != 1
            or len(self.pad_shape) != 1
            or self.pad_shape[0] is None
            or any(r.ndim != 1 for r in rows)
            or _is_text(rows[0])
        ):
            return stack([self.apply(*r) for r in zip(*xs)])
        width = self.pad_shape[0]
        value = 0 if self.pad_value is None else self.pad_value
        out = np.full((len(rows), width), _cast_scalar(value, rows[0], "PadEnd"), rows[0].dtype)
        for i, r in enumerate(rows):
            n = min(r.shape[0], width)
            out[i, :n] = r[:n]
        return out


def _slice_index(s: Any) -> Any:
    if s is None or s is Ellipsis or s is True:  # True: the whole axis, as MindSpore
        return slice(None)
    if isinstance(s, bool):
        raise TypeError(
            f"Slice: a slice option must be an int, a list of ints, a slice, None or Ellipsis, got {s!r}"
        )
    if isinstance(s, int | slice):
        return [s] if isinstance(s, int) else s
    if isinstance(s, list):
        for i, v in enumerate(s):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(
                    f"Argument slice_option[{i}] with value {v!r} is not of type [<class 'int'>], "
                    f"but got {type(v)}."
                )
        return s
    raise TypeError(
        f"Slice: a slice option must be an int, a list of ints, a slice, None or Ellipsis, got {s!r}"
    )


class Slice(TensorOperation):
    """Index each axis with an int, a list of ints, a ``slice``, None or Ellipsis (whole axis);
    an int keeps its axis (length 1), as MindSpore does.

    Args:
        slices (Union[int, list[int], slice, None, Ellipsis]): one index per axis.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.Slice(slice(0, 2))(x))
        [1 2]
    """

    batched = False

    def __init__(self, *slices: Any) -> None:
        if not slices:
            raise ValueError("Slice: at least one slice option is needed.")
        self.slices = [_slice_index(s) for s in slices]

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if len(self.slices) > x.ndim:
            raise RuntimeError(
                f"Slice: {len(self.slices)} slice options for an input of rank {x.ndim}"
            )
        out = x
        for axis, s in enumerate(self.slices):
            if isinstance(s, slice):
                out = np.take(out, range(*s.indices(out.shape[axis])), axis=axis)
                continue
            if not s:
                raise RuntimeError("Slice: Both indices and slices can not be empty.")
            bad = [i for i in s if not -out.shape[axis] <= i < out.shape[axis]]
            if bad:
                raise RuntimeError(f"Slice: Index {bad[0]} is out of bounds.")
            out = np.take(out, s, axis=axis)
        return out


class Concatenate(TensorOperation):
    """``prepend``, the 1-D inputs (one or several columns, of one dtype) and ``append`` joined
    along ``axis`` (0 or -1).

    Args:
        axis (int): 0 or -1 (the inputs are 1-D). Default: ``0``.
        prepend (numpy.ndarray, optional): joined before. Default: ``None``.
        append (numpy.ndarray, optional): joined after. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> op = transforms.Concatenate(0, prepend=np.array([0]), append=np.array([9]))
        >>> print(op(x))
        [0 1 2 3 9]
        >>> print(transforms.Concatenate()(x, np.array([4, 5])))
        [1 2 3 4 5]
    """

    batched = False

    @_validators.check_concat_type
    def __init__(
        self, axis: int = 0, prepend: np.ndarray | None = None, append: np.ndarray | None = None
    ) -> None:
        self.axis, self.prepend, self.append = axis, prepend, append

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        if not xs:
            raise RuntimeError(
                "Concatenate: Input Tensor is not valid, it takes at least one input"
            )
        xs = tuple(np.asarray(x) for x in xs)
        for x in xs:
            if x.ndim != 1:
                raise RuntimeError(
                    f"Concatenate: only 1D input supported, got rank of input: {x.ndim}"
                )
            if _is_text(x) != _is_text(xs[0]) or (not _is_text(x) and x.dtype != xs[0].dtype):
                raise RuntimeError(
                    f"Concatenate: inconsistent datatype of input, got {[str(y.dtype) for y in xs]}"
                )
        x = xs[0]
        for name, p in (("prepend", self.prepend), ("append", self.append)):
            if p is not None and (
                _is_text(p) != _is_text(x) or (not _is_text(x) and p.dtype != x.dtype)
            ):
                raise RuntimeError(
                    f"Concatenate: input datatype does not match the {name} datatype, got input "
                    f"datatype: {x.dtype}, {name} datatype:{p.dtype}"
                )
        parts = [p for p in (self.prepend, *xs, self.append) if p is not None]
        return np.concatenate(parts, axis=0)


class Duplicate(TensorOperation):
    """One column in, two equal columns out.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> a, b = transforms.Duplicate()(x)
        >>> print(a, b)
        [1 2 3] [1 2 3]
    """

    batched = False

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> tuple:
        if len(xs) != 1:
            raise RuntimeError(
                "Duplicate: only supports transform one column each time, got column num: "
                f"{len(xs)}, check 'input_columns' when call this operator."
            )
        x = np.asarray(xs[0])
        return x, x.copy()


class Unique(TensorOperation):
    """(unique values in order of first occurrence, index of each element, counts).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> values, idx, counts = transforms.Unique()(np.array([[3, 1], [3, 2]]))  # flattened first
        >>> print(values, idx, counts)
        [3 1 2] [0 1 0 2] [2 1 1]
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> tuple:
        x = np.asarray(x)
        if x.ndim < 2:
            raise RuntimeError(
                f"Unique: input must be at least 2-D in order to do unique op, got rank:{x.ndim}"
            )
        flat = x.ravel()
        values, first, inverse, counts = np.unique(
            flat, return_index=True, return_inverse=True, return_counts=True
        )
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return values[order], rank[inverse].astype(np.int32), counts[order].astype(np.int32)


class Plugin(TensorOperation):
    """MindSpore's C++ plugin loader (a shared library built against MindSpore's plugin API);
    deepsink has no such ABI, so constructing one raises NotImplementedError.

    Args:
        lib_path (str): the shared library.
        func_name (str): the function in it.
        user_args (str, optional): its arguments. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> try:
        ...     transforms.Plugin('libplugin.so', 'f')
        ... except NotImplementedError:
        ...     print('not supported')
        not supported
    """

    def __init__(self, lib_path: str, func_name: str, user_args: str | None = None) -> None:
        raise NotImplementedError(
            "Plugin: C++ plugins built against MindSpore's plugin API cannot be loaded by "
            f"deepsink ({lib_path!r}, {func_name!r}); wrap the function in a Python callable "
            "and pass it to map instead"
        )


# -- random compositions -------------------------------------------------------------------------
def _transform_list(transforms: Any, api: str) -> list[TensorOperation]:
    type_check(transforms, (list,), "transforms")
    if not transforms:
        raise ValueError(f"{api}: transforms list is empty.")
    for i, t in enumerate(transforms):
        _validators.check_transform_op_type(i, t)
        if not callable(t):
            raise TypeError(f"transforms[{i}] is not callable: {t!r}")
    return [as_operation(t) for t in transforms]


def _sub_uniforms(op: TensorOperation, rng: np.random.Generator) -> np.ndarray | None:
    return rng.random(op.random_draws) if op.random_draws else None


def _run(ops: Sequence[TensorOperation], xs: tuple, rng: np.random.Generator) -> Any:
    out: Any = xs
    for op in ops:
        out = op.apply_one(*(out if isinstance(out, tuple) else (out,)), u=_sub_uniforms(op, rng))
    return out


class _RandomCompose(TensorOperation):
    batched = False
    random_draws = 1

    def __init__(self, transforms: list) -> None:
        self.transforms = _transform_list(transforms, type(self).__name__)

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        return self._choose(xs, np.random.default_rng(int(float(u[0]) * 2**53)))

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.apply_one(*xs, u=u)


class RandomApply(_RandomCompose):
    """With probability ``prob``, all of ``transforms`` in order; else the input unchanged.

    Args:
        transforms (list): the transforms.
        prob (float): the probability of applying them, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> op = transforms.RandomApply([transforms.Fill(0)], prob=1.0)
        >>> print(op(x))
        [0 0 0]
    """

    def __init__(self, transforms: list, prob: float = 0.5) -> None:
        super().__init__(transforms)
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.prob = float(prob)

    def _choose(self, xs: tuple, rng: np.random.Generator) -> Any:
        if rng.random() >= self.prob:
            return xs if len(xs) > 1 else xs[0]
        return _run(self.transforms, xs, rng)


class RandomChoice(_RandomCompose):
    """One of ``transforms``, chosen uniformly.

    Args:
        transforms (list): the candidates.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> op = transforms.RandomChoice([transforms.Fill(0), transforms.Fill(1)])
        >>> print(op(x).shape)
        (3,)
    """

    def _choose(self, xs: tuple, rng: np.random.Generator) -> Any:
        op = self.transforms[int(rng.integers(len(self.transforms)))]
        return _run([op], xs, rng)


class RandomOrder(_RandomCompose):
    """All of ``transforms``, in a random order.

    Args:
        transforms (list): the transforms.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> op = transforms.RandomOrder([transforms.Fill(5), transforms.TypeCast(np.float32)])
        >>> print(op(x))
        [5. 5. 5.]
    """

    python_only = True

    def _choose(self, xs: tuple, rng: np.random.Generator) -> Any:
        return _run([self.transforms[k] for k in rng.permutation(len(self.transforms))], xs, rng)


_validators.register_op_types(Slice=Slice, Relational=Relational)  # for their checks
