"""MindSpore's ``mutable``: a non-Tensor input that a compiled function takes as a variable.

A compiled function (``jit``, a GRAPH_MODE Cell) treats Python numbers, tuples, lists and dicts as
constants: each new value compiles a new program, and a condition on one is folded. ``mutable``
marks such a value: its numbers enter the program as 0-d Tensors (one program for every value,
conditions on them become run-time control flow, and they are differentiable), its containers are
walked like a tuple of Tensors.

``mutable(seq, dynamic_len=True)`` marks a list or tuple whose length may change too. Inside a
compiled function its elements must have one type (MindSpore 2.10's graph rules, its errors), an
element set or appended later must match them, and the graph-introspection functions
(``F.is_sequence_shape_unknown``, ``F.is_dynamic_sequence_element_unknown``, ...) see it as
MindSpore's compiler does. XLA programs have static shapes: a compiled function that takes such
a sequence compiles one program per length (docs/dynamic_shapes.md).
"""

from __future__ import annotations

from typing import Any

import jax
from jax import lax

from deepsink._core import functional
from deepsink.common.tensor import Tensor


class _Int(int):
    __ms_mutable__ = True


class _Float(float):
    __ms_mutable__ = True


class _Tuple(tuple):
    __ms_mutable__ = True


class _List(list):
    __ms_mutable__ = True


class _Dict(dict):
    __ms_mutable__ = True


class _DynTuple(_Tuple):
    """A tuple ``mutable(..., dynamic_len=True)`` marked."""

    __ms_dynamic_len__ = True


class _DynList(_List):
    """A list ``mutable(..., dynamic_len=True)`` marked: inside a compiled function an element set
    or appended must have the type (and a Tensor the shape) of those it holds (2.10's TypeError)."""

    __ms_dynamic_len__ = True

    def __setitem__(self, index: Any, value: Any) -> None:
        if functional.tracing() and self and not isinstance(index, slice):
            if not _same_element(self[0], value):
                raise TypeError(
                    "For list_setitem, when the queue is dynamic length, the element within "
                    f"dynamic length sequence {_describe(self[0])} is not same with the target "
                    f"element {_describe(value)}."
                )
            value = _variables(value)
        super().__setitem__(index, value)

    def append(self, value: Any) -> None:
        if functional.tracing():
            if self and not _same_element(self[0], value):
                raise TypeError(
                    f"For ListAppend, the mutable list existing item {_describe(self[0])} is not "
                    f"same with the new added item {_describe(value)}."
                )
            value = _variables(value)
        super().append(value)


def _variables(value: Any) -> Any:
    """An element of a dynamic-length sequence inside a compiled function: a variable of the
    program (numbers marked mutable, Tensors values of the program, not constants)."""
    marked = _mark(value, set())
    return jax.tree_util.tree_map(
        lambda t: Tensor._from(lax.optimization_barrier(t._data)) if isinstance(t, Tensor) else t,
        marked,
        is_leaf=lambda v: isinstance(v, Tensor),
    )


def is_dynamic_len(x: Any) -> bool:
    """Whether ``x`` is a sequence ``mutable(..., dynamic_len=True)`` marked."""
    return getattr(type(x), "__ms_dynamic_len__", False)


def length(x: Any) -> int:
    """``len(x)`` in a compiled function: of a dynamic-length sequence, a variable of the
    program (``isconstant`` is False, as in MindSpore 2.10), else Python's."""
    n = len(x)
    return _Int(n) if is_dynamic_len(x) and functional.tracing() else n


def is_mutable(x: Any) -> bool:
    """Whether ``x`` is a value ``mutable`` marked."""
    return getattr(type(x), "__ms_mutable__", False)


def _kind(x: Any) -> str:
    """An element's type as MindSpore 2.10's dynamic-length check names it."""
    if isinstance(x, Tensor):
        return "Tensor"
    if isinstance(x, bool):
        return "Bool"
    return {int: "int", float: "float", list: "List", tuple: "Tuple"}.get(
        next((t for t in (int, float, list, tuple) if isinstance(x, t)), type(x)), type(x).__name__
    )


def _describe(x: Any) -> str:
    if isinstance(x, Tensor):
        return f"Tensor[{x.dtype}] of shape {tuple(x.shape)}"
    return f"{_kind(x)} {x!r}"


def _same_element(a: Any, b: Any) -> bool:
    """An element set or appended into a dynamic-length sequence: the same type; a Tensor the same
    dtype and shape; a sequence the same length and elements of the same types."""
    if _kind(a) != _kind(b):
        return False
    if isinstance(a, Tensor):
        return a.dtype == b.dtype and tuple(a.shape) == tuple(b.shape)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same_element(x, y) for x, y in zip(a, b))
    return True


def _joins(a: Any, b: Any) -> bool:
    """Two elements of one new dynamic-length sequence: Tensors of one dtype (any shapes), scalars
    of one type, sequences element by element (of other lengths: all their elements one type)."""
    if isinstance(a, Tensor):
        return a.dtype == b.dtype
    if isinstance(a, list | tuple):
        if len(a) == len(b):
            return all(_kind(x) == _kind(y) and _joins(x, y) for x, y in zip(a, b))
        items = [*a, *b]
        return all(_kind(x) == _kind(items[0]) and _joins(items[0], x) for x in items)
    return True


def _check_elements(items: Any) -> None:
    """MindSpore 2.10's graph-mode rule for a new dynamic-length sequence, its errors."""
    for i, item in enumerate(items[1:], 1):
        if _kind(item) != _kind(items[0]):
            raise ValueError(
                "In graph mode, the element type of dynamic length array must be the same.The "
                "element type do not match, can not convert to dynamic length sequence. The 0th "
                f"element type is: {_kind(items[0])}. The {i}th element type is: {_kind(item)}."
            )
        if not _joins(items[0], item):
            raise TypeError(
                "In graph mode, the element shape of dynamic length array must be the same.The "
                "element do not match, can not convert to dynamic length sequence. The 0th "
                f"element is: {_describe(items[0])}. The {i}th element is: {_describe(item)}."
            )


for _cls in (_Tuple, _List, _DynTuple, _DynList):
    jax.tree_util.register_pytree_node(
        _cls, lambda s: (list(s), None), lambda _, c, cls=_cls: cls(c)
    )
jax.tree_util.register_pytree_node(
    _Dict, lambda d: (list(d.values()), list(d.keys())), lambda k, c: _Dict(zip(k, c))
)


def is_mutable_number(x: Any) -> bool:
    return isinstance(x, _Int | _Float)


def _mark(value: Any, seen: set[int]) -> Any:
    if isinstance(value, Tensor):
        return value
    if isinstance(value, bool):
        return _Int(value)
    if isinstance(value, int):
        return _Int(value)
    if isinstance(value, float):
        return _Float(value)
    if isinstance(value, tuple | list | dict):
        if id(value) in seen:
            raise _type_error(value)
        seen = seen | {id(value)}
        if isinstance(value, dict):
            return _Dict({k: _mark(v, seen) for k, v in value.items()})
        items = [_mark(v, seen) for v in value]
        return _Tuple(items) if isinstance(value, tuple) else _List(items)
    raise _type_error(value)


def _type_error(value: Any) -> TypeError:
    return TypeError(
        "For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, "
        "list, dict) or their nested structures with no self-reference, but got "
        f"{type(value).__name__}: {value}."
    )


def mutable(input_data: Any, dynamic_len: bool = False) -> Any:
    """``input_data`` marked as a variable input of compiled functions (MindSpore 2.10).

    Args:
        input_data (Union[Tensor, tuple, list, dict, int, float]): the value.
        dynamic_len (bool): the sequence's length may change too (a list or tuple whose elements
            have one type inside a compiled function). Default: ``False``.

    Returns:
        The same value, marked as variable: a compiled function is not re-compiled when it changes.

    Examples:
        >>> import deepsink as ms
        >>> @ms.jit
        ... def f(n):
        ...     return n * 2
        >>> print(f(ms.mutable(3)), f(ms.mutable(4)))
        6 8
    """
    if dynamic_len:
        if not isinstance(input_data, tuple | list):
            raise TypeError(
                "For 'mutable', when the variable_len is True, the first input should be list or "
                f"tuple, but got: {type(input_data).__name__}"
            )
        marked = _mark(input_data, set())
        if functional.tracing() and not is_dynamic_len(input_data):
            _check_elements(list(input_data))  # as given: a bool is not an int here
            marked = [_variables(v) for v in marked]
        return (_DynTuple if isinstance(input_data, tuple) else _DynList)(marked)
    if functional.tracing() and is_dynamic_len(input_data):
        raise RuntimeError(
            "For 'mutable', can not convert a dynamic length sequence to constant length."
        )
    return _mark(input_data, set())
