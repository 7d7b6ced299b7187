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

from deepsink.common.tensor import Tensor, _shape_args, register_methods, wrap_methods
from deepsink.ops import amp_strategy
from deepsink.ops import function as F
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
    wrap_methods({"transpose": _transposing}, __name__)
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


def _select(self: Tensor, condition: Any, y: Any) -> Tensor:
    """``Tensor.select(condition, y)``: ``self`` where ``condition`` holds, else ``y``
    (``ops.select``)."""
    return F.select(condition, self, y)


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


OWN.update({"scatter_add": _scatter_add, "select": _select, "trace": _trace})

OWN.update(
    {"matmul": _matmul, "std": _spread("std", F.std), "var": _spread("var", F.var), "take": _take}
)
