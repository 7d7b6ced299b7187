"""``mindspore.mint``: MindSpore's PyTorch-style functional API.

mint names the computations ``mindspore.ops`` already has, with PyTorch's argument names
(``dim``/``keepdim`` where ops says ``axis``/``keep_dims``). So most names here are either the
ops function itself (same signature) or a thin adapter that renames arguments and calls it:
the table below shows the mapping. Computations ops does not have live in this package
(``deepsink.mint.nn.functional`` for the neural-network ones, ``deepsink.mint.linalg``, the
random functions below) and are the only implementation. The names of ``mint.nn``,
``mint.nn.functional``, ``mint.optim`` and ``mint.distributed`` are also reachable from here,
as MindSpore's documentation lists them under ``mindspore.mint``.
"""

from __future__ import annotations

import builtins
from collections import namedtuple
from typing import Any

import jax
import numpy as np

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor

# The names MindSpore's mint documentation lists from its submodules, reachable from mint too
# (imported first: the definitions below take precedence, e.g. ``mint.gather`` is the tensor op).
from deepsink.mint import distributed, linalg, nn, optim, special  # noqa: E402
from deepsink.mint.distributed import *  # noqa: E402, F403
from deepsink.mint.linalg import inv, matrix_norm, qr, vector_norm  # noqa: E402
from deepsink.mint.nn import *  # noqa: E402, F403
from deepsink.mint.nn.functional import *  # noqa: E402, F403
from deepsink.mint.optim import SGD, Adam, AdamW, FusedAdamW  # noqa: E402
from deepsink.ops import _utils as U
from deepsink.ops.function import array_ext_func as _array_ext_func
from deepsink.ops.function import layout_func as _layout_func
from deepsink.ops.function import linalg_func as _linalg_func
from deepsink.ops.function import math_func as _math_func
from deepsink.ops.function import tensor_only_func as _tensor_only_func
from deepsink.ops.function.array_func import topk_core as _topk_core
from deepsink.ops.function.inplace_func import _key

_ = (
    distributed,
    linalg,
    nn,
    optim,
    special,
    inv,
    matrix_norm,
    qr,
    vector_norm,
    SGD,
    Adam,
    AdamW,
    FusedAdamW,
)


# --- the ops functions mint exports unchanged (same signature, same meaning) -----------------
abs = ops.abs  # noqa: A001
acos = ops.acos
acosh = ops.acosh
arccos = ops.acos
arccosh = ops.acosh
arcsinh = ops.asinh
arctan = ops.atan
arctan2 = ops.atan2
arctanh = ops.atanh
asin = ops.asin
asinh = ops.asinh
atan = ops.atan
atan2 = ops.atan2
atanh = ops.atanh
bitwise_and = ops.bitwise_and
bitwise_or = ops.bitwise_or
bitwise_xor = ops.bitwise_xor
broadcast_to = ops.broadcast_to
ceil = ops.ceil
cos = ops.cos
cosh = ops.cosh
cross = ops.cross
cumprod = ops.cumprod
div = ops.div
divide = ops.div
dstack = ops.dstack
einsum = ops.einsum
eq = ops.equal
erf = ops.erf
erfc = ops.erfc
erfinv = ops.erfinv
exp = ops.exp
exp2 = ops.exp2
expm1 = ops.expm1
flip = ops.flip
floor = ops.floor
floor_divide = ops.floor_divide
fmod = ops.fmod
full = ops.full
full_like = ops.full_like
gcd = ops.gcd
greater = ops.greater
greater_equal = ops.greater_equal
gt = ops.gt
hstack = ops.hstack
imag = ops.imag
inverse = ops.inverse
isclose = ops.isclose
isfinite = ops.isfinite
isinf = ops.isinf
isneginf = ops.isneginf
le = ops.le
lerp = ops.lerp
less = ops.less
less_equal = ops.less_equal
log = ops.log
log10 = ops.log10
log1p = ops.log1p
log2 = ops.log2
logaddexp = ops.logaddexp
logaddexp2 = ops.logaddexp2
logical_and = ops.logical_and
logical_not = ops.logical_not
logical_or = ops.logical_or
logical_xor = ops.logical_xor
lt = ops.lt
masked_select = ops.masked_select
matmul = ops.matmul
maximum = ops.maximum
minimum = ops.minimum
mm = ops.mm
mul = ops.mul
nan_to_num = ops.nan_to_num
ne = ops.ne
neg = ops.neg
negative = ops.neg
nonzero = ops.nonzero
not_equal = ops.not_equal
ones_like = ops.ones_like
outer = ops.outer
pow = ops.pow  # noqa: A001
ravel = ops.ravel
real = ops.real
reciprocal = ops.reciprocal
remainder = ops.remainder
roll = ops.roll
round = ops.round  # noqa: A001
rsqrt = ops.rsqrt
sigmoid = ops.sigmoid
sign = ops.sign
sin = ops.sin
sinc = ops.sinc
sinh = ops.sinh
sqrt = ops.sqrt
square = ops.square
swapaxes = ops.swapaxes
t = ops.t
tan = ops.tan
tanh = ops.tanh
tile = ops.tile
trace = ops.trace
tril = ops.tril
triu = ops.triu
unsqueeze = ops.unsqueeze
xlogy = ops.xlogy
zeros_like = ops.zeros_like
arange = ops.arange
eye = ops.eye
argmax = ops.argmax


npu_gelu = gelu  # noqa: F405 - mint.nn.functional.gelu under its Ascend-kernel name


# --- ops under PyTorch's argument names -------------------------------------------------------
def add(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    """``input + alpha * other`` (``ops.add``; ``alpha`` scales ``other`` first)."""
    return ops.add(input, other if alpha == 1 else ops.mul(other, alpha))


def sub(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    """``input - alpha * other`` (``ops.sub``; ``alpha`` scales ``other`` first)."""
    return ops.sub(input, other if alpha == 1 else ops.mul(other, alpha))


def arcsin(x: Any) -> Tensor:
    """Element-wise arcsine (``ops.asin``; 2.10 names the argument ``x``)."""
    return ops.asin(x)


def bmm(input: Any, mat2: Any) -> Tensor:
    """Batched matrix product (``ops.bmm``)."""
    return ops.bmm(input, mat2)


def frac(input: Any) -> Tensor:
    """The fractional part, sign kept (``ops.frac``)."""
    return ops.frac(input)


def isnan(tensor: Any) -> Tensor:
    """Where ``tensor`` is NaN (``ops.isnan``; 2.10 names the argument ``tensor``)."""
    return ops.isnan(tensor)


def float_power(input: Any, exponent: Any) -> Tensor:
    """``input ** exponent`` in double precision (``ops.float_power``)."""
    return ops.float_power(input, exponent)


def softmax(input: Any, dim: int, *, dtype: Any = None) -> Tensor:
    """Softmax along ``dim`` (``ops.softmax``); unlike ``mint.nn.functional.softmax``, ``dim`` is
    required."""
    return ops.softmax(input, dim, dtype=dtype)


def where(condition: Any, input: Any = None, other: Any = None) -> Any:
    """``input`` where ``condition``, else ``other`` (``ops.where``); ``where(condition)`` alone
    is ``nonzero(condition, as_tuple=True)``."""
    if input is None and other is None:
        return ops.nonzero(condition, as_tuple=True)
    if input is None or other is None:
        U.fail(
            "where",
            "'input' and 'other' must both be given or both be None, but got "
            f"input={input!r}, other={other!r}",
            TypeError,
        )
    return ops.where(condition, input, other)


def all(input: Any, dim: Any = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    """Whether all elements over ``dim`` are true (``ops.all``)."""
    return ops.all(input, dim, keepdim)


def any(input: Any, dim: Any = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    """Whether any element over ``dim`` is true (``ops.any``)."""
    return ops.any(input, dim, keepdim)


def amax(input: Any, dim: Any = (), keepdim: bool = False) -> Tensor:
    """The maximum over ``dim`` (all dims for ``()``) (``ops.amax``)."""
    return ops.amax(input, None if dim == () else dim, keepdim)


def amin(input: Any, dim: Any = (), keepdim: bool = False) -> Tensor:
    """The minimum over ``dim`` (all dims for ``()``) (``ops.amin``)."""
    return ops.amin(input, None if dim == () else dim, keepdim)


def argmin(input: Any, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """The index of the minimum over ``dim`` (Int64, as ``mint``)."""
    r = ops.argmin(input, dim, keepdim)
    return Tensor._from(r._data.astype(np.int64))


def argsort(input: Any, dim: int = -1, descending: bool = False, stable: bool = False) -> Tensor:
    """Indices that sort ``input`` along ``dim`` (``ops.argsort``, Int64; ties keep their
    order, so always stable)."""
    return ops.cast(ops.argsort(input, dim, descending), mstype.int64)


def cat(tensors: Any, dim: int = 0) -> Tensor:
    """The tensors joined along ``dim`` (``ops.cat``)."""
    return ops.cat(tensors, dim)


concat = cat


def chunk(input: Any, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """``input`` split into ``chunks`` pieces along ``dim`` (``ops.chunk``)."""
    return ops.chunk(input, chunks, dim)


clamp = ops.clamp


def count_nonzero(input: Any, dim: Any = None) -> Tensor:
    """The number of non-zero elements over ``dim`` (Int64)."""
    a = U.array(input, "count_nonzero")
    ax = None if dim is None else U.axes(dim, a.ndim, "count_nonzero", "dim")
    return ops.count_nonzero(a, ax, dtype=np.int64)


_ValuesIndices = {}


def _vi(name: str):
    if name not in _ValuesIndices:
        _ValuesIndices[name] = namedtuple(name, ["values", "indices"])
    return _ValuesIndices[name]


def cummax(input: Any, dim: int) -> Any:
    """Running maximum along ``dim`` and its indices (``ops.cummax``)."""
    v, i = ops.cummax(input, dim)
    return _vi("cummax")(v, Tensor._from(i._data.astype(np.int64)))


def cummin(input: Any, dim: int) -> Any:
    """Running minimum along ``dim`` and its indices (``ops.cummin``)."""
    v, i = ops.cummin(input, dim)
    return _vi("cummin")(v, Tensor._from(i._data.astype(np.int64)))


def cumsum(input: Any, dim: int, dtype: Any = None) -> Tensor:
    """Running sum along ``dim`` (``ops.cumsum``)."""
    return ops.cumsum(input, dim, dtype)


def diag(input: Any, diagonal: int = 0) -> Tensor:
    """The ``diagonal``-th diagonal of a matrix, or a matrix with a vector on it."""
    return _layout_func._diag(input, diagonal, "diag", "input")


def diff(input: Any, n: int = 1, dim: int = -1, prepend: Any = None, append: Any = None):
    """The ``n``-th forward difference along ``dim`` (``ops.diff``)."""
    return ops.diff(input, n, dim, prepend, append)


gather = ops.gather_elements


def index_select(input: Any, dim: int, index: Any) -> Tensor:
    """Slices of ``input`` at ``index`` along ``dim`` (``ops.index_select``)."""
    return ops.index_select(input, dim, index)


def logsumexp(input: Any, dim: Any, keepdim: bool = False) -> Tensor:
    """``log(sum(exp(input)))`` over ``dim`` (``ops.logsumexp``)."""
    return ops.logsumexp(input, dim, keepdim)


def _max_min(name: str, reduce: Any, pairwise: Any):
    def f(input: Any, dim: Any = None, keepdim: bool = False, *, out: Any = None) -> Any:
        if out is not None:
            U.fail(name, "'out' is not supported", TypeError)
        if isinstance(dim, Tensor):  # mint.max(input, other)
            return pairwise(input, dim)
        if dim is None:
            if keepdim:
                U.fail(name, "'keepdim' needs 'dim'", TypeError)
            return reduce(input)[0]
        a = U.array(input, name)
        return _vi(name)(*reduce(input, U.axis(dim, a.ndim, name, "dim"), keepdim))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (
        f"``mint.{name}(input)``: the {name}imum; ``(input, dim, keepdim)``: values and "
        f"indices along ``dim``; ``(input, other)``: the elementwise {name}imum."
    )
    return f


max = _max_min("max", ops.max, ops.maximum)  # noqa: A001
min = _max_min("min", ops.min, ops.minimum)  # noqa: A001


def mean(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """The mean over ``dim`` (``ops.mean``)."""
    if dtype is not None:
        input = ops.cast(input, dtype)
    return ops.mean(input, dim, keepdim)


def median(input: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    """The (lower) median of all elements, or values and indices along ``dim``."""
    if dim is None:
        return ops.median(ops.reshape(input, (-1,)), 0)[0]
    v, i = ops.median(input, dim, keepdim)
    return _vi("median")(v, Tensor._from(i._data.astype(np.int64)))


def meshgrid(*tensors: Any, indexing: str | None = None) -> tuple[Tensor, ...]:
    """Coordinate grids (``indexing`` 'ij' by default, as PyTorch)."""
    if len(tensors) == 1 and isinstance(tensors[0], list | tuple):
        tensors = tuple(tensors[0])
    return ops.meshgrid(*tensors, indexing=indexing or "ij")


def mv(input: Any, vec: Any) -> Tensor:
    """The matrix-vector product (``ops.mv``)."""
    return ops.mv(input, vec)


def narrow(input: Any, dim: int, start: int, length: int) -> Tensor:
    """``length`` elements of ``input`` from ``start`` along ``dim`` (``ops.narrow``)."""
    return ops.narrow(input, dim, start, length)


def nansum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """The sum over ``dim`` treating NaN as 0 (``ops.nansum``)."""
    return ops.nansum(input, dim, keepdim, dtype=dtype)


def norm(
    input: Any, p: Any = "fro", dim: Any = None, keepdim: bool = False, *, dtype: Any = None
) -> Tensor:
    """The matrix or vector norm (``ops.norm``; ``p='fro'`` over a vector is its 2-norm)."""
    a = U.floating(U.array(input, "norm"))
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "norm"))
    if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) == 1):
        p = 2
    if dim is None and p not in ("fro", "nuc"):  # every element as one vector
        return ops.vector_norm(Tensor._from(a), p, None, keepdim)
    return ops.norm(a, p, dim, keepdim)


def permute(input: Any, dims: Any) -> Tensor:
    """``input`` with its dims reordered (``ops.permute``)."""
    return ops.permute(input, dims)


def prod(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """The product over ``dim`` (``ops.prod``)."""
    return ops.prod(input, dim, keepdim, dtype)


def repeat_interleave(
    input: Any, repeats: Any, dim: int | None = None, *, output_size: int | None = None
) -> Tensor:
    """Each element repeated ``repeats`` times along ``dim`` (``ops.repeat_interleave``)."""
    return ops.repeat_interleave(input, repeats, dim)


reshape = ops.reshape


def scatter(input: Any, dim: int, index: Any, src: Any) -> Tensor:
    """``input`` with ``src`` (a Tensor or a scalar) written at ``index`` along ``dim``."""
    a = U.array(input, "scatter")
    idx = U.array(index, "scatter", "index")
    if isinstance(src, int | float | bool):
        src = ops.fill(a.dtype, idx.shape, src)
    return ops.tensor_scatter_elements(a, idx, _src_like(src, idx), dim, "none")


def _src_like(src: Any, idx: jax.Array) -> jax.Array:
    """PyTorch's scatter reads only the leading ``index.shape`` block of ``src``."""
    s = U.array(src, "scatter", "src")
    return s[tuple(slice(0, n) for n in idx.shape)]


def scatter_add(input: Any, dim: int, index: Any, src: Any) -> Tensor:
    """``input`` with ``src`` added at ``index`` along ``dim``."""
    idx = U.array(index, "scatter_add", "index")
    return ops.tensor_scatter_elements(input, idx, _src_like(src, idx), dim, "add")


def select(input: Any, dim: int, index: int) -> Tensor:
    """The slice of ``input`` at ``index`` along ``dim`` (that dim removed)."""
    a = U.array(input, "select")
    ax = U.axis(dim, a.ndim, "select", "dim")
    if not -a.shape[ax] <= index < a.shape[ax]:
        U.fail(
            "select",
            f"'index' {index} is out of range for dim {dim} of size {a.shape[ax]}",
            IndexError,
        )
    return ops.gather(a, index, ax)


def sort(input: Any, *, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    """Sorted values along ``dim`` and their indices (Int64)."""
    v, i = ops.sort(input, dim, descending)
    return _vi("sort")(v, Tensor._from(i._data.astype(np.int64)))


def split(tensor: Any, split_size_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
    """Pieces of ``tensor`` along ``dim`` (``ops.split``)."""
    return ops.split(tensor, split_size_or_sections, dim)


def squeeze(input: Any, dim: Any) -> Tensor:
    """``input`` without its size-1 dims among ``dim`` (an int or a tuple; a non-1 dim is kept).
    ``dim`` is required, as in MindSpore 2.10's ``mint.squeeze``."""
    a = U.array(input, "squeeze")
    dims = dim if isinstance(dim, tuple | list) else (dim,)
    keep = tuple(U.axis(d, a.ndim, "squeeze", "dim") for d in dims)
    ones = tuple(d for d in keep if a.shape[d] == 1)
    return ops.squeeze(a, ones) if ones else Tensor._from(a)


def stack(tensors: Any, dim: int = 0) -> Tensor:
    """The tensors stacked along a new ``dim`` (``ops.stack``)."""
    return ops.stack(tensors, dim)


def _correction(name: str, fn: Any):
    def f(input: Any, dim: Any = None, *, correction: int = 1, keepdim: bool = False) -> Any:
        return fn(input, dim, correction, keepdim)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"``ops.{name}`` with PyTorch's ``correction`` (Bessel's, 1, by default)."
    return f


std = _correction("std", ops.std)
var = _correction("var", ops.var)
std_mean = _correction("std_mean", ops.std_mean)
var_mean = _correction("var_mean", ops.var_mean)


sum = ops.sum  # noqa: A001


def transpose(input: Any, dim0: int, dim1: int) -> Tensor:
    """``input`` with ``dim0`` and ``dim1`` swapped (``ops.swapaxes``)."""
    return ops.swapaxes(input, dim0, dim1)


def unbind(input: Any, dim: int = 0) -> tuple[Tensor, ...]:
    """The slices of ``input`` along ``dim`` (``ops.unbind``)."""
    return ops.unbind(input, dim)


def zeros(size: Any, *, dtype: Any = None) -> Tensor:
    """Zeros of ``size`` (Float32 by default) (``ops.zeros``)."""
    return ops.zeros(size, dtype)


def ones(size: Any, *, dtype: Any = None) -> Tensor:
    """Ones of ``size`` (Float32 by default) (``ops.ones``)."""
    return ops.ones(size, dtype)


def _no_pinned_memory(pin_memory: Any, api: str) -> None:
    if pin_memory is not False:
        U.fail(
            api,
            f"'pin_memory' must be False: deepsink's tensors live in XLA buffers, which "
            f"have no page-locked host copy, but got {pin_memory!r}",
            ValueError,
        )


def empty(*size: Any, dtype: Any = None, device: Any = None, pin_memory: bool = False) -> Tensor:
    """An uninitialized tensor of ``size``: deepsink gives zeros (XLA has no uninitialized
    memory)."""
    _no_pinned_memory(pin_memory, "empty")
    if len(size) == 1 and isinstance(size[0], list | tuple):
        size = tuple(size[0])
    return ops.zeros(size, dtype)


def empty_like(
    input: Any, *, dtype: Any = None, device: Any = None, pin_memory: bool = False
) -> Tensor:
    """Like :func:`empty` with ``input``'s shape and dtype."""
    _no_pinned_memory(pin_memory, "empty_like")
    return ops.zeros_like(input, dtype=dtype)


def clone(input: Any) -> Tensor:
    """A copy of ``input``."""
    return ops.deepcopy(input)


def take(input: Any, index: Any) -> Tensor:
    """Elements of the flattened ``input`` at ``index`` (negative ones count from the end)."""
    return _array_ext_func._take(input, index, "fill")


def bitwise_not(input: Any) -> Tensor:
    """Bitwise NOT (logical NOT for Bool)."""
    return _math_func._bitwise_not(input)


def allclose(
    input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether all elements are close (``isclose``): a Python bool."""
    return _tensor_only_func.allclose(input, other, rtol, atol, equal_nan)


def dot(input: Any, other: Any) -> Tensor:
    """The dot product of two 1-D tensors (PyTorch's ``dot``; ``ops.dot`` is a matrix
    product of tensors of rank >= 2)."""
    a, b = U.array(input, "dot"), U.array(other, "dot", "other")
    if a.ndim != 1 or b.ndim != 1 or a.shape != b.shape:
        U.fail(
            "dot",
            f"'input' and 'other' must be 1-D of one length, but got {list(a.shape)} "
            f"and {list(b.shape)}",
        )
    return ops.inner(a, b)


def topk(input: Any, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> Any:  # noqa: A002
    """The ``k`` largest (smallest) values along ``dim`` and their Int64 indices (``ops.topk``)."""
    v, i = _topk_core(input, k, dim, largest, sorted, "TopkExt")  # k may be 0
    return _vi("topk")(v, Tensor._from(i._data.astype(np.int64)))


def vdot(input: Any, other: Any) -> Tensor:
    """The dot product of two 1-D tensors (the first conjugated)."""
    return ops.inner(ops.conj(ops.reshape(input, (-1,))), ops.reshape(other, (-1,)))


def addmm(input: Any, mat1: Any, mat2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (mat1 @ mat2)``."""
    return _scaled_add("addmm", input, ops.matmul(mat1, mat2), beta, alpha)


def addbmm(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``."""
    prod_ = ops.reduce_sum(ops.bmm(batch1, batch2), 0)
    return _scaled_add("addbmm", input, prod_, beta, alpha)


def baddbmm(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (batch1 @ batch2)`` per batch."""
    return _scaled_add("baddbmm", input, ops.bmm(batch1, batch2), beta, alpha)


def addmv(input: Any, mat: Any, vec: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (mat @ vec)``."""
    return _scaled_add("addmv", input, ops.mv(mat, vec), beta, alpha)


def addr_(input: Any, vec1: Any, vec2: Any, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * outer(vec1, vec2)``."""
    return _scaled_add("addr", input, ops.outer(vec1, vec2), beta, alpha)


def _scaled_add(api: str, input: Any, product: Tensor, beta: Any, alpha: Any) -> Tensor:
    a = U.array(input, api)
    p = product._data
    dt = dtype_rules.promote(a.dtype, p.dtype)
    base = ops.zeros_like(a, dtype=dt)._data if beta == 0 else a.astype(dt) * beta  # beta 0: no NaN
    return Tensor._from(base + p.astype(dt) * alpha)


def addcdiv(input: Any, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Tensor:
    """``input + value * tensor1 / tensor2``."""
    return ops.add(input, ops.mul(ops.div(tensor1, tensor2), value))


def index_add(input: Any, dim: int, index: Any, source: Any, *, alpha: Any = 1) -> Tensor:
    """``input`` with ``alpha * source`` slices added at ``index`` along ``dim``."""
    src = ops.cast(source, U.array(input, "index_add").dtype)
    return ops.index_add(input, index, src if alpha == 1 else ops.mul(src, alpha), dim)


def bincount(input: Any, weights: Any = None, minlength: int = 0) -> Tensor:
    """Counts of each non-negative int (eager: the length depends on the values)."""
    r = Tensor._from(_linalg_func._bincount(input, weights, minlength))
    return r if weights is not None else ops.cast(r, mstype.int64)


def histc(input: Any, bins: int = 100, min: Any = 0, max: Any = 0) -> Tensor:  # noqa: A002
    """A histogram of ``bins`` equal bins over ``[min, max]`` (the data's range when both
    are 0); values outside are ignored (``ops.histc``)."""
    return ops.histc(input, bins, min, max)


def cdist(
    x1: Any, x2: Any, p: float = 2.0, compute_mode: str = "use_mm_for_euclid_dist_if_necessary"
) -> Tensor:
    """The ``p``-norm distance between each pair of rows of ``x1`` and ``x2`` (``ops.cdist``;
    ``compute_mode`` is a speed hint of PyTorch's, the result is the same)."""
    modes = (
        "use_mm_for_euclid_dist_if_necessary",
        "use_mm_for_euclid_dist",
        "donot_use_mm_for_euclid_dist",
    )
    if compute_mode not in modes:
        U.fail("cdist", f"'compute_mode' must be one of {list(modes)}, but got {compute_mode!r}")
    return ops.cdist(x1, x2, p)


def kthvalue(input: Any, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    """The ``k``-th smallest values along ``dim`` and their indices (a stable ``ops.sort``)."""
    return _vi("kthvalue")(*_tensor_only_func.kthvalue(input, k, dim, keepdim))


unique_consecutive = ops.unique_consecutive


searchsorted = ops.searchsorted


polar = ops.polar


def triangular_solve(
    b: Any,
    A: Any,  # noqa: N803
    upper: bool = True,
    transpose: bool = False,
    unitriangular: bool = False,
) -> Any:
    """Solves ``A X = b`` for triangular ``A``; returns ``(X, A)``."""
    x, a = _tensor_only_func.triangular_solve(b, A, upper, transpose, unitriangular)
    return namedtuple("triangular_solve", ["solution", "cloned_coefficient"])(x, a)


# --- batch-norm pieces (SyncBatchNorm's building blocks, PyTorch's definitions) ----------------
def batch_norm_stats(input: Any, eps: float) -> tuple[Tensor, Tensor]:
    """The per-channel (dim 1) mean and ``1 / sqrt(biased var + eps)`` of ``input``."""
    a = U.floating(U.array(input, "batch_norm_stats"))
    axes = (0,) + tuple(range(2, a.ndim))
    return ops.mean(a, axes), ops.rsqrt(ops.var(a, axes) + eps)


def batch_norm_elemt(
    input: Any,
    weight: Any = None,
    bias: Any = None,
    mean: Any = None,
    invstd: Any = None,
    eps: float = 1e-5,
) -> Tensor:
    """``(input - mean) * invstd * weight + bias`` per channel (dim 1)."""
    a = U.floating(U.array(input, "batch_norm_elemt"))
    shape = (1, -1) + (1,) * (a.ndim - 2)

    def per_channel(v, name, default):
        return default if v is None else U.array(v, "batch_norm_elemt", name).reshape(shape)

    y = (a - per_channel(mean, "mean", 0.0)) * per_channel(invstd, "invstd", 1.0)
    return Tensor._from(y * per_channel(weight, "weight", 1.0) + per_channel(bias, "bias", 0.0))


def batch_norm_gather_stats_with_counts(
    input: Any,
    mean: Any,
    invstd: Any,
    running_mean: Any = None,
    running_var: Any = None,
    momentum: float = 0.1,
    eps: float = 1e-5,
    counts: Any = None,
) -> tuple:
    """The global mean and invstd from per-replica ``mean``/``invstd`` (rows) weighted by
    ``counts``; ``running_mean``/``running_var`` (Parameters) are updated in place with the
    unbiased variance."""
    api = "batch_norm_gather_stats_with_counts"
    m = U.array(mean, api, "mean")
    inv = U.array(invstd, api, "invstd")
    c = U.array(counts, api, "counts").astype(m.dtype).reshape(-1, 1)
    n = ops.reduce_sum(c)._data
    gmean = ops.reduce_sum(m * c, 0)._data / n
    var_i = 1.0 / (inv * inv) - eps
    gvar = ops.reduce_sum(c * (var_i + (m - gmean) ** 2), 0)._data / n
    for p, new in ((running_mean, gmean), (running_var, gvar * n / (n - 1))):
        if p is not None:
            old = p._data
            p._data = ((1 - momentum) * old + momentum * ops.stop_gradient(new)).astype(old.dtype)
    return Tensor._from(gmean), ops.rsqrt(gvar + eps)


def conv_tbc(input: Any, weight: Any, bias: Any, pad: int = 0) -> Tensor:
    """1-D convolution over time of (time, batch, in) ``input`` with a (k, in, out) ``weight``:
    (time', batch, out)."""
    from deepsink.mint.nn.functional import conv1d

    x = U.array(input, "conv_tbc")
    w = U.array(weight, "conv_tbc", "weight")
    y = conv1d(ops.transpose(x, (1, 2, 0)), ops.transpose(w, (2, 1, 0)), bias, padding=pad)
    return ops.transpose(y, (2, 0, 1))


# --- random -----------------------------------------------------------------------------------
def _size(size: tuple, api: str) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], list | tuple):
        size = tuple(size[0])
    for s in size:
        if isinstance(s, builtins.bool) or not isinstance(s, int) or s < 0:
            U.fail(api, f"'size' must be non-negative ints, but got {size}", TypeError)
    return tuple(size)


def _float_dtype(dtype: Any, api: str) -> np.dtype:
    dt = U.dtype(dtype, api) if dtype is not None else np.dtype(np.float32)
    if dt.kind != "f":
        U.fail(api, f"'dtype' must be a float type, but got {dtype}", TypeError)
    return dt


def rand(*size: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Tensor:
    """Uniform samples in [0, 1) (Float32), from the global seed."""
    return Tensor._from(
        jax.random.uniform(
            _key(generator, "rand"), _size(size, "rand"), _float_dtype(dtype, "rand")
        )
    )


def randn(*size: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Tensor:
    """Standard normal samples (Float32), from the global seed."""
    return Tensor._from(
        jax.random.normal(
            _key(generator, "randn"), _size(size, "randn"), _float_dtype(dtype, "randn")
        )
    )


def rand_like(input: Any, *, dtype: Any = None, device: Any = None) -> Tensor:
    """Uniform samples in [0, 1) with ``input``'s shape (and dtype)."""
    a = U.array(input, "rand_like")
    return rand(*a.shape, dtype=dtype if dtype is not None else mstype.from_np(a.dtype))


def randn_like(input: Any, *, dtype: Any = None, device: Any = None) -> Tensor:
    """Standard normal samples with ``input``'s shape (and dtype)."""
    a = U.array(input, "randn_like")
    return randn(*a.shape, dtype=dtype if dtype is not None else mstype.from_np(a.dtype))


def randint(*args: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Tensor:
    """``randint(high, size)`` or ``randint(low, high, size)``: ints in ``[low, high)``
    (Int64)."""
    if len(args) == 2:
        low, (high, size) = 0, args
    elif len(args) == 3:
        low, high, size = args
    else:
        U.fail("randint", f"expects (high, size) or (low, high, size), but got {args}", TypeError)
    if high <= low:
        U.fail("randint", f"'high' must be greater than 'low', but got low={low}, high={high}")
    dt = U.dtype(dtype, "randint") if dtype is not None else np.dtype(np.int64)
    r = jax.random.randint(
        _key(generator, "randint"), _size(tuple(size), "randint"), low, high, np.int64
    )
    return Tensor._from(r.astype(dt))


def randint_like(*args: Any, dtype: Any = None, device: Any = None) -> Tensor:
    """``randint_like(input, high)`` or ``(input, low, high)`` with ``input``'s shape."""
    if len(args) not in (2, 3):
        U.fail(
            "randint_like",
            "expects (input, high) or (input, low, high), but got "
            f"{len(args)} positional arguments",
            TypeError,
        )
    a = U.array(args[0], "randint_like")
    low, high = (0, args[1]) if len(args) == 2 else args[1:]
    dt = dtype if dtype is not None else mstype.from_np(a.dtype)
    return randint(low, high, a.shape, dtype=dt)


def randperm(n: int, *, generator: Any = None, dtype: Any = mstype.int64) -> Tensor:
    """A random permutation of ``0..n-1``."""
    if isinstance(n, builtins.bool) or not isinstance(n, int) or n < 0:
        U.fail("randperm", f"'n' must be a non-negative int, but got {n!r}", TypeError)
    r = jax.random.permutation(_key(generator, "randperm"), n)
    return Tensor._from(r.astype(U.dtype(dtype, "randperm")))


def normal(mean: Any = 0.0, std: Any = 1.0, size: Any = None, generator: Any = None) -> Tensor:
    """Normal samples with ``mean`` and ``std`` (tensors broadcast, or floats with ``size``)."""
    m = U.array(mean, "normal", "mean") if isinstance(mean, Tensor) else None
    s = U.array(std, "normal", "std") if isinstance(std, Tensor) else None
    if m is None and s is None:
        if size is None:
            U.fail("normal", "'size' is required when 'mean' and 'std' are numbers", TypeError)
        shape, dt = tuple(size), np.dtype(np.float32)
    else:
        shape = np.broadcast_shapes(*(v.shape for v in (m, s) if v is not None))
        dt = (m if m is not None else s).dtype
    z = jax.random.normal(_key(generator, "normal"), shape, dt)
    return Tensor._from(z * (s if s is not None else std) + (m if m is not None else mean))


def bernoulli(input: Any, *, generator: Any = None) -> Tensor:
    """0/1 samples with probability ``input`` (same dtype as ``input``)."""
    return _tensor_only_func.bernoulli(input, generator=generator)


def multinomial(
    input: Any, num_samples: int, replacement: bool = False, *, generator: Any = None
) -> Tensor:
    """``num_samples`` category indices per row, drawn with weights ``input`` (Int64)."""
    w = U.floating(U.array(input, "multinomial"))
    if w.ndim not in (1, 2):
        U.fail("multinomial", f"'input' must be 1-D or 2-D, but got {w.ndim}-D")
    if not replacement and num_samples > w.shape[-1]:
        U.fail(
            "multinomial",
            f"cannot draw {num_samples} samples without replacement from {w.shape[-1]} categories",
        )
    logits = ops.log(w)._data
    key = _key(generator, "multinomial")
    if replacement:
        r = jax.random.categorical(key, logits, axis=-1, shape=(num_samples,) + logits.shape[:-1])
        r = ops.moveaxis(r, 0, -1)._data
    else:  # Gumbel top-k: sampling without replacement
        g = jax.random.gumbel(key, logits.shape, logits.dtype)
        r = ops.topk(logits + g, num_samples)[1]._data
    return Tensor._from(r.astype(np.int64))


# ``from deepsink.mint import *``: MindSpore's mint names, not this module's imports; of mint.nn's
# classes, those MindSpore 2.10's ``mint.__all__`` lists (Dropout, Embedding... are mint.nn's only)
from deepsink._core.public import public_names as _public_names  # noqa: E402

_NN_ONLY = {"Dropout", "Dropout2d", "Embedding", "LayerNorm", "MaxPool2d"}
__all__ = [n for n in _public_names(globals()) if n not in _NN_ONLY]
