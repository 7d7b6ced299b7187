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

import jax

from deepsink._compile import graph_syntax
from deepsink._core import semi_auto
from deepsink.common.tensor import Tensor, unwrap, wrap
from deepsink.ops import amp_strategy

_HIDDEN_ATTRS = ("input_names", "output_names")


def _strategy_kind(name: str, value: Any, label: str) -> str | None:
    """'tuple' or 'layout' for a valid strategy, None for ``()``; MindSpore's TypeErrors else."""
    if not isinstance(value, tuple):
        raise TypeError(f"{label} must be tuple type, but got:{type(value)}")
    if value == ():
        return None
    kinds = set()
    for item in value:
        if isinstance(item, semi_auto.Layout):
            kinds.add("layout")
            continue
        if not isinstance(item, tuple):
            raise TypeError(
                f"The element of strategy must be tuple/Layout type, but got:{type(item)}"
            )
        for dim in item:
            if isinstance(dim, bool) or not isinstance(dim, int):
                raise TypeError(
                    f"The {label}: {value} of {name} is not valid, the value of strategy must be "
                    f"int type, but got:{type(dim)}"
                )
        kinds.add("tuple")
    if len(kinds) > 1:
        raise TypeError("The strategy must be all tuple or all Layout, but got a mix of both")
    return kinds.pop()


def _layout_value(layout: Any) -> dict:
    d = layout.to_dict()
    if d["rank_list"] != list(range(len(d["rank_list"]))):
        raise NotImplementedError(
            "A Layout with a rank_list other than 0..n-1 is not supported by deepsink (every "
            "split tensor of a program uses the devices in rank order)"
        )
    return {k: v for k, v in d.items() if k != "rank_list"}


def _split_call(prim: Primitive, call: Callable, plan: Any, args: tuple, kwargs: dict) -> Any:
    """Run ``call`` with the op's inputs and outputs laid out as its strategy says."""
    strategy = prim.attrs.get("in_layout") or prim.attrs.get("in_strategy")
    pos = [i for i, a in enumerate(args) if isinstance(a, Tensor | jax.Array)]
    arrays = [unwrap(args[i]) for i in pos]
    if not any(isinstance(a, jax.core.Tracer) for a in arrays):
        return call(prim, *args, **kwargs)  # eager: the whole tensor (see semi_auto's docstring)
    shapes = [tuple(a.shape) for a in arrays]
    ins, out = semi_auto.op_layouts(prim.name, strategy, prim.attrs, shapes, plan.size)
    new = list(args)
    for i, lay in zip(pos, ins):
        x = semi_auto.constrain(unwrap(args[i]), lay, plan)
        new[i] = wrap(x) if isinstance(args[i], Tensor) else x
    result = call(prim, *new, **kwargs)
    out_strategy = prim.attrs.get("out_layout") or prim.attrs.get("out_strategy")
    outs = result if isinstance(result, tuple) else (result,)
    if out_strategy is not None:
        shapes = [tuple(unwrap(o).shape) for o in outs]
        lays = semi_auto.out_layouts(prim.name, out_strategy, shapes, plan.size)
    elif out is not None:
        lays = [out]
    else:
        return result
    done = []
    for o, lay in zip(outs, lays):
        x = semi_auto.constrain(unwrap(o), lay, plan)
        done.append(wrap(x) if isinstance(o, Tensor) else x)
    done += list(outs[len(lays) :])
    return tuple(done) if isinstance(result, tuple) else done[0]


def _sharded(call: Callable) -> Callable:
    """``__call__`` of a Primitive subclass: split as its strategy says while a plan is in force."""

    @functools.wraps(call)
    def run(self: Primitive, *args: Any, **kwargs: Any) -> Any:
        attrs = self.__dict__.get("attrs")
        if not attrs or ("in_strategy" not in attrs and "in_layout" not in attrs):
            return call(self, *args, **kwargs)
        plan = semi_auto.active()
        if plan is None:
            return call(self, *args, **kwargs)
        return _split_call(self, call, plan, args, kwargs)

    run._sharded = True  # type: ignore[attr-defined]
    return run


class Primitive:
    """Base class of the op classes in ``deepsink.ops`` (``ops.ReLU()``, ``ops.ReduceMean()``...)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        call = cls.__dict__.get("__call__")
        if call is not None and not getattr(call, "_sharded", False):
            cls.__call__ = _sharded(call)
        if cls.__name__ in amp_strategy.RULED:
            cls.__call__ = amp_strategy.ruled_call(cls.__call__)

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
        """Set how the op's inputs (and outputs) are split over the devices: a tuple of split
        numbers per input (``in_strategy``), or a ``Layout`` per input.

        In 'semi_auto_parallel' / 'auto_parallel' mode (``set_auto_parallel_context``, or inside
        ``AutoParallel``) a compiled program lays the op's inputs out as the strategy says
        (``jax.lax.with_sharding_constraint``, ``_core/semi_auto.py``), and the output as MindSpore's
        operator info infers it (``MatMul``) or as ``out_strategy`` says; XLA inserts the
        collectives between differently split tensors. A strategy that covers fewer devices than
        ``device_num`` repeats the calculation on the rest. In the other modes the strategy is
        recorded and ignored, as in MindSpore.

        Args:
            in_strategy (tuple): one tuple of ints per input, the number of slices of each of its
                dimensions, or one ``Layout`` per input. Default: ``None``.
            out_strategy (tuple): the same for the outputs. Default: ``None``.

        Returns:
            Primitive, this primitive.

        Raises:
            TypeError: a strategy is not a tuple of tuples of ints or of Layouts.
            ValueError: ``out_strategy`` without ``in_strategy``, or Layouts mixed with tuples.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import ops
            >>> add = ops.Add()
            >>> print(add.shard(((1, 1), (1, 1))))
            Prim[Add]<in_strategy=((1, 1), (1, 1))>
            >>> layout = ms.Layout((2, 4), ("dp", "mp"))
            >>> print(ops.MatMul().shard((layout("dp", "mp"), layout("mp", "None"))).in_layout[1])
            {'device_matrix': (2, 4), 'tensor_map': (0, -1), 'interleaved_parallel': False, 'alias_name': ('dp', 'mp')}
        """
        if in_strategy is None and out_strategy is None:
            return self
        kinds = []
        for value, label in ((in_strategy, "in_strategy"), (out_strategy, "out_strategy")):
            if value is not None:
                kinds.append(_strategy_kind(self.name, value, label))
        if in_strategy is None:
            raise ValueError(
                f"The out_strategy of {self.name} is {out_strategy}, need to set in_strategy, "
                "but got none"
            )
        if len({k for k in kinds if k is not None}) > 1:
            raise ValueError(
                "The in_strategy type must equal to the out_strategy type, one using "
                "tuple(tuple) and the other using tuple(Layout) is not allowed."
            )
        for value, label in ((in_strategy, "in"), (out_strategy, "out")):
            if value is None:
                continue
            if "layout" in kinds:
                self.add_prim_attr(f"{label}_layout", tuple(_layout_value(v) for v in value))
            else:
                self.add_prim_attr(f"{label}_strategy", value)
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


def _run_op(obj: Primitive, op_name: str, args: tuple) -> Any:
    """MindSpore's private ``ops.primitive._run_op``: run primitive ``obj``'s own kernel on
    ``args``, which a library's subclass calls from its ``__call__`` (mindnlp's ``AllGather``).
    deepsink's kernel is the ``__call__`` of the nearest deepsink class in ``obj``'s MRO."""
    for cls in type(obj).__mro__:
        if cls.__module__.startswith("deepsink.") and "__call__" in vars(cls):
            return vars(cls)["__call__"](obj, *args)
    raise TypeError(f"For '_run_op', {op_name!r} is not a deepsink primitive: {type(obj)}")


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


def _primexpr(
    fn: Callable | None = None,
    get_instance: bool = True,
    name: str | None = None,
    reuse_result: bool = True,
) -> Any:
    """MindSpore 2.10's private ``_primexpr`` (libraries and its tests import it): ``constexpr``
    whose function, given a variable of the program, is compiled with it instead of folded.
    deepsink converts a user function called from compiled code either way (constant inputs run
    it as plain Python), so the function is returned as written."""
    if fn is None:
        return functools.partial(_primexpr, get_instance=get_instance, name=name)
    return fn


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


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
