"""``vmap``: MindSpore's ``ops.vmap(fn, in_axes, out_axes)`` over ``jax.vmap``.

``fn`` runs as a pure function (``functional.pure``), so Cells inside it do not compile on their
own and Parameters they read are shared (not batched) across the mapped axis, as in MindSpore.
Tensors in the arguments are mapped; other values pass through unchanged. A Parameter (or
Tensor) passed as a mapped argument and updated in place by ``fn`` (``ops.ApplyFtrl``,
``ops.assign``, ...) gets the batched new value, as in MindSpore. A write to what is not mapped (a
Parameter ``fn`` reads, an argument with in_axes None) happens once with its value when that value
is not mapped either, and is a ValueError when it is (which element's value would win is not
defined), as in MindSpore.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import jax

from deepsink._core import functional
from deepsink.common.tensor import Tensor

# JAX's error for an output with out_axes None that is mapped: here, a write to what is not mapped
_MAPPED_SHARED = re.compile(r"out_axes\[2\]\[(\d+)\].*batched")


def _axes(spec: Any, api: str, arg: str) -> Any:
    if spec is None or (isinstance(spec, int) and not isinstance(spec, bool)):
        return spec
    if isinstance(spec, tuple | list):
        return tuple(_axes(s, api, arg) for s in spec)
    raise TypeError(
        f"For '{api}', '{arg}' must be an int, None or a (nested) tuple of them, but got {spec!r}"
    )


def _leaf_axes(ia: Any, args: tuple, is_leaf: Callable) -> list[Any]:
    """The mapped axis of each leaf of ``args`` (``in_axes`` is a prefix of their structure)."""
    if not isinstance(ia, tuple):
        return [ia] * len(jax.tree_util.tree_leaves(args, is_leaf=is_leaf))
    out: list[Any] = []
    for spec, arg in zip(ia, args):
        per = jax.tree_util.tree_map(
            lambda ax, sub: [ax] * len(jax.tree_util.tree_leaves(sub, is_leaf=is_leaf)),
            spec,
            arg,
            is_leaf=lambda x: x is None,
        )
        out.extend(
            ax
            for group in jax.tree_util.tree_leaves(per, is_leaf=lambda x: x is None)
            for ax in (group if isinstance(group, list) else [group])
        )
    return out


def vmap(fn: Callable, in_axes: Any = 0, out_axes: Any = 0) -> Callable:
    """Map ``fn`` over an axis of its inputs; ``in_axes``/``out_axes`` as in MindSpore (and JAX).

    Args:
        fn (Union[Cell, Callable]): the function to map.
        in_axes (Union[int, tuple, None]): the mapped axis of each input (None: not mapped). Default: ``0``.
        out_axes (Union[int, tuple]): where the mapped axis goes in each output. Default: ``0``.

    Returns:
        Callable, the batched function.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> def dot(a, b):
        ...     return (a * b).sum()
        >>> x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
        >>> y = ms.Tensor(np.array([1.0, 1.0], np.float32))
        >>> print(ms.vmap(dot, in_axes=(0, None))(x, y))
        [3. 7.]
    """
    if not callable(fn):
        raise TypeError(f"For 'vmap', 'fn' must be callable, but got {type(fn).__name__}")
    ia, oa = _axes(in_axes, "vmap", "in_axes"), _axes(out_axes, "vmap", "out_axes")
    pure = functional.pure(fn, ())

    def mapped(*args: Any) -> Any:
        def is_leaf(x: Any) -> bool:
            return isinstance(x, Tensor)

        leaves, treedef = jax.tree_util.tree_flatten(args, is_leaf=is_leaf)
        is_t = [isinstance(x, Tensor) for x in leaves]
        # in-place updates of mapped Tensor arguments come back out (a nested vmap's arguments
        # are the Tensors the outer one made, so its updates reach the outer Parameter)
        tensors = [i for i, t in enumerate(is_t) if t]
        axes = _leaf_axes(ia, args, is_leaf) if tensors else []
        arrays = [x._data if t else x for x, t in zip(leaves, is_t)]

        def inner(*xs):
            flat = jax.tree_util.tree_leaves(xs, is_leaf=lambda x: x is None)
            call = [Tensor._from(x) if t else x for x, t in zip(flat, is_t)]
            out, _, escaped = pure((), *jax.tree_util.tree_unflatten(treedef, call))
            written = {i: call[i]._data for i in tensors if call[i]._data is not flat[i]}
            # writes to what is not mapped (Parameters the function reads, in_axes None
            # arguments) happen once, with a value that must not be mapped either
            shared = [(b, getattr(b, "name", "?"), v) for b, v in escaped]
            for i in [i for i in written if axes[i] is None]:
                shared.append(
                    (leaves[i], getattr(leaves[i], "name", f"argument {i}"), written.pop(i))
                )
            targets[:] = [(b, name) for b, name, _ in shared]
            out = jax.tree_util.tree_map(
                lambda x: x._data if isinstance(x, Tensor) else x, out, is_leaf=is_leaf
            )
            return out, written, [v for _, _, v in shared]

        xs = jax.tree_util.tree_unflatten(treedef, arrays)
        targets: list = []
        try:
            out, written, shared = jax.vmap(inner, in_axes=ia, out_axes=(oa, 0, None))(*xs)
        except ValueError as e:
            m = _MAPPED_SHARED.search(str(e))
            if m is None:
                raise
            name = targets[int(m.group(1))][1]
            raise ValueError(
                "The source axis of `variable` is None, but the source axis of `value` is not "
                f"None. The execution order of the write to '{name}' (not mapped by 'vmap') "
                "cannot be guaranteed."
            ) from None
        for i, value in written.items():
            target = leaves[i]
            value = jax.numpy.moveaxis(value, 0, axes[i])
            target._data = value.astype(target._data.dtype)
        for (target, _), value in zip(targets, shared, strict=True):
            target._data = value
        return jax.tree_util.tree_map(
            lambda x: Tensor._from(x) if isinstance(x, jax.Array) else x, out
        )

    return mapped
