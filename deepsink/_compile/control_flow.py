"""Run-time operators of converted graph code (``_compile/graph_syntax.py`` writes the calls).

MindSpore's graph mode parses a function and compiles its control flow, so an ``if`` or a
``while`` may test a Tensor. deepsink traces with JAX instead, and the converter rewrites each
``if``/``while``/``for``, boolean operator, conditional expression and ``assert`` into a call of
an operator here. Each operator looks at its test when the trace reaches it:

- a Python value or a concrete Tensor: the statement runs as plain Python (the branch not taken
  is never traced), which is what MindSpore's compile-time constant folding does;
- a traced Tensor: structured JAX control flow over the variables the statement assigns
  (``lax.cond``, ``lax.while_loop``, ``lax.fori_loop``), each branch or loop body traced once
  into a jaxpr so that the Parameters it writes join the outputs.

The state a statement threads is a tuple of local variables read and written through the
``get``/``set`` closures the converter generates. A variable whose value is a Python number
that differs between branches (or changes in a loop) becomes a Tensor, as in MindSpore.
"""

from __future__ import annotations

import builtins
import itertools
import linecache
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._compile import writeback
from deepsink._core import checks, functional
from deepsink._core.validate import BranchShapeError
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor

RET_VALUE = "_ds_retval"  # the converter's return value variable (not_returned() until set)


class Undefined:
    """A variable not assigned yet (on a path that does not assign it); ``defined_in``: the
    branch of a Tensor ``if`` that assigns it ('true' or 'false'), when one does."""

    __slots__ = ("defined_in", "name")

    def __init__(self, name: str, defined_in: str | None = None) -> None:
        self.name, self.defined_in = name, defined_in

    def __repr__(self) -> str:
        return f"<undefined {self.name}>"

    def _fail(self, *_: Any, **__: Any) -> Any:
        # MindSpore 2.10's message for a variable a Tensor 'if' defines on one path only, and
        # the line that uses it
        if self.defined_in is not None:
            other = "false" if self.defined_in == "true" else "true"
            head = (
                f"The local variable '{self.name}' is not defined in {other} branch, but "
                f"defined in {self.defined_in} branch."
            )
        else:
            head = (
                f"The local variable '{self.name}' is not defined in every branch of an 'if' "
                "(or before a loop) on a Tensor condition."
            )
        frame = _user_frame()
        line = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip() if frame else ""
        raise UnboundLocalError(
            f"{head} It is used after the statement; assign it before the 'if'/loop or in "
            f"every branch.\n{_where(frame)}: {line}"
        )

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return self._fail()

    __call__ = __add__ = __radd__ = __mul__ = __rmul__ = __sub__ = _fail
    __bool__ = __iter__ = __getitem__ = __len__ = __neg__ = __truediv__ = _fail


def defined(value: Any) -> Any:
    """``value`` (a returned value), checked to hold no variable left undefined by a path."""
    if isinstance(value, Undefined):
        value._fail()
    if isinstance(value, tuple | list):
        for v in value:
            if isinstance(v, Undefined):
                v._fail()
    return value


def unbound(name: str, globals_: dict) -> Any:
    """The value of a local not assigned yet where a statement starts: the module's global of
    that name if there is one (MindSpore resolves a name read before any assignment in the
    function to the global, e.g. ``for i in x: z += i`` over a global ``z``), else Undefined."""
    if name in globals_:
        return globals_[name]
    return Undefined(name)


def in_(x: Any, container: Any) -> Any:
    """``x in container``: Python's test, or for a traced Tensor among the items of a list or
    tuple, whether it equals any of them (a Tensor)."""
    if is_traced(x) and isinstance(container, list | tuple):
        data = _raw(x)
        hits = [jnp.all(data == jnp.asarray(_raw(c))) for c in container]
        return Tensor._from(jnp.any(jnp.stack(hits)) if hits else jnp.asarray(False))
    return x in container


def is_(x: Any, y: Any) -> Any:
    """``x is y``: Python's, except for a value that may be None (``MaybeNone``) against None:
    whether it is None, known when the program runs (a Tensor), as MindSpore tests it."""
    for m, other in ((x, y), (y, x)):
        if isinstance(m, MaybeNone) and other is None:
            test = Tensor._from(jnp.logical_not(jnp.asarray(m.present)))
            _note_none_test(test, m, True)
            return test
    return x is y


def _note_none_test(test: Tensor, m: Any, when_none: bool) -> None:
    """Mark ``test`` as 'm is None' (``when_none``) or its 'not': an ``if`` on it gives the path
    where ``m`` is there ``m``'s value."""
    test._ds_none_test = (m, when_none)


_local = threading.local()


def getitem(container: Any, index: Any) -> Any:
    """``container[index]``: Python's, except a list or tuple of numbers or same-shape Tensors
    indexed by a traced integer (a loop counter of a Tensor loop), which selects on the device."""
    if isinstance(container, list | tuple) and container and is_traced(index):
        items = [jnp.asarray(_raw(c)) for c in container]
        if all(i.shape == items[0].shape for i in items):
            stacked = jnp.stack(items)
            idx = jnp.asarray(_raw(index)).astype(jnp.int32)
            out = Tensor._from(stacked[idx.reshape(()) if idx.size == 1 else idx])
            kinds = {type(c) for c in container}
            if idx.size == 1 and kinds <= {int, float}:  # Python numbers: a number variable
                out._ds_number = float if float in kinds else int
            return out
    return container[index]


# the exception types MindSpore's graph ``raise`` supports (its exception_types_map)
RAISE_TYPES = (
    "AssertionError AttributeError BaseException EnvironmentError Exception IOError "
    "IndentationError IndexError KeyError KeyboardInterrupt MemoryError NameError "
    "NotImplementedError OSError OverflowError RuntimeError RuntimeWarning StopIteration "
    "TypeError UnboundLocalError ValueError ZeroDivisionError"
).split()
_RAISE_CLASSES = {getattr(builtins, n) for n in RAISE_TYPES}


def _raise_text(v: Any) -> str:
    """An argument of a graph ``raise`` as MindSpore's compiler writes it into the message:
    strings quoted, floats in C++'s default notation (``2.0`` -> ``2``, 6 significant digits), a
    sequence of one element as that element, a Tensor as its values."""
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, bool | int) or v is None:
        return str(v)
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, list | tuple):
        if len(v) == 1:
            return _raise_text(v[0])
        items = ", ".join(_raise_text(x) for x in v)
        return f"[{items}]" if isinstance(v, list) else f"({items})"
    if isinstance(v, Tensor) and not is_traced(v):
        return str(np.asarray(_concrete(v._data)))
    return str(v)


def _holds_none(v: Any) -> bool:
    if isinstance(v, list | tuple):
        return any(_holds_none(x) for x in v)
    return v is None


def _unsupported_raise(name: str) -> RuntimeError:
    return RuntimeError(
        f"Unsupported exception type: {name}. Raise only support some Python standard "
        f"exception types: {', '.join(RAISE_TYPES)}. "
    )


def raise_(make: Callable[[], Any], name: str | None = None) -> None:
    """``raise exc`` (``make()`` makes it; ``name``: the type's name in the source): at once,
    unless a branch or loop body is being traced for a Tensor condition; there it is recorded
    in the program's checks and raised when that path runs (MindSpore's raise in a variable
    condition). An exception type outside MindSpore's list, or a name that names nothing, is its
    RuntimeError, and the arguments make the message as its compiler writes them."""
    try:
        exc = make()
    except NameError as e:
        if name is not None and getattr(e, "name", None) == name:
            raise _unsupported_raise(name) from None
        raise
    kind = exc if isinstance(exc, type) else type(exc)
    if kind not in _RAISE_CLASSES:
        raise _unsupported_raise(name or kind.__name__)
    args = () if isinstance(exc, type) else exc.args
    if getattr(_local, "branches", 0) == 0:  # raised while compiling: the compiler's text
        if _holds_none(args):
            # 2.10's compiler has no text for None
            raise RuntimeError(
                "Unexpected abstract: AbstractNone(Value: None)\nA 'raise' that runs while the "
                "program compiles cannot have None among its arguments in MindSpore's graph "
                "mode: pass a string instead"
            )
        raise kind(_raise_text(args[0] if len(args) == 1 else args)) if args else kind()
    # raised when the program runs (a path of a Tensor condition): Python's text, as 2.10
    checks.check_true(jnp.asarray(False), str(kind(*args)), kind)


# --- traced or concrete ------------------------------------------------------------------------


def _raw(x: Any) -> Any:
    return x._data if isinstance(x, Tensor) else x


def _concrete(data: Any) -> Any:
    """``data`` without JVP/linearization wrappers whose primal is a known value."""
    for _ in range(16):
        if not isinstance(data, jax.core.Tracer):
            return data
        nxt = getattr(data, "primal", None)
        if nxt is None:
            return data
        data = nxt
    return data


def is_traced(x: Any) -> bool:
    """Whether ``x`` is a Tensor or array whose value is known only when the program runs."""
    data = _raw(x)
    return isinstance(data, jax.core.Tracer) and isinstance(_concrete(data), jax.core.Tracer)


def _pred(x: Any, what: str) -> jax.Array:
    """A traced condition as a boolean scalar (a one-element Tensor counts, as in MindSpore)."""
    data = _raw(x)
    if data.size != 1:
        raise ValueError(
            f"The condition of {what} must be a Tensor with one element, but got a Tensor of "
            f"shape {tuple(data.shape)}; reduce it first (e.g. '(x > 0).all()')"
        )
    return jnp.reshape(data, ()).astype(bool)


def _is_array(x: Any) -> bool:
    if isinstance(x, Parameter):
        return False  # a Parameter is a state box, threaded by identity
    return isinstance(x, Tensor | jax.Array | np.ndarray | np.generic)


def _joins_as_value(x: Any) -> bool:
    """Whether a branch's leaf joins the other's as an array (a Parameter by its value)."""
    return _is_array(x) or _is_number(x) or isinstance(x, Parameter)


def _is_number(x: Any) -> bool:
    return isinstance(x, bool | int | float) and not isinstance(x, Undefined)


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if _is_array(a):
        return False
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - objects without a usable ==: identity only
        return False


def _flatten(value: Any) -> tuple[list, Any]:
    return jax.tree_util.tree_flatten(
        value, is_leaf=lambda x: isinstance(x, Tensor | Undefined) or x is None
    )


# --- boolean operators and small statements --------------------------------------------------


def not_(x: Any) -> Any:
    if is_traced(x):
        out = Tensor._from(jnp.logical_not(_pred(x, "'not'")))
        tested = getattr(x, "_ds_none_test", None) if isinstance(x, Tensor) else None
        if tested is not None:
            _note_none_test(out, tested[0], not tested[1])
        return out
    return not x


def and_(*operands: Callable[[], Any]) -> Any:
    """``a and b and ...``: Python's short circuit on known values; on a traced Tensor both
    sides run and the result is selected (``b`` where ``a`` holds, else ``a``)."""
    value = operands[0]()
    for nxt in operands[1:]:
        if is_traced(value):
            other = nxt()
            value = _select(_pred(value, "'and'"), other, value)
        elif not value:
            return value
        else:
            value = nxt()
    return value


def or_(*operands: Callable[[], Any]) -> Any:
    value = operands[0]()
    for nxt in operands[1:]:
        if is_traced(value):
            other = nxt()
            value = _select(_pred(value, "'or'"), value, other)
        elif value:
            return value
        else:
            value = nxt()
    return value


def _select(pred: jax.Array, a: Any, b: Any) -> Any:
    ra, rb = _raw(a), _raw(b)
    if _is_number(ra) and _is_number(rb) and ra == rb and type(ra) is type(rb):
        return a
    ra, rb = jnp.asarray(ra), jnp.asarray(rb)
    dtype = jnp.result_type(ra, rb)
    return Tensor._from(
        lax.select(
            jnp.broadcast_to(pred, jnp.broadcast_shapes(ra.shape, rb.shape)),
            jnp.broadcast_to(ra.astype(dtype), jnp.broadcast_shapes(ra.shape, rb.shape)),
            jnp.broadcast_to(rb.astype(dtype), jnp.broadcast_shapes(ra.shape, rb.shape)),
        )
    )


def ifexp(test: Any, body: Callable[[], Any], orelse: Callable[[], Any]) -> Any:
    """``a if test else b``: one side on a known test; both and a select on a traced one."""
    if not is_traced(test):
        return body() if test else orelse()
    return _select(_pred(test, "a conditional expression"), body(), orelse())


def assert_(test: Any, msg: Callable[[], Any] | None = None) -> None:
    """``assert``: checked now on a known value. On a traced Tensor the program records the
    failure (``_core/checks.py``) and the AssertionError is raised when the host reads the
    program's checks, after the call, as MindSpore raises it when the graph runs."""
    if is_traced(test):
        text = "" if msg is None else str(msg())
        checks.check_true(_pred(test, "'assert'"), text, AssertionError)
        return
    if not test:
        raise AssertionError(msg()) if msg is not None else AssertionError()


# --- branch and loop tracing -------------------------------------------------------------------


def _user_frame() -> Any:
    """The frame of the converted code that called into this module."""
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename == __file__:
        f = f.f_back
    return f


def _where(frame: Any) -> str:
    return f"{frame.f_code.co_filename}:{frame.f_lineno}" if frame is not None else "?"


def _outer_assigned(outer: tuple, what: str) -> RuntimeError:
    """A global or nonlocal variable assigned where a Tensor decides whether it runs."""
    name, kind = outer[0]
    return RuntimeError(
        f"The {kind} variable '{name}' is assigned in {what}, at {_where(_user_frame())}: "
        "which path runs is known only when the program runs, and compiled code cannot write a "
        f"{kind} variable then (MindSpore's graph mode does not write it back). Assign a local "
        f"variable in every path and return it, setting '{name}' outside the compiled function, "
        "or run this code in PYNATIVE_MODE"
    )


def _check_containers(changed: list, state: list, frame: Any) -> None:
    """Containers that live outside a branch (a global list, a dict argument, an object's
    attribute) given a traced value in the branch of a Tensor condition: which path runs is
    known only when the program runs, so the container cannot hold it; an error naming the
    change and where. A container the branch made itself (or a variable it assigns, merged
    by the condition) is left alone."""
    if not changed:
        return
    local: set[int] = set()
    stack = list(state)
    while stack:
        v = stack.pop()
        if id(v) in local:
            continue
        local.add(id(v))  # a variable's value (a Tensor changed by item assignment included)
        if isinstance(v, list | tuple | dict):
            stack += list(v.values() if isinstance(v, dict) else v)
    changed = [c for c in changed if id(c[0]) not in local]
    if not changed:
        return
    roots = list(frame.f_locals.values()) if frame is not None else []
    reachable = writeback.reachable_from(roots, {id(c) for c, _ in changed})
    for container, what in changed:
        if id(container) in reachable:
            raise RuntimeError(
                f"{what} of a Tensor computed in a branch of an 'if' (or a loop) on a Tensor "
                f"condition, at {_where(frame)}, changes a {type(container).__name__} that "
                "lives outside the branch: which path runs is known only when the program runs, "
                "so the container cannot hold the value (MindSpore's graph mode leaves it "
                "unchanged). Assign the value to a variable in every branch and change the "
                "container after the 'if', or run this code in PYNATIVE_MODE"
            )


def _detach(state: tuple, changed: list) -> tuple:
    """The state a branch leaves, with each Tensor it changed by item assignment (``x[k] = v``:
    MindSpore rebinds ``x``) swapped for a new Tensor of the branch's value, the old one given
    back its contents: the other path starts from them, and the merge sees the change."""
    swap = {}
    for c, _ in changed:
        if isinstance(c, Tensor) and not isinstance(c, Parameter):
            swap[id(c)] = Tensor._from(c._data)
            writeback.restore(c)
    if not swap:
        return state
    return tuple(
        jax.tree_util.tree_map(
            lambda v: swap.get(id(v), v), state, is_leaf=lambda x: isinstance(x, Tensor)
        )
    )


class _Traced:
    """A branch or loop body traced into a jaxpr. Its outputs are the dynamic leaves of the state
    it leaves (``values``: per variable, the leaves and tree) then the Parameters it wrote."""

    def __init__(self, jaxpr: Any, values: list, dyn: dict, boxes: list) -> None:
        self.jaxpr, self.values, self.dyn, self.boxes = jaxpr, values, dyn, boxes

    def out(self, var: int, leaf: int) -> int | None:
        return self.dyn.get((var, leaf))


def _trace(
    fn: Callable[..., None],
    get: Callable[[], tuple],
    set_: Callable[[tuple], None],
    start: Callable[..., tuple],
    args: Sequence[Any] = (),
) -> _Traced:
    """Trace ``fn`` (which updates the variables through ``set_``) from ``start(*args)``."""
    info: dict[str, Any] = {}
    frame = _user_frame()

    def run(*a: Any) -> list:
        saved: list = []
        _local.branches = getattr(_local, "branches", 0) + 1
        try:
            return body(saved, *a)
        finally:
            _local.branches -= 1

    def body(saved: list, *a: Any) -> list:
        with functional._journaled(functional._Journal()) as journal, writeback.branch() as changed:
            state, box_in = start(*a)
            for b, v in box_in:
                saved.append((b, b._value))
                b._value = v
            fn(*a)
            now = _detach(get(), changed())
            _check_containers(changed(), list(now), frame)
            values = [_flatten(v) for v in now]
            boxes = [b for b, _ in journal.old.values()]
            boxes += [b for b, _ in box_in if _find(boxes, b) < 0]
            box_values = [b._value for b in boxes]
        for b, v in saved:
            b._value = v
        dyn, outs = {}, []
        for i, (leaves, _) in enumerate(values):
            for j, x in enumerate(leaves):
                if _is_array(x) or _is_number(x):
                    dyn[(i, j)] = len(outs)
                    outs.append(jnp.asarray(_raw(x)))
        info.update(values=values, dyn=dyn, boxes=boxes)
        return outs + [_raw(v) for v in box_values]

    jaxpr = jax.make_jaxpr(run)(*args)
    return _Traced(jaxpr, info["values"], info["dyn"], info["boxes"])


def _find(boxes: Sequence[Any], box: Any) -> int:
    """The position of ``box`` in ``boxes`` by identity (-1 if absent)."""
    return next((i for i, b in enumerate(boxes) if b is box), -1)


def _eval(t: _Traced, *args: Any) -> list:
    return jax.core.eval_jaxpr(t.jaxpr.jaxpr, t.jaxpr.consts, *args)


def _as_tensor(like: Sequence[Any], value: Any) -> Any:
    """An array merged from state leaves, in their form: a Tensor unless all were raw arrays
    (a number variable when all were Python numbers)."""
    if all(isinstance(x, jax.Array | np.ndarray | np.generic) for x in like):
        return value
    return _number_var(Tensor._from(value), _number_kind(like))


def _number_kind(values: Sequence[Any]) -> type | None:
    """The Python type a variable joined from Python numbers keeps in MindSpore's graph (its
    output is that number): bool if all are bools, float if any is a float, else int; None
    if any is not a Python number."""
    kinds = []
    for v in values:
        if not _is_number(v):
            n = getattr(v, "_ds_number", None) if isinstance(v, Tensor) else None
            if n is None:
                return None
            kinds.append(n)
        else:
            kinds.append(type(v))
    if not kinds:
        return None
    if all(k is bool for k in kinds):
        return bool
    return float if any(k is float for k in kinds) else int


def _number_var(t: Tensor, kind: type | None) -> Tensor:
    """``t`` marked as standing for a Python number of ``kind`` (floats once its dtype is a
    float one): a compiled function returning it returns that number, as MindSpore's does."""
    if kind is not None:
        floating = jnp.issubdtype(jnp.result_type(t._data), jnp.floating)
        t._ds_number = float if floating and kind is not bool else kind
    return t


def _zeros_leaf(x: Any) -> Any:
    if _is_array(x):
        r = _raw(x)
        zeros = jnp.zeros(np.shape(r), jnp.result_type(r))
        return Tensor._from(zeros) if isinstance(x, Tensor) else zeros
    return x


class MaybeNone:
    """A value that is None on some paths of a Tensor condition and not on the others (a
    variable assigned None on one path, a function that returns None or ends without a return
    on one path): the value (zeros where it is None) and, known when the program runs, whether
    it is there. The compiled call gives the value or None (``resolve``) and ``is_`` tests it,
    as MindSpore does."""

    __slots__ = ("present", "value")

    def __init__(self, present: Any, value: Any) -> None:
        self.present, self.value = present, value

    def _fail(self, *_: Any, **__: Any) -> Any:
        raise TypeError(
            "A value is None on one path of an 'if' on a Tensor condition and not None on the "
            "other (a variable assigned None, or a function that returns None or ends without "
            "a return), so whether it is None is known only when the program runs; a compiled "
            "call gives it back (the value or None) and 'x is None' tests it, but other code "
            "inside the program cannot use it: give it a value on every path"
        )

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return self._fail()

    __call__ = __add__ = __radd__ = __mul__ = __rmul__ = __sub__ = __rsub__ = _fail
    __bool__ = __iter__ = __getitem__ = __len__ = __neg__ = __truediv__ = _fail


jax.tree_util.register_pytree_node(
    MaybeNone, lambda m: ((m.present, m.value), None), lambda _, c: MaybeNone(*c)
)


def not_returned() -> Undefined:
    """The return value before a ``return`` sets it: unlike a returned None, one path of a
    Tensor condition leaving it unset joins the other's value (zeros stand in for it, never
    read, since the return flag says the path did not return)."""
    return Undefined(RET_VALUE)


def _fill_return(name: str, vt: Any, vf: Any) -> tuple[tuple[Any, list], tuple[Any, list]] | None:
    """The return value set on one path only, as two values of one structure (zeros on the
    other path), each with, per leaf, the index of the path's own leaf (None for a constant)."""
    if name != RET_VALUE or isinstance(vt, Undefined) == isinstance(vf, Undefined):
        return None
    value = vf if isinstance(vt, Undefined) else vt
    zeros = jax.tree_util.tree_map(_zeros_leaf, value, is_leaf=_is_leafy)
    own = (value, list(range(len(_flatten(value)[0]))))
    filled = (zeros, [None] * len(_flatten(zeros)[0]))
    return (filled, own) if isinstance(vt, Undefined) else (own, filled)


def returned(flag: Any, value: Any) -> Any:
    """What a function that may end without a return gives back: ``value`` when it returned
    (``flag``), None when it fell through; a ``MaybeNone`` when ``flag`` is known only when the
    program runs (the return was in a branch of a Tensor condition)."""
    if is_traced(flag):
        flag = jnp.reshape(_raw(flag), ()).astype(bool)
        if isinstance(value, MaybeNone):
            return MaybeNone(flag & jnp.asarray(value.present), value.value)
        return MaybeNone(flag, value)
    return value if flag and not isinstance(value, Undefined) else None


def resolve(tree: Any) -> Any:
    """A compiled call's output with each ``MaybeNone`` replaced by its value or None (dicts
    keep their key order)."""
    if isinstance(tree, MaybeNone):
        return resolve(tree.value) if bool(np.asarray(tree.present)) else None
    if type(tree) is dict:
        return {k: resolve(v) for k, v in tree.items()}
    if type(tree) in (list, tuple):
        return type(tree)(resolve(v) for v in tree)
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):  # a namedtuple
        return type(tree)(*(resolve(v) for v in tree))
    return tree


def _none_join(vt: Any, vf: Any) -> tuple[tuple[Any, list], tuple[Any, list]] | None:
    """The values two paths of a Tensor condition leave in one variable when one is None (or a
    ``MaybeNone``) and the other a value, as two ``MaybeNone`` of one structure, each with, per
    leaf, the index of the path's own leaf it comes from (None for a constant): the program
    carries whether the value is there, and the compiled call gives the value or None, as
    MindSpore 2.10 does. None when the values need no such join."""
    if any(isinstance(v, Undefined) for v in (vt, vf)) or (vt is None and vf is None):
        return None
    if not any(v is None or isinstance(v, MaybeNone) for v in (vt, vf)):
        return None
    proto = next(v.value if isinstance(v, MaybeNone) else v for v in (vt, vf) if v is not None)

    def wrap(v: Any) -> tuple[Any, list]:
        if isinstance(v, MaybeNone):
            return v, list(range(len(_flatten(v)[0])))
        if v is None:
            zeros = jax.tree_util.tree_map(_zeros_leaf, proto, is_leaf=_is_leafy)
            m = MaybeNone(np.bool_(False), zeros)
            return m, [None] * len(_flatten(m)[0])
        if _is_number(v):  # a number joined at run time is a Tensor, as in MindSpore
            v = Tensor(v)
        return MaybeNone(np.bool_(True), v), [None, *range(len(_flatten(v)[0]))]

    return wrap(vt), wrap(vf)


def _is_leafy(x: Any) -> bool:
    return isinstance(x, Tensor | Undefined) or x is None


def _structure_error(what: str, name: str, a: Any, b: Any) -> TypeError:
    return TypeError(
        f"{what} leaves the variable '{name}' as {a!r} on one path and {b!r} on the other; a "
        "Tensor condition is known only when the program runs, so a variable it changes must "
        "stay a Tensor (or a tuple/list of Tensors) of one structure on every path"
    )


_SCALAR_DTYPES = {bool: "Bool", int: "Int64", float: "Float32"}


def _abstract(x: Any) -> tuple[str, str | None]:
    """MindSpore's abstract type of a joined value, with its dtype name: a Tensor is an
    ``AbstractTensor``; a Python number (or a number variable of the program) an
    ``AbstractScalar`` of ``Bool``/``Int64``/``Float32``; containers and None by their kind."""
    number = getattr(x, "_ds_number", None) if isinstance(x, Tensor) else None
    if number is not None:
        floating = jnp.issubdtype(jnp.result_type(x._data), jnp.floating)
        return "AbstractScalar", _SCALAR_DTYPES[
            float if floating and number is not bool else number
        ]
    if _is_array(x) or isinstance(x, Parameter):
        return "AbstractTensor", _dtype_name(jnp.result_type(_raw(x)))
    if isinstance(x, bool | int | float):
        return "AbstractScalar", _SCALAR_DTYPES[type(x)]
    if isinstance(x, str):
        return "AbstractScalar", "String"
    for kind, name in (
        (list, "AbstractList"),
        (tuple, "AbstractTuple"),
        (dict, "AbstractDictionary"),
    ):
        if isinstance(x, kind):
            return name, None
    return ("AbstractNone", None) if x is None else (f"Abstract{type(x).__name__}", None)


def _kind(dtype: Any) -> str:
    """'b' (bool), 'i' (signed or unsigned integer), 'f' (floating) or 'c' (complex)."""
    k = np.dtype(dtype).kind
    return "i" if k == "u" else k


def _dtype_name(dtype: Any) -> str:
    return str(mstype.from_np(np.dtype(dtype)))


def _join_error(detail: str) -> TypeError:
    return TypeError(
        "Cannot join the return values of different branches, perhaps you need to make them "
        f"equal.\nType Join Failed: {detail}\nFor more details, please refer to "
        "https://www.mindspore.cn/search?inputValue=Type%20Join%20Failed"
    )


def check_join(a: Any, b: Any) -> None:
    """MindSpore's type join of the values two paths of a Tensor condition leave in one
    variable: the first pair (in program order) of different abstract types, or of scalars or
    Tensors of different dtypes, is its TypeError. Sequences of one kind but different lengths
    and values without a MindSpore type (None, an object) are left to the caller."""
    stack = [(a, b)]
    while stack:
        x, y = (v.value if isinstance(v, MaybeNone) else v for v in stack.pop())
        if x is y or isinstance(x, Undefined) or isinstance(y, Undefined):
            continue
        (kx, dx), (ky, dy) = _abstract(x), _abstract(y)
        if "AbstractNone" in (kx, ky) or not (
            kx.startswith("Abstract") and ky.startswith("Abstract")
        ):
            continue
        if kx != ky:
            raise _join_error(f"Abstract type {kx} cannot join with {ky}.")
        if dx != dy:
            raise _join_error(f"dtype1 = {dx}, dtype2 = {dy}.")
        if isinstance(x, list | tuple) and len(x) == len(y):
            stack.extend(reversed(list(zip(x, y, strict=True))))
        elif isinstance(x, dict) and list(x) == list(y):
            stack.extend(reversed([(x[k], y[k]) for k in x]))


def if_stmt(
    test: Any,
    body: Callable[[], None],
    orelse: Callable[[], None],
    get: Callable[[], tuple],
    set_: Callable[[tuple], None],
    names: tuple,
    outer: tuple = (),
) -> None:
    """``if test: body else: orelse`` over the variables ``names`` (read by ``get``);
    ``outer``: the (name, 'global'/'nonlocal') variables of enclosing scopes the branches
    assign, which a Tensor condition cannot (``_outer_assigned``)."""
    if not is_traced(test):
        if test:
            body()
        else:
            orelse()
        return
    if outer:
        raise _outer_assigned(outer, "a branch of an 'if' on a Tensor condition")
    pred = _pred(test, "'if'")
    start = get()

    def restart(state: tuple = start) -> Callable[[], tuple]:
        def run() -> tuple:
            set_(state)
            return state, ()

        return run

    # 'if y is None' / 'if y is not None' on a MaybeNone: the path where y is there sees its
    # value
    tested = getattr(test, "_ds_none_test", None) if isinstance(test, Tensor) else None
    there = start
    if tested is not None:
        there = tuple(v.value if v is tested[0] else v for v in start)
    when_none = tested is not None and tested[1]
    t = _trace(body, get, set_, restart(there if tested is not None and not when_none else start))
    f = _trace(orelse, get, set_, restart(there if when_none else start))
    set_(start)
    what = "An 'if' on a Tensor condition"
    merged: list[Any] = []  # per variable: (treedef, leaves) with _Slot for cond outputs
    src_t: list[Any] = []  # per cond output: an index into the branch's outputs, or a value
    src_f: list[Any] = []
    forms: list[tuple] = []
    for i, name in enumerate(names):
        (lt, dt), (lf, df) = t.values[i], f.values[i]
        vt = jax.tree_util.tree_unflatten(dt, lt)
        vf = jax.tree_util.tree_unflatten(df, lf)
        check_join(vt, vf)
        joined = _fill_return(name, vt, vf) or _none_join(vt, vf)
        if joined is not None:
            (vt, map_t), (vf, map_f) = joined
            (lt, dt), (lf, df) = _flatten(vt), _flatten(vf)
            if dt != df:
                raise _structure_error(what, name, vt, vf)
        elif isinstance(vt, Undefined) or isinstance(vf, Undefined):
            side = (
                None
                if isinstance(vt, Undefined) == isinstance(vf, Undefined)
                else ("false" if isinstance(vt, Undefined) else "true")
            )
            merged.append((jax.tree_util.tree_structure(0), [Undefined(name, side)]))
            continue
        elif dt != df:
            raise _structure_error(what, name, vt, vf)
        else:
            map_t = map_f = list(range(len(lt)))
        leaves = []
        for j, (a, b) in enumerate(zip(lt, lf, strict=True)):
            # a local holding a Parameter on one path joins as the Parameter's value
            dyn_a, dyn_b = _joins_as_value(a), _joins_as_value(b)
            if (
                a is b
                or (not (dyn_a and dyn_b) and _same(a, b))
                or (_is_number(a) and _is_number(b) and _same(a, b))
            ):
                leaves.append(a)
                continue
            if not (dyn_a and dyn_b):
                raise _structure_error(what, name, a, b)
            ka = None if map_t[j] is None else t.out(i, map_t[j])
            kb = None if map_f[j] is None else f.out(i, map_f[j])
            src_t.append(("o", ka) if ka is not None else ("c", _raw(a)))
            src_f.append(("o", kb) if kb is not None else ("c", _raw(b)))
            forms.append((a, b))
            leaves.append(_SLOT)
        merged.append((dt, leaves))
    boxes = list(dict.fromkeys([*t.boxes, *f.boxes]))
    for b in boxes:
        for tr, src in ((t, src_t), (f, src_f)):
            k = _find(tr.boxes, b)
            src.append(("o", k + len(tr.dyn)) if k >= 0 else ("c", b._value))
    outs = _cond(pred, t, f, src_t, src_f, what) if src_t else []
    it = iter(outs)
    state = []
    k = 0
    for treedef, leaves in merged:
        vals = []
        for x in leaves:
            if x is _SLOT:
                vals.append(_as_tensor(forms[k], next(it)))
                k += 1
            else:
                vals.append(x)
        state.append(jax.tree_util.tree_unflatten(treedef, vals))
    set_(tuple(state))
    for b, v in zip(boxes, it, strict=True):
        b._data = v


_SLOT = object()


def _cond(pred: jax.Array, t: _Traced, f: _Traced, src_t: list, src_f: list, what: str) -> list:
    def branch(tr: _Traced, src: list) -> Callable[[], list]:
        def run() -> list:
            outs = _eval(tr)
            return [outs[v] if k == "o" else jnp.asarray(v) for k, v in src]

        return run

    shapes_t = jax.eval_shape(branch(t, src_t))
    shapes_f = jax.eval_shape(branch(f, src_f))
    dtypes = []
    for a, b in zip(shapes_t, shapes_f, strict=True):
        if a.shape != b.shape:
            raise BranchShapeError(
                f"{what} gives a value the shape {a.shape} on one path and {b.shape} on the "
                "other; one compiled program has one shape per value (MindSpore 2.10 joins them "
                "into a dynamic shape): give both paths the same shape"
            )
        dtypes.append(jnp.result_type(a, b))

    def cast(fn: Callable[[], list]) -> Callable[[], list]:
        return lambda: [lax.convert_element_type(v, d) for v, d in zip(fn(), dtypes, strict=True)]

    return lax.cond(pred, cast(branch(t, src_t)), cast(branch(f, src_f)))


# --- loops -------------------------------------------------------------------------------------


class _Leaf:
    """A loop-carried leaf: an array of fixed shape/dtype (``dyn``) or a constant."""

    __slots__ = ("dyn", "value", "shape", "dtype", "tensor", "number")

    def __init__(
        self,
        dyn: bool,
        value: Any = None,
        shape: Any = None,
        dtype: Any = None,
        tensor: bool = True,
    ) -> None:
        self.dyn, self.value, self.shape, self.dtype, self.tensor = dyn, value, shape, dtype, tensor
        self.number = _number_kind([value])  # a Python number made a variable of the loop


def _leaf_of(x: Any) -> _Leaf:
    # a Python number stays a constant until a body pass changes it
    if _is_array(x):
        r = _raw(x)
        return _Leaf(True, x, np.shape(r), jnp.result_type(r), not isinstance(x, jax.Array))
    return _Leaf(False, x)


class _Carry:
    """The layout of a loop's state: per variable a tree of ``_Leaf`` (or Undefined), plus the
    Parameters the body writes. Arrays in, state out, and back."""

    def __init__(self, start: tuple, names: tuple) -> None:
        self.names = names
        self.vars: list[tuple[Any, list[_Leaf]]] = []
        for v in start:
            leaves, treedef = _flatten(v)
            self.vars.append((treedef, [_leaf_of(x) for x in leaves]))
        self.boxes: list = []

    def init(self) -> list:
        out = []
        for _, leaves in self.vars:
            for lf in leaves:
                if lf.dyn:
                    v = lf.value
                    r = jnp.zeros(lf.shape, lf.dtype) if v is None else jnp.asarray(_raw(v))
                    out.append(lax.convert_element_type(r, lf.dtype))
        out += [
            lax.convert_element_type(_raw(b._value), self.box_dtypes[i])
            for i, b in enumerate(self.boxes)
        ]
        return out

    def state(self, arrays: Sequence[Any]) -> tuple[tuple, list]:
        it = iter(arrays)
        state = []
        for treedef, leaves in self.vars:
            vals = []
            for lf in leaves:
                if lf.dyn:
                    a = next(it)
                    vals.append(_number_var(Tensor._from(a), lf.number) if lf.tensor else a)
                else:
                    vals.append(lf.value)
            state.append(jax.tree_util.tree_unflatten(treedef, vals))
        return tuple(state), list(zip(self.boxes, it))

    def pack(self, values: list, boxes: dict) -> list:
        out = []
        for (_, leaves), (vl, _) in zip(self.vars, values, strict=True):
            for lf, x in zip(leaves, vl, strict=True):
                if lf.dyn:
                    out.append(lax.convert_element_type(jnp.asarray(_raw(x)), lf.dtype))
        out += [
            lax.convert_element_type(_raw(boxes[id(b)]), self.box_dtypes[i])
            for i, b in enumerate(self.boxes)
        ]
        return out

    box_dtypes: list = []

    def refine(self, t: _Traced, outs: Sequence[Any], what: str) -> bool:
        """Widen the layout to what one traced body pass gives; True if it changed."""
        changed = False
        for i, name in enumerate(self.names):
            treedef, leaves = self.vars[i]
            after, after_def = t.values[i]
            before = jax.tree_util.tree_unflatten(treedef, [x.value for x in leaves])
            after_value = jax.tree_util.tree_unflatten(after_def, after)
            # a variable a body pass first assigns (or, from None, may assign: a MaybeNone)
            fresh = (len(leaves) == 1 and not leaves[0].dyn) and (
                isinstance(before, Undefined)
                or (before is None and (name == RET_VALUE or isinstance(after_value, MaybeNone)))
            )
            if fresh and isinstance(jax.tree_util.tree_unflatten(after_def, after), Undefined):
                continue
            if after_def != treedef or fresh:
                if fresh:
                    new = []
                    for j, x in enumerate(after):
                        k = t.out(i, j)
                        if k is None:
                            new.append(_Leaf(False, x))
                        else:
                            a = outs[k]
                            new.append(
                                _Leaf(True, None, a.shape, a.dtype, not isinstance(x, jax.Array))
                            )
                            new[-1].number = _number_kind([x])
                    self.vars[i] = (after_def, new)
                    changed = True
                    continue
                if isinstance(jax.tree_util.tree_unflatten(after_def, after), Undefined):
                    continue
                raise _structure_error(
                    what, name, before, jax.tree_util.tree_unflatten(after_def, after)
                )
            for j, (lf, x) in enumerate(zip(leaves, after, strict=True)):
                k = t.out(i, j)
                if not lf.dyn:
                    if _same(lf.value, x) or (lf.value is x):
                        continue
                    if (_is_number(lf.value) or isinstance(lf.value, Parameter)) and k is not None:
                        # a number, or a local holding a Parameter, that the body rebinds to a
                        # Tensor: the loop carries its value (MindSpore loads the Parameter)
                        r = jnp.asarray(_raw(lf.value))
                        leaves[j] = _Leaf(
                            True, lf.value, r.shape, jnp.result_type(r, outs[k].dtype)
                        )
                        changed = True
                        continue
                    raise _structure_error(what, name, lf.value, x)
                if k is None:
                    raise _structure_error(what, name, lf.value, x)
                a = outs[k]
                if a.shape != lf.shape:
                    raise RuntimeError(
                        f"{what} changes the shape of '{name}' from {lf.shape} to {a.shape}; "
                        "MindSpore's graph mode needs a loop variable to keep its shape"
                    )
                dt = jnp.result_type(lf.dtype, a.dtype)
                if (
                    dt != lf.dtype
                    and lf.tensor
                    and lf.number is None
                    and _kind(dt) != _kind(lf.dtype)
                ):
                    # MindSpore joins a loop's Tensor variable with what the body leaves in it
                    # and refuses another dtype. Only another kind is refused here: deepsink's
                    # number variables (a Python number a loop carries) are Tensors that widen
                    # an int32 Tensor to int64 where MindSpore's scalars keep int32
                    raise _join_error(
                        f"dtype1 = {_dtype_name(a.dtype)}, dtype2 = {_dtype_name(lf.dtype)}."
                    )
                if dt != lf.dtype:
                    lf.dtype = dt
                    changed = True
        for b in t.boxes:
            if all(b is not c for c in self.boxes):
                self.boxes.append(b)
                self.box_dtypes = [*self.box_dtypes, jnp.result_type(_raw(b._value))]
                changed = True
        return changed


def _run_loop(
    get: Callable[[], tuple],
    set_: Callable[[tuple], None],
    names: tuple,
    step: Callable[[Any], None],
    what: str,
    cond: Callable[[], Any] | None = None,
    n: Any = None,
) -> None:
    """Run ``step(i)`` as a JAX loop over the state: ``lax.while_loop`` while ``cond()`` holds,
    or ``lax.fori_loop`` for ``n`` steps (a Python int ``n``: reverse-differentiable)."""
    carry = _Carry(get(), names)
    carry.box_dtypes = []
    index = jax.ShapeDtypeStruct((), jnp.int32)
    for _ in range(8):
        init = carry.init()

        def start(i: Any, *arrays: Any) -> tuple:
            state, boxes = carry.state(arrays)
            set_(state)
            return state, boxes

        t = _trace(
            lambda i, *_: step(i),
            get,
            set_,
            start,
            [index, *[jax.ShapeDtypeStruct(a.shape, a.dtype) for a in init]],
        )
        outs = t.jaxpr.out_avals
        if not carry.refine(t, outs, what):
            break
    else:
        raise TypeError(f"{what}: the loop variables' types do not settle; give them fixed types")
    init = carry.init()

    def body(i: Any, arrays: list) -> list:
        state, boxes = carry.state(arrays)
        saved = [(b, b._value) for b, _ in boxes]
        _local.branches = getattr(_local, "branches", 0) + 1
        try:
            with functional._journaled(functional._Journal()):
                set_(state)
                for b, v in boxes:
                    b._value = v
                step(i)
                values = [_flatten(v) for v in get()]
                written = {id(b): b._value for b in carry.boxes}
        finally:
            _local.branches -= 1
            for b, v in saved:
                b._value = v
        return carry.pack(values, written)

    if cond is None:
        final = lax.fori_loop(0, n, body, init)
    else:

        def test(c: tuple) -> jax.Array:
            state, boxes = carry.state(c[1])
            saved = [(b, b._value) for b, _ in boxes]
            with functional._journaled(functional._Journal()):
                set_(state)
                for b, v in boxes:
                    b._value = v
                r = cond()
            for b, v in saved:
                b._value = v
            return _pred(r, what) if is_traced(r) else jnp.asarray(bool(r))

        final = lax.while_loop(test, lambda c: (c[0] + 1, body(c[0], c[1])), (jnp.int32(0), init))[
            1
        ]
    state, boxes = carry.state(final)
    set_(state)
    for b, v in boxes:
        b._data = v


def while_stmt(
    cond: Callable[[], Any],
    body: Callable[[], None],
    get: Callable[[], tuple],
    set_: Callable[[tuple], None],
    names: tuple,
    outer: tuple = (),
) -> None:
    """``while cond(): body()``: a Python loop while the test is known, ``lax.while_loop`` from
    the first test that is a traced Tensor."""
    while True:
        test = cond()
        if is_traced(test):
            break
        if not test:
            return
        body()
    if outer:
        raise _outer_assigned(outer, "the body of a 'while' on a Tensor condition")
    _note_runtime_loop("while", sys._getframe(1))
    _run_loop(get, set_, names, lambda i: body(), "A 'while' on a Tensor condition", cond=cond)


# --- loops whose trip count is known only at run time ------------------------------------------
# XLA reverses only a loop of a length known when compiling. The compiled loops of a length known
# only at run time (a 'while' on a Tensor, a 'for' over range(Tensor)) are noted with their
# source line, so that a gradient through one names it (``runtime_loops_since``).

_runtime_loops: list[tuple[int, str, str, int]] = []
_loop_seq = itertools.count()


def _note_runtime_loop(kind: str, frame: Any) -> None:
    _runtime_loops.append((next(_loop_seq), kind, frame.f_code.co_filename, frame.f_lineno))
    del _runtime_loops[:-64]


def runtime_loops_mark() -> int:
    """A mark for ``runtime_loops_since``: the loops compiled after it."""
    return _runtime_loops[-1][0] + 1 if _runtime_loops else 0


def runtime_loops_since(mark: int) -> list[tuple[str, str, int]]:
    """The run-time-length loops compiled since ``mark``: (kind, file, line), each once."""
    seen = dict.fromkeys((k, f, ln) for n, k, f, ln in _runtime_loops if n >= mark)
    return list(seen)


class TensorRange:
    """``range(...)`` with a Tensor bound: iterated by a compiled loop."""

    def __init__(self, *args: Any) -> None:
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        self.start, self.stop, self.step = (jnp.asarray(_raw(a)) for a in (start, stop, step))

    def count(self) -> jax.Array:
        return jnp.maximum(0, -((self.start - self.stop) // self.step)).astype(jnp.int32)

    def item(self, i: Any) -> Tensor:
        return Tensor._from(self.start + i * self.step)


def range_(*args: Any) -> Any:
    """``range`` in converted code: Python's, or a TensorRange when a bound is traced."""
    if any(is_traced(a) for a in args):
        return TensorRange(*args)
    # MindSpore's graph mode makes range(...) a tuple (what a compiled function returns)
    return tuple(range(*(int(_raw(a)) if isinstance(a, Tensor) else a for a in args)))


_PRINTER: list[Callable[..., None]] = []


def set_printer(printer: Callable[..., None]) -> None:
    """Install MindSpore's Print operator (``ops.print_``, an upper layer) as what ``print`` of a
    traced Tensor in converted code calls."""
    _PRINTER[:] = [printer]


def _print_item(a: Any) -> Any:
    """An argument of ``print`` as graph mode prints it: Tensors and numbers as they are, a
    sequence holding no Tensor as its tuple text (``(1, 2)``), anything else as its text."""
    if isinstance(a, Tensor | str | int | float | np.generic | jax.Array):
        return a
    if isinstance(a, list | tuple):
        leaves = jax.tree_util.tree_leaves(a, is_leaf=lambda x: isinstance(x, Tensor))
        if any(isinstance(x, Tensor | jax.Array) for x in leaves):
            return tuple(_print_item(v) for v in a)
        return str(tuple(a))
    return str(a)


def print_(*args: Any, **kwargs: Any) -> None:
    """``print`` in converted code: while compiling it is MindSpore's graph-mode print (the
    Print operator: each item on its own line, values printed when the program runs, once per
    run); run op by op it is Python's print."""
    if _PRINTER and not kwargs and functional.compiling() and not functional.capturing():
        _PRINTER[0](*[_print_item(a) for a in args])  # the Print operator, at run time
    else:
        print(*args, **kwargs)


def for_stmt(
    iterable: Any,
    extra_test: Callable[[], Any] | None,
    body: Callable[[Any], None],
    get: Callable[[], tuple],
    set_: Callable[[tuple], None],
    names: tuple,
    outer: tuple = (),
) -> None:
    """``for x in iterable: body(x)`` (``extra_test``: the break/return flags, checked before
    each step). A Python iterable unrolls, as in MindSpore; a traced Tensor (its first axis)
    or a range with a traced bound becomes a compiled loop."""
    if isinstance(iterable, TensorRange) or (isinstance(iterable, Tensor) and is_traced(iterable)):
        if isinstance(iterable, TensorRange):
            n, item = iterable.count(), iterable.item
        else:
            data = iterable._data
            if data.ndim == 0:
                raise TypeError("For 'for', iterating over a 0-d Tensor is not supported")
            n = int(data.shape[0])
            item = lambda i: Tensor._from(data[i])  # noqa: E731

        def step(i: Any) -> None:
            guarded_step(item(i))

        def guarded_step(x: Any) -> None:
            ok = extra_test() if extra_test is not None else True
            if is_traced(ok):
                if_stmt(ok, lambda: body(x), lambda: None, get, set_, names, outer)
            elif ok:
                body(x)

        if outer:
            raise _outer_assigned(outer, "the body of a 'for' over a Tensor")
        if isinstance(iterable, TensorRange):
            _note_runtime_loop("for", sys._getframe(1))
        _run_loop(get, set_, names, step, "A 'for' over a Tensor", n=n)
        return
    if isinstance(iterable, Tensor):
        iterable = [Tensor._from(r) for r in iterable._data]  # a concrete Tensor: its rows
    for x in iterable:
        ok = extra_test() if extra_test is not None else True
        if is_traced(ok):
            if_stmt(ok, lambda x=x: body(x), lambda: None, get, set_, names, outer)
        elif not ok:
            break
        else:
            body(x)
