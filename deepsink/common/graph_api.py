"""Graph-compilation controls of MindSpore's ``mindspore.graph`` API, as they apply to XLA:
``set_recursion_limit``, ``ms_memory_recycle``, the shape ``Symbol``, ``enable_dynamic``, the
inlining hints ``lazy_inline`` / ``no_inline`` and the syntax levels ``STRICT``, ``COMPATIBLE``,
``LAX``; the saved-tensor hooks and graph FLOPs query are refused.

deepsink compiles by tracing Python with JAX, so the call depth of a traced function is Python's
call depth, and a compiled function is specialized to its input shapes.
"""

from __future__ import annotations

import functools
import gc
import inspect
import sys
import warnings
from collections.abc import Callable
from typing import Any

import jax

from deepsink._core.unsupported import unsupported
from deepsink.common.symbol import Symbol as Symbol

# MindSpore's jit_syntax_level values (mindspore.context)
STRICT = 0
COMPATIBLE = 1
LAX = 2

_warned: set[str] = set()


def _warn_once(name: str, message: str) -> None:
    if name not in _warned:
        _warned.add(name)
        warnings.warn(message, stacklevel=3)


def set_recursion_limit(recursion_limit: int = 1000) -> None:
    """Allow traced (graph-mode) functions to nest calls ``recursion_limit`` deep.

    deepsink traces Python, so this sets Python's recursion limit to ``recursion_limit`` frames
    beyond the frames already on the stack.

    Args:
        recursion_limit (int, optional): a positive depth. Default: ``1000``.

    Raises:
        TypeError: if ``recursion_limit`` is not an int.
        ValueError: if it is not positive.

    Examples:
        >>> import sys
        >>> import deepsink as ms
        >>> ms.set_recursion_limit(10000)
        >>> print(sys.getrecursionlimit() >= 10000)
        True
    """
    if isinstance(recursion_limit, bool) or not isinstance(recursion_limit, int):
        raise TypeError(
            f"For 'set_recursion_limit', 'recursion_limit' must be int, but got "
            f"{type(recursion_limit).__name__}"
        )
    if recursion_limit <= 0:
        raise ValueError(
            f"For 'set_recursion_limit', 'recursion_limit' must be a positive "
            f"integer, but got {recursion_limit}"
        )
    sys.setrecursionlimit(recursion_limit + len(inspect.stack(0)))


def ms_memory_recycle() -> None:
    """Free the memory cached for compiled networks: JAX's compiled executables and traces
    (``jax.clear_caches``) and unreferenced tensors. Networks compile again when next called.

    Examples:
        >>> import deepsink as ms
        >>> ms.ms_memory_recycle()
    """
    jax.clear_caches()
    gc.collect()


def _dims_ok(shape: tuple, spec: Any) -> bool:
    """Whether a concrete ``shape`` fits a Tensor spec (None or Symbol dims, or shape None)."""
    if spec.shape is None:
        return True
    if len(shape) != len(spec.shape):
        return False
    for got, want in zip(shape, spec.shape):
        if isinstance(want, Symbol):
            if not want.check(got):
                return False
        elif want is not None and want != -1 and want != got:
            return False
    return True


def enable_dynamic(**kwargs: Any) -> Callable:
    """Declare which inputs of a ``jit`` function have dynamic shapes (``Tensor(shape=[None,
    3], dtype=...)`` specs, with ``None`` or ``Symbol`` dimensions).

    XLA compiles each distinct input shape once, so the specs do not change how deepsink
    compiles; they are checked: a call whose input does not fit its spec (rank, fixed
    dimensions, a Symbol's range and divisor, the dtype) raises, as MindSpore does.

    Args:
        kwargs (dict): ``name=Tensor(shape=..., dtype=...)`` for parameters of the function.

    Returns:
        A decorator.

    Raises:
        TypeError: if a value is not a Tensor spec.
        ValueError: at the call, for an input that does not fit its spec or a name that is
            not a parameter.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> @ms.jit
        ... @ms.enable_dynamic(x=ms.Tensor(shape=[None, 2], dtype=ms.float32))
        ... def double(x):
        ...     return x * 2
        >>> print(double(ms.Tensor(np.ones((3, 2), np.float32))).shape)
        (3, 2)
    """
    from deepsink.common.tensor import Tensor

    for name, spec in kwargs.items():
        if not isinstance(spec, Tensor):
            raise TypeError(
                f"For 'enable_dynamic', '{name}' must be a Tensor spec such as "
                f"Tensor(shape=[None, 3], dtype=ms.float32), but got "
                f"{type(spec).__name__}"
            )

    def decorate(fn: Callable) -> Callable:
        sig = inspect.signature(fn)
        missing = set(kwargs) - set(sig.parameters)
        if missing:
            raise ValueError(
                f"For 'enable_dynamic', {sorted(missing)} are not parameters of {fn.__name__}"
            )

        @functools.wraps(fn)
        def wrapper(*args: Any, **kw: Any) -> Any:
            bound = sig.bind(*args, **kw)
            for name, spec in kwargs.items():
                value = bound.arguments.get(name)
                if value is None:
                    continue
                shape = tuple(getattr(value, "shape", ()))
                dtype = getattr(value, "dtype", None)
                if not _dims_ok(shape, spec) or (spec.dtype is not None and dtype != spec.dtype):
                    raise ValueError(
                        f"For 'enable_dynamic', the input '{name}' of shape "
                        f"{shape} and dtype {dtype} does not fit the dynamic spec "
                        f"shape {spec.shape}, dtype {spec.dtype}"
                    )
            return fn(*args, **kw)

        return wrapper

    return decorate


def no_inline(fn: Callable | None = None) -> Any:
    """Keep a function as one reusable subgraph instead of inlining it at every call.

    XLA chooses what to inline while compiling; the hint does not change any result, and
    deepsink warns once that it has no effect.

    Args:
        fn (Callable, optional): the function. Default: ``None`` (use as ``@no_inline()``).

    Returns:
        The function, unchanged.

    Examples:
        >>> import deepsink as ms
        >>> @ms.no_inline
        ... def add(x, y):
        ...     return x + y
        >>> print(add(1, 2))
        3
    """
    _warn_once("no_inline", "no_inline has no effect on deepsink: XLA chooses what to inline")
    return (lambda f: f) if fn is None else fn


def lazy_inline(fn: Callable | None = None, attrs: Any = None, policy: Any = None) -> Any:
    """Decorate a Cell's ``__init__`` so the Cell compiles as one subgraph reused by each
    instance (MindSpore's compile-time saving for repeated blocks).

    XLA compiles each distinct computation once and decides inlining itself; the hint does not
    change any result, and deepsink warns once that it has no effect.

    Args:
        fn (Callable, optional): the ``__init__``. Default: ``None``.
        attrs (Union[list, tuple, str], optional): MindSpore's argument names. Default: ``None``.
        policy (Callable, optional): MindSpore's inlining policy. Default: ``None``.

    Returns:
        The ``__init__``, unchanged.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class Block(nn.Cell):
        ...     @ms.lazy_inline
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.dense = nn.Dense(2, 2)
        ...     def construct(self, x):
        ...         return self.dense(x)
        >>> print(type(Block().dense).__name__)
        Dense
    """
    _warn_once(
        "lazy_inline",
        "lazy_inline has no effect on deepsink: XLA compiles each distinct "
        "computation once and chooses what to inline",
    )
    return (lambda f: f) if fn is None else fn


_HOOKS = (
    "JAX keeps the tensors saved for the backward pass inside the traced program (its "
    "residuals); there is no per-tensor pack/unpack hook to call"
)
saved_tensors_hooks = unsupported("mindspore", "saved_tensors_hooks", _HOOKS)
register_saved_tensors_hooks = unsupported(
    "mindspore", "register_saved_tensors_hooks", _HOOKS, kind="function"
)
flops_collection = unsupported(
    "mindspore",
    "flops_collection",
    "it reads the FLOPs MindSpore's graph executor recorded for a compiled phase; deepsink's "
    "compiled programs are XLA executables (their cost: jax's compiled.cost_analysis())",
    kind="function",
)


# mindspore.context exports these too
from deepsink import context as _context  # noqa: E402

for _name in ("STRICT", "COMPATIBLE", "LAX"):
    setattr(_context, _name, globals()[_name])
