"""The one way to declare a primitive without attributes whose call is one functional op.

``Add = forwarding("Add", math_func.add, "x, y", __name__)`` gives ``ops.Add()(x, y)``:
``Add()`` records no attributes; its call binds its inputs by position or name as a Python call does
(a ``TypeError`` worded as Python's) and returns ``math_func.add(x, y)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink.ops.primitive import Primitive, prim_attr_register


class Forwarding(Primitive):
    """A primitive without attributes that applies ``_fn`` to its ``_inputs``."""

    _fn: Callable[..., Any]
    _inputs: tuple[str, ...] = ()

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        names, call = self._inputs, f"{type(self).__name__}.__call__()"
        if len(args) > len(names):
            raise TypeError(
                f"{call} takes {len(names) + 1} positional arguments but {len(args) + 1} were given"
            )
        values = list(args)
        for n in names[len(args) :]:
            if n not in kwargs:
                raise TypeError(f"{call} missing required argument: '{n}'")
            values.append(kwargs.pop(n))
        if kwargs:
            raise TypeError(f"{call} got an unexpected keyword argument '{next(iter(kwargs))}'")
        return type(self)._fn(*values)


def forwarding(name: str, fn: Callable[..., Any], inputs: str, module: str, doc: str = "") -> type:
    """The primitive class ``name`` of ``module`` whose call ``(inputs)`` (names, comma
    separated) is ``fn``; ``doc`` its docstring (default: the call and the op it runs)."""
    op = getattr(fn, "__name__", "")
    default = f"MindSpore's ``ops.{name}()({inputs})``" + (
        f": ``{op}``." if op and not op.startswith("<") else "."
    )
    cls = type(
        name,
        (Forwarding,),
        {
            "_fn": staticmethod(fn),
            "_inputs": tuple(n.strip() for n in inputs.split(",")),
            "__doc__": doc or default,
            "__module__": module,
        },
    )
    return cls
