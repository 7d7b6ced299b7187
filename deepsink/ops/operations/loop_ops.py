"""MindSpore's loop primitives ``WhileLoop``, ``ForiLoop`` and ``Scan``.

They run the loop through the same operators as a converted ``while``/``for``
(``_compile/control_flow.py``): a Python loop while the test and bounds are known, ``lax.while_loop``
or ``fori_loop`` once they are traced Tensors inside compiled code. The loop functions are
converted from source like any function compiled code calls.
"""

from __future__ import annotations

import types
from typing import Any

from deepsink._compile import control_flow, graph_syntax
from deepsink._core.validate import HostReadError, ValueDependentShapeError
from deepsink.common.tensor import Tensor
from deepsink.ops._table_primitive import TablePrimitive

_PASS_THROUGH = (HostReadError, ValueDependentShapeError)


def _check_type(prim: str, arg: str, value: Any, kinds: tuple, names: str) -> None:
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise TypeError(
            f"For '{prim}', the type of '{arg}' should be {names}, "
            f"but got '{type(value).__name__}'."
        )


_FUNCTION = (types.FunctionType, types.MethodType)


class _Loop:
    """The loop's one variable, as the converted-code operators read and write it."""

    names = ("val",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def get(self) -> tuple:
        return (self.value,)

    def set(self, values: tuple) -> None:
        (self.value,) = values


def _invalid(e: Exception) -> ValueError:
    return ValueError(
        "Invalid loop_func, please check input arguments and return value, error info: " + str(e)
    )


class WhileLoop(TablePrimitive):
    r"""
    Run ``loop_func`` on a value while ``cond_func`` of it holds: ``while cond_func(val):
    val = loop_func(val)``. Inside compiled code a Tensor condition makes one compiled loop.

    Inputs:
        - **cond_func** (Function) - The condition function.
        - **loop_func** (Function) - The loop function: takes the value, returns the next one,
          of the same type and shape.
        - **init_val** (Union[Tensor, number, bool, list, tuple, dict]) - The initial value.

    Outputs:
        The final value, of the type and shape of `init_val`.

    Raises:
        TypeError: If `cond_func` or `loop_func` is not a function.
        ValueError: If `loop_func` fails on the value or changes its type or shape.

    Examples:
        >>> from deepsink import ops
        >>> def loop_while_fun(init_val):
        ...     return init_val + 1
        >>> print(ops.WhileLoop()(lambda x: x < 100, loop_while_fun, 10))
        100
    """

    def __call__(self, cond_func: Any, loop_func: Any, init_val: Any) -> Any:
        _check_type("WhileLoop", "cond_func", cond_func, _FUNCTION, "function")
        _check_type("WhileLoop", "loop_func", loop_func, _FUNCTION, "function")
        cond, step = graph_syntax.compiled(cond_func), graph_syntax.compiled(loop_func)
        loop = _Loop(init_val)

        def body() -> None:
            loop.value = step(loop.value)

        try:
            control_flow.while_stmt(lambda: cond(loop.value), body, loop.get, loop.set, loop.names)
        except _PASS_THROUGH:
            raise
        except Exception as e:  # noqa: BLE001 - MindSpore's wrapping of any loop_func error
            raise _invalid(e) from e
        return loop.value


class ForiLoop(TablePrimitive):
    r"""
    Run ``loop_func`` for the indices of ``range(lower, upper)``: ``for i in range(lower, upper):
    val = loop_func(i, val)``. Inside compiled code, Tensor bounds make one compiled loop.

    Inputs:
        - **lower** (Union[int, Tensor]) - The first index.
        - **upper** (Union[int, Tensor]) - The index the loop stops before.
        - **loop_func** (Function) - Takes the index and the value, returns the next value, of
          the same type and shape.
        - **init_val** (Union[Tensor, number, bool, list, tuple, dict]) - The initial value.
        - **unroll** (bool, optional) - Unroll a loop of a known length. Default: ``True``.

    Outputs:
        The final value, of the type and shape of `init_val`.

    Raises:
        TypeError: If `lower` or `upper` is not an int or a Tensor.
        TypeError: If `loop_func` is not a function.
        ValueError: If `loop_func` fails on the index and value or changes the value's type or
            shape.

    Examples:
        >>> from deepsink import ops
        >>> def cumsum(index, res):
        ...     return index + res
        >>> print(ops.ForiLoop()(0, 4, cumsum, 0))
        6
    """

    def __call__(
        self, lower: Any, upper: Any, loop_func: Any, init_val: Any, unroll: bool = True
    ) -> Any:
        _check_type("ForiLoop", "lower", lower, (int, Tensor), "int or Tensor")
        _check_type("ForiLoop", "upper", upper, (int, Tensor), "int or Tensor")
        _check_type("ForiLoop", "loop_func", loop_func, _FUNCTION, "function")
        _check_type("ForiLoop", "unroll", unroll, (bool,), "bool")
        step = graph_syntax.compiled(loop_func)
        loop = _Loop(init_val)

        def body(i: Any) -> None:
            loop.value = step(i, loop.value)

        try:
            control_flow.for_stmt(
                control_flow.range_(lower, upper), None, body, loop.get, loop.set, loop.names
            )
        except _PASS_THROUGH:
            raise
        except Exception as e:  # noqa: BLE001 - MindSpore's wrapping of any loop_func error
            raise _invalid(e) from e
        return loop.value


class Scan(TablePrimitive):
    r"""
    Scan ``loop_func`` over ``xs`` carrying a value: ``for x in xs: carry, y = loop_func(carry,
    x)``, returning the final carry and the list of every ``y``.

    Inputs:
        - **loop_func** (Function) - Takes the carry and an element, returns ``(carry, y)``.
        - **init** (Union[Tensor, number, bool, list, tuple, dict]) - The initial carry.
        - **xs** (Union[tuple, list, None]) - The elements; ``None`` scans ``length`` times
          with ``None`` elements.
        - **length** (Union[int, None], optional) - The number of steps when `xs` is ``None``.
          Default: ``None``.
        - **unroll** (bool, optional) - Unroll the loop. Default: ``True``.

    Outputs:
        Tuple ``(carry, ys)``: the final carry, of the type and shape of `init`, and the list of
        the results of each step.

    Raises:
        TypeError: If `loop_func` is not a function, `xs` not a tuple, list or None, or
            `length` not an int when `xs` is None.
        ValueError: If `loop_func` fails or does not return a tuple of two elements.

    Examples:
        >>> from deepsink import ops
        >>> def cumsum(res, el):
        ...     res = res + el
        ...     return res, res
        >>> print(ops.Scan()(cumsum, 0, [1, 2, 3, 4]))
        (10, [1, 3, 6, 10])
    """

    def __call__(
        self, loop_func: Any, init: Any, xs: Any, length: Any = None, unroll: bool = True
    ) -> Any:
        _check_type("Scan", "loop_func", loop_func, _FUNCTION, "function")
        if xs is not None and not isinstance(xs, list | tuple):
            _check_type("Scan", "xs", xs, (list, tuple), "list, tuple or None")
        if xs is None:
            _check_type("Scan", "length", length, (int,), "int")
            xs = [None] * length
        step = graph_syntax.compiled(loop_func)
        carry, ys = init, []
        for x in xs:  # xs is a Python sequence: unrolled, as MindSpore compiles it
            try:
                result = step(carry, x)
                carry, y = result
            except _PASS_THROUGH:
                raise
            except Exception as e:  # noqa: BLE001 - MindSpore's wrapping of any loop_func error
                raise _invalid(e) from e
            ys.append(y)
        return carry, ys


def switch_layer(index: Any, layers_tuple: Any) -> Any:
    """The layer of ``layers_tuple`` that ``index`` picks, as a callable: a known index picks it
    now; an index computed in compiled code picks on the device (every layer is compiled).

    Args:
        index (Union[int, Tensor]): The position of the layer (an int32 scalar Tensor).
        layers_tuple (tuple[Cell]): The layers, taking the same inputs and giving outputs of
            one shape.

    Returns:
        Function, calling the chosen layer on its inputs.

    Raises:
        TypeError: If `layers_tuple` is not a non-empty tuple or list of callables.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn, ops
        >>> layers = (nn.ReLU(), nn.Tanh())
        >>> print(ops.switch_layer(ms.Tensor(0, ms.int32), layers)(ms.Tensor([-1.0, 2.0])))
        [0. 2.]
    """
    if not isinstance(layers_tuple, tuple | list) or not layers_tuple:
        raise TypeError(
            "For 'switch_layer', the 'layers_tuple' must be a non-empty tuple of Cells, but got "
            f"{type(layers_tuple).__name__}."
        )
    for layer in layers_tuple:
        _check_type("switch_layer", "layers_tuple", layer, (object,), "a tuple of Cells")
        if not callable(layer):
            raise TypeError(f"For 'switch_layer', every layer must be callable, but got {layer!r}")
    if not control_flow.is_traced(index):
        return layers_tuple[int(index)]

    def run(*inputs: Any) -> Any:
        loop = _Loop(control_flow.Undefined("output"))

        def pick(k: int) -> None:
            def body() -> None:
                loop.value = layers_tuple[k](*inputs)

            if k == len(layers_tuple) - 1:
                body()
                return
            control_flow.if_stmt(
                index == k, body, lambda: pick(k + 1), loop.get, loop.set, loop.names
            )

        pick(0)
        return loop.value

    return run
