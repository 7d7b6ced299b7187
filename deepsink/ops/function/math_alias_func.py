"""Names ``mindspore.ops`` keeps beside its main functional ops: the ``*_ext`` twins
(``isnan_ext``, ``diff_ext``, ...), older spellings (``gather_d``, ``pows``, ``accumulate_n``,
``intopk``, ``tensor_range``, ``dyn_shape``), and a few small ops of their own (``logspace``,
``unique_with_pad``, the deprecated samplers ``gamma`` and ``poisson``).

A twin is the same function object as the op it names, or a thin call of it where MindSpore's
signature differs; the ops of their own are written here over ``jnp``/``jax.random``.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import array_func as A
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import linalg_func as LA
from deepsink.ops.function import linalg_reduce_func as LR
from deepsink.ops.function import math_func as M
from deepsink.ops.function import random_func as RND
from deepsink.ops.function import sampling_func as SM

__all__ = [
    "isnan_ext", "diff_ext", "float_power_ext", "baddbmm_ext", "einsum_ext", "gather_d", "pows",
    "accumulate_n", "adaptive_avg_pool2d_ext", "tensor_range", "dyn_shape", "logspace",
    "intopk", "unique_with_pad", "gamma", "poisson", "reshape_", "make_range",
    "bernoulli_ext",
]  # fmt: skip

# the twins: the same computation under MindSpore's other name
isnan_ext = M.isnan
float_power_ext = E.float_power
einsum_ext = LR.einsum
gather_d = A.gather_elements
pows = M.pow
accumulate_n = M.addn
adaptive_avg_pool2d_ext = SM.adaptive_avg_pool2d


def diff_ext(
    input: Any, n: int = 1, dim: int = -1, prepend: Any = None, append: Any = None
) -> Tensor:
    """Computes the ``n``-th forward difference of ``input`` along ``dim``.

    Args:
        input (Tensor): The input.
        n (int, optional): How many times to take the difference. Default ``1``.
        dim (int, optional): The axis. Default ``-1``.
        prepend (Tensor, optional): Values put before ``input`` along ``dim``. Default ``None``.
        append (Tensor, optional): Values put after ``input`` along ``dim``. Default ``None``.

    Returns:
        Tensor, ``n`` shorter than the (extended) input along ``dim``.

    Raises:
        TypeError: If ``input`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.diff_ext(ms.Tensor([1, 4, 9, 16])))
        [3 5 7]
    """
    return LR.diff(input, n, dim, prepend, append)


def baddbmm_ext(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """Computes ``beta * input + alpha * (batch1 @ batch2)`` for each batch.

    Args:
        input (Tensor): Added to the products, broadcast to ``(b, n, p)``.
        batch1 (Tensor): ``(b, n, m)``.
        batch2 (Tensor): ``(b, m, p)``.
        beta (number, optional): The factor of ``input``. Default ``1``.
        alpha (number, optional): The factor of the products. Default ``1``.

    Returns:
        Tensor of shape ``(b, n, p)``.

    Raises:
        TypeError: If an input is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.ones((1, 2, 2), ms.float32)
        >>> print(ops.baddbmm_ext(x, x, x, beta=0.5, alpha=2))
        [[[4.5 4.5]
          [4.5 4.5]]]
    """
    return LA.baddbmm(input, batch1, batch2, beta, alpha)


def tensor_range(start: Any, end: Any, step: Any) -> Tensor:
    """Returns the values from ``start`` up to (not including) ``end`` in steps of ``step``
    (MindSpore's ``Range`` kernel: integer inputs give Int64, float inputs their float dtype).

    Args:
        start (Tensor): The first value, a scalar.
        end (Tensor): The bound, a scalar.
        step (Tensor): The step, a non-zero scalar.

    Returns:
        A 1-D Tensor.

    Raises:
        TypeError: If an input is not a Tensor or number.
        ValueError: If ``step`` is 0.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.tensor_range(ms.Tensor(1), ms.Tensor(9), ms.Tensor(3)))
        [1 4 7]
    """
    vals = [
        np.asarray(U.array(v, "tensor_range", n)).reshape(())
        for v, n in ((start, "start"), (end, "end"), (step, "step"))
    ]
    if vals[2] == 0:
        U.fail("tensor_range", "'step' must not be 0")
    kind = np.result_type(*vals)
    dt = np.int64 if kind.kind in "iu" else kind
    return Tensor._from(jnp.arange(vals[0].item(), vals[1].item(), vals[2].item(), dtype=dt))


def dyn_shape(input_x: Any) -> Tensor:
    """Returns the shape of ``input_x`` as an Int64 Tensor.

    Args:
        input_x (Tensor): The input.

    Returns:
        A 1-D Int64 Tensor with one element per dimension.

    Raises:
        TypeError: If ``input_x`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.dyn_shape(ops.ones((2, 3, 4))))
        [2 3 4]
    """
    a = U.array(input_x, "dyn_shape", "input_x")
    return Tensor._from(jnp.asarray(a.shape, jnp.int64))


def logspace(
    start: Any, end: Any, steps: int, base: int = 10, *, dtype: Any = mstype.float32
) -> Tensor:
    """Returns ``steps`` values ``base ** v`` for ``v`` evenly spaced from ``start`` to ``end``.

    Args:
        start (Union[Tensor, float]): The first exponent.
        end (Union[Tensor, float]): The last exponent.
        steps (int): How many values, at least 0.
        base (int, optional): The base. Default ``10``.

    Keyword Args:
        dtype (mindspore.dtype, optional): float16, float32 or float64. Default ``float32``.

    Returns:
        A 1-D Tensor of ``steps`` values.

    Raises:
        TypeError: If ``dtype`` is not a float dtype, or ``steps``/``base`` are not ints.
        ValueError: If ``steps`` is negative.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.logspace(ms.Tensor(0.0), ms.Tensor(2.0), 3))
        [  1.  10. 100.]
    """
    dt = U.dtype(dtype, "LogSpace")
    if dt not in (np.float16, np.float32, np.float64):
        U.fail(
            "LogSpace",
            f"the 'dtype' should be one of [mindspore.float16, mindspore.float32, "
            f"mindspore.float64], but got '{dtype}'",
            TypeError,
        )
    for v, n in ((steps, "steps"), (base, "base")):
        if not isinstance(v, int) or isinstance(v, bool):
            U.fail("LogSpace", f"'{n}' must be an int, but got {type(v).__name__}", TypeError)
    if steps < 0:
        U.fail("LogSpace", f"'steps' must be at least 0, but got {steps}")
    lo = jnp.asarray(U.array(start, "LogSpace", "start"), jnp.float64).reshape(())
    hi = jnp.asarray(U.array(end, "LogSpace", "end"), jnp.float64).reshape(())
    return Tensor._from(jnp.power(float(base), jnp.linspace(lo, hi, steps)).astype(dt))


def intopk(x1: Any, x2: Any, k: int) -> Tensor:
    """Says, per row of ``x1``, whether the class ``x2`` names is among the ``k`` largest
    predictions (ties at the boundary count as in; a non-finite prediction never is).

    Args:
        x1 (Tensor): 2-D predictions ``(batch, classes)``, float16 or float32.
        x2 (Tensor): 1-D int32/int64 class indices, one per row.
        k (int): How many of the top predictions count.

    Returns:
        A 1-D Bool Tensor, one value per row.

    Raises:
        TypeError: If ``k`` is not an int or the dtypes are wrong.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x1 = ms.Tensor([[1.0, 8.0, 5.0], [3.0, 1.0, 2.0]], ms.float32)
        >>> print(ops.intopk(x1, ms.Tensor([1, 2], ms.int32), 1))
        [ True False]
    """
    if not isinstance(k, int) or isinstance(k, bool):
        U.fail("InTopK", f"'k' must be an int, but got {type(k).__name__}", TypeError)
    p = U.array(x1, "InTopK", "x1")
    t = U.array(x2, "InTopK", "x2")
    if not jnp.issubdtype(p.dtype, jnp.floating):
        U.fail("InTopK", f"'x1' must be a float Tensor, but got {p.dtype}", TypeError)
    if not jnp.issubdtype(t.dtype, jnp.integer):
        U.fail("InTopK", f"'x2' must be an int32 or int64 Tensor, but got {t.dtype}", TypeError)
    if p.ndim != 2 or t.ndim != 1 or p.shape[0] != t.shape[0]:
        U.fail(
            "InTopK",
            f"'x1' must be 2-D and 'x2' 1-D of its first size, but got shapes "
            f"{list(p.shape)} and {list(t.shape)}",
        )
    target = jnp.take_along_axis(p, t[:, None].astype(jnp.int32), axis=1)
    above = jnp.sum(p > target, axis=1)
    ok = jnp.isfinite(target[:, 0]) & (t >= 0) & (t < p.shape[1])
    return Tensor._from(ok & (above < k))


def unique_with_pad(x: Any, pad_num: Any) -> tuple[Tensor, Tensor]:
    """Returns the distinct values of 1-D ``x`` in order of first appearance, padded with
    ``pad_num`` to the length of ``x``, and for every element the index of its value.

    Args:
        x (Tensor): A 1-D int32, int64 or float Tensor.
        pad_num (Union[int, float, Tensor]): The padding value.

    Returns:
        A tuple (y, idx) of two Tensors of the length of ``x``.

    Raises:
        TypeError: If ``x`` is not a Tensor.
        ValueError: If ``x`` is not 1-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y, idx = ops.unique_with_pad(ms.Tensor([1, 3, 1, 5], ms.int32), -1)
        >>> print(y, idx)
        [ 1  3  5 -1] [0 1 0 2]
    """
    a = U.array(x, "UniqueWithPad", "x")
    if a.ndim != 1:
        U.fail("UniqueWithPad", f"'x' must be 1-D, but got shape {list(a.shape)}")
    n = a.shape[0]
    if n == 0:
        return Tensor._from(a), Tensor._from(jnp.zeros((0,), a.dtype))
    pad = jnp.asarray(U.array(pad_num, "UniqueWithPad", "pad_num")).reshape(()).astype(a.dtype)
    u, first, inverse = jnp.unique(
        a, return_index=True, return_inverse=True, size=n, fill_value=a[0]
    )
    srt = jnp.sort(a)
    count = 1 + jnp.sum(srt[1:] != srt[:-1])
    valid = jnp.arange(n) < count
    order = jnp.argsort(jnp.where(valid, first, n), stable=True)
    rank = jnp.zeros(n, jnp.int32).at[order].set(jnp.arange(n, dtype=jnp.int32))
    values = jnp.where(valid, u[order], pad)
    idx_dtype = a.dtype if jnp.issubdtype(a.dtype, jnp.integer) else jnp.int32
    return Tensor._from(values), Tensor._from(rank[inverse.reshape(-1)].astype(idx_dtype))


def gamma(shape: Any, alpha: Any, beta: Any, seed: int | None = None) -> Tensor:
    """Draws Gamma samples of shape ``alpha`` and scale ``beta``; the output shape is ``shape``
    broadcast with the shapes of ``alpha`` and ``beta``.

    Args:
        shape (tuple): The requested shape.
        alpha (Tensor): The shape parameter (float), positive.
        beta (Tensor): The scale parameter (float), positive.
        seed (int, optional): A seed of the draw's own; ``None`` takes the global state.
            Default ``None``.

    Returns:
        A float Tensor of the broadcast shape.

    Raises:
        TypeError: If ``shape`` is not a tuple or ``alpha``/``beta`` are not Tensors.
        ValueError: If the shapes do not broadcast.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> alpha = ms.Tensor([[3.0, 4.0], [5.0, 6.0]])
        >>> print(ops.gamma((3, 1, 2), alpha, ms.Tensor([1.0]), seed=5).shape)
        (3, 2, 2)
    """
    shp = U.shape(shape, "gamma", allow_int=False)
    a = U.floating(U.array(alpha, "gamma", "alpha"))
    b = U.floating(U.array(beta, "gamma", "beta"))
    out = _broadcast("gamma", shp, a.shape, b.shape)
    dt = jnp.promote_types(a.dtype, b.dtype)
    draw = jax.random.gamma(RND._key(seed), jnp.broadcast_to(a, out).astype(dt), out, dt)
    return Tensor._from(draw * b)


def poisson(shape: Any, mean: Any, seed: int | None = None) -> Tensor:
    """Draws Poisson samples of mean ``mean``; the output shape is ``shape`` broadcast with the
    shape of ``mean``, the dtype that of ``mean``.

    Args:
        shape (tuple): The requested shape.
        mean (Tensor): The means (float), positive.
        seed (int, optional): A seed of the draw's own; ``None`` takes the global state.
            Default ``None``.

    Returns:
        A Tensor of the broadcast shape.

    Raises:
        TypeError: If ``shape`` is not a tuple or ``mean`` is not a Tensor.
        ValueError: If the shapes do not broadcast.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.poisson((4, 1), ms.Tensor([5.0, 10.0]), seed=5).shape)
        (4, 2)
    """
    shp = U.shape(shape, "poisson", allow_int=False)
    m = U.floating(U.array(mean, "poisson", "mean"))
    out = _broadcast("poisson", shp, m.shape)
    draw = jax.random.poisson(RND._key(seed), jnp.broadcast_to(m, out), out)
    return Tensor._from(draw.astype(m.dtype))


def reshape_(input: Any, shape: Any) -> Tensor:
    """Returns ``input`` with a new shape, as ``ops.reshape`` (MindSpore's ``Reshape``
    primitive under the functional name ``reshape_``; ``input`` itself is left as it is).

    Args:
        input (Tensor): The input.
        shape (Union[tuple[int], list[int], Tensor]): The new shape; one entry may be -1.

    Returns:
        Tensor of ``shape``.

    Raises:
        ValueError: If ``shape`` does not hold the number of elements of ``input``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.reshape_(ms.Tensor([1.0, 2.0]), (2, 1)).shape)
        (2, 1)
    """
    return A.reshape(input, shape)


def make_range(*args: int) -> tuple:
    """Returns ``tuple(range(*args))``: MindSpore's graph-mode ``range`` of ints.

    Args:
        args (int): ``stop``, or ``start, stop``, or ``start, stop, step``.

    Returns:
        A tuple of ints.

    Raises:
        TypeError: If an argument is not an int.
        ValueError: If there are not 1 to 3 arguments or ``step`` is 0.

    Examples:
        >>> from deepsink import ops
        >>> print(ops.make_range(1, 9, 3))
        (1, 4, 7)
    """
    if not 1 <= len(args) <= 3:
        U.fail("make_range", f"expects 1 to 3 ints, but got {len(args)} arguments")
    for v in args:
        if not isinstance(v, int) or isinstance(v, bool):
            U.fail(
                "make_range", f"the arguments must be ints, but got {type(v).__name__}", TypeError
            )
    if len(args) == 3 and args[2] == 0:
        U.fail("make_range", "'step' must not be 0")
    return tuple(range(*args))


def bernoulli_ext(input: Any, *, generator: Any = None) -> Tensor:
    """Draws 0/1 values, 1 with the probability each element of ``input`` gives.

    Args:
        input (Tensor): Probabilities in [0, 1] (float).

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: If ``input`` is not a float Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.bernoulli_ext(ms.Tensor([0.0, 1.0, 1.0])))
        [0. 1. 1.]
    """
    from deepsink.ops.function.inplace_func import _key as gen_key

    p = U.array(input, "bernoulli_ext", "input")
    if not jnp.issubdtype(p.dtype, jnp.floating):
        U.fail("bernoulli_ext", f"'input' must be a float Tensor, but got {p.dtype}", TypeError)
    draw = jax.random.bernoulli(gen_key(generator, "bernoulli_ext"), p.astype(jnp.float32))
    return Tensor._from(draw.astype(p.dtype))


def _broadcast(api: str, *shapes: tuple) -> tuple:
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        U.fail(api, f"the shapes {[list(s) for s in shapes]} do not broadcast")
