"""MindSpore's ``Primitive``: a named, attributed op object called like a function.

deepsink primitives hold no state and no kernels of their own: each ``__call__`` runs the
functional op (jnp/lax), so a primitive works eagerly and inside any compiled or differentiated
call. ``prim_attr_register`` records the constructor arguments as attributes, which is what
``repr(ops.ReduceMean(keep_dims=True))`` shows: ``Prim[ReduceMean]<keep_dims=True>``.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from deepsink._core import graph_syntax

_HIDDEN_ATTRS = ("input_names", "output_names")


class Primitive:
    """Base class of the op classes in ``deepsink.ops`` (``ops.ReLU()``, ``ops.ReduceMean()``...)."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name or type(self).__name__
        self.attrs: dict[str, Any] = {}
        self.init_attrs: dict[str, Any] = {}
        self.instance_name = ""

    def add_prim_attr(self, name: str, value: Any) -> Primitive:
        """Record an attribute (also readable as ``prim.<name>``); returns the primitive."""
        self.attrs[name] = value
        object.__setattr__(self, name, value)
        return self

    def add_prim_attrs(self, attrs: dict[str, Any]) -> Primitive:
        for k, v in attrs.items():
            self.add_prim_attr(k, v)
        return self

    def del_prim_attr(self, name: str) -> Primitive:
        self.attrs.pop(name, None)
        self.__dict__.pop(name, None)
        return self

    def shard(
        self, in_strategy: tuple | None = None, out_strategy: tuple | None = None
    ) -> Primitive:
        """Record the split strategy of the op's inputs (and outputs) as the attributes
        ``in_strategy`` / ``out_strategy``.

        MindSpore reads these strategies only in 'semi_auto_parallel' / 'auto_parallel' mode and
        ignores them in the other modes; deepsink refuses those two modes at
        ``set_auto_parallel_context``, so here a strategy is checked and recorded, and the op
        computes the same whole-tensor result as without it (what MindSpore does in stand-alone
        and data-parallel runs, where model-zoo networks call ``shard`` unconditionally).

        Args:
            in_strategy (tuple): one tuple of ints per input, the number of slices of each of its
                dimensions. Default: ``None``.
            out_strategy (tuple): the same for the outputs. Default: ``None``.

        Returns:
            Primitive, this primitive.

        Raises:
            TypeError: a strategy is not a tuple of tuples of ints.

        Examples:
            >>> from deepsink import ops
            >>> add = ops.Add()
            >>> print(add.shard(((1, 1), (1, 1))))
            Prim[Add]<in_strategy=((1, 1), (1, 1))>
        """
        for value, label in ((in_strategy, "in_strategy"), (out_strategy, "out_strategy")):
            if value is None:
                continue
            if not isinstance(value, tuple):
                raise TypeError(f"{label} must be tuple type, but got:{type(value)}")
            for item in value:
                if not isinstance(item, tuple):
                    raise TypeError(
                        f"The element of strategy must be tuple type, but got:{type(item)}"
                    )
                for dim in item:
                    if isinstance(dim, bool) or not isinstance(dim, int):
                        raise TypeError(
                            f"The {label}: {value} of {self.name} is not valid, the value of "
                            f"strategy must be int type, but got:{type(dim)}"
                        )
            self.add_prim_attr(label, value)
        return self

    def set_prim_instance_name(self, instance_name: str) -> Primitive:
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs: list[str], outputs: list[str]) -> None:
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def __call__(self, *args: Any) -> Any:
        raise NotImplementedError(
            f"For '{self.name}', the primitive has no implementation; subclasses of Primitive must "
            "define __call__ (deepsink runs primitives as Python functions over JAX)"
        )

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.attrs.items() if k not in _HIDDEN_ATTRS}
        if not shown:
            return f"Prim[{self.name}]"
        return f"Prim[{self.name}]<{', '.join(f'{k}={v}' for k, v in shown.items())}>"


class PrimitiveWithInfer(Primitive):
    """A Primitive that declares ``infer_shape``/``infer_dtype``/``infer_value``.

    deepsink infers shapes by tracing, so only ``infer_value`` matters: a user primitive that
    defines it runs it when called.
    """

    def infer_shape(self, *args: Any) -> Any:
        return None

    def infer_dtype(self, *args: Any) -> Any:
        return None

    def infer_value(self, *args: Any) -> Any:
        return None

    def __call__(self, *args: Any) -> Any:
        if type(self).infer_value is PrimitiveWithInfer.infer_value:
            return super().__call__(*args)
        return self.infer_value(*args)


class PrimitiveWithCheck(PrimitiveWithInfer):
    """MindSpore's ``PrimitiveWithCheck``: ``check_shape``/``check_dtype`` hooks (not called)."""


def prim_attr_register(fn: Callable) -> Callable:
    """Decorator for a primitive's ``__init__``: record every constructor argument as an attribute."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def init(self: Primitive, *args: Any, **kwargs: Any) -> None:
        if "attrs" not in self.__dict__:
            Primitive.__init__(self, type(self).__name__)
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        for name, value in list(bound.arguments.items())[1:]:
            if sig.parameters[name].kind in (
                inspect.Parameter.VAR_POSITIONAL,
                inspect.Parameter.VAR_KEYWORD,
            ):
                continue
            self.init_attrs[name] = value
            self.add_prim_attr(name, value)
        fn(self, *args, **kwargs)

    return init


def constexpr(
    fn: Callable | None = None,
    get_instance: bool = True,
    name: str | None = None,
    reuse_result: bool = True,
    check: bool = True,
) -> Any:
    """MindSpore's ``constexpr``: the function runs in Python on compile-time values.

    deepsink traces with Python, where non-Tensor values are already constants, so the function
    is simply called, as written: compiled code does not convert its control flow.
    """
    if fn is None:
        return functools.partial(constexpr, get_instance=get_instance, name=name)
    return graph_syntax.do_not_convert(fn)
