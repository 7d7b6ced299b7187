"""The in-place functional ops of ``mindspore.ops`` (``ops.clamp_``, ``ops.tanh_``,
``ops.normal_``, ``ops.put_``, ...): each computes its out-of-place op and writes the result into
the input Tensor, which it returns (dtype kept), as MindSpore's in-place kernels do. The same
functions are the Tensor methods of those names.

The random fills take the next key of ``generator`` (a ``mindspore.Generator``) or of the global
stream, as the other samplers do.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import math_func as M
from deepsink.ops.function import parameter_func as PF

__all__ = [
    "clamp_", "zero_", "tanh_", "erfinv_", "inplace_sigmoid", "put_", "bernoulli_",
    "exponential_", "normal_", "uniform_", "random_", "stop_gradient_", "deepcopy", "move_to",
]  # fmt: skip


def _target(x: Any, api: str) -> Tensor:
    if not isinstance(x, Tensor):
        U.fail(api, f"'input' must be a Tensor, but got {type(x).__name__}", TypeError)
    return x


def _write(t: Tensor, value: jax.Array) -> Tensor:
    t._data = jnp.asarray(value).astype(t._data.dtype)
    return t


def write_result(input: Tensor, out: Any) -> Tensor:
    """The in-place Tensor methods' last step (``x.exp_()``, ``x.index_put_(...)``): the
    out-of-place op's result ``out`` written into ``input`` (dtype kept), which is returned. A
    result of a wider kind (a float result of an int Tensor) is refused, not truncated."""
    if not isinstance(out, Tensor) or tuple(out.shape) != tuple(input.shape):
        U.fail(
            "inplace",
            f"the result of shape {list(getattr(out, 'shape', ()))} cannot be written into a "
            f"Tensor of shape {list(input.shape)}",
        )
    kinds = "biufc"
    if kinds.index(out._data.dtype.kind) > kinds.index(input._data.dtype.kind):
        U.fail(
            "inplace",
            f"the result of dtype {out.dtype} cannot be written into a Tensor of dtype "
            f"{input.dtype}",
            TypeError,
        )
    return _write(input, out._data)


def _apply(input: Any, api: str, fn: Any) -> Tensor:
    """The in-place form of the elementwise float op ``fn``: ``input`` holds ``fn(input)``."""
    t = _float_target(input, api)
    return _write(t, fn(t)._data)


def _fill(t: Tensor, api: str, generator: Any, sample: Any) -> Tensor:
    """The in-place random fills: ``t`` holds ``sample(key, shape)``, the key drawn from
    ``generator`` (None: the global one)."""
    return _write(t, sample(_key(generator, api), t._data.shape))


def _key(generator: Any, api: str) -> jax.Array:
    if generator is None:
        return _random.next_key()
    from deepsink.common.generator import Generator

    if not isinstance(generator, Generator):
        U.fail(
            api,
            f"'generator' must be a mindspore.Generator, but got {type(generator).__name__}",
            TypeError,
        )
    return generator.next_key()


def _float_target(x: Any, api: str) -> Tensor:
    t = _target(x, api)
    if not jnp.issubdtype(t._data.dtype, jnp.floating):
        U.fail(api, f"'input' must be a float Tensor, but got {t.dtype}", TypeError)
    return t


def clamp_(input: Any, min: Any = None, max: Any = None) -> Tensor:
    """Clamps ``input`` to ``[min, max]`` in place.

    Args:
        input (Tensor): The Tensor updated.
        min (Union[Tensor, number], optional): The lower bound. Default ``None``.
        max (Union[Tensor, number], optional): The upper bound. Default ``None``.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If ``input`` is not a Tensor.
        ValueError: If both ``min`` and ``max`` are None.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([-2.0, 0.5, 3.0])
        >>> y = ops.clamp_(x, -1.0, 1.0)
        >>> print(x, y is x)
        [-1.   0.5  1. ] True
    """
    t = _target(input, "clamp_")
    return _write(t, M.clamp(t, min, max)._data)


def zero_(input: Any) -> Tensor:
    """Fills ``input`` with zeros in place.

    Args:
        input (Tensor): The Tensor updated.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If ``input`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([1, 2, 3])
        >>> print(ops.zero_(x))
        [0 0 0]
    """
    t = _target(input, "zero_")
    return _write(t, jnp.zeros_like(t._data))


def tanh_(input: Any) -> Tensor:
    """Computes the hyperbolic tangent of ``input`` in place.

    Args:
        input (Tensor): The float Tensor updated.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If ``input`` is not a float Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.tanh_(ms.Tensor([0.0, 1.0])))
        [0.        0.7615942]
    """
    return _apply(input, "tanh_", M.tanh)


def erfinv_(input: Any) -> Tensor:
    """Computes the inverse error function of ``input`` in place.

    Args:
        input (Tensor): The float Tensor updated, values in ``[-1, 1]``.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If ``input`` is not a float Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.erfinv_(ms.Tensor([0.0, 0.5])))
        [0.         0.47693628]
    """
    return _apply(input, "erfinv_", E.erfinv)


def inplace_sigmoid(input: Any) -> Tensor:
    """Computes the sigmoid of ``input`` in place (``Tensor.sigmoid_``).

    Args:
        input (Tensor): The float Tensor updated.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If ``input`` is not a float Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.inplace_sigmoid(ms.Tensor([0.0, 2.0])))
        [0.5      0.880797]
    """
    return _apply(input, "inplace_sigmoid", M.sigmoid)


def put_(input: Any, index: Any, source: Any, accumulate: bool = False) -> Tensor:
    """Writes (``accumulate``: adds) ``source`` at the flat positions ``index`` of ``input``, in
    place; negative indices count from the end.

    Args:
        input (Tensor): The Tensor updated.
        index (Tensor): Integer flat indices.
        source (Tensor): One value per index, of the dtype of ``input``.
        accumulate (bool, optional): Add instead of writing. Default ``False``.

    Returns:
        ``input``, updated.

    Raises:
        TypeError: If an input is not a Tensor, ``index`` is not integer or the dtypes differ.
        ValueError: If ``index`` and ``source`` differ in size.
        IndexError: If an index is out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.put_(x, ms.Tensor([0, 3]), ms.Tensor([9, 8])))
        [[9 2]
         [3 8]]
    """
    t = _target(input, "put_")
    i = U.array(index, "put_", "index")
    s = U.array(source, "put_", "source")
    if not jnp.issubdtype(i.dtype, jnp.integer):
        U.fail("put_", f"'index' must be an integer Tensor, but got {i.dtype}", TypeError)
    if s.dtype != t._data.dtype:
        U.fail(
            "put_",
            f"'source' must have the dtype of 'input' ({t.dtype}), but got {s.dtype}",
            TypeError,
        )
    if i.size != s.size:
        U.fail("put_", f"'index' ({i.size}) and 'source' ({s.size}) must have one size")
    n = t._data.size
    if (
        not isinstance(i, jax.core.Tracer)
        and i.size
        and (int(jnp.max(i)) >= n or int(jnp.min(i)) < -n)
    ):
        U.fail(
            "put_", f"'index' must be in [-{n}, {n}), but got {np.asarray(i).tolist()}", IndexError
        )
    flat = t._data.reshape(-1)
    at = flat.at[jnp.where(i < 0, i + n, i).reshape(-1)]
    new = at.add(s.reshape(-1)) if accumulate else at.set(s.reshape(-1))
    return _write(t, new.reshape(t._data.shape))


def bernoulli_(input: Any, p: Any = 0.5, *, generator: Any = None) -> Tensor:
    """Fills ``input`` with 0/1 samples, 1 with probability ``p``, in place.

    Args:
        input (Tensor): The Tensor filled.
        p (Union[float, Tensor], optional): The probability of 1 (a Tensor broadcast to
            ``input``). Default ``0.5``.

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        ``input``, filled.

    Raises:
        TypeError: If ``input`` is not a Tensor.
        ValueError: If ``p`` is outside [0, 1].

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.bernoulli_(ops.zeros((3,)), 1.0))
        [1. 1. 1.]
    """
    t = _target(input, "bernoulli_")
    prob = jnp.asarray(p if isinstance(p, int | float) else U.array(p, "bernoulli_", "p"))
    if not isinstance(prob, jax.core.Tracer) and bool(jnp.any((prob < 0) | (prob > 1))):
        U.fail("bernoulli_", f"'p' must be in [0, 1], but got {np.asarray(prob).tolist()}")
    return _fill(t, "bernoulli_", generator, lambda k, shape: jax.random.bernoulli(k, prob, shape))


def exponential_(input: Any, lambd: float = 1, *, generator: Any = None) -> Tensor:
    """Fills ``input`` with samples of the exponential distribution of rate ``lambd``, in place.

    Args:
        input (Tensor): The float Tensor filled.
        lambd (float, optional): The rate, positive. Default ``1``.

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        ``input``, filled.

    Raises:
        TypeError: If ``input`` is not a float Tensor.
        ValueError: If ``lambd`` is not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(bool((ops.exponential_(ops.zeros((4,)), 2.0) > 0).all()))
        True
    """
    t = _float_target(input, "exponential_")
    if not lambd > 0:
        U.fail("exponential_", f"'lambd' must be positive, but got {lambd}")
    return _fill(
        t,
        "exponential_",
        generator,
        lambda k, shape: jax.random.exponential(k, shape, jnp.float32) / lambd,
    )


def normal_(input: Any, mean: float = 0, std: float = 1, *, generator: Any = None) -> Tensor:
    """Fills ``input`` with samples of Normal(``mean``, ``std``), in place.

    Args:
        input (Tensor): The float Tensor filled.
        mean (float, optional): The mean. Default ``0``.
        std (float, optional): The standard deviation, non-negative. Default ``1``.

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        ``input``, filled.

    Raises:
        TypeError: If ``input`` is not a float Tensor.
        ValueError: If ``std`` is negative.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.normal_(ops.zeros((2, 3)), 1.0, 0.0))
        [[1. 1. 1.]
         [1. 1. 1.]]
    """
    t = _float_target(input, "normal_")
    if std < 0:
        U.fail("normal_", f"'std' must be non-negative, but got {std}")
    return _fill(
        t,
        "normal_",
        generator,
        lambda k, shape: jax.random.normal(k, shape, jnp.float32) * std + mean,
    )


def uniform_(input: Any, from_: float = 0, to: float = 1, *, generator: Any = None) -> Tensor:
    """Fills ``input`` with samples of the uniform distribution over ``[from_, to)``, in place.

    Args:
        input (Tensor): The float Tensor filled.
        from_ (float, optional): The lower bound. Default ``0``.
        to (float, optional): The upper bound. Default ``1``.

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        ``input``, filled.

    Raises:
        TypeError: If ``input`` is not a float Tensor.
        ValueError: If ``from_`` > ``to``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y = ops.uniform_(ops.zeros((100,)), 2.0, 3.0)
        >>> print(bool(((y >= 2) & (y < 3)).all()))
        True
    """
    t = _float_target(input, "uniform_")
    if from_ > to:
        U.fail("uniform_", f"'from_' ({from_}) must not exceed 'to' ({to})")
    return _fill(
        t,
        "uniform_",
        generator,
        lambda k, shape: jax.random.uniform(k, shape, jnp.float32, from_, to),
    )


def random_(input: Any, from_: int = 0, to: int | None = None, *, generator: Any = None) -> Tensor:
    """Fills ``input`` with integers drawn uniformly from ``[from_, to)``, in place (``to``
    None: up to the largest value of ``input``'s dtype).

    Args:
        input (Tensor): The Tensor filled.
        from_ (int, optional): The lower bound. Default ``0``.
        to (int, optional): The upper bound (excluded). Default ``None``.

    Keyword Args:
        generator (mindspore.Generator, optional): The generator. Default ``None``: the global
            one.

    Returns:
        ``input``, filled.

    Raises:
        TypeError: If ``from_`` or ``to`` is not an int.
        ValueError: If ``from_`` >= ``to``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y = ops.random_(ms.Tensor([[2, 3, 4], [1, 2, 3]]), 0, 5)
        >>> print(y.shape, bool(((y >= 0) & (y < 5)).all()))
        (2, 3) True
    """
    t = _target(input, "random_")
    dt = t._data.dtype
    for v, n in ((from_, "from_"), (to, "to")):
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            U.fail("random_", f"'{n}' must be an int, but got {type(v).__name__}", TypeError)
    if to is None:
        if jnp.issubdtype(dt, jnp.integer):
            to = int(jnp.iinfo(dt).max)
        elif dt == jnp.bool_:
            to = 2
        else:  # the integers a float dtype holds exactly
            to = 2 ** (jnp.finfo(dt).nmant + 1)
    if from_ >= to:
        U.fail("random_", f"'from_' ({from_}) must be less than 'to' ({to})")
    return _fill(
        t, "random_", generator, lambda k, shape: jax.random.randint(k, shape, from_, to, jnp.int64)
    )


def stop_gradient_(input: Any) -> Tensor:
    """Stops the gradient through ``input`` in place: later uses of the Tensor contribute no
    gradient.

    Args:
        input (Tensor): The Tensor.

    Returns:
        ``input``.

    Raises:
        TypeError: If ``input`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> def f(x):
        ...     y = x * 2
        ...     ops.stop_gradient_(y)
        ...     return (y * x).sum()
        >>> print(ms.grad(f)(ms.Tensor([1.0, 2.0])))
        [2. 4.]
    """
    t = _target(input, "stop_gradient_")
    return _write(t, PF.stop_gradient(t)._data)


def deepcopy(input_x: Any) -> Tensor:
    """Returns a copy of ``input_x`` (a new Tensor with the same values).

    Args:
        input_x (Tensor): The input.

    Returns:
        Tensor, a copy.

    Raises:
        TypeError: If ``input_x`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([1, 2])
        >>> y = ops.deepcopy(x)
        >>> print(y, y is x)
        [1 2] False
    """
    t = _target(input_x, "deepcopy")
    return Tensor._from(jnp.array(t._data, copy=True))


def move_to(input: Any, to: str = "CPU", blocking: bool = True) -> Tensor:
    """Copies ``input`` to the host (``"CPU"``) or to the accelerator deepsink runs on
    (``"GPU"``; MindSpore's ``"Ascend"`` names the accelerator too and is accepted for it).

    Args:
        input (Union[Tensor, list[int], tuple[int]]): The values.
        to (str, optional): ``"CPU"``, ``"GPU"`` or ``"Ascend"``. Default ``"CPU"``.
        blocking (bool, optional): Wait for the copy to finish. Default ``True``.

    Returns:
        A new Tensor on the target device.

    Raises:
        TypeError: If ``blocking`` is not a bool.
        ValueError: If ``to`` is not a device name, or no accelerator is present.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.move_to(ms.Tensor([1, 2, 3]), "CPU"))
        [1 2 3]
    """
    if not isinstance(blocking, bool):
        U.fail(
            "move_to", f"'blocking' must be a bool, but got {type(blocking).__name__}", TypeError
        )
    if to not in ("CPU", "GPU", "Ascend"):
        U.fail("move_to", f"'to' must be 'CPU', 'GPU' or 'Ascend', but got {to!r}")
    a = U.array(input, "move_to", "input")
    if to == "CPU":
        dev = jax.devices("cpu")[0]
    else:
        acc = [d for d in jax.devices() if d.platform != "cpu"]
        if not acc:
            U.fail(
                "move_to",
                f"there is no accelerator to move to ({to!r}); this machine has only the CPU",
            )
        dev = acc[0]
    out = jax.device_put(a, dev)
    if blocking:
        out.block_until_ready()
    return Tensor._from(out)
