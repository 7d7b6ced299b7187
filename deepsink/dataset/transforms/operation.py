"""The transform base class every dataset transform derives from (``TensorOperation``), the
wrapper of plain Python callables (``PyFunc``) and the helpers random transforms draw with.

Every transform runs three ways with the same result:

- eagerly on one sample, ``op(x)`` (numpy in, numpy out), as in MindSpore 2.x;
- in the pipeline on a stacked batch of samples, ``op.apply_batch(x, u)`` (one vectorised call per
  block of rows instead of one call per row);
- for traceable ops, inside a compiled JAX step, ``op.jax_fn(x, key)`` (see ``engine/device.py``).

Random transforms draw ``random_draws`` uniforms per sample. The pipeline derives them from the
seed, the map operation and the sample's position, so a sample's augmentation does not depend on
the order or the grouping in which rows are processed (per row, per batch, in a worker); ``u``
holds them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.dataset import config
from deepsink.dataset.core.std_random import Draws
from deepsink.dataset.transforms.py_transforms_util import Implementation

_eager = {"key": None, "rng": None}


def is_pil(x: Any) -> bool:
    """A PIL image (checked without importing PIL when it is not loaded)."""
    import sys

    cls = getattr(sys.modules.get("PIL.Image"), "Image", None)  # None while PIL still imports
    return isinstance(cls, type) and isinstance(x, cls)


def eager_uniforms(n: int) -> np.ndarray:
    """Uniforms for an eager call of a random op (seeded by ``config.set_seed``)."""
    key = (config.get_seed(), config._state["seed_set"], config._state["seed_calls"])
    if _eager["key"] != key:
        seed = config.get_seed() if key[1] else None
        _eager["key"], _eager["rng"] = key, np.random.default_rng(seed)
    return _eager["rng"].random(n)


def eager_draws(op: TensorOperation, x: Any = None) -> np.ndarray | None:
    """The uniforms of an eager call of ``op`` on ``x`` (``None`` for a deterministic op). Under
    ``config.set_seed``, an op that names its C++ distribution (``seeded_draw``) draws what
    MindSpore's eager call draws: from its freshly seeded generator, every call (a
    ``"sequence"`` op returns its parameters for ``x``, drawn from ``mt19937(seed)``)."""
    if not op.random_draws:
        return None
    draw = getattr(op, "seeded_draw", None)
    if draw is not None and config._state["seed_set"]:
        if draw == "sequence":
            params = op.seeded_params(Draws.seeded(config.get_seed()), x)
            return np.array(params, np.int64)
        from deepsink.dataset.engine.worker_streams import first_draw

        return first_draw(config.get_seed(), draw)
    return eager_uniforms(op.random_draws)


def _as_tensor(x: Any) -> np.ndarray:
    """An eager input as the array MindSpore's tensor holds: objects (``None`` among strings, ...)
    are refused as MindSpore refuses to build the tensor."""
    arr = np.asarray(x)
    if arr.dtype == object:
        raise TypeError(f"Invalid user input. Got {type(x)}: {x}, cannot be converted into tensor.")
    return arr


class TensorOperation:
    """Base of every dataset transform.

    Subclasses implement ``apply`` (one sample) and/or ``apply_batch`` (rows stacked on axis 0);
    each default calls the other. Class flags tell the engine what it may do with the op:

    - ``batched``: ``apply_batch`` is vectorised, so a block of equal-shaped rows runs in one call;
    - ``traceable``: ``jax_fn`` exists, so the op may move into the compiled device step;
    - ``random_draws``: uniforms in [0, 1) drawn per sample;
    - ``ragged_batch``: ``apply_batch`` also takes columns whose rows differ in shape (a list of
      the rows' arrays, as the pipeline holds them), so such a block runs in one call too.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> class AddOne(transforms.TensorOperation):
        ...     def apply(self, x, u=None):
        ...         return np.asarray(x) + 1
        >>> print(AddOne()(np.array([1, 2])))
        [2 3]
    """

    batched: ClassVar[bool] = True
    traceable: ClassVar[bool] = False
    random_draws: ClassVar[int] = 0
    ragged_batch: ClassVar[bool] = False
    # MindSpore implements the op in Python only (its ``Implementation.PY``): a Compose holding
    # one returns its result as a tuple, as MindSpore's Python composition does
    python_only: ClassVar[bool] = False

    def __call__(self, *inputs: Any) -> Any:
        if getattr(self, "implementation", None) == Implementation.PY:
            return self._execute_py(*inputs)
        arrays = [x if is_pil(x) else _as_tensor(x) for x in inputs]
        return self.apply_one(*arrays, u=eager_draws(self, arrays[0] if arrays else None))

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        """The op on one sample that may be a PIL image: ops with a PIL implementation (``pil``)
        keep PIL images PIL, as MindSpore's eager ops do; others see the image as numpy."""
        if xs and is_pil(xs[0]):
            pil = getattr(self, "pil", None)
            if pil is not None:
                return pil(*xs, u=u)
            xs = (np.asarray(xs[0]), *xs[1:])
        return self.apply(*xs, u=u)

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        """The op on one sample. An op defined the way MindSpore defines its own (by the engine
        operation its ``parse()`` returns, or with ``implementation`` ``PY`` by ``_execute_py``)
        runs that."""
        if getattr(self, "implementation", None) == Implementation.PY:
            return self._execute_py(*xs)
        if type(self).parse is not TensorOperation.parse:
            return self.parse().apply_one(*xs, u=u)
        out = self.apply_batch(*(x[None] for x in xs), u=None if u is None else u[None])
        return out[0]

    def apply_batch(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        """The op on a batch of samples stacked on axis 0."""
        rows = [self.apply(*r, u=None if u is None else u[i]) for i, r in enumerate(zip(*xs))]
        return np.stack(rows)

    def parse(self) -> TensorOperation:
        """The engine operation that runs this op (MindSpore's ``parse``): deepsink's ops run
        themselves; a library's op defined on MindSpore's engine returns one of
        ``mindspore._c_dataengine``'s, or a built-in op's ``parse()``."""
        return self

    def jax_fn(self, x: Any, key: Any) -> Any:
        """The op on a batch in a JAX trace (``key``: a PRNG key; deterministic ops ignore it)."""
        raise NotImplementedError(f"{type(self).__name__} has no JAX implementation")

    @property
    def name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if not k.startswith("_"))
        return f"{self.name}({args})"


class PyTensorOperation:
    """Base of the ops implemented in Python (MindSpore's): a call runs ``_execute_py``.

    Examples:
        >>> import deepsink.dataset.transforms as transforms
        >>> class Twice(transforms.transforms.PyTensorOperation):
        ...     def _execute_py(self, x):
        ...         return x * 2
        >>> print(Twice()(21))
        42
    """

    def __init__(self) -> None:
        self.transforms: list = []
        self.output_type = None

    def __call__(self, x: Any) -> Any:
        return self._execute_py(x)


class PyFunc(TensorOperation):
    """Any Python callable as a per-sample op (MindSpore's PyFunc): called once per row.

    Args:
        fn (Callable): the function, called with the columns of a row.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.PyFunc(lambda a: a * 10)(x))
        [10 20 30]
    """

    batched = False

    def __init__(self, fn: Callable[..., Any]) -> None:
        if not callable(fn):
            fail_arg("map", "operations", "a transform or a callable", fn, TypeError)
        self.fn = fn

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        return self.apply(*xs, u=u)

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        out = self.fn(*xs)
        if isinstance(out, tuple):  # a tuple is several columns; a list is one (MindSpore)
            return tuple(o if is_pil(o) else np.asarray(o) for o in out)
        return out if is_pil(out) else np.asarray(out)

    def apply_batch(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        raise NotImplementedError  # the engine never batches a PyFunc

    @property
    def name(self) -> str:
        return f"PyFunc({getattr(self.fn, '__name__', type(self.fn).__name__)})"


def as_operation(op: Any) -> TensorOperation:
    return op if isinstance(op, TensorOperation) else PyFunc(op)
