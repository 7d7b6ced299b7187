"""Tensor: MindSpore's Tensor as a thin box over a ``jax.Array`` (a pytree, so it crosses transforms)."""

from __future__ import annotations

import contextlib
import math
import operator
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import arg_extreme, functional
from deepsink._core.validate import HostReadError, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules, indexing
from deepsink.common.concrete import concrete as _concrete


def unwrap(x: Any) -> Any:
    """The array inside a Tensor (or ``x`` itself)."""
    return x._data if isinstance(x, Tensor) else x


# --- what the modules built on Tensor register here -------------------------------------------
# Tensor is the bottom type: what it needs from the modules above it (``initializer``'s sampler
# for ``Tensor(shape=..., init=...)``, the gradient-hook mechanism for ``register_hook``) and the
# methods they define on it (the ops and numpy packages) are registered through the two functions
# below, each called once by the module that provides it as it loads. Nothing else writes to
# Tensor or to this registry.
_ROLES = {
    "init_sampler": "the function Tensor(shape=..., init=...) samples with (common.initializer)",
    "grad_hooks": "the gradient-hook mechanism behind Tensor.register_hook (_compile.grad_hooks)",
}
_providers: dict[str, Any] = {}
_method_owners: dict[str, str] = {}  # method name -> the module that registered it


def register_provider(role: str, provider: Any) -> None:
    """Register what Tensor calls for ``role`` (one of ``_ROLES``): set by the module that
    builds on Tensor, so that this module does not import it."""
    if role not in _ROLES:
        fail_arg("register_provider", "role", f"one of {sorted(_ROLES)}", role)
    _providers[role] = provider


def provider(role: str) -> Any:
    """What was registered for ``role`` (``register_provider``)."""
    if role not in _providers:
        raise RuntimeError(f"Tensor needs {_ROLES[role]}, which is not loaded: import deepsink")
    return _providers[role]


def register_methods(methods: Mapping[str, Callable[..., Any]], owner: str) -> None:
    """Define Tensor methods (name -> function taking the tensor first) for the module ``owner``.
    A name Tensor already has, defined in its class or registered before, keeps its method."""
    for name, method in methods.items():
        if name not in Tensor.__dict__:
            setattr(Tensor, name, method)
            _method_owners[name] = owner


def wrap_methods(wrappers: Mapping[str, Callable[[Callable], Callable]], owner: str) -> None:
    """Replace Tensor's method ``name`` by ``wrapper(method)`` for each entry, for a rule that runs
    around every call of the method (``auto`` mixed precision's casts)."""
    for name, wrapper in wrappers.items():
        setattr(Tensor, name, wrapper(getattr(Tensor, name)))
        _method_owners[name] = owner


def method_owner(name: str) -> str | None:
    """The module that registered Tensor's method ``name`` (None for a method of the class)."""
    return _method_owners.get(name)


def unwrap_tree(tree: Any) -> Any:
    """Replace every Tensor in a pytree by its array."""
    return jax.tree_util.tree_map(unwrap, tree, is_leaf=lambda x: isinstance(x, Tensor))


def wrap(x: Any) -> Any:
    """Box arrays (and tuples/lists of arrays) as Tensors; leave everything else."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, jax.Array):
        return Tensor._from(x)
    if isinstance(x, np.ndarray | np.generic):
        return Tensor._from(jnp.asarray(x))
    if isinstance(x, tuple | list):
        return type(x)(wrap(v) for v in x)
    return x


_TRACE_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError)


def _folded(*operands: Any) -> Any:
    """Where an op's operands are all known values while a program compiles (a ``const_arg``
    input, a constant), its result is computed then, as MindSpore's graph compiler folds
    constants: ``int(x[0])`` of such an input is a number of the program, not a host read."""
    if any(isinstance(x, jax.core.Tracer) for x in operands):
        return contextlib.nullcontext()
    return jax.ensure_compile_time_eval()


def _graph_rule(what: str, data: Any = None) -> TypeError:
    """Graph mode's rule, for a host read of a Tensor whose value is unknown while compiling
    (``data``: the Tensor's array, whose dtype the error keeps)."""
    error = HostReadError(
        f"{what} on a Tensor needs its value, which is not known while the network is compiled "
        "(GRAPH_MODE, deepsink.jit, or dataset_sink_mode, where construct is traced once into "
        "one program for every step). In graph mode, host reads (bool(), .asnumpy(), .item(), "
        "float()) and Python control flow in code that is not converted from source (lambdas, "
        "jit(capture_mode='trace')) cannot depend on Tensor values; an if/while/for on a "
        "Tensor written in a construct or jit function is converted to graph control flow "
        "(docs/graph_mode.md). "
        "Fixes: run eagerly (set_context(mode=PYNATIVE_MODE) and dataset_sink_mode=False); "
        "write the branch with Tensor ops (ops.select, ops.where, ops.maximum, ...); or move the "
        "branch or the host read out of construct (e.g. into a Callback)"
    )
    error.what = what  # type: ignore[attr-defined]
    error.dtype = None if data is None else mstype.from_np(data.dtype)  # type: ignore[attr-defined]
    return error


def _host(convert: Any, data: Any, what: str) -> Any:
    """``convert(data)``; a trace's concretization error becomes graph mode's rule (or, while a
    PyNative call is captured, ``HostRead``: that call then runs op by op)."""
    if isinstance(data, jax.core.Tracer):
        data = _concrete(data)
        if isinstance(data, jax.core.Tracer) and functional.capturing():
            raise functional.HostRead(what)
    try:
        with jax.ensure_compile_time_eval():  # a known value converts while a graph compiles
            return convert(data)
    except _TRACE_ERRORS as e:
        raise _graph_rule(what, data) from e


def _one_element(data: Any, what: str) -> None:
    """MindSpore 2.10's ValueError for ``int()``/``float()``/``bool()`` of a Tensor of more than
    one element, worded as its PyNative or its graph compiler (a traced Tensor) words it."""
    size = getattr(data, "size", 1)  # a Python scalar has one
    if size == 1:
        return
    if isinstance(data, jax.core.Tracer):
        # the graph compiler's messages, quotes included, as 2.10 raises them
        shape = "(" + ", ".join(str(d) for d in data.shape) + ")"
        if what == "bool":
            message = "The truth value of an array with more than one element is ambiguous."
        else:
            sep = " : " if what == "int" else ": "
            message = (
                "Can not convert Tensor with more than one element to Scalar, while the data's "
                f"shape is{sep}{shape}"
            )
        raise ValueError(f"'{message}'")
    if what == "bool":
        raise ValueError(
            f"The tensor should have only one element, but got {size}, more than one element "
            "is ambiguous."
        )
    raise ValueError("Only one element tensors can be converted to Python scalars")


def _one(data: Any) -> Any:
    """The one element of a 1-element array (``int(Tensor([10]))`` is 10, as in MindSpore)."""
    return data.reshape(()) if data.ndim and data.size == 1 else data


def _check_input_data(data: Any) -> None:
    """MindSpore's input_data rule: numbers, bools, arrays and (nested, rectangular) lists of them."""
    if isinstance(data, str | bytes):
        raise TypeError(
            f"For 'Tensor', 'input_data' must be a number, bool, list, tuple, numpy array or Tensor, "
            f"but got {type(data).__name__} {data!r}; a string is not Tensor data (parse it to "
            "numbers first)"
        )
    if isinstance(data, list | tuple):
        try:
            arr = np.asarray(unwrap_tree(list(data)) if data else data)
        except ValueError as e:
            if "inhomogeneous" not in str(e):
                raise
            raise TypeError(
                f"For Tensor, the input_data is {data} that contain unsupported element. The "
                "nested lists are ragged (rows of different lengths); every row must have the same "
                "length (pad them, or keep them as separate Tensors)"
            ) from None
        if arr.dtype.kind not in "biufc":
            raise TypeError(
                f"For Tensor, the input_data is {data} that contain unsupported element: "
                f"expected numbers or bools, but the elements have numpy dtype {arr.dtype}"
            )


_NP_KINDS = "biufcUS"  # what a Tensor holds: numbers, bools, strings (mstype.string)


def _check_numpy_data(data: np.ndarray) -> None:
    """MindSpore's rule for a NumPy array: elements of a number, bool or string dtype; an object
    or structured array raises TypeError with MindSpore's message."""
    if data.dtype.kind in _NP_KINDS or mstype.has_np(data.dtype):  # bfloat16, float8: kind V
        return
    supported = "\n".join(
        str(t)
        for t in (
            np.int8,
            np.int16,
            np.int32,
            np.int64,
            np.uint8,
            np.uint16,
            np.uint32,
            np.uint64,
            np.float16,
            np.float32,
            np.float64,
            np.bool_,
            np.str_,
        )
    )
    if data.dtype.kind == "V":
        raise TypeError(
            "initializing tensor by numpy array failed, because the element type "
            f"'{np.void}' of array is not supported.\nThe element index in array: "
            f"{(0,) * data.ndim}, numpy array: {data}.\nThe supported element type of ndarray "
            f"as follow: \n{supported}"
        )
    raise TypeError(
        f"initializing tensor by numpy array failed, numpy array: {data}, data type: "
        f"{data.dtype}.\nThe supported element type of ndarray as follow: \n{supported}"
    )


def _astype(data: Any, dtype: Any) -> Any:
    """``data`` as ``dtype``. ``qint4x2`` (Int4) goes through Int8 as in MindSpore (a float is
    truncated); a value outside Int4's [-8, 7] is a ``ValueError`` (2.10 keeps the byte, XLA's
    int4 has no room for it)."""
    np_dtype = mstype.to_np(dtype)
    if np_dtype != mstype.qint4x2.np or data.dtype == np_dtype:
        return data.astype(np_dtype)
    data = data.astype(jnp.int8)
    if not isinstance(data, jax.core.Tracer) and data.size:
        low, high = int(data.min()), int(data.max())
        if low < -8 or high > 7:
            raise ValueError(
                f"For 'Tensor', a qint4x2 (Int4) value must be in [-8, 7], but got "
                f"{low if low < -8 else high}"
            )
    return data.astype(np_dtype)


def _infer(data: Any) -> jax.Array:
    """Python/numpy data as an array with MindSpore's dtype (``dtype_rules``: float -> Float32,
    int -> Int64, bool -> Bool, numpy keeps its dtype)."""
    if isinstance(data, list | tuple) and data:
        data = unwrap_tree(list(data))
    if isinstance(data, np.ndarray):
        _check_numpy_data(data)
    return dtype_rules.to_array(data)


def _is_symbol(dim: Any) -> bool:
    from deepsink.common.symbol import Symbol

    return isinstance(dim, Symbol)


def _is_dynamic(shape: Any, dtype: Any) -> bool:
    """``Tensor(shape=[None, 3], dtype=...)`` or ``Tensor(dtype=...)``: a dynamic-shape placeholder."""
    if shape is None:
        return dtype is not None
    dims = [shape] if isinstance(shape, int) else list(shape)
    if not any(d is None or _is_symbol(d) or (isinstance(d, int) and d < 0) for d in dims):
        return False
    if dtype is None:
        raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
    return True


class _Placeholder:
    """The data of a dynamic-shape placeholder Tensor (for ``Cell.set_inputs``): a shape with -1
    for unknown dimensions ((-2,) for unknown rank) and a dtype, no values."""

    def __init__(self, shape: Any, dtype: Any) -> None:
        if shape is None:
            self.shape = (-2,)
        else:
            dims = [shape] if isinstance(shape, int) else list(shape)
            self.shape = tuple(-1 if d is None or _is_symbol(d) else int(d) for d in dims)
            # the Symbols of dynamic dimensions (their bounds are checked against each call)
            self.symbols = tuple(d if _is_symbol(d) else None for d in dims)
        self.dtype = np.dtype(mstype.to_np(dtype))
        self.ndim = len(self.shape)

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError(
            f"This Tensor is a dynamic-shape placeholder (shape {list(self.shape)}) for "
            "'Cell.set_inputs'; it holds no values"
        )

    def __getattr__(self, name: str) -> Any:
        raise ValueError(
            f"This Tensor is a dynamic-shape placeholder (shape {list(self.shape)}) for "
            f"'Cell.set_inputs'; it holds no values (tried '{name}')"
        )


class _Pending:
    """The values of a deferred Tensor, made by ``fill()`` at the first read."""

    def __init__(self, fill: Callable[[], Any], shape: tuple[int, ...], dtype: np.dtype) -> None:
        self.fill, self.shape, self.dtype = fill, tuple(shape), dtype


class Tensor:
    """A multi-dimensional array on the device (MindSpore's ``Tensor``): a box over a
    ``jax.Array``, with MindSpore's dtypes, printing, operators and methods.

    Args:
        input_data (Union[Tensor, numpy.ndarray, list, tuple, int, float, bool], optional): the
            values. Python ints become Int64 and floats Float32, as in MindSpore.
        dtype (mindspore.dtype, optional): convert to this dtype. Default: ``None`` (inferred).
        shape (Union[tuple, list, int], optional): with ``init``, the shape to create (or,
            with neither data nor init, a dynamic-shape placeholder for ``Cell.set_inputs``).
        init (Union[Initializer, str], optional): fill a new Tensor of ``shape`` with it.
        const_arg (bool): whether a compiled function (GRAPH_MODE, ``jit``) takes this Tensor as
            a compile-time constant when it is an argument: its value is then known while the
            program compiles (``int(x)``, an ``if`` on it are computed then) and a call with
            other values compiles again (``set_const_arg``). Default: ``False``.

    Raises:
        TypeError: ``input_data`` is of a type a Tensor cannot hold.
        ValueError: neither ``input_data`` nor ``shape`` and ``init`` are given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> t = ms.Tensor(np.array([[1, 2], [3, 4]], np.float32))
        >>> t.shape, t.dtype
        ((2, 2), mindspore.float32)
        >>> print(t * 2)
        [[2. 4.]
         [6. 8.]]
        >>> ms.Tensor(shape=(2,), dtype=ms.float32, init="ones").asnumpy()
        array([1., 1.], dtype=float32)
    """

    __array_priority__ = 100

    def __init__(
        self,
        input_data: Any = None,
        dtype: Any = None,
        shape: Any = None,
        init: Any = None,
        const_arg: bool = False,
    ) -> None:
        if const_arg is not False:
            self.set_const_arg(const_arg, "Tensor")
        if input_data is None and init is None and _is_dynamic(shape, dtype):
            self._data = _Placeholder(shape, dtype)
            return
        if input_data is None:
            if shape is None or init is None:
                raise ValueError(
                    "For 'Tensor', 'input_data' must be given, or both 'shape' and 'init', "
                    f"but got input_data=None, shape={shape!r}, init={init!r}"
                )
            sampled = provider("init_sampler")(init, shape, dtype or mstype.float32)
            self.__dict__.update(sampled.__dict__)  # filled at the first read, as MindSpore
            return
        elif isinstance(input_data, Tensor):
            data = input_data._data
        elif isinstance(input_data, jax.Array):
            data = input_data
        else:
            _check_input_data(input_data)
            # a Tensor of constants keeps its value while a graph compiles, so int()/float()/bool()
            # of it are computed at compile time (MindSpore's JIT Fallback)
            with jax.ensure_compile_time_eval():
                data = _infer(input_data)
                if dtype is not None:
                    data = _astype(data, dtype)
            self._data = data
            return
        if dtype is not None:
            data = _astype(data, dtype)
        self._data = data

    # the Python number type a variable of a compiled program stands for (a loop counter, a
    # number joined from a Tensor 'if'), returned as that number (_compile/control_flow.py)
    _ds_number: type | None = None

    # whether a compiled function takes this Tensor as a compile-time constant (set_const_arg)
    const_arg: bool = False

    def set_const_arg(self, const_arg: bool = True, _api: str = "set_const_arg") -> Tensor:
        """Whether a compiled function (GRAPH_MODE, ``jit``) takes this Tensor as a compile-time
        constant when it is an argument: the program sees its value while it compiles, and a
        call with a Tensor of other values compiles another program, as in MindSpore.

        Args:
            const_arg (bool, optional): Default: ``True``.

        Returns:
            Tensor, this Tensor.

        Raises:
            TypeError: ``const_arg`` is not a bool.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.Tensor([1, 2]).set_const_arg()
            >>> x.const_arg
            True
        """
        if not isinstance(const_arg, bool):
            raise TypeError(
                f"For '{_api}', the type of 'const_arg' should be 'bool', but got type "
                f"'{type(const_arg).__name__}'."
            )
        self.const_arg = const_arg
        return self

    @classmethod
    def _from(cls, data: Any) -> Tensor:
        t = object.__new__(Tensor)
        t._data = data
        return t

    @classmethod
    def _deferred(cls, fill: Callable[[], Any], shape: tuple[int, ...], dtype: Any) -> Tensor:
        """A Tensor of ``shape``/``dtype`` whose values ``fill()`` makes at the first read of them
        (an initializer's Tensor: MindSpore draws its seed when the data is made, ``init_data``,
        not when the Tensor is created). Its shape and dtype are known before."""
        t = object.__new__(Tensor)
        t.__dict__["_pending"] = _Pending(fill, shape, np.dtype(mstype.to_np(dtype)))
        return t

    def __getattr__(self, name: str) -> Any:
        # reached only for an attribute not found: a deferred Tensor's values, made now
        if name == "_data":
            pending = self.__dict__.pop("_pending", None)
            if pending is not None:
                data = self._data = pending.fill()
                return data
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    # --- properties -------------------------------------------------------------------------
    def _meta(self) -> Any:
        """What knows the shape and dtype: the data, or a deferred Tensor's pending fill."""
        pending = self.__dict__.get("_pending")
        return self._data if pending is None else pending

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._meta().shape)

    @property
    def dtype(self) -> mstype.Type:
        return mstype.from_np(self._meta().dtype)

    @property
    def ndim(self) -> int:
        return len(self._meta().shape)

    @property
    def size(self) -> int:
        pending = self.__dict__.get("_pending")
        return int(self._data.size if pending is None else np.prod(pending.shape, dtype=np.int64))

    @property
    def has_init(self) -> bool:
        """Whether the values are still to be made (a Tensor from an initializer, not yet read)."""
        return "_pending" in self.__dict__

    def init_data(self, *args: Any, **kwargs: Any) -> Tensor:
        """Make the values of a Tensor from an initializer now (drawing its seed); returns it."""
        self._data  # noqa: B018 - the read makes them
        return self

    @property
    def itemsize(self) -> int:
        return self._data.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    @property
    def strides(self) -> tuple[int, ...]:
        """Bytes to step in each dimension, of the row-major layout (deepsink's tensors are always
        contiguous, as MindSpore's are once computed: a transpose's strides are its own shape's)."""
        step, out = self.itemsize, []
        for dim in reversed(self.shape):
            out.append(step)
            step *= dim
        return tuple(reversed(out))

    @property
    def T(self) -> Tensor:
        return Tensor._from(self._data.T)

    # --- gradient hooks (deepsink/_compile/grad_hooks.py) -----------------------------------------
    def register_hook(self, hook: Any) -> Any:
        """Registers ``hook(grad) -> None or new grad``, called with the gradient of this Tensor
        when a gradient function (``ms.grad``, ``value_and_grad``, ``GradOperation``) computes
        it; a return value that is not None replaces the gradient. Hooks run in the order they
        were registered, each with the gradient the previous one returned.

        Args:
            hook (function): The hook.

        Returns:
            HookHandle, whose ``remove()`` unregisters the hook.

        Raises:
            TypeError: If `hook` is not callable.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.Tensor([1.0, 2.0])
            >>> handle = x.register_hook(lambda grad: grad * 3)
            >>> print(ms.grad(lambda a: (a * a).sum())(x))
            [ 6. 12.]
            >>> handle.remove()
            >>> print(ms.grad(lambda a: (a * a).sum())(x))
            [2. 4.]
        """
        from deepsink.common.hook_handle import TENSOR_HOOK_TABLES, HookHandle

        grad_hooks = provider("grad_hooks")
        grad_hooks.check_hook_fn(hook)
        hooks = self.__dict__.get("_grad_hooks")
        if hooks is None:
            hooks = self.__dict__["_grad_hooks"] = OrderedDict()  # weakly referable
            if isinstance(self._data, jax.core.Tracer):
                # a value inside a gradient's trace: the gradient reaching it from here on
                # goes through the hooks (an input's hooks are applied by the gradient function)
                self._data = grad_hooks.hook_tensor(self, hooks)._data
        handle = HookHandle(hooks)
        hooks[handle.handle_id] = hook
        TENSOR_HOOK_TABLES[handle.handle_id] = hooks  # Tensor.remove_hook(handle_id)
        return handle

    # --- conversion ---------------------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """The values as a NumPy array (a copy on the host). Not available while compiling (GRAPH_MODE,
        ``jit``), where values are not known.

        Returns:
            numpy.ndarray, with the Tensor's shape and dtype (Int8 for a qint4x2 Tensor, as
            MindSpore 2.10 gives).

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> a = x.asnumpy()
            >>> print(type(a).__name__, a.dtype, a.shape)
            ndarray float32 (2, 3)
        """
        out = _host(np.array, self._data, ".asnumpy()")
        return out.astype(np.int8) if out.dtype == mstype.qint4x2.np else out

    numpy = asnumpy

    def __array__(self, dtype=None, copy=None):
        a = _host(np.asarray, self._data, "Converting to numpy")
        return a.astype(dtype) if dtype is not None else a

    def __jax_array__(self):
        return self._data

    def item(self, index=None):
        """The value of a one-element Tensor (or of the element at ``index``) as a Python number.

        Args:
            index (Union[int, tuple[int]], optional): the element. Default: ``None``.

        Returns:
            Union[int, float, bool], the value.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> print(ms.Tensor(np.array([2.5], np.float32)).item())
            2.5
        """
        a = _host(np.asarray, self._data, ".item()")
        return a.item() if index is None else a.item(index)

    def tolist(self):
        """The values as nested Python lists.

        Returns:
            list, or a Python number for a 0-d Tensor.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.tolist())
            [[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]
        """
        return _host(np.asarray, self._data, ".tolist()").tolist()

    def astype(self, dtype, copy: bool = True) -> Tensor:
        """A copy cast to ``dtype``. 64-bit types are real: ``astype(ms.float64)`` gives Float64.

        Args:
            dtype (Union[mindspore.dtype, numpy.dtype, str]): the target dtype.
            copy (bool): kept for MindSpore's signature (a new Tensor is always returned). Default: ``True``.

        Returns:
            Tensor, the cast values.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> y = x.astype(ms.int32)
            >>> print(y.dtype, y)
            Int32 [[ 1 -2  3]
             [ 4  5 -6]]
        """
        return Tensor._from(self._data.astype(mstype.to_np(dtype)))

    to = astype

    def float(self) -> Tensor:
        return self.astype(mstype.float32)

    def int(self) -> Tensor:
        return self.astype(mstype.int32)

    def copy(self) -> Tensor:
        """A new Tensor with a copy of the values.

        Returns:
            Tensor, the copy.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.copy())
            [[ 1. -2.  3.]
             [ 4.  5. -6.]]
        """
        return Tensor._from(jnp.array(self._data, copy=True))

    def __bool__(self) -> bool:
        _one_element(self._data, "bool")
        return _host(bool, self._data, "Python 'if', 'while', 'and', 'or', 'not' or bool()")

    def __int__(self) -> int:
        _one_element(self._data, "int")
        return _host(lambda d: int(_one(d)), self._data, "int()")

    def __float__(self) -> float:
        _one_element(self._data, "float")
        return _host(lambda d: float(_one(d)), self._data, "float()")

    def __index__(self) -> int:
        return operator.index(_host(np.asarray, self._data, "Using as an index").item())

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("For 'Tensor', len() of a 0-d tensor is not defined")
        return self.shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __hash__(self) -> int:
        return id(self)

    # --- indexing -------------------------------------------------------------------------------
    def __getitem__(self, index) -> Tensor:
        index = indexing.check_python_index(index)
        index = unwrap_tree(index)
        with _folded(self._data, *jax.tree_util.tree_leaves(index)):
            return Tensor._from(indexing.getitem(self._data, index))

    def __setitem__(self, index, value) -> None:
        index = indexing.check_python_index(index, setitem=True)
        self._data = indexing.setitem(self._data, unwrap_tree(index), unwrap(value))

    def itemset(self, *args: Any) -> Tensor:
        """A copy with one element set (MindSpore's ``Tensor.itemset``; the original is unchanged).

        Args:
            args: ``(value,)`` for a Tensor of shape (1,), or ``(index, value)`` with ``index`` an
                int (into the flattened Tensor) or a tuple of one int per dimension. ``value`` is
                cast to the Tensor's dtype.

        Returns:
            Tensor, of this Tensor's shape and dtype.

        Raises:
            ValueError: no argument, or more than two.
            IndexError: an index out of range, a tuple of the wrong length, or one argument for a
                Tensor whose shape is not (1,).
            TypeError: an index that is neither an int nor a tuple.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32))
            >>> print(x.itemset((0, 1), 4))
            [[1. 4. 3.]
             [4. 5. 6.]]
        """
        if not args:
            raise ValueError("'Tensor.itemset()' must have at least one argument, but got None.")
        if len(args) > 2:
            raise ValueError(
                f"'Tensor.itemset()' must have at most 2 argument, but got {len(args)}."
            )
        value = args[-1]
        if len(args) == 1:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise IndexError(f"'Tensor.itemset()' only support number input, but got {value}")
            if self.shape != (1,):
                raise IndexError(
                    "Only tensor which shape is (1,) support 1 arg that means omit index, but the "
                    f"tensor shape is {self.shape} and got 1 input."
                )
            return Tensor._from(jnp.full((1,), value, self._data.dtype))
        index = args[0]
        if isinstance(index, int | np.integer) and not isinstance(index, bool):
            flat = Tensor._from(self._data.reshape(-1))
            flat[int(index)] = value
            return Tensor._from(flat._data.reshape(self.shape))
        if isinstance(index, tuple):
            if len(index) != self.ndim:
                raise IndexError(
                    f"Tuple index len({len(index)}) is not same to tensor dimension({self.ndim})"
                )
            out = Tensor._from(self._data)
            out[index] = Tensor._from(jnp.asarray(value, self._data.dtype))
            return out
        raise TypeError(
            f"For 'Tensor.itemset', the index must be an int or a tuple of ints, but got {index!r} "
            "(the index object cannot be interpreted as an integer)"
        )

    # --- printing ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        """MindSpore's repr: ``Tensor(shape=[2, 3], dtype=Float32, value=\\n[[...]])`` (``_format``);
        a Tensor over a NumPy buffer (``from_numpy``, a dataset row) prints its value as NumPy
        does, as in MindSpore (``_np_repr``); a dynamic-shape placeholder has no value to print."""
        if isinstance(self._data, _Placeholder):
            return f"{_header(self)}\n)"
        data = _concrete(self._data)
        if isinstance(data, jax.core.Tracer):
            if functional.capturing():
                raise functional.HostRead("repr()")
            return f"{_header(self)}<traced>)"
        sep = "\n" if self.ndim > 1 else " "
        if self.__dict__.get("_numpy_backed"):
            return f"{_header(self)}{sep}{_np_repr(np.asarray(data))})"
        return f"{_header(self)}{sep}{_format(np.asarray(data))})"

    @staticmethod
    def from_numpy(array: np.ndarray) -> Tensor:
        """MindSpore's ``Tensor.from_numpy``: a Tensor of ``array``'s dtype and values.

        MindSpore shares the NumPy buffer; deepsink's arrays live in JAX (on the device), so the
        values are taken as they are now. Such a Tensor prints as MindSpore prints one over a NumPy
        buffer (NumPy's layout, ``[1., 2.]``), as the Tensors of a dataset row do.

        Args:
            array (numpy.ndarray): the values.

        Returns:
            Tensor, of ``array``'s shape and dtype.

        Raises:
            TypeError: ``array`` is not a numpy.ndarray.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> ms.Tensor.from_numpy(np.array([1.0, 2.0], np.float32))
            Tensor(shape=[2], dtype=Float32, value= [1., 2.])
        """
        if not isinstance(array, np.ndarray):
            raise TypeError(
                f"For 'Tensor.from_numpy', 'array' must be a numpy.ndarray, but got "
                f"{type(array).__name__}"
            )
        return numpy_backed(Tensor(array))

    def __str__(self) -> str:
        """MindSpore 2.x ``print(tensor)``: numpy's ``str`` of the value (as NumPy 1.x prints it)."""
        data = _concrete(self._data)
        if isinstance(data, jax.core.Tracer):
            if functional.compiling() and not functional.capturing():
                # its text is its value, known when the program runs: jit runs the function
                # op by op (MindSpore's JIT Fallback formats the value at run time)
                raise _graph_rule("str() (or '%s' %)")
            return repr(self)
        return _np_str(np.asarray(data))

    def __format__(self, spec: str) -> str:
        data = _concrete(self._data)
        if isinstance(data, jax.core.Tracer) and functional.capturing():
            raise functional.HostRead("format()")
        if isinstance(data, jax.core.Tracer) and functional.compiling():
            raise _graph_rule("An f-string or str.format()")
        if self.ndim == 0 and spec:
            return format(np.asarray(data).item(), spec)
        return format(str(self), spec)

    # --- methods shared with ops (reductions and shape ops) ---------------------------------------
    def reshape(self, *shape) -> Tensor:
        """The same values in a new shape (one axis may be -1, inferred). ``view`` is the same method.

        Args:
            shape (Union[int, tuple[int], list[int]]): the new shape, as one tuple or as separate ints.

        Returns:
            Tensor, the reshaped values.

        Raises:
            TypeError: the new shape holds a different number of elements.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.reshape(3, 2))
            [[ 1. -2.]
             [ 3.  4.]
             [ 5. -6.]]
            >>> print(x.reshape((-1,)).shape)
            (6,)
        """
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], tuple | list) else shape
        try:
            if any(isinstance(d, bool | float | np.floating) for d in shape):
                raise TypeError
            shape = tuple(operator.index(d) for d in shape)
        except TypeError:
            raise TypeError(
                f"For 'Tensor.reshape', each entry of 'shape' must be an int, but got {shape}"
            ) from None
        known = math.prod(d for d in shape if d != -1)
        unknown = sum(1 for d in shape if d == -1)
        if (
            unknown > 1
            or any(d < -1 for d in shape)
            or (self.size % known if unknown and known else known != self.size)
        ):
            raise ValueError(
                f"For 'Tensor.reshape', the shape {list(shape)} is invalid for an input of shape "
                f"{list(self.shape)} (size {self.size}): the sizes must match, with at most one "
                "-1 standing for the rest"
            )
        return Tensor._from(self._data.reshape(shape))

    view = reshape

    def transpose(self, *axes) -> Tensor:
        """Permutes the axes; without arguments the axes are reversed.

        Args:
            axes (Union[int, tuple[int]]): the new order of the axes, as one tuple or separate ints.

        Returns:
            Tensor, the permuted values.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.transpose())
            [[ 1.  4.]
             [-2.  5.]
             [ 3. -6.]]
            >>> print(x.transpose(1, 0).shape)
            (3, 2)
        """
        axes = axes[0] if len(axes) == 1 and isinstance(axes[0], tuple | list) else axes
        return Tensor._from(jnp.transpose(self._data, axes or None))

    def flatten(self, order="C", *, start_dim=0, end_dim=-1) -> Tensor:
        """The axes ``start_dim..end_dim`` merged into one; ``order="F"`` reverses the axes
        first (column-major), as MindSpore does."""
        if not isinstance(order, str):
            raise TypeError(f"For Tensor.flatten, 'order' must be a str, but got {order!r}")
        if order not in ("C", "F"):
            raise ValueError(
                f"For Tensor.flatten, the parameter 'order' must be 'C' or 'F', but got '{order}'"
            )
        data = self._data if order == "C" else jnp.transpose(self._data)
        if start_dim == 0 and end_dim == -1:
            return Tensor._from(data.reshape(-1))
        s = data.shape
        end = end_dim % len(s)
        return Tensor._from(data.reshape(s[:start_dim] + (-1,) + s[end + 1 :]))

    def expand_dims(self, axis: int) -> Tensor:
        """Inserts an axis of size 1 at ``axis`` (``unsqueeze`` is the same method).

        Args:
            axis (int): where the new axis goes.

        Returns:
            Tensor, the values with one more axis.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.expand_dims(0).shape)
            (1, 2, 3)
        """
        return Tensor._from(jnp.expand_dims(self._data, axis))

    unsqueeze = expand_dims

    # MindSpore 2.x accepts both spellings: numpy-style (axis, keepdims/keep_dims) and
    # torch-style (dim, keepdim); positional arguments are (axis, keepdims[, dtype]).
    def _reduce(self, fn, args: tuple, kwargs: dict, api: str, with_dtype: bool = False) -> Tensor:
        axis, keep, dtype, rest = _reduce_args(args, kwargs, api, with_dtype)
        data = self._data
        if fn in (jnp.sum, jnp.prod) and dtype is None:
            data = data.astype(dtype_rules.sum_dtype(data.dtype))
        if fn is jnp.mean and not jnp.issubdtype(data.dtype, jnp.inexact):
            out = jnp.mean(data.astype(jnp.float32), axis=axis, keepdims=keep).astype(data.dtype)
        else:
            out = fn(data, axis=axis, keepdims=keep, **rest)
        if dtype is not None:
            out = out.astype(mstype.to_np(dtype))
        return Tensor._from(out)

    def sum(self, *args, **kwargs) -> Tensor:
        """The sum over ``axis``. MindSpore 2.10 accepts both spellings:
        ``sum(axis=None, dtype=None, keepdims=False, initial=None)`` and ``sum(dim, keepdim)``.

        Args:
            axis (Union[int, tuple[int], None]): the axes to reduce; None reduces all. Default: ``None``.
            dtype (mindspore.dtype, optional): the result's dtype. Default: ``None``.
            keepdims (bool): keep the reduced axes with size 1. Default: ``False``.
            initial (number, optional): a starting value. Default: ``None``.

        Returns:
            Tensor, the sums.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.sum())
            5.0
            >>> print(x.sum(axis=1))
            [2. 3.]
            >>> print(x.sum(0, keepdims=True))
            [[ 5.  3. -3.]]
        """
        return self._reduce(jnp.sum, args, kwargs, "Tensor.sum", with_dtype=True)

    def mean(self, *args, **kwargs) -> Tensor:
        """The mean over ``axis``: ``mean(axis=None, keep_dims=False)`` or ``mean(dim, keepdim, dtype=None)``.

        Args:
            axis (Union[int, tuple[int], None]): the axes to reduce; None reduces all. Default: ``None``.
            keep_dims (bool): keep the reduced axes with size 1. Default: ``False``.

        Returns:
            Tensor, the means.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.mean())
            0.8333334
            >>> print(x.mean(axis=0))
            [ 2.5  1.5 -1.5]
        """
        return self._reduce(jnp.mean, args, kwargs, "Tensor.mean", with_dtype=True)

    def prod(self, *args, **kwargs) -> Tensor:
        return self._reduce(jnp.prod, args, kwargs, "Tensor.prod", with_dtype=True)

    def all(self, *args, **kwargs) -> Tensor:
        return self._reduce(jnp.all, args, kwargs, "Tensor.all")

    def any(self, *args, **kwargs) -> Tensor:
        return self._reduce(jnp.any, args, kwargs, "Tensor.any")

    def max(self, *args, **kwargs) -> Any:
        """MindSpore 2.10's two overloads: ``max(dim, keepdim=False)`` (``dim`` positional or by
        name) gives ``(values, indices)``; ``max(axis=None, keepdims=False, *, initial, where,
        return_indices=False)`` gives the values. ``max()`` is the maximum of all elements. In
        graph mode (GRAPH_MODE, ``jit``), as in 2.10, a positional int is ``axis``: ``max(2)``
        gives the values; ``max(dim=2)`` still gives ``(values, indices)``.

        Args:
            dim (int, optional): with it, return ``(values, indices)`` along it.
            keepdim (bool): keep the reduced axis. Default: ``False``.
            axis (Union[int, tuple[int], None]): the axes to reduce (values only). Default: ``None``.
            keepdims (bool): keep the reduced axes. Default: ``False``.

        Returns:
            Tensor, the maxima; or a tuple ``(values, indices)`` with ``dim`` or ``return_indices``.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.max())
            5.0
            >>> print(x.max(axis=0))
            [4. 5. 3.]
            >>> values, indices = x.max(1)
            >>> print(values, indices)
            [3. 5.] [2 1]
        """
        return self._extreme(jnp.max, jnp.argmax, args, kwargs, "Tensor.max")

    def min(self, *args, **kwargs) -> Any:
        """``min``: the overloads of ``max``.

        Args:
            dim (int, optional): with it, return ``(values, indices)`` along it.
            keepdim (bool): keep the reduced axis. Default: ``False``.
            axis (Union[int, tuple[int], None]): the axes to reduce (values only). Default: ``None``.
            keepdims (bool): keep the reduced axes. Default: ``False``.

        Returns:
            Tensor, the minima; or a tuple ``(values, indices)`` with ``dim`` or ``return_indices``.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.min())
            -6.0
            >>> values, indices = x.min(1)
            >>> print(values, indices)
            [-2. -6.] [1 2]
        """
        return self._extreme(jnp.min, jnp.argmin, args, kwargs, "Tensor.min")

    def _extreme(self, fn, argfn, args: tuple, kwargs: dict, api: str) -> Any:
        numpy_style = any(
            k in kwargs for k in ("axis", "keepdims", "keep_dims", "initial", "where")
        )
        # a positional int is ``dim`` in PyNative, ``axis`` in graph mode (2.10's compiler
        # resolves Tensor.max/min to its NumPy-style method: ``t.max(2)`` gives the values)
        positional_dim = bool(args) and isinstance(args[0], int) and not isinstance(args[0], bool)
        graph = functional.graph_semantics()
        torch_style = not numpy_style and ("dim" in kwargs or (positional_dim and not graph))
        kwargs = dict(kwargs)
        with_indices = kwargs.pop("return_indices", False) or torch_style
        raw_axis = args[0] if args else next((kwargs[k] for k in _AXIS_NAMES if k in kwargs), None)
        if not isinstance(raw_axis, int | np.integer) or isinstance(raw_axis, bool):
            # all elements or a tuple of axes: a max reduction (ties share the gradient)
            values = self._reduce(fn, args, kwargs, api)
            if with_indices:
                raise ValueError(
                    f"For '{api}', returning indices needs one int axis, but got {raw_axis!r}"
                )
            return values
        # one int axis: MindSpore's ArgMaxWithValue/ArgMinWithValue (the first extreme on ties
        # gets the gradient), with or without the indices
        axis, keep, _, rest = _reduce_args(args, kwargs, api, False)
        if self.ndim == 0:
            values = self._reduce(fn, args, kwargs, api)
            return (values, Tensor._from(jnp.zeros((), jnp.int64))) if with_indices else values
        ax = int(axis[0])
        if not -self.ndim <= ax < self.ndim:
            fail_arg(api, "axis", f"in [{-self.ndim}, {self.ndim})", ax)
        ax %= self.ndim
        values, idx = arg_extreme.with_index(
            self._data, ax, keep, fn is jnp.max, rest.get("initial"), rest.get("where")
        )
        return (Tensor._from(values), Tensor._from(idx)) if with_indices else Tensor._from(values)

    def argmax(self, *args, **kwargs) -> Tensor:
        """The index of the maximum, over ``axis`` or over all elements (flattened): ``argmax(axis=None,
        keepdims=False)`` or ``argmax(dim, keepdim)``.

        Args:
            axis (int, optional): the axis; None looks at all elements. Default: ``None``.
            keepdims (bool): keep the reduced axis with size 1. Default: ``False``.

        Returns:
            Tensor, int64 indices.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.argmax())
            4
            >>> print(x.argmax(axis=1))
            [2 1]
        """
        return self._arg(jnp.argmax, args, kwargs, "Tensor.argmax", jnp.int64)

    def argmin(self, *args, **kwargs) -> Tensor:
        """``argmin``: Int32 indices (MindSpore 2.10's ``Tensor.argmin``, unlike ``argmax``)."""
        return self._arg(jnp.argmin, args, kwargs, "Tensor.argmin", jnp.int32)

    def _arg(self, fn, args: tuple, kwargs: dict, api: str, index_dtype) -> Tensor:
        axis, keep, _, _ = _reduce_args(args, kwargs, api, False)
        if axis is None:
            out = fn(self._data.reshape(-1))
            out = out.reshape((1,) * self.ndim) if keep else out
        elif len(axis) == 1:
            out = fn(self._data, axis=axis[0], keepdims=keep)
        else:
            raise ValueError(f"For '{api}', 'axis' must be None or an int, but got {axis}")
        return Tensor._from(out.astype(index_dtype))

    def abs(self) -> Tensor:
        """The absolute value, element-wise.

        Returns:
            Tensor, the same shape and dtype.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> x = ms.Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32))
            >>> print(x.abs())
            [[1. 2. 3.]
             [4. 5. 6.]]
        """
        return Tensor._from(jnp.abs(self._data))

    def exp(self) -> Tensor:
        return Tensor._from(jnp.exp(_floating(self._data)))

    def log(self) -> Tensor:
        return Tensor._from(jnp.log(_floating(self._data)))

    def sqrt(self) -> Tensor:
        return Tensor._from(jnp.sqrt(_floating(self._data)))

    def clip(self, min=None, max=None) -> Tensor:  # noqa: A002 - MindSpore's keywords
        """``Tensor.clamp``'s alias: ``t.clip(min=1)``, ``t.clip(0.0, None)``."""
        return self.clamp(min, max)

    def fill(self, value) -> Tensor:
        return Tensor._from(jnp.full_like(self._data, unwrap(value)))

    def swapaxes(self, a: int, b: int) -> Tensor:
        return Tensor._from(jnp.swapaxes(self._data, a, b))

    def norm(self, ord=None, axis=None, keepdims=False) -> Tensor:
        return Tensor._from(
            jnp.linalg.norm(_floating(self._data), ord=ord, axis=axis, keepdims=keepdims)
        )

    def assign_value(self, value) -> Tensor:
        self._data = unwrap(value) if isinstance(value, Tensor) else _infer(value)
        return self


def _floating(a: jax.Array) -> jax.Array:
    """Float-valued math on int/bool data computes in Float32 (``dtype_rules.float_result``)."""
    return a.astype(dtype_rules.float_result(a.dtype))


_AXIS_NAMES = ("axis", "dim")
_KEEP_NAMES = ("keepdims", "keep_dims", "keepdim")


def _reduce_args(args: tuple, kwargs: dict, api: str, with_dtype: bool) -> tuple:
    """``(axes or None, keepdims, dtype, other kwargs)`` from a reduction method's arguments.

    Positional arguments are ``(axis, keepdims)``; with ``with_dtype`` a non-bool second (or a
    third) positional is the dtype, as in ``x.sum(1, mstype.float16)``.
    """
    kwargs = dict(kwargs)
    axis = next((kwargs.pop(k) for k in _AXIS_NAMES if k in kwargs), None)
    keep = next((kwargs.pop(k) for k in _KEEP_NAMES if k in kwargs), None)
    dtype = kwargs.pop("dtype", None) if with_dtype else None
    rest = list(args)
    if rest:
        axis = rest.pop(0)
    for v in rest:
        if isinstance(v, bool) and keep is None:
            keep = v
        elif with_dtype and dtype is None and not isinstance(v, bool):
            dtype = v
        else:
            raise TypeError(f"For '{api}', unexpected positional argument {v!r}")
    if "initial" in kwargs and kwargs["initial"] is None:
        del kwargs["initial"]
    if "where" in kwargs and kwargs["where"] is None:
        del kwargs["where"]
    if "where" in kwargs:
        kwargs["where"] = unwrap(kwargs["where"])
    if axis is not None:
        if isinstance(axis, Tensor):
            axis = np.asarray(axis._data).tolist()
        axes = tuple(axis) if isinstance(axis, tuple | list) else (axis,)
        for a in axes:
            if isinstance(a, bool) or not isinstance(a, int | np.integer):
                raise TypeError(
                    f"For '{api}', 'axis' must be None, an int or a tuple of ints, but got {axis!r}"
                )
        axis = axes or None
    return axis, bool(keep), dtype, kwargs


def _binary(fn, reflected: bool = False, sequences: bool = False, result: type | None = None):
    """A Tensor operator; ``sequences``: a list or tuple operand becomes a Tensor of this Tensor's
    dtype first (MindSpore's ``+`` and ``-`` do this; its other operators refuse sequences).
    ``result``: the Python type the operator gives on numbers when it does not follow its
    operands (``/`` gives a float, a comparison a bool)."""

    def op(self, other):
        if getattr(type(other), "_sparse_operand", False):  # a sparse tensor's reflected op
            return NotImplemented
        if sequences and isinstance(other, list | tuple):
            other = Tensor._from(jnp.asarray(np.asarray(other).astype(self._data.dtype)))
        a, b = self._data, _operand(other, self)
        if self._ds_number is not None and isinstance(other, Tensor) and other._ds_number is None:
            # a number variable next to a Tensor is a Python scalar of MindSpore's rule
            a = a.astype(dtype_rules.scalar_dtype(self._ds_number(), b.dtype))
        if isinstance(b, jax.Array | np.ndarray | np.generic) and b.dtype != a.dtype:
            dt = dtype_rules.promote(a.dtype, b.dtype)  # MindSpore's table, not JAX's defaults
            a, b = a.astype(dt), jnp.asarray(b).astype(dt)
        with _folded(a, b):
            out = Tensor._from(fn(b, a) if reflected else fn(a, b))
        if self._ds_number is not None:
            out._ds_number = _number_result(self._ds_number, other, result)
        return out

    return op


def _number_result(kind: type, other: Any, result: type | None) -> type | None:
    """The Python type of ``number_var <op> other`` when both stand for Python numbers (a
    number variable of a compiled program, ``Tensor._ds_number``), else None (a Tensor)."""
    if isinstance(other, Tensor):
        other_kind = other._ds_number
    elif isinstance(other, bool | int | float) and not isinstance(other, np.generic):
        other_kind = type(other)
    else:
        return None
    if other_kind is None:
        return None
    if result is not None:
        return result
    return float if float in (kind, other_kind) else int


def _operand(other: Any, like: Tensor) -> Any:
    """Python scalars follow MindSpore's tensor-scalar rule (``dtype_rules.scalar_dtype``)."""
    if isinstance(other, Tensor):
        if other._ds_number is not None and like._ds_number is None:
            # a number variable of a compiled program (a Python number read in a Tensor loop)
            # is a Python scalar: it does not widen an int32 Tensor to int64
            return other._data.astype(
                dtype_rules.scalar_dtype(other._ds_number(), like._data.dtype)
            )
        return other._data
    if isinstance(other, bool | int | float) and not isinstance(other, np.generic):
        return dtype_rules.scalar_operand(other, like._data.dtype)
    return other


def matmul_ext_mismatch(x_shape: tuple, y_shape: tuple) -> RuntimeError | None:
    """MindSpore's ``MatMulExt`` check (``ops.matmul``, ``mint.matmul`` and ``@``): the error it
    raises when the contracted dimensions differ, or None when they agree."""
    if not x_shape or not y_shape:
        return None
    k_x, k_y = x_shape[-1], (y_shape[-2] if len(y_shape) > 1 else y_shape[0])
    if k_x == k_y:
        return None
    return RuntimeError(
        f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got {k_x} and {k_y}."
    )


def _matmul_ext(a: Any, b: Any) -> jax.Array:
    error = matmul_ext_mismatch(jnp.shape(a), jnp.shape(b))
    if error is not None:
        raise error
    return jnp.matmul(a, b)


def _true_divide(a: Any, b: Any) -> jax.Array:
    """``a / b``: int and bool inputs divide in Float32 (``dtype_rules.true_div_dtype``)."""
    a, b = jnp.asarray(a), jnp.asarray(b)
    dt = dtype_rules.true_div_dtype(dtype_rules.promote(a.dtype, b.dtype))
    return jnp.true_divide(a.astype(dt), b.astype(dt))


_ARITHMETIC = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": _true_divide,
    "floordiv": jnp.floor_divide,
    "mod": jnp.mod,
    "pow": jnp.power,
    "matmul": _matmul_ext,
    "and": jnp.bitwise_and,
    "or": jnp.bitwise_or,
    "xor": jnp.bitwise_xor,
}
_COMPARISONS = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "eq": operator.eq,
    "ne": operator.ne,
}
register_methods(
    {
        f"__{prefix}{name}__": _binary(
            fn,
            reflected=prefix == "r",
            sequences=name in ("add", "sub"),
            result=float if name == "truediv" else None,
        )
        for name, fn in _ARITHMETIC.items()
        for prefix in ("", "r")
    }
    | {f"__{name}__": _binary(fn, result=bool) for name, fn in _COMPARISONS.items()},
    __name__,
)


def _sequence_signature(v: Any) -> str:
    """MindSpore's name of an argument's type in an overload error: ``Tuple<int, float>``."""
    if isinstance(v, tuple | list):
        inner = ", ".join(_sequence_signature(x) for x in v)
        return f"{'Tuple' if isinstance(v, tuple) else 'List'}<{inner}>"
    return "Tensor" if isinstance(v, Tensor) else type(v).__name__


def _augmented(name: str, method: str):
    """``x op= y``: as ``x op y``, except that a tuple or list ``y`` raises the TypeError of
    MindSpore 2.10's in-place method (``add_``, ``floor_divide_``, ``pow``, ``MatMulExt``...),
    which takes a Tensor or a number (``-=`` alone accepts a list there)."""

    def op(self, other):
        if isinstance(other, tuple | list):
            sig = _sequence_signature(other)
            call = (
                f"{method}()(input=Tensor, other={sig})"
                if method == "MatMulExt"
                else f"{method}({sig})"
            )
            raise TypeError(f'Failed calling {method} with "{call}".')
        # the binary method is looked up per call: the ops package binds some of them later
        return getattr(type(self), f"__{name}__")(self, other)

    return op


register_methods(
    {
        f"__i{name}__": _augmented(name, method)
        for name, method in (
            ("add", "add_"),
            ("mul", "mul_"),
            ("truediv", "div_"),
            ("floordiv", "floor_divide_"),
            ("mod", "remainder_"),
            ("pow", "pow"),
            ("and", "bitwise_and"),
            ("or", "bitwise_or"),
            ("xor", "bitwise_xor"),
            ("matmul", "MatMulExt"),
        )
    }
    | {
        "__neg__": lambda self: Tensor._from(-self._data),
        "__pos__": lambda self: self,
        "__abs__": lambda self: Tensor._from(jnp.abs(self._data)),
        "__invert__": lambda self: Tensor._from(~self._data),
    },
    __name__,
)


# --- Tensor methods that need no op: the ops package binds the rest (``deepsink.ops.tensor_methods``)
# when it is imported, so this lower layer never imports ``deepsink.ops``.
def _shape_args(shape: tuple) -> tuple:
    return tuple(shape[0]) if len(shape) == 1 and isinstance(shape[0], tuple | list) else shape


def _set_dtype(self, dtype) -> Tensor:
    """Change the dtype in place (MindSpore's ``Tensor.set_dtype``)."""
    self._data = self._data.astype(mstype.to_np(dtype))
    return self


def _inplace(fn):
    """``x.add_(y)`` style: compute ``fn(x, ...)`` and store it in ``x`` (dtype kept)."""

    def method(self, *args, **kwargs):
        self._data = jnp.asarray(unwrap(fn(self, *args, **kwargs))).astype(self._data.dtype)
        return self

    return method


def _copied(self, src, non_blocking: bool = False) -> Tensor:
    """``Tensor.copy_(src, non_blocking=False)``'s value: ``src`` broadcast to the tensor."""
    if not isinstance(non_blocking, bool):
        raise TypeError(
            f"For 'Tensor.copy_', 'non_blocking' must be a bool, but got {type(non_blocking).__name__}"
        )
    return Tensor(src).broadcast_to(self.shape)


register_methods(
    {
        "set_dtype": _set_dtype,
        "view_as": lambda self, other: self.reshape(other.shape),
        "reshape_as": lambda self, other: self.reshape(other.shape),
        "type_as": lambda self, other: self.astype(other.dtype),
        "ravel": lambda self: self.reshape(-1),
        "t": lambda self: self.T if self.ndim == 2 else self,
        "dim": lambda self: self.ndim,
        "ndimension": lambda self: self.ndim,
        "moveaxis": lambda self, source, destination: Tensor._from(
            jnp.moveaxis(self._data, source, destination)
        ),
        "movedim": lambda self, source, destination: Tensor._from(
            jnp.moveaxis(self._data, source, destination)
        ),
        "swapdims": lambda self, dim0, dim1: self.swapaxes(dim0, dim1),
        "roll": lambda self, shifts, dims=None: Tensor._from(jnp.roll(self._data, shifts, dims)),
        "tril": lambda self, diagonal=0: Tensor._from(jnp.tril(self._data, diagonal)),
        "triu": lambda self, diagonal=0: Tensor._from(jnp.triu(self._data, diagonal)),
        "log10": lambda self: Tensor._from(jnp.log10(self._data)),
        "nan_to_num": lambda self, nan=None, posinf=None, neginf=None: Tensor._from(
            jnp.nan_to_num(
                self._data, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf
            )
        ),
        "long": lambda self: self.astype(mstype.int64),
        "short": lambda self: self.astype(mstype.int16),
        "byte": lambda self: self.astype(mstype.uint8),
        "half": lambda self: self.astype(mstype.float16),
        "double": lambda self: self.astype(mstype.float64),
        "bool": lambda self: self.astype(mstype.bool_),
        "bfloat16": lambda self: self.astype(mstype.bfloat16),
        "clone": lambda self: self.copy(),
        "contiguous": lambda self: self,
        "is_contiguous": lambda self: True,
        "is_signed": lambda self: bool(
            jnp.issubdtype(self._data.dtype, jnp.signedinteger)
            or jnp.issubdtype(self._data.dtype, jnp.inexact)
        ),
        "is_complex": lambda self: bool(jnp.issubdtype(self._data.dtype, jnp.complexfloating)),
        "new_zeros": lambda self, size, dtype=None: Tensor._from(
            jnp.zeros(_shape_args((size,)), mstype.to_np(dtype) if dtype else self._data.dtype)
        ),
        "new_ones": lambda self, size, dtype=None: Tensor._from(
            jnp.ones(_shape_args((size,)), mstype.to_np(dtype) if dtype else self._data.dtype)
        ),
        "new_full": lambda self, size, fill_value, dtype=None: Tensor._from(
            jnp.full(
                _shape_args((size,)),
                unwrap(fill_value),
                mstype.to_np(dtype) if dtype else self._data.dtype,
            )
        ),
        "add_": _inplace(lambda self, other, alpha=1: self + other * alpha),
        "sub_": _inplace(lambda self, other, alpha=1: self - other * alpha),
        "mul_": _inplace(lambda self, other: self * other),
        "clamp_": _inplace(lambda self, min=None, max=None: self.clamp(min, max)),
        "fill_": _inplace(lambda self, value: self.fill(value)),
        "zero_": _inplace(lambda self: self.fill(0)),
        "copy_": _inplace(_copied),
    },
    __name__,
)


# --- printing: the rules of MindSpore's C++ tensor printer ----------------------------------------
_EDGE = 3  # items kept at each end of a summarised axis
_SUMMARIZE_ND = 6  # with ndim > 1, every axis longer than this is summarised
_SUMMARIZE_1D = 1000  # a 1-D tensor is summarised only past this many elements


def _format(a: np.ndarray, comma: bool = True) -> str:
    """The ``value=`` part of MindSpore's ``repr(Tensor)`` (``comma=False``: graph-mode Print).

    - floats: ``%.8e`` right-aligned in 15 columns (Float16: ``%.4e`` in 11), so positive values
      get a leading space; NaN and inf are padded the same way;
    - bools: 5 columns (`` True``/``False``); ints and BFloat16 (``%g``): right-aligned to the
      widest *shown* item; complex unpadded;
    - 1-D: a line break after every 12 floats/bools or 24 other items (even after the last one);
      more than 1000 items print as ``[a, b, c ... x, y, z]`` on one line;
    - N-D: every axis longer than 6 shows 3 items, ``...``, 3 items; rows are separated by
      ``,\\n`` plus one space of indent per depth;
    - 0-d: C++ stream defaults (``%g``: ``1.5``, ``2``, ``1e+20``); empty: nothing.
    """
    if a.ndim == 0:
        return _scalar(a)
    if a.size == 0:
        return ""
    cell = _cell_formatter(a)
    sep = ", " if comma else " "
    if a.ndim > 1:
        return _nested(a, 0, cell, sep, comma)
    n = a.shape[0]
    if n > _SUMMARIZE_1D:
        return f"[{sep.join(map(cell, a[:_EDGE]))} ... {sep.join(map(cell, a[-_EDGE:]))}]"
    per_line = 12 if a.dtype.kind in "fb" and a.dtype.name != "bfloat16" else 24
    parts = []
    for i, v in enumerate(a):
        parts.append(cell(v))
        if i != n - 1:
            parts.append(sep)
        if (i + 1) % per_line == 0:
            parts.append("\n ")
    return "[" + "".join(parts) + "]"


def _nested(a: np.ndarray, depth: int, cell, sep: str, comma: bool) -> str:
    n = a.shape[0]
    if a.ndim == 1:
        if n > _SUMMARIZE_ND:
            return f"[{sep.join(map(cell, a[:_EDGE]))} ... {sep.join(map(cell, a[-_EDGE:]))}]"
        return "[" + sep.join(map(cell, a)) + "]"
    newline = "\n" + " " * (depth + 1)
    join = ("," if comma else "") + newline

    def rows(part: np.ndarray) -> str:
        return join.join(_nested(x, depth + 1, cell, sep, comma) for x in part)

    if n > _SUMMARIZE_ND:
        return f"[{rows(a[:_EDGE])}{join}...{newline}{rows(a[-_EDGE:])}]"
    return f"[{rows(a)}]"


def _shown(a: np.ndarray) -> np.ndarray:
    """The items a summarised print shows (the width of int columns depends only on these)."""
    if a.ndim == 1:
        return a if a.shape[0] <= _SUMMARIZE_1D else np.concatenate([a[:_EDGE], a[-_EDGE:]])
    for ax, n in enumerate(a.shape):
        if n > _SUMMARIZE_ND:
            a = np.concatenate([a.take(range(_EDGE), ax), a.take(range(n - _EDGE, n), ax)], ax)
    return a


def _float_text(v: float, spec: str) -> str:
    """C++ stream text of a float; NaN keeps its sign (``-nan``) as glibc prints it."""
    if v != v:
        return "-nan" if np.signbit(v) else "nan"
    return format(v, spec)


def _cell_formatter(a: np.ndarray):
    """``value -> text`` for one item of a non-empty array ``a``, padded as MindSpore pads."""
    kind, name = a.dtype.kind, a.dtype.name
    if kind == "b":
        return lambda v: " True" if v else "False"
    if name in ("float16", "float32", "float64"):
        width, prec = (11, 4) if name == "float16" else (15, 8)
        return lambda v: _float_text(float(v), f".{prec}e").rjust(width)
    if kind == "c":
        return lambda v: f"{_float_text(v.real, 'g')}{_float_text(v.imag, '+g')}j"
    if kind in "iu":
        text = lambda v: str(int(v))
    else:  # BFloat16 and other extension floats: %g, padded like ints
        text = lambda v: _float_text(float(v), "g")
    width = max(len(text(v)) for v in _shown(a).reshape(-1))
    return lambda v: text(v).rjust(width)


def _scalar(a: np.ndarray) -> str:
    """A 0-d value: ``True``, ``7``, floats as C++ ``operator<<`` (``%g``)."""
    if a.dtype.kind == "b":
        return str(bool(a))
    if a.dtype.kind in "iu":
        return str(int(a))
    if a.dtype.kind == "c":
        return _cell_formatter(a.reshape(1))(a.reshape(1)[0])
    return _float_text(float(a), "g")


def _np_str(a: np.ndarray) -> str:
    """``str(a)`` as NumPy 1.x writes it (MindSpore's ``str``); NumPy 2 picks scientific notation
    for large floats where 1.x does not, and ``legacy="1.25"`` restores the 1.x choice. BFloat16
    items print as MindSpore's bfloat16 scalar prints (``%f``: ``1.500000``), unpadded."""
    return _np_text(a, " ")


def _np_repr(a: np.ndarray) -> str:
    """The ``value=`` part of a NumPy-backed Tensor's repr: ``array2string`` with ``, ``."""
    return _np_text(a, ", ")


def _bf16_text(v: Any) -> str:
    v = float(v)
    return str(v) if v != v or v in (np.inf, -np.inf) else f"{v:f}"


def _np_text(a: np.ndarray, separator: str) -> str:
    options = {"legacy": "1.25"} if _NP2 else {}
    formatter = {"all": _bf16_text} if a.dtype.name == "bfloat16" else None
    with np.printoptions(**options):
        if a.ndim == 0 and (formatter or separator == " "):  # str() of a 0-d value: 3.0
            return _bf16_text(a) if formatter else str(a)
        return np.array2string(a, separator=separator, formatter=formatter)  # repr: 3.


def numpy_backed(t: Tensor) -> Tensor:
    """Mark ``t`` as a Tensor over a NumPy buffer (``from_numpy``, dataset rows): it prints as
    MindSpore prints those (NumPy's layout). Returns ``t``."""
    t.__dict__["_numpy_backed"] = True
    return t


_NP2 = int(np.__version__.split(".")[0]) >= 2


def _header(t: Tensor) -> str:
    return f"Tensor(shape={list(t.shape)}, dtype={t.dtype}, value="


jax.tree_util.register_pytree_node(
    Tensor, lambda t: ((t._data,), None), lambda _, c: Tensor._from(c[0])
)

# the dtype layer's get_py_obj_dtype learns of the Tensor class here (it does not import it)
mstype._register_tensor_class(Tensor)
