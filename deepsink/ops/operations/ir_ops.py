"""Helpers of MindSpore's graph compiler that are exported from ``mindspore.ops``.

Those with a meaning as plain calls work: the augmented assignments (``augassign_add``...), the
element-wise addition of nested tuples (``hyper_add``), the broadcast and reduced shapes a
gradient uses (``broadcast_gradient_args``, ``reduced_shape``), ``mixed_precision_cast``,
``switch`` and ``SliceGetItem``. The rest are nodes of MindSpore's IR (environments, iteration
and tuple helpers that return None when called from Python, Ascend control-flow and
parameter-server kernels, registries of its VM) and are refused by name.
"""

from __future__ import annotations

import operator
from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.unsupported import unsupported
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.function.grad_shape_func import broadcast_gradient_args, reduced_shape


def _binary(name: str, op: Any) -> Any:
    def fn(x: Any, y: Any) -> Any:
        return op(x, y)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"""``x {name.split("_")[1]} y`` as MindSpore's ``{name}`` computes ``x op= y``
    (a Tensor or a number).

    Args:
        x (Union[Tensor, Number]): The left operand.
        y (Union[Tensor, Number]): The right operand.

    Returns:
        The result of the operation.

    Raises:
        TypeError: If the operands do not support the operation.

    Examples:
        >>> from deepsink import ops
        >>> print(ops.{name}(7, 2))
        {op(7, 2)}
    """
    return fn


augassign_add = _binary("augassign_add", operator.add)
augassign_sub = _binary("augassign_sub", operator.sub)
augassign_mul = _binary("augassign_mul", operator.mul)
augassign_div = _binary("augassign_div", operator.truediv)
augassign_floordiv = _binary("augassign_floordiv", operator.floordiv)
augassign_mod = _binary("augassign_mod", operator.mod)


def hyper_add(x: Any, y: Any) -> Any:
    r"""
    Adds two values of the same nested structure (tuples/lists of Tensors and numbers) leaf by
    leaf.

    Args:
        x (Union[Tensor, Number, tuple, list]): The first value.
        y (Union[Tensor, Number, tuple, list]): The second value, same structure.

    Returns:
        The sums, in the structure of `x`.

    Raises:
        ValueError: If the structures differ.

    Examples:
        >>> from deepsink import ops
        >>> print(ops.hyper_add((1, 2.0), (3, 4.0)))
        (4, 6.0)
    """
    if isinstance(x, tuple | list):
        if not isinstance(y, tuple | list) or len(x) != len(y):
            raise ValueError(
                f"For 'hyper_add', the inputs must have the same structure, but got "
                f"{type(x).__name__} of {len(x)} and {y!r}"
            )
        return type(x)(hyper_add(a, b) for a, b in zip(x, y))
    return x + y


def mixed_precision_cast(dst_type: Any, input_x: Any) -> Any:
    r"""
    Casts the floating-point Tensors in `input_x` (a Tensor or nested tuples/lists/dicts) to
    `dst_type`; other values are returned unchanged.

    Args:
        dst_type (mindspore.dtype): ``float16``, ``bfloat16`` or ``float32``.
        input_x (Any): The values.

    Returns:
        The values, in the structure of `input_x`.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ops.mixed_precision_cast(ms.float16, (ms.Tensor([1.0]), 1))
        >>> print(out[0].dtype, out[1])
        Float16 1
    """
    if isinstance(input_x, Tensor):
        if mstype.is_float(input_x.dtype):
            return input_x.astype(dst_type)
        return input_x
    if isinstance(input_x, tuple | list):
        return type(input_x)(mixed_precision_cast(dst_type, v) for v in input_x)
    if isinstance(input_x, dict):
        return {k: mixed_precision_cast(dst_type, v) for k, v in input_x.items()}
    return input_x


def switch(cond: Any, true_branch: Any, false_branch: Any) -> Any:
    r"""
    `true_branch` if `cond` else `false_branch`; with a traced Tensor `cond` (compiled code)
    the branches (Tensors of one structure) are selected element-wise.

    Args:
        cond (Union[bool, Tensor]): The condition.
        true_branch (Any): The value when true.
        false_branch (Any): The value when false.

    Returns:
        One of the branches.

    Examples:
        >>> from deepsink import ops
        >>> print(ops.switch(True, 1, 2))
        1
    """
    c = unwrap(cond) if isinstance(cond, Tensor) else cond
    if not isinstance(c, jax.core.Tracer):
        return true_branch if bool(c) else false_branch

    def pick(a: Any, b: Any) -> Any:
        return Tensor._from(jnp.where(c, unwrap(a), unwrap(b)))

    return jax.tree_util.tree_map(
        pick, true_branch, false_branch, is_leaf=lambda v: isinstance(v, Tensor)
    )


class _SliceGetItem:
    """``SliceGetItem(slice, attr)``: the ``start``, ``stop`` or ``step`` of a slice.

    Args:
        slice_value (slice): The slice.
        attr (str): ``"start"``, ``"stop"`` or ``"step"``.

    Returns:
        The attribute's value.

    Raises:
        TypeError: If `slice_value` is not a slice.
        ValueError: If `attr` is not one of the three.

    Examples:
        >>> from deepsink import ops
        >>> print(ops.SliceGetItem(slice(1, 3), "start"))
        1
    """

    def __call__(self, slice_value: Any, attr: str) -> Any:
        if not isinstance(slice_value, slice):
            raise TypeError(
                f"For 'SliceGetItem', the input must be a slice, but got "
                f"{type(slice_value).__name__}"
            )
        if attr not in ("start", "stop", "step"):
            raise ValueError(
                f"For 'SliceGetItem', 'attr' must be 'start', 'stop' or 'step', but got {attr!r}"
            )
        return getattr(slice_value, attr)


SliceGetItem = _SliceGetItem()

_IR = (
    "it is a node of MindSpore's graph IR ({what}), with no meaning as a call in deepsink, "
    "which compiles Python through JAX"
)
_REFUSED_FUNCTIONS = {
    "tail": "a tuple helper of the graph compiler; use t[1:]",
    "zip_operation": "a tuple helper of the graph compiler; use zip",
    "ms_next": "the graph compiler's iteration step; use next",
    "ms_hasnext": "the graph compiler's iteration test",
    "iter_converter": "the graph compiler's iterator conversion; use iter",
    "array_to_scalar": "its Tensor-to-scalar conversion node; use Tensor.item",
    "array_reduce": "its reduction node; use ops.ReduceSum and the like",
    "environ_create": "its environment (gradient-of-Parameter) map",
    "environ_get": "its environment map",
    "environ_set": "its environment map",
    "environ_add": "its environment map",
    "env_get": "its environment map",
    "embed": "its embedding of a Parameter reference in the environment map",
    "make_map_parameter": "MindSpore's MapParameter, a parameter-server hash table",
    "is_tensor_bool_cond": "its check of a Tensor condition in control flow",
    "merge": "Ascend's Merge control-flow kernel",
    "geswitch": "Ascend's GeSwitch control-flow kernel",
    "recompute_block": "its recomputation marker; use Cell.recompute or mindspore.recompute",
    "prim_arg_register": "its registration of a primitive's arguments for the C++ front end",
}
_REFUSED_CLASSES = {
    "Merge": "Ascend's Merge control-flow kernel",
    "GeSwitch": "Ascend's GeSwitch control-flow kernel",
    "PyExecute": "the node that runs unsupported syntax in the Python interpreter",
    "CopyWithSlice": "an in-place copy into a strided view of Ascend memory",
    "DtypeToEnum": "its conversion of dtypes to the C++ front end's enum",
    "MapCacheIdx": "the embedding cache of its parameter server",
    "Pull": "its parameter server (pulling weights)",
    "Push": "its parameter server (pushing gradients)",
    "ref_to_embed": "its embedding of a Parameter reference in the environment map",
    "tensor_operator_registry": "the table binding Tensor methods to operators in its C++ core",
}
for _name, _what in _REFUSED_FUNCTIONS.items():
    globals()[_name] = unsupported("mindspore.ops", _name, _IR.format(what=_what), kind="function")
for _name, _what in _REFUSED_CLASSES.items():
    globals()[_name] = unsupported("mindspore.ops", _name, _IR.format(what=_what))
del _name, _what

__all__ = ["augassign_add", "augassign_sub", "augassign_mul", "augassign_div",
           "augassign_floordiv", "augassign_mod", "hyper_add", "broadcast_gradient_args",
           "reduced_shape", "mixed_precision_cast", "switch", "SliceGetItem",
           *_REFUSED_FUNCTIONS, *_REFUSED_CLASSES]  # fmt: skip
