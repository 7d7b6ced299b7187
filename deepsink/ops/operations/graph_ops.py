"""Primitives MindSpore's graph compiler uses that also have a meaning when called: the
ordering/view markers (``UpdateState``, ``Reusing``, ``SelectView``), ``MoveTo``, the type
queries (``typeof``, ``hastype``, ``isconstant``, the sequence queries of ``mutable`` lists),
``add_flags``, the deprecated
``DynamicShape`` and the bit-mask dropout pair ``DropoutGenMask``/``DropoutDoMask``; and
``cond``, the condition number. ``J`` (MindSpore's IR node of automatic differentiation) has no
meaning outside its IR and is refused.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import functional
from deepsink._core import random as _random
from deepsink._core.unsupported import unsupported
from deepsink.common import dtype as mstype
from deepsink.common.mutable import is_dynamic_len, is_mutable, is_mutable_number
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.primitive import Primitive


class UpdateState(Primitive):
    r"""
    MindSpore's side-effect ordering node: returns its first input (the state) unchanged;
    deepsink orders side effects through JAX's effects, so the call only passes it on.

    Inputs:
        - **state** (Any) - The state.
        - **expr** (Any) - The expressions ordered before it.

    Outputs:
        `state`.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.UpdateState()(ms.Tensor(1.0), ms.Tensor(2.0)))
        1.0
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, state: Any, *expr: Any) -> Any:
        return state


class Load(Primitive):
    r"""
    MindSpore's read of a Parameter at a point of the side-effect order: a copy of its value
    (a later ``set_data`` or assignment does not change it).

    Inputs:
        - **variable** (Parameter) - The parameter read.
        - **u** (Any) - The state the read is ordered after.

    Outputs:
        Tensor, the parameter's value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.ops import operations as P
        >>> p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="p")
        >>> print(P.Load()(p, ms.Tensor(0)))
        [1. 1.]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, variable: Any, u: Any = None) -> Tensor:
        return Tensor(variable).copy()


class Reusing(Primitive):
    r"""
    Marks a value for memory reuse in MindSpore's graph; the value itself, unchanged.

    Inputs:
        - **input** (Tensor) - The value.

    Outputs:
        Tensor, `input`.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.Reusing()(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, x: Any) -> Any:
        return x


class SelectView(Primitive):
    r"""
    The slice at `index` along `axis` (a view in MindSpore, a value here).

    Inputs:
        - **input** (Tensor) - The Tensor.
        - **index** (int) - The position.
        - **axis** (int) - The axis.

    Outputs:
        Tensor, `input` without `axis`.

    Raises:
        TypeError: If `index` or `axis` is not an int.
        IndexError: If `index` is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> print(ops.SelectView()(x, 1, 1))
        [1. 4.]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, x: Any, index: int, axis: int) -> Tensor:
        for name, v in (("index", index), ("axis", axis)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(
                    f"For 'SelectView', '{name}' must be int, but got {type(v).__name__}"
                )
        data = unwrap(x)
        n = data.shape[axis]
        if not -n <= index < n:
            raise IndexError(
                f"For 'SelectView', 'index' {index} is out of range for axis {axis} of size {n}"
            )
        return Tensor._from(jnp.take(data, index, axis=axis))


class MoveTo(Primitive):
    r"""
    Copies a Tensor to a device: ``"CPU"`` (the host's memory); deepsink's other device is the
    accelerator JAX runs on, where Tensors are placed by default.

    Inputs:
        - **input** (Union[Tensor, list[int], tuple[int]]) - The value.
        - **to** (str, optional) - ``"CPU"``. Default: ``"CPU"``.
        - **blocking** (bool, optional) - Wait for the copy. Default: ``True``.

    Outputs:
        Tensor, on the target device.

    Raises:
        ValueError: If `to` is not ``"CPU"``.
        TypeError: If `blocking` is not a bool.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.MoveTo()(ms.Tensor([1, 2]), "CPU"))
        [1 2]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, input: Any, to: str = "CPU", blocking: bool = True) -> Tensor:
        if to != "CPU":
            raise ValueError(
                f"For 'MoveTo', 'to' must be 'CPU' (Ascend devices are not "
                f"supported), but got {to!r}"
            )
        if not isinstance(blocking, bool):
            raise TypeError(
                f"For 'MoveTo', 'blocking' must be bool, but got {type(blocking).__name__}"
            )
        data = unwrap(input) if isinstance(input, Tensor) else jnp.asarray(input)
        if isinstance(data, jax.core.Tracer):
            return Tensor._from(data)
        out = jax.device_put(data, jax.devices("cpu")[0])
        if blocking:
            out.block_until_ready()
        return Tensor._from(out)


def typeof(x: Any) -> Any:
    r"""
    The MindSpore type of a value: ``Tensor[Float32]`` for a float32 Tensor, ``Int64`` for an
    int, ``Tuple`` for a tuple...

    Args:
        x (Any): The value.

    Returns:
        mindspore.dtype, its type.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.typeof(ms.Tensor([1.0])))
        Tensor[Float32]
    """
    return mstype.get_py_obj_dtype(x)


def hastype(x: Any, type_: Any) -> bool:
    r"""
    Whether a value's type is `type_` (``mindspore.tensor_type`` matches every Tensor).

    Args:
        x (Any): The value.
        type_ (mindspore.dtype): The type.

    Returns:
        bool.

    Raises:
        TypeError: If `type_` is not a MindSpore type.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.hastype(ms.Tensor([1.0]), ms.tensor_type))
        True
    """
    if isinstance(type_, type) or not hasattr(type_, "__eq__"):
        raise TypeError(f"For 'hastype', input[1] should be Type, but got {type(type_).__name__}")
    got = typeof(x)
    if type_ is mstype.tensor_type or repr(type_) == repr(mstype.tensor_type):
        return isinstance(x, Tensor)
    return got == type_


def isconstant(x: Any) -> bool:
    r"""
    Whether a value is known before the program runs (not a traced Tensor).

    Args:
        x (Any): The value.

    Returns:
        bool.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.isconstant(ms.Tensor([1.0])))
        True
    """
    if functional.tracing() and (is_mutable(x) or is_mutable_number(x)):
        return False  # a mutable value is a variable of the program being compiled
    leaves = jax.tree_util.tree_leaves(x, is_leaf=lambda v: isinstance(v, Tensor))
    return not any(isinstance(unwrap(v), jax.core.Tracer) for v in leaves)


def is_sequence_value_unknown(x: Any) -> bool:
    r"""
    Whether a sequence's values are unknown while the program compiles: a ``mutable`` list or
    tuple inside a compiled function (MindSpore 2.10's graph query); False outside one.

    Args:
        x (Union[list, tuple]): The sequence.

    Returns:
        bool.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.is_sequence_value_unknown(ms.mutable((1, 2))))
        False
    """
    return functional.tracing() and is_mutable(x) and isinstance(x, list | tuple)


def is_sequence_shape_unknown(x: Any) -> bool:
    r"""
    Whether a sequence's length is unknown while the program compiles: a list or tuple
    ``mutable(..., dynamic_len=True)`` marked, inside a compiled function; False outside one.

    Args:
        x (Union[list, tuple]): A list or tuple, ``mutable`` marked or not.

    Returns:
        bool, True for a dynamic-length sequence of the program being compiled.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> @ms.jit
        ... def f(x):
        ...     return ops.is_sequence_shape_unknown(x)
        >>> print(f(ms.mutable([1, 2], True)), f(ms.mutable([1, 2])))
        True False
    """
    return functional.tracing() and is_dynamic_len(x)


def is_dynamic_sequence_element_unknown(x: Any) -> bool:
    r"""
    Whether a dynamic-length sequence's element type is still unknown (it is empty), inside a
    compiled function (MindSpore 2.10's graph query).

    Args:
        x (Union[list, tuple]): A sequence ``mutable(..., dynamic_len=True)`` marked.

    Returns:
        bool.

    Raises:
        TypeError: ``x`` is not a dynamic-length sequence of a compiled function.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> @ms.jit
        ... def f():
        ...     return ops.is_dynamic_sequence_element_unknown(ms.mutable([], True))
        >>> print(f())
        True
    """
    if not (functional.tracing() and is_dynamic_len(x)):
        raise TypeError("The input of IsElementUnknown should be variable length sequence.")
    return not x


def add_flags(fn: Any = None, **flags: Any) -> Any:
    r"""
    Attaches MindSpore graph-compiler flags to a function or Cell (as ``_func_graph_flags``);
    returns it.

    Args:
        fn (Union[function, Cell], optional): The function. Default: ``None`` (a decorator).
        flags (dict): The flags, bool values.

    Returns:
        The function, or a decorator when `fn` is None.

    Raises:
        TypeError: If a flag's value is not a bool.

    Examples:
        >>> from deepsink import ops
        >>> def f(x):
        ...     return x
        >>> print(ops.add_flags(f, pipeline=True)._func_graph_flags)
        {'pipeline': True}
    """
    for k, v in flags.items():
        if not isinstance(v, bool):
            raise TypeError(
                f"For 'add_flags', the flag '{k}' must be bool, but got {type(v).__name__}"
            )

    def deco(f: Any) -> Any:
        old = dict(getattr(f, "_func_graph_flags", {}) or {})
        f._func_graph_flags = {**old, **flags}
        return f

    return deco if fn is None else deco(fn)


def cond(A: Any, p: Any = None) -> Tensor:
    r"""
    The condition number of a matrix (a batch of them) in the norm `p`: ``norm(A, p) *
    norm(inv(A), p)``; for ``None``/``2``/``-2`` the ratio of the largest to the smallest
    singular value (smallest to largest for ``-2``).

    Args:
        A (Tensor): Shape :math:`(*, m, n)`; square for `p` other than None/2/-2.
        p (Union[int, float, str], optional): ``None``, ``1``, ``-1``, ``2``, ``-2``, ``inf``,
            ``-inf``, ``'fro'`` or ``'nuc'``. Default: ``None``.

    Returns:
        Tensor, shape :math:`(*)`.

    Raises:
        TypeError: If `A` is not a Tensor.
        ValueError: If `p` is not one of the norms listed.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> A = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
        >>> print(ops.cond(A, 1))
        21.0
    """
    if not isinstance(A, Tensor):
        raise TypeError(f"For 'cond', 'A' must be a Tensor, but got {type(A).__name__}")
    allowed = (None, 1, -1, 2, -2, float("inf"), float("-inf"), "fro", "nuc")
    if p not in allowed:
        raise ValueError(f"For 'cond', 'p' must be one of {allowed}, but got {p!r}")
    return Tensor._from(jnp.linalg.cond(unwrap(A), p))


class DynamicShape(Primitive):
    r"""
    The shape of a Tensor as an int64 Tensor (MindSpore's deprecated name of
    :class:`mindspore.ops.TensorShape`).

    Inputs:
        - **input_x** (Tensor) - The Tensor.

    Outputs:
        Tensor[Int64], shape :math:`(rank,)`.

    Raises:
        TypeError: If `input_x` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.DynamicShape()(ms.Tensor(np.ones((2, 3), np.float32))))
        [2 3]
    """

    def __init__(self, dtype: int = 9) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, input_x: Any) -> Tensor:
        if not isinstance(input_x, Tensor):
            raise TypeError(
                f"For 'DynamicShape', 'input_x' must be a Tensor, but got {type(input_x).__name__}"
            )
        return Tensor._from(jnp.asarray(unwrap(input_x).shape, jnp.int64))


def _mask_bytes(count: int) -> int:
    """MindSpore's mask length: a bit per element, in whole blocks of 128 bits."""
    return -(-count // 128) * 16


class DropoutGenMask(Primitive):
    r"""
    A random dropout mask packed one bit per element (bit ``i % 8`` of byte ``i // 8``, 1 =
    keep with probability `keep_prob`), padded to whole blocks of 128 bits as MindSpore's:
    a uint8 Tensor of :math:`\lceil n / 128 \rceil \cdot 16` bytes for `n` elements. Use it
    with :class:`mindspore.ops.DropoutDoMask`.

    Args:
        Seed0 (int, optional): Random seed, folded into the global random state's key
            (:func:`mindspore.set_seed`). Default: ``0``.
        Seed1 (int, optional): Random seed, folded in likewise. Default: ``0``.

    Inputs:
        - **shape** (tuple[int]) - The shape of the Tensor to mask.
        - **keep_prob** (Tensor) - 0-D, the probability of keeping an element, in (0, 1].

    Outputs:
        Tensor[UInt8], 1-D.

    Raises:
        TypeError: If `shape` is not a tuple of ints or `keep_prob` is not a Tensor.
        ValueError: If `keep_prob` is not in (0, 1].

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> mask = ops.DropoutGenMask(1, 2)((2, 3), ms.Tensor(0.5, ms.float32))
        >>> print(mask.shape, mask.dtype)
        (16,) UInt8
    """

    def __init__(self, Seed0: int = 0, Seed1: int = 0) -> None:  # noqa: N803 - MindSpore's names
        super().__init__(self.__class__.__name__)
        for name, v in (("Seed0", Seed0), ("Seed1", Seed1)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(
                    f"For 'DropoutGenMask', '{name}' must be int, but got {type(v).__name__}"
                )
        self.seed0, self.seed1 = Seed0, Seed1

    def __call__(self, shape: Any, keep_prob: Any) -> Tensor:
        if not isinstance(shape, tuple) or not all(
            isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape
        ):
            raise TypeError(
                f"For 'DropoutGenMask', 'shape' must be a tuple of non-negative "
                f"ints, but got {shape!r}"
            )
        if not isinstance(keep_prob, Tensor):
            raise TypeError(
                f"For 'DropoutGenMask', 'keep_prob' must be a Tensor, but got "
                f"{type(keep_prob).__name__}"
            )
        p = unwrap(keep_prob)
        if not isinstance(p, jax.core.Tracer) and not 0 < float(p) <= 1:
            raise ValueError(
                f"For 'DropoutGenMask', 'keep_prob' must be in (0, 1], but got {float(p)}"
            )
        count = int(np.prod(shape))
        nbytes = _mask_bytes(count)
        key = _random.next_key()  # the global RNG state (mindspore.set_seed) ...
        if self.seed0 or self.seed1:  # ... with the op's seeds folded in: its own stream
            key = jax.random.fold_in(jax.random.fold_in(key, self.seed0), self.seed1)
        keep = jax.random.uniform(key, (count,)) < p
        bits = jnp.zeros(nbytes * 8, jnp.uint8).at[:count].set(keep.astype(jnp.uint8))
        weights = (1 << jnp.arange(8, dtype=jnp.uint8)).astype(jnp.uint8)
        return Tensor._from((bits.reshape(nbytes, 8) * weights).sum(axis=1).astype(jnp.uint8))


class DropoutDoMask(Primitive):
    r"""
    Applies a bit mask of :class:`mindspore.ops.DropoutGenMask`: kept elements scaled by
    ``1 / keep_prob``, the others 0.

    Inputs:
        - **input_x** (Tensor) - The Tensor.
        - **mask** (Tensor) - uint8, the packed mask (at least one bit per element).
        - **keep_prob** (Tensor) - 0-D, the probability the mask was made with.

    Outputs:
        Tensor, the shape and dtype of `input_x`.

    Raises:
        TypeError: If `mask` is not uint8.
        ValueError: If `mask` holds fewer bits than `input_x` has elements.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> keep = ms.Tensor(1.0, ms.float32)
        >>> mask = ops.DropoutGenMask()((2, 2), keep)
        >>> print(ops.DropoutDoMask()(ms.Tensor(np.ones((2, 2), np.float32)), mask, keep))
        [[1. 1.]
         [1. 1.]]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, input_x: Any, mask: Any, keep_prob: Any) -> Tensor:
        x, m, p = unwrap(input_x), unwrap(mask), unwrap(keep_prob)
        if m.dtype != jnp.uint8:
            raise TypeError(f"For 'DropoutDoMask', 'mask' must be uint8, but got {m.dtype}")
        if m.size * 8 < x.size:
            raise ValueError(
                f"For 'DropoutDoMask', 'mask' holds {m.size * 8} bits, fewer than "
                f"the {x.size} elements of 'input_x'"
            )
        bits = (m.reshape(-1, 1) >> jnp.arange(8, dtype=jnp.uint8)) & 1
        keep = bits.reshape(-1)[: x.size].reshape(x.shape).astype(bool)
        scaled = x / jnp.asarray(p, x.dtype)
        return Tensor._from(jnp.where(keep, scaled, jnp.zeros((), x.dtype)))


class FloatStatus(Primitive):
    r"""
    Whether a Tensor holds a NaN or an infinity: ``[1.]`` if it does, ``[0.]`` otherwise, in
    the input's dtype.

    Inputs:
        - **x** (Tensor) - float16, float32 or float64.

    Outputs:
        Tensor, shape :math:`(1,)`, the dtype of `x`.

    Raises:
        TypeError: If `x` is not a float16, float32 or float64 Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.FloatStatus()(ms.Tensor(np.array([1.0, np.inf], np.float32))))
        [1.]
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, x: Any) -> Tensor:
        if not isinstance(x, Tensor) or x.dtype not in (
            mstype.float16,
            mstype.float32,
            mstype.float64,
        ):
            raise TypeError(
                f"For 'FloatStatus', 'x' must be a float16, float32 or float64 "
                f"Tensor, but got {getattr(x, 'dtype', type(x).__name__)}"
            )
        data = unwrap(x)
        bad = jnp.logical_not(jnp.isfinite(data).all())
        return Tensor._from(bad.astype(data.dtype).reshape(1))


J = unsupported(
    "mindspore.ops",
    "J",
    "it is the node of MindSpore's IR that its automatic differentiation pass expands; "
    "differentiate with mindspore.grad, value_and_grad, jvp or vjp",
    kind="function",
)

__all__ = ["UpdateState", "Reusing", "SelectView", "MoveTo", "typeof", "hastype", "isconstant",
           "is_sequence_value_unknown", "is_sequence_shape_unknown",
           "is_dynamic_sequence_element_unknown",
           "add_flags", "cond", "DynamicShape", "DropoutGenMask", "DropoutDoMask",
           "FloatStatus", "J"]  # fmt: skip
