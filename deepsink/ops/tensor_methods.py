"""The Tensor methods that are ops (``x.sin()``, ``x.clamp(0, 1)``, ``x.cumsum(0)``, ...).

``deepsink.common`` is the lower layer and never imports ``deepsink.ops``; so the ops package,
when it is imported, binds these methods onto ``Tensor`` (``bind()``, called once from
``deepsink/ops/__init__.py``). Each method is MindSpore's ``Tensor.<name>``: ``ops.<name>(self,
...)``. Methods ``Tensor`` defines itself are left alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, _shape_args, register_methods, wrap_methods
from deepsink.ops import amp_strategy
from deepsink.ops import function as F
from deepsink.ops import operations as P
from deepsink.ops.function import (
    array_ext_func,
    image_func,
    inplace_func,
    linalg_func,
    math_alias_func,
    math_func,
    qr_func,
    scatter_func,
    tensor_only_func,
)
from deepsink.ops.function.array_ext_func import take_along

# Tensor method name -> ops function name (None: the same name)
DELEGATED = {
    "absolute": "abs", "acos": None, "arccos": "acos", "asin": None, "arcsin": "asin", "atan": None,
    "arctan": "atan", "ceil": None, "cos": None, "cosh": None, "erf": None, "erfc": None,
    "expm1": None, "floor": None, "log1p": None, "log2": None, "neg": None, "negative": "neg",
    "reciprocal": None, "round": None, "rsqrt": None, "sigmoid": None, "sign": None, "sin": None,
    "sinh": None, "square": None, "tan": None, "tanh": None, "trunc": None, "isnan": None,
    "isinf": None, "isfinite": None, "logical_not": None, "add": None, "sub": None,
    "subtract": "sub", "mul": None, "multiply": "mul", "div": None, "divide": "div",
    "true_divide": None, "floor_divide": None, "remainder": None, "pow": None, "maximum": None,
    "minimum": None, "eq": None, "ne": None, "gt": None, "ge": None, "lt": None, "le": None,
    "equal": None, "not_equal": None, "greater": None, "greater_equal": None, "less": None,
    "less_equal": None, "logical_and": None, "logical_or": None, "logical_xor": None,
    "bitwise_and": None, "bitwise_or": None, "bitwise_xor": None, "atan2": None,
    "arctan2": "atan2", "outer": None, "dot": None, "mm": None, "bmm": None, "amax": None,
    "amin": None, "argsort": None, "broadcast_to": None, "chunk": None, "clamp": None,
    "cumprod": None, "flip": None, "gather": None, "gather_elements": None,
    "index_select": None, "logsumexp": None, "masked_fill": None, "narrow": None, "sort": None,
    "split": None, "topk": None, "unbind": None, "softmax": None, "log_softmax": None,
    "isclose": None, "numel": None, "nelement": "numel", "is_floating_point": None,
    "acosh": None, "arccosh": None, "asinh": None, "arcsinh": None, "atanh": None,
    "arctanh": None, "deg2rad": None, "rad2deg": None, "lgamma": None, "digamma": None,
    "erfinv": None, "sinc": None, "frac": None, "signbit": None, "logit": None, "log10": None,
    "exp2": None, "i0": None, "sgn": None, "inv": None, "invert": None, "real": None,
    "imag": None, "conj": None, "angle": None, "hypot": None, "copysign": None,
    "logaddexp": None, "logaddexp2": None, "fmax": None, "fmin": None, "fmod": None,
    "heaviside": None, "xlogy": None, "xdivy": None, "nextafter": None, "float_power": None,
    "gcd": None, "lcm": None, "bitwise_left_shift": None, "bitwise_right_shift": None,
    "ldexp": None, "lerp": None, "approximate_equal": None, "tril": None, "triu": None,
    "rot90": None, "fliplr": None, "flipud": None, "tensor_split": None, "hsplit": None,
    "vsplit": None, "dsplit": None, "diag": None, "diagflat": None, "diagonal": None,
    "trace": None, "repeat_interleave": None, "gather_nd": None, "nonzero": None,
    "argwhere": None, "masked_select": None, "nansum": None, "nanmean": None,
    "count_nonzero": None, "cummax": None, "cummin": None, "logcumsumexp": None,
    "median": None, "aminmax": None, "diff": None, "det": None, "slogdet": None,
    "inverse": None, "matrix_power": None, "kron": None, "inner": None, "mv": None,
    "cross": None, "unique": None, "positive": None, "isneginf": None, "isposinf": None,
    "isreal": None,
}  # fmt: skip


def _delegate(name: str, fn: Callable) -> Callable:
    def method(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        return fn(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"MindSpore's ``Tensor.{name}``: ``ops.{fn.__name__}(self, ...)``."
    return method


def _cumsum(self: Tensor, axis: Any = None, dtype: Any = None) -> Tensor:
    """``Tensor.cumsum(axis=None, dtype=None)``: over the flattened tensor when ``axis`` is None."""
    return F.cumsum(
        self if axis is not None else self.reshape(-1), 0 if axis is None else axis, dtype
    )


def _squeeze(self: Tensor, axis: Any = None) -> Tensor:
    """Removes axes of size 1 (``ops.squeeze``: an axis in ``axis`` of another size is kept).

    Args:
        axis (Union[int, tuple[int]], optional): the axes to remove; None removes all of size 1.
            Default: ``None``.

    Returns:
        Tensor, the squeezed values.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> print(ms.Tensor(np.ones((1, 3, 1), np.float32)).squeeze().shape)
        (3,)
    """
    return F.squeeze(self, axis)


def _permute(self: Tensor, *axis: Any) -> Tensor:
    return F.permute(self, _shape_args(axis))


def _tile(self: Tensor, *dims: Any, **kwargs: Any) -> Tensor:
    """``Tensor.tile(dims)``; 2.10 also takes the keyword ``dims`` or its older name ``reps``."""
    for name in ("dims", "reps"):
        if name in kwargs:
            if dims:
                raise TypeError(f"tile() got multiple values for argument '{name}'")
            dims = (kwargs.pop(name),)
    if kwargs:
        raise TypeError(f"tile() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return F.tile(self, _shape_args(dims))


def _expand(self: Tensor, *size: Any) -> Tensor:
    """``Tensor.expand(size)``: broadcast to ``size`` (-1 keeps an axis)."""
    return F.broadcast_to(self, _shape_args(size))


def _where(self: Tensor, condition: Any, y: Any) -> Tensor:
    return F.where(condition, self, y)


def _gather(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """MindSpore 2.10's two ``Tensor.gather``: ``gather(dim, index)`` (``ops.gather_elements``) when
    called with ``dim``/``index`` or an int then a Tensor, else ``gather(input_indices, axis,
    batch_dims=0)`` (``ops.gather``)."""
    if (
        "dim" in kwargs
        or "index" in kwargs
        or (len(args) >= 2 and isinstance(args[0], int) and isinstance(args[1], Tensor))
    ):
        return _call(F.gather_elements, "gather", ("dim", "index"), self, args, kwargs)
    return F.gather(self, *args, **kwargs)


def _scatter(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``Tensor.scatter(dim, index, src, reduce=None)`` (``src`` a Tensor or a number; the older
    keyword ``axis=`` for ``dim``): ``src`` written at ``index`` along ``dim``
    (``ops.tensor_scatter_elements``)."""
    if "axis" in kwargs:
        kwargs = dict(kwargs)
        kwargs["dim"] = kwargs.pop("axis")
    dim, index, src, reduce = _call(
        lambda dim, index, src, reduce=None: (dim, index, src, reduce),
        "scatter",
        ("dim", "index", "src", "reduce"),
        None,
        args,
        kwargs,
        with_self=False,
    )
    if reduce not in (None, "add"):
        raise ValueError(
            f"For 'Tensor.scatter', 'reduce' must be None or 'add', but got {reduce!r}"
        )
    if isinstance(src, int | float | bool):
        src = F.fill(self.dtype, tuple(index.shape), src)
    return F.tensor_scatter_elements(self, index, src, dim, reduce or "none")


def _index_add(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """MindSpore 2.10's two ``Tensor.index_add``: ``index_add(dim, index, source, *, alpha=1)``
    (an int first, or ``dim``/``source``/``alpha`` named), else the older ``index_add(indices, y,
    axis, use_lock=True, check_index_bound=True)``; both are ``ops.index_add``."""
    if {"dim", "index", "source", "alpha"} & kwargs.keys() or (args and isinstance(args[0], int)):
        alpha = kwargs.pop("alpha", 1)
        if isinstance(alpha, bool) or not isinstance(alpha, int | float):
            raise TypeError(
                f"For 'Tensor.index_add', 'alpha' must be an int or float, but got {alpha!r}"
            )
        dim, index, source = _call(
            lambda dim, index, source: (dim, index, source),
            "index_add",
            ("dim", "index", "source"),
            None,
            args,
            kwargs,
            with_self=False,
        )
        return F.index_add(self, index, source * alpha if alpha != 1 else source, dim)
    return F.index_add(self, *args, **kwargs)


def _call(fn, name, params, self, args, kwargs, with_self=True):  # noqa: ANN001, ANN202
    """``fn`` called with ``args``/``kwargs`` bound to ``params`` by position or name, with
    MindSpore's TypeError for a missing or unexpected argument."""
    bound = dict(zip(params, args, strict=False))
    for key, value in kwargs.items():
        if key not in params or key in bound:
            raise TypeError(f"For 'Tensor.{name}', got an unexpected argument {key!r}")
        bound[key] = value
    if len(args) > len(params):
        raise TypeError(f"For 'Tensor.{name}', takes at most {len(params)} arguments")
    try:
        return fn(self, **bound) if with_self else fn(**bound)
    except TypeError as e:
        if "missing" in str(e):
            raise TypeError(f"For 'Tensor.{name}', {e}") from None
        raise


OWN = {
    "gather": _gather, "scatter": _scatter, "index_add": _index_add,
    "cumsum": _cumsum, "squeeze": _squeeze, "permute": _permute, "tile": _tile,
    "expand": _expand, "where": _where,
    "expand_as": lambda self, other: _expand(self, other.shape),
}  # fmt: skip


def bind(methods: dict[str, Callable] | None = None) -> None:
    """Set the op methods on ``Tensor`` (those it does not define itself); ``methods`` adds more
    (name -> function taking the tensor first)."""
    table = {name: _delegate(name, getattr(F, fn or name)) for name, fn in DELEGATED.items()}
    table.update(OWN)
    for name, fn in (methods or {}).items():
        table[name] = _delegate(name, fn)
    register_methods(table, __name__)
    wrap_methods(
        {name: functools.partial(_renaming, aliases=al) for name, al in KEYWORD_ALIASES.items()},
        __name__,
    )
    wrap_methods({"transpose": _transposing, "view": _viewing, "to": _converting}, __name__)
    wrap_methods({name: _amp_ruled(prim) for name, prim in AMP_RULED.items()}, __name__)


# 2.10's Tensor methods take both overloads' keyword names (``x.index_select(dim=1, index=i)`` and
# the older ``axis=1``): method -> {other name: the name deepsink's method takes}
KEYWORD_ALIASES = {
    "index_select": {"dim": "axis"},
    "argsort": {"dim": "axis"},
    "chunk": {"dim": "axis"},
    "sort": {"dim": "axis"},
    "cumsum": {"dim": "axis"},
    "remainder": {"divisor": "other"},
    "expand_as": {"x": "other"},
    "unbind": {"dim": "axis"},
    "unsqueeze": {"dim": "axis"},
    "swapaxes": {"axis0": "a", "axis1": "b"},
    "diagonal": {"axis1": "dim1", "axis2": "dim2"},
    "heaviside": {"values": "other"},
    "multiply": {"value": "other"},
    "approximate_equal": {"other": "y"},
    "isclose": {"x2": "other"},
    "split": {"split_size": "split_size_or_sections", "dim": "axis"},
    "median": {"dim": "axis", "keepdim": "keepdims"},
    "repeat_interleave": {"dim": "axis"},
    "sub": {"y": "other"},
    "norm": {"dim": "axis", "keepdim": "keepdims"},
}


def _renaming(method: Callable, aliases: dict[str, str]) -> Callable:
    def renamed(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        for alias, name in aliases.items():
            if alias in kwargs:
                if name in kwargs:
                    raise TypeError(
                        f"{method.__name__}() got multiple values for argument '{name}'"
                    )
                kwargs[name] = kwargs.pop(alias)
        return method(self, *args, **kwargs)

    renamed.__name__ = renamed.__qualname__ = method.__name__
    renamed.__doc__ = method.__doc__
    return renamed


def _amp_ruled(prim: str) -> Callable[[Callable], Callable]:
    return lambda method: amp_strategy.ruled_function(prim, method)


# Tensor methods that run a primitive of the ``auto`` mixed precision lists (``amp_strategy``)
AMP_RULED = {
    "__matmul__": "MatMulExt", "__rmatmul__": "MatMulExt", "matmul": "MatMulExt",
    "__pow__": "Pow", "__rpow__": "Pow", "pow": "Pow", "exp": "Exp", "expm1": "Expm1",
    "log": "Log", "log1p": "Log1p", "log2": "Log2", "log10": "Log10", "rsqrt": "Rsqrt",
    "reciprocal": "Reciprocal", "sinh": "Sinh", "cosh": "Cosh", "tan": "Tan", "asin": "Asin",
    "arcsin": "Asin", "acos": "ACos", "arccos": "ACos", "erfinv": "Erfinv", "sum": "SumExt",
    "prod": "ProdExt", "cumsum": "CumsumExt", "cumprod": "CumProd", "softmax": "Softmax",
    "log_softmax": "LogSoftmax", "mm": "MatMul", "bmm": "BatchMatMulExt", "addcmul": "Addcmul",
    "addcdiv": "Addcdiv",
}  # fmt: skip


# the Tensor methods of the ops in ``deepsink.ops.function``'s breadth modules whose MindSpore
# signature is the op's with the tensor first
DELEGATED.update(
    {
        name: None
        for name in (
            "addcdiv",
            "addcmul",
            "addmm",
            "addmv",
            "addbmm",
            "baddbmm",
            "adjoint",
            "type_as",
            "view_as",
            "index_fill",
            "bincount",
            "cov",
            "histc",
            "logdet",
            "nanmedian",
            "quantile",
            "nanquantile",
            "msort",
            "renorm",
            "hardshrink",
            "arccos",
            "arcsin",
            "arctan",
            "arctan2",
            "cholesky",
            "cholesky_inverse",
            "cholesky_solve",
            "igamma",
            "igammac",
            "lu_solve",
            "mvlgamma",
            "reverse",
            "reverse_sequence",
            "select_scatter",
            "slice_scatter",
            "diagonal_scatter",
            "top_k",
            "inplace_update",
            "random_categorical",
            "multinomial",
            "svd",
            "ger",
            "is_complex",
            "unique_consecutive",
            "fills",
        )
    }
)


# ``Tensor.scatter_sub/mul/div/max/min(indices, updates)`` are MindSpore's ``tensor_scatter_*``
# (indices of the leading axes, a new Tensor), not the in-place ``ops.scatter_*`` on Parameters
for _op in ("sub", "mul", "div", "max", "min"):
    DELEGATED[f"scatter_{_op}"] = f"tensor_scatter_{_op}"


# MindSpore 2.10's Tensor methods of linear-algebra, folding and segment ops (the tensor first)
DELEGATED.update(
    {
        name: None
        for name in (
            "eigvals",
            "fold",
            "log_matrix_determinant",
            "lstsq",
            "matrix_determinant",
            "soft_shrink",
            "unfold",
            "unsorted_segment_max",
            "unsorted_segment_min",
            "unsorted_segment_prod",
        )
    }
)


def _addr(self: Tensor, vec1: Any, vec2: Any, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``Tensor.addr``: MindSpore's method takes ``beta``/``alpha`` positionally too."""
    return F.addr(self, vec1, vec2, beta=beta, alpha=alpha)


def _qr(self: Tensor, some: bool = True) -> tuple[Tensor, Tensor]:
    """``Tensor.qr(some)``: ``some=True`` is ``ops.qr``'s ``mode='reduced'``, False ``'complete'``."""
    if not isinstance(some, bool):
        raise TypeError(f"For 'Tensor.qr', 'some' must be a bool, but got {type(some).__name__}")
    return F.qr(self, "reduced" if some else "complete")


OWN.update({"addr": _addr, "qr": _qr})


def _matmul(self: Tensor, tensor2: Any) -> Tensor:
    """``Tensor.matmul(tensor2)``: ``ops.matmul(self, tensor2)``."""
    return F.matmul(self, tensor2)


def _spread(name: str, fn: Callable) -> Callable:
    """2.10's two ``Tensor.std``/``Tensor.var``: ``(axis=None, ddof=0, keepdims=False)``, or, when
    ``dim``, ``correction`` or ``keepdim`` is named, ``(dim=None, *, correction=1,
    keepdim=False)``; both are ``ops.<name>`` (``correction`` is the ``ddof``). An omitted
    ``correction`` is 0, as 2.10 computes it (``x.std(dim=1)`` is ``x.std(1)``; its docs say 1)."""

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        if not {"dim", "correction", "keepdim"} & kwargs.keys():
            return fn(self, *args, **kwargs)
        if len(args) > 1:
            raise TypeError(f"For 'Tensor.{name}', 'correction' and 'keepdim' are keyword-only")
        dim, correction, keepdim = _call(
            lambda dim=None, correction=0, keepdim=False: (dim, correction, keepdim),
            name,
            ("dim", "correction", "keepdim"),
            None,
            args,
            kwargs,
            with_self=False,
        )
        return fn(self, dim, correction, keepdim)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = _spread.__doc__.replace("std``/``Tensor.var", name).replace("<name>", name)
    return method


def _take(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """2.10's two ``Tensor.take``: ``take(index)`` (``ops.take``, the flattened tensor) when
    ``index`` is named, else ``take(indices, axis=None, mode='clip')``."""
    if "index" in kwargs:
        return _call(F.take, "take", ("index",), self, args, kwargs)
    return _call(take_along, "take", ("indices", "axis", "mode"), self, args, kwargs)


def _alpha_scaled(name: str, fn: Callable) -> Callable:
    """``Tensor.add``/``sub``/``subtract(other, *, alpha=1)``: ``ops.<op>(self, alpha * other)``."""

    def method(self: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
        if isinstance(alpha, bool) or not isinstance(alpha, int | float):
            raise TypeError(
                f"For 'Tensor.{name}', 'alpha' must be an int or float, but got {alpha!r}"
            )
        return fn(self, other if alpha == 1 else F.mul(other, alpha))

    method.__name__ = method.__qualname__ = name
    method.__doc__ = _alpha_scaled.__doc__.replace("<op>", fn.__name__)
    return method


OWN.update(
    {
        "add": _alpha_scaled("add", F.add),
        "sub": _alpha_scaled("sub", F.sub),
        "subtract": _alpha_scaled("subtract", F.sub),
    }
)


def _scatter_add(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """MindSpore 2.10's two ``Tensor.scatter_add``: ``scatter_add(dim, index, src)``
    (``ops.tensor_scatter_elements`` adding ``src`` at ``index`` along ``dim``) when called with
    three arguments or ``dim``/``index``/``src`` named, else ``scatter_add(indices, updates)``
    (``ops.tensor_scatter_add``: ``updates`` added at ``indices`` of the leading axes)."""
    if {"dim", "index", "src"} & kwargs.keys() or len(args) == 3:
        dim, index, src = _call(
            lambda dim, index, src: (dim, index, src),
            "scatter_add",
            ("dim", "index", "src"),
            None,
            args,
            kwargs,
            with_self=False,
        )
        return F.tensor_scatter_elements(self, index, src, dim, "add")
    return _call(F.tensor_scatter_add, "scatter_add", ("indices", "updates"), self, args, kwargs)


def _trace(
    self: Tensor, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None
) -> Tensor:
    """``Tensor.trace(offset=0, axis1=0, axis2=1, dtype=None)``: the sum of the diagonal
    ``offset`` of the axes ``axis1`` and ``axis2`` (``ops.trace`` for a matrix's main one, else
    ``ops.diagonal`` summed by ``ops.sum``)."""
    if (offset, axis1, axis2, dtype) == (0, 0, 1, None):
        return F.trace(self)
    return F.sum(F.diagonal(self, offset, axis1, axis2), -1, dtype=dtype)


def _transposing(method: Callable) -> Callable:
    """``Tensor.transpose``'s second overload ``transpose(dim0, dim1)`` (two axes swapped,
    ``Tensor.swapaxes``) beside ``transpose(*axes)``."""

    def transpose(self: Tensor, *axes: Any, **kwargs: Any) -> Tensor:
        if not kwargs:
            return method(self, *axes)
        dim0, dim1 = _call(
            lambda dim0, dim1: (dim0, dim1),
            "transpose",
            ("dim0", "dim1"),
            None,
            axes,
            kwargs,
            with_self=False,
        )
        return self.swapaxes(dim0, dim1)

    transpose.__doc__ = method.__doc__
    return transpose


OWN.update({"scatter_add": _scatter_add, "trace": _trace})

OWN.update(
    {"matmul": _matmul, "std": _spread("std", F.std), "var": _spread("var", F.var), "take": _take}
)


def _bool_arg(name: str, arg: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(
            f"For 'Tensor.{name}', '{arg}' must be a bool, but got {type(value).__name__}"
        )


def _with_value(name: str, fn: Callable) -> Callable:
    """``Tensor.argmax_with_value``/``argmin_with_value(axis=0, keep_dims=False)``: the
    ``(values, Int64 indices)`` of ``ops.max``/``ops.min`` along ``axis``."""

    def method(self: Tensor, axis: Any = 0, keep_dims: bool = False) -> tuple[Tensor, Tensor]:
        _bool_arg(name, "keep_dims", keep_dims)
        return fn(self, axis, keep_dims)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = _with_value.__doc__
    return method


def _cauchy(self: Tensor, median: float = 0.0, sigma: float = 1.0) -> Tensor:
    """``Tensor.cauchy(median=0.0, sigma=1.0)``: a new Tensor of the tensor's shape and dtype
    drawn from Cauchy(``median``, ``sigma``) (the ``Cauchy`` primitive)."""
    return P.Cauchy(list(self.shape), median, sigma)().astype(self.dtype)


def _log_normal(self: Tensor, mean: float = 1.0, std: float = 2.0) -> Tensor:
    """``Tensor.log_normal(mean=1.0, std=2.0)``: a new Tensor of ``exp(Normal(mean, std))``
    samples of the tensor's shape (the ``LogNormalReverse`` primitive)."""
    return P.LogNormalReverse(mean, std)(self)


def _fill_diagonal(self: Tensor, fill_value: Any, wrap: bool = False) -> Tensor:
    """``Tensor.fill_diagonal(fill_value, wrap=False)``: the main diagonal set to
    ``fill_value`` (the ``FillDiagonal`` primitive; ``wrap`` restarts it below a square block
    of a tall matrix)."""
    _bool_arg("fill_diagonal", "wrap", wrap)
    return P.FillDiagonal(float(fill_value), wrap)(self)


def _index_put(self: Tensor, indices: Any, values: Any, accumulate: bool = False) -> Tensor:
    """``Tensor.index_put(indices, values, accumulate=False)``: ``values`` written (added) at
    the positions the index Tensors ``indices`` name (the ``IndexPut`` primitive)."""
    _bool_arg("index_put", "accumulate", accumulate)
    if not isinstance(indices, tuple | list):
        raise TypeError(
            "For 'Tensor.index_put', 'indices' must be a tuple or list of Tensors, but got "
            f"{type(indices).__name__}"
        )
    for i in indices:
        if not isinstance(i, Tensor) or i.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(
                "For 'Tensor.index_put', 'indices' must hold Int32 or Int64 Tensors, but got "
                f"{getattr(i, 'dtype', type(i).__name__)}"
            )
    if len({i.dtype for i in indices}) > 1:
        raise TypeError("For 'Tensor.index_put', the Tensors of 'indices' must have one dtype")
    return P.IndexPut(int(accumulate))(self, values, list(indices))


def _masked_scatter(self: Tensor, mask: Any, source: Any) -> Tensor:
    """``Tensor.masked_scatter(mask, source)``: the positions where ``mask`` holds take the
    values of ``source`` in order (the ``MaskedScatter`` primitive)."""
    for v, arg in ((mask, "mask"), (source, "source")):
        if not isinstance(v, Tensor):
            raise TypeError(
                f"For 'Tensor.masked_scatter', '{arg}' must be a Tensor, but got {type(v).__name__}"
            )
    if mask.ndim > self.ndim:
        raise TypeError(
            f"For 'Tensor.masked_scatter', 'mask' (rank {mask.ndim}) must not have more axes "
            f"than the tensor (rank {self.ndim})"
        )
    if any(m not in (1, n) for m, n in zip(reversed(mask.shape), reversed(self.shape))):
        raise ValueError(
            f"For 'Tensor.masked_scatter', 'mask' of shape {list(mask.shape)} cannot be "
            f"broadcast to the tensor's shape {list(self.shape)}"
        )
    return P.MaskedScatter()(self, mask, source)


def _type(self: Tensor, dtype: Any = None) -> Any:
    """``Tensor.type(dtype=None)``: the dtype's name (``'Float32'``) when ``dtype`` is None,
    else the tensor cast to ``dtype`` (``ops.cast``)."""
    return str(self.dtype) if dtype is None else self.astype(dtype)


def _index(self: Tensor, indices: Any) -> Tensor:
    """``Tensor.index(indices)``: the elements the index Tensors ``indices`` (one per leading
    axis, broadcast together) select, as ``x[indices[0], indices[1], ...]``."""
    if not isinstance(indices, tuple | list) or not all(isinstance(i, Tensor) for i in indices):
        raise TypeError(
            f"For 'Tensor.index', 'indices' must be a tuple or list of Tensors, but got {indices!r}"
        )
    return self[tuple(indices)]


def _move_to(self: Tensor, to: str, blocking: bool = True) -> Tensor:
    """``Tensor.move_to(to, blocking=True)``: a copy on ``to`` (``ops.move_to``)."""
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    return inplace_func.move_to(self, to, blocking)


def _new_empty(self: Tensor, size: Any, *, dtype: Any = None, device: Any = None) -> Tensor:
    return tensor_only_func.new_empty(self, size, dtype=dtype, device=device)


_new_empty.__doc__ = tensor_only_func.new_empty.__doc__


def _sum_to_size(self: Tensor, *size: Any) -> Tensor:
    return tensor_only_func.sum_to_size(self, *size)


_sum_to_size.__doc__ = tensor_only_func.sum_to_size.__doc__


OWN.update(
    {
        "allclose": tensor_only_func.allclose,
        "argmax_with_value": _with_value("argmax_with_value", F.max),
        "argmin_with_value": _with_value("argmin_with_value", F.min),
        "bernoulli": tensor_only_func.bernoulli,
        "bitwise_not": math_func._bitwise_not,
        "cauchy": _cauchy,
        "col2im": image_func.col2im,
        "fill_diagonal": _fill_diagonal,
        "geqrf": qr_func.geqrf,
        "index": _index,
        "index_put": _index_put,
        "kthvalue": tensor_only_func.kthvalue,
        "log_normal": _log_normal,
        "masked_scatter": _masked_scatter,
        "new_empty": _new_empty,
        "orgqr": qr_func.orgqr,
        "ormqr": qr_func.ormqr,
        "ptp": tensor_only_func.ptp,
        "sum_to_size": _sum_to_size,
        "triangular_solve": tensor_only_func.triangular_solve,
        "type": _type,
        "uniform": tensor_only_func.uniform,
        "unique_with_pad": math_alias_func.unique_with_pad,
        "value": lambda self: self,
        "move_to": _move_to,
    }
)


def _in_place(name: str, fn: Callable) -> Callable:
    """MindSpore's in-place Tensor method ``name``: the out-of-place ``fn(self, ...)`` written
    into the tensor (its dtype kept), which is returned."""

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return inplace_func.write_result(self, fn(self, *args, **kwargs))

    method.__name__ = method.__qualname__ = name
    method.__doc__ = (
        f"MindSpore's in-place ``Tensor.{name}``: ``{getattr(fn, '__name__', name)}`` of the "
        "tensor written into it; returns the tensor."
    )
    return method


def _addmm(self: Tensor, mat1: Any, mat2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    return linalg_func.addmm(self, mat1, mat2, beta=beta, alpha=alpha)


def _index_add_dim(self: Tensor, dim: int, index: Any, source: Any, *, alpha: Any = 1) -> Tensor:
    return _index_add(self, dim, index, source, alpha=alpha)


def _index_fill(self: Tensor, dim: int, index: Any, value: Any) -> Tensor:
    return array_ext_func.index_fill(self, dim, index, value)


def _scatter_(self: Tensor, dim: int, index: Any, src: Any = None, **kwargs: Any) -> Tensor:
    """``Tensor.scatter_``'s four overloads: ``(dim, index, src)``, ``(dim, index, src, *,
    reduce)``, ``(dim, index, value)``, ``(dim, index, value, *, reduce)``; ``reduce`` is
    ``'add'`` or ``'multiply'``."""
    if "value" in kwargs:
        if src is not None:
            raise TypeError("For 'Tensor.scatter_', got both 'src' and 'value'")
        src = kwargs.pop("value")
    reduce = kwargs.pop("reduce", None)
    if kwargs:
        raise TypeError(f"For 'Tensor.scatter_', got an unexpected argument {next(iter(kwargs))!r}")
    if src is None:
        raise TypeError("For 'Tensor.scatter_', missing the argument 'src' (or 'value')")
    if reduce is None:
        return scatter_func.scatter_elements(self, dim, index, src)
    return scatter_func.scatter_elements(self, dim, index, src, reduce)


def _scatter_add_dim(self: Tensor, dim: int, index: Any, src: Any) -> Tensor:
    return F.tensor_scatter_elements(self, index, src, dim, "add")


def _to(self: Tensor, device: Any = None, non_blocking: bool = False) -> Tensor:
    """``Tensor.to_(device=None, non_blocking=False)``: the tensor moved to ``device``
    (``'CPU'``, or ``'Ascend'`` for the accelerator deepsink runs on; ``ops.move_to``)."""
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    if device not in ("Ascend", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'CPU'], but got {device}")
    return inplace_func.move_to(self, device, not non_blocking)


IN_PLACE = {
    "addmm_": _addmm, "exp_": F.exp, "floor_": F.floor, "log_": F.log, "sign_": F.sign,
    "floor_divide_": F.floor_divide, "remainder_": F.remainder,
    "fill_diagonal_": _fill_diagonal, "index_add_": _index_add_dim,
    "index_copy_": tensor_only_func.index_copy, "index_fill_": _index_fill,
    "index_put_": _index_put, "masked_fill_": F.masked_fill, "masked_scatter_": _masked_scatter,
    "scatter_": _scatter_, "scatter_add_": _scatter_add_dim, "to_": _to,
}  # fmt: skip
OWN.update({name: _in_place(name, fn) for name, fn in IN_PLACE.items()})


def _sort_args(name: str, args: tuple, kwargs: dict) -> tuple:
    """``(dim, descending)`` of 2.10's ``sort``/``argsort`` overloads ``(dim=-1,
    descending=False, stable=False)`` and ``(axis=-1, descending=False)``; ``axis`` and
    ``stable`` do not mix, as in 2.10."""
    kwargs = dict(kwargs)
    if "axis" in kwargs and ("dim" in kwargs or "stable" in kwargs):
        raise TypeError(
            f"Failed calling {name} with {sorted(kwargs)}. The valid calling should be: "
            f'"Tensor.{name}(dim=<int>, descending=<bool>, stable=<bool>)" or '
            f'"Tensor.{name}(axis=<int>, descending=<bool>)"'
        )
    if "axis" in kwargs:
        kwargs["dim"] = kwargs.pop("axis")
    dim, descending, stable = _call(
        lambda dim=-1, descending=False, stable=False: (dim, descending, stable),
        name,
        ("dim", "descending", "stable"),
        None,
        args,
        kwargs,
        with_self=False,
    )
    _bool_arg(name, "descending", descending)
    _bool_arg(name, "stable", stable)
    return dim, descending


def _sort(self: Tensor, *args: Any, **kwargs: Any) -> tuple[Tensor, Tensor]:
    """``Tensor.sort(dim=-1, descending=False, stable=False)`` or ``sort(axis=-1,
    descending=False)``: ``ops.sort`` (a stable sort, so ``stable=True`` holds either way)."""
    return F.sort(self, *_sort_args("sort", args, kwargs))


def _argsort(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``Tensor.argsort(dim=-1, descending=False, stable=False)`` or ``argsort(axis=-1,
    descending=False)``: ``ops.argsort`` (a stable sort)."""
    return F.argsort(self, *_sort_args("argsort", args, kwargs))


def _named(name: str, params: dict, args: tuple, kwargs: dict) -> dict:
    """``args``/``kwargs`` bound to one overload's ``params`` (name -> default; ``_REQUIRED``
    for none), with MindSpore's TypeError for a missing or unexpected argument."""
    if len(args) > len(params):
        raise TypeError(f"For 'Tensor.{name}', takes at most {len(params)} arguments")
    bound = dict(zip(params, args, strict=False))
    for key, value in kwargs.items():
        if key not in params or key in bound:
            raise TypeError(f"For 'Tensor.{name}', got an unexpected argument {key!r}")
        bound[key] = value
    for key, default in params.items():
        if key not in bound:
            if default is _REQUIRED:
                raise TypeError(f"For 'Tensor.{name}', missing the argument {key!r}")
            bound[key] = default
    return bound


_REQUIRED = object()


def _select(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """2.10's two ``Tensor.select``: ``select(dim, index)`` (the slice ``index`` of axis
    ``dim``, that axis removed) when ``dim``/``index`` are named or the first argument is an
    int, else ``select(condition, y)`` (``self`` where ``condition`` holds, else ``y``;
    ``ops.select``)."""
    if {"dim", "index"} & kwargs.keys() or (args and isinstance(args[0], int)):
        a = _named("select", {"dim": _REQUIRED, "index": _REQUIRED}, args, kwargs)
        return tensor_only_func.select_index(self, a["dim"], a["index"])
    a = _named("select", {"condition": _REQUIRED, "y": _REQUIRED}, args, kwargs)
    return F.select(a["condition"], self, a["y"])


def _viewing(method: Callable) -> Callable:
    """``Tensor.view``'s second overload ``view(dtype)`` (the bytes read as ``dtype``,
    ``tensor_only_func.view_dtype``) beside ``view(*shape)``."""

    def view(self: Tensor, *shape: Any, **kwargs: Any) -> Tensor:
        if "dtype" in kwargs or (len(shape) == 1 and isinstance(shape[0], mstype.Type)):
            (dtype,) = _call(
                lambda dtype: (dtype,), "view", ("dtype",), None, shape, kwargs, with_self=False
            )
            return tensor_only_func.view_dtype(self, dtype)
        return method(self, *shape, **kwargs)

    view.__doc__ = method.__doc__
    return view


def _converting(method: Callable) -> Callable:
    """2.10's three ``Tensor.to``: ``to(dtype=None, non_blocking=False, copy=False)``,
    ``to(device=None, dtype=None, non_blocking=False, copy=False)`` (``'CPU'``/``'cpu'``, or
    ``'Ascend'``/``'npu'`` for the accelerator deepsink runs on) and ``to(other,
    non_blocking=False, copy=False)`` (``other``'s dtype)."""

    def to(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        flags = {"non_blocking": False, "copy": False}
        if args and isinstance(args[0], Tensor):
            a = _named("to", {"other": _REQUIRED, **flags}, args, kwargs)
            a["dtype"] = a["other"].dtype
        elif "device" in kwargs or (args and isinstance(args[0], str)):
            a = _named("to", {"device": None, "dtype": None, **flags}, args, kwargs)
        else:
            a = _named("to", {"dtype": None, **flags}, args, kwargs)
        device, dtype, non_blocking, copy = (
            a.get("device"),
            a["dtype"],
            a["non_blocking"],
            a["copy"],
        )
        _bool_arg("to", "non_blocking", non_blocking)
        _bool_arg("to", "copy", copy)
        out = self if dtype is None else method(self, dtype)
        if device is not None:
            if device not in ("CPU", "cpu", "Ascend", "npu"):
                raise ValueError(
                    f"For 'Tensor.to', 'device' must be 'CPU', 'cpu', 'Ascend' or 'npu', "
                    f"but got {device!r}"
                )
            out = inplace_func.move_to(out, "CPU" if device in ("CPU", "cpu") else "Ascend")
        return out if out is not self else inplace_func.deepcopy(self)

    to.__doc__ = _TO_DOC
    return to


_TO_DOC = """The tensor cast to a dtype and/or moved to a device (a new Tensor). MindSpore 2.10's three
    forms: ``to(dtype=None, non_blocking=False, copy=False)``, ``to(device=None, dtype=None,
    non_blocking=False, copy=False)`` and ``to(other, non_blocking=False, copy=False)``.

    Args:
        device (str, optional): ``'CPU'``/``'cpu'``, or ``'Ascend'``/``'npu'`` for the
            accelerator deepsink runs on. Default ``None``: where the tensor is.
        dtype (mindspore.dtype, optional): The dtype. Default ``None``: the tensor's.
        other (Tensor): A Tensor whose dtype is taken.
        non_blocking (bool, optional): Copy asynchronously. Default ``False``.
        copy (bool, optional): MindSpore's flag; a new Tensor is returned either way.
            Default ``False``.

    Returns:
        Tensor, the converted values.

    Raises:
        TypeError: If ``non_blocking`` or ``copy`` is not a bool.
        ValueError: If ``device`` is not a device name.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> x = ms.Tensor(np.array([1.5, -2.0], np.float32))
        >>> print(x.to(ms.int32), x.to("CPU", ms.float16).dtype)
        [ 1 -2] Float16
        >>> print(x.to(ms.Tensor(np.array([1], np.int64))).dtype)
        Int64
    """


def _diag(self: Tensor, diagonal: int = 0) -> Tensor:
    """``Tensor.diag(diagonal=0)``: ``ops.diag``; 2.10's method takes only the main
    diagonal."""
    if diagonal != 0:
        raise ValueError(
            f"For 'Tensor.diag', the argument 'diagonal' should be '0', but got {diagonal}."
        )
    return F.diag(self)


def _ormqr(
    self: Tensor, input2: Any, input3: Any, left: bool = True, transpose: bool = False
) -> Tensor:
    """``Tensor.ormqr(input2, input3, left=True, transpose=False)``: ``ops.ormqr`` with
    ``input2`` the Householder scalars and ``input3`` the matrix multiplied."""
    return qr_func.ormqr(self, input2, input3, left, transpose)


def _div(self: Tensor, other: Any, *, rounding_mode: Any = None) -> Tensor:
    return F.div(self, other, rounding_mode=rounding_mode)


def _repeat(self: Tensor, *repeats: Any, **kwargs: Any) -> Tensor:
    """``Tensor.repeat(*repeats)`` or ``repeat(repeats)``: the tensor tiled ``repeats[i]`` times
    along axis ``i`` (``ops.tile``); ``repeats`` has at least the tensor's rank of entries
    (more add leading axes), none negative."""
    if "repeats" in kwargs:
        if repeats:
            raise TypeError("repeat() got multiple values for argument 'repeats'")
        repeats = (kwargs.pop("repeats"),)
    if kwargs:
        raise TypeError(f"repeat() got an unexpected keyword argument '{next(iter(kwargs))}'")
    reps = tuple(_shape_args(repeats))
    if not all(isinstance(r, int) and not isinstance(r, bool) for r in reps):
        raise TypeError(f"For 'Tensor.repeat', 'repeats' must be ints, but got {reps}")
    if len(reps) < self.ndim:
        raise RuntimeError(
            f"For 'Tensor.repeat', the number of 'repeats' ({len(reps)}) must not be less than "
            f"the tensor's rank ({self.ndim})"
        )
    if any(r < 0 for r in reps):
        raise RuntimeError(f"For 'Tensor.repeat', 'repeats' must not be negative, but got {reps}")
    return F.tile(self, reps)


for _name in ("sort", "argsort", "unique", "select", "diag", "ormqr"):
    DELEGATED.pop(_name, None)
    KEYWORD_ALIASES.pop(_name, None)
OWN.update(
    {
        "sort": _sort,
        "argsort": _argsort,
        "unique": tensor_only_func.unique,
        "select": _select,
        "diag": _diag,
        "ormqr": _ormqr,
        "repeat": _repeat,
        "div_": _in_place("div_", _div),
    }
)
