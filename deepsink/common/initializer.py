"""Initializers with MindSpore's semantics (``initializer(init, shape, dtype)`` returns a Tensor).

Each initializer fills a NumPy array in place (``_initialize(arr)``, MindSpore's protocol, which
user-defined initializers implement too). The random ones draw a seed from NumPy's global
generator and fill from MindSpore's host Philox streams (``_core/host_random.py``), so after
``set_seed(n)`` a network starts from the same weights as on MindSpore 2.10. The seed is drawn when
a Tensor's values are made (its first read, or the Parameter made from it), not when
``initializer`` returns, as MindSpore's ``init_data``.
"""

from __future__ import annotations

import math
from numbers import Number
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import host_random
from deepsink.common import dtype as mstype
from deepsink.common import tensor as _tensor
from deepsink.common.tensor import Tensor


def _fans(shape: tuple[int, ...]) -> tuple[int, int]:
    """MindSpore's fan computation: dims 0/1 are out/in, the rest is the receptive field."""
    if len(shape) < 2:
        raise ValueError(
            f"For 'initializer', fan in/out need a shape of rank >= 2, but got shape {list(shape)}"
        )
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity: str, param: float | None = None) -> float:
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"For 'initializer', 'nonlinearity' {nonlinearity!r} is not supported")


def _assign(arr: np.ndarray, values: Any) -> np.ndarray:
    """Store ``values`` into ``arr`` in ``arr``'s dtype (a 0-d array included); ``arr``."""
    arr[...] = values
    return arr


class Initializer:
    """Base of the initializers: a subclass fills the array it is given in place.

    Subclasses (deepsink's and a user's own, as in MindSpore) implement ``_initialize(arr)``;
    ``initializer(init, shape, dtype)`` hands them a zero array of the target dtype.
    """

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs = kwargs

    def _initialize(self, arr: np.ndarray) -> None:
        raise NotImplementedError(
            f"{type(self).__name__} must implement _initialize(self, arr), which fills arr"
        )

    def __call__(self, arr: np.ndarray) -> None:
        """MindSpore's in-place form: fill ``arr``."""
        return self._initialize(arr)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if k != "_kwargs")
        return f"{type(self).__name__}({args})"


class Zero(Initializer):
    def _initialize(self, arr):
        _assign(arr, 0)


class One(Initializer):
    def _initialize(self, arr):
        _assign(arr, 1)


class Constant(Initializer):
    def __init__(self, value: float) -> None:
        self.value = value

    def _initialize(self, arr):
        _assign(arr, self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        self.sigma, self.mean = sigma, mean

    def _initialize(self, arr):
        _assign(arr, host_random.normal(host_random.numpy_seed(), arr.shape, self.mean, self.sigma))


class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale: float = 0.07) -> None:
        self.scale = scale

    def _initialize(self, arr):
        seed = host_random.numpy_seed()
        _assign(arr, host_random.uniform(seed, arr.shape, -self.scale, self.scale))


class TruncatedNormal(Initializer):
    """N(mean, sigma) restricted to the ABSOLUTE interval [a, b] (MindSpore's meaning of a, b)."""

    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0, b: float = 2.0):
        if a >= b:
            raise ValueError(
                f"For 'TruncatedNormal', 'a' must be less than 'b', but got a={a}, b={b}"
            )
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _initialize(self, arr):
        seed = host_random.numpy_seed()
        values = host_random.truncated_normal(
            seed, arr.shape, self.a, self.b, self.mean, self.sigma
        )
        _assign(arr, values)


class HeUniform(Initializer):
    def __init__(
        self, negative_slope: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu"
    ):
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _initialize(self, arr):
        # 2.10's own order of operations, so the float32 bound rounds as there
        std = _gain(self.nonlinearity, self.negative_slope) / math.sqrt(self._fan(arr.shape))
        bound = math.sqrt(3.0) * std
        _assign(arr, host_random.uniform(host_random.numpy_seed(), arr.shape, -bound, bound))

    def _fan(self, shape):
        fan_in, fan_out = _fans(shape)
        return fan_in if self.mode == "fan_in" else fan_out


class HeNormal(HeUniform):
    def _initialize(self, arr):
        std = _gain(self.nonlinearity, self.negative_slope) / math.sqrt(self._fan(arr.shape))
        _assign(arr, host_random.normal(host_random.numpy_seed(), arr.shape, 0.0, std))


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1) -> None:
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        _assign(arr, host_random.uniform(host_random.numpy_seed(), arr.shape, -bound, bound))


class XavierNormal(XavierUniform):
    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape)
        std = self.gain * math.sqrt(2.0 / float(fan_in + fan_out))
        _assign(arr, host_random.normal(host_random.numpy_seed(), arr.shape, 0.0, std))


class Identity(Initializer):
    """Generates a 2-D identity matrix (``numpy.eye``; a non-square shape gets ones on the diagonal).

    Raises:
        ValueError: If the initialized tensor is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, Identity
        >>> print(initializer(Identity(), [2, 3], ms.float32))
        [[1. 0. 0.]
         [0. 1. 0.]]
    """

    def _initialize(self, arr):
        if arr.ndim != 2:
            raise ValueError(
                "For Identity initializer, the dimension of the initialized tensor should be 2, "
                f"but got {arr.ndim}."
            )
        _assign(arr, np.eye(arr.shape[0], arr.shape[1]))


class Sparse(Initializer):
    """Generates a 2-D sparse matrix: values from N(0, sigma), ``ceil(sparsity * rows)`` zeros per column.

    Args:
        sparsity (float): The fraction of elements being set to zero in each column.
        sigma (float, optional): The standard deviation of the normal distribution. Default: ``0.01``.

    Raises:
        ValueError: If the initialized tensor is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, Sparse
        >>> x = initializer(Sparse(sparsity=0.5, sigma=0.1), [4, 3], ms.float32)
        >>> print((x.asnumpy() == 0).sum(axis=0))
        [2 2 2]
    """

    def __init__(self, sparsity: float, sigma: float = 0.01) -> None:
        self.sparsity, self.sigma = sparsity, sigma

    def _initialize(self, arr):
        if arr.ndim != 2:
            raise ValueError(
                "For Sparse initializer, the dimension of the initialized tensor should be 2, "
                f"but got {arr.ndim}."
            )
        if self.sigma < 0:
            raise ValueError(f"For Sparse initializer, 'sigma' must be >= 0, but got {self.sigma}.")
        rows, cols = arr.shape
        zero_num = int(np.ceil(self.sparsity * rows))
        data = host_random.normal(host_random.numpy_seed(), arr.shape, 0.0, self.sigma)
        for col in range(cols):  # the zeros' rows come from NumPy's global generator, as in 2.10
            data[np.random.permutation(list(range(rows)))[:zero_num], col] = 0.0
        _assign(arr, data)


class Dirac(Initializer):
    """Generates the Dirac delta for a 3-D/4-D/5-D convolution weight (each group maps input channel
    ``i`` to output channel ``i`` through the kernel's centre), so the convolution starts as an identity.

    Args:
        groups (int, optional): The number of groups in the convolution layer; each group gets the
            same initialization. Default: ``1``.

    Raises:
        ValueError: If the initialized tensor's dimension is not 3, 4 or 5.
        ValueError: If the first dimension is not divisible by `groups`.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, Dirac
        >>> print(initializer(Dirac(groups=2), [2, 1, 3], ms.float32))
        [[[0. 1. 0.]]
         [[0. 1. 0.]]]
    """

    def __init__(self, groups: int = 1) -> None:
        self.groups = groups

    def _initialize(self, arr):
        shape = arr.shape
        dim = len(shape)
        if dim not in (3, 4, 5):
            raise ValueError(
                "For Dirac initializer, only support to initialize tensor with dimension of "
                f"3, 4 or 5, but got {dim}."
            )
        if shape[0] % self.groups != 0:
            raise ValueError(
                "For Dirac initializer, the first dimension of the initialized tensor must be "
                f"divisible by groups, but got first dimension {shape[0]}, groups {self.groups}."
            )
        data = np.zeros(shape)
        per_group = shape[0] // self.groups
        centre = tuple(s // 2 for s in shape[2:])
        for group in range(self.groups):
            for i in range(min(per_group, shape[1])):
                data[(group * per_group + i, i, *centre)] = 1.0
        _assign(arr, data)


class Orthogonal(Initializer):
    """Generates a (semi-)orthogonal matrix: the Q of the QR decomposition of a standard normal
    sample, sign-corrected by R's diagonal, times `gain`. Trailing dimensions are flattened.

    Args:
        gain (float, optional): An optional scaling factor. Default: ``1.0``.

    Raises:
        ValueError: If the initialized tensor has fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, Orthogonal
        >>> w = initializer(Orthogonal(gain=2.), [3, 4], ms.float32).asnumpy()
        >>> print(np.allclose(w @ w.T, 4 * np.eye(3), atol=1e-5))
        True
    """

    def __init__(self, gain: float = 1.0) -> None:
        self.gain = gain

    def _initialize(self, arr):
        if arr.ndim < 2:
            raise ValueError(
                "For Orthogonal initializer, the dimension of the initialized tensor should be "
                f"no less than 2, but got {arr.ndim}."
            )
        rows = arr.shape[0]
        cols = int(np.prod(arr.shape)) // rows
        data = host_random.normal(host_random.numpy_seed(), (rows, cols), 0.0, 1.0)
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)  # in float32, as 2.10 computes it
        q *= np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        _assign(arr, (q * self.gain).reshape(arr.shape))


class VarianceScaling(Initializer):
    r"""Generates values whose scale adapts to the weight's fans: ``scale / n`` with ``n`` the fan in,
    the fan out or their average (`mode`), then a normal of std :math:`\sqrt{scale / n}`
    (``'untruncated_normal'``) or a uniform in :math:`\pm\sqrt{3 \cdot scale / n}`.

    As in MindSpore 2.10, ``distribution='truncated_normal'`` (the default) samples that uniform
    distribution too: 2.10 tests for the spelling ``'truncated_norm'``, which its own argument check
    refuses, so its truncated branch never runs. deepsink keeps 2.10's numbers.

    Args:
        scale (float, optional): The scaling factor. Default: ``1.0``.
        mode (str, optional): ``'fan_in'``, ``'fan_out'`` or ``'fan_avg'``. Default: ``'fan_in'``.
        distribution (str, optional): ``'uniform'``, ``'truncated_normal'`` or
            ``'untruncated_normal'``. Default: ``'truncated_normal'``.

    Raises:
        ValueError: If `scale` is not greater than 0.
        ValueError: If `mode` is not ``'fan_in'``, ``'fan_out'`` or ``'fan_avg'``.
        ValueError: If `distribution` is not ``'uniform'``, ``'truncated_normal'`` or
            ``'untruncated_normal'``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, VarianceScaling
        >>> w = initializer(VarianceScaling(scale=0.5, mode='fan_out', distribution='uniform'),
        ...                 [2, 3], ms.float32)
        >>> print(w.shape, bool((abs(w.asnumpy()) <= (3 * 0.5 / 2) ** 0.5).all()))
        (2, 3) True
    """

    def __init__(
        self, scale: float = 1.0, mode: str = "fan_in", distribution: str = "truncated_normal"
    ) -> None:
        if scale <= 0.0:
            raise ValueError(
                "For VarianceScaling initializer, the argument 'scale' must be greater than 0, "
                f"but got {scale}."
            )
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(
                "For VarianceScaling initializer, the argument 'mode' must be fan_in, fan_out or "
                f"fan_avg, but got {mode}."
            )
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(
                "For VarianceScaling initializer, the argument 'distribution' must be uniform, "
                f"truncated_normal or untruncated_normal, but got {distribution}."
            )
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        seed = host_random.numpy_seed()
        if self.distribution == "untruncated_normal":
            _assign(arr, host_random.normal(seed, arr.shape, 0.0, np.sqrt(scale)))
            return
        limit = np.sqrt(3.0 * scale)  # 'uniform' and, as in 2.10, 'truncated_normal'
        _assign(arr, host_random.uniform(seed, arr.shape, -limit, limit))


_BY_NAME: dict[str, type[Initializer]] = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal, "uniform": Uniform,
    "truncatednormal": TruncatedNormal, "truncated_normal": TruncatedNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal, "henormal": HeNormal,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
    "identity": Identity, "sparse": Sparse, "dirac": Dirac, "orthogonal": Orthogonal,
    "variancescaling": VarianceScaling,
}  # fmt: skip


def initializer(init: Any, shape: Any = None, dtype: Any = mstype.float32) -> Tensor:
    """A Tensor of ``shape``/``dtype`` filled by ``init`` (name, Initializer, number or array).

    Args:
        init (Union[str, Initializer, numbers.Number, Tensor, numpy.ndarray]): ``'zeros'``, ``'ones'``,
            ``'normal'``, ``'xavier_uniform'``, an Initializer such as ``Normal(0.02)``, a constant, or data.
        shape (Union[int, tuple[int], list[int]], optional): the shape. Default: ``None``.
        dtype (mindspore.dtype): the dtype. Default: ``mstype.float32``.

    Returns:
        Tensor, of ``shape`` and ``dtype``, whose values ``init`` makes at their first read
        (``asnumpy``, ``init_data``, an op, a ``Parameter`` made from it): a random initializer
        draws its seed then, as MindSpore does, so ``set_seed`` gives MindSpore's values whatever
        the order the Tensors are read in.

    Raises:
        ValueError: ``shape`` holds a dimension that is not a positive int.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.common.initializer import initializer, One
        >>> print(initializer('zeros', (2, 2)))
        [[0. 0.]
         [0. 0.]]
        >>> print(initializer(One(), [3], ms.float16))
        [1. 1. 1.]
    """
    return _make(init, shape, dtype, True)


def _make(init: Any, shape: Any, dtype: Any, positive: bool) -> Tensor:
    """``initializer``'s Tensor; ``positive``: every dimension must be positive, as
    ``initializer`` requires (``Tensor(shape=..., init=...)`` allows an empty one)."""
    if isinstance(shape, int):
        shape = (shape,)
    shape = tuple(shape) if shape is not None else None
    np_dtype = mstype.to_np(dtype)
    if isinstance(init, Tensor | np.ndarray | jax.Array):
        arr = init._data if isinstance(init, Tensor) else jnp.asarray(init)
        if shape is not None and tuple(arr.shape) != shape:
            raise ValueError(
                f"For 'initializer', the shape of the given tensor must be {list(shape)}, "
                f"but got {list(arr.shape)}"
            )
        return Tensor._from(arr.astype(np_dtype))
    if shape is None:
        raise ValueError(f"For 'initializer', 'shape' must be given for init={init!r}")
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(
                f"For 'initializer', 'init' must be one of {sorted(_BY_NAME)}, but got {init!r}"
            )
        init = cls()
    elif isinstance(init, Number) and not isinstance(init, bool):
        init = Constant(init)
    if not isinstance(init, Initializer):
        raise TypeError(
            "For 'initializer', 'init' must be a str, Initializer, number or Tensor, "
            f"but got {type(init).__name__}"
        )
    for d in shape if positive else ():
        if isinstance(d, bool) or not isinstance(d, int | np.integer) or d <= 0:
            raise ValueError(
                "For 'initializer', the argument 'shape' is invalid, the value of 'shape' must be "
                f"positive integer, but got {shape}"
            )
    return _deferred(init, shape, np_dtype)


def _deferred(init: Any, shape: tuple[int, ...], np_dtype: Any) -> Tensor:
    """A Tensor that ``init`` fills at the first read of its values (MindSpore's ``init_data``):
    a random initializer draws its seed then, so Tensors read in another order than they were
    made get the seeds in the order they are read, as in MindSpore."""

    def fill() -> jax.Array:
        arr = np.zeros(shape, np_dtype)
        init(arr)
        return jax.device_put(arr)  # jnp.asarray would compile a program per shape and dtype

    return Tensor._deferred(fill, shape, np_dtype)


_tensor.register_provider(
    "init_sampler", lambda init, shape, dtype: _make(init, shape, dtype, False)
)


# MindSpore's private name for the fan computation, which model-zoo weight-init code imports
_calculate_fan_in_and_fan_out = _fans
_assignment = _assign  # MindSpore's name, which libraries' own initializers import

# ``from mindspore.common.initializer import *``: the initializers, not this module's imports
from deepsink._core.public import public_names as _public_names  # noqa: E402

__all__ = _public_names(globals())
