"""``mindspore.dataset.transforms.validators``: the argument checks of the transforms' constructors,
as decorators (``@check_one_hot_op`` on ``__init__``), with MindSpore 2.10's exception types and
wording (users and MindSpore's tests match on them).

Each decorator binds the call to the method's signature (``parse_user_args``), checks the values,
and then calls the method unchanged.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from typing import Any

import numpy as np

from deepsink._core.tracebacks import api_boundary
from deepsink.common.dtype import Type as _MsType
from deepsink.dataset.core.validator_helpers import (
    check_pos_int64,
    check_positive,
    check_tensor_op,
    check_value,
    parse_user_args,
    type_check,
    type_check_list,
)

_SCALARS = (str, float, bool, int, bytes)


def _checked(check: Callable[..., None]) -> Callable[[Callable], Callable]:
    """A decorator that runs ``check(*user_args)`` before the method."""

    def decorator(method: Callable) -> Callable:
        @wraps(method)
        def new_method(self: Any, *args: Any, **kwargs: Any) -> Any:
            values, _ = parse_user_args(method, *args, **kwargs)
            check(*values)
            return method(self, *args, **kwargs)

        return api_boundary(new_method)  # an argument's error shows the user's line

    return decorator


def check_fill_value(method: Callable) -> Callable:
    """Checks ``fill_value`` (a str, float, bool, int or bytes) of ``Fill``.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``fill_value`` has another type.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_fill_value
        >>> class Op:
        ...     @check_fill_value
        ...     def __init__(self, fill_value):
        ...         self.fill_value = fill_value
        >>> print(Op(3).fill_value)
        3
    """

    def check(fill_value: Any) -> None:
        type_check(fill_value, _SCALARS, "fill_value")

    return _checked(check)(method)


def check_one_hot_op(method: Callable) -> Callable:
    """Checks ``OneHot(num_classes, smoothing_rate)``: a positive int and a number in [0, 1].

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``num_classes`` is not positive or ``smoothing_rate`` not in [0, 1].

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_one_hot_op
        >>> class Op:
        ...     @check_one_hot_op
        ...     def __init__(self, num_classes, smoothing_rate=0.0):
        ...         self.n = num_classes
        >>> print(Op(3).n)
        3
    """

    def check(num_classes: Any, smoothing_rate: Any) -> None:
        type_check(smoothing_rate, (int, float), "smoothing_rate")
        type_check(num_classes, (int,), "num_classes")
        check_positive(num_classes)
        if smoothing_rate is not None:
            check_value(smoothing_rate, (0.0, 1.0), "smoothing_rate")

    return _checked(check)(method)


def check_num_classes(method: Callable) -> Callable:
    """Checks ``num_classes``: a positive int.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``num_classes`` is not an int.
        ValueError: ``num_classes`` is not positive.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_num_classes
        >>> class Op:
        ...     @check_num_classes
        ...     def __init__(self, num_classes):
        ...         self.n = num_classes
        >>> print(Op(2).n)
        2
    """

    def check(num_classes: Any) -> None:
        type_check(num_classes, (int,), "num_classes")
        check_positive(num_classes)

    return _checked(check)(method)


def check_ms_type(method: Callable) -> Callable:
    """Checks ``data_type``: a MindSpore dtype (``mindspore.int32``, ...).

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``data_type`` is not a MindSpore dtype.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.transforms.validators import check_ms_type
        >>> class Op:
        ...     @check_ms_type
        ...     def __init__(self, data_type):
        ...         self.t = data_type
        >>> print(Op(ms.int32).t)
        Int32
    """

    def check(data_type: Any) -> None:
        type_check(data_type, (_MsType,), "data_type")

    return _checked(check)(method)


# the op classes some checks accept (``Slice``, ``Relational``): the module that defines them
# registers them here when it is imported (it imports this module, not the other way round)
_OP_TYPES: dict[str, type] = {}


def register_op_types(**types: type) -> None:
    """Makes op classes known to the checks by name (``Slice=...``, ``Relational=...``)."""
    _OP_TYPES.update(types)


def _slice_types() -> tuple:
    return (int, list, slice, bool, type(Ellipsis), _OP_TYPES["Slice"])


def check_slice_option(method: Callable) -> Callable:
    """Checks one ``slice_option``: None, an int, a list of ints, a slice, a bool or Ellipsis.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: the option has another type, or the list holds a non-int.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_slice_option
        >>> class Op:
        ...     @check_slice_option
        ...     def __init__(self, slice_option):
        ...         self.s = slice_option
        >>> print(Op([0, 2]).s)
        [0, 2]
    """

    def check(slice_option: Any) -> None:
        if slice_option is not None:
            type_check(slice_option, _slice_types(), "slice_option")
            if isinstance(slice_option, list):
                type_check_list(slice_option, (int,), "slice_option")

    return _checked(check)(method)


def check_slice_op(method: Callable) -> Callable:
    """Checks ``Slice(*slices)``: each one as ``check_slice_option`` allows.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: a slice has another type.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_slice_op
        >>> class Op:
        ...     @check_slice_op
        ...     def __init__(self, *slices):
        ...         self.s = slices
        >>> print(Op(slice(0, 2), 1).s)
        (slice(0, 2, None), 1)
    """

    def check(slices: Any) -> None:
        for s in slices:
            if s is not None:
                type_check(s, _slice_types(), "slice")
                if isinstance(s, list) and s and isinstance(s[0], int):
                    type_check_list(s, (int,), "slice")

    return _checked(check)(method)


def check_mask_op_new(method: Callable) -> Callable:
    """Checks ``Mask(operator, constant, dtype)``: a Relational, a scalar, a MindSpore dtype.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: an argument has the wrong type.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.transforms import Relational
        >>> from deepsink.dataset.transforms.validators import check_mask_op_new
        >>> class Op:
        ...     @check_mask_op_new
        ...     def __init__(self, operator, constant, dtype=ms.bool_):
        ...         self.op = operator
        >>> print(Op(Relational.EQ, 1).op.name)
        EQ
    """

    def check(operator: Any, constant: Any, dtype: Any) -> None:
        type_check(operator, (_OP_TYPES["Relational"],), "operator")
        type_check(constant, _SCALARS, "constant")
        type_check(dtype, (_MsType,), "dtype")

    return _checked(check)(method)


def check_pad_end(method: Callable) -> Callable:
    """Checks ``PadEnd(pad_shape, pad_value)``: a list of positive ints (or None) and a scalar.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``pad_shape`` is not a list of ints or ``pad_value`` not a scalar.
        ValueError: a dimension is not positive.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_pad_end
        >>> class Op:
        ...     @check_pad_end
        ...     def __init__(self, pad_shape, pad_value=None):
        ...         self.shape = pad_shape
        >>> print(Op([3]).shape)
        [3]
    """

    def check(pad_shape: Any, pad_value: Any) -> None:
        if pad_value is not None:
            type_check(pad_value, _SCALARS, "pad_value")
        type_check(pad_shape, (list,), "pad_shape")
        for dim in pad_shape:
            if dim is None:
                continue
            if not isinstance(dim, int):
                raise TypeError("a value in the list is not an integer.")
            check_pos_int64(dim)

    return _checked(check)(method)


def check_concat_type(method: Callable) -> Callable:
    """Checks ``Concatenate(axis, prepend, append)``: axis 0 or -1 and 1-D arrays.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: another axis, or an array that is not 1-D.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.transforms.validators import check_concat_type
        >>> class Op:
        ...     @check_concat_type
        ...     def __init__(self, axis=0, prepend=None, append=None):
        ...         self.axis = axis
        >>> print(Op(0, np.array([1])).axis)
        0
    """

    def check(axis: Any, prepend: Any, append: Any) -> None:
        if axis is not None:
            type_check(axis, (int,), "axis")
            if axis not in (0, -1):
                raise ValueError("only 1D concatenation supported.")
        if prepend is not None:
            type_check(prepend, (np.ndarray,), "prepend")
            if prepend.ndim != 1:
                raise ValueError("can only prepend 1D arrays.")
        if append is not None:
            type_check(append, (np.ndarray,), "append")
            if append.ndim != 1:
                raise ValueError("can only append 1D arrays.")

    return _checked(check)(method)


def check_transform_op_type(ind: int, op: Any) -> None:
    """ValueError for a transform class given where an instance is needed (``Decode``, not
    ``Decode()``).

    Args:
        ind (int): the op's position in its list.
        op (Any): the op.

    Raises:
        ValueError: ``op`` is a class.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_transform_op_type
        >>> check_transform_op_type(0, abs)
        >>> print('ok')
        ok
    """
    if type(op) is type:
        raise ValueError(
            f"op_list[{ind}] should be a dataset processing operation instance, but got: {op}. "
            "It may be missing parentheses for instantiation."
        )


def check_random_transform_ops(method: Callable) -> Callable:
    """Checks a non-empty list of transforms (and ``prob`` in [0, 1] when the method has one):
    ``RandomChoice``, ``RandomOrder``, ``RandomApply``.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: not a list, an item that is not a transform, or ``prob`` not a number.
        ValueError: an empty list, a class instead of an instance, or ``prob`` out of [0, 1].

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_random_transform_ops
        >>> class Op:
        ...     @check_random_transform_ops
        ...     def __init__(self, transforms):
        ...         self.n = len(transforms)
        >>> print(Op([abs]).n)
        1
    """

    @wraps(method)
    def new_method(self: Any, *args: Any, **kwargs: Any) -> Any:
        values, _ = parse_user_args(method, *args, **kwargs)
        type_check(values[0], (list,), "transforms list")
        if not values[0]:
            raise ValueError("transforms list can not be empty.")
        for ind, op in enumerate(values[0]):
            check_tensor_op(op, f"transforms[{ind}]")
            check_transform_op_type(ind, op)
        if len(values) == 2:  # RandomApply's prob
            type_check(values[1], (float, int), "prob")
            check_value(values[1], (0, 1), "prob")
        return method(self, *args, **kwargs)

    return new_method


def check_compose_list(method: Callable) -> Callable:
    """Checks ``Compose(transforms)``: a non-empty list of callables.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``transforms`` is not a list.
        ValueError: an empty list, an item that is not callable, or a class.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_compose_list
        >>> class Op:
        ...     @check_compose_list
        ...     def __init__(self, transforms):
        ...         self.n = len(transforms)
        >>> print(Op([abs, round]).n)
        2
    """

    def check(transforms: Any) -> None:
        type_check(transforms, (list,), transforms)
        if not transforms:
            raise ValueError("transforms list is empty.")
        for i, transform in enumerate(transforms):
            if not callable(transform):
                raise ValueError(f"transforms[{i}] is not callable.")
            check_transform_op_type(i, transform)

    return _checked(check)(method)


def check_compose_call(method: Callable) -> Callable:
    """Checks that ``Compose.__call__`` is given an image.

    Args:
        method (Callable): the ``__call__`` to check.

    Returns:
        Callable, the checked method.

    Raises:
        TypeError: called without arguments.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_compose_call
        >>> class Op:
        ...     @check_compose_call
        ...     def __call__(self, *args):
        ...         return args[0]
        >>> print(Op()(5))
        5
    """

    @wraps(method)
    def new_method(self: Any, *args: Any, **kwargs: Any) -> Any:
        ba = inspect.signature(method).bind_partial(method, *args, **kwargs)
        if ba.arguments.get("args") is None:
            raise TypeError(
                "Compose was called without an image. Fix invocation (avoid it being invoked as "
                "Compose([...])())."
            )
        return method(self, *args, **kwargs)

    return new_method


def check_random_apply(method: Callable) -> Callable:
    """Checks ``RandomApply(transforms, prob)``: a list of transform instances, prob in [0, 1].

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``transforms`` is not a list or ``prob`` not a number.
        ValueError: a class instead of an instance, or ``prob`` out of [0, 1].

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_random_apply
        >>> class Op:
        ...     @check_random_apply
        ...     def __init__(self, transforms, prob=0.5):
        ...         self.prob = prob
        >>> print(Op([abs]).prob)
        0.5
    """

    def check(transforms: Any, prob: Any) -> None:
        type_check(transforms, (list,), "transforms")
        for i, transform in enumerate(transforms):
            check_transform_op_type(i, transform)
        if prob is not None:
            type_check(prob, (float, int), "prob")
            check_value(prob, (0.0, 1.0), "prob")

    return _checked(check)(method)


def check_transforms_list(method: Callable) -> Callable:
    """Checks ``transforms``: a list of transform instances.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``transforms`` is not a list.
        ValueError: a class instead of an instance.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_transforms_list
        >>> class Op:
        ...     @check_transforms_list
        ...     def __init__(self, transforms):
        ...         self.n = len(transforms)
        >>> print(Op([abs]).n)
        1
    """

    def check(transforms: Any) -> None:
        type_check(transforms, (list,), "transforms")
        for i, transform in enumerate(transforms):
            check_transform_op_type(i, transform)

    return _checked(check)(method)


def check_plugin(method: Callable) -> Callable:
    """Checks ``Plugin(lib_path, func_name, user_args)``: strings (``user_args`` optional).

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: an argument is not a str.

    Examples:
        >>> from deepsink.dataset.transforms.validators import check_plugin
        >>> class Op:
        ...     @check_plugin
        ...     def __init__(self, lib_path, func_name, user_args=None):
        ...         self.f = func_name
        >>> print(Op('lib.so', 'f').f)
        f
    """

    def check(lib_path: Any, func_name: Any, user_args: Any) -> None:
        type_check(lib_path, (str,), "lib_path")
        type_check(func_name, (str,), "func_name")
        if user_args is not None:
            type_check(user_args, (str,), "user_args")

    return _checked(check)(method)


def invalidate_callable(method: Callable) -> Callable:
    """Marks a method that changes a transform's state: the cached eager op (``callable_op_``) is
    dropped before it runs.

    Args:
        method (Callable): the method.

    Returns:
        Callable, the wrapped method.

    Examples:
        >>> from deepsink.dataset.transforms.validators import invalidate_callable
        >>> class Op:
        ...     callable_op_ = 'cached'
        ...     @invalidate_callable
        ...     def set(self):
        ...         return self.callable_op_
        >>> print(Op().set())
        None
    """

    @wraps(method)
    def new_method(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.callable_op_ = None
        return method(self, *args, **kwargs)

    return new_method


def check_type_cast(method: Callable) -> Callable:
    """Checks ``TypeCast(data_type)``: a MindSpore dtype or anything ``numpy.dtype`` accepts.

    Args:
        method (Callable): the constructor to check.

    Returns:
        Callable, the checked constructor.

    Raises:
        TypeError: ``data_type`` is None or not a dtype.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.transforms.validators import check_type_cast
        >>> class Op:
        ...     @check_type_cast
        ...     def __init__(self, data_type):
        ...         self.t = data_type
        >>> print(Op(np.float32).t.__name__)
        float32
    """

    def check(data_type: Any) -> None:
        if isinstance(data_type, _MsType):
            return
        if data_type is None:
            type_check(data_type, (_MsType, np.dtype), "data_type")
        try:
            np.dtype(data_type)
        except (TypeError, ValueError):
            type_check(data_type, (_MsType, np.dtype), "data_type")

    return _checked(check)(method)
