"""``mindspore.dataset.transforms.transforms``: Compose, TypeCast, OneHot, PyFunc (the base class
and PyFunc live in ``operation``, which the other transform modules build on)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype
from deepsink.dataset.transforms import validators as _validators
from deepsink.dataset.transforms.operation import (  # noqa: F401 (MindSpore's module holds them)
    PyFunc,
    PyTensorOperation,
    TensorOperation,
    _as_tensor,
    as_operation,
    eager_draws,
    eager_uniforms,
    is_pil,
)


def flatten(operations: Any) -> list[TensorOperation]:
    """A map's operations as a flat list (Compose unrolled; plain callables wrapped as PyFunc)."""
    ops = operations if isinstance(operations, list | tuple) else [operations]
    if not ops:
        fail_arg("map", "operations", "a non-empty list of transforms", operations)
    flat: list[TensorOperation] = []
    for op in ops:
        if type(op) is type:  # MindSpore's checks: HWC2CHW given for HWC2CHW()
            raise ValueError(
                "Parameter operations's element of method map should be a dataset processing "
                f"operation instance, but got: {op}. It may be missing parentheses for "
                "instantiation."
            )
        if not callable(op):
            raise ValueError(
                "Parameter operations's element of method map should be a python function or "
                f"class method which should be callable, but got: {op}. It doesn't need "
                "parentheses for python function or class method."
            )
        if isinstance(op, Compose):
            flat.extend(op.transforms)
        else:
            flat.append(as_operation(op))
    return flat


class Compose(TensorOperation):
    """Apply ``transforms`` one after another.

    Args:
        transforms (Sequence[Callable]): the transforms, applied in order.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> op = transforms.Compose([transforms.Fill(2), transforms.TypeCast(np.float32)])
        >>> print(op(x))
        [2. 2. 2.]
    """

    batched = False

    @_validators.check_random_transform_ops
    def __init__(self, transforms: Sequence[Any]) -> None:
        self.transforms = flatten(list(transforms))

    def __call__(self, *inputs: Any) -> Any:
        """Eagerly, as MindSpore 2.10: a PIL input or a Python-only transform (``ToPIL``,
        ``Grayscale``, ...) runs the Python composition, which returns a tuple of the outputs;
        otherwise the C++ composition returns one array (a tuple for several outputs) and holds
        what each Python function returns as arrays (a PIL image it returns goes on as numpy)."""
        if not inputs:
            raise RuntimeError("Input Tensor is not valid.")
        python = (len(inputs) == 1 and is_pil(inputs[0])) or any(
            op.python_only for op in self.transforms
        )
        out = self._chain(*inputs, arrays=not python)
        if python and not isinstance(out, tuple):
            return (out,)
        return out

    def _chain(self, *inputs: Any, arrays: bool = False) -> Any:
        out: Any = tuple(x if is_pil(x) else np.asarray(x) for x in inputs)
        for op in self.transforms:
            out = op(*(out if isinstance(out, tuple) else (out,)))
            if arrays and isinstance(op, PyFunc):
                out = tuple(map(np.asarray, out)) if isinstance(out, tuple) else np.asarray(out)
        return out

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self._chain(*xs)

    apply_one = apply


class TypeCast(TensorOperation):
    """Cast to ``data_type`` (a deepsink dtype such as ``mstype.int32``, a numpy dtype or its
    name). Strings cast only to strings (MindSpore raises RuntimeError for string -> number).

    Args:
        data_type (Union[mindspore.dtype, numpy.dtype, str]): the target type.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> x = np.array([1, 2, 3])
        >>> print(transforms.TypeCast(np.float32)(x))
        [1. 2. 3.]
    """

    traceable = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        import inspect

        from deepsink.dataset.core.validator_helpers import type_check

        def signature(data_type: Any) -> None: ...

        data_type = inspect.signature(signature).bind(*args, **kwargs).arguments["data_type"]
        # a deepsink dtype, or anything numpy reads as a dtype (``float``, ``"int32"``, ...), as in
        # MindSpore; a type it cannot run is refused when it runs
        if isinstance(data_type, mstype.Type):
            self._np = np.dtype(mstype.to_np(data_type))
        else:
            try:
                self._np = np.dtype(data_type) if data_type is not None else None
            except (TypeError, ValueError):
                self._np = None
            if self._np is None:
                type_check(data_type, (mstype.Type, np.dtype), "data_type")
        self.data_type = data_type

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        target = self._np
        if target.kind not in "biufU":
            raise RuntimeError("TypeCast: Invalid data type")
        if x.dtype.kind in "US" and target.kind not in "US":
            raise RuntimeError(
                f"TypeCast: TypeCast does not support cast from string to {target.name}"
            )
        if target.kind in "US" and x.dtype.kind not in "US" and x.size:
            # MindSpore builds a string tensor only from strings
            raise RuntimeError(
                "Failed to create empty tensor, number of elements should be 0 when data type "
                "is string."
            )
        return x.astype(target)

    apply = apply_batch

    def parse(self) -> TensorOperation:
        """The engine operation that runs this op (MindSpore's ``parse``): deepsink's ops run
        themselves; a library's op defined on MindSpore's engine returns one of
        ``mindspore._c_dataengine``'s, or a built-in op's ``parse()``."""
        return self

    def jax_fn(self, x: Any, key: Any) -> Any:
        return x.astype(self._np)


class OneHot(TensorOperation):
    """Label ``i`` (an int scalar or 1-D array per row) to a one-hot vector of ``num_classes``.

    Without label smoothing the vector has the label's dtype; with ``smoothing_rate`` ``r`` it
    is float64, ``1 - r + r / num_classes`` at the label and ``r / num_classes`` elsewhere.

    Args:
        num_classes (int): the number of classes.
        smoothing_rate (float): label smoothing, in [0, 1]. Default: ``0.0``.

    Raises:
        TypeError: ``num_classes`` is not an int, or ``smoothing_rate`` is not a number.
        ValueError: ``num_classes`` is not positive, or ``smoothing_rate`` is outside [0, 1].
        RuntimeError: a label is not an int, has rank above 1, or is ``num_classes`` or more.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> print(transforms.OneHot(3)(np.array(1)))
        [0 1 0]
        >>> print(transforms.OneHot(4, smoothing_rate=0.2)(np.array(2)))
        [0.05 0.05 0.85 0.05]
    """

    traceable = True

    def __init__(self, num_classes: int, smoothing_rate: float = 0.0) -> None:
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            fail_arg("OneHot", "num_classes", "an int", num_classes, TypeError)
        if num_classes <= 0:
            raise ValueError("Input must be greater than 0.")
        if isinstance(smoothing_rate, bool) or not isinstance(smoothing_rate, int | float):
            fail_arg("OneHot", "smoothing_rate", "a float", smoothing_rate, TypeError)
        if not 0.0 <= smoothing_rate <= 1.0:
            raise ValueError(
                "Input smoothing_rate is not within the required interval of [0.0, 1.0]."
            )
        self.num_classes = num_classes
        self.smoothing_rate = float(smoothing_rate)
        # smoothed labels are float64, which a compiled step (float32) would not keep
        self.traceable = not self.smoothing_rate

    def _check(self, x: np.ndarray, rank: int) -> None:
        if rank > 1:
            raise RuntimeError(f"OneHot: Only support scalar or 1D input, got rank: {rank}")
        if not np.issubdtype(x.dtype, np.integer):
            raise RuntimeError(f"OneHot: Only support input of int type, but got: {x.dtype}")
        if x.size and int(x.max()) >= self.num_classes:
            raise RuntimeError(
                f"OneHot: index values should not bigger than num classes: {self.num_classes}, "
                f"but got: {int(x.max())}"
            )

    def _encode(self, x: np.ndarray) -> np.ndarray:
        hot = x[..., None] == np.arange(self.num_classes)
        if not self.smoothing_rate:
            return hot.astype(x.dtype)
        off = self.smoothing_rate / self.num_classes
        return np.where(hot, 1.0 - self.smoothing_rate + off, off)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        x = x.reshape([d for d in x.shape if d != 1])  # MindSpore squeezes the label first
        self._check(x, x.ndim)
        return self._encode(x)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        x = x.reshape(x.shape[0], *[d for d in x.shape[1:] if d != 1])
        self._check(x, x.ndim - 1)
        return self._encode(x)

    def parse(self) -> TensorOperation:
        """The engine operation that runs this op (MindSpore's ``parse``): deepsink's ops run
        themselves; a library's op defined on MindSpore's engine returns one of
        ``mindspore._c_dataengine``'s, or a built-in op's ``parse()``."""
        return self

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax.numpy as jnp

        x = x.reshape(x.shape[0], *[d for d in x.shape[1:] if d != 1])
        classes = jnp.arange(self.num_classes, dtype=x.dtype).reshape((1,) * x.ndim + (-1,))
        return (x[..., None] == classes).astype(x.dtype)


def not_random(function: Callable) -> Callable:
    """Mark a Python function as deterministic (``function.random = False``), as MindSpore does
    so that its dataset cache may keep the function's output; deepsink has no dataset cache, so
    the mark is only carried.

    Args:
        function (Callable): the Python function.

    Returns:
        Callable, the same function, marked.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.transforms as transforms
        >>> @transforms.not_random
        ... def scale(x):
        ...     return x * 2
        >>> print(scale.random)
        False
    """
    function.random = False
    return function


# MindSpore's module holds the other general transforms too; deepsink builds them in
# ``tensor_ops`` on this module's base classes, so they are looked up here on first use.
_IN_TENSOR_OPS = frozenset(
    {
        "Concatenate",
        "Duplicate",
        "Fill",
        "Mask",
        "PadEnd",
        "Plugin",
        "RandomApply",
        "RandomChoice",
        "RandomOrder",
        "Relational",
        "Slice",
        "Unique",
    }
)


def __getattr__(name: str) -> Any:
    if name in _IN_TENSOR_OPS:
        from deepsink.dataset.transforms import tensor_ops

        return getattr(tensor_ops, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
