"""User-defined operators: ``Custom``, ``PyFunc``, ``Morph`` and the Hybrid DSL decorator
``kernel`` (``ms_kernel``).

A ``Custom`` of func_type ``"pyfunc"`` runs a Python function on the host with NumPy arrays,
inside compiled code too (``jax.pure_callback``), with the output shapes and dtypes its
``out_shape``/``out_dtype`` give; its gradient is the user's ``bprop(*inputs, out, dout)``.
``"hybrid"`` takes a function written in MindSpore's Hybrid DSL (decorated by ``kernel``): where
MindSpore compiles it with AKG, deepsink runs it as the plain Python/NumPy function it also is
(MindSpore's own "run it as Python" mode, the DSL's intrinsics bound to NumPy), with the output
shape and dtype inferred by running it on zeros, as MindSpore's automatic inference does.
MindSpore derives a hybrid op's backward kernel with AKG's autodiff; deepsink has no such
compiler, so a hybrid op's gradient needs a ``bprop``. ``"aot"``, ``"akg"``, ``"tbe"`` and
``"aicpu"`` load or compile kernels for MindSpore's runtime and are refused by name.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import types
from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax.experimental import io_callback

from deepsink._core import functional, graph_syntax, host_errors
from deepsink._core.unsupported import unsupported
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.primitive import PrimitiveWithInfer

_logger = logging.getLogger("deepsink")

_FUNC_TYPES = ["hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc"]
_REFUSED = {
    "aot": "it loads a compiled C++/CUDA kernel (a shared library) into MindSpore's runtime",
    "akg": "it compiles the function with MindSpore's AKG kernel compiler",
    "tbe": "it compiles a TBE kernel for Ascend NPUs",
    "aicpu": "it runs a kernel of Ascend's AiCPU library",
}
_MS_KERNEL_FLAG = "ms_kernel_flag"


# --- the Hybrid DSL's intrinsics, bound to NumPy -------------------------------------------------


def _erf(x: Any) -> Any:
    import scipy.special  # on first use: SciPy is slow to import

    return scipy.special.erf(x)


def _allocate(shape: Any, dtype: Any = "float32", scope: str = "global") -> np.ndarray:
    """``allocate``/``output_tensor``: a zeroed buffer (``scope`` is a device memory level)."""
    del scope
    return np.zeros(tuple(shape), dtype=np.dtype(dtype))


class _Scope:
    """``attr``/``block_realize``: compiler hints, a no-op scope when run as Python."""

    def __call__(self, *args: Any, **kwargs: Any) -> _Scope:
        return self

    def __enter__(self) -> _Scope:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


_INTRINSICS: dict[str, Any] = {
    "allocate": _allocate, "output_tensor": _allocate,
    "range": range, "serial": range, "vectorize": range, "parallel": range, "reduce": range,
    "grid": lambda extents: itertools.product(*(range(e) for e in extents)),
    "attr": _Scope(), "block_realize": _Scope(),
    "sqrt": np.sqrt, "sign": np.sign, "log": np.log, "tanh": np.tanh, "exp": np.exp,
    "abs": np.abs, "power": np.power, "rsqrt": lambda x: 1 / np.sqrt(x),
    "erf": _erf, "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
    "sin": np.sin, "cos": np.cos, "atan": np.arctan, "atan2": np.arctan2, "expm1": np.expm1,
    "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc, "round": np.round,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "ceil_div": lambda a, b: (a + b - 1) // b,
}  # fmt: skip


def kernel(
    fn: Callable | None = None, reg_info: Any = None, compile_attrs: dict | None = None
) -> Callable:
    r"""
    The decorator of a Hybrid DSL function: the function runs as plain Python on NumPy arrays
    (``output_tensor``, ``allocate``, ``serial``, ``grid``, ``rsqrt``... bound to NumPy), and
    ``ops.Custom(fn, func_type="hybrid")`` makes it an operator with its output shape and dtype
    inferred. deepsink runs a hybrid function as Python on the host (it has no AKG compiler).

    Args:
        fn (Function, optional): The DSL function. Default: ``None`` (return a decorator).
        reg_info (Union[str, dict, tuple], optional): Registration information (see
            :class:`mindspore.ops.CustomRegOp`). Default: ``None``.
        compile_attrs (dict, optional): Compiler flags, str keys; kept as ``compile_attrs``
            (JSON) on the function. Default: ``None``.

    Returns:
        Function, the decorated function, or a decorator when `fn` is None.

    Raises:
        TypeError: If `compile_attrs` is not a dict with str keys, or `reg_info` is not str, dict
            or tuple.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> from deepsink.ops import kernel
        >>> @kernel
        ... def add_one(a):
        ...     out = output_tensor(a.shape, a.dtype)
        ...     for i in range(a.shape[0]):
        ...         out[i] = a[i] + 1.0
        ...     return out
        >>> print(add_one(np.array([1.0, 2.0], np.float32)))
        [2. 3.]
        >>> op = ops.Custom(add_one, func_type="hybrid")
        >>> print(op(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [2. 3.]
    """
    if compile_attrs is None:
        compile_attrs = {}
    if not isinstance(compile_attrs, dict):
        raise TypeError(
            f"The input 'compile_attrs' of @kernel must be a dict, but get a {type(compile_attrs)}"
        )
    for key in compile_attrs:
        if not isinstance(key, str):
            raise TypeError(
                f"The key of 'compile_attrs' of @kernel must be a str, but get a {type(key)}"
            )
    if reg_info is not None and not isinstance(reg_info, str | dict | tuple):
        raise TypeError(
            f"The input 'reg_info' of @kernel should be one of str, dict and tuple, "
            f"but get a {type(reg_info)}"
        )

    def wrap(func: Callable) -> Callable:
        # the DSL's names resolve to the intrinsics, without touching the module's globals
        run = types.FunctionType(
            func.__code__,
            {**func.__globals__, **_INTRINSICS},
            func.__name__,
            func.__defaults__,
            func.__closure__,
        )

        @functools.wraps(func)
        def patched(*args: Any) -> Any:
            run.__globals__.update(
                {k: v for k, v in func.__globals__.items() if k not in _INTRINSICS}
            )
            return run(*args)

        setattr(patched, _MS_KERNEL_FLAG, True)
        patched.compile_attrs = json.dumps(compile_attrs)
        if reg_info is not None:
            patched.reg_info = reg_info
        return patched

    return wrap(fn) if fn is not None else wrap


def ms_kernel(
    fn: Callable | None = None, reg_info: Any = None, compile_attrs: dict | None = None
) -> Callable:
    r"""
    The deprecated name of :func:`mindspore.ops.kernel` (warns, then does the same).

    Args:
        fn (Function, optional): The DSL function. Default: ``None``.
        reg_info (Union[str, dict, tuple], optional): Registration information. Default: ``None``.
        compile_attrs (dict, optional): Compiler flags. Default: ``None``.

    Returns:
        Function, as :func:`mindspore.ops.kernel`.

    Raises:
        TypeError: As :func:`mindspore.ops.kernel`.

    Examples:
        >>> import numpy as np
        >>> from deepsink.ops import ms_kernel
        >>> @ms_kernel
        ... def double(a):
        ...     out = output_tensor(a.shape, a.dtype)
        ...     for i in range(a.shape[0]):
        ...         out[i] = a[i] * 2.0
        ...     return out
        >>> print(double(np.array([1.0, 3.0], np.float32)))
        [2. 6.]
    """
    _logger.warning(
        "'ms_kernel' is deprecated from version 1.8 and will be removed in a future "
        "version, use 'kernel' instead."
    )
    return kernel(fn, reg_info, compile_attrs)


# --- shapes, dtypes and the host call ------------------------------------------------------------


def _np_dtype(dtype: Any, who: str) -> np.dtype:
    if isinstance(dtype, mstype.TensorType):
        dtype = dtype.element_type()
    if isinstance(dtype, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(dtype))
    raise TypeError(
        f"{who}, 'out_dtype' must be one of [mindspore.dtype, tuple, list, "
        f"function], but got {type(dtype)}"
    )


def _specs(shape: Any, dtype: Any, who: str) -> tuple[list[jax.ShapeDtypeStruct], bool]:
    """The outputs' shape/dtype structs and whether there are several."""
    if not isinstance(shape, tuple | list):
        raise TypeError(
            f"{who}, 'out_shape' must be one of [tuple, list, function], but got {type(shape)}"
        )
    multi = isinstance(dtype, tuple | list)
    if not multi:
        if len(shape) == 0:
            _logger.warning("%s, 'out_shape' is an empty tuple. Add a placeholder instead.", who)
            shape = (1,)
        return [jax.ShapeDtypeStruct(tuple(int(d) for d in shape), _np_dtype(dtype, who))], False
    if len(shape) != len(dtype) or not all(isinstance(s, tuple | list) for s in shape):
        raise TypeError(
            f"{who}, 'out_shape' must hold one shape per output dtype ({len(dtype)}), "
            f"but got {shape}"
        )
    specs = [
        jax.ShapeDtypeStruct(tuple(int(d) for d in s), _np_dtype(t, who))
        for s, t in zip(shape, dtype)
    ]
    return specs, True


def _to_outputs(result: Any, specs: list, multi: bool, who: str) -> tuple:
    outs = tuple(result) if multi else (result,)
    if len(outs) != len(specs):
        raise RuntimeError(
            f"{who}, the function returned {len(outs)} outputs, but 'out_dtype' "
            f"declares {len(specs)}"
        )
    arrays = []
    for i, (o, spec) in enumerate(zip(outs, specs)):
        a = np.asarray(unwrap(o) if isinstance(o, Tensor) else o)
        if a.size == int(np.prod(spec.shape)) and a.shape != spec.shape:
            a = a.reshape(spec.shape)  # a scalar for a (1,) output, as MindSpore copies it
        if a.shape != spec.shape:
            raise RuntimeError(
                f"{who}, output {i} of the function has shape {list(a.shape)}, "
                f"but 'out_shape' declares {list(spec.shape)}"
            )
        arrays.append(a.astype(spec.dtype, copy=False))
    return tuple(arrays)


def _is_array(x: Any) -> bool:
    return isinstance(x, Tensor | jax.Array | np.ndarray)


def _note_callback() -> None:
    notes = functional.notes()
    if notes is not None:
        notes.callbacks = True


def _host_op(host: Callable[..., tuple], specs: list, args: tuple, *, effect: bool) -> tuple:
    """``host(*numpy inputs)`` on the host: called directly on concrete values, through a
    callback when traced (``effect``: an ordered ``io_callback`` that compiled code keeps)."""
    arrays = [unwrap(a) for a in args]
    if not any(isinstance(a, jax.core.Tracer) for a in arrays) and not functional.tracing():
        return tuple(jax.numpy.asarray(o) for o in host(*[np.asarray(a) for a in arrays]))
    _note_callback()
    host = host_errors.on_host(host)  # its own exception reaches the caller, not JAX's report
    if effect:
        return tuple(io_callback(host, tuple(specs), *arrays, ordered=True))
    return tuple(jax.pure_callback(host, tuple(specs), *arrays, vmap_method="sequential"))


def _with_bprop(
    forward: Callable[..., tuple], bprop: Callable | None, args: tuple, multi: bool, missing: str
) -> tuple:
    """``forward(*arrays)`` whose gradient is ``bprop(*inputs, out, dout)`` (Tensors), or an
    error naming ``missing`` when differentiated without a bprop."""
    from deepsink._core.grad import _reduce_to

    arrays = [unwrap(a) for a in args]
    if not any(isinstance(a, jax.core.Tracer) for a in arrays):
        return forward(*arrays)
    pos = [i for i, a in enumerate(arrays) if jax.numpy.issubdtype(a.dtype, jax.numpy.inexact)]
    bp = graph_syntax.convert(bprop) if bprop is not None else None

    def run(xs: list) -> tuple:
        call = list(arrays)
        for i, v in zip(pos, xs):
            call[i] = v
        return forward(*call)

    @jax.custom_vjp
    def f(xs: list) -> tuple:
        return run(xs)

    def fwd(xs: list) -> tuple:
        out = run(xs)
        return out, (xs, out)

    def bwd(res: tuple, dout: tuple) -> tuple:
        if bp is None:
            raise RuntimeError(missing)
        xs, out = res
        call = list(arrays)
        for i, v in zip(pos, xs):
            call[i] = v
        wrap = lambda t: tuple(Tensor._from(a) for a in t) if multi else Tensor._from(t[0])  # noqa: E731
        grads = bp(*[Tensor._from(a) for a in call], wrap(out), wrap(dout))
        grads = tuple(grads) if isinstance(grads, tuple | list) else (grads,)
        if len(grads) != len(args):
            raise TypeError(
                f"For 'bprop', it must return one gradient per input ({len(args)}), "
                f"but returned {len(grads)}"
            )
        return ([_reduce_to(grads[i], x) for i, x in zip(pos, xs)],)

    f.defvjp(fwd, bwd)
    return tuple(f([arrays[i] for i in pos]))


def _reg_infos(reg_info: Any, func: Any) -> list[dict]:
    info = reg_info if reg_info is not None else getattr(func, "reg_info", None)
    if info is None:
        return []
    items = list(info) if isinstance(info, list | tuple) else [info]
    out = []
    for item in items:
        if isinstance(item, str):
            item = json.loads(item)
        if not isinstance(item, dict):
            raise TypeError(
                f"For 'Custom', 'reg_info' must be str, dict, list or tuple of them, "
                f"but got {type(item).__name__}"
            )
        out.append(item)
    return out


class Custom(PrimitiveWithInfer):
    r"""
    A user-defined operator made from a Python function.

    Args:
        func (Union[function, str]): The computation: for ``"pyfunc"`` a Python function on
            NumPy arrays returning an array (a tuple of them for several outputs); for
            ``"hybrid"`` a function decorated by :func:`mindspore.ops.kernel`.
        out_shape (Union[function, list, tuple], optional): The output shape (a tuple of shapes
            for several outputs), or a function of the input shapes returning it. May be None
            for ``"hybrid"`` (inferred). Default: ``None``.
        out_dtype (Union[function, mindspore.dtype, tuple[mindspore.dtype]], optional): The
            output dtype (a tuple for several outputs), or a function of the input dtypes. May
            be None for ``"hybrid"``. Default: ``None``.
        func_type (str, optional): ``"pyfunc"`` or ``"hybrid"``; ``"aot"``, ``"akg"``,
            ``"tbe"`` and ``"aicpu"`` are MindSpore kernel formats deepsink does not load.
            Default: ``"pyfunc"``.
        bprop (function, optional): The gradient, ``bprop(*inputs, out, dout)`` returning one
            gradient per input. Default: ``None``.
        reg_info (Union[str, dict, list, tuple], optional): Registration information (see
            :class:`mindspore.ops.CustomRegOp`); a call whose dtypes match none of its
            ``dtype_format`` rows for CPU is refused. Default: ``None``.

    Inputs:
        - **input** (Tensor) - The inputs of `func`, followed by any attribute values.

    Outputs:
        Tensor or tuple[Tensor], the outputs of `func`.

    Raises:
        TypeError: If `func`, `out_shape` or `out_dtype` is of a wrong type.
        ValueError: If `func_type` is not one of MindSpore's.
        NotImplementedError: If `func_type` is ``"aot"``, ``"akg"``, ``"tbe"`` or ``"aicpu"``.
        RuntimeError: If the operator is differentiated without `bprop`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> def add(x1, x2):
        ...     return x1 + x2
        >>> op = ops.Custom(add, lambda x, _: x, lambda x, _: x, "pyfunc")
        >>> x = ms.Tensor(np.ones([2, 2]).astype(np.float32))
        >>> print(op(x, x))
        [[2. 2.]
         [2. 2.]]
    """

    def __init__(
        self,
        func: Any,
        out_shape: Any = None,
        out_dtype: Any = None,
        func_type: str = "pyfunc",
        bprop: Callable | None = None,
        reg_info: Any = None,
    ) -> None:
        super().__init__("Custom")
        self.log_prefix = f"For 'Custom', 'func_type': {func_type}, 'func': {func}"
        if func_type not in _FUNC_TYPES:
            raise ValueError(
                f"{self.log_prefix}, 'func_type' must be one of {_FUNC_TYPES}, but got {func_type}"
            )
        if func_type in _REFUSED:
            raise NotImplementedError(
                f"{self.log_prefix}: func_type {func_type!r} is not supported by deepsink: "
                f"{_REFUSED[func_type]}. Use func_type 'pyfunc' (a Python function on NumPy "
                f"arrays) or 'hybrid' (a function decorated by ops.kernel), or write the "
                f"operator with jax."
            )
        if func_type == "hybrid" and not getattr(func, _MS_KERNEL_FLAG, False):
            raise TypeError(f"{self.log_prefix}, 'func' must be a function decorated by kernel")
        if not callable(func):
            raise TypeError(
                f"{self.log_prefix}, 'func' must be a function, but got {type(func).__name__}"
            )
        if bprop is not None and not callable(bprop):
            raise TypeError(
                f"{self.log_prefix}, 'bprop' must be a function, but got {type(bprop).__name__}"
            )
        self.func, self.func_type, self.bprop = func, func_type, bprop
        self.out_shape, self.out_dtype = out_shape, out_dtype
        self.reg_info = _reg_infos(reg_info, func)
        self.add_prim_attr("func_type", func_type)
        self.add_prim_attr("func_name", getattr(func, "__name__", str(func)))

    def get_bprop(self) -> Callable | None:
        """The back propagation function."""
        return self.bprop

    def _infer(self, arrays: list) -> tuple[list, bool]:
        shapes = [list(a.shape) for a in arrays]
        dtypes = [mstype.from_np(np.dtype(a.dtype)) for a in arrays]
        shape = self.out_shape(*shapes) if callable(self.out_shape) else self.out_shape
        dtype = self.out_dtype(*dtypes) if callable(self.out_dtype) else self.out_dtype
        if self.func_type == "hybrid" and (shape is None or dtype is None):
            fake = self.func(*[np.zeros(a.shape, a.dtype) for a in arrays])
            outs = tuple(fake) if isinstance(fake, tuple | list) else (fake,)
            auto_shape = [tuple(np.shape(o)) for o in outs]
            auto_dtype = [mstype.from_np(np.asarray(o).dtype) for o in outs]
            several = isinstance(fake, tuple | list)
            shape = shape if shape is not None else (auto_shape if several else auto_shape[0])
            dtype = dtype if dtype is not None else (auto_dtype if several else auto_dtype[0])
        return _specs(shape, dtype, self.log_prefix)

    def _check_reg_info(self, arrays: list, specs: list) -> None:
        used = [np.dtype(a.dtype).name for a in arrays] + [np.dtype(s.dtype).name for s in specs]
        for info in self.reg_info:
            if info.get("target") not in (None, "UnKnown", "CPU") or not info.get("dtype_format"):
                continue
            rows = info["dtype_format"]
            if not any(
                len(row) == len(used) and all(not c[0] or c[0] == u for c, u in zip(row, used))
                for row in rows
            ):
                raise TypeError(
                    f"{self.log_prefix}, the dtypes of its inputs and outputs {used} "
                    f"match no 'dtype_format' of its registration information: "
                    f"{[[c[0] for c in row] for row in rows]}"
                )

    def __call__(self, *args: Any) -> Any:
        tensors = [a for a in args if _is_array(a)]
        arrays = [unwrap(a) for a in tensors]
        specs, multi = self._infer(arrays)
        self._check_reg_info(arrays, specs)
        statics = [None if _is_array(a) else a for a in args]
        func, prefix = self.func, self.log_prefix

        def host(*xs: np.ndarray) -> tuple:
            it = iter(xs)
            call = [next(it) if s is None else s for s in statics]
            return _to_outputs(func(*call), specs, multi, prefix)

        if self.func_type == "hybrid":
            missing = (
                f"{prefix}: MindSpore derives a hybrid operator's backward kernel with "
                f"AKG's autodiff, which deepsink does not have; pass 'bprop' to "
                f"differentiate it"
            )
        else:
            missing = f"Illegal primitive {self.name}'s bprop not defined"
        outs = _with_bprop(
            lambda *xs: _host_op(host, specs, xs, effect=False),
            self.bprop,
            tuple(arrays),
            multi,
            missing,
        )
        result = tuple(Tensor._from(o) for o in outs)
        return result if multi else result[0]


class PyFunc(PrimitiveWithInfer):
    r"""
    Runs a Python function on the host as an operator: NumPy arrays in, NumPy arrays out.

    Args:
        fn (function): The function; it returns one array per output (a tuple for several).
        in_types (list[mindspore.dtype]): The inputs' dtypes.
        in_shapes (list[tuple[int]]): The inputs' shapes.
        out_types (list[mindspore.dtype]): The outputs' dtypes.
        out_shapes (list[tuple[int]]): The outputs' shapes.
        stateful (bool, optional): Whether `fn` has side effects: a stateful call runs in
            program order and is never removed from compiled code. Default: ``True``.

    Inputs:
        - **input_x** (Union(tuple[Tensor], list[Tensor])) - The inputs of `fn`.

    Outputs:
        tuple[Tensor], the outputs of `fn`.

    Raises:
        TypeError: If an argument is not of the type listed.
        ValueError: If an input's dtype or shape differs from `in_types`/`in_shapes`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> def add(x, y):
        ...     return x + y
        >>> op = ops.PyFunc(add, [ms.float32, ms.float32], [(2,), (2,)], [ms.float32], [(2,)])
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> print(op(x, x)[0])
        [2. 4.]
    """

    def __init__(
        self,
        fn: Callable,
        in_types: list,
        in_shapes: list,
        out_types: list,
        out_shapes: list,
        stateful: bool = True,
    ) -> None:
        super().__init__(self.__class__.__name__)
        if not callable(fn):
            raise TypeError(
                f"For 'PyFunc', the 'fn' must be a function, but got {type(fn).__name__}"
            )
        for name, value in (
            ("in_types", in_types),
            ("in_shapes", in_shapes),
            ("out_types", out_types),
            ("out_shapes", out_shapes),
        ):
            if not isinstance(value, list | tuple):
                raise TypeError(
                    f"For 'PyFunc', the '{name}' must be a list, but got {type(value).__name__}"
                )
        if len(out_types) != len(out_shapes):
            raise ValueError(
                f"For 'PyFunc', 'out_types' and 'out_shapes' must have the same "
                f"length, but got {len(out_types)} and {len(out_shapes)}"
            )
        if not isinstance(stateful, bool):
            raise TypeError(
                f"For 'PyFunc', the 'stateful' must be a bool, but got {type(stateful).__name__}"
            )
        self.fn, self.stateful = fn, stateful
        self.in_types, self.in_shapes = list(in_types), [tuple(s) for s in in_shapes]
        self.out_types, self.out_shapes = list(out_types), [tuple(s) for s in out_shapes]
        self.add_prim_attr("side_effect_io", stateful)

    def __call__(self, *args: Any) -> tuple:
        arrays = [unwrap(a) for a in args]
        if len(arrays) != len(self.in_types):
            raise ValueError(
                f"For 'PyFunc', it takes {len(self.in_types)} inputs ('in_types'), "
                f"but got {len(arrays)}"
            )
        for i, (a, t, s) in enumerate(zip(arrays, self.in_types, self.in_shapes)):
            want = _np_dtype(t, "For 'PyFunc'")
            if np.dtype(a.dtype) != want or tuple(a.shape) != s:
                raise ValueError(
                    f"For 'PyFunc', input {i} must be {want.name} of shape "
                    f"{list(s)}, but got {np.dtype(a.dtype).name} of shape "
                    f"{list(a.shape)}"
                )
        specs, _ = _specs(tuple(self.out_shapes), tuple(self.out_types), "For 'PyFunc'")
        fn = self.fn

        def host(*xs: np.ndarray) -> tuple:
            out = fn(*xs)
            out = out if isinstance(out, tuple | list) else (out,)
            return _to_outputs(out, specs, True, "For 'PyFunc'")

        outs = _host_op(host, specs, tuple(arrays), effect=self.stateful)
        return tuple(Tensor._from(o) for o in outs)


class Morph(PrimitiveWithInfer):
    r"""
    Wraps a user function as a primitive, optionally with its own gradient: in compiled code
    (GRAPH_MODE, ``jit``) the call is `fn` itself; with `bprop_fn` the gradient of the call is
    ``bprop_fn(*inputs, out, dout)``, otherwise `fn`'s own.

    Args:
        fn (function): The function (graph syntax).
        infer_shape (function): The output shape as a function of the input shapes.
        infer_dtype (function): The output dtype as a function of the input dtypes.
        bprop_fn (function, optional): The gradient function. Default: ``None``.

    Inputs:
        The inputs of `fn`.

    Outputs:
        The outputs of `fn`.

    Raises:
        RuntimeError: If called op by op in PyNative mode (outside ``jit`` and gradients).
        TypeError: If `fn` has ``*args``/``**kwargs``/keyword-only arguments and `bprop_fn` is
            given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> def times100(x):
        ...     return x * 100
        >>> def seven(x, out, dout):
        ...     return (dout * 7,)
        >>> def same(x):
        ...     return x
        >>> m = ops.Morph(times100, same, same, seven)
        >>> def loss(x):
        ...     return m(x).sum()
        >>> print(ms.grad(ms.jit(loss))(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [7. 7.]
    """

    def __init__(
        self,
        fn: Callable,
        infer_shape: Callable,
        infer_dtype: Callable,
        bprop_fn: Callable | None = None,
    ) -> None:
        super().__init__(self.__class__.__name__)
        self._infer_shape, self._infer_dtype = infer_shape, infer_dtype
        self.__morph_fn__ = fn
        self.__morph_bprop_fn__ = None
        self.add_prim_attr("__metamorphosis__", True)
        if bprop_fn:
            import inspect

            sig = inspect.signature(fn)
            for p in sig.parameters.values():
                if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY):
                    raise TypeError(
                        f"Morph with a bprop_fn does not support *args, **kwargs or "
                        f"keyword-only arguments in 'fn', but got {sig}"
                    )
            self.__morph_bprop_fn__ = bprop_fn

    def __call__(self, *args: Any) -> Any:
        from deepsink import context

        graph = context.get_context("mode") == context.GRAPH_MODE
        if not (graph or functional.compiling() or functional.tracing()):
            # op by op, as MindSpore's PyNative refuses it (a traced call may be a compiled one:
            # ms.grad(ms.jit(f)) traces f for its gradient)
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        fn = graph_syntax.convert(self.__morph_fn__)
        if self.__morph_bprop_fn__ is None:
            return fn(*args)
        from deepsink._core.grad import custom_bprop_call

        cell = types.SimpleNamespace(
            construct=fn, bprop=graph_syntax.convert(self.__morph_bprop_fn__)
        )
        return custom_bprop_call(cell, args)


CustomOpBuilder = unsupported(
    "mindspore.ops",
    "CustomOpBuilder",
    "it compiles C++ sources against MindSpore's runtime (its PyBoost kernels) into a loadable "
    "module; write the operator as an ops.Custom 'pyfunc' function or in jax",
)

__all__ = ["Custom", "PyFunc", "Morph", "kernel", "ms_kernel"]
