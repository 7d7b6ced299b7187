"""MindSpore's ``mutable``: a non-Tensor input that a compiled function takes as a variable.

A compiled function (``jit``, a GRAPH_MODE Cell) treats Python numbers, tuples, lists and dicts as
constants: each new value compiles a new program, and a condition on one is folded. ``mutable``
marks such a value: its numbers enter the program as 0-d Tensors (one program for every value,
conditions on them become run-time control flow, and they are differentiable), its containers are
walked like a tuple of Tensors.
"""

from __future__ import annotations

from typing import Any

import jax

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


for _cls in (_Tuple, _List):
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
        dynamic_len (bool): the sequence's length may change too. Default: ``False``.

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
        raise NotImplementedError(
            "For 'mutable', 'dynamic_len=True' is not supported: a compiled program has one "
            "length per sequence (MindSpore 2.10 documents it as unsupported too)"
        )
    return _mark(input_data, set())
