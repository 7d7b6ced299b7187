"""The one way to declare a primitive from a table row: its name, its constructor arguments with
MindSpore's defaults, and its call.

``declare("CeLU", lambda s, x: celu(x, s.alpha), __name__, (("alpha", 1.0),))`` gives
``ops.CeLU(alpha=1.0)(x)``: the constructor binds its arguments as a Python call does (a
``TypeError`` naming the primitive) and records each as an attribute (``prim.alpha``,
``prim.attrs``, ``prim.init_attrs``); ``inspect.signature(ops.CeLU)`` shows them. With ``inputs``
(the call's input names) the call binds its inputs by position or name as well, with Python's
wording for a wrong count. With ``init`` (``init(self)``, run once the arguments are recorded)
the constructor checks them with MindSpore's errors, or records a normalised form
(``add_prim_attr``). ``forwarding`` declares the common case: no constructor arguments, and a call
that is one functional op.

A primitive with a docstring of its own is the same row written as a class: ``class
MatrixDiagV3(TablePrimitive)`` with ``_params``, an ``_init`` method and its ``__call__``;
the ``ops.operations`` primitives are built one of these two ways (``prim_attr_register`` stays
for users' own; the graph, debug, summary and custom primitives keep constructors of their own).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

from deepsink.ops.primitive import Primitive

_P = inspect.Parameter
_REQUIRED = _P.empty
REQUIRED = _REQUIRED  # a constructor argument without a default: ``(("shape", REQUIRED),)``


class TablePrimitive(Primitive):
    """A primitive whose constructor arguments (``_params``, (name, default) pairs) become
    attributes, checked by ``_init(self)``, and whose call is ``_call(self, *inputs)``.

    ``declare`` makes one from a row; a subclass that sets ``_params`` (and defines no
    ``__init__``) gets the same constructor."""

    _params: tuple[tuple[str, Any], ...] = ()
    _signature = inspect.Signature()
    _inputs: tuple[tuple[str, Any], ...] | None = None
    _call: Callable[..., Any]
    _init: Callable[[Any], None] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "__init__" not in cls.__dict__:  # a row: its constructor takes ``_params``
            sig = inspect.Signature(
                [_P(n, _P.POSITIONAL_OR_KEYWORD, default=d) for n, d in cls._params]
            )

            def __init__(self: TablePrimitive, *args: Any, **kwargs: Any) -> None:
                TablePrimitive.__init__(self, *args, **kwargs)

            # what inspect.signature(cls) shows: MindSpore's constructor arguments
            __init__.__signature__ = sig.replace(  # type: ignore[attr-defined]
                parameters=[_P("self", _P.POSITIONAL_OR_KEYWORD), *sig.parameters.values()]
            )
            cls.__init__ = __init__  # type: ignore[method-assign]
            cls._signature = sig
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"For '{self.name}', {e}") from None
        bound.apply_defaults()
        for k, v in bound.arguments.items():
            self.init_attrs[k] = v
            self.add_prim_attr(k, v)
        if self._init is not None:
            type(self)._init(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        names = self._inputs
        if names is None:
            return type(self)._call(self, *args, **kwargs)
        call = f"{type(self).__name__}.__call__()"
        if len(args) > len(names):
            least = 1 + sum(1 for _, d in names if d is _REQUIRED)
            takes = (
                len(names) + 1 if least == len(names) + 1 else f"from {least} to {len(names) + 1}"
            )
            raise TypeError(
                f"{call} takes {takes} positional arguments but {len(args) + 1} were given"
            )
        values = list(args)
        for n, d in names[len(args) :]:
            if n in kwargs:
                values.append(kwargs.pop(n))
            elif d is _REQUIRED:
                raise TypeError(f"{call} missing required argument: '{n}'")
            else:
                values.append(d)
        if kwargs:
            raise TypeError(f"{call} got an unexpected keyword argument '{next(iter(kwargs))}'")
        return type(self)._call(self, *values)


def _input(text: str) -> tuple[str, Any]:
    """``'x'`` -> ``('x', required)``; ``'axis=()'`` -> ``('axis', ())``."""
    name, eq, default = (t.strip() for t in text.partition("="))
    return name, ast.literal_eval(default) if eq else _REQUIRED


def declare(
    name: str,
    call: Callable[..., Any],
    module: str,
    params: tuple[tuple[str, Any], ...] = (),
    doc: str = "",
    inputs: str | None = None,
    init: Callable[[Any], None] | None = None,
) -> type:
    """The primitive class ``name`` of ``module``: constructor arguments ``params``, call
    ``call(self, *inputs)``, docstring ``doc``; ``inputs`` (names, comma separated, a trailing one
    may be ``name=default``) binds the call's inputs; ``init(self)`` checks the recorded arguments."""
    return type(
        name,
        (TablePrimitive,),
        {
            "_params": params,
            "_call": call,
            "_inputs": None if inputs is None else tuple(_input(n) for n in inputs.split(",")),
            "_init": init,
            # its own __call__, so that Primitive rules it by the class's name (amp_strategy)
            "__call__": TablePrimitive.__call__,
            "__module__": module,
            "__doc__": doc or f"MindSpore's ``ops.{name}``.",
        },
    )


def plain(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The call of a primitive without attributes: ``fn`` of its inputs."""
    return lambda self, *xs: fn(*xs)


def for_module(module: str) -> Callable[..., type]:
    """``declare`` for the primitives of ``module``, as ``prim(name, call, inputs, params=(),
    doc="", init=None)``."""

    def prim(
        name: str,
        call: Callable[..., Any],
        inputs: str,
        params: tuple[tuple[str, Any], ...] = (),
        doc: str = "",
        init: Callable[[Any], None] | None = None,
    ) -> type:
        return declare(name, call, module, params, doc, inputs, init)

    return prim


def forwarding(name: str, fn: Callable[..., Any], inputs: str, module: str, doc: str = "") -> type:
    """The primitive ``name()`` whose call ``(inputs)`` is ``fn``; ``doc`` its docstring
    (default: the call and the op it runs)."""
    op = getattr(fn, "__name__", "")
    default = f"MindSpore's ``ops.{name}()({inputs})``" + (
        f": ``{op}``." if op and not op.startswith("<") else "."
    )
    return declare(name, plain(fn), module, (), doc or default, inputs)
